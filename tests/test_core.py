"""The shared core: the generator, tiles, cards, match ranks, targets and starters."""

import pytest

from pips import cards, games, tiles
from pips.games.block.game import Block
from pips.game import Game
from pips.game import ranks
from pips.match import Match, Turns, may_act_out_of_turn
from pips.rng import Rng
from pips.cards import parse as parse_card, parse_list as parse_cards
from pips.games.domino import deal_mask
from pips.tiles import parse as parse_tile, parse_list as parse_tiles


# -- pips.rng ------------------------------------------------------------------
def test_same_seed_same_numbers_and_different_seeds_differ():
    a, b = Rng(12345), Rng(12345)
    seq = [a.next() for _ in range(300)]
    assert seq == [b.next() for _ in range(300)]
    assert all(0 <= v < 1 << 28 for v in seq)
    assert seq != [Rng(12346).next() for _ in range(300)]
    assert [Rng(-7).next() for _ in range(5)] == [Rng(7).next() for _ in range(5)]
    r = Rng(1)
    r.next()
    r.seed(12345)
    assert [r.next() for _ in range(300)] == seq


def test_below_stays_in_range_and_is_roughly_uniform():
    r = Rng(3)
    for n in (1, 2, 3, 7, 28, 108, 1000):
        counts = [0] * n
        draws = 400 * n if n < 200 else 20000
        for _ in range(draws):
            v = r.below(n)
            assert 0 <= v < n
            counts[v] += 1
        expected = draws / n
        # a loose chi-square bound: far above what a fair die gives
        chi2 = sum((c - expected) ** 2 / expected for c in counts)
        assert chi2 < 2 * n + 60, (n, chi2)


@pytest.mark.parametrize("n", [2, 3, 4, 8])
def test_the_first_draw_depends_on_the_seed(n):
    """The lot for the first starter is `below(players)` right after seeding: over
    nearby seeds every outcome must come up about equally (the low bits of the
    seeded words once ignored the seed)."""
    counts = [0] * n
    seeds = 2000
    for seed in range(seeds):
        counts[Rng(seed).below(n)] += 1
    for c in counts:
        assert abs(c - seeds / n) < 5 * (seeds / n) ** 0.5, counts


def test_low_bits_of_nearby_seeds_are_not_the_same_stream():
    streams = set()
    for seed in range(50):
        r = Rng(seed)
        streams.add(tuple(r.next() & 0xFF for _ in range(8)))
    assert len(streams) == 50


def test_shuffle_permutes_and_partial_shuffle_deals_uniformly():
    r = Rng(9)
    items = bytearray(range(28))
    r.shuffle(items)
    assert sorted(items) == list(range(28)) and items != bytearray(range(28))
    lst = list(range(10))
    r.shuffle(lst, 6)  # only the first six move
    assert sorted(lst[:6]) == list(range(6)) and lst[6:] == [6, 7, 8, 9]
    # picks: the first k places are a uniform draw of the count
    firsts = [0] * 28
    for _ in range(5600):
        order = bytearray(range(28))
        r.shuffle(order, 28, 7)
        assert sorted(order) == list(range(28))
        for t in order[:7]:
            firsts[t] += 1
    for c in firsts:
        assert 1200 < c < 1600  # 1400 expected for every tile


def test_deal_mask_deals_what_the_partial_shuffle_deals():
    """pips.games.domino.deal_mask is the partial shuffle and a mask of what it dealt, in one
    pass: the same places, the same generator state after, at every position
    of the generator's batch of words (its refill included)."""
    for start_at in range(60):
        a = Rng(start_at)
        b = Rng(start_at)
        for _ in range(start_at):
            a.next()
            b.next()
        shuffled = list(range(28))
        a.shuffle(shuffled, 28, 21)
        dealt = list(range(28))
        masks = [deal_mask(b, dealt, 28, 7 * k, 7) for k in range(3)]
        assert dealt == shuffled
        for k in range(3):
            assert masks[k] == sum(1 << t for t in shuffled[7 * k : 7 * k + 7])
        assert a.next() == b.next()


