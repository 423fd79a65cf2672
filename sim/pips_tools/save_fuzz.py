"""A fuzz pass over the data folder: every damage a card, a cable or a
person can do to the files pips.save keeps, and what reading makes of it.

    python -m pips_tools.save_fuzz [--every N] [--json]

For a match of each game below, kept after a few moves (so that the record
and the generation before it are on disk), each file of the record in turn
(NAME, NAME.old, and a NAME.new left over) is

- flipped: each byte replaced by its complement (every N-th with --every);
- truncated at every length (every N-th);
- replaced by garbage: random bytes of several lengths, with and without the
  record's two-byte mark;
- made a folder;

both generations are cut short together, and the folder itself is made a file, and made read-only (a store whose
writes fail, as a locked card's do: a test run as root writes anywhere).
After each damage the game's match is read back as the title would, and
must be one of the last two records written, byte for byte, or nothing with
a note for the player; never a traceback, never a hang (each read is timed).
`tests/test_save.py` runs a sample; this prints the whole pass's figures.
"""

import argparse
import json
import os
import shutil
import sys
import tempfile
import time

from pips import games, restore
from pips.bots import bot_rng, table_bots
from pips.match import Match, Turns
from pips.save import MatchSave, NEW, OLD, Store, match_record

# (game, players, moves kept): a hand long enough for a record and the one before
TABLES = (("block", 2, 6), ("uno", 4, 9), ("domino-uno", 3, 7), ("bergen", 3, 5))


def kept_match(folder, name, players, moves, seed=5):
    """Play `moves` moves of a bot match of `name`, kept in `folder`; return
    the last two payloads written (newest first)."""
    written = []

    class Keeping(Store):
        def write(self, record, data):
            payload = b"".join(bytes(part) for part in data)
            written.append(payload)
            return Store.write(self, record, data)

    game_class = games.get(name)
    match = Match(game_class, players, None, seed)
    rng = bot_rng(seed)
    bots = table_bots(("random",) * players, rng, game_class)
    save = MatchSave(Keeping(folder), match, ("random",) * players, seed, rng)
    game = match.new_hand()
    turns = Turns(game)
    while len(written) < moves:
        seat = turns.next()
        move = bots[seat].choose(game.view(seat))
        if move >= 0:
            game.play(seat, move)
            save.play(seat, move)
    return written[-1], written[-2]


def read_back(folder, name):
    """(the payload loaded or None, the note, seconds taken): the match read
    as the title reads it, the payload that replayed kept to compare."""
    store = Store(folder)

    def take(data):
        restore._rebuild(store, data, name)
        return bytes(data)

    start = time.monotonic()
    loaded, note = store.read_noted(match_record(name), take)
    return loaded, note, time.monotonic() - start


def damages(data, every, garbage_rng):
    """(kind, the damaged bytes or None for "made a folder") of one file's bytes."""
    for i in range(0, len(data), every):
        flipped = bytearray(data)
        flipped[i] ^= 0xFF
        yield "flipped", bytes(flipped)
    for size in range(0, len(data), every):
        yield "truncated", data[:size]
    for size in (0, 1, 9, 64, len(data), len(data) + 17, 4096):
        junk = bytes(garbage_rng.below(256) for _ in range(size))
        yield "garbage", junk
        if size >= 2:
            yield "garbage", b"Pp" + junk[2:]
    yield "a folder", None


