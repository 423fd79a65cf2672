"""Bergen (docs/rules/bergen.md and common.md): every
rule and "Decided here" point on stacked deals, the bank and chips over a
match, notation, refusals, views and samples, conservation of tiles and chips
over many random matches, and the bots."""

import io

import pytest

from pips import bots, games, tiles
from pips.bots import bergen as policy
from pips.games.bergen.game import OPEN, PASS, Bergen
from pips.games.domino import deal_mask
from pips.match import Match
from pips.rng import Rng
from pips.tiles import ALL, COUNT, HI, LO, PIPS, WITH
from pips.tiles import parse_list as parse_tiles
from game_helpers import legal, play, refused, snapshot, stacked, texts

BUF = bytearray(Bergen.max_moves)
SIX = tiles.code(6, 6)


# -- helpers -------------------------------------------------------------------
def bergen_deal(*hands, options=None, first=-1):
    return Bergen(len(hands), options, None, stacked(*hands), first)


def arms(game):
    return {a: v["tiles"] for a, v in game.info()["arms"].items()}


def ends(game):
    return [game.info()["arms"][a]["end"] for a in "NESW"]


TWO = ("6-6 6-4 6-3 6-0 4-2 5-0 2-2", "6-5 4-4 6-1 5-1 2-1 1-0 0-0")


# -- dealing and the opening -----------------------------------------------------------
def test_registered_under_its_command_line_name():
    assert games.get("bergen") is Bergen
    assert games.title("bergen") == Bergen.title == "Bergen"
    assert (Bergen.min_players, Bergen.max_players) == (2, 4)
    for players in (1, 5):
        with pytest.raises(ValueError, match="players"):
            Bergen(players, None, Rng(1))


def test_a_stacked_deal_gives_seats_packets_of_seven_and_the_rest_is_unused():
    g = bergen_deal(*TWO)
    info = g.info()
    assert sorted(info["hands"][0]) == sorted(TWO[0].split())
    assert tiles.count(g.hands[1]) == 7 and info["stock"] == 14
    assert tiles.count(g.held) == 14
    g4 = Bergen(4, None, None, list(range(COUNT)), 0)
    assert g4.info()["stock"] == 0 and g4.held == ALL
    assert g4.hands[0] == sum(1 << t for t in range(7))


def test_the_holder_of_6_6_starts_whatever_first_says_and_lays_it_in_the_centre():
    for first in (-1, 0, 1):
        g = Bergen(2, None, None, stacked(TWO[1], TWO[0]), first)
        assert g.turn == g.first == 1 and g.phase == 0
        assert legal(g) == [OPEN] and texts(g) == ["6-6"]
        assert g.legal(0, BUF) == 0
    refused(g, 1, PASS, "opens with 6-6")
    refused(g, 1, tiles.code(6, 4) * 4, "opens with 6-6")
    refused(g, 0, OPEN, "turn")
    play(g, "6-6")
    assert g.phase == 1 and g.info()["centre"] == "6-6" and g.turn == 0
    assert g.laid == 1 << SIX and ends(g) == [None] * 4


def test_nobody_holding_6_6_means_a_redeal_and_a_stacked_deal_is_refused():
    with pytest.raises(ValueError, match="nobody holds 6-6"):
        bergen_deal("6-5 4-4 6-1 5-1 2-1 1-0 0-0", "6-4 6-3 6-0 4-2 5-0 2-2 3-3")
    redealt = 0
    for seed in range(60):
        rng = Rng(seed)
        g = Bergen(2, None, rng)
        assert g.held >> SIX & 1 and g.hands[g.turn] >> SIX & 1
        # the first shuffle of the same generator: did it give 6-6 to nobody?
        first = Rng(seed)
        order = list(range(COUNT))
        held = deal_mask(first, order, COUNT, 0, 7) | deal_mask(first, order, COUNT, 7, 7)
        redealt += not held >> SIX & 1
    assert redealt > 10  # half the two-player deals leave 6-6 in the stock


