"""`make bench`: speed and memory of the core on CPython and on the real
MicroPython unix port, against the reference engines (OpenSpiel, RLCard).

    python -m pips_tools.bench [--seconds 2.5] [--json] [--skip-heap]

Every figure is measured in this run (nothing is remembered from earlier runs):
random-play games per second through the protocol, the smart bot's decision
time at its default budget, and the smallest MicroPython heap a whole smart
match fits in; for the games without a reference engine (other_games()), a row
each of random play and smart decisions on both runtimes. The MicroPython figures come from scripts run under
`.venv/bin/micropython` with the modules compiled to .mpy (build/mpy).
"""

import argparse
import json
import platform
import random
import subprocess
import sys
import time

from pips_tools import mpy

BARS = {
    "block_ratio": 20.0,  # our random Block games per second over OpenSpiel's
    # our UNO moves per second over RLCard's, under both random-play policies:
    # RLCard offers no draw by choice, so its hands are far shorter than ours
    "uno_move_ratio": 3.0,
}

# The UNO heap is measured at the smart bot's default budget (-1), as it plays:
# a 10-player match to 500 is one or two hands, about a second on the unix port.
UNO_HEAP_ROLLOUTS = -1

# The microsecond clock of both runtimes, for the scripts below.
_TICKS = """
try:
    from time import ticks_us, ticks_diff
except ImportError:
    from time import perf_counter

    def ticks_us():
        return int(perf_counter() * 1000000)

    def ticks_diff(a, b):
        return a - b
"""

# Both runtimes run this: games per second of random play (pips.selfplay.random_games),
# batches doubling until SECONDS have passed.
_RATE_SCRIPT = """
import sys
from pips import games, selfplay
""" + _TICKS + """
if sys.argv[1] == "null":

    # A game that does nothing (two legal moves, over after 50): what the
    # random-play loop and the protocol's calls cost by themselves.
    class G:
        max_moves = 2

        def __init__(self, players, options, rng):
            self.turn = 0
            self.moves = 0

        def legal(self, seat, out):
            out[0] = 0
            out[1] = 1
            return 2

        def play(self, seat, move):
            self.moves += 1
            if self.moves == 50:
                self.turn = -1

else:
    G = games.get(sys.argv[1])
players = int(sys.argv[2])
budget_us = int(float(sys.argv[3]) * 1000000)
# the draw move's code, drawn only when nothing else is legal; -1: any move
last_resort = int(sys.argv[4]) if len(sys.argv) > 4 else -1

batch = 10
count = 0
moves = 0
spent = 0
seed = 1
while spent < budget_us:
    t0 = ticks_us()
    g, m = selfplay.random_games(G, players, batch, seed, last_resort)
    took = ticks_diff(ticks_us(), t0)
    spent += took
    count += g
    moves += m
    seed += 1
    if took < budget_us // 8:
        batch *= 2
print("rate", count, moves, spent)
"""

