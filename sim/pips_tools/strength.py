"""The strength table (`make bench-strength`), desktop only: per game, each
bot against the random bot, with its 95% Wilson interval and the seeds used.

Rows per game at two seats (UNO and Domino Uno also at four, one bot against
three random ones): random against random (the baseline), then easy, greedy
and smart against random; Bergen also the seeing ceiling (pips_tools.ceiling:
a bot told both hands, playing expectimax against random). A match counts as
won only when the bot alone is first; a shared first place is no win. The
edge of a bot is its rate less the baseline. Solitaire has one seat: the
share of deals won.

Seating and deals as in `pips run` (pips_sim.runner): match i is dealt from
seed + i, the seats rotating.

    python -m pips_tools.strength            # the whole table (about 25 min, 2 cores)
    python -m pips_tools.strength --quick    # a small sample, to try changes
    python -m pips_tools.strength --games block,uno
"""

import argparse
import sys
import time

from pips import games
from pips_sim import rates, runner
from pips_tools import ceiling

SEED = 900000  # fresh seeds, apart from the tests'
# Matches per row (full, quick), by game: the smart rows cost the most.
MATCHES = {
    "block": (400, 40),
    "uno": (200, 20),
    "draw": (400, 40),
    "matador": (400, 40),
    "bergen": (400, 40),
    "twentyone": (400, 40),
    "solo": (2000, 100),
    "domino-uno": (400, 40),
}
LEVELS = ("random", "easy", "greedy", "smart")


def row(game_class, level, players, matches, seed):
    """(won, matches) of `level` against players - 1 random bots."""
    if players == 1:
        r = runner.run(game_class, [level], matches, seed=seed)
        b = r["bots"][0]
        return int(round(b["mean_points_per_hand"] * b["hands"])), b["hands"]
    r = runner.run(game_class, [level] + ["random"] * (players - 1), matches, seed=seed)
    b = r["bots"][0]
    return b["won"], b["matches"]


def fmt(won, n):
    low, high = rates.wilson(won, n)
    return "%5.1f%% [%4.1f, %4.1f]" % (100.0 * won / n, 100.0 * low, 100.0 * high)


def table(names, quick, out=sys.stdout):
    out.write("| game | seats | bot v random | won | rate [95%] | edge | seeds | s |\n")
    out.write("|---|---|---|---|---|---|---|---|\n")
    for name in names:
        game_class = games.get(name)
        matches = MATCHES[name][1 if quick else 0]
        seats = (1,) if game_class.max_players == 1 else (2, 4) if name in ("uno", "domino-uno") else (2,)
        for players in seats:
            base = None
            for level in LEVELS:
                t0 = time.time()
                won, n = row(game_class, level, players, matches, SEED)
                rate = 100.0 * won / n
                if base is None:
                    base = rate
                out.write("| %s | %d | %s | %d/%d | %s | %+.1f | %d..%d | %.0f |\n" % (
                    name, players, level, won, n, fmt(won, n), rate - base, SEED,
                    SEED + matches - 1, time.time() - t0))
                out.flush()
            if name == "bergen" and players == 2:
                t0 = time.time()
                won, lost, shared = ceiling.run(matches, SEED)[:3]
                rate = 100.0 * won / matches
                out.write("| bergen | 2 | ceiling (sees both hands) | %d/%d | %s | %+.1f | %d..%d | %.0f |\n" % (
                    won, matches, fmt(won, matches), rate - base, SEED, SEED + matches - 1,
                    time.time() - t0))
                out.flush()


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m pips_tools.strength", description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a small sample (about a tenth)")
    parser.add_argument("--games", default=",".join(games.names()), help="comma-separated game names")
    args = parser.parse_args(argv)
    names = [w.strip() for w in args.games.split(",") if w.strip()]
    for name in names:
        games.get(name)  # ValueError naming the games
    table(names, args.quick)
    return 0


if __name__ == "__main__":
    sys.exit(main())