# -- pips.tiles -------------------------------------------------------------------
def test_tile_codes_cover_the_double_six_set_once():
    pairs = {(tiles.HI[t], tiles.LO[t]) for t in range(tiles.COUNT)}
    assert pairs == {(a, b) for a in range(7) for b in range(a + 1)}
    for t in range(tiles.COUNT):
        a, b = tiles.HI[t], tiles.LO[t]
        assert tiles.code(a, b) == tiles.code(b, a) == t
        assert tiles.PIPS[t] == a + b
        assert tiles.BIT_CODE[(1 << t) % 37] == t
    assert sum(tiles.PIPS) == 168  # a double-six set: 8 of each value 0..6
    assert tiles.ALL == (1 << 28) - 1
    assert tiles.count(tiles.DOUBLES) == 7
    for v in range(7):
        assert tiles.count(tiles.WITH[v]) == 7
        assert all(v in (tiles.HI[t], tiles.LO[t]) for t in tiles.codes(tiles.WITH[v]))


def test_tile_notation():
    assert tiles.text(tiles.code(3, 6)) == "6-3"
    assert parse_tile("6-3") == (tiles.code(6, 3), 6)
    assert parse_tile(" 3-6 ") == (tiles.code(6, 3), 3)
    for bad in ("7-3", "6-", "63", "6_3", "a-b", "6-3-1", ""):
        with pytest.raises(ValueError, match="not a tile"):
            parse_tile(bad)
    assert parse_tiles("6-3, 5-5 0-0") == [tiles.code(6, 3), tiles.code(5, 5), 0]
    assert parse_tiles("") == []


def test_masks_count_pips_and_print_heaviest_first():
    mask = 0
    for t in parse_tiles("1-0 6-6 5-4 6-3 2-2"):
        mask |= 1 << t
    assert tiles.count(mask) == 5
    assert tiles.pips(mask) == 1 + 12 + 9 + 9 + 4
    assert tiles.codes(mask) == sorted(tiles.codes(mask))
    # equal pips: the larger half first
    assert tiles.mask_text(mask) == ["6-6", "6-3", "5-4", "2-2", "1-0"]
    assert tiles.pips(tiles.ALL) == 168 and tiles.pips(0) == 0


# -- pips.cards -------------------------------------------------------------------
def test_the_deck_holds_108_cards_as_the_rules_list():
    deck = cards.deck()
    assert len(deck) == cards.DECK_SIZE == 108
    for k in range(cards.KINDS):
        copies = deck.count(k)
        assert copies == cards.COPIES[k]
        if k >= cards.WILD:
            assert copies == 4
        elif cards.RANK[k] == 0:
            assert copies == 1
        else:
            assert copies == 2
    assert sum(1 for k in deck if cards.COLOR[k] == cards.NO_COLOR) == 8


def test_card_notation_round_trips():
    texts = set()
    for k in range(cards.KINDS):
        t = cards.text(k)
        texts.add(t)
        assert parse_card(t) == (k, cards.NO_COLOR)
        assert parse_card(t.lower()) == (k, cards.NO_COLOR)
    assert len(texts) == cards.KINDS
    assert {"R7", "GS", "BV", "Y+2", "W", "W+4", "R0"} <= texts
    for wild in (cards.WILD, cards.WILD4):
        for c in range(4):
            t = cards.text(wild, c)
            assert t.endswith(":" + cards.COLORS[c])
            assert parse_card(t) == (wild, c)
    assert cards.text(cards.WILD, 2) == "W:G" and cards.text(cards.WILD4, 0) == "W+4:R"
    assert parse_cards("R7 gs, W+4") == [7, 2 * 13 + 10, cards.WILD4]


@pytest.mark.parametrize("bad", ["R", "X7", "R10", "W:X", "R7:G", "W+2", "", "+2"])
def test_malformed_cards_are_refused(bad):
    with pytest.raises(ValueError):
        parse_card(bad)


def test_card_points():
    # a hand's points (Uno.hand_points): numbers at face value, 20 for S, V and
    # +2, 50 for W and W+4
    from pips.games.uno.game import Uno

    game = Uno(2)
    counts = bytearray(cards.KINDS)
    for k in parse_cards("R7 G0 BS YV R+2 W W+4 B9"):
        counts[k] += 1
    game.hands[:54] = counts
    for c in range(4):
        game.ccount[c] = sum(counts[c * 13 : c * 13 + 13])
    assert game.hand_points(0) == 7 + 0 + 20 + 20 + 20 + 50 + 50 + 9
    game.hands[:54] = bytearray(cards.KINDS)
    game.ccount[:4] = bytearray(4)
    assert game.hand_points(0) == 0


