"""Domino Uno (docs/rules/domino-uno.md): every rule and every "Decided here"
as a stacked deal or a set position, the source's own take-back example,
refusals that change nothing, conservation over many random hands, the
notation both ways, the turn loop's catch by a seat not to act, the referee's
lines and fields, the match hooks and the bots."""

import copy
import json
import subprocess
import sys

import pytest

from pips import tiles
from pips.games import get
from pips.match import Match
from pips.rng import Rng
from pips.match import Turns

DU = get("domino-uno")
from pips.games.domino_uno import game as D  # noqa: E402
from pips.bots import domino_uno as policy  # noqa: E402
from pips import bots  # noqa: E402
from pips.tiles import parse_list as parse_tiles
from game_helpers import legal_texts, play_at, refused_text
from game_helpers import snapshot


# -- helpers ------------------------------------------------------------------------------


def mask(text):
    m = 0
    for t in parse_tiles(text):
        m |= 1 << t
    return m


def du_order(players, hands, stock=""):
    """A full stacked deal: seat s gets hands[s] (the rest of its packet from
    the tiles nobody was given), then `stock` on top of the stock."""
    k = 9 - players
    given = parse_tiles(" ".join(list(hands.values()) + [stock]))
    assert len(set(given)) == len(given)
    spare = [t for t in range(tiles.COUNT) if t not in given]
    order = []
    for s in range(players):
        mine = parse_tiles(hands.get(s, ""))
        while len(mine) < k:
            mine.append(spare.pop(0))
        assert len(mine) == k, "seat %d: %d tiles, not %d" % (s, len(mine), k)
        order += mine
    return order + parse_tiles(stock) + spare


def du_stacked(players, hands, stock="", first=0, options=None):
    return DU(players, options, None, du_order(players, hands, stock), first)


def position(players, hands, line, stock="", turn=0, dump=None, options=None):
    """A hand set to a position: hands (seat: tiles), the line as it lies
    ("5-1 1-3 3-2", left to right), the stock top first; every other tile goes
    to seat `dump` (default: the last seat not given, else the last seat), or
    with dump "stock" under the given stock, so that the set stays whole."""
    g = DU(players, options, None, list(range(28)), turn)
    placed = 0
    for s in range(players):
        g.hands[s] = 0
    for s, text in hands.items():
        g.hands[s] = mask(text)
        placed |= g.hands[s]
    pairs = [w.split("-") for w in line.split()]
    for i, (a, b) in enumerate(pairs):
        a, b = int(a), int(b)
        t = tiles.code(a, b)
        assert not placed >> t & 1
        placed |= 1 << t
        g.line[D.MID + i] = t * 2 + (0 if a == tiles.HI[t] else 1)
        if i:
            assert int(pairs[i - 1][1]) == a, "the line must match: %s" % line
    g.lo = D.MID
    g.hi = D.MID + len(pairs)
    g.left = int(pairs[0][0]) if pairs else -1
    g.right = int(pairs[-1][1]) if pairs else -1
    st = parse_tiles(stock)
    for t in st:
        assert not placed >> t & 1
        placed |= 1 << t
    if dump == "stock":
        st += tiles.codes(tiles.ALL & ~placed)
        placed = tiles.ALL
    g.nstock = len(st)
    for i, t in enumerate(st):
        g.stock[len(st) - 1 - i] = t
    if dump is None:
        dump = ([s for s in range(players) if s not in hands] or [players - 1])[-1]
    if placed != tiles.ALL:
        g.hands[dump] |= tiles.ALL & ~placed
    g.turn = turn
    assert_conserved(g)
    return g


def assert_conserved(g):
    """Every tile exactly once: in a hand, on the line or in the stock."""
    seen = [0] * 28
    for m in g.hands:
        for t in tiles.codes(m):
            seen[t] += 1
    for i in range(g.lo, g.hi):
        seen[g.line[i] >> 1] += 1
    for i in range(g.nstock):
        seen[g.stock[i]] += 1
    assert seen == [1] * 28, seen
    if g.lo < g.hi:
        pairs = D.domino.line_pairs(g.line, g.lo, g.hi)
        for (a, b), (c, d) in zip(pairs, pairs[1:]):
            assert b == c, pairs
        assert (g.left, g.right) == (pairs[0][0], pairs[-1][1])
    else:
        assert (g.left, g.right) == (-1, -1)


def hand_texts(g, seat):
    return sorted(tiles.mask_text(g.hands[seat]))


# -- setup ----------------------------------------------------------------------------------


@pytest.mark.parametrize("players,size", [(2, 7), (3, 6), (4, 5), (5, 4), (6, 3)])
def test_nine_minus_players_tiles_each_and_the_rest_is_the_stock(players, size):
    g = DU(players, None, Rng(players))
    assert [tiles.count(m) for m in g.hands] == [size] * players
    assert g.nstock == 28 - players * size
    assert_conserved(g)


def test_two_to_six_players_only():
    for bad in (1, 7):
        with pytest.raises(ValueError):
            DU(bad, None, Rng(1))