# -- first phase: the cross -----------------------------------------------------------
def test_the_cross_takes_a_six_on_an_empty_side_its_six_against_the_centre():
    g = bergen_deal(*TWO)
    play(g, "6-6")
    # seat 1's sixes, 6-5 and 6-1, each on any of the four empty sides
    assert texts(g) == sorted("6-%d %s" % (v, a) for v in (5, 1) for a in "NESW")
    refused(g, 1, tiles.code(4, 4) * 4, "cross is built first")
    refused(g, 1, PASS, "may not pass")
    assert g.parse_move(1, "1-6 N") == g.parse_move(1, "6-1 N") == tiles.code(6, 1) * 4
    play(g, "1-6 N")
    assert arms(g)["N"] == ["6-1"] and ends(g) == [1, None, None, None]
    # seat 0: three sixes on the three empty sides; not on N, not a tile off the cross
    assert texts(g) == sorted("6-%d %s" % (v, a) for v in (4, 3, 0) for a in "ESW")
    refused(g, 0, tiles.code(6, 4) * 4 + 0, "N side is taken")
    refused(g, 0, tiles.code(4, 2) * 4 + 1, "cross is built first")
    with pytest.raises(ValueError, match="fits the E, S, W arms"):
        g.parse_move(0, "6-4")
    play(g, "6-0 E", "6-5 S")
    assert g.phase == 1
    assert g.parse_move(0, "6-3") == tiles.code(6, 3) * 4 + 3  # one empty side left
    play(g, "6-3")
    assert g.phase == 2
    assert arms(g) == {"N": ["6-1"], "E": ["6-0"], "S": ["6-5"], "W": ["6-3"]}
    assert ends(g) == [1, 0, 5, 3]


def test_no_six_in_the_cross_is_a_pass_and_it_is_remembered():
    g = bergen_deal("6-6 6-5 6-4 6-3 6-2 1-1 1-0", "5-5 4-4 3-3 2-2 0-0 5-1 4-1")
    play(g, "6-6")
    assert legal(g) == [PASS] and texts(g) == ["pass"]
    play(g, "pass")
    assert g.lacks[1] == 1 << 6 and g.turn == 0
    play(g, "6-5 N", "pass", "6-4 E", "pass", "6-3 S", "pass", "6-2 W")
    assert g.phase == 2 and ends(g) == [5, 4, 3, 2]
    # now seat 1 attaches on the arms: 5-5 on N, 4-4 on E, ...
    assert "5-5 N" in texts(g) and "4-1 E" in texts(g) and "pass" not in texts(g)


# -- second phase: the arms -----------------------------------------------------------
def test_the_arms_take_equal_pips_at_their_ends():
    g = bergen_deal(*TWO)
    play(g, "6-6", "6-1 N", "6-0 E", "6-5 S", "6-3 W")  # ends N1 E0 S5 W3
    assert g.turn == 1
    assert texts(g) == sorted(["0-0 E", "1-0 N", "0-1 E", "1-5 N", "5-1 S", "1-2 N"])
    refused(g, 1, tiles.code(4, 4) * 4 + 0, "does not match the N arm")
    refused(g, 1, tiles.code(2, 1) * 4 + 1, "does not match the E arm")
    refused(g, 1, PASS, "may not pass")
    assert g.parse_move(1, "0-0") == tiles.code(0, 0) * 4 + 1
    with pytest.raises(ValueError, match="fits the N, E arms"):
        g.parse_move(1, "1-0")
    play(g, "0-0 E")
    play(g, "5-0 E")  # either order: the 0 touches
    assert arms(g)["E"] == ["6-0", "0-0", "0-5"] and ends(g) == [1, 5, 5, 3]
    play(g, "0-1 N")
    assert arms(g)["N"] == ["6-1", "1-0"]
    assert g.turn == 0 and legal(g) == [PASS]  # 4-2 and 2-2: no 0, 5 or 3
    play(g, "pass")
    assert g.lacks[0] == (1 << 0) | (1 << 5) | (1 << 3)


# -- end of the hand ---------------------------------------------------------------------
def test_two_players_first_out_takes_three_quarters_and_the_other_the_rest():
    g = bergen_deal(*TWO)
    play(g, "6-6", "6-1 N", "6-0 E", "6-5 S", "6-3 W", "0-0 E", "0-5 E", "1-0 N", "pass")
    play(g, "5-1 E", "pass", "1-2 E", "2-2 E", "pass", "2-4 E")
    assert g.turn == 1 and tiles.count(g.hands[1]) == 1 and tiles.count(g.hands[0]) == 1
    play(g, "4-4 E")
    assert g.turn == -1 and g.hands[1] == 0
    assert g.info()["places"] == [2, 1] and g.winner == 1
    # bank 8: 6 to the first, the rest (2) to the other at once
    assert g.info()["prizes"] == [2, 6] and g.bank == 0
    assert g.scores == [-2, 2] and g.info()["chips"] == [18, 22]
    assert g.utility(1) == 4 and g.utility(0) == -4
    refused(g, 0, PASS, "over")