# -- pips.match -------------------------------------------------------------------
def test_ranks_share_places_on_equal_totals():
    assert ranks([30, 50, 50, 10]) == [3, 1, 1, 4]
    assert ranks([90, 40, 40, 10]) == [1, 2, 2, 4]
    assert ranks([5, 5]) == [1, 1]
    assert ranks([100, 0, 60]) == [1, 3, 2]
    # resigned seats rank after everyone, sharing the last places
    assert ranks([100, 0, 60, 80], last=[0]) == [4, 3, 2, 1]
    assert ranks([100, 0, 60, 80], last=[0, 3]) == [3, 2, 1, 3]


class _Fixed(Game):
    """A stand-in game whose hands end at once with given scores."""

    name = "fixed"
    title = "Fixed"
    max_players = 4
    options = (("target", 100, (50, 100)),)
    script = []

    def __init__(self, players=2, options=None, rng=None, deal=None, first=-1):
        self.players = players
        self.first = first
        self.turn = -1
        self.scores = list(_Fixed.script.pop(0))


def test_match_ends_after_the_hand_that_reaches_the_target_and_ranks():
    _Fixed.script = [(20, 0, 0), (0, 30, 0), (30, 25, 0), (0, 0, 5)]
    m = Match(_Fixed, 3, {"target": 50}, seed=1, first=2)
    starters = []
    while not m.over:
        starters.append(m.new_hand().first)
        m.end_hand()
    assert starters == [2, 0, 1]  # one seat on each hand
    assert m.totals == [50, 55, 0] and m.hands_played == 3
    assert m.ranks() == [2, 1, 3] and m.winner() == 1


def test_equal_totals_at_the_end_share_the_rank_and_there_is_no_winner():
    _Fixed.script = [(60, 60)]
    m = Match(_Fixed, 2, {"target": 50}, seed=1)
    m.new_hand()
    assert m.end_hand()
    assert m.ranks() == [1, 1] and m.winner() == -1


def test_two_player_starter_alternates_and_the_first_is_by_lot():
    _Fixed.script = [(0, 0)] * 6
    m = Match(_Fixed, 2, {"target": 50}, seed=4)
    firsts = []
    for _ in range(6):
        firsts.append(m.new_hand().first)
        m.end_hand()
    assert firsts == [firsts[0], 1 - firsts[0]] * 3
    assert {Match(_Fixed, 2, seed=s).first for s in range(30)} == {0, 1}
    assert {Match(_Fixed, 4, seed=s).first for s in range(60)} == {0, 1, 2, 3}


def test_match_options_default_and_are_checked():
    assert Match(Block, 2).options == {"target": 100}
    assert Match(Block, 2, {"target": 50}).options == {"target": 50}
    with pytest.raises(ValueError):
        Match(Block, 2, {"target": 60})
    with pytest.raises(ValueError):
        Match(Block, 5)


def test_resigning_ends_a_block_match_and_ranks_last():
    m = Match(Block, 3, seed=2)
    m.new_hand()
    m.totals[:] = [10, 40, 20]
    m.resign(1)
    assert m.over and m.ranks() == [2, 3, 1]


# -- pips.match ------------------------------------------------------------------
def test_turns_offer_a_missed_uno_in_seat_order_then_the_seat_to_act():
    from game_helpers import legal_texts, play_at
    from test_uno import two_cards

    g = two_cards(4)  # four players: seat 1 is to act and holds R5 R6 on R9
    turns = Turns(g)
    assert turns.next() == 1 and not turns.out_of_turn(1)
    assert turns.next() == 1  # asked again before it moves: still the seat to act
    play_at(g, 1, "R5")  # UNO not called: seats 0, 2 and 3 may catch it, seat 1 may call late
    assert g.turn == 2 and legal_texts(g, 1) == ["uno"]
    assert legal_texts(g, 0) == ["catch 1"] and legal_texts(g, 3) == ["catch 1"]
    # after the move, the others with a move out of turn, once each, from seat 0
    # (not from the seat after the one to act) ...
    assert turns.next() == 0 and turns.out_of_turn(0)
    assert turns.next() == 1 and turns.out_of_turn(1)  # seat 0 let it pass: on to seat 1
    assert turns.next() == 3 and turns.out_of_turn(3)
    # ... then the seat to act, whose own catch is one of its moves, not an offer
    assert turns.next() == 2 and not turns.out_of_turn(2)
    assert "catch 1" in legal_texts(g, 2)
    assert turns.next() == 2  # declined offers are not made again
    play_at(g, 2, "G5")  # the window closes: nobody has a move out of turn
    assert g.turn == 3 and turns.next() == 3 and not turns.out_of_turn(3)
    assert [may_act_out_of_turn(g, s, bytearray(g.max_moves)) for s in range(4)] == [False] * 4