def test_stacked_deal_packets_then_the_stock_top_first():
    order = list(range(28))
    g = DU(3, None, None, order, 0)
    for s in range(3):
        assert g.hands[s] == sum(1 << t for t in range(6 * s, 6 * s + 6))
    assert g.stock[g.nstock - 1] == 18, "the tile after the packets is the stock's top"
    with pytest.raises(ValueError):
        DU(3, None, None, order[:-1] + [0], 0)


def test_first_leader_drawn_by_lot_from_the_seed_or_named():
    leaders = {DU(4, None, Rng(seed)).turn for seed in range(40)}
    assert leaders == {0, 1, 2, 3}
    assert DU(4, None, Rng(7)).turn == DU(4, None, Rng(7)).turn
    assert DU(4, None, Rng(7), first=2).turn == 2


def test_options_scoring_penalty_forget():
    assert DU.table() == {"scoring": "wins", "penalty": 2, "forget": 25}
    assert DU.table({"penalty": "1", "scoring": "pips"})["penalty"] == 1
    for bad in ({"penalty": 3}, {"scoring": "points"}, {"target": 10}):
        with pytest.raises(ValueError):
            DU.table(bad)


# -- laying -----------------------------------------------------------------------------


def test_the_leader_opens_with_any_tile_a_double_one_way():
    g = du_stacked(2, {0: "6-6 5-3 1-0 2-2 4-1 3-3 0-0"})
    texts = legal_texts(g, 0)
    assert "6-6" in texts and "5-3" in texts and "3-5" in texts and "0-0" in texts
    assert len(texts) == 7 + 3
    refused_text(g, 0, "draw", words="fits")
    refused_text(g, 1, "1-0", words="turn")
    play_at(g, 0, "3-5")
    assert (g.left, g.right) == (3, 5) and g.turn == 1
    assert g.info()["line"] == ["3-5"]


def test_touching_halves_match_one_tile_a_turn_either_end():
    g = position(2, {0: "1-3 6-6 4-4", 1: "3-2 0-0 2-2"}, "5-1", stock="6-5")
    refused_text(g, 0, "6-6", words="matches neither")
    refused_text(g, 0, "4-4 R", words="does not match")
    play_at(g, 0, "1-3 R")
    assert g.info()["line"] == ["5-1", "1-3"] and g.turn == 1, "one tile, then the next seat"
    play_at(g, 1, "3-2 R")
    assert g.info()["line"] == ["5-1", "1-3", "3-2"], "the source's [5|1][1|3][3|2]"
    assert g.info()["ends"] == [5, 2]
    assert_conserved(g)


def test_pass_is_never_a_move():
    g = position(2, {0: "6-6 4-4", 1: "3-2 0-0"}, "5-1", stock="6-5")
    refused_text(g, 0, "pass", words="no passing")
    assert "pass" not in legal_texts(g, 0)


# -- drawing ----------------------------------------------------------------------------


def test_no_draw_while_holding_a_tile_that_fits():
    g = position(2, {0: "1-3 6-6", 1: "3-2 0-0"}, "5-1", stock="6-5 4-4")
    assert "draw" not in legal_texts(g, 0)
    refused_text(g, 0, "draw", words="fits")


def test_one_draw_a_drawn_tile_that_fits_is_laid_at_once_or_kept():
    g = position(3, {0: "6-6 4-4", 1: "3-2 0-0", 2: "2-2 0-3"}, "5-1", stock="1-2 6-4 3-4")
    assert legal_texts(g, 0) == ["draw"]
    play_at(g, 0, "draw")
    assert g.hands[0] & mask("1-2") and g.nstock == 2, "one tile, off the top"
    assert g.turn == 0 and g.info()["pending"] == "drawn"
    assert legal_texts(g, 0) == ["1-2 R", "keep"]
    refused_text(g, 0, "draw", words="drawn tile")
    refused_text(g, 0, "6-6", words="matches neither")
    play_at(g, 0, "1-2 R")
    assert g.turn == 1 and g.info()["line"] == ["5-1", "1-2"], "laying it ends the turn"

    g = position(3, {0: "6-6 4-4", 1: "3-2 0-0", 2: "2-2 0-3"}, "5-1", stock="1-2 6-4 3-4")
    play_at(g, 0, "draw")
    play_at(g, 0, "keep")
    assert g.turn == 1 and g.hands[0] & mask("1-2") and g.info()["line"] == ["5-1"]
    assert g.info()["pending"] is None


def test_only_the_drawn_tile_may_be_laid_after_drawing():
    g = position(2, {0: "6-6 4-4 4-3", 1: "3-2 0-0"}, "5-5", stock="5-4 6-4")
    play_at(g, 0, "draw")
    # 4-3 fits neither end; 5-4 (drawn) fits; nothing else may go on
    assert legal_texts(g, 0) == ["5-4 L", "5-4 R", "keep"]
    refused_text(g, 0, "4-4 L", words="only the drawn tile")


