"""What is kept across a power cut: a match per game, the settings, the
statistics. The same code on the handheld (MicroPython) and the desktop.

Files: a record is written whole, as a new file renamed over the old one, and
the old one is kept one generation more:

    write NAME.new;  rename NAME -> NAME.old;  rename NAME.new -> NAME

Each file is `Pp`, the payload's length (3 bytes), the payload, and its
checksum (Fletcher's two sums modulo 65521, 4 bytes), so a file cut short or
torn is refused. What a cut leaves, and what reading gives back:

    cut while NAME.new is written     NAME: the last record
    cut before the first rename       NAME: the last record (the new one was
                                      never committed)
    cut between the two renames       NAME.new: the new record, complete
    after the second rename           NAME: the new record

Reading tries NAME, then NAME.new, then NAME.old (the generation before: a
file system that kept the renames but not the data, or a damaged file). So
what loads is always one of the last two records written, byte for byte, or
nothing; when it is NAME.old, or when nothing could be read though files are
there, the reader is told so (`Store.read_noted`). Clearing removes NAME.old,
then NAME.new, then NAME: a cut on the way leaves the newest record or
nothing, never an older one (tests/test_save.py cuts every step and every
byte, on CPython and on MicroPython).

`Store` does this in a folder; its four file methods (load, dump, rename,
remove) are all it asks of a file system (the tests' file system that stops
overrides them). A folder that cannot be used (`usable()` says why) is not
written; a write that fails (a full disk) is told once, through the store's
`warn`, and play goes on without it.

The match (`MatchSave`), one record per game (`match_record(name)`). The hand
is not stored: it is dealt again and its moves replayed. A record holds the
game, the seats' levels, the table options, the match's seed, starter, hands
played, totals and resigned seats, the deal's generator as it was before
this hand was dealt, the bots' generator as it is now (Rng.state), and the
hand's moves (seat, move) in the order the turn loop (pips.match) met them.
pips.restore reads it back: it deals the hand again from that generator
(Match.deal) and replays the moves through the turn loop, so the seats
offered a move out of turn are offered it again as they were: the match goes
on exactly as it would have. About 470 bytes and 2 a move.

This module is what a board needs to write, imported at a table's first
move; reading a record back (pips.restore) is imported only when there is
one.
"""

from pips import const
from pips.match import LEVELS

_VERSION = const(1)  # of the match record (pips.restore reads it)
_RESIGN = const(0x80)  # a move entry's seat byte: the seat resigned (pips.restore)
_MOD = const(65521)
NEW = ".new"  # NAME.new: the record being written
OLD = ".old"  # NAME.old: the generation before

# What Store.read_noted tells the player when the newest record was not the one read
EARLIER = "the last save was damaged: resumed one move earlier"
UNREADABLE = "the last save was damaged and could not be read"


