"""The levels a player picks, against each other (`make bench-levels`, issue
29), desktop only: does each level beat the one below, and does Easy keep a
hand as short as Normal does?

- At two seats in every game, head to head: Easy against random, Normal
  (greedy) against Easy, Hard (smart) against Normal; match i dealt from
  seed + i, the stronger level in seat i % 2. A level beats the one below
  where its rate's 95% interval lies above 50% of the matches, or, in a game
  where shared first places are common (a tenth or more of the random bot's
  matches against itself), above that baseline: the rate of a player
  against its equal.
- Solitaire: every level on the same deals (paired), deal i from seed + i;
  a level beats the one below where it wins more of them.
- UNO and Domino Uno: the moves of a hand at an all-Easy table against an
  all-Normal one, at two and four seats (pips_tools.handstats, hand i dealt
  from seed + i); the bar is 1.5 times at most.

    python -m pips_tools.levels                  # the whole ladder (about 6 min on 2 cores)
    python -m pips_tools.levels --quick          # a tenth of it
    python -m pips_tools.levels --games bergen --matches 2000
"""

import argparse
import sys
import time

from pips import games
from pips_sim import rates

SEED = 920000  # apart from the strength table's 900000 and the tests'
# Head-to-head matches a pair of levels (full, quick), by game: Twenty-one's
# and Bergen's results are closest, so they take more.
MATCHES = {
    "block": (400, 40),
    "uno": (200, 20),
    "draw": (400, 40),
    "matador": (800, 80),
    "bergen": (4000, 400),
    "twentyone": (2000, 200),
    "domino-uno": (400, 40),
}
SOLO_DEALS = (10000, 1000)
HANDS = (200, 20)  # hands a table size for the hand lengths
# the ladder: (level, the one below), weakest first
PAIRS = (("easy", "random"), ("greedy", "easy"), ("smart", "greedy"))
LONGEST = 1.5  # an Easy table's hands, at most this many times a Normal one's


def _solo_deals(args):
    """One block of Solitaire deals for one level: bytes, 1 a deal won."""
    level, seed, deals = args
    from pips_tools.strength import _solo_won

    game_class = games.get("solo")
    return bytes(_solo_won(game_class, seed + i, level) for i in range(deals))


def _lengths(args):
    name, players, level, hands, seed = args
    from pips_tools import handstats

    return handstats.run(games.get(name), players, hands, seed, level)["moves"]["mean"]


def _pool_map(fn, tasks, jobs):
    if jobs <= 1:
        return [fn(t) for t in tasks]
    import multiprocessing

    with multiprocessing.Pool(jobs) as pool:
        return pool.map(fn, tasks, 1)


def ladder(names, quick, jobs=2, out=sys.stdout, matches=0, seed=SEED):
    """Play and print the ladder; returns the verdicts that failed."""
    from pips_tools import strength

    q = 1 if quick else 0
    t0 = time.time()
    rows = []
    for name in names:
        if name == "solo":
            continue
        n = matches or MATCHES[name][q]
        rows.append((name, 2, "random", "random", n))
        for level, below in PAIRS:
            rows.append((name, 2, level, below, n))
    results = strength.run_rows(rows, jobs, seed=seed)
    failed = []
    if rows:
        out.write("| game | level v the one below | won | lost | shared | rate [95%] | bar | verdict | seeds |\n")
        out.write("|---|---|---|---|---|---|---|---|---|\n")
    base = {}
    for (name, players, level, other, n), (won, lost, shared, _s) in zip(rows, results):
        if name not in base:  # a game's first row: random against itself
            base[name] = rates.bar_of(won, shared, n)
            bar = verdict = ""
        else:
            bar = base[name]
            ahead = rates.beats(won, n, bar)
            verdict = "beats it" if ahead else "not apart"
            if not ahead:
                failed.append("%s: %s against %s" % (name, level, other))
            bar = "%.1f%%" % bar
        out.write("| %s | %s v %s | %d | %d | %d | %s | %s | %s | %d..%d |\n" % (
            name, level, other, won, lost, shared, strength.fmt(won, n), bar, verdict,
            seed, seed + n - 1))
    if "solo" in names:
        deals = matches or SOLO_DEALS[q]
        chunk = 250
        levels = sorted(set(level for pair in PAIRS for level in pair))
        tasks = [(level, seed + s, min(chunk, deals - s)) for level in levels
                 for s in range(0, deals, chunk)]
        parts = _pool_map(_solo_deals, tasks, jobs)
        won = {}
        for (level, _s, _n), part in zip(tasks, parts):
            won[level] = won.get(level, b"") + part
        out.write("\nSolitaire, %d deals (seeds %d..%d), every level on the same ones:\n\n" % (
            deals, seed, seed + deals - 1))
        for level, below in PAIRS:
            a, b = won[level], won[below]
            only_a = sum(1 for x, y in zip(a, b) if x and not y)
            only_b = sum(1 for x, y in zip(a, b) if y and not x)
            more = sum(a) > sum(b)
            if not more:
                failed.append("solo: %s against %s" % (level, below))
            out.write("- %s won %d (%s), %s %d; %d deals won by %s alone, %d by %s alone: %s\n" % (
                level, sum(a), strength.fmt(sum(a), deals), below, sum(b), only_a, level,
                only_b, below, "more" if more else "not more"))
    long_names = [name for name in names if name in ("uno", "domino-uno")]
    if long_names:
        hands = HANDS[q]
        tasks = [(name, players, level, hands, seed) for name in long_names for players in (2, 4)
                 for level in ("easy", "greedy")]
        means = _pool_map(_lengths, tasks, jobs)
        out.write("\nHand lengths, moves a hand on average, %d hands a table (seeds %d..%d):\n\n" % (
            hands, seed, seed + hands - 1))
        for k in range(0, len(tasks), 2):
            name, players = tasks[k][0], tasks[k][1]
            easy, normal = means[k], means[k + 1]
            ratio = easy / normal
            if ratio > LONGEST:
                failed.append("%s at %d seats: Easy's hands %.2f times Normal's" % (name, players, ratio))
            out.write("- %s at %d seats: all-Easy %.1f, all-Normal %.1f: %.2f times (bar %.1f: %s)\n" % (
                name, players, easy, normal, ratio, LONGEST, "met" if ratio <= LONGEST else "not met"))
    out.write("\n%s; %.0f s on %d process%s\n" % (
        "every level beats the one below" if not failed else "not apart: " + "; ".join(failed),
        time.time() - t0, jobs, "" if jobs == 1 else "es"))
    out.flush()
    return failed


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m pips_tools.levels", description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a tenth of the matches")
    parser.add_argument("--games", default=",".join(games.names()), help="comma-separated game names")
    parser.add_argument("--matches", type=int, default=0,
                        help="matches a pair, and Solitaire's deals (default: the game's)")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--jobs", type=int, default=2, help="processes (default 2)")
    args = parser.parse_args(argv)
    names = [w.strip() for w in args.games.split(",") if w.strip()]
    for name in names:
        try:
            games.get(name)
        except ValueError as exc:
            parser.error(str(exc))
    if args.matches < 0 or args.seed < 0 or args.jobs < 1:
        parser.error("--matches and --seed take 0 or more, --jobs 1 or more")
    ladder(names, args.quick, args.jobs, matches=args.matches, seed=args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
