"""Matador (docs/rules/matador.md): the rule of 7,
the matadors laid anywhere either way round by a player with no ordinary
tile that fits, the blank end, the 3 tiles out of play shown at the end,
drawing as in Draw; refusals, notation and properties over random hands."""

import io
import json

import pytest

from pips import tiles
from pips.bots import make
from pips.games.domino import DRAW, PASS
from pips.games.matador.game import MATADOR, MATADORS, ORD, Matador, mat_move
from pips.match import Match
from pips.rng import Rng
from pips.tiles import ALL, COUNT, HI, LO, PIPS

from test_draw import draw_conserved
from game_helpers import legal, play, refused, snapshot, stacked, texts

BUF = bytearray(Matador.max_moves)


OUT = "6-6 5-5 4-4"
DEAL = stacked(OUT, "5-3 6-1 2-2", "4-2 2-1 0-0", "3-2 6-5")


def test_the_matadors_are_the_blank_double_and_the_tiles_adding_up_to_7():
    assert sorted(tiles.codes(MATADORS)) == sorted(
        t for t in range(COUNT) if PIPS[t] == 7 or t == tiles.code(0, 0)
    )
    assert ORD[0] == 0  # no half shows 7: only a matador covers a 0


def test_a_stacked_deal_sets_3_aside_then_3_each_and_the_rest_is_the_reserve():
    g = Matador(2, None, None, DEAL, 0)
    assert sorted(g.info()["hands"][0]) == sorted(["5-3", "6-1", "2-2"])
    assert sorted(g.info()["hands"][1]) == sorted(["4-2", "2-1", "0-0"])
    assert g.info()["stock"] == 19 and [tiles.text(t) for t in g.stock[g.top:][:2]] == ["3-2", "6-5"]
    assert tiles.mask_text(g.out) == OUT.split()
    assert "out" not in g.info() and g.view(0).out == 0 and g.view(1).out == 0
    assert draw_conserved(g)
    with pytest.raises(ValueError):
        Matador(2, None, None, DEAL[:-1], 0)
    with pytest.raises(ValueError):
        Matador(2, None, None, DEAL + [0], 0)
    assert {Matador(2, None, Rng(s)).first for s in range(30)} == {0, 1}
    assert Matador(2, None, Rng(1)).table_options == {"wins": 3}
    with pytest.raises(ValueError):
        Matador(2, {"wins": 4}, Rng(1))
    with pytest.raises(ValueError):
        Matador(3, None, Rng(1))


def test_the_rule_of_7_the_free_matador_the_blank_end_and_drawing():
    g = Matador(2, None, None, DEAL, 0)
    # the starter lays any tile, either way round
    assert len(legal(g)) == 5
    play(g, "5-3")
    assert g.info()["ends"] == [5, 3]
    # touching halves add up to 7: 4 on 3, 2 on 5; the 0-0 may not go anywhere
    assert texts(g) == ["2-1 L", "2-4 L", "4-2 R"]
    refused(g, 1, mat_move(0, 0, 0), "holds a tile that fits")
    refused(g, 1, DRAW, "may not draw")
    refused(g, 1, tiles.code(2, 1) * 2 + 1, "does not make 7")
    play(g, "2-1 L")
    assert g.info()["line"] == ["1-2", "5-3"] and g.info()["ends"] == [1, 3]
    # seat 0: no ordinary tile fits (2-2 makes 3 and 5), so its matador 6-1 goes
    # on either end, either way round
    assert texts(g) == ["1-6 L", "1-6 R", "6-1 L", "6-1 R"]
    play(g, "1-6 R")  # the 1 against the 3, whatever the pips
    assert g.info()["line"] == ["1-2", "5-3", "1-6"] and g.info()["ends"] == [1, 6]
    # ... which shows seat 0 held no ordinary tile making 7 with 1 or 3
    assert g.forbid[0] & ORD[1] & ~MATADORS == ORD[1] & ~MATADORS
    # seat 1: 4-2 makes 7 with neither; the blank double goes on either end
    assert texts(g) == ["0-0 L", "0-0 R"]
    refused(g, 1, mat_move(0, 0, 0) + 1, "one way")
    refused(g, 1, DRAW, "may not draw")
    play(g, "0-0 R")
    assert g.info()["ends"] == [1, 0]
    # seat 0 holds 2-2 only: neither a tile making 7 nor a matador: it draws,
    # one tile at a time, and stays on turn until one fits
    assert legal(g) == [DRAW]
    refused(g, 0, PASS, "not empty")
    refused(g, 0, tiles.code(2, 2) * 2, "does not make 7")
    g.play(0, DRAW)  # 3-2: 3 + 1 and 2 + 1 make no 7
    assert g.turn == 0 and legal(g) == [DRAW]
    g.play(0, DRAW)  # 6-5: 6 + 1
    assert texts(g) == ["6-5 L"]
    play(g, "6-5 L")
    assert g.info()["line"] == ["5-6", "1-2", "5-3", "1-6", "0-0"] and g.info()["ends"] == [5, 0]
    play(g, "2-4 L")
    assert g.hands[1] == 0 and g.turn == 0 and g.winner == -1  # the reserve lasts
    play(g, "3-2 L")
    assert g.info()["ends"] == [2, 0] and g.turn == 1
    assert legal(g) == [DRAW]  # the empty hand draws
    assert draw_conserved(g)