def test_a_drawn_tile_that_does_not_fit_ends_the_turn_no_keep():
    g = position(2, {0: "6-6 4-4", 1: "3-2 0-0"}, "5-1", stock="6-4 3-4")
    play_at(g, 0, "draw")
    assert g.turn == 1, "a tile that does not fit ends the turn at once"
    assert g.hands[0] & mask("6-4")
    refused_text(g, 1, "keep", words="keep only")


def test_keep_only_after_drawing_a_tile_that_fits():
    g = position(2, {0: "1-3 6-6", 1: "3-2 0-0"}, "5-1", stock="6-5")
    refused_text(g, 0, "keep", words="keep only")


# -- taking back ------------------------------------------------------------------------


def test_source_example_take_back_3_2_and_lay_3_3():
    # the hand holds [3|3]; one end of the line reads ...[5|1][1|3][3|2]
    g = position(2, {0: "3-3", 1: "0-0 0-1"}, "4-5 5-1 1-3 3-2", turn=0)
    assert g.nstock == 0 and legal_texts(g, 0) == ["take L", "take R"]
    refused_text(g, 0, "draw", words="stock is empty")
    play_at(g, 0, "take R")
    assert g.info()["line"] == ["4-5", "5-1", "1-3"], "3-2 off the line"
    assert g.info()["taken"] == ["3-2"] and g.info()["pending"] == "taken"
    assert hand_texts(g, 0) == ["3-2", "3-3"]
    assert g.turn == 0, "the same turn: now lay"
    # 3-3 is the second-to-last tile of a two-tile hand: it goes with the call
    assert legal_texts(g, 0) == ["3-3 R", "3-3 R uno"]
    play_at(g, 0, "3-3 R uno")
    assert g.info()["line"] == ["4-5", "5-1", "1-3", "3-3"]
    assert hand_texts(g, 0) == ["3-2"] and g.turn == 1
    assert g.info()["uno"] == [0] and g.info()["taken"] == ["3-2"]
    assert_conserved(g)


def test_rule_page_example_takes_three_tiles_until_4_4_fits():
    g = position(2, {0: "4-4 0-3", 1: "6-6 6-5"}, "6-4 4-2 2-5 5-1")
    play_at(g, 0, "take R")
    assert sorted(g.info()["taken"]) == ["4-2", "5-1", "5-2"]
    assert g.info()["line"] == ["6-4"] and g.right == 4
    assert legal_texts(g, 0) == ["4-4 R"]
    play_at(g, 0, "4-4")
    assert g.info()["line"] == ["6-4", "4-4"]


def test_take_back_stops_at_the_first_fit():
    # 4-3 off shows 3 (not held), 1-3 off shows 1: 1-0 fits, and taking stops
    # there (5-1 stays, though taking it too would leave any tile to open with)
    g = position(2, {0: "1-0 6-0", 1: "6-6 5-5"}, "5-1 1-3 3-4")
    play_at(g, 0, "take R")
    assert sorted(g.info()["taken"]) == ["3-1", "4-3"] and g.right == 1
    assert g.info()["line"] == ["5-1"]
    assert legal_texts(g, 0) == ["1-0 R"]


def test_a_tile_just_taken_back_cannot_be_the_one_laid():
    # 1-3 comes back and would fit the left end (3); only 2-6, held before, may go
    g = position(2, {0: "2-6 5-5", 1: "6-6 4-4"}, "3-1 1-2 2-0")
    play_at(g, 0, "take R")
    assert g.info()["taken"] == ["2-0"]
    assert legal_texts(g, 0) == ["2-6 R"]
    refused_text(g, 0, "0-2 L", words="just taken back")
    g = position(2, {0: "1-6 5-5", 1: "6-6 4-4"}, "3-3 3-2 2-0")
    play_at(g, 0, "take R")  # 2-0 off: end 2, 1-6 no; 3-2 off: end 3; 3-3 off: empty
    assert g.info()["line"] == [] and g.info()["ends"] == []
    refused_text(g, 0, "3-2", words="just taken back")


def test_the_end_needing_more_tiles_may_be_chosen():
    g = position(2, {0: "4-4 6-6", 1: "0-0 1-1"}, "0-2 2-5 5-1 1-4 4-3 3-1")
    # L: four tiles off until 4 shows; R: two (3-1, 4-3)
    assert legal_texts(g, 0) == ["take L", "take R"]
    left = copy.deepcopy(g)
    play_at(left, 0, "take L")
    play_at(g, 0, "take R")
    assert len(left.info()["taken"]) == 4 and len(g.info()["taken"]) == 2
    assert legal_texts(left, 0) == ["4-4 L"] and legal_texts(g, 0) == ["4-4 R"]
    assert_conserved(g)
    assert_conserved(left)


def test_line_taken_down_to_nothing_then_lay_any_tile_held_before():
    g = position(2, {0: "6-6 5-5", 1: "0-0 4-4"}, "1-2 2-3")
    play_at(g, 0, "take L")
    assert g.info()["line"] == [] and g.info()["ends"] == []
    assert sorted(g.info()["taken"]) == ["2-1", "3-2"]
    texts = legal_texts(g, 0)
    assert texts == ["5-5", "6-6"] or sorted(texts) == ["5-5", "6-6"]
    refused_text(g, 0, "2-1", words="just taken back")
    play_at(g, 0, "6-6")
    assert g.info()["line"] == ["6-6"] and g.turn == 1
    assert_conserved(g)


