"""`make bench`: speed and memory of the core on CPython and on the real
MicroPython unix port, against the reference engines (OpenSpiel, RLCard).

    python -m pips_sim.bench [--seconds 2.5] [--json] [--skip-heap]

Every figure is measured in this run (nothing is remembered from earlier runs):
random-play games per second through the protocol, the smart bot's decision
time at its default budget, and the smallest MicroPython heap a whole smart
match fits in. The MicroPython figures come from scripts run under
`.venv/bin/micropython` with the modules compiled to .mpy (build/mpy).
"""

import argparse
import json
import os
import platform
import random
import subprocess
import sys
import time

from pips_sim import mpy

BARS = {
    "block_ratio": 20.0,  # our random games per second over OpenSpiel's
    "uno_ratio": 10.0,  # over RLCard's
    "smart_median_ms_mpy": 6.0,  # Block smart decision, median, unix port
    "block_heap_k": 32,
    "uno_heap_k": 48,
}

# Both runtimes run this: games per second of random play (pips.selfplay.random_games),
# batches doubling until SECONDS have passed.
_RATE_SCRIPT = """
import sys
from pips import games, selfplay
try:
    from time import ticks_us, ticks_diff
except ImportError:
    from time import perf_counter

    def ticks_us():
        return int(perf_counter() * 1000000)

    def ticks_diff(a, b):
        return a - b

G = games.get(sys.argv[1])
players = int(sys.argv[2])
budget_us = int(float(sys.argv[3]) * 1000000)
batch = 10
count = 0
moves = 0
spent = 0
seed = 1
while spent < budget_us:
    t0 = ticks_us()
    g, m = selfplay.random_games(G, players, batch, seed)
    spent += ticks_diff(ticks_us(), t0)
    count += g
    moves += m
    seed += 1
    if batch < 2000:
        batch *= 2
print("rate", count, moves, spent)
"""

# Both runtimes run this: the smart bot's time per decision, smart bots at every
# seat, hand after hand, for SECONDS. Forced moves (one legal move) are not
# counted: the bot answers them without thinking.
_DECISION_SCRIPT = """
import sys
from pips import games, bots
from pips.rng import Rng
try:
    from time import ticks_us, ticks_diff
except ImportError:
    from time import perf_counter

    def ticks_us():
        return int(perf_counter() * 1000000)

    def ticks_diff(a, b):
        return a - b

G = games.get(sys.argv[1])
players = int(sys.argv[2])
budget_us = int(float(sys.argv[3]) * 1000000)
out_of_turn = getattr(G, "out_of_turn", False)
buf = bytearray(G.max_moves)
samples = []
spent = 0
seed = 1
t_start = ticks_us()


def decide(game, seat, bot):
    view = game.view(seat)
    n = view.legal(buf)
    t0 = ticks_us()
    move = bot.choose(view)
    dt = ticks_diff(ticks_us(), t0)
    if n > 1:
        samples.append(dt)
    game.play(seat, move)


while ticks_diff(ticks_us(), t_start) < budget_us:
    game = G(players, None, Rng(seed))
    seats = [bots.make("smart", Rng(seed * 1000 + 17 + s), G) for s in range(players)]
    while game.turn >= 0:
        decide(game, game.turn, seats[game.turn])
        if out_of_turn:
            for other in range(players):
                if game.turn >= 0 and other != game.turn and game.legal(other, buf) > 0:
                    decide(game, other, seats[other])
    seed += 1
samples.sort()
n = len(samples)
print("decisions", n, samples[n // 2], samples[(n * 9) // 10], samples[-1])
"""

# MicroPython only: a whole match between smart bots; the heap bisection runs it.
_MATCH_SCRIPT = """
import sys
from pips import games, selfplay
r = selfplay.record_match(games.get(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), "smart",
                          keep=False)
print(r["digest"], r["moves"], r["hands_played"])
"""


def _parse(out, tag):
    for line in out.splitlines():
        words = line.split()
        if words and words[0] == tag:
            return [int(w) for w in words[1:]]
    raise RuntimeError("no %r line in the output:\n%s" % (tag, out[-2000:]))