def match_record(name):
    """The record that keeps the match of the game `name`."""
    return "match-" + name


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
    `path` (made when first written): see the module's text. warn(text), when
    given, hears the first write that fails, once."""

    def __init__(self, path, warn=None):
        self.path = path
        self.warn = warn
        self.failed = False  # a write failed: told once

    def usable(self):
        """None when records can be kept here, else why not (one line)."""
        import os

        try:
            if not os.stat(self.path)[0] & 0x4000:
                return "%s is not a folder" % self.path
        except OSError:
            try:
                _make_folders(self.path)
            except OSError as error:
                return "cannot make the folder %s (%s)" % (self.path, _reason(error))
        probe = self.path + "/.probe"
        try:
            with open(probe, "wb") as f:
                f.write(b"Pp")
            os.remove(probe)
        except OSError as error:
            return "cannot write in %s (%s)" % (self.path, _reason(error))
        return None

    def write(self, name, data):
        """Keep the bytes of `data` (bytes, bytearrays) as the record `name`;
        False when the file system refused (told once through `warn`)."""
        size = 0
        for part in data:
            size += len(part)
        head = bytes((0x50, 0x70, size >> 16, (size >> 8) & 255, size & 255))
        try:
            self.dump(name + NEW, (head,) + tuple(data) + (checksum(data),))
            try:
                self.rename(name, name + OLD)
            except OSError:
                pass  # the first record, or a cut fell between the renames last time
            self.rename(name + NEW, name)
        except OSError as error:
            if not self.failed and self.warn is not None:
                self.warn("could not save %s: %s" % (name, _reason(error)))
            self.failed = True
            return False
        return True

    def read(self, name, take=None):
        """The record's payload, or take(payload) when given; None when
        nothing readable is kept (see read_noted)."""
        return self.read_noted(name, take)[0]

    def read_noted(self, name, take=None):
        """(what was read, a note): the newest whole record's payload, or
        take(payload) when `take` is given (a payload it refuses with
        ValueError counts as damaged); the note is None when that is the
        newest record or nothing is kept, else a line for the player:
        EARLIER when the generation before was read, UNREADABLE (and why)
        when files are there but none could be read."""
        damaged = None
        for suffix in ("", NEW, OLD):
            data = self.load(name + suffix)
            if data is None:
                if self.exists(name + suffix):  # there, but not a file that reads
                    damaged = damaged or "%s cannot be read" % (name + suffix)
                continue
            payload = _payload(data)
            if payload is None:
                damaged = damaged or "a file torn or changed"
                continue
            if take is not None:
                try:
                    payload = take(payload)
                except (ValueError, IndexError, KeyError, ImportError) as error:
                    damaged = damaged or str(error)
                    continue
            # NAME.old read: the newest record is gone or damaged (a write never
            # leaves NAME.old alone), so the player hears of the step back
            return payload, (EARLIER if suffix == OLD else None)
        if damaged:
            return None, "%s (%s)" % (UNREADABLE, damaged)
        return None, None

    def kept(self, name):
        """Whether a file of the record is there (nothing read: quick)."""
        for suffix in ("", NEW, OLD):
            if self.exists(name + suffix, True):
                return True
        return False

    def clear(self, name):
        """Forget the record: the old generation first, so that a cut leaves
        the newest one rather than an older one."""
        for suffix in (OLD, NEW, ""):
            self.remove(name + suffix)

    # -- the file system: all the store asks of one -----------------------------
    def load(self, name):
        """The file's bytes, None when there is none (or it cannot be read)."""
        try:
            with open(self.path + "/" + name, "rb") as f:
                return f.read()
        except OSError:
            return None

    def exists(self, name, file=False):
        """Whether `name` is there in the folder (with `file`: as a file)."""
        import os

        try:
            mode = os.stat(self.path + "/" + name)[0]
        except OSError:
            return False
        return not file or mode & 0x8000 != 0

    def dump(self, name, data):
        """A new file of the bytes of `data`, one after the other."""
        import os

        try:
            f = open(self.path + "/" + name, "wb")
        except OSError:
            if self.exists(""):  # the folder is there: this file cannot be
                raise
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


def _payload(data):
    """The payload of a record file's bytes, or None when they are not a whole record."""
    if len(data) < 9 or data[0] != 0x50 or data[1] != 0x70:
        return None
    size = (data[2] << 16) | (data[3] << 8) | data[4]
    if len(data) != size + 9 or checksum((memoryview(data)[5 : 5 + size],)) != data[-4:]:
        return None
    return data[5 : 5 + size]


def _make_folders(path):
    """Make the folder `path` and those above it that are missing (MicroPython
    has no os.makedirs)."""
    import os

    at = 0
    while at >= 0:
        at = path.find("/", at + 1)
        part = path if at < 0 else path[:at]
        try:
            os.stat(part)
        except OSError:
            os.mkdir(part)


def _reason(error):
    """An OSError in a few words (MicroPython's carry only the number)."""
    words = {2: "no such file", 13: "not allowed", 17: "a file is in the way",
             20: "not a folder", 21: "a folder is in the way", 28: "the disk is full",
             30: "read-only"}
    number = error.args[0] if error.args else 0
    return words.get(number, "error %s" % number)


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
        self.name = match_record(match.game_class.name)  # the game's record
        self.hand = -1  # the hand the record's head is for (match.hands_played then)
        self.head = None  # the record up to the bots' generator
        self.moves = bytearray()  # the hand's moves: seat (| _RESIGN), move
        self.turns = None  # pips.restore: the turn loop, where the replay left it
        # a new match clears what its game kept before at its first record, so
        # that a cut never brings back the older match's generation (pips.restore
        # sets it False for a match read back)
        self.fresh = True
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
        if self.fresh:
            self.store.clear(self.name)
            self.fresh = False
        self.store.write(self.name, (self.head, self.bots_state, self.moves))

    def over(self):
        """The match is over: forgotten, and counted in the statistics."""
        from pips import stats

        self.store.clear(self.name)
        stats.count(self.store, self.match, self.levels)