def test_take_back_only_when_stuck_with_an_empty_stock():
    g = position(2, {0: "6-6 4-4", 1: "3-2 0-0"}, "5-1", stock="6-4")
    refused_text(g, 0, "take R", words="stock is empty")
    g = position(2, {0: "1-3 6-6", 1: "3-2 0-0"}, "5-1")
    refused_text(g, 0, "take L", words="fits")


def test_taking_back_lapses_a_uno_call():
    g = position(2, {0: "6-6", 1: "0-0 0-1 1-1"}, "5-1 1-3", turn=0, dump=1)
    g.called[0] = 1
    assert g.info()["uno"] == [0]
    play_at(g, 0, "take R")
    assert g.info()["uno"] == [], "more than one tile again: the call no longer counts"
    assert g.called[0] == 0


# -- uno and the catch --------------------------------------------------------------------


def two_left(players=3, options=None):
    """Seat 0 to act holding 1-3 and 6-6 on 5-1; seats 1 (and 2) have plenty."""
    hands = {0: "1-3 6-6", 1: "0-0 0-2 2-2 4-4", 2: "4-0 4-2"}
    if players == 2:
        del hands[2]
    return position(players, hands, "5-1", stock="6-5 6-4 5-5", options=options,
                    dump=1)


def test_uno_called_with_the_second_to_last_tile_is_safe():
    g = two_left()
    assert "1-3 R uno" in legal_texts(g, 0) and "1-3 R" in legal_texts(g, 0)
    play_at(g, 0, "1-3 R uno")
    assert g.info()["uno"] == [0] and g.info()["catchable"] is None
    assert legal_texts(g, 1) == [x for x in legal_texts(g, 1) if not x.startswith("catch")]
    refused_text(g, 2, "catch 0", words="cannot be caught")
    refused_text(g, 0, "uno", words="no missed uno")


def test_uno_is_called_with_the_second_to_last_tile_only():
    g = position(2, {0: "1-3 6-6 6-5", 1: "0-0"}, "5-1", stock="4-4")
    refused_text(g, 0, "1-3 R uno", words="second-to-last")
    g = position(2, {0: "1-3", 1: "0-0"}, "5-1", stock="4-4")
    refused_text(g, 0, "1-3 R uno", words="second-to-last")
    play_at(g, 0, "1-3")
    assert g.winner == 0


def test_a_missed_call_is_caught_by_another_seat_for_two_tiles():
    g = two_left()
    play_at(g, 0, "1-3 R")
    assert g.info()["catchable"] == 0 and g.info()["uno"] == []
    assert legal_texts(g, 2) == ["catch 0"] and legal_texts(g, 0) == ["uno"]
    refused_text(g, 0, "catch 0", words="itself")
    refused_text(g, 2, "catch 1", words="cannot be caught")
    play_at(g, 2, "catch 0")
    assert hand_texts(g, 0) == ["6-4", "6-5", "6-6"], "the top two of the stock"
    assert g.nstock == 1 and g.info()["catchable"] is None
    assert g.turn == 1, "a catch is out of turn: the turn stays"
    refused_text(g, 1, "catch 0", words="cannot be caught")
    assert_conserved(g)


@pytest.mark.parametrize("penalty,drawn", [(0, 0), (1, 1), (2, 2)])
def test_the_penalty_is_a_table_option(penalty, drawn):
    g = two_left(options={"penalty": penalty})
    play_at(g, 0, "1-3 R")
    play_at(g, 1, "catch 0")
    assert tiles.count(g.hands[0]) == 1 + drawn and g.nstock == 3 - drawn


def test_a_caught_seat_draws_what_the_stock_has():
    g = position(3, {0: "1-3 6-6", 1: "0-0 0-2 2-2 4-4", 2: "4-0 4-2"}, "5-1",
                 stock="6-5", dump=1)
    play_at(g, 0, "1-3 R")
    play_at(g, 2, "catch 0")
    assert tiles.count(g.hands[0]) == 2 and g.nstock == 0
    g = position(3, {0: "1-3 6-6", 1: "0-0 0-2 2-2 4-4", 2: "4-0 4-2"}, "5-1", dump=1)
    play_at(g, 0, "1-3 R")
    play_at(g, 2, "catch 0")
    assert tiles.count(g.hands[0]) == 1 and g.info()["catchable"] is None


def test_a_late_call_until_caught_then_no_catch():
    g = two_left()
    play_at(g, 0, "1-3 R")
    play_at(g, 0, "uno")
    assert g.info()["uno"] == [0] and g.info()["catchable"] is None
    refused_text(g, 2, "catch 0", words="cannot be caught")
    assert g.turn == 1


@pytest.mark.parametrize("hand,stock,move", [
    ("3-4 0-0 2-2", "6-5", "3-4 R"), ("0-0 2-2", "6-5", "draw"), ("0-0 2-2", "", "take L")])