def run(every=1, out=None):
    """The whole pass (every `every`-th byte and length); returns the figures."""
    from pips.rng import Rng

    figures = {"cases": 0, "newest": 0, "earlier": 0, "nothing": 0, "noted": 0,
               "unreadable": 0, "broken": 0, "tracebacks": 0, "slowest_read_ms": 0.0}
    garbage = Rng(99)
    work = tempfile.mkdtemp(prefix="pips-fuzz-")
    try:
        for name, players, moves in TABLES:
            pristine = os.path.join(work, "pristine-" + name)
            newest, previous = kept_match(pristine, name, players, moves)
            record = match_record(name)
            for suffix in ("", OLD, NEW):
                with open(os.path.join(pristine, record + (OLD if suffix == NEW else suffix)), "rb") as f:
                    original = f.read()
                for kind, damaged in damages(original, every, garbage):
                    folder = os.path.join(work, "case")
                    shutil.rmtree(folder, ignore_errors=True)
                    shutil.copytree(pristine, folder)
                    target = os.path.join(folder, record + suffix)
                    if os.path.exists(target):
                        os.remove(target)
                    if damaged is None:
                        os.mkdir(target)
                    else:
                        with open(target, "wb") as f:
                            f.write(damaged)
                    _check(figures, folder, name, (newest, previous), "%s %s%s" % (name, kind, suffix), out)
            # both generations damaged: nothing loads, and the player is told
            for size in range(0, len(newest) + 9, max(1, every * 3)):
                folder = os.path.join(work, "case")
                shutil.rmtree(folder, ignore_errors=True)
                shutil.copytree(pristine, folder)
                for suffix in ("", OLD):
                    path = os.path.join(folder, record + suffix)
                    with open(path, "rb") as f:
                        data = f.read()
                    with open(path, "wb") as f:
                        f.write(data[:size])
                _check(figures, folder, name, (newest, previous), "%s both cut at %d" % (name, size), out)
            # the folder itself a file: nothing is read, nothing is written
            folder = os.path.join(work, "a-file")
            with open(folder, "wb") as f:
                f.write(b"not a folder")
            _check(figures, folder, name, (newest, previous), name + " folder a file", out)
            os.remove(folder)
        figures["read_only"] = read_only_pass(work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return figures


def _check(figures, folder, name, last_two, case, out):
    figures["cases"] += 1
    try:
        loaded, note, seconds = read_back(folder, name)
    except Exception as error:  # any traceback is a failure of the pass
        figures["tracebacks"] += 1
        if out:
            out("TRACEBACK %s: %r" % (case, error))
        return
    figures["slowest_read_ms"] = max(figures["slowest_read_ms"], round(seconds * 1000, 2))
    if loaded is None:
        figures["nothing"] += 1
    elif loaded == last_two[0]:
        figures["newest"] += 1
    elif loaded == last_two[1]:
        figures["earlier"] += 1
    else:
        figures["broken"] += 1
        if out:
            out("BROKEN %s" % case)
    if note is not None:
        figures["noted"] += 1
        figures["unreadable"] += loaded is None
    elif loaded is not None and loaded != last_two[0]:
        figures["broken"] += 1  # an older record, loaded without a word
        if out:
            out("SILENT %s" % case)


def read_only_pass(work):
    """A store whose every write fails as on a read-only card: the match plays
    on, the failure is told once, and nothing half-written is left to read."""

    class ReadOnly(Store):
        def dump(self, name, data):
            raise OSError(30)

        def rename(self, src, target):
            raise OSError(30)

    told = []
    folder = os.path.join(work, "read-only")
    store = ReadOnly(folder, told.append)
    game_class = games.get("block")
    match = Match(game_class, 2, None, 3)
    save = MatchSave(store, match, ("random", "random"), 3, bot_rng(3))
    game = match.new_hand()
    buf = bytearray(game.max_moves)
    for _ in range(5):
        seat = game.turn
        game.legal(seat, buf)
        game.play(seat, buf[0])
        save.play(seat, buf[0])
    return {"writes": 5, "told": len(told), "left": os.path.exists(folder)}


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m pips_tools.save_fuzz")
    parser.add_argument("--every", type=int, default=1, help="every N-th byte and length (1: all)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    start = time.monotonic()
    figures = run(args.every, lambda line: print(line, file=sys.stderr))
    figures["seconds"] = round(time.monotonic() - start, 1)
    if args.json:
        print(json.dumps(figures))
    else:
        for key in sorted(figures):
            print("%-16s %s" % (key, figures[key]))
    return 0 if figures["broken"] == 0 and figures["tracebacks"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