THREE = ("6-6 6-3 6-2 5-1 3-2 2-1 2-0", "6-4 5-4 4-3 4-2 3-0 1-1 1-0", "5-3 6-0 3-3 5-0 4-0 2-2 0-0")
THREE_MOVES = (
    "6-6", "6-4 N", "6-0 E", "6-2 S", "pass", "pass", "6-3 W", "0-1 E", "2-2 S", "2-0 S",
    "1-1 E", "0-0 S", "1-2 E", "0-3 S", "3-3 S", "2-3 E", "4-2 N", "3-5 E",
)


def test_the_others_play_on_after_the_first_out_and_the_second_out_ends_the_hand():
    g = bergen_deal(*THREE)
    assert g.bank == 12
    play(g, *THREE_MOVES)
    assert g.outs == 0 and g.turn == 0
    play(g, "5-1 E")
    assert g.hands[0] == 0 and g.outs == 1 and g.turn == 1
    assert g.info()["places"] == [1, 0, 0] and g.info()["prizes"] == [9, 0, 0]
    assert g.bank == 3 and g.winner == -1  # the rest waits for the second place
    # seat 0 has no more turns: 1 and 2 play on
    play(g, "3-4 S")
    assert g.turn == 2
    play(g, "4-0 S")
    assert g.turn == 1 and legal(g) == [PASS]
    play(g, "pass")
    assert g.turn == 2
    play(g, "0-5 S")
    assert g.turn == -1 and g.hands[2] == 0
    assert g.hands[1] != 0  # seat 1 still holds tiles: it wins nothing
    assert g.info()["places"] == [1, 0, 2] and g.info()["prizes"] == [9, 0, 3]
    assert g.scores == [5, -4, -1] and g.bank == 0 and g.winner == 0
    assert g.info()["chips"] == [25, 16, 19]


def test_four_players_the_hand_ends_at_the_second_out():
    four = (
        "5-3 4-3 6-0 5-0 3-2 3-1 0-0",
        "6-5 6-4 5-5 4-0 2-2 3-0 2-1",
        "6-3 6-2 5-1 4-2 4-1 2-0 1-1",
        "6-6 5-4 4-4 6-1 5-2 3-3 1-0",
    )
    moves = (
        "6-6", "6-0 N", "6-4 E", "6-2 S", "6-1 W", "0-0 N", "2-1 S", "1-1 S", "0-1 N", "1-3 N",
        "3-0 N", "0-2 N", "4-4 E", "2-3 N", "4-0 E", "1-4 S", "3-3 N", "3-4 N", "pass", "4-2 N",
        "2-5 N", "5-0 N", "pass", "1-5 W", "4-5 S", "5-3 S",
    )
    g = bergen_deal(*four)
    assert g.turn == 3 and g.info()["stock"] == 0 and g.bank == 16
    play(g, *moves)
    assert g.turn == -1
    assert g.info()["places"] == [2, 0, 0, 1] and g.info()["prizes"] == [4, 0, 0, 12]
    assert g.hands[1] and g.hands[2]


def dead_end(hands, options=None):
    """Seat 0 lays 6-6 and nobody holds another six: a dead end at once."""
    g = bergen_deal(*hands, options=options)
    play(g, "6-6")
    assert g.turn == -1 and g.outs == 0 and g.moves == 1
    return g


def test_a_dead_end_gives_first_and_second_place_to_the_lowest_counts():
    g = dead_end(
        ("6-6 3-3 3-2 3-0 2-1 2-0 1-0", "5-3 5-0 4-3 4-1 4-0 3-1 1-1", "5-5 5-4 5-2 5-1 4-4 4-2 2-2")
    )
    assert [tiles.pips(m) for m in g.hands] == [20, 35, 50]
    assert g.info()["places"] == [1, 2, 0] and g.info()["prizes"] == [9, 3, 0]
    assert g.winner == 0 and g.scores == [5, -1, -4] and g.bank == 0


def test_a_dead_end_in_the_cross_with_two_players():
    g = dead_end(("6-6 5-1 4-0 3-0 2-2 2-0 1-0", "5-0 4-2 4-1 3-2 3-1 2-1 1-1"))
    assert [tiles.pips(m) for m in g.hands] == [20, 30]
    assert g.info()["prizes"] == [6, 2] and g.scores == [2, -2]