def test_a_matador_goes_anywhere_only_for_a_player_with_no_ordinary_tile_that_fits():
    # ends 3 and 5: seat 1's 4-2 makes 7 on both (4 on 3, 2 on 5), so its 6-1
    # (which makes no 7 there) may not be laid
    g = Matador(2, None, None, stacked(OUT, "5-3 3-3 2-2", "6-1 4-2 1-1"), 0)
    play(g, "3-5")
    assert texts(g) == ["2-4 R", "4-2 L"]
    refused(g, 1, mat_move(tiles.code(6, 1), 1, 6), "holds a tile that fits")
    # ends 6 and 6: no ordinary tile of seat 1 fits; its 6-1 makes 7 with its
    # 1 on either end, and as a matador every way round is open
    g = Matador(2, None, None, stacked("5-5 4-4 3-0", "6-6 1-0 2-2", "6-1 2-0 3-3"), 0)
    play(g, "6-6")
    assert texts(g) == ["1-6 L", "1-6 R", "6-1 L", "6-1 R"]
    with pytest.raises(ValueError, match="either end"):
        g.parse_move(1, "6-1")
    assert g.parse_move(1, "1-6 R") == mat_move(tiles.code(6, 1), 1, 1)
    assert g.parse_move(1, "6-1 R") == mat_move(tiles.code(6, 1), 1, 6)
    play(g, "6-1 R")  # 6 against the 6, whatever the pips: the end shows 1
    assert g.info()["ends"] == [6, 1] and g.info()["line"] == ["6-6", "6-1"]
    # two matadors, no ordinary tile that fits: either, anywhere, either way
    g = Matador(2, None, None, stacked("5-5 4-4 3-0", "6-6 1-0 2-2", "6-1 5-2 3-3"), 0)
    play(g, "6-6")
    assert len(legal(g)) == 8


def test_with_an_ordinary_tile_that_fits_a_matador_goes_only_where_it_makes_7():
    g = Matador(2, None, None, stacked(OUT, "6-3 5-1 2-2", "6-1 6-0 3-3"), 0)
    play(g, "1-5")  # ends 1, 5: 6-1 makes 7 on the left (6 on 1), 6-0 too
    assert texts(g) == ["6-0 L", "6-1 L"]
    m = g.parse_move(1, "1-6 L")  # either order, only one way fits
    assert m == g.parse_move(1, "6-1 L") == g.parse_move(1, "6-1") == mat_move(tiles.code(6, 1), 0, 6)
    refused(g, 1, mat_move(tiles.code(6, 1), 0, 1), "holds a tile that fits")
    refused(g, 1, mat_move(tiles.code(6, 1), 1, 6), "holds a tile that fits")
    refused(g, 1, tiles.code(6, 1) * 2, "matador is laid with the half that touches")
    play(g, "6-1 L")
    assert g.info()["ends"] == [1, 5] and g.info()["line"] == ["1-6", "1-5"]