def test_the_catch_window_closes_when_the_next_player_acts(hand, stock, move):
    g = position(3, {0: "1-3 6-6", 1: hand}, "5-1", stock=stock, dump=2)
    play_at(g, 0, "1-3 R")
    assert g.info()["catchable"] == 0
    play_at(g, 1, move)
    assert g.info()["catchable"] is None, "the next player acted: the window is closed"
    refused_text(g, 2, "catch 0", words="cannot be caught")
    refused_text(g, 0, "uno", words="no missed uno")


def test_the_seat_to_act_may_catch_before_acting():
    g = two_left(2)
    play_at(g, 0, "1-3 R")
    assert g.turn == 1 and "catch 0" in legal_texts(g, 1)
    play_at(g, 1, "catch 0")
    assert g.turn == 1 and tiles.count(g.hands[0]) == 3


def test_a_drawn_tile_laid_as_the_second_to_last_calls_uno():
    g = position(2, {0: "6-6", 1: "0-0 0-2 2-2"}, "5-1", stock="1-3 4-4 4-0")
    play_at(g, 0, "draw")
    assert legal_texts(g, 0) == ["1-3 R", "1-3 R uno", "keep"]
    play_at(g, 0, "1-3 R uno")
    assert g.info()["uno"] == [0]


def test_drawing_lapses_a_call():
    g = position(2, {0: "6-6", 1: "0-0 0-2 2-2"}, "5-1", stock="4-4 4-0")
    g.called[0] = 1
    play_at(g, 0, "draw")
    assert g.called[0] == 0 and g.info()["uno"] == []


def test_going_out_wins_and_the_call_is_not_needed_with_the_last_tile():
    g = position(2, {0: "1-3", 1: "0-0 0-2 2-2 6-6"}, "5-1", stock="4-4")
    play_at(g, 0, "1-3")
    assert g.turn == -1 and g.winner == 0 and g.scores == [1, 0]
    refused_text(g, 1, "draw", words="over")


def test_pips_scoring_the_opponents_pips():
    g = position(3, {0: "1-3", 1: "0-0 0-2 2-2 6-6", 2: "6-5 4-4"}, "5-1", dump=1,
                 options={"scoring": "pips"})
    others = tiles.pips(g.hands[1]) + tiles.pips(g.hands[2])
    play_at(g, 0, "1-3")
    assert g.scores == [others, 0, 0]


# -- the 500-turn cap ---------------------------------------------------------------------


def capped(hand0, hand1, top, options=None):
    """Seat 0 to act at turn 500 holding hand0, stuck on 5-1; the stock's top `top`."""
    g = position(2, {0: hand0, 1: hand1}, "5-1", stock=top, dump="stock", options=options)
    g.turns = 499
    return g


def test_500_turns_end_the_hand_lowest_count_wins():
    g = capped("6-6 5-5", "0-0 0-2 1-1", "4-4")
    play_at(g, 0, "5-5 L")
    assert g.turn == -1, "the 500th turn ends the hand"
    assert g.winner == 1 and g.scores == [0, 1]
    g = capped("3-3", "4-2 1-1", "0-0", {"scoring": "pips"})
    play_at(g, 0, "draw")  # 0-0 does not fit: the turn ends; 6 pips against 8
    assert g.turn == -1 and g.winner == 0 and g.scores == [8, 0]


def test_500_turns_a_draw_and_its_lay_are_one_turn():
    g = capped("6-6 4-4", "0-0 0-2 1-1", "1-2")
    play_at(g, 0, "draw")
    assert g.turn == 0, "the turn is not over yet"
    play_at(g, 0, "keep")
    assert g.turn == -1


def test_500_turns_equal_lowest_counts_tie_nobody_scores():
    g = capped("3-3", "6-4 4-4", "6-6", {"scoring": "pips"})
    play_at(g, 0, "draw")  # 6-6 does not fit: 18 pips each
    assert g.turn == -1 and g.winner == -1 and g.scores == [0, 0]


# -- the match ------------------------------------------------------------------------------


def test_the_previous_winner_leads_and_a_tie_keeps_the_leader():
    m = Match(DU, 3, None, seed=11)
    first = m.first
    g = m.new_hand()
    assert g.turn == first
    g.winner = 2
    g.turn = -1
    m.end_hand()
    assert m.new_hand().turn == 2
    m.game.winner = -1
    m.game.turn = -1
    m.end_hand()
    assert m.new_hand().turn == 2, "no winner: the same leader again"


def test_match_to_10_wins_or_250_pips():
    assert not DU.match_over([9, 3], DU.table(), 12)
    assert DU.match_over([10, 3], DU.table(), 13)
    assert not DU.match_over([249, 3], DU.table({"scoring": "pips"}), 5)
    assert DU.match_over([250, 3], DU.table({"scoring": "pips"}), 5)
    from pips import selfplay

    r = selfplay.record_match(DU, 3, 5, "greedy", keep=False)
    assert max(r["totals"]) == 10
    r = selfplay.record_match(DU, 2, 5, "random", options={"scoring": "pips"}, keep=False)
    assert max(r["totals"]) >= 250