def test_equal_counts_share_the_prizes_of_the_places_they_cover():
    # all three equal: both prizes (12) split three ways
    g = dead_end(
        ("6-6 5-4 5-3 5-0 4-1 4-0 2-2", "5-1 4-4 4-3 4-2 3-2 2-0 1-0", "5-5 5-2 3-3 3-1 3-0 2-1 1-1")
    )
    assert [tiles.pips(m) for m in g.hands] == [35, 35, 35]
    assert g.info()["places"] == [1, 1, 1] and g.info()["prizes"] == [4, 4, 4]
    assert g.winner == -1 and g.bank == 0
    # two lowest equal: first and second (9 + 3) split between them
    g = dead_end(
        ("6-6 5-1 4-3 4-1 3-3 3-2 1-0", "5-3 5-0 4-0 3-1 2-2 2-1 1-1", "5-5 5-4 5-2 4-4 4-2 3-0 2-0")
    )
    assert [tiles.pips(m) for m in g.hands] == [30, 30, 45]
    assert g.info()["places"] == [1, 1, 0] and g.info()["prizes"] == [6, 6, 0]
    # two equal for second: 3 chips split 1 and 1, the odd chip stays in the bank
    g = dead_end(
        ("6-6 5-0 4-2 3-2 2-2 2-1 1-1", "5-2 5-1 4-4 4-1 4-0 3-3 3-1", "5-5 5-4 5-3 4-3 3-0 2-0 1-0")
    )
    assert [tiles.pips(m) for m in g.hands] == [25, 40, 40]
    assert g.info()["places"] == [1, 2, 2] and g.info()["prizes"] == [9, 1, 1]
    assert g.bank == 1 and g.scores == [5, -3, -3] and g.winner == 0


def test_after_the_first_out_a_dead_end_gives_the_second_place_shared_with_an_odd_chip():
    g = bergen_deal("5-5 6-1 6-0 4-1 4-0 1-0 0-0", "6-6 6-4 5-0 3-1 3-0 2-1 2-0", "6-3 5-4 6-2 5-2 4-2 3-3 2-2")
    play(g, "6-6", "6-2 N", "6-0 E", "6-4 S", "6-3 W", "0-0 E", "2-0 N", "3-3 W", "0-1 N")
    play(g, "1-2 N", "2-2 N", "0-4 E", "3-0 W", "2-4 N", "4-1 N", "1-3 N", "4-5 E", "5-5 E")
    assert g.turn >= 0 and g.outs == 0
    play(g, "5-0 E")  # seat 1 goes out; seats 0 (6-1) and 2 (5-2) are stuck with 7 each
    assert g.turn == -1 and g.outs == 1
    assert [tiles.pips(m) for m in g.hands] == [7, 0, 7]
    assert g.info()["places"] == [2, 1, 2] and g.info()["prizes"] == [1, 9, 1]
    assert g.bank == 1 and g.winner == 1


# -- the bank, chips and the match ----------------------------------------------------------
def test_stakes_go_into_the_bank_and_the_options_set_them():
    g = Bergen(3, None, Rng(1))
    assert g.table_options == {"chips": 20, "stake": 4, "hands": 10}
    assert g.bank == 12 and g.info()["chips"] == [16, 16, 16] and g.info()["phase"] == 0
    g = Bergen(2, {"chips": "30", "stake": 5}, Rng(1))
    assert g.bank == 10 and g.chips == [25, 25]
    with pytest.raises(ValueError, match="stake"):
        Bergen(2, {"stake": 7}, Rng(1))
    with pytest.raises(ValueError, match="no option"):
        Bergen(2, {"target": 50}, Rng(1))


def test_the_odd_chip_is_carried_over_to_the_next_hands_bank():
    m = Match(Bergen, 3, None, seed=1)
    g = m.new_hand(
        stacked("6-6 5-0 4-2 3-2 2-2 2-1 1-1", "5-2 5-1 4-4 4-1 4-0 3-3 3-1", "5-5 5-4 5-3 4-3 3-0 2-0 1-0")
    )
    play(g, "6-6")
    assert g.bank == 1 and g.scores == [5, -3, -3]
    assert not m.end_hand()
    assert m.totals == [5, -3, -3]
    g = m.new_hand()
    assert g.bank == 12 + 1 and g.pot == 13
    assert g.chips == [25 - 4, 17 - 4, 17 - 4]
    assert sum(g.chips) + g.bank == 60


