"""What is kept across a power cut: the match being played, the settings, the
statistics. The same code on the handheld (MicroPython) and the desktop.

Files: a record is written whole, as a new file renamed over the old one, and
the old one is kept one generation more:

    write NAME.new;  rename NAME -> NAME.old;  rename NAME.new -> NAME

Each file is `Pp`, the payload's length (3 bytes), the payload, and its
checksum (Fletcher's two sums modulo 65521, 4 bytes), so a file cut short or
torn is refused. Reading tries NAME, then NAME.new (complete when the cut fell
between the two renames), then NAME.old (the generation before, when a file
system kept the renames but not all of the data): a cut at any byte or any
step finds the last record or the one before it, never a broken one
(tests/test_save.py cuts at every byte and every step, on CPython and on
MicroPython). `Store` does this in a folder; its four file methods (load,
dump, rename, remove) are all it asks of a file system (the tests' file
system that stops overrides them).

The match (`MatchSave`). The hand is not stored: it is dealt again and its
moves replayed. A record holds the game, the seats' levels, the table
options, the match's seed, starter, hands played, totals and resigned seats,
the deal's generator as it was before this hand was dealt, the bots'
generator as it is now (Rng.state), and the hand's moves (seat, move) in
the order the turn loop (pips.match) met them. pips.restore reads it back:
it deals the hand again from that generator (Match.deal) and replays the
moves through the turn loop, so the seats offered a move out of turn are
offered it again as they were: the match goes on exactly as it would have.
About 470 bytes and 2 a move.

This module is what a board needs to write, imported at a table's first
move; reading a record back (pips.restore) is imported only when there is
one. MicroPython interns every name a module uses, and its table of names
grows in steps of several KiB (docs/figures.md): the names here are few,
and common ones where that reads as well.
"""

from pips import const
from pips.match import LEVELS

_VERSION = const(1)  # of the match record (pips.restore reads it)
_RESIGN = const(0x80)  # a move entry's seat byte: the seat resigned (pips.restore)
_MOD = const(65521)
# A record's file, its new one, its old one: NAME, NAME.new, NAME.old. One
# string sliced (each name MicroPython interns takes room, see above).
_SUFFIXES = const(".new.old")


def checksum(data):
    """Fletcher's two sums modulo 65521 over the bytes of `data` (bytes,
    bytearrays), as 4 bytes (two 16-bit halves: no long int on a 32-bit
    board)."""
    a = 1
    b = 0
    for part in data:
        for x in part:
            a = (a + x) % _MOD
            b = (b + a) % _MOD
    return bytes((b >> 8, b & 255, a >> 8, a & 255))


class Store:
    """Records kept safe from a cut at any moment, as files in the folder
    `path` (made when first written): see the module's text. Reading one
    back is read()."""

    def __init__(self, path):
        self.path = path

    def write(self, name, data):
        """Keep the bytes of `data` (bytes, bytearrays) as the record `name`."""
        size = 0
        for part in data:
            size += len(part)
        head = bytes((0x50, 0x70, size >> 16, (size >> 8) & 255, size & 255))
        new = name + _SUFFIXES[:4]
        self.dump(new, (head,) + tuple(data) + (checksum(data),))
        try:
            self.rename(name, name + _SUFFIXES[4:])
        except OSError:
            pass  # the first record, or a cut fell between the renames last time
        self.rename(new, name)

    def read(self, name, take=None):
        """The record's payload: the newest whole file's (a file cut short,
        torn, or not ours is passed over). take(payload), when given, makes
        something of it; a payload it refuses with ValueError is passed over
        too. None when nothing is kept."""
        for suffix in ("", _SUFFIXES[:4], _SUFFIXES[4:]):
            data = self.load(name + suffix)
            if data is None or len(data) < 9 or data[0] != 0x50 or data[1] != 0x70:
                continue
            size = (data[2] << 16) | (data[3] << 8) | data[4]
            if len(data) != size + 9 or checksum((data[5 : 5 + size],)) != data[-4:]:
                continue
            if take is None:
                return data[5 : 5 + size]
            try:
                return take(data[5 : 5 + size])
            except (ValueError, IndexError, KeyError, ImportError):
                pass
        return None

    def clear(self, name):
        """Forget the record: the old generation first, so that a cut leaves
        the newest one rather than an older one."""
        for suffix in (_SUFFIXES[4:], _SUFFIXES[:4], ""):
            self.remove(name + suffix)

    # -- the file system: all the store asks of one -----------------------------
    def load(self, name):
        """The file's bytes, None when there is none."""
        try:
            with open(self.path + "/" + name, "rb") as f:
                return f.read()
        except OSError:
            return None

    def dump(self, name, data):
        """A new file of the bytes of `data`, one after the other."""
        import os

        try:
            f = open(self.path + "/" + name, "wb")
        except OSError:
            os.mkdir(self.path)  # the first record
            f = open(self.path + "/" + name, "wb")
        with f:
            for part in data:
                f.write(part)

    def rename(self, src, target):
        """Rename over `target`; OSError when `src` is not there."""
        import os

        os.rename(self.path + "/" + src, self.path + "/" + target)

    def remove(self, name):
        import os

        try:
            os.remove(self.path + "/" + name)
        except OSError:
            pass