# -- refusals -----------------------------------------------------------------------------


def test_malformed_moves_are_refused_without_change():
    g = two_left()
    for bad in (-1, 256, "3", None, 1.0, 59, 62, 63, 120, 127, 129, 135, 136 + 3, 255):
        before = snapshot(g)
        with pytest.raises(ValueError):
            g.play(0, bad)
        assert snapshot(g) == before
    for text in ("", "3-5 X", "take", "take M", "catch", "catch 9", "catch x", "draw 2",
                 "7-1", "3-5 R uno now", "keep it"):
        with pytest.raises(ValueError):
            g.parse_move(0, text)


def _random_position(rng, players):
    g = DU(players, None, rng)
    buf = bytearray(DU.max_moves)
    steps = rng.below(80)
    for _ in range(steps):
        if g.turn < 0:
            break
        s = g.turn
        n = g.legal(s, buf)
        m = buf[rng.below(n)]
        if m & D.CALL and m < D.UNO and rng.below(2):
            m &= 63  # forget some calls: catch windows open
        g.play(s, m)
    return g


def test_every_seat_every_move_legal_exactly_when_play_accepts_it():
    rng = Rng(3)
    buf = bytearray(DU.max_moves)
    checked = 0
    for k in range(80):
        g = _random_position(rng, 2 + k % 5)
        for seat in range(g.players):
            n = g.legal(seat, buf)
            legal = set(buf[i] for i in range(n))
            assert len(legal) == n, "no move listed twice"
            before = snapshot(g)
            for move in range(256):
                try:
                    h = copy.deepcopy(g) if move in legal else g
                    h.play(seat, move)
                    ok = True
                except ValueError:
                    ok = False
                    assert snapshot(g) == before, "refused %d changed the state" % move
                assert ok == (move in legal), (seat, move, g.info())
                if ok:
                    assert_conserved(h)
                checked += 1
    assert checked > 80000


# -- conservation and notation over random hands ------------------------------------------


def test_conservation_over_many_random_hands_with_catches_and_late_calls():
    rng = Rng(99)
    buf = bytearray(DU.max_moves)
    takes = caps = 0
    for i in range(600):
        players = 2 + i % 5
        g = DU(players, None, rng)
        turns = Turns(g)
        seat = turns.next()
        while seat >= 0:
            n = g.legal(seat, buf)
            if turns.out_of_turn(seat) and rng.below(2):
                seat = turns.next()
                continue
            m = buf[rng.below(n)]
            if m & D.CALL and m < D.UNO and rng.below(3) == 0:
                m &= 63
            text = g.move_text(m)
            assert g.parse_move(seat, text) == m, text
            takes += m in (D.TAKE_L, D.TAKE_R)
            g.play(seat, m)
            assert_conserved(g)
            assert g.turns <= 500
            seat = turns.next()
        caps += g.turns >= 500
        assert g.winner >= 0 or g.turns >= 500
        if g.winner >= 0 and g.turns < 500:
            assert g.hands[g.winner] == 0
    assert takes > 100, "take-backs happen in random play"


def test_notation_round_trip_and_the_texts():
    rng = Rng(8)
    buf = bytearray(DU.max_moves)
    seen = set()
    for k in range(300):
        g = _random_position(rng, 2 + k % 5)
        for seat in range(g.players):
            n = g.legal(seat, buf)
            for i in range(n):
                text = g.move_text(buf[i])
                assert g.parse_move(seat, text) == buf[i]
                assert g.parse_move(seat, text.upper()) == buf[i]
                seen.add(text.split()[0] if not text[0].isdigit() else
                         ("lay uno" if text.endswith("uno") else "lay"))
    assert {"lay", "lay uno", "draw", "keep", "take", "catch", "uno"} <= seen, seen
    g = position(3, {0: "3-5 6-6", 1: "0-0 0-2 2-2 4-4", 2: "4-0 4-2"}, "1-3", dump=1,
                 stock="6-5")
    assert g.parse_move(0, "3-5 R uno") == tiles.code(5, 3) * 2 + 1 + 64
    assert g.parse_move(0, "3-5 uno") == tiles.code(5, 3) * 2 + 1 + 64
    assert g.parse_move(0, "take L") == 60 and g.parse_move(0, "take r") == 61
    assert g.parse_move(1, "catch 2") == 136 + 2 and g.parse_move(0, "UNO") == 128
    assert g.parse_move(0, "draw") == 57 and g.parse_move(0, "keep") == 58
    assert g.move_text(tiles.code(5, 3) * 2 + 1 + 64) == "3-5 R uno"


# -- the turn loop: a catch by a seat not to act -------------------------------------------


def test_turns_offer_the_catch_to_the_other_seats_in_order():
    g = two_left(3)
    turns = Turns(g)
    assert turns.next() == 0
    play_at(g, 0, "1-3 R")
    assert turns.next() == 0 and turns.out_of_turn(0), "seat 0 first: its late call"
    seat = turns.next()  # seat 0 let it pass
    assert seat == 2 and turns.out_of_turn(seat), "seat 2, not to act, is offered the catch"
    play_at(g, 2, "catch 0")
    assert turns.next() == 1 and not turns.out_of_turn(1)
    assert tiles.count(g.hands[0]) == 3


