"""Solitaire (docs/rules/solo.md): five face-up tiles,
forced rounds, refills of as many as were laid, the win and the two losses,
deal numbers; refusals, notation, properties over random deals, and the
smart bot's solver."""

import io
import json

import pytest

from pips import tiles
from pips.bots import make
from pips.bots import solo as policy
from pips.games.domino import DRAW, PASS
from pips.games.solo.game import Solo
from pips.match import Match
from pips.rng import Rng
from pips.tiles import ALL, COUNT, HI, LO, WITH

from game_helpers import legal, play, refused, snapshot, stacked, texts

BUF = bytearray(Solo.max_moves)


def solo_conserved(g):
    seen = tiles.codes(g.faceup) + list(g.stock[g.top:])
    seen += [tiles.code(a, b) for a, b in g.view(0).line_pairs()]
    return sorted(seen) == list(range(COUNT))


def euler_order():
    """All 28 tiles in an order where each fits the right end the one before leaves."""
    edges = {t for t in range(COUNT)}
    path = []
    stack = [(6, None)]
    while stack:
        v, t = stack[-1]
        nxt = [u for u in edges if v in (HI[u], LO[u])]
        if nxt:
            u = min(nxt)
            edges.discard(u)
            stack.append((HI[u] + LO[u] - v, u))
        else:
            stack.pop()
            if t is not None:
                path.append(t)
    return path[::-1]


def test_a_stacked_deal_turns_up_the_first_five_and_the_rest_is_the_stock():
    g = Solo(1, None, None, stacked("6-6 6-5 5-4 1-1 2-0", "4-3 0-0 2-2 5-5"))
    assert g.info()["faceup"] == ["6-6", "6-5", "5-4", "2-0", "1-1"]
    assert g.info()["hands"] == [g.info()["faceup"]] and g.info()["stock"] == 23
    assert [tiles.text(t) for t in g.stock[g.top:g.top + 4]] == ["4-3", "0-0", "2-2", "5-5"]
    assert g.turn == 0 and g.info()["line"] == [] and g.info()["ends"] == []
    for bad in (list(range(27)), list(range(28)) + [1], [0] * 28):
        with pytest.raises(ValueError):
            Solo(1, None, None, bad)
    for players in (0, 2):
        with pytest.raises(ValueError, match="player"):
            Solo(players, None, Rng(1))
    assert Solo.min_players == Solo.max_players == 1


def test_rounds_refills_and_a_loss_with_tiles_still_in_the_stock():
    g = Solo(1, None, None, stacked("6-6 6-5 5-4 1-1 2-0", "4-3 0-0 2-2 5-5"))
    assert len(legal(g, 0)) == 2 + 2 * 3  # any face-up tile opens, either way round
    play(g, "6-6")
    assert texts(g, 0) == ["6-5 L", "6-5 R"]  # a tile fits: keep laying
    refused(g, 0, PASS, "no passing")
    refused(g, 0, DRAW, "no such move")
    refused(g, 0, tiles.code(1, 1) * 2, "does not match")
    play(g, "6-5 R", "5-4 R")
    # nothing fits 6 / 4: the round laid 3, so 3 tiles are turned up
    assert g.info()["faceup"] == ["4-3", "2-2", "2-0", "1-1", "0-0"]
    assert g.info()["stock"] == 20 and g.round == 0 and g.turn == 0
    assert texts(g, 0) == ["4-3 R"]
    play(g, "4-3 R")
    # nothing fits 6 / 3; one tile laid, one turned up (5-5), which does not fit
    # either: lost with 19 tiles still in the stock
    assert g.turn == -1 and g.winner == -1 and g.scores == [0]
    assert g.info()["stock"] == 19 and "5-5" in g.info()["faceup"]
    assert solo_conserved(g)
    refused(g, 0, tiles.code(5, 5) * 2, "over")
    assert g.legal(0, BUF) == 0


def test_all_28_in_the_line_wins_and_the_last_refill_is_short():
    order = euler_order()
    g = Solo(1, None, None, order)
    for i, t in enumerate(order):
        if i == 25:
            # 5 laid in the round, 3 left in the stock: 3 turned up
            assert tiles.count(g.faceup) == 3 and g.info()["stock"] == 0
        # the circuit starts from 6: the opening shows 6 on the left, then
        # every tile goes on the right end
        assert t * 2 + (1 if i else 0) in legal(g, 0)
        g.play(0, t * 2 + (1 if i else 0))
        assert solo_conserved(g)
    assert g.laid == ALL and g.turn == -1 and g.winner == 0 and g.scores == [1]
    assert len(g.info()["line"]) == 28 and g.info()["faceup"] == [] and g.utility(0) == 100


def test_the_round_is_forced_and_the_endings_are_as_the_page_says():
    rng = Rng(31)
    wins = losses_early = losses_empty = 0
    for _ in range(3000):
        g = Solo(1, None, rng)
        while g.turn >= 0:
            assert PASS not in legal(g, 0) and legal(g, 0)
            assert g.faceup & (WITH[g.left] | WITH[g.right]) if g.left >= 0 else g.faceup
            before_top, before_round = g.top, g.round
            n = g.legal(0, BUF)
            g.play(0, BUF[rng.below(n)])
            if g.turn >= 0 and g.top != before_top:
                # a refill: as many as were laid (the round counts the move just made)
                assert g.top - before_top == min(before_round + 1, COUNT - before_top)
                assert g.round == 0
            assert tiles.count(g.faceup) <= 5 and solo_conserved(g)
        if g.winner == 0:
            wins += 1
            assert g.laid == ALL
        else:
            assert g.laid != ALL and not g.faceup & (WITH[g.left] | WITH[g.right])
            if g.top == COUNT:
                losses_empty += 1
            else:
                losses_early += 1
    assert wins and losses_early and losses_empty


