"""The strength table (`make bench-strength`), desktop only: per game, each
bot against the random bot, with its 95% Wilson interval and the seeds used,
the reference against the smart bot, and the edge bar (issue 29).

Rows per game at two seats (UNO and Domino Uno also at four, one bot against
three random ones): random against random (the baseline), then easy, greedy
(Normal), smart (Hard), the reference (pips_tools.reference: sampled worlds,
each searched exactly where the rest of the hand is small, or Draw's smart
decision, about a hundred times the device's budget) and the seeing bot
(told every hidden piece; for Bergen pips_tools.ceiling's exact expectimax
against random, a true ceiling; elsewhere the reference's search in the
true world, an estimate of it) against random; then smart against the
reference. A match counts as won only when the bot alone is first; a shared
first place is no win. The edge of a bot is its rate less the baseline; the
bar is met where smart's edge is at least 90% of the reference's. Solitaire
has one seat: the share of deals won (the seeing row: deals a player who
knows the stock's order can win, as the solver finds them).

Match i of a row is dealt from seed + i, the bot in seat i % seats. The
rows are shared among --jobs processes (default 2, one a core).

    python -m pips_tools.strength            # the whole table (some 20 to 30 min on 2 idle cores)
    python -m pips_tools.strength --quick    # a small sample, to try changes
    python -m pips_tools.strength --games block,uno --jobs 1
    python -m pips_tools.strength --anchor   # also Block smart against OpenSpiel ISMCTS
"""

import argparse
import sys
import time

from pips import games
from pips_sim import rates

SEED = 900000  # fresh seeds, apart from the tests'
# Matches per row (full, quick), by game, for the device bots' rows, and for
# the rows with the reference or the seeing bot (they cost the most).
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
# (at four seats half as many): a reference match costs about 1.5 s of a
# core at Block, 1 at Matador, 2 at Draw, 5 at Bergen, 8 at UNO and 25 at
# Domino Uno (a hundred decisions a match), a twentieth of one at Twenty-one.
SEARCH_MATCHES = {
    "block": (100, 20),
    "uno": (16, 2),
    "draw": (60, 10),
    "matador": (100, 20),
    "bergen": (40, 10),
    "twentyone": (200, 40),
    "solo": (200, 20),
    "domino-uno": (6, 2),
}
LEVELS = ("random", "easy", "greedy", "smart", "reference", "seeing")
CHUNK = 20  # matches a task


def _task(args):
    """(won, lost, shared) of one block of matches: a process pool's task."""
    name, players, level, other, seed, matches = args
    from pips_tools import ceiling, reference

    game_class = games.get(name)
    if players == 1:
        return _solo_block(game_class, level, seed, matches)
    if level == "seeing" and name == "bergen" and players == 2 and other == "random":
        return ceiling.run(matches, seed)[:3]
    return reference.head_to_head(game_class, players, level, other, matches, seed)


def _solo_block(game_class, level, seed, matches):
    """(won, lost, 0) of `matches` Solitaire deals."""
    won = 0
    for i in range(matches):
        won += _solo_won(game_class, seed + i, level)
    return won, matches - won, 0


def _solo_won(game_class, seed, level):
    from pips_tools import reference
    from pips.bots import bot_rng
    from pips.match import Match, Turns

    bot = reference.make(level, bot_rng(seed), game_class)
    match = Match(game_class, 1, game_class.table(None), seed)
    game = match.new_hand()
    if isinstance(bot, reference.SeeingBot):
        bot.game = game
    turns = Turns(game)
    seat = turns.next()
    while seat >= 0:
        move = bot.choose(game.view(seat))
        if move >= 0:
            game.play(seat, move)
        seat = turns.next()
    return 1 if game.winner == 0 else 0


def fmt(won, n):
    low, high = rates.wilson(won, n)
    return "%5.1f%% [%4.1f, %4.1f]" % (100.0 * won / n, 100.0 * low, 100.0 * high)