def test_a_player_who_cannot_pay_the_stake_is_out_of_the_match():
    options = {"chips": 10, "stake": 8}
    m = Match(Bergen, 3, options, seed=1)
    # seat 0 wins 18 of the 24; seat 1 gets 6; seat 2 nothing and has 2 chips left
    g = m.new_hand(
        stacked("6-6 3-3 3-2 3-0 2-1 2-0 1-0", "5-3 5-0 4-3 4-1 4-0 3-1 1-1", "5-5 5-4 5-2 5-1 4-4 4-2 2-2")
    )
    play(g, "6-6")
    assert g.prizes == [18, 6, 0]
    assert not m.end_hand()
    assert m.totals == [10, -2, -8]
    g = m.new_hand(stacked("6-6 6-5 6-4 6-3 6-2 6-1 6-0", "5-5 5-4 5-3 5-2 5-1 5-0 4-4"))
    # seat 2 sits out: no stake, no tiles, no turns; the packets go to seats 0 and 1
    assert list(g.playing) == [1, 1, 0] and g.hands[2] == 0 and g.count == 2
    assert g.bank == 16 and g.chips == [12, 0, 2]
    assert g.info()["playing"] == [0, 1] and g.info()["stock"] == 14
    assert tiles.text(g.hands[1].bit_length() - 1) == "5-5"
    play(g, "6-6", "pass", "6-5 N", "pass", "6-4 E", "pass", "6-3 S", "pass", "6-2 W")
    while g.turn >= 0:
        g.play(g.turn, legal(g)[0])
        assert g.turn != 2
    assert g.scores[2] == 0
    over = m.end_hand()
    chips = [10 + t for t in m.totals]
    assert sum(chips) + (-sum(m.totals)) == 30
    # seat 1 had 2 chips after staking: whoever ends below 8 is out too
    assert over == (sum(1 for c in chips if c >= 8) <= 1)


def test_the_match_ends_when_one_player_is_left():
    m = Match(Bergen, 2, {"chips": 10, "stake": 8}, seed=3)
    g = m.new_hand(stacked(*TWO))
    while g.turn >= 0:
        g.play(g.turn, legal(g)[0])
    assert m.end_hand()  # 16 in the bank: 12 and 4, so one seat is left with 6 < 8
    chips = sorted(10 + t for t in m.totals)
    assert chips == [6, 14]
    assert m.ranks() == [1 + (m.totals[s] < max(m.totals)) for s in range(2)]


@pytest.mark.parametrize("hands", [10, 5])
def test_the_match_is_a_number_of_hands_ranked_by_chips(hands):
    rng = Rng(hands)
    options = None if hands == 10 else {"hands": hands}
    for seed in range(6):
        m = Match(Bergen, 3, options, seed=seed)
        while True:
            g = m.new_hand()
            while g.turn >= 0:
                g.play(g.turn, BUF[rng.below(g.legal(g.turn, BUF))])
            if m.end_hand():
                break
        chips = [20 + t for t in m.totals]
        left = sum(1 for c in chips if c >= 4)
        assert m.hands_played == hands or left <= 1
        assert m.ranks() == [1 + sum(1 for c in chips if c > x) for x in chips]


# -- notation and refusals -----------------------------------------------------------------
def bergen_turns(players, games, rng):
    for _ in range(games):
        g = Bergen(players, None, rng)
        while g.turn >= 0:
            yield g
            g.play(g.turn, BUF[rng.below(g.legal(g.turn, BUF))])


def test_notation_round_trips_on_every_legal_move():
    seen = 0
    rng = Rng(7)
    for players in (2, 3, 4):
        for g in bergen_turns(players, 40, rng):
            seat = g.turn
            for m in legal(g):
                text = g.move_text(m)
                assert g.parse_move(seat, text) == m, text
                assert g.parse_move(seat, text.upper()) == m
                assert g.view(seat).move_text(m) == text
                if m < OPEN:
                    t = m >> 2
                    flipped = "%d-%d %s" % (LO[t], HI[t], "NESW"[m & 3])
                    assert g.parse_move(seat, flipped) == m
                    a, b = text.split()[0].split("-")
                    touch = 6 if g.phase == 1 else g.ends[m & 3]
                    assert int(a) == touch  # the touching half first
                seen += 1
    assert seen > 2000


