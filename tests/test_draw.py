"""Draw (docs/rules/draw.md): every rule and every
"Decided here" point on stacked deals, refusals that change nothing, notation,
and properties over thousands of random hands (no tile lost or doubled, the
ends as the page says, hands that always end)."""

import io
import json

import pytest

from pips import tiles
from pips.bots import make
from pips.games import get
from pips.games.domino import DRAW, PASS
from pips.games.draw.game import Draw
from pips.match import Match
from pips.rng import Rng
from pips.tiles import ALL, COUNT, WITH
from pips.tiles import parse_list as parse_tiles
from game_helpers import legal, play, refused, snapshot, stacked, texts

BUF = bytearray(Draw.max_moves)


# -- helpers -------------------------------------------------------------------
def reserve(game):
    return [tiles.text(t) for t in game.stock[game.top:]]


def draw_conserved(game):
    """Hands, line, reserve (and tiles out of play) hold every tile once."""
    seen = []
    for m in game.hands:
        seen += tiles.codes(m)
    for a, b in game.view(0).line_pairs():
        seen.append(tiles.code(a, b))
    seen += list(game.stock[game.top:])
    seen += tiles.codes(game.out)
    return sorted(seen) == list(range(COUNT))


# A hand where seat 0 lays a chain on the right end and seat 1 on the left:
# both empty their hands with 14 tiles still in the reserve.
CHAIN0 = "6-6 6-5 5-5 5-4 4-4 4-3 3-3"
CHAIN1 = "6-0 0-0 1-0 1-1 2-1 2-2 2-0"
CHAIN_MOVES = (
    "6-6", "6-0 L", "6-5 R", "0-0 L", "5-5 R", "1-0 L", "5-4 R", "1-1 L",
    "4-4 R", "2-1 L", "4-3 R", "2-2 L", "3-3 R", "2-0 L",
)


# -- the deal ---------------------------------------------------------------------
def test_a_stacked_deal_gives_seat_0_seven_seat_1_seven_and_the_rest_is_the_reserve():
    g = Draw(2, None, None, stacked(CHAIN0, CHAIN1, "6-1 5-2 4-0"), 0)
    assert g.info()["hands"][0] == tiles.mask_text(sum(1 << t for t in parse_tiles(CHAIN0)))
    assert sorted(g.info()["hands"][1]) == sorted(CHAIN1.split())
    assert g.info()["stock"] == 14 and reserve(g)[:3] == ["6-1", "5-2", "4-0"]
    assert g.info()["line"] == [] and g.info()["ends"] == []
    assert g.turn == g.first == 0 and draw_conserved(g)
    assert Draw.parse_deal(" ".join(tiles.text(t) for t in range(COUNT))) == list(range(COUNT))


@pytest.mark.parametrize(
    "deal", [list(range(27)), list(range(28)) + [0], [1] + list(range(1, 28)), []]
)
def test_a_bad_stacked_deal_is_refused(deal):
    with pytest.raises(ValueError):
        Draw(2, None, None, deal, 0)


def test_two_players_and_the_wins_option():
    for players in (1, 3, 4):
        with pytest.raises(ValueError, match="players"):
            Draw(players, None, Rng(1))
    assert Draw(2, None, Rng(1)).table_options == {"wins": 3}
    for wins in (1, 3, 5, 7):
        assert Draw(2, {"wins": wins}, Rng(1)).table_options == {"wins": wins}
    assert Draw.table({"wins": "5"}) == {"wins": 5}
    for bad in ({"wins": 2}, {"wins": 0}, {"target": 100}):
        with pytest.raises(ValueError):
            Draw(2, bad, Rng(1))


def test_lots_pick_the_first_starter_and_the_starter_alternates():
    assert {Draw(2, None, Rng(s)).first for s in range(30)} == {0, 1}
    m = Match(Draw, 2, {"wins": 7}, seed=4)
    start = m.first
    rng = Rng(9)
    for hand in range(5):
        g = m.new_hand()
        assert g.turn == g.first == (start + hand) % 2
        g.playout(rng, BUF)
        m.end_hand()