def plan(names, quick):
    """The table's rows, in order: (game, seats, level, other, matches)."""
    rows = []
    for name in names:
        game_class = games.get(name)
        full = MATCHES[name][1 if quick else 0]
        search = SEARCH_MATCHES[name][1 if quick else 0]
        if game_class.max_players == 1:
            for level in ("random", "easy", "greedy", "smart", "reference", "seeing"):
                rows.append((name, 1, level, None, search if level in ("reference", "seeing") else full))
            continue
        seats = (2, 4) if name in ("uno", "domino-uno") else (2,)
        for players in seats:
            k = search if players == 2 else max(1, search // 2)
            for level in LEVELS:
                rows.append((name, players, level, "random", k if level in ("reference", "seeing") else full))
            rows.append((name, players, "smart", "reference", k))
    return rows


def run_rows(rows, jobs, out=sys.stderr, seed=SEED):
    """Play every row (in blocks of CHUNK matches, over `jobs` processes),
    match i dealt from seed + i; return per row (won, lost, shared, seconds)."""
    tasks = []
    for r, (name, players, level, other, matches) in enumerate(rows):
        for start in range(0, matches, CHUNK):
            tasks.append((r, (name, players, level, other, seed + start, min(CHUNK, matches - start))))
    results = [[0, 0, 0, 0.0] for _ in rows]
    t_all = time.time()

    def add(r, res, seconds):
        for k in range(3):
            results[r][k] += res[k]
        results[r][3] += seconds

    if jobs <= 1:
        for r, args in tasks:
            t0 = time.time()
            add(r, _task(args), time.time() - t0)
    else:
        import multiprocessing

        with multiprocessing.Pool(jobs) as pool:
            pending = [(r, pool.apply_async(_timed, (args,))) for r, args in tasks]
            for done, (r, p) in enumerate(pending):
                res, seconds = p.get()
                add(r, res, seconds)
                if out is not None and (done + 1) % 20 == 0:
                    out.write("%d of %d blocks, %.0f s\n" % (done + 1, len(pending), time.time() - t_all))
    return results


def _timed(args):
    t0 = time.time()
    res = _task(args)
    return res, time.time() - t0


def table(names, quick, jobs=2, out=sys.stdout):
    rows = plan(names, quick)
    t0 = time.time()
    results = run_rows(rows, jobs)
    out.write("| game | seats | bot v other | won | rate [95%] | edge | seeds | s |\n")
    out.write("|---|---|---|---|---|---|---|---|\n")
    edges = {}
    base = {}
    bars = {}  # what a player wins against equals, per seating (pips_sim.rates.bar_of)
    verdicts = []
    for (name, players, level, other, matches), (won, lost, shared, seconds) in zip(rows, results):
        rate = 100.0 * won / matches
        key = (name, players)
        if level == "random" and other in ("random", None):
            base[key] = rate
            bars[key] = rates.bar_of(won, shared, matches, players)
        edge = ""
        if other in ("random", None):
            edges[key + (level,)] = rate - base[key]
            edge = "%+.1f" % (rate - base[key])
        label = level if other is None else "%s v %s" % (level, other)
        out.write("| %s | %d | %s | %d/%d | %s | %s | %d..%d | %.0f |\n" % (
            name, players, label, won, matches, fmt(won, matches), edge, SEED, SEED + matches - 1,
            seconds))
        if level == "smart" and other == "reference":
            # the last row of a game's seating: its edge bar, and whether the
            # reference is one: smart's interval against it below what a
            # player wins against equals (one seat in `players`, or random's
            # own rate where shared first places are common)
            smart = edges.get(key + ("smart",))
            ref = edges.get(key + ("reference",))
            beaten = rates.trails(won, matches, bars[key])
            if smart is not None and ref is not None:
                met = smart >= 0.9 * ref
                verdicts.append("%s at %d seats: smart's edge %+.1f, the reference's %+.1f: "
                                "bar (90%% of it) %s; the reference %s smart (%s)" % (
                                    name, players, smart, ref, "met" if met else "not met",
                                    "beats" if beaten else "does not yet beat",
                                    "smart won %d, lost %d of %d" % (won, lost, matches)))
    for name in names:
        if games.get(name).max_players == 1:
            smart = edges.get((name, 1, "smart"))
            ref = edges.get((name, 1, "reference"))
            verdicts.append("%s (one seat): smart %+.1f over random, the reference %+.1f" % (
                name, smart, ref))
    out.write("\n")
    for v in verdicts:
        out.write("- %s\n" % v)
    out.write("\n%d rows, %.0f s on %d process%s\n" % (len(rows), time.time() - t0, jobs,
                                                     "" if jobs == 1 else "es"))
    out.flush()


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m pips_tools.strength", description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a small sample (about a tenth)")
    parser.add_argument("--games", default=",".join(games.names()), help="comma-separated game names")
    parser.add_argument("--jobs", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--anchor", action="store_true",
                        help="also Block smart against OpenSpiel ISMCTS (pips_tools.anchor; needs make bench's engines)")
    parser.add_argument("--anchor-hands", type=int, default=0, help="hands of the anchor (default: its 1000, quick 40)")
    args = parser.parse_args(argv)
    names = [w.strip() for w in args.games.split(",") if w.strip()]
    for name in names:
        games.get(name)  # ValueError naming the games
    table(names, args.quick, args.jobs)
    if args.anchor:
        from pips_tools import anchor

        hands = args.anchor_hands or (40 if args.quick else anchor.HANDS)
        res = anchor.play(hands, jobs=args.jobs)
        print(anchor.line(res[0], res[1], res[2], hands, anchor.SEED, anchor.SIMULATIONS, anchor.UCT_C,
                          *res[3:]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