def test_a_deal_number_replays_the_deal():
    for seed in (0, 1, 12345):
        a = Solo(1, None, Rng(seed))
        b = Solo(1, None, Rng(seed))
        assert bytes(a.stock) == bytes(b.stock) and a.faceup == b.faceup
    assert bytes(Solo(1, None, Rng(1)).stock) != bytes(Solo(1, None, Rng(2)).stock)
    m1, m2 = Match(Solo, 1, seed=77), Match(Solo, 1, seed=77)
    assert m1.new_hand().info() == m2.new_hand().info()
    assert m1.game.first == 0
    m1.game.playout(Rng(1), BUF)
    assert m1.end_hand() is True  # one deal is the whole game


def test_notation_round_trips_and_malformed_moves_are_refused():
    rng = Rng(3)
    seen = 0
    for _ in range(200):
        g = Solo(1, None, rng)
        while g.turn >= 0:
            for m in legal(g, 0):
                text = g.move_text(m)
                assert g.parse_move(0, text) == m and g.parse_move(0, text.upper()) == m
                assert g.view(0).move_text(m) == text
                seen += 1
            n = g.legal(0, BUF)
            g.play(0, BUF[rng.below(n)])
    assert seen > 1000
    g = Solo(1, None, None, stacked("6-6 6-5 5-4 1-1 2-0"))
    for text, match in (("", "empty"), ("pass", "no pass"), ("draw", "no draw"),
                        ("9-9", "not a tile"), ("6-6 L", "alone")):
        with pytest.raises(ValueError, match=match):
            g.parse_move(0, text)
    refused(g, 0, tiles.code(3, 3) * 2, "not face up")
    refused(g, 0, tiles.code(6, 6) * 2 + 1, "one way")
    refused(g, 1, tiles.code(6, 6) * 2, "one seat")
    for bad in (-1, 56, 255, "6-6", None):
        refused(g, 0, bad)


def test_the_view_hides_only_the_stock_order_and_samples_shuffle_it():
    rng = Rng(4)
    g = Solo(1, None, rng)
    for _ in range(3):
        if g.turn >= 0:
            g.play(0, legal(g, 0)[0])
    v = g.view(0)
    assert v.faceup == v.hand == g.faceup and v.stock == COUNT - g.top
    assert v.piece_kind == "tile" and v.table_kind == "solo" and list(v.sizes) == [tiles.count(g.faceup)]
    assert v.line_pairs() == g.view(0).line_pairs() and v.ends == (() if g.left < 0 else (g.left, g.right))
    orders = set()
    for _ in range(10):
        w = v.sample(rng)
        assert w.faceup == g.faceup and w.laid == g.laid and w.top == g.top and solo_conserved(w)
        assert sorted(w.stock[w.top:]) == sorted(g.stock[g.top:])
        orders.add(bytes(w.stock[w.top:]))
    assert len(orders) > 1


def wins_from(g):
    """Whether some way of laying wins from g, the stock order known (brute force)."""
    if g.turn < 0:
        return g.winner == 0
    for m in legal(g, 0):
        c = Solo(1, None, None, list(g.stock))
        c.__dict__.update({k: (bytearray(v) if isinstance(v, bytearray) else (list(v) if isinstance(v, list) else v))
                           for k, v in g.__dict__.items()})
        c.play(0, m)
        if wins_from(c):
            return True
    return False


def test_the_solver_finds_a_win_whenever_the_stock_is_empty_and_one_exists():
    rng = Rng(12)
    bot = make("smart", Rng(5), Solo)
    checked = 0
    for _ in range(3000):
        g = Solo(1, None, rng)
        while g.turn >= 0 and g.top < COUNT:
            n = g.legal(0, BUF)
            g.play(0, BUF[rng.below(n)])
        if g.turn < 0 or not wins_from(g):
            continue
        while g.turn >= 0:
            g.play(0, bot.choose(g.view(0)))
        assert g.winner == 0
        checked += 1
        if checked == 25:
            break
    assert checked >= 10


def test_bots_play_from_the_view_and_the_solver_answers_a_legal_move():
    rng = Rng(6)
    for level in ("random", "greedy", "smart"):
        bot = make(level, Rng(1), Solo)
        for _ in range(5):
            g = Solo(1, None, rng)
            while g.turn >= 0:
                m = bot.choose(g.view(0))
                assert m in legal(g, 0)
                g.play(0, m)
    g = Solo(1, None, Rng(1))
    v = g.view(0)
    n = v.legal(BUF)
    steps = list(policy.decide(v, BUF, n, Rng(2)))  # pieces of thinking (-1), then the move
    assert steps[:-1] == [-1] * (len(steps) - 1) and len(steps) > 1
    assert steps[-1] in legal(g, 0)


def test_the_command_line_runs_and_referees_solitaire():
    from pips_sim import cli

    out = io.StringIO()
    assert cli.main(["run", "solo", "--games", "5", "--bots", "greedy", "--json"],
                    stdin=io.StringIO(""), stdout=out) == 0
    assert json.loads(out.getvalue())["players"] == 1
    deal = " ".join(tiles.text(t) for t in stacked("6-6 6-5 5-4 1-1 2-0", "4-3 0-0 2-2 5-5"))
    out = io.StringIO()
    assert cli.main(["referee", "solo", "--deal", deal], stdin=io.StringIO("0 6-6\n0 pass\n0 6-5 R\n"),
                    stdout=out) == 0
    states = [json.loads(x) for x in out.getvalue().splitlines()]
    assert states[0]["faceup"] == ["6-6", "6-5", "5-4", "2-0", "1-1"] and states[0]["stock"] == 23
    assert states[2]["error"] and states[3]["ends"] == [6, 5]