# -- laying ---------------------------------------------------------------------
def test_the_starter_lays_any_tile_then_equal_pips_touch():
    g = Draw(2, None, None, stacked(CHAIN0, CHAIN1), 0)
    assert len(legal(g)) == 4 + 2 * 3  # 4 doubles one way, 3 tiles either way
    refused(g, 0, DRAW, "first tile")
    refused(g, 0, PASS, "first tile")
    play(g, "6-6")
    assert texts(g) == ["6-0 L", "6-0 R"]
    refused(g, 1, tiles.code(1, 1) * 2, "does not match")
    play(g, "6-0 L", "6-5 R")
    assert g.info()["line"] == ["0-6", "6-6", "6-5"] and g.info()["ends"] == [0, 5]


def test_with_a_tile_that_fits_you_must_lay_no_draw_no_pass():
    g = Draw(2, None, None, stacked(CHAIN0, CHAIN1), 0)
    play(g, "6-6")
    refused(g, 1, DRAW, "may not draw")
    refused(g, 1, PASS, "may not pass")
    assert DRAW not in legal(g) and PASS not in legal(g)


def test_nothing_fits_draw_one_at_a_time_stay_on_turn_then_lay_the_tile_that_fits():
    # seat 1 holds no 6; the reserve gives 1-1 and 2-1 (no 6), then 6-2
    g = Draw(
        2, None, None,
        stacked("6-6 6-5 6-4 6-3 5-5 4-4 3-3", "0-0 1-0 2-0 2-2 3-0 3-1 4-0", "1-1 2-1 6-2"), 0,
    )
    play(g, "6-6")
    assert legal(g) == [DRAW] and g.turn == 1
    refused(g, 1, PASS, "reserve is not empty")
    g.play(1, DRAW)
    assert g.turn == 1 and legal(g) == [DRAW] and g.info()["stock"] == 13
    assert "1-1" in g.info()["hands"][1]
    g.play(1, DRAW)
    assert g.turn == 1 and legal(g) == [DRAW]
    g.play(1, DRAW)
    # 6-2 fits both ends (6 and 6): the drawn tile, at either end, nothing else
    assert texts(g) == ["6-2 L", "6-2 R"]
    refused(g, 1, DRAW, "may not draw")
    refused(g, 1, tiles.code(2, 1) * 2, "does not match")
    play(g, "6-2 R")
    assert g.turn == 0 and g.info()["ends"] == [6, 2] and draw_conserved(g)
    assert g.info()["hands"][1] == tiles.mask_text(g.hands[1]) and tiles.count(g.hands[1]) == 9


def test_a_drawn_tile_that_opens_a_choice_lets_any_fitting_tile_be_laid():
    # seat 1 is stuck on 6 / 6 then ... it lays 6-2; seat 0 lays 6-5 L:
    # ends 5 / 2. Seat 1 holds 2-0, 2-2 (fit) - lays freely. A drawn tile that
    # fits adds its moves to the choice: here seat 0 holds no 5 and no 2 and
    # draws 5-1, after which 5-1 L is its only move.
    g = Draw(
        2, None, None,
        stacked("6-6 6-5 6-4 6-3 4-4 3-3 4-3", "0-0 1-0 2-0 2-2 3-0 3-1 4-0", "6-2 5-1"), 0,
    )
    play(g, "6-6")
    g.play(1, DRAW)
    play(g, "6-2 R", "6-5 L")
    assert texts(g) == ["2-0 R", "2-2 R"]
    play(g, "2-2 R")
    assert legal(g) == [DRAW]
    g.play(0, DRAW)
    assert texts(g) == ["5-1 L"]