def put(data, value):
    """Append to the bytearray `data` an int, as a varint of its zigzag form
    (signed; 1 byte below 64), or a short text, as its length and characters."""
    if isinstance(value, str):
        data.append(len(value))
        for c in value:
            data.append(ord(c))
        return
    value = value * 2 if value >= 0 else -value * 2 - 1
    while value >= 0x80:
        data.append((value & 0x7F) | 0x80)
        value >>= 7
    data.append(value)


def put_options(data, game_class, options):
    """The table options as the index of each value among its allowed ones."""
    data.append(len(game_class.options))
    for key, default, allowed in game_class.options:
        data.append(allowed.index(options.get(key, default)))


# -- the match ------------------------------------------------------------------


class MatchSave:
    """The match of a table, written to `store` after every move: keep()
    makes it at a table's first move. `levels` are the seats' (LEVELS),
    `seed` the match's, `bots` the bots' generator."""

    def __init__(self, store, match, levels, seed, bots):
        self.store = store
        self.match = match
        self.levels = levels
        self.seed = seed
        self.bots = bots
        self.hand = -1  # the hand the record's head is for (match.hands_played then)
        self.head = None  # the record up to the bots' generator
        self.moves = bytearray()  # the hand's moves: seat (| _RESIGN), move
        self.turns = None  # pips.restore: the turn loop, where the replay left it
        self.bots_state = None  # the bots' generator, written after every move (one buffer)

    def deal(self):
        """The record's head for the hand the match holds, dealt from the
        generator Match.deal noted (match.dealt)."""
        match = self.match
        data = bytearray((_VERSION,))
        put(data, match.game_class.name)
        data.append(match.players)
        for level in self.levels:
            data.append(LEVELS.index(level))
        put_options(data, match.game_class, match.options)
        put(data, self.seed)
        data.append(match.first)
        put(data, match.hands_played)
        for t in match.totals:
            put(data, t)
        data.append(len(match.resigned))
        for seat in match.resigned:
            data.append(seat)
        self.head = data + match.dealt
        self.hand = match.hands_played
        self.moves = bytearray()

    def play(self, seat, move):
        """A move of `seat`, just played (-1: the seat resigned); written."""
        if self.hand != self.match.hands_played:
            self.deal()  # the first move of a hand
        if move < 0:
            seat |= _RESIGN
            move = 0
        self.moves.append(seat)
        self.moves.append(move)
        self.bots_state = self.bots.state(self.bots_state)
        self.store.write("match", (self.head, self.bots_state, self.moves))

    def over(self):
        """The match is over: forgotten, and counted in the statistics."""
        from pips import stats

        self.store.clear("match")
        stats.count(self.store, self.match, self.levels)