@pytest.mark.parametrize(
    "text,match",
    [
        ("", "empty"),
        ("7-1 N", "not a tile"),
        ("6-3 X", "N, E, S or W"),
        ("6-3 NE", "N, E, S or W"),
        ("6-3 N E", "a tile and an arm"),
        ("6-6 N", "centre"),
        ("4-4", "cross takes tiles with a 6"),
    ],
)
def test_malformed_notation_is_refused_clearly(text, match):
    g = bergen_deal(*TWO)
    play(g, "6-6")
    before = snapshot(g)
    with pytest.raises(ValueError, match=match):
        g.parse_move(1, text)
    assert snapshot(g) == before


def test_illegal_and_malformed_moves_are_refused_without_change():
    g = bergen_deal(*TWO)
    for bad in (-1, 109, 110, 111, 113, 255, 10**12, None, "6-6", 108.0, True, (108,)):
        refused(g, 0, bad, "no such move")
    play(g, "6-6")
    refused(g, 1, OPEN, "already in the centre")
    refused(g, 1, tiles.code(6, 4) * 4, "not in seat 1's hand")
    refused(g, 0, tiles.code(6, 4) * 4, "turn")


# -- conservation over many random matches ------------------------------------------------------
def check_bergen_hand(g, stock):
    union = 0
    for m in g.hands:
        assert union & m == 0
        union |= m
    assert union == g.held
    assert union & g.laid == 0 and stock & (union | g.laid) == 0
    assert union | g.laid | stock == ALL
    assert tiles.pips(union) + tiles.pips(g.laid) + tiles.pips(stock) == 168
    on_arms = 1 << SIX if g.phase else 0
    for a in range(4):
        pairs = g.arm_pairs(a)
        inner = 6
        for x, y in pairs:
            assert x == inner
            t = tiles.code(x, y)
            assert not on_arms >> t & 1
            on_arms |= 1 << t
            inner = y
        assert g.ends[a] == (inner if pairs else -1)
    assert on_arms == g.laid
    assert g.phase != 2 or min(g.ends) >= 0


def check_bergen_end(g):
    places = list(g.place)
    playing = [s for s in range(g.players) if g.playing[s]]
    outs = [s for s in playing if g.hands[s] == 0]
    assert len(outs) == g.outs <= 2
    pot = g.pot
    first = 3 * pot // 4
    if len(outs) == 2 or (outs and g.count == 2):
        assert sorted(places[s] for s in playing if places[s]) == [1, 2]
        assert [g.prizes[s] for s in playing if places[s] == 1] == [first]
        assert sum(g.prizes) == pot and g.bank == 0
    else:
        # a dead end: nobody left holding tiles can lay
        for s in playing:
            if g.hands[s]:
                if g.phase == 1:
                    assert not g.hands[s] & WITH[6]
                else:
                    for e in g.ends:
                        assert not g.hands[s] & WITH[e]
        holders = sorted((tiles.pips(g.hands[s]), s) for s in playing if g.hands[s])
        low = holders[0][0]
        if not outs:
            assert all(places[s] == 1 for c, s in holders if c == low)
        for c, s in holders:
            if c < low:
                assert False
    assert sum(g.prizes) + g.bank == pot
    for s in range(g.players):
        if places[s] == 0:
            assert g.prizes[s] == 0
    stake = g.table_options["stake"]
    assert g.scores == [g.prizes[s] - stake if g.playing[s] else 0 for s in range(g.players)]
    assert (g.winner >= 0) == (places.count(1) == 1)


def test_tiles_and_chips_are_conserved_over_many_random_matches():
    rng = Rng(2026)
    kinds = {"two out": 0, "dead": 0, "odd chip": 0, "sat out": 0}
    for players in (2, 3, 4):
        for seed in range(60 if players == 2 else 40):
            m = Match(Bergen, players, {"chips": 10, "stake": 3} if seed % 2 else None, seed=seed)
            start = m.options["chips"]
            while True:
                g = m.new_hand()
                stock = ALL & ~g.held
                assert sum(g.chips) + g.bank == start * players
                if g.count < players:
                    kinds["sat out"] += 1
                while g.turn >= 0:
                    check_bergen_hand(g, stock)
                    s = g.turn
                    assert g.playing[s] and g.hands[s]
                    n = g.legal(s, BUF)
                    for other in range(players):
                        if other != s:
                            assert g.legal(other, BUF) == 0
                    if BUF[0] == PASS:
                        assert n == 1
                    g.play(s, BUF[rng.below(n)])
                    assert sum(g.chips) + g.bank == start * players
                check_bergen_hand(g, stock)
                check_bergen_end(g)
                kinds["two out" if g.outs == 2 or (g.outs and g.count == 2) else "dead"] += 1
                kinds["odd chip"] += g.bank > 0
                over = m.end_hand()
                assert [start + t for t in m.totals] == g.chips
                assert -sum(m.totals) == g.bank  # the carry-over
                if over:
                    break
    assert min(kinds.values()) > 0, kinds