def test_an_empty_hand_draws_at_its_next_turn_while_the_reserve_lasts():
    g = Draw(2, None, None, stacked(CHAIN0, CHAIN1, "6-1 5-2 4-0 6-2"), 0)
    play(g, *CHAIN_MOVES[:13])
    assert g.hands[0] == 0 and g.info()["stock"] == 14
    assert g.turn == 1 and g.winner == -1  # not out yet: the reserve holds tiles
    play(g, "2-0 L")
    assert g.hands == [0, 0] and g.turn == 0 and g.info()["ends"] == [0, 3]
    assert legal(g) == [DRAW]
    g.play(0, DRAW)  # 6-1: no 0, no 3
    assert g.turn == 0 and legal(g) == [DRAW]
    g.play(0, DRAW)  # 5-2
    g.play(0, DRAW)  # 4-0 fits the 0
    assert texts(g) == ["0-4 L"]
    play(g, "0-4 L")
    assert g.info()["hands"][0] == ["6-1", "5-2"] and g.turn == 1
    assert legal(g) == [DRAW] and g.info()["stock"] == 11 and draw_conserved(g)


def test_the_opponents_draws_are_remembered_for_sampling():
    g = Draw(2, None, None, stacked(CHAIN0, CHAIN1, "6-1 5-2 4-0 6-2"), 0)
    play(g, *CHAIN_MOVES)
    g.play(0, DRAW)
    assert g.forbid[0] == WITH[0] | WITH[3]
    view = g.view(1)
    rng = Rng(3)
    for _ in range(50):
        w = view.sample(rng)
        assert w.hands[1] == g.hands[1] and tiles.count(w.hands[0]) == 1
        assert not w.hands[0] & (WITH[0] | WITH[3])
        assert draw_conserved(w) and w.top == g.top and w.turn == g.turn


# -- the end of a hand --------------------------------------------------------------
def random_hand(rng, every=None):
    g = Draw(2, None, rng)
    while g.turn >= 0:
        if every is not None:
            every(g)
        n = g.legal(g.turn, BUF)
        g.play(g.turn, BUF[rng.below(n)])
    return g


def ending(g):
    """How the hand ended: 'out' (the last lay), 'out-by-draw' (the other's
    draw emptied the reserve), 'dead', 'tie'."""
    if 0 in g.hands:
        return "out"
    return "dead" if g.winner >= 0 else "tie"


def test_every_ending_is_as_the_page_says_over_many_random_hands():
    rng = Rng(2025)
    seen = {"out": 0, "out-by-draw": 0, "dead": 0, "tie": 0}
    longest = 0
    for _ in range(3000):
        last = [None]

        def every(g):
            last[0] = (g.turn, g.top)

        g = random_hand(rng, every)
        longest = max(longest, g.moves)
        assert draw_conserved(g) and g.turn == -1
        assert g.info()["stock"] == 0  # no hand ends while the reserve lasts
        kind = ending(g)
        if kind == "out":
            winner = g.hands.index(0)
            assert g.winner == winner and g.hands.count(0) == 1
            if last[0][0] != winner:  # the loser's draw ended it
                kind = "out-by-draw"
        else:
            # a dead end: nobody can attach; the lower count wins, equal counts tie
            assert not g.held & (WITH[g.left] | WITH[g.right])
            counts = [tiles.pips(m) for m in g.hands]
            if counts[0] == counts[1]:
                assert g.winner == -1
            else:
                assert g.winner == counts.index(min(counts))
        assert g.scores == ([0, 0] if g.winner < 0 else [int(s == g.winner) for s in (0, 1)])
        seen[kind] += 1
    assert min(seen.values()) > 0, seen
    assert longest <= 28 + 14 + 28  # lays, draws, and passes (each followed by a lay)


def test_the_hand_ends_the_moment_the_other_players_draw_empties_the_reserve():
    rng = Rng(7)
    found = 0
    for _ in range(3000):
        g = Draw(2, None, rng)
        while g.turn >= 0:
            n = g.legal(g.turn, BUF)
            m = BUF[rng.below(n)]
            s = g.turn
            if m == DRAW and g.top == COUNT - 1 and g.hands[1 - s] == 0:
                g.play(s, m)
                assert g.turn == -1 and g.winner == 1 - s and g.scores[1 - s] == 1
                found += 1
                break
            g.play(s, m)
    assert found > 0