# Both runtimes run this: the smart bot's time per decision, smart bots at every
# seat, hand after hand, for SECONDS, played by pips.selfplay.play_hand (the turn
# loop of pips.match, the table's bots seeded by pips.bots.bot_rng). Forced moves
# (one legal move) are not counted: the bot answers them without thinking.
_DECISION_SCRIPT = """
import sys
from pips import games, selfplay
from pips.bots import bot_rng, table_bots
from pips.rng import Rng
""" + _TICKS + """
G = games.get(sys.argv[1])
players = int(sys.argv[2])
budget_us = int(float(sys.argv[3]) * 1000000)
buf = bytearray(G.max_moves)
samples = []


class Timed:
    # the table's smart bot, its decisions timed
    def __init__(self, bot):
        self.bot = bot

    def choose(self, view):
        n = view.legal(buf)
        t0 = ticks_us()
        move = self.bot.choose(view)
        dt = ticks_diff(ticks_us(), t0)
        if n > 1:
            samples.append(dt)
        return move


seed = 1
t_start = ticks_us()
while ticks_diff(ticks_us(), t_start) < budget_us:
    game = G(players, None, Rng(seed))
    timed = [Timed(bot) for bot in table_bots(("smart",) * players, bot_rng(seed), G)]
    selfplay.play_hand(game, timed)
    seed += 1
samples.sort()
n = len(samples)
print("decisions", n, samples[n // 2], samples[(n * 9) // 10], samples[-1])
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


def ours_rate(name, players, seconds, tree=None, draw_move=None):
    """Random-play games per second on CPython (tree None) or MicroPython. With
    draw_move (the game's draw code), that move is played only when it is the
    only legal one, as RLCard's UNO offers it."""
    args = (name, players, seconds) + (() if draw_move is None else (draw_move,))
    if tree is None:
        out = _run_cpython(_RATE_SCRIPT, args)
    else:
        out = _run_mpy(_RATE_SCRIPT, args, tree)
    count, moves, spent_us = _parse(out, "rate")
    return {
        "games": count,
        "moves": moves,
        "seconds": spent_us / 1e6,
        "per_second": count * 1e6 / spent_us,
    }


RATIO_ROUNDS = 5


def paired_rates(name, ref_fn, seconds, rounds=RATIO_ROUNDS):
    """Our CPython random play and a reference engine's, measured in turns
    (`rounds` rounds of seconds/rounds each, ours then theirs), so that a
    machine that speeds up or slows down during the run moves both alike.
    Returns (ours, reference): the totals over every round, as ours_rate
    gives them, and in the reference's dict `ratios`, our games per second
    over theirs in each round."""
    ours = {"games": 0, "moves": 0, "seconds": 0.0}
    ref = {"games": 0, "moves": 0, "seconds": 0.0, "ratios": []}
    for _ in range(rounds):
        a = ours_rate(name, 2, seconds / rounds)
        b = ref_fn(seconds / rounds)
        for total, one in ((ours, a), (ref, b)):
            for key in ("games", "moves", "seconds"):
                total[key] += one[key]
        ref["ratios"].append(a["per_second"] / b["per_second"])
    for total in (ours, ref):
        total["per_second"] = total["games"] / total["seconds"]
    return ours, ref


def median_ratio(ref):
    """The median of paired_rates' per-round ratios."""
    ratios = sorted(ref["ratios"])
    return ratios[len(ratios) // 2]


def smart_decisions(name, players, seconds, tree=None):
    """Median, p90 and max of the smart bot's decision time (ms)."""
    args = (name, players, seconds)
    if tree is None:
        out = _run_cpython(_DECISION_SCRIPT, args)
    else:
        out = _run_mpy(_DECISION_SCRIPT, args, tree)
    n, median, p90, worst = _parse(out, "decisions")
    return {
        "decisions": n,
        "median_ms": median / 1000,
        "p90_ms": p90 / 1000,
        "max_ms": worst / 1000,
    }


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


def device_heap(name, players, seeds, tree, rollouts=-1):
    """The smallest heap (KiB) in which a whole smart match runs as a device runs
    it (pips_tools.mpy.SMART_MATCH_SCRIPT on the device build), for every seed."""
    k = mpy.smallest_device_heap(name, players, seeds, tree, 16, 128, rollouts)
    return {"heap_k": k, "seeds": list(seeds), "rollouts": rollouts}


def firmware_heap(game, tree, romfs=False):
    """The smallest heap (KiB) the whole firmware plays a scripted match in
    (pips_tools.firmware_session: menus, table, results; P1 human, smart bots),
    with the .mpy in RAM or the code in a ROMFS image."""
    from pips_tools.firmware_session import session_table, smallest_session_heap

    players, setting, seed = session_table(game)
    k = smallest_session_heap(game, tree, romfs=romfs)
    table = "%s=%s" % setting if setting else "default options"
    return {"heap_k": k, "players": players, "options": table, "seed": seed}


# The games with a reference engine (their rows above); every other game of the
# registry has a row each of random play and smart decisions, at its smallest
# table of two or more (Solitaire's one seat)
REFERENCED = ("block", "uno")


def other_games():
    from pips import games

    return [name for name in games.names() if name not in REFERENCED]


def other_game(name, seconds, tree, out=print):
    """Random play and smart decisions of one game, on both runtimes: a dict
    of ours_rate / smart_decisions results (each {"error": why} if it failed)."""
    from pips import games

    cls = games.get(name)
    players = max(cls.min_players, min(2, cls.max_players))
    row = {"players": players}
    for key, fn, args in (
        ("cpython", ours_rate, (name, players, seconds)),
        ("micropython", ours_rate, (name, players, seconds, tree)),
        ("smart_cpython", smart_decisions, (name, players, seconds)),
        ("smart_micropython", smart_decisions, (name, players, seconds, tree)),
    ):
        try:
            row[key] = fn(*args)
        except Exception as e:  # one broken measurement must not hide the others
            row[key] = {"error": "%s: %s" % (type(e).__name__, str(e).strip().splitlines()[-1:])}
    return row


def uno_problem():
    """Why UNO cannot be measured (pips.uno missing or broken), or None."""
    try:
        from pips.games.uno.game import Uno  # noqa: F401
    except Exception as e:  # a syntax error too: the rest of the bench still runs
        return "pips.uno does not import: %s: %s" % (type(e).__name__, e)
    return None


def _micropython_version():
    rc, out, err = mpy.run_micropython("import sys\nprint(sys.version)", None, [], 30)
    return out.strip()


def measure(seconds=2.5, heap=True, out=print):
    """Every figure, as a dict; a measurement that fails holds {"error": why}."""
    tree = mpy.DEFAULT_OUT
    errors = []
    mpy.build(tree, errors=errors)
    res = {
        "cpython": platform.python_version(),
        "micropython": _micropython_version(),
        "machine": platform.machine(),
        "seconds_each": seconds,
        "mpy_errors": errors,
    }

    def step(label, fn, *args):
        out("  measuring %s ..." % label)
        t0 = time.perf_counter()
        try:
            value = fn(*args)
        except ImportError as e:
            value = {"error": "%s (pip install -r requirements-bench.txt)" % e}
        except Exception as e:  # one broken measurement must not hide the others
            value = {"error": "%s: %s" % (type(e).__name__, str(e).strip().splitlines()[-1:])}
        value["wall"] = round(time.perf_counter() - t0, 1)
        return value

    def paired(label, name, ref_fn):
        """(ours, reference) from paired_rates, or the same error for both."""
        pair = step(label, lambda: {"pair": paired_rates(name, ref_fn, 2 * seconds)})
        if "error" in pair:
            return pair, pair
        return pair["pair"]

    block = res["block"] = {}
    block["cpython"], block["reference"] = paired(
        "Block random play, CPython, in turns with OpenSpiel python_block_dominoes",
        "block",
        openspiel_block_rate,
    )
    block["micropython"] = step(
        "Block random play, MicroPython", ours_rate, "block", 2, seconds, tree
    )
    block["smart_cpython"] = step(
        "Block smart decisions, CPython", smart_decisions, "block", 2, seconds
    )
    block["smart_micropython"] = step(
        "Block smart decisions, MicroPython", smart_decisions, "block", 2, seconds, tree
    )
    if heap:
        block["heap"] = step(
            "Block 2-player smart match heap (bisection)",
            device_heap,
            "block",
            2,
            (1, 2, 3, 4, 5, 6, 7, 8),
            tree,
        )
    problem = uno_problem()
    if problem is not None:
        res["uno"] = {"error": problem}
        return res
    uno = res["uno"] = {}
    uno["cpython"], uno["reference"] = paired(
        "UNO random play, CPython, in turns with RLCard UnoGame", "uno", rlcard_uno_rate
    )
    uno["micropython"] = step("UNO random play, MicroPython", ours_rate, "uno", 2, seconds, tree)
    from pips.games.uno.game import DRAW

    uno["cpython_stuck"] = step(
        "UNO random play, draw only when stuck, CPython", ours_rate, "uno", 2, seconds, None, DRAW
    )
    uno["micropython_stuck"] = step(
        "UNO random play, draw only when stuck, MicroPython",
        ours_rate,
        "uno",
        2,
        seconds,
        tree,
        DRAW,
    )
    uno["floor"] = step("a game that does nothing, CPython", ours_rate, "null", 2, seconds)
    uno["smart_cpython"] = step("UNO smart decisions, CPython", smart_decisions, "uno", 2, seconds)
    uno["smart_micropython"] = step(
        "UNO smart decisions, MicroPython", smart_decisions, "uno", 2, seconds, tree
    )
    if heap:
        uno["heap"] = step(
            "UNO 10-player smart match heap (bisection)",
            device_heap,
            "uno",
            10,
            (2, 3, 4),
            tree,
            UNO_HEAP_ROLLOUTS,
        )
    res["games"] = {}
    for name in other_games():
        res["games"][name] = step("%s random play and smart decisions, both runtimes" % name,
                                  other_game, name, seconds, tree)  # fmt: skip
    if heap:
        from pips_tools.firmware_session import sessions

        res["firmware"] = {}
        for game in sorted(sessions()):
            for how in ("mpy", "romfs"):
                res["firmware"]["%s/%s" % (game, how)] = step(
                    "whole firmware, %s session heap, %s (bisection)" % (game, how),
                    firmware_heap,
                    game,
                    tree,
                    how == "romfs",
                )
    return res


def _cell(d, key, form, scale=1.0):
    if "error" in d:
        return "failed"
    return form % (d[key] * scale)


def _verdict(ok):
    return "ok" if ok else "MISSES THE BAR"


def _rate_rows(add, row, label, ours, mp, ref, ref_name, bar, paired_with=None, per_move=False):
    """Games/s, moves per game and moves/s of one random-play policy; `paired_with`
    is the figure measured in turns with the reference (paired_rates). The bar
    judges games per second, or moves per second when `per_move`."""
    ratio_bar = None if per_move else bar
    note = moves_note = speed_note = ""
    if "error" in ref:
        note = "%s failed: %s" % (ref_name, ref["error"])
    else:
        note = "%s %.0f/s" % (ref_name, ref["per_second"])
        moves_note = "%s %.1f" % (ref_name, ref["moves"] / max(1, ref["games"]))
        speed_note = "%s %.0f" % (ref_name, ref["moves"] / ref["seconds"])
        if "error" not in ours:
            ratio = ours["per_second"] / ref["per_second"]
            if ours is paired_with:
                # measured in turns with the reference: the median round decides
                ratio = median_ratio(ref)
                rounds = ref["ratios"]
                note += ": ours %.1fx, median of %d rounds %.1f-%.1fx" % (
                    ratio,
                    len(rounds),
                    min(rounds),
                    max(rounds),
                )
            else:
                note += ": ours %.1fx" % ratio
            if ratio_bar is not None:
                note += " (bar %gx) %s" % (ratio_bar, _verdict(ratio >= ratio_bar))
            moves_ratio = (ours["moves"] / ours["seconds"]) / (ref["moves"] / ref["seconds"])
            speed_note += ": ours %.1fx" % moves_ratio
            if per_move:
                speed_note += " (bar %gx) %s" % (bar, _verdict(moves_ratio >= bar))
    add(row % (label, _cell(ours, "per_second", "%.0f"), _cell(mp, "per_second", "%.0f"), note))
    per_game = [_cell(d, "moves", "%.1f", 1.0 / max(1, d.get("games", 1))) for d in (ours, mp)]
    add(row % ("  moves per game", per_game[0], per_game[1], moves_note))
    per_second = [_cell(d, "moves", "%.0f", 1.0 / d.get("seconds", 1)) for d in (ours, mp)]
    add(row % ("  moves/s", per_second[0], per_second[1], speed_note))


def table(res):
    lines = []
    add = lines.append
    add(
        "Pips benchmark: CPython %s, %s (%s)" % (res["cpython"], res["micropython"], res["machine"])
    )
    add("every figure measured in this run, each rate over about %.1f s" % res["seconds_each"])
    add(
        "heap: -X heapsize of the 64-bit unix port, modules from the device build's .mpy"
        " (-O%d); a 32-bit board needs less" % mpy.DEVICE_OPT
    )
    for message in res["mpy_errors"]:
        add("mpy-cross failed: " + message.splitlines()[0])
    row = "%-44s %12s %12s   %s"
    failures = []

    def game(title, d, ref_name, ratio_bar, per_move, heap_players):
        add("")
        add(row % (title, "CPython", "MicroPython", "reference, ratio and bar"))
        ref = d["reference"]
        label = "random games/s, 2 players"
        ours = d["cpython"]
        _rate_rows(add, row, label, ours, d["micropython"], ref, ref_name, ratio_bar, ours, per_move)
        if "cpython_stuck" in d:
            label = "random games/s, draw only when stuck"
            ours, mp = d["cpython_stuck"], d["micropython_stuck"]
            _rate_rows(add, row, label, ours, mp, ref, ref_name, ratio_bar, None, per_move)
        if "floor" in d and "error" not in d["floor"] and "error" not in ref:
            # the most any game could reach through the protocol at our game lengths
            floor = d["floor"]["moves"] / d["floor"]["seconds"]
            ref_rate = ref["per_second"]
            note = "at most " + ", ".join(
                "%.1fx at %.0f moves a game" % (floor / per_game / ref_rate, per_game)
                for per_game in [
                    x["moves"] / max(1, x["games"])
                    for x in (d["cpython"], d.get("cpython_stuck", {}))
                    if "moves" in x
                ]
            )
            add(row % ("a game that does nothing, moves/s", "%.0f" % floor, "", note))
        sc, sm = d["smart_cpython"], d["smart_micropython"]
        median = [_cell(x, "median_ms", "%.2f") for x in (sc, sm)]
        note = "the device's figures: make bench-device"
        add(row % ("smart decision, median ms", median[0], median[1], note))
        note = "%s and %s decisions with 2+ legal moves" % (
            sc.get("decisions", "-"),
            sm.get("decisions", "-"),
        )
        p90 = [_cell(x, "p90_ms", "%.2f") for x in (sc, sm)]
        add(row % ("smart decision, p90 ms", p90[0], p90[1], note))
        if "heap" in d:
            h = d["heap"]
            note = ""
            if "error" not in h:
                note = "seeds %s" % ", ".join(str(x) for x in h["seeds"])
            label = "smallest heap, smart match, %d players" % heap_players
            add(row % (label, "", _cell(h, "heap_k", "%d KiB"), note))
        for key in sorted(d):
            if "error" in d[key]:
                failures.append("%s %s: %s" % (title, key, d[key]["error"]))

    block = res["block"]
    game("Block", block, "OpenSpiel", BARS["block_ratio"], False, 2)
    if "error" in res["uno"]:
        add("")
        add("UNO: %s" % res["uno"]["error"])
    else:
        game("UNO", res["uno"], "RLCard", BARS["uno_move_ratio"], True, 10)
    if res.get("games"):
        add("")
        add(row % ("The other games", "CPython", "MicroPython", ""))
        for name, d in res["games"].items():
            if "error" in d:
                failures.append("%s: %s" % (name, d["error"]))
                continue
            title = "%s, %d player%s" % (name, d["players"], "s" if d["players"] > 1 else "")
            ours, mp = d["cpython"], d["micropython"]
            note = ""
            if "error" not in ours:
                note = "%.1f moves a game" % (ours["moves"] / max(1, ours["games"]))
            add(row % ("%s: random games/s" % title, _cell(ours, "per_second", "%.0f"),
                       _cell(mp, "per_second", "%.0f"), note))  # fmt: skip
            sc, sm = d["smart_cpython"], d["smart_micropython"]
            cells = []
            for x in (sc, sm):
                cells.append("failed" if "error" in x else "%.1f / %.1f" % (x["median_ms"], x["p90_ms"]))
            note = "%s and %s decisions; the device's: make bench-device" % (
                sc.get("decisions", "-"), sm.get("decisions", "-"))  # fmt: skip
            add(row % ("  smart decision, median / p90 ms", cells[0], cells[1], note))
            for key in ("cpython", "micropython", "smart_cpython", "smart_micropython"):
                if "error" in d[key]:
                    failures.append("%s %s: %s" % (name, key, d[key]["error"]))
    if "firmware" in res:
        add("")
        # 64-bit figures, for information: the budget is the emulated Pico's
        # (make bench-memory, pips_tools.memory)
        add(row % ("The whole firmware (unix_sim board, 64-bit)", "", "MicroPython",
                   "information only"))
        for key in sorted(res["firmware"]):
            d = res["firmware"][key]
            game, how = key.split("/")
            note = ""
            if "error" in d:
                failures.append("firmware %s: %s" % (key, d["error"]))
            else:
                note = "%d players, %s, seed %d" % (d["players"], d["options"], d["seed"])
            label = "smallest heap, %s session, %s" % (game, "code in ROMFS" if how == "romfs" else ".mpy in RAM")
            add(row % (label, "", _cell(d, "heap_k", "%d KiB"), note))
    if failures:
        add("")
        add("failed measurements:")
        for f in failures:
            add("  " + f)
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog="python -m pips_tools.bench", description=__doc__.split("\n")[0]
    )
    ap.add_argument(
        "--seconds", type=float, default=2.5, help="time per rate measurement (default 2.5)"
    )
    ap.add_argument(
        "--json", action="store_true", help="print the figures as JSON instead of a table"
    )
    ap.add_argument("--skip-heap", action="store_true", help="leave out the heap bisections")
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    log = (lambda s: print(s, file=sys.stderr)) if args.json else print
    res = measure(args.seconds, not args.skip_heap, log)
    res["wall_seconds"] = round(time.perf_counter() - t0, 1)
    res["command"] = " ".join(
        ["python -m pips_tools.bench"] + (argv if argv is not None else sys.argv[1:])
    )
    if args.json:
        print(json.dumps(res, indent=2))
    else:
        print()
        print(table(res))
        print()
        print(
            "took %.0f s; reproduce: cd %s && .venv/bin/%s"
            % (res["wall_seconds"], mpy.ROOT, res["command"])
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