# -- views and samples --------------------------------------------------------------------
def test_the_view_shows_own_tiles_counts_the_cross_and_the_bank():
    g = bergen_deal(*TWO)
    play(g, "6-6", "6-1 N")
    v = g.view(1)
    assert v.hand == g.hands[1] and not hasattr(v, "hands") and not hasattr(v, "held")
    assert list(v.sizes) == [6, 6]
    assert v.piece_kind == "tile" and v.table_kind == "cross"
    assert v.arm_pairs(0) == [(6, 1)] and v.ends == (1, -1, -1, -1) and v.phase == 1
    assert v.bank == 8 and v.chips == [16, 16]
    assert sorted(v.hand_list()) == tiles.codes(g.hands[1])
    assert v.move_piece(PASS) == -1 and v.move_piece(OPEN) == SIX
    assert v.move_piece(tiles.code(6, 4) * 4 + 2) == tiles.code(6, 4)
    assert v.legal(BUF) == 0 and g.view(0).legal(BUF) == 9


def check_bergen_sample(view, world, game):
    seat = view.seat
    assert world.hands[seat] == view.hand
    assert bytes(tiles.count(m) for m in world.hands) == view.sizes
    union = 0
    for m in world.hands:
        assert union & m == 0
        union |= m
    assert union == world.held and union & game.laid == 0 and world.laid == game.laid
    assert bytes(world.arms) == bytes(game.arms) and world.ends == game.ends
    assert (world.turn, world.phase, world.moves, world.bank) == (game.turn, game.phase, game.moves, game.bank)
    assert world.chips == game.chips and world.winner == -1


def test_samples_are_consistent_with_the_view():
    rng = Rng(11)
    sampler = Rng(12)
    count = passes_kept = passes_broken = 0
    for players in (2, 3, 4):
        world = None
        for g in bergen_turns(players, 40, rng):
            for seat in range(players):
                view = g.view(seat)
                world = view.sample(sampler, world)
                check_bergen_sample(view, world, g)
                count += 1
                for s in range(players):
                    if s != seat:
                        for v in range(7):
                            if view.lacks[s] >> v & 1:
                                if world.hands[s] & WITH[v]:
                                    passes_broken += 1
                                else:
                                    passes_kept += 1
    assert count > 2000 and passes_broken * 20 < passes_kept


def test_sampled_worlds_play_out_to_a_proper_end():
    rng = Rng(13)
    for players in (2, 3, 4):
        for g in bergen_turns(players, 20, rng):
            if rng.below(4):
                continue
            w = g.view(g.turn).sample(rng)
            stock = ALL & ~w.held & ~w.laid
            w.playout(rng, BUF)
            assert w.turn == -1
            check_bergen_hand(w, stock)
            check_bergen_end(w)


def playout_reference(game, rng, buf):
    """Bergen.playout's policy through legal() and play() alone: with a choice,
    a random legal move two times in eight, else the heuristic's best (the
    first best in the list): a tile's pips twice, a double 6 more, 3 for each
    tile kept that fits an end left open (an empty side takes a 6), 20 for an
    end another seat still holding tiles has passed on, -8 for an end no tile
    kept fits."""
    sixes = WITH[6] & ~(1 << SIX)
    while game.turn >= 0:
        seat = game.turn
        n = game.legal(seat, buf)
        moves = list(buf[:n])
        if n == 1:
            game.play(seat, moves[0])
            continue
        r = rng.next()
        if r & 7 < 2:
            game.play(seat, moves[(r >> 3) % n])
            continue
        lack = 0
        for s in range(game.players):
            if s != seat and game.hands[s]:
                lack |= game.lacks[s]
        hand = game.hands[seat]
        best, pick = None, None
        for m in moves:
            t, arm = m >> 2, m & 3
            end = PIPS[t] - (6 if game.phase == 1 else game.ends[arm])
            rest = hand & ~(1 << t)
            open_ = WITH[end]
            for other in range(4):
                if other != arm:
                    open_ |= WITH[game.ends[other]] if game.ends[other] >= 0 else sixes
            score = 2 * PIPS[t] + (6 if HI[t] == LO[t] else 0) + 3 * bin(rest & open_).count("1")
            score += 20 if lack >> end & 1 else 0
            score -= 0 if rest & WITH[end] else 8
            if best is None or score > best:
                best, pick = score, m
        game.play(seat, pick)