def test_reserve_empty_and_nothing_fits_pass_and_the_other_plays():
    rng = Rng(11)
    found = 0
    for _ in range(400):
        g = Draw(2, None, rng)
        while g.turn >= 0:
            s = g.turn
            moves = legal(g)
            if moves == [PASS]:
                assert g.top == COUNT and not g.hands[s] & (WITH[g.left] | WITH[g.right])
                refused(g, s, DRAW, "may not draw|reserve is empty")
                g.play(s, PASS)
                assert g.turn == 1 - s and legal(g) != [PASS]
                found += 1
                continue
            if DRAW in moves:
                assert moves == [DRAW] and g.top < COUNT
                refused(g, s, PASS, "not empty")
            g.play(s, moves[rng.below(len(moves))])
    assert found > 10


def test_a_hand_won_scores_1_and_the_match_goes_to_the_wins_chosen():
    for wins in (1, 3, 5, 7):
        rng = Rng(wins)
        for seed in range(6):
            m = Match(Draw, 2, {"wins": wins}, seed=seed)
            while not m.over:
                g = m.new_hand()
                g.playout(rng, BUF)
                assert sum(g.scores) == (1 if g.winner >= 0 else 0)
                m.end_hand()
            assert max(m.totals) == wins and min(m.totals) < wins
            assert m.winner() == m.totals.index(wins)


# -- refusals -------------------------------------------------------------------------
def test_illegal_and_malformed_moves_are_refused_without_change():
    g = Draw(2, None, None, stacked(CHAIN0, CHAIN1), 0)
    refused(g, 1, tiles.code(6, 0) * 2, "turn")
    refused(g, 0, tiles.code(6, 0) * 2, "not in seat 0's hand")
    for bad in (-1, 58, 255, 10**12, "6-6", None, 2.0, True):
        refused(g, 0, bad, "no such move")
    refused(g, 0, tiles.code(6, 6) * 2 + 1, "one way")
    play(g, "6-6")
    refused(g, 1, tiles.code(2, 2) * 2, "does not match the left")
    refused(g, 0, tiles.code(6, 5) * 2, "turn")
    g.playout(Rng(1), BUF)
    refused(g, 0, PASS, "over")
    refused(g, 1, DRAW, "over")
    assert g.legal(0, BUF) == g.legal(1, BUF) == 0


@pytest.mark.parametrize(
    "text,match",
    [("", "empty"), ("7-1", "not a tile"), ("6-0 X", "L or R"), ("6-0 L R", "a tile and an end"),
     ("3-3", "neither end"), ("pass now", "not a tile"), ("draw 2", "not a tile")],
)
def test_malformed_notation_is_refused(text, match):
    g = Draw(2, None, None, stacked(CHAIN0, CHAIN1), 0)
    play(g, "6-6")
    before = snapshot(g)
    with pytest.raises(ValueError, match=match):
        g.parse_move(1, text)
    assert snapshot(g) == before


def test_notation_round_trips_on_every_legal_move():
    rng = Rng(5)
    seen = 0

    def every(g):
        nonlocal seen
        for m in legal(g):
            text = g.move_text(m)
            assert g.parse_move(g.turn, text) == m
            assert g.parse_move(g.turn, text.upper()) == m
            assert g.view(g.turn).move_text(m) == text
            if m < PASS and g.left >= 0:
                a, b = text.split()[0].split("-")
                assert g.parse_move(g.turn, "%s-%s %s" % (b, a, text[-1])) == m
            seen += 1

    for _ in range(150):
        random_hand(rng, every)
    assert seen > 3000
    g = Draw(2, None, Rng(1))
    assert g.move_text(DRAW) == "draw" and g.parse_move(0, " Draw ") == DRAW
    assert g.move_text(PASS) == "pass" and g.parse_move(0, "PASS") == PASS