def _run_cpython(script, args, timeout=300):
    done = subprocess.run(
        [sys.executable, "-c", script] + [str(a) for a in args],
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    if done.returncode != 0:
        raise RuntimeError("CPython script failed:\n%s%s" % (done.stdout, done.stderr[-2000:]))
    return done.stdout


def _run_mpy(script, args, tree, heap=None, timeout=300):
    rc, out, err = mpy.run_micropython(script, heap, [tree], timeout, args)
    if rc != 0:
        raise RuntimeError("MicroPython script failed:\n%s%s" % (out[-2000:], err[-2000:]))
    return out


def ours_rate(name, players, seconds, tree=None):
    """Random-play games per second on CPython (tree None) or MicroPython."""
    args = (name, players, seconds)
    if tree is None:
        out = _run_cpython(_RATE_SCRIPT, args)
    else:
        out = _run_mpy(_RATE_SCRIPT, args, tree)
    count, moves, spent_us = _parse(out, "rate")
    return {"games": count, "moves": moves, "seconds": spent_us / 1e6, "per_second": count * 1e6 / spent_us}


def smart_decisions(name, players, seconds, tree=None):
    """Median, p90 and max of the smart bot's decision time (ms)."""
    args = (name, players, seconds)
    if tree is None:
        out = _run_cpython(_DECISION_SCRIPT, args)
    else:
        out = _run_mpy(_DECISION_SCRIPT, args, tree)
    n, median, p90, worst = _parse(out, "decisions")
    return {"decisions": n, "median_ms": median / 1000, "p90_ms": p90 / 1000, "max_ms": worst / 1000}


def openspiel_block_rate(seconds, seed=1):
    """OpenSpiel's python_block_dominoes: chance outcomes drawn with their
    probabilities, players choosing uniformly among legal actions."""
    import pyspiel
    from open_spiel.python.games import block_dominoes  # noqa: F401  registers the game

    game = pyspiel.load_game("python_block_dominoes")
    rnd = random.Random(seed)
    count = 0
    moves = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                x = rnd.random()
                pick = outcomes[-1][0]
                for action, p in outcomes:
                    x -= p
                    if x < 0:
                        pick = action
                        break
                state.apply_action(pick)
            else:
                state.apply_action(rnd.choice(state.legal_actions()))
                moves += 1
        count += 1
    spent = time.perf_counter() - t0
    return {"games": count, "moves": moves, "seconds": spent, "per_second": count / spent}


def rlcard_uno_rate(seconds, seed=1, players=2):
    """RLCard's UnoGame driven directly with uniformly random legal actions."""
    import numpy
    from rlcard.games.uno.game import UnoGame

    game = UnoGame(num_players=players)
    game.np_random = numpy.random.RandomState(seed)
    rnd = random.Random(seed)
    count = 0
    moves = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        game.init_game()
        while not game.is_over():
            game.step(rnd.choice(game.get_legal_actions()))
            moves += 1
        count += 1
    spent = time.perf_counter() - t0
    return {"games": count, "moves": moves, "seconds": spent, "per_second": count / spent}


def smallest_match_heap(name, players, seeds, tree, low_k=8, high_k=128):
    """Smallest -X heapsize (KiB) a whole smart match fits for every seed."""
    k, outs = mpy.smallest_heap(
        _MATCH_SCRIPT, low_k, high_k, [tree], [(name, players, s) for s in seeds], timeout=300
    )
    return {"heap_k": k, "players": players, "seeds": list(seeds)}


def have_uno():
    try:
        from pips.uno import Uno  # noqa: F401
    except ImportError:
        return False
    return True


def _micropython_version():
    rc, out, err = mpy.run_micropython("import sys\nprint(sys.version)", None, [], 30)
    return out.strip()


def measure(seconds=2.5, heap=True, out=print):
    tree = mpy.DEFAULT_OUT
    mpy.build(tree)
    res = {
        "cpython": platform.python_version(),
        "micropython": _micropython_version(),
        "machine": platform.machine(),
        "seconds_each": seconds,
    }

    def step(label, fn, *args):
        out("  measuring %s ..." % label)
        t0 = time.perf_counter()
        value = fn(*args)
        value["wall"] = round(time.perf_counter() - t0, 1)
        return value

    block = res["block"] = {}
    block["cpython"] = step("Block random play, CPython", ours_rate, "block", 2, seconds)
    block["micropython"] = step("Block random play, MicroPython", ours_rate, "block", 2, seconds, tree)
    try:
        block["openspiel"] = step("OpenSpiel block dominoes", openspiel_block_rate, seconds)
    except ImportError as e:
        block["openspiel"] = {"error": "open_spiel missing (%s): pip install -r requirements-bench.txt" % e}
    block["smart_cpython"] = step("Block smart decisions, CPython", smart_decisions, "block", 2, seconds)
    block["smart_micropython"] = step(
        "Block smart decisions, MicroPython", smart_decisions, "block", 2, seconds, tree
    )
    if heap:
        block["heap"] = step(
            "Block smart match heap (bisection)", smallest_match_heap, "block", 2, (1, 2, 3), tree
        )
    if have_uno():
        uno = res["uno"] = {}
        uno["cpython"] = step("UNO random play, CPython", ours_rate, "uno", 2, seconds)
        uno["micropython"] = step("UNO random play, MicroPython", ours_rate, "uno", 2, seconds, tree)
        try:
            uno["rlcard"] = step("RLCard UNO", rlcard_uno_rate, seconds)
        except ImportError as e:
            uno["rlcard"] = {"error": "rlcard missing (%s): pip install -r requirements-bench.txt" % e}
        uno["smart_cpython"] = step("UNO smart decisions, CPython", smart_decisions, "uno", 2, seconds)
        uno["smart_micropython"] = step(
            "UNO smart decisions, MicroPython", smart_decisions, "uno", 2, seconds, tree
        )
        if heap:
            uno["heap"] = step(
                "UNO 10-player smart match heap (bisection)",
                smallest_match_heap,
                "uno",
                10,
                (1, 2),
                tree,
                16,
                256,
            )
    else:
        res["uno"] = {"error": "pips.uno does not import"}
    return res


def _ratio(ours, theirs):
    if "per_second" not in theirs:
        return None
    return ours["per_second"] / theirs["per_second"]


def table(res):
    lines = []
    add = lines.append
    add("Pips benchmark: CPython %s, %s (%s)" % (res["cpython"], res["micropython"], res["machine"]))
    add("each rate measured for about %.1f s in this run; heap = -X heapsize on the 64-bit unix port" % res["seconds_each"])
    add("")
    fmt = "%-44s %14s %14s   %s"
    add(fmt % ("", "CPython", "MicroPython", "reference, ratio (bar)"))

    def game_rows(title, d, ref_key, ref_name, bar_key):
        ours = d["cpython"]
        theirs = d.get(ref_key, {})
        r = _ratio(ours, theirs)
        if r is None:
            ref = theirs.get("error", "-")
        else:
            ref = "%s %.1f/s: %.1fx (bar %gx) %s" % (
                ref_name,
                theirs["per_second"],
                r,
                BARS[bar_key],
                "ok" if r >= BARS[bar_key] else "BELOW BAR",
            )
        add(fmt % (title + " random games/s (2 players)", "%.0f" % ours["per_second"],
                   "%.0f" % d["micropython"]["per_second"], ref))
        add(fmt % ("  moves/s", "%.0f" % (ours["moves"] / ours["seconds"]),
                   "%.0f" % (d["micropython"]["moves"] / d["micropython"]["seconds"]), ""))
        sc, sm = d["smart_cpython"], d["smart_micropython"]
        note = ""
        if title == "Block":
            bar = BARS["smart_median_ms_mpy"]
            note = "bar: MicroPython median <= %g ms %s" % (bar, "ok" if sm["median_ms"] <= bar else "ABOVE BAR")
        add(fmt % ("  smart decision median ms", "%.2f" % sc["median_ms"], "%.2f" % sm["median_ms"], note))
        add(fmt % ("  smart decision p90 ms", "%.2f" % sc["p90_ms"], "%.2f" % sm["p90_ms"],
                   "(%d and %d decisions, forced moves left out)" % (sc["decisions"], sm["decisions"])))

    game_rows("Block", res["block"], "openspiel", "OpenSpiel", "block_ratio")
    if "heap" in res["block"]:
        h = res["block"]["heap"]
        add(fmt % ("  smallest heap, smart match, 2 players", "", "%d KiB" % h["heap_k"],
                   "bar %d KiB %s (seeds %s)" % (BARS["block_heap_k"], "ok" if h["heap_k"] <= BARS["block_heap_k"] else "ABOVE BAR", h["seeds"])))
    if "error" in res["uno"]:
        add("UNO: %s" % res["uno"]["error"])
    else:
        game_rows("UNO", res["uno"], "rlcard", "RLCard", "uno_ratio")
        if "heap" in res["uno"]:
            h = res["uno"]["heap"]
            add(fmt % ("  smallest heap, smart match, 10 players", "", "%d KiB" % h["heap_k"],
                       "bar %d KiB %s (seeds %s)" % (BARS["uno_heap_k"], "ok" if h["heap_k"] <= BARS["uno_heap_k"] else "ABOVE BAR", h["seeds"])))
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m pips_sim.bench", description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=2.5, help="time per rate measurement (default 2.5)")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON instead of a table")
    ap.add_argument("--skip-heap", action="store_true", help="leave out the heap bisections")
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    log = (lambda s: print(s, file=sys.stderr)) if args.json else print
    res = measure(args.seconds, not args.skip_heap, log)
    res["wall_seconds"] = round(time.perf_counter() - t0, 1)
    res["command"] = " ".join(["python -m pips_sim.bench"] + (argv if argv is not None else sys.argv[1:]))
    if args.json:
        print(json.dumps(res, indent=2))
    else:
        print()
        print(table(res))
        print()
        print("took %.0f s; reproduce: cd %s && .venv/bin/%s" % (res["wall_seconds"], mpy.ROOT, res["command"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
