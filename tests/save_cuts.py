"""Cut the save at every step and every byte: the script tests/test_save.py
runs on CPython and under the MicroPython unix port (the same code).

A match of Block is played by bots through pips.save.MatchSave, every record
it writes kept in order. Then each record is written again over the one
before it on a file system that stops (`Stopping`): after so many steps
(each write, rename, remove), or after so many bytes of data, either losing
every step after it (a plain power cut) or keeping the renames that follow
but not the data (a file system that reorders its writes: the renamed file
is torn). At every such cut the store must read back exactly the record
pips.save's text promises (`promised`), with the note it promises, and that
record must deal and replay to a match. Then the record is cleared with a
cut at every step: the newest record or nothing, never an older one.
Prints "cuts N" (the cuts checked) at the end.

Arguments: the records to cut (all of them by default), the seed.
"""

import sys

from pips import games
from pips.bots import bot_rng, table_bots
from pips.match import Match
from pips.restore import read_match
from pips.save import EARLIER, UNREADABLE, MatchSave, Store, match_record
from pips.match import Turns

NAME = match_record("block")


class Power(Exception):
    """The power went off."""


class Stopping(Store):
    """A store whose files are in memory and stop after `steps` steps, or
    after `size` bytes of data (-1: no limit). torn: the steps after a short
    write still happen (the data is lost, not the renames)."""

    def __init__(self, files, steps=-1, size=-1, torn=False):
        Store.__init__(self, "")
        self.files = files
        self.steps = steps
        self.size = size
        self.torn = torn
        self.off = False

    def step(self):
        if self.off:
            raise Power()
        if self.steps == 0:
            self.off = True
            raise Power()
        self.steps -= 1

    def load(self, name):
        return self.files.get(name)

    def exists(self, name, file=False):
        return name in self.files

    def dump(self, name, parts):
        self.step()
        data = bytearray()
        for part in parts:
            data.extend(part)
        if 0 <= self.size < len(data):
            self.files[name] = bytes(data[: self.size])
            self.size = 0
            if not self.torn:
                self.off = True
                raise Power()
            return
        if self.size > 0:
            self.size -= len(data)
        self.files[name] = bytes(data)

    def rename(self, name, new):
        self.step()
        if name not in self.files:
            raise OSError(2)
        self.files[new] = self.files.pop(name)

    def remove(self, name):
        self.step()
        if name in self.files:
            del self.files[name]


def records(seed):
    """Every record a match writes, in order (a bot match of Block)."""
    kept = []

    class Keep(Store):
        def write(self, name, parts):
            data = bytearray()
            for part in parts:
                data.extend(part)
            kept.append(bytes(data))

    game_class = games.get("block")
    match = Match(game_class, 2, {"target": 50}, seed)
    bots_rng = bot_rng(seed)
    bots = table_bots(("random", "greedy"), bots_rng, game_class)
    save = MatchSave(Keep(""), match, ("random", "greedy"), seed, bots_rng)
    while not match.over:
        match.new_hand()
        game = match.game
        turns = Turns(game)
        seat = turns.next()
        while seat >= 0:
            move = bots[seat].choose(game.view(seat))
            if move >= 0:
                game.play(seat, move)
                save.play(seat, move)
            seat = turns.next()
        match.end_hand()
    return kept


def promised(steps, size, torn, record, before):
    """(the record, the note) reading must give after writing `record` over
    `before` (None for none) was cut as (steps, size, torn) says; the note
    UNREADABLE stands for any note that starts with it."""
    whole = size < 0 or size >= len(record) + 9  # the new file's bytes all written
    if steps == 0:
        return before, None  # cut before anything was written: NAME as it was
    if not whole and not torn:  # cut while NAME.new was written: NAME as it was
        return (before, None) if before is not None else (None, UNREADABLE)
    if steps == 1:  # NAME.new whole, cut before the first rename
        return (before, None) if before is not None else (record, None)
    if not whole:  # torn: the renames went through, NAME holds a torn file
        return (before, EARLIER) if before is not None else (None, UNREADABLE)
    return record, None  # NAME.new whole and renamed (or still NAME.new, between the renames)


def cuts(payloads):
    """Cut the writing of each record at every step and byte, and its
    clearing at every step; the count of cuts."""
    count = 0
    replayed = {}
    for k in range(len(payloads)):
        before = {}
        if k:  # the record before, written whole (and the one before it)
            store = Stopping(before)
            for j in range(max(0, k - 2), k):
                store.write(NAME, (payloads[j],))
        want = payloads[k]
        before_it = payloads[k - 1] if k else None  # nothing before the first
        ways = []
        for steps in range(6):
            ways.append((steps, -1, False))
        for size in range(len(want) + 9 + 1):
            ways.append((-1, size, False))
            ways.append((-1, size, True))
        for steps, size, torn in ways:
            store = Stopping(dict(before), steps, size, torn)
            try:
                store.write(NAME, (want,))
            except Power:
                pass
            store.off = False
            got, note = store.read_noted(NAME)
            if note is not None and note.startswith(UNREADABLE):
                note = UNREADABLE
            expect = promised(steps, size, torn, want, before_it)
            if (got, note) != expect:
                raise AssertionError("record %d cut at %r: read %r, %r; promised %r"
                                     % (k, (steps, size, torn), got, note, expect))
            if got is not None and got not in replayed:  # each record read replays once
                rebuilt = read_match(store, "block")[0]
                if rebuilt is None:
                    raise AssertionError("record %d cut at %r: no match" % (k, (steps, size, torn)))
                if rebuilt.match.game.moves * 2 != len(rebuilt.moves):
                    raise AssertionError("record %d: not every move replayed" % k)
                replayed[got] = True
            count += 1
        # clearing, cut at every step: the newest record or nothing, and no
        # word of damage, with or without a NAME.new torn by a cut before
        written = dict(before)
        Stopping(written).write(NAME, (want,))
        for leftover in (None, b"Pp" + bytes(len(want) // 2)):
            files = dict(written)
            if leftover is not None:
                files[NAME + ".new"] = leftover
            for steps in range(4):
                store = Stopping(dict(files), steps)
                try:
                    store.clear(NAME)
                except Power:
                    pass
                store.off = False
                got, note = store.read_noted(NAME)
                if (got is not None and got != want) or note is not None:
                    raise AssertionError("record %d, clear cut after %d steps%s: read %r, %r"
                                         % (k, steps, " (a torn NAME.new)" if leftover else "",
                                            got and "an older record", note))
                count += 1
    return count


def main(argv):
    seed = int(argv[2]) if len(argv) > 2 else 3
    payloads = records(seed)
    if len(argv) > 1 and int(argv[1]) > 0:
        payloads = payloads[: int(argv[1])]
    print("records", len(payloads))
    print("cuts", cuts(payloads))


if __name__ == "__main__":
    main(sys.argv)