def test_the_tiles_out_of_play_are_shown_when_the_hand_ends():
    rng = Rng(4)
    for _ in range(50):
        g = Matador(2, None, rng)
        out = g.out
        while g.turn >= 0:
            assert "out" not in g.info() and g.view(g.turn).out == 0
            n = g.legal(g.turn, BUF)
            g.play(g.turn, BUF[rng.below(n)])
        assert g.info()["out"] == tiles.mask_text(out) and len(g.info()["out"]) == 3
        assert g.view(0).out == out == g.view(1).out


def test_endings_scores_and_a_bounded_hand_over_many_random_hands():
    rng = Rng(2026)
    seen = {"out": 0, "dead": 0, "tie": 0}
    longest = 0
    free = 0
    for _ in range(3000):
        g = Matador(2, None, rng)
        while g.turn >= 0:
            s = g.turn
            moves = legal(g)
            for m in moves:
                if m < PASS and g.left >= 0:
                    # an ordinary lay: never a matador, never on a 0 end, and making 7
                    t = m >> 1
                    end = g.right if m & 1 else g.left
                    assert not (1 << t) & MATADORS and end != 0
                    assert 7 - end in (HI[t], LO[t])
                elif m >= MATADOR:
                    free += 1
            if moves == [DRAW]:
                assert g.top < COUNT
            if moves == [PASS]:
                assert g.top == COUNT
            g.play(s, moves[rng.below(len(moves))])
            assert draw_conserved(g)
        longest = max(longest, g.moves)
        assert g.top == COUNT
        if 0 in g.hands:
            assert g.winner == g.hands.index(0)
            seen["out"] += 1
        else:
            fit = ORD[g.left] | ORD[g.right] | MATADORS
            assert not g.held & fit
            counts = [tiles.pips(m) for m in g.hands]
            if counts[0] == counts[1]:
                assert g.winner == -1
                seen["tie"] += 1
            else:
                assert g.winner == counts.index(min(counts))
                seen["dead"] += 1
        assert sum(g.scores) == (1 if g.winner >= 0 else 0)
        # a rollout's worth to the smart bot: the result and the pips margin,
        # its sign the hand's result
        for seat in (0, 1):
            result = 0 if g.winner < 0 else 1 if g.winner == seat else -1
            margin = tiles.pips(g.hands[1 - seat]) - tiles.pips(g.hands[seat])
            worth = g.utility(seat)
            assert worth == result + margin
            assert (worth > 0) - (worth < 0) == result
    assert min(seen.values()) > 0, seen
    assert free > 0 and longest < 60, longest


def test_the_match_goes_to_the_hands_won_and_the_starter_alternates():
    rng = Rng(3)
    for wins in (1, 3, 5):
        m = Match(Matador, 2, {"wins": wins}, seed=wins)
        first = m.first
        k = 0
        while not m.over:
            g = m.new_hand()
            assert g.first == (first + k) % 2
            k += 1
            g.playout(rng, BUF)
            m.end_hand()
        assert max(m.totals) == wins


def test_illegal_and_malformed_moves_are_refused_without_change():
    g = Matador(2, None, None, DEAL, 0)
    refused(g, 1, tiles.code(4, 2) * 2, "turn")
    refused(g, 0, tiles.code(4, 2) * 2, "not in seat 0's hand")
    for bad in (-1, 74, 255, 10**9, "5-3", None, 1.0):
        refused(g, 0, bad, "no such move")
    refused(g, 0, DRAW, "first tile")
    refused(g, 0, tiles.code(2, 2) * 2 + 1, "one way")
    play(g, "5-3")
    refused(g, 1, mat_move(tiles.code(6, 1), 0, 6), "not in seat 1's hand")
    for text, match in (("", "empty"), ("8-1", "not a tile"), ("4-2 Q", "L or R"),
                        ("4-2 L R", "a tile and an end"), ("1-1", "neither end")):
        before = snapshot(g)
        with pytest.raises(ValueError, match=match):
            g.parse_move(1, text)
        assert snapshot(g) == before
    with pytest.raises(ValueError, match="cannot be laid now"):
        g.parse_move(1, "6-1")  # seat 1 does not hold it
    g.play_text(1, "2-1 L")
    with pytest.raises(ValueError, match="either end"):
        g.parse_move(0, "6-1")


