"""The reference bots of the strength table (pips_tools.reference): the exact
searches agree with a plain search over the game's own moves, a copy of a hand
is a hand of its own, and the reference and the seeing bot play whole matches
of every game with legal moves only."""

import pytest

from pips import games, tiles
from pips.bots import make
from pips.match import Match, Turns
from pips.rng import Rng
from pips_tools import reference


def _fields(game):
    return {k: (list(v) if isinstance(v, (list, bytearray)) else v)
            for k, v in game.__dict__.items() if k != "rng"}


@pytest.mark.parametrize("name", games.names())
def test_a_copy_is_equal_and_playing_it_out_leaves_the_hand_alone(name):
    game_class = games.get(name)
    players = 1 if game_class.max_players == 1 else 2
    for seed in range(6):
        game = Match(game_class, players, game_class.table(None), seed).new_hand()
        bot = make("random", Rng(seed), game_class)
        while game.turn >= 0:
            before = _fields(game)
            copy = reference.clone(game)
            assert _fields(copy) == before
            copy.playout(Rng(seed), bytearray(game_class.max_moves))
            assert _fields(game) == before
            seat = Turns(game).next()
            move = bot.choose(game.view(seat))
            if move >= 0:
                game.play(seat, move)


def _positions(name, seeds, small):
    """Two-seat positions of random hands, the rest of the hand small."""
    game_class = games.get(name)
    for seed in seeds:
        game = Match(game_class, 2, game_class.table(None), seed).new_hand()
        bot = make("random", Rng(seed), game_class)
        while game.turn >= 0:
            if small(game):
                yield game
            game.play(game.turn, bot.choose(game.view(game.turn)))


def test_block_negamax_is_the_plain_minimax_over_the_game_s_moves():
    checked = 0
    buf = bytearray(games.get("block").max_moves)
    for game in _positions("block", range(60),
                           lambda g: g.left >= 0 and tiles.count(g.hands[0] | g.hands[1]) <= 8):
        for me in (0, 1):
            exact = reference._block_exact(game, me, {})
            plain = reference._alphabeta(reference.clone(game), me, -10000, 10000, [10 ** 9], buf)
            assert exact == plain
            checked += 1
    assert checked > 100


def test_bergen_exact_search_is_the_plain_minimax_of_the_hand_won_or_lost():
    bergen = games.get("bergen")
    buf = bytearray(bergen.max_moves)

    def plain(game, me):
        if game.turn < 0:
            u = game.utility(me)
            return (u > 0) - (u < 0)
        n = game.legal(game.turn, buf)
        values = []
        for move in bytes(buf[:n]):
            child = reference.clone(game)
            child.play(game.turn, move)
            values.append(plain(child, me))
        return max(values) if game.turn == me else min(values)

    checked = 0
    for game in _positions("bergen", range(30),
                           lambda g: tiles.count(g.hands[0] | g.hands[1]) <= 7):
        for me in (0, 1):
            assert reference._bergen_exact(game, me, {}) == plain(game, me)
            checked += 1
    assert checked > 50


@pytest.mark.parametrize("name", games.names())
def test_the_reference_and_the_seeing_bot_play_legal_moves_to_the_end(name, monkeypatch):
    monkeypatch.setitem(reference.SETTINGS, "worlds", 2)
    monkeypatch.setitem(reference.SETTINGS, "playouts", 1)
    monkeypatch.setattr(reference, "REF_SOLO_ORDERS", 2)
    monkeypatch.setattr(reference, "SMART_TIMES", {"draw": 2})
    game_class = games.get(name)
    players = 1 if game_class.max_players == 1 else 2
    levels = ["reference"] if players == 1 else ["reference", "seeing"]
    ranks = reference.play_match(game_class, players, 5, levels)  # play() refuses an illegal move
    assert sorted(ranks)[0] == 1
    if players == 1:
        assert reference.play_match(game_class, 1, 5, ["seeing"])[0] == 1


