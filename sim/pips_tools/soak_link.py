"""`make soak-link`: linked matches of every game on the simulated lossy
wire (pips.link.sim), each checked against the same match played locally
and every message to a guest put to the leak check; then the figures:
bytes on the wires per move for each game, and the share of matches that
finish at 1%, 5% and 20% byte loss (the other odds as the issue sets them:
1% duplicated, 1% corrupted, 1% of writes reordered within four, delays up
to 200 ms), within a simulated hour each."""

import sys

from pips import games
from pips.link.sim import SHORT, Table, leak_check, play_local

HOUR_MS = 3600 * 1000


def guests_for(players):
    return [[0]] if players == 1 else [[s] for s in range(1, players)]


def players_for(gc, k):
    return min(gc.max_players, gc.min_players + k % 3)


def main(argv):
    per_game = int(argv[0]) if argv else 25
    print("linked matches: %d per game, 5%% byte loss, records against local play" % per_game)
    total = 0
    bad = 0
    rows = []
    for name in games.names():
        gc = games.get(name)
        options = SHORT.get(name)
        moves = 0
        sent = 0
        for k in range(per_game):
            players = players_for(gc, k)
            guests = guests_for(players)
            seed = 5000 + k
            local = play_local(gc, players, seed, options, [s for g in guests for s in g])
            table = Table(gc, players, seed, options, guests, check=leak_check)
            ok = table.run(limit_ms=50 * HOUR_MS) and table.lines == local["lines"]
            total += 1
            if not ok:
                bad += 1
                print("  %s, %d players, seed %d: %s" % (
                    name, players, seed, "differs from local play" if table.host.done else "unfinished"))
            moves += len(local["lines"])
            sent += table.bytes_sent()
        rows.append((name, moves, sent))
        print("  %-11s %5d moves  %7d bytes  %6.1f bytes a move" % (name, moves, sent, sent / max(moves, 1)))
        sys.stdout.flush()
    print("%d linked matches, %d differing from local play or unfinished, 0 leaks (the check raises)" % (total, bad))
    print("share finished within a simulated hour (Block, 2 to 4 players, 20 matches each):")
    for loss in (10, 50, 200):
        done = 0
        n = 20
        for k in range(n):
            players = 2 + k % 3
            gc = games.get("block")
            table = Table(gc, players, 9000 + k, {"target": 50}, guests_for(players), odds={"drop": loss}, check=leak_check)
            finished = table.run(limit_ms=HOUR_MS)
            done += finished
            if not finished and loss < 200:
                print("  unfinished: Block, %d players, seed %d" % (players, 9000 + k))
        print("  %4.1f%% byte loss: %d of %d finished (%d%%)" % (loss / 10, done, n, 100 * done // n))
        sys.stdout.flush()
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