def test_notation_round_trips_on_every_legal_move():
    rng = Rng(6)
    seen = 0
    for _ in range(300):
        g = Matador(2, None, rng)
        while g.turn >= 0:
            for m in legal(g):
                text = g.move_text(m)
                assert g.parse_move(g.turn, text) == m, text
                assert g.parse_move(g.turn, text.upper()) == m
                assert g.view(g.turn).move_text(m) == text
                seen += 1
            n = g.legal(g.turn, BUF)
            g.play(g.turn, BUF[rng.below(n)])
    assert seen > 3000


def test_samples_keep_the_view_and_hide_the_out_of_play_tiles():
    rng = Rng(8)
    sampler = Rng(9)
    for _ in range(150):
        g = Matador(2, None, rng)
        while g.turn >= 0:
            s = g.turn
            v = g.view(s)
            assert not hasattr(v, "hands") and v.stock == COUNT - g.top
            w = v.sample(sampler)
            assert w.hands[s] == g.hands[s] and tiles.count(w.hands[1 - s]) == tiles.count(g.hands[1 - s])
            assert not w.hands[1 - s] & g.laid and tiles.count(w.out) == 3
            assert draw_conserved(w) and w.top == g.top and w.turn == g.turn
            w.playout(sampler, BUF)
            assert w.turn == -1 and draw_conserved(w)
            n = g.legal(s, BUF)
            g.play(s, BUF[rng.below(n)])


def test_bots_and_the_command_line():
    for level in ("random", "greedy", "smart"):
        bot = make(level, Rng(1), Matador, rollouts=24)
        g = Matador(2, None, Rng(5))
        while g.turn >= 0:
            g.play(g.turn, bot.choose(g.view(g.turn)))
    from pips_sim import cli

    out = io.StringIO()
    assert cli.main(["run", "matador", "--games", "4", "--bots", "greedy,random", "--json"],
                    stdin=io.StringIO(""), stdout=out) == 0
    deal = " ".join(tiles.text(t) for t in DEAL)
    out = io.StringIO()
    lines = "0 5-3\n1 2-1 L\n0 1-6 R\n1 0-0 R\n"
    assert cli.main(["referee", "matador", "--deal", deal, "--first", "0"],
                    stdin=io.StringIO(lines), stdout=out) == 0
    states = [json.loads(x) for x in out.getvalue().splitlines()]
    assert [s["error"] for s in states] == [None] * 5
    assert states[-1]["line"] == ["1-2", "5-3", "1-6", "0-0"] and states[-1]["legal"] == ["draw"]
    assert "out" not in states[-1]


def _worth(g, seat, pool):
    """The rest of hand g to `seat` by the game's own moves: the seat's lays
    at their best, the other's each as likely, each draw any tile of `pool`
    as likely (1 won, -1 lost, 0 tied): what the smart bot's search of the
    last tiles (pips.bots.matador) computes, found the slow way."""
    if g.turn < 0:
        return 1 if g.winner == seat else (-1 if g.winner >= 0 else 0)
    buf = bytearray(Matador.max_moves)
    n = g.legal(g.turn, buf)
    if buf[0] == DRAW:
        total = 0
        for c in range(COUNT):
            if pool >> c & 1:
                h = Matador(2, None)
                h.copy_from(g)
                k = h.stock.index(c)  # the tile c on top of the reserve
                h.stock[k], h.stock[h.top] = h.stock[h.top], h.stock[k]
                h.play(h.turn, DRAW)
                total += _worth(h, seat, pool & ~(1 << c))
        return total / tiles.count(pool)
    values = []
    for i in range(n):
        h = Matador(2, None)
        h.copy_from(g)
        h.play(h.turn, buf[i])
        values.append(_worth(h, seat, pool))
    return max(values) if g.turn == seat else sum(values) / len(values)


