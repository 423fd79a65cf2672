"""The OpenSpiel anchor (pips_tools.anchor): the Pips hand that mirrors
OpenSpiel's Block follows it move for move, passes where OpenSpiel skips a
seat, and the resampler deals only hands the seat could hold. Skipped without
make bench's engines."""

import pytest

pytest.importorskip("pyspiel")

import numpy as np  # noqa: E402
import pyspiel  # noqa: E402

from pips.bots import make  # noqa: E402
from pips.games.block.game import Block  # noqa: E402
from pips.rng import Rng  # noqa: E402
from pips_tools import anchor  # noqa: E402


def _hands(seeds):
    """OpenSpiel Block hands played by Pips' greedy bot through the mirror,
    yielding (state, mirror) before every move."""
    bd, code = anchor._tables()
    game = pyspiel.load_game("python_block_dominoes")
    for seed in seeds:
        order = list(range(28))
        Rng(seed).shuffle(order)
        state = game.new_initial_state()
        for t in order[:14]:
            state.apply_action(bd._DECK.index(anchor._tile(t)))
        mirror = anchor.Mirror(state, code)
        bot = make("greedy", Rng(seed), Block)
        while not state.is_terminal():
            player = state.current_player()
            mirror.follow(state)
            yield game, state, mirror
            move = bot.choose(mirror.game.view(player))
            state.apply_action(mirror.action(state, move))


def test_the_mirror_holds_the_same_hands_and_ends_and_knows_what_was_passed_on():
    skipped = 0
    for game, state, mirror in _hands(range(40)):
        player = state.current_player()
        pips = mirror.game
        assert pips.turn == player
        assert sorted(anchor._tile(t) for t in range(28) if pips.hands[player] >> t & 1) == \
            sorted(state.hands[player])
        if state.open_edges:
            assert sorted((pips.left, pips.right)) == [int(e) for e in state.open_edges]
        other = 1 - player
        seen = set(v for v in range(7) if pips.lacks[other] >> v & 1)
        assert anchor.lacks(state, other) == seen
        skipped += bool(seen)
    assert skipped > 10


def test_the_resampler_keeps_what_the_seat_saw_and_deals_no_tile_it_was_seen_to_lack():
    rng = np.random.RandomState(3)
    dealt = set()
    for game, state, mirror in _hands(range(15)):
        player = state.current_player()
        other = 1 - player
        lacked = anchor.lacks(state, other)
        resample = anchor.resampler(game, rng)
        for _ in range(5):
            new = resample(state, player)
            assert new.information_state_string(player) == state.information_state_string(player)
            assert len(new.hands[other]) == len(state.hands[other])
            assert not any(t[0] in lacked or t[1] in lacked for t in new.hands[other])
            assert sorted(new.hands[other] + new.deck) == sorted(state.hands[other] + state.deck)
            dealt.add(tuple(new.hands[other]))
    assert len(dealt) > 50  # not the true hand each time