def test_turns_after_an_offer_taken_go_on_from_the_next_seat():
    from game_helpers import play_at
    from test_uno import two_cards

    g = two_cards()
    turns = Turns(g)
    assert turns.next() == 1
    play_at(g, 1, "R5")
    assert turns.next() == 0
    play_at(g, 0, "catch 1")  # taken: seat 1's late call is gone with the window
    assert g.turn == 2 and turns.next() == 2 and not turns.out_of_turn(2)

    g = two_cards()
    turns = Turns(g)
    assert turns.next() == 1
    play_at(g, 1, "R5")
    assert turns.next() == 0  # seat 0 lets the catch pass
    assert turns.next() == 1
    play_at(g, 1, "uno")  # the late call, out of turn
    assert g.turn == 2 and turns.next() == 2 and not turns.out_of_turn(2)


def test_turns_with_two_players_the_seat_that_plays_again_comes_after_the_offer():
    from game_helpers import play_at
    from test_uno import set_hand, uno_stacked

    g = uno_stacked(2, {1: "RS R6 B3 B4 B5 B6 B8"}, "R9")
    set_hand(g, 1, "RS R6")
    turns = Turns(g)
    assert turns.next() == 1
    play_at(g, 1, "RS")  # a skip with two cards, UNO not called: seat 1 plays again
    assert g.turn == 1
    assert turns.next() == 0 and turns.out_of_turn(0)
    assert turns.next() == 1 and not turns.out_of_turn(1)


def test_turns_name_no_seat_once_the_hand_is_over():
    from game_helpers import play_at
    from test_uno import finish_with

    g = finish_with("R5", "G1 G2 G3 G4 G5 G6 G7")
    turns = Turns(g)
    assert turns.next() == 1
    play_at(g, 1, "R5")
    assert g.turn == -1
    assert turns.next() == -1 and turns.next() == -1


@pytest.mark.parametrize("players", [2, 4])
def test_turns_in_a_game_without_moves_out_of_turn_is_the_seat_to_act(players):
    assert not getattr(Block, "out_of_turn", False)
    buf = bytearray(Block.max_moves)
    for seed in range(5):
        rng = Rng(seed)
        g = Block(players, None, rng)
        turns = Turns(g)
        steps = 0
        while g.turn >= 0:
            seat = turns.next()
            assert seat == g.turn and not turns.out_of_turn(seat)
            n = g.legal(seat, buf)
            g.play(seat, buf[rng.below(n)])
            steps += 1
        assert turns.next() == -1 and steps == g.moves


@pytest.mark.parametrize("name", games.names())
def test_legal_lists_the_same_moves_into_a_list_as_into_a_bytearray(name):
    """Random play (pips.selfplay.random_games) hands legal() a list where the
    protocol names a bytearray: every game, every seat (out of turn too), all
    along random hands, lists the same moves into either."""
    G = games.get(name)
    rng = Rng(7)
    into_bytes = bytearray(G.max_moves)
    into_list = [0] * G.max_moves
    for players in sorted({G.min_players, min(G.max_players, 4)}):
        for _ in range(4):
            g = G(players, None, rng)
            played = 0
            while g.turn >= 0 and played < 300:
                for seat in range(players):
                    n = g.legal(seat, into_bytes)
                    assert g.legal(seat, into_list) == n
                    assert into_list[:n] == list(into_bytes[:n])
                n = g.legal(g.turn, into_bytes)
                g.play(g.turn, into_bytes[rng.below(n)])
                played += 1