def test_rollouts_play_as_legal_and_play_do():
    """Bergen.playout (its moves applied unchecked) plays the very moves of its
    policy played through legal() and play(), from the same worlds and draws."""
    rng = Rng(15)
    checked = 0
    for players in (2, 3, 4):
        for g in bergen_turns(players, 30, rng):
            view = g.view(g.turn)
            a = view.sample(Rng(checked))
            b = view.sample(Rng(checked))
            assert snapshot(a) == snapshot(b)
            ra, rb = Rng(checked + 500), Rng(checked + 500)
            a.playout(ra, BUF)
            playout_reference(b, rb, bytearray(Bergen.max_moves))
            assert snapshot(a) == snapshot(b)
            assert ra.words == rb.words and ra.at == rb.at
            checked += 1
    assert checked > 300


# -- bots ---------------------------------------------------------------------------------------
def test_distinct_moves_keep_one_per_tile_and_kind_of_arm():
    g = bergen_deal(*TWO)
    play(g, "6-6")
    v = g.view(1)
    n = v.legal(BUF)
    assert n == 8
    k = policy.distinct_moves(v, BUF, n)
    assert sorted(BUF[:k]) == [tiles.code(6, 1) * 4, tiles.code(6, 5) * 4]
    play(g, "6-1 N", "6-0 E", "6-5 S", "6-3 W", "0-0 E", "0-5 E")  # ends 1 5 5 3
    v = g.view(1)
    n = v.legal(BUF)
    moves = sorted(v.move_text(m) for m in BUF[:n])
    assert "5-1 E" in moves and "5-1 S" in moves
    k = policy.distinct_moves(v, BUF, n)
    kept = [v.move_text(m) for m in BUF[:k]]
    assert ("5-1 E" in kept) != ("5-1 S" in kept)
    assert k == n - 1


def test_greedy_and_smart_choose_legal_moves():
    rng = Rng(14)
    greedy = bots.make("greedy", Rng(1), Bergen)
    smart = bots.make("smart", Rng(2), Bergen, rollouts=24)
    for g in bergen_turns(3, 6, rng):
        ok = legal(g)
        assert greedy.choose(g.view(g.turn)) in ok
        assert smart.choose(g.view(g.turn)) in ok


def test_bots_play_whole_matches():
    from pips_sim import cli

    out = io.StringIO()
    assert cli.main(["run", "bergen", "--games", "2", "--bots", "smart,random", "--rollouts", "24"], stdout=out) == 0
    assert "smart" in out.getvalue()
    out = io.StringIO()
    assert cli.main(["run", "bergen", "--games", "2", "--players", "4", "--bots", "greedy,random"], stdout=out) == 0


def test_the_smart_bot_plays_its_rollouts_out_in_steps_and_decides_alike(monkeypatch):
    """A 4-player rollout in steps of playout_moves moves (a hand played out
    whole took 33 ms of a frame on the emulated Pico): stepped a piece at a
    time, the bot decides as it does in one go, and no piece plays more."""
    most = [0]
    playout = Bergen.playout

    def counting(self, rng, buf, limit=-1):
        before = self.turn >= 0 and tiles.count(self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3])
        over = playout(self, rng, buf, limit)
        after = tiles.count(self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3])
        most[0] = max(most[0], before - after)
        return over

    monkeypatch.setattr(Bergen, "playout", counting)
    rng = Rng(41)
    decided = pieces = rollouts = 0
    for _ in range(3):
        g = Bergen(4, None, rng)
        while g.turn >= 0 and decided < 12:
            s = g.turn
            view = g.view(s)
            whole = bots.make("smart", Rng(9), Bergen)
            stepped = bots.make("smart", Rng(9), Bergen)
            move = whole.choose(view)
            stepped.begin(view)
            got = -1
            while got < 0:
                got = stepped.step(1)
                pieces += 1
            assert got == move
            rollouts += stepped.done
            decided += 1
            g.play(s, move)
    assert decided == 12
    assert pieces >= 2 * rollouts > 0  # the rollouts went in pieces
    assert most[0] <= policy.POLICY.playout_moves