def test_turns_a_missed_call_called_late_when_offered():
    g = two_left(3)
    turns = Turns(g)
    turns.next()
    play_at(g, 0, "1-3 R")
    assert turns.next() == 0 and turns.out_of_turn(0), "seat 0 is offered its late call"
    play_at(g, 0, "uno")
    assert turns.next() == 1, "then nobody has a catch left"


# -- the referee ------------------------------------------------------------------------


def test_referee_lines_and_fields():
    from pips_sim import referee

    g = two_left(3)
    buf = bytearray(DU.max_moves)
    assert referee.apply_line(g, "0 1-3 R") is None
    snap = referee.snapshot(g, buf)
    assert snap["catchable"] == 0 and snap["uno"] == [] and snap["out_of_turn"] == {
        "0": ["uno"], "2": ["catch 0"]}
    assert snap["line"] == ["5-1", "1-3"] and snap["ends"] == [5, 3]
    assert referee.apply_line(g, "2 catch 0") is None
    assert referee.apply_line(g, "2 catch 0") is not None
    json.dumps(referee.snapshot(g, buf))

    g = position(3, {0: "3-3", 1: "0-0 0-2 2-2 6-6", 2: "6-5 4-0"}, "4-5 5-1 1-3 3-2", dump=1)
    assert referee.apply_line(g, "0 take R") is None
    snap = referee.snapshot(g, buf)
    assert snap["taken"] == ["3-2"] and snap["pending"] == "taken"
    assert referee.apply_line(g, "0 3-3 R uno") is None
    assert referee.snapshot(g, buf)["uno"] == [0]

    g = position(3, {2: "6-6 4-4", 0: "3-2 0-0", 1: "2-2 0-3"}, "5-1", stock="1-2 6-4 3-4",
                 turn=2, dump=1)
    assert referee.apply_line(g, "2 draw") is None
    assert referee.apply_line(g, "2 keep") is None
    assert referee.apply_line(g, "0 pass") is not None

    g = position(3, {0: "1-3 6-6", 1: "3-5 4-2"}, "5-1", stock="6-5 6-4 5-5", dump=2)
    assert referee.apply_line(g, "0 1-3 R") is None
    assert referee.apply_line(g, "0 uno") is None
    assert referee.apply_line(g, "1 3-5 R uno") is None
    assert referee.snapshot(g, buf)["uno"] == [0, 1]


def test_referee_subprocess_accepts_the_lines():
    deal = " ".join(tiles.text(t) for t in range(28))
    lines = ["0 draw", "1 3-1"]
    proc = subprocess.run(
        [sys.executable, "-m", "pips_sim.cli", "referee", "domino-uno", "--players", "2",
         "--deal", deal, "--first", "1", "--set", "penalty=1"],
        input="".join(x + "\n" for x in lines), capture_output=True, text=True, timeout=60)
    out = [json.loads(x) for x in proc.stdout.splitlines()]
    assert proc.returncode == 0 and len(out) == 3
    assert out[0]["stock"] == 14 and out[0]["turn"] == 1 and out[0]["leader"] == 1
    assert out[1]["error"] and out[2]["error"] is None and out[2]["line"] == ["3-1"]


# -- views and bots -----------------------------------------------------------------------


def test_view_sample_keeps_what_the_seat_knows():
    g = position(3, {0: "4-4 0-3", 1: "6-6 6-5", 2: "0-0 1-1 2-2"}, "6-4 4-2 2-5 5-1",
                 dump=2)
    play_at(g, 0, "take R")
    play_at(g, 0, "4-4 R")
    v = g.view(1)
    rng = Rng(4)
    for _ in range(20):
        w = v.sample(rng)
        assert_conserved(w)
        assert w.hands[1] == g.hands[1]
        assert w.hands[0] & mask("5-1 5-2 4-2") == mask("5-1 5-2 4-2"), "taken back: known"
        assert [tiles.count(m) for m in w.hands] == [tiles.count(m) for m in g.hands]
        assert w.turn == g.turn and w.nstock == g.nstock
        assert bytes(w.line[w.lo:w.hi]) == bytes(g.line[g.lo:g.hi])


def test_random_bot_forgets_uno_at_the_tables_rate():
    for forget, lo, hi in ((0, 0, 0), (100, 200, 200), (25, 25, 75)):
        g = two_left(options={"forget": forget})
        v = g.view(0)
        bot = bots.make("random", Rng(forget + 1), DU)
        missed = 0
        for _ in range(200):
            m = bot.choose(v)
            assert m & 63 == tiles.code(3, 1) * 2 + 1, "1-3 R, the only tile that fits"
            missed += m < D.CALL
        assert lo <= missed <= hi, (forget, missed)