def test_the_search_of_the_last_tiles_is_exact():
    from pips.bots import matador as policy

    # (with a reserve of 1 at most: the slow way takes minutes at 3)
    rng = Rng(31)
    checked = 0
    for _ in range(25):
        g = Matador(2, None, rng)
        while g.turn >= 0:
            s = g.turn
            v = g.view(s)
            n = g.legal(s, BUF)
            if n > 1 and COUNT - g.top <= 1 and g.left >= 0:
                op = g.hands[1 - s]
                pool = ALL & ~g.hands[s] & ~g.laid & ~op
                for i in range(n):
                    t, side, far = v._placed(BUF[i])
                    left, right = (g.left, far) if side else (far, g.right)
                    found = policy._after(g.hands[s], op, pool, 1 << t, left, right, 0,
                                          COUNT - g.top, {}, {}, [1 << 20, 1 << 20])
                    h = Matador(2, None)
                    h.copy_from(g)
                    h.play(s, BUF[i])
                    assert abs(found / 4096 - _worth(h, s, pool)) < 0.01
                    checked += 1
            g.play(s, BUF[rng.below(n)])
    assert checked >= 30


def test_the_smart_bot_searches_the_last_tiles_and_rolls_out_past_its_budget(monkeypatch):
    from pips.bots import matador as policy

    rng = Rng(32)
    searched = gave = 0
    for budget in (policy.NODES, 0):
        monkeypatch.setattr(policy, "NODES", budget)
        for _ in range(8):
            g = Matador(2, None, rng)
            bot = make("smart", Rng(4), Matador)
            while g.turn >= 0:
                s = g.turn
                v = g.view(s)
                n = g.legal(s, BUF)
                moves = bytes(BUF[:n])
                bot.done = 0
                bot.begin(v)
                searching = bot.thinking is not None
                move = bot.step(1 << 30)
                assert move in moves
                if searching:
                    assert COUNT - g.top <= policy.LAST
                    if budget == 0:
                        gave += bot.done > 0  # given up at once: the rollouts decided
                    elif bot.done == 0:
                        searched += 1  # the search decided, no rollout made
                g.play(s, move)
    assert searched > 5 and gave > 5


def test_the_search_of_the_last_tiles_thinks_a_few_positions_a_step(monkeypatch):
    """No step of the smart bot's thinking searches more than STEP new
    positions (one step of the whole search took 31 ms of a frame on the
    emulated Pico), and a search cut into steps still decides."""
    from pips.bots import matador as policy

    # (a step first searches again the positions above where the last one
    # stopped: the hand's depth, some 20, is well within a step)
    monkeypatch.setattr(policy, "STEP", 40)
    value = policy._value
    fresh = [0, 0]  # new positions in this step, the most in a step

    def counted(me, op, pool, left, right, turn, stock, memo, mine, budget):
        held = me | op
        tag = ((left * 8 + right) * 2 + turn) * 4 + stock
        hit = memo.get(held, -1)
        if not (hit >= 0 and hit & 511 == tag and mine[held] == me | pool) and budget[0] > 0 and budget[1] > 0:
            fresh[0] += 1  # a position searched (not one the step's end turns away)
        return value(me, op, pool, left, right, turn, stock, memo, mine, budget)

    monkeypatch.setattr(policy, "_value", counted)
    rng = Rng(33)
    searches = steps = 0
    for _ in range(6):
        g = Matador(2, None, rng)
        bot = make("smart", Rng(5), Matador)
        while g.turn >= 0:
            s = g.turn
            v = g.view(s)
            n = g.legal(s, BUF)
            moves = bytes(BUF[:n])
            bot.done = 0
            bot.begin(v)
            searching = bot.thinking is not None
            move = -1
            while move < 0:
                fresh[0] = 0
                move = bot.step(1)
                steps += searching
                fresh[1] = max(fresh[1], fresh[0])
            assert move in moves
            searches += searching
            g.play(s, move)
    assert searches > 5 and steps > 4 * searches
    assert 30 < fresh[1] <= 40, fresh[1]