def test_the_seeing_bot_leaves_the_hand_s_own_generator_alone():
    """UNO draws from its hand's generator after a reshuffle: the seeing bot's
    playouts on a copy must not move it, or the bot would change the deal."""
    uno = games.get("uno")
    game = Match(uno, 2, uno.table(None), 3).new_hand()
    bot = reference.SeeingBot(Rng(1), uno, 1, 2)
    bot.game = game
    before = (game.rng.at, list(game.rng.words))
    bot.choose(game.view(game.turn))
    assert (game.rng.at, list(game.rng.words)) == before


def test_hand_by_hand_plays_each_deal_at_both_seats(monkeypatch):
    """`--hands`: deal i twice, the bot in seat 0 and then in seat 1 on the
    same tiles, every hand counted once; the seeing bot sees its own hand."""
    from pips import selfplay
    from pips_tools import reference as ref

    played = []
    real = selfplay.play_hand

    def spy(game, bots):
        played.append((list(game.hands), [b.level for b in bots],
                       [getattr(b, "game", None) is game for b in bots]))
        return real(game, bots)

    monkeypatch.setattr(selfplay, "play_hand", spy)
    block = games.get("block")
    won, lost, tied = ref.head_to_head_hands(block, "seeing", "random", 6, 40)
    assert won + lost + tied == 12 and won > lost
    for i in range(0, 12, 2):
        (hands0, levels0, sees0), (hands1, levels1, sees1) = played[i], played[i + 1]
        assert hands0 == hands1
        assert levels0 == ["seeing", "random"] and levels1 == ["random", "seeing"]
        assert sees0 == [True, False] and sees1 == [False, True]
    assert played[0][0] != played[2][0]  # a new deal each time


def test_draw_s_reference_is_its_smart_decision_at_a_hundred_times_the_rollouts():
    """Draw's reference decides as the smart bot does with SMART_TIMES times
    the device's rollouts: the same move and the same draws from its
    generator as a smart bot given that budget, other draws than the device
    bot's own."""
    from pips.bots import SmartBot, policy

    draw = games.get("draw")
    budget = policy(draw).budget(2)
    assert reference.SMART_TIMES["draw"] == 100
    checked = 0
    for seed in range(6):
        game = Match(draw, 2, draw.table(None), seed).new_hand()
        view = game.view(game.turn)
        if view.legal(bytearray(draw.max_moves)) < 2:
            continue
        ref = reference.ReferenceBot(Rng(seed + 50), draw)
        big = SmartBot(Rng(seed + 50), draw, 100 * budget)
        small = SmartBot(Rng(seed + 50), draw)
        move = ref.choose(view)
        assert move == big.choose(view)
        small.choose(view)
        assert (ref.rng.at, list(ref.rng.words)) == (big.rng.at, list(big.rng.words))
        assert (ref.rng.at, list(ref.rng.words)) != (small.rng.at, list(small.rng.words))
        checked += 1
    assert checked >= 3


def test_domino_uno_s_reference_plays_its_playouts_forty_moves_long(monkeypatch):
    """The device's rollouts stop after 4 moves (DominoUno.playout_moves);
    the reference and the seeing bot search with 40 as they were measured:
    the same decisions and draws as with the game's own playouts set to 40,
    other draws than with 4."""
    du = games.get("domino-uno")
    assert reference.REF_PLAYOUT_MOVES["domino-uno"] == 40 != du.playout_moves

    def decide(seed, kind):
        game = Match(du, 2, du.table(None), seed).new_hand()
        bot = kind(Rng(seed + 9), du, 3, 2)
        bot.game = game
        move = bot.choose(game.view(game.turn))
        return move, bot.rng.at, list(bot.rng.words)

    for kind in (reference.ReferenceBot, reference.SeeingBot):
        kept = [decide(seed, kind) for seed in range(3)]
        monkeypatch.setattr(reference, "REF_PLAYOUT_MOVES", {})
        short = [decide(seed, kind) for seed in range(3)]
        monkeypatch.setattr(du, "playout_moves", 40)
        long = [decide(seed, kind) for seed in range(3)]
        monkeypatch.undo()
        assert kept == long
        assert kept != short
