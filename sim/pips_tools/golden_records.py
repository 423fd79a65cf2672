"""The golden match records of every game: `python -m pips_tools.golden_records`.

For every game of the registry, at its smallest and largest tables, seeds
0-19: every seat at one bot level (random, greedy, smart) and one mixed table
(seat s plays smart, greedy, random in turn). Random and greedy tables play
the whole match; smart and mixed ones play the match's first hand (a whole
smart match at a large table takes minutes). Each record is kept as its
digest and its number of moves (pips.selfplay.record_match), one key a line,
in tests/golden/game_records.json; tests/test_records.py compares.

    python -m pips_tools.golden_records            # write the file anew, say what changed
    python -m pips_tools.golden_records --check    # only say what differs (exit 1 if any)
    python -m pips_tools.golden_records --game uno # only that game's records

A change that alters the bots' or a game's play on purpose regenerates the
file and names the records it changed (this command prints them)."""

import argparse
import json
import os
import sys

from pips import games, selfplay

LEVELS = ("random", "greedy", "smart", "mixed")
SEEDS = 20
# the levels whose records are the match's first hand only
ONE_HAND = ("smart", "mixed")

HERE = os.path.dirname(os.path.abspath(__file__))
PATH = os.path.normpath(os.path.join(HERE, "..", "..", "tests", "golden", "game_records.json"))


def tables(name):
    cls = games.get(name)
    return sorted({cls.min_players, cls.max_players})


def levels_for(level, players):
    """One level for every seat, or "mixed": seat s plays smart, greedy, random in turn."""
    if level == "mixed":
        return tuple(("smart", "greedy", "random")[s % 3] for s in range(players))
    return level


def keys(names=None):
    """Every record's key, "game/players/level/seed", in the file's order."""
    out = []
    for name in names or games.names():
        for players in tables(name):
            for level in LEVELS:
                for seed in range(SEEDS):
                    out.append("%s/%d/%s/%d" % (name, players, level, seed))
    return out


def record(key):
    """The kept form of one record: [digest, moves]."""
    name, players, level, seed = key.split("/")
    players = int(players)
    r = selfplay.record_match(
        games.get(name),
        players,
        int(seed),
        levels_for(level, players),
        keep=False,
        max_hands=1 if level in ONE_HAND else 500,
    )
    return [r["digest"], r["moves"]]


def load(path=PATH):
    if not os.path.exists(path):
        return {}
    with open(path) as f:
        return json.load(f)


def write(records, path=PATH):
    lines = ['  "%s": %s' % (k, json.dumps(records[k])) for k in sorted(records, key=_order)]
    with open(path, "w") as f:
        f.write("{\n" + ",\n".join(lines) + "\n}\n")


def _order(key):
    name, players, level, seed = key.split("/")
    return (games.names().index(name), int(players), LEVELS.index(level), int(seed))


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m pips_tools.golden_records")
    parser.add_argument("--check", action="store_true", help="compare only, write nothing")
    parser.add_argument("--game", action="append", help="only this game (may repeat)")
    args = parser.parse_args(argv)
    for name in args.game or ():
        games.get(name)  # a ValueError naming the games for an unknown one
    kept = load()
    new = dict(kept)
    changed = []
    for key in keys(args.game):
        got = record(key)
        if kept.get(key) != got:
            changed.append(key)
        new[key] = got
    # records of tables no longer made (a game gone, a table size changed)
    if not args.game:
        made = set(keys())
        for key in [k for k in new if k not in made]:
            del new[key]
            changed.append(key + " (gone)")
    for key in changed[:40]:
        print("%s: %s" % ("changed" if key in kept else "new", key))
    if len(changed) > 40:
        print("... and %d more" % (len(changed) - 40))
    print("%d records, %d changed" % (len(new), len(changed)))
    if args.check:
        return 1 if changed else 0
    write(new)
    print("written: %s" % PATH)
    return 0


if __name__ == "__main__":
    sys.exit(main())