# -- properties --------------------------------------------------------------------
def test_conservation_and_a_bounded_hand_over_thousands_of_random_hands():
    rng = Rng(99)
    longest = 0
    for _ in range(4000):
        g = Draw(2, None, rng)
        while g.turn >= 0:
            n = g.legal(g.turn, BUF)
            g.play(g.turn, BUF[rng.below(n)])
            union = g.hands[0] | g.hands[1]
            assert g.hands[0] & g.hands[1] == 0 and union == g.held
            stock = sum(1 << t for t in g.stock[g.top:])
            assert union | g.laid | stock == ALL
            assert tiles.count(union) + tiles.count(g.laid) + COUNT - g.top == COUNT
        assert draw_conserved(g)
        longest = max(longest, g.moves)
    assert longest < 60, longest


def test_views_show_only_what_the_seat_may_see_and_samples_agree():
    rng = Rng(8)
    sampler = Rng(9)
    for _ in range(120):
        g = Draw(2, None, rng)
        while g.turn >= 0:
            s = g.turn
            v = g.view(s)
            assert not hasattr(v, "hands") and v.hand == g.hands[s]
            assert v.piece_kind == "tile" and v.table_kind == "line"
            assert list(v.sizes) == [tiles.count(m) for m in g.hands] and v.stock == COUNT - g.top
            assert v.ends == (() if g.left < 0 else (g.left, g.right))
            assert sorted(v.hand_list()) == tiles.codes(g.hands[s])
            assert [tuple(map(int, x.split("-"))) for x in g.info()["line"]] == v.line_pairs()
            assert sorted(BUF[: v.legal(BUF)]) == legal(g)
            w = v.sample(sampler)
            assert w.hands[s] == g.hands[s] and list(w.sizes if False else [tiles.count(m) for m in w.hands]) == list(v.sizes)
            assert w.laid == g.laid and w.top == g.top and (w.left, w.right) == (g.left, g.right)
            assert draw_conserved(w) and w.turn == g.turn
            assert not w.hands[1 - s] & g.forbid[1 - s] or tiles.count(ALL & ~g.hands[s] & ~g.laid & ~g.forbid[1 - s]) < tiles.count(g.hands[1 - s])
            w.playout(sampler, BUF)
            assert w.turn == -1 and draw_conserved(w)
            n = g.legal(s, BUF)
            g.play(s, BUF[rng.below(n)])


# -- bots and the command line ---------------------------------------------------------
def test_bots_play_whole_matches_from_their_views():
    for level in ("random", "greedy", "smart"):
        bot = make(level, Rng(1), Draw, rollouts=24)
        m = Match(Draw, 2, {"wins": 1}, seed=3)
        g = m.new_hand()
        while g.turn >= 0:
            g.play(g.turn, bot.choose(g.view(g.turn)))
        assert g.winner in (-1, 0, 1)


def test_the_command_line_runs_and_referees_draw():
    from pips_sim import cli

    out = io.StringIO()
    assert cli.main(["run", "draw", "--games", "4", "--bots", "greedy,random", "--json"],
                    stdin=io.StringIO(""), stdout=out) == 0
    assert json.loads(out.getvalue())["games"] == 4
    deal = " ".join(tiles.text(t) for t in stacked(CHAIN0, CHAIN1))
    out = io.StringIO()
    lines = "0 6-6\n1 draw\n1 6-0 L\n0 6-0\n"
    assert cli.main(["referee", "draw", "--deal", deal, "--first", "0"],
                    stdin=io.StringIO(lines), stdout=out) == 0
    states = [json.loads(x) for x in out.getvalue().splitlines()]
    assert states[0]["stock"] == 14 and "6-6" in states[0]["legal"]
    assert states[2]["error"] and "may not draw" in states[2]["error"]
    assert states[3]["line"] == ["0-6", "6-6"] and states[3]["ends"] == [0, 6]
    assert states[4]["error"]
    assert get("draw") is Draw
    out = io.StringIO()
    assert cli.main(["play", "draw", "--humans", "0", "--bots", "random,random", "--seed", "2",
                     "--set", "wins=1"], stdin=io.StringIO(""), stdout=out) == 0