def test_bots_call_uno_and_catch_by_level():
    assert policy.REACTION["random"] < policy.REACTION["greedy"] < policy.REACTION["smart"]
    for level in ("greedy", "smart"):
        g = two_left()
        m = bots.make(level, Rng(1), DU).choose(g.view(0))
        assert m & D.CALL and m < D.UNO, "greedy and smart always call"
    g = two_left()
    play_at(g, 0, "1-3 R")
    caught = sum(bots.make("smart", Rng(s), DU).choose(g.view(2)) == D.CATCH for s in range(50))
    assert 35 <= caught <= 50


STUCK = "0-1 1-2 2-5 5-1 1-4 4-6 6-5"  # holding 4-4 3-3: five tiles off L, two off R


def test_greedy_takes_back_from_the_end_needing_fewer_tiles():
    g = position(2, {0: "4-4 3-3", 1: "6-6 0-0"}, STUCK)
    assert policy.take_cost(g.view(0), 0)[0] == 5
    assert policy.take_cost(g.view(0), 1)[0] == 2
    assert bots.make("greedy", Rng(1), DU).choose(g.view(0)) == D.TAKE_R


def test_smart_decides_take_backs_and_drawn_tiles_with_legal_moves():
    bot = bots.make("smart", Rng(2), DU, rollouts=24)
    g = position(2, {0: "4-4 3-3", 1: "6-6 0-0"}, STUCK)
    assert bot.choose(g.view(0)) in (D.TAKE_L, D.TAKE_R)
    g = position(3, {0: "6-6 4-4", 1: "3-2 0-0", 2: "2-2 0-3"}, "5-1", stock="1-2 6-4 3-4")
    play_at(g, 0, "draw")
    buf = bytearray(DU.max_moves)
    n = g.legal(0, buf)
    assert bot.choose(g.view(0)) in set(buf[i] for i in range(n))


def test_bot_matches_are_the_same_from_the_same_seed():
    from pips import selfplay

    a = selfplay.record_match(DU, 4, 21, ["smart", "random", "greedy", "random"], 16)
    b = selfplay.record_match(DU, 4, 21, ["smart", "random", "greedy", "random"], 16)
    assert a["digest"] == b["digest"] and a["totals"] == b["totals"]
    lines = [x for hand in a["hands"] for x in hand]
    assert any(x.endswith(" uno") for x in lines)


# -- the same matches on MicroPython ------------------------------------------------------

_RECORDS = """
from pips import games, selfplay
for name, players, seed, levels, rollouts, options in CASES:
    r = selfplay.record_match(games.get(name), players, seed, levels, rollouts, options)
    print("%s %d %d" % (name, players, seed))
    for lines in r["hands"]:
        print(" | ".join(lines))
    print(r["digest"], r["moves"], r["hands_played"], r["totals"], r["ranks"])
"""

MPY_CASES = [
    ("domino-uno", 2, 3, ("smart", "random"), 12, None),
    ("domino-uno", 4, 5, ("random", "greedy", "smart", "random"), 12, None),
    ("domino-uno", 6, 2, ("random",) * 6, -1, {"scoring": "pips", "penalty": 1}),
]


def test_matches_are_identical_on_cpython_and_micropython():
    from mpy_support import HAVE_MICROPYTHON, run_micropython

    if not HAVE_MICROPYTHON:
        pytest.skip("no MicroPython unix port in the venv (run make)")
    code = "CASES = %r\n%s" % (MPY_CASES, _RECORDS)
    printed = []
    exec(compile(code, "<records>", "exec"), {"print": lambda *a: printed.append(
        " ".join(str(x) for x in a))})
    rc, out, err = run_micropython(code, from_mpy=False, timeout=600)
    assert rc == 0, out + err
    assert out.rstrip("\n") == "\n".join(printed)
    assert " uno" in out and "catch" in out


# -- the simulation facts' tool (docs/figures.md) -------------------------------------------
def test_handstats_counts_hands_turns_and_take_backs_as_played():
    import io
    import json

    from pips.bots import bot_rng, table_bots
    from pips.selfplay import play_hand
    from pips_tools import handstats

    out = io.StringIO()
    assert handstats.main(["domino-uno", "--hands", "60", "--players", "2,5", "--word", "take"], out) == 0
    rows = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [r["players"] for r in rows] == [2, 5]
    # the same hands played here: their turns and take-backs
    for r in rows:
        players = r["players"]
        turns, takes, with_take = [], 0, 0
        for i in range(60):
            g = DU(players, None, Rng(i))
            texts = []
            play_hand(g, table_bots(("random",) * players, bot_rng(i), DU), lambda s, t: texts.append(t))
            turns.append(g.turns)
            k = sum(1 for t in texts if t.startswith("take"))
            takes += k
            with_take += k > 0
        assert r["turns"]["max"] == max(turns) and r["turns"]["mean"] == round(sum(turns) / 60, 2)
        assert r["words"]["take"]["hands"] == with_take
        assert r["words"]["take"]["per_hand"] == round(takes / 60, 3)
        assert r["turns"]["median"] <= r["turns"]["p99"] <= r["turns"]["max"] < D._CAP  # the 500-turn cap
        assert r["no_winner"] == 0
    assert any(r["words"]["take"]["hands"] for r in rows)
