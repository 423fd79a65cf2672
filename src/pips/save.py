"""What is kept across a power cut: the match being played, the settings, the
statistics. The same code on the handheld (MicroPython) and the desktop.

Files. A record is written whole, as a new file renamed over the old one, and
the old one is kept one generation more:

    write NAME.new;  rename NAME -> NAME.old;  rename NAME.new -> NAME

Each file is `Pp`, the payload's length (3 bytes), the payload, and its
checksum (Fletcher's two sums modulo 65521, 4 bytes), so a file cut short or
torn is refused. Reading tries NAME, then NAME.new (complete when the cut fell
between the two renames), then NAME.old (the generation before, when a file
system kept the renames but not all of the data): a cut at any byte or any
step finds the last record or the one before it, never a broken one
(tests/test_save.py cuts at every byte and every step, on CPython and on
MicroPython). `Store` does this over a `Files` folder (or anything with its
four methods: the tests' file system that stops).

The match (`MatchSave`). The hand is not stored: it is dealt again and its
moves replayed. A record holds the game, the seats' levels, the table
options, the match's seed, starter, hands played, totals and resigned seats,
the deal's generator as it was before this hand was dealt, the bots'
generator as it is now, and the hand's moves (seat, move) in the order the
turn loop (pips.turns) met them. `load_match` deals the hand again from that
generator (Match.deal) and replays the moves through Turns.replay, so the
seats offered a move out of turn are offered it again as they were: the
match goes on exactly as it would have. About 470 bytes and 2 a move.
"""

from pips.compat import const
from pips.rng import Rng, STATE_SIZE

MATCH = "match"  # the names of the records
SETTINGS = "settings"
STATS = "stats"

from pips.bots import SEAT_LEVELS as LEVELS  # a seat's level, stored as its index

_VERSION = const(1)
_HEAD = const(5)  # b"Pp" and the payload's length in 3 bytes
_MOD = const(65521)
_RESIGN = const(0x80)  # a move entry's seat byte: the seat resigned (pips.ui.table)


def checksum(parts):
    """Fletcher's two sums modulo 65521 over the bytes of `parts`, as 4 bytes
    (two 16-bit halves: no long int on a 32-bit board)."""
    a = 1
    b = 0
    for part in parts:
        for x in part:
            a = (a + x) % _MOD
            b = (b + a) % _MOD
    return bytes((b >> 8, b & 255, a >> 8, a & 255))


def opened(data):
    """The payload of a whole record file, or None for a file cut short,
    torn, or not ours."""
    if data is None or len(data) < _HEAD + 4 or data[0] != 0x50 or data[1] != 0x70:
        return None
    size = (data[2] << 16) | (data[3] << 8) | data[4]
    if len(data) != _HEAD + size + 4:
        return None
    payload = data[_HEAD : _HEAD + size]
    return payload if checksum((payload,)) == data[-4:] else None


class Files:
    """Records as files in a folder (made when first written)."""

    def __init__(self, folder):
        self.folder = folder

    def path(self, name):
        return self.folder + "/" + name if self.folder else name

    def read(self, name):
        """The file's bytes, None when there is none."""
        try:
            with open(self.path(name), "rb") as f:
                return f.read()
        except OSError:
            return None

    def write(self, name, parts):
        """A new file of the bytes of `parts`, one after the other."""
        try:
            f = open(self.path(name), "wb")
        except OSError:
            import os

            os.mkdir(self.folder)  # the first record
            f = open(self.path(name), "wb")
        with f:
            for part in parts:
                f.write(part)

    def rename(self, name, new):
        """Rename over `new`; OSError when `name` is not there."""
        import os

        os.rename(self.path(name), self.path(new))

    def remove(self, name):
        import os

        try:
            os.remove(self.path(name))
        except OSError:
            pass


class Store:
    """Records kept safe from a cut at any moment: see the module's text."""

    def __init__(self, files):
        self.files = files

    def write(self, name, parts):
        """Keep the bytes of `parts` (bytes, bytearrays) as the record `name`."""
        size = 0
        for part in parts:
            size += len(part)
        head = bytes((0x50, 0x70, size >> 16, (size >> 8) & 255, size & 255))
        files = self.files
        files.write(name + ".new", [head] + list(parts) + [checksum(parts)])
        try:
            files.rename(name, name + ".old")
        except OSError:
            pass  # the first record, or a cut fell between the renames last time
        files.rename(name + ".new", name)

    def read(self, name, take=None):
        """The record's payload: the newest whole file's. take(payload), when
        given, makes something of it; a payload it refuses with ValueError is
        passed over for the next file. None when nothing is kept."""
        for suffix in ("", ".new", ".old"):
            payload = opened(self.files.read(name + suffix))
            if payload is None:
                continue
            if take is None:
                return payload
            try:
                return take(payload)
            except (ValueError, IndexError, KeyError, ImportError):
                pass
        return None

    def remove(self, name):
        """Forget the record: the old generation first, so that a cut leaves
        the newest one rather than an older one."""
        for suffix in (".old", ".new", ""):
            self.files.remove(name + suffix)


# -- small numbers in bytes -----------------------------------------------------


def put_int(out, n):
    """Append an int as a varint of its zigzag form (signed; 1 byte below 64)."""
    n = n * 2 if n >= 0 else -n * 2 - 1
    while n >= 0x80:
        out.append((n & 0x7F) | 0x80)
        n >>= 7
    out.append(n)


def get_int(data, at):
    """(the int put_int wrote at data[at:], the place after it)"""
    n = 0
    shift = 0
    while True:
        b = data[at]
        at += 1
        n |= (b & 0x7F) << shift
        shift += 7
        if b < 0x80:
            break
        if shift > 35:
            raise ValueError("not a number")
    return (n >> 1 if not n & 1 else -(n >> 1) - 1), at


def put_text(out, text):
    out.append(len(text))
    for c in text:
        out.append(ord(c))


def get_text(data, at):
    n = data[at]
    return "".join(chr(c) for c in data[at + 1 : at + 1 + n]), at + 1 + n


def put_options(out, game_class, options):
    """The table options as the index of each value among its allowed ones."""
    out.append(len(game_class.options))
    for key, default, allowed in game_class.options:
        out.append(allowed.index(options.get(key, default)))


def get_options(data, at, game_class):
    n = data[at]
    specs = game_class.options
    if n != len(specs):
        raise ValueError("the game's options changed")
    out = {}
    for i in range(n):
        out[specs[i][0]] = specs[i][2][data[at + 1 + i]]
    return out, at + 1 + n


# -- the match ------------------------------------------------------------------


class MatchSave:
    """The match of a table, written to `store` after every move.

    The table calls hand() for each new hand (it deals it), moved() after
    each move, resigned() when a human resigns, and done() when the match is
    over. `levels` are the seats' (LEVELS), `bots` the bots' generator."""

    def __init__(self, store, match, levels, seed, bots):
        self.store = store
        self.match = match
        self.levels = levels
        self.seed = seed
        self.bots = bots
        self.head = None  # the record up to the bots' generator, made once a hand
        self.moves = bytearray()  # the hand's moves: seat (| _RESIGN), move
        self.turns = None  # load_match: the turn loop, where the replay left it

    def hand(self):
        """Deal the match's next hand (Match.new_hand) and keep it."""
        match = self.match
        deal_rng = bytearray()
        match.rng.save(deal_rng)  # the generator the hand is dealt from
        game = match.new_hand()
        self.begin(deal_rng)
        self.write()
        return game

    def begin(self, deal_rng):
        """The record's head for the hand the match has just dealt."""
        match = self.match
        out = bytearray((_VERSION,))
        put_text(out, match.game_class.name)
        out.append(match.players)
        for level in self.levels:
            out.append(LEVELS.index(level))
        put_options(out, match.game_class, match.options)
        put_int(out, self.seed)
        out.append(match.first)
        put_int(out, match.hands_played)
        for t in match.totals:
            put_int(out, t)
        out.append(len(match.resigned))
        for seat in match.resigned:
            out.append(seat)
        self.head = out + deal_rng
        self.moves = bytearray()

    def moved(self, seat, move):
        """A move of `seat`, just played."""
        self.moves.append(seat)
        self.moves.append(move)
        self.write()

    def resigned(self, seat):
        """`seat` resigned (the table played its "resign", if the game has one)."""
        self.moves.append(seat | _RESIGN)
        self.moves.append(0)
        self.write()

    def write(self):
        bots = bytearray()
        self.bots.save(bots)
        self.store.write(MATCH, (self.head, bots, self.moves))

    def done(self):
        """The match is over: nothing to resume."""
        self.store.remove(MATCH)


def read_match(store):
    """The kept match, dealt and replayed (a MatchSave whose `match` stands
    where the record left it, its hand's turn loop in `turns`), or None."""
    return store.read(MATCH, lambda payload: _rebuild(store, payload))


def _rebuild(store, data):
    from pips import games
    from pips.match import Match
    from pips.turns import Turns

    if data[0] != _VERSION:
        raise ValueError("a record of another version")
    name, at = get_text(data, 1)
    game_class = games.get(name)
    players = data[at]
    levels = [LEVELS[data[at + 1 + s]] for s in range(players)]
    at += 1 + players
    options, at = get_options(data, at, game_class)
    seed, at = get_int(data, at)
    match = Match(game_class, players, options, seed)
    match.first = data[at]
    match.hands_played, at = get_int(data, at + 1)
    for s in range(players):
        match.totals[s], at = get_int(data, at)
    for i in range(data[at]):
        match.resigned.append(data[at + 1 + i])
    at += 1 + data[at]
    deal_rng = bytes(data[at : at + STATE_SIZE])
    at = match.rng.load(data, at)
    bots = Rng()
    at = bots.load(data, at)
    if (len(data) - at) & 1:
        raise ValueError("a move cut in half")
    game = match.deal()
    turns = Turns(game)
    for i in range(at, len(data), 2):
        seat = data[i]
        if seat & _RESIGN:
            seat &= 0x7F
            if game_class.resign_in_hand and game.turn >= 0:
                game.play(seat, game.parse_move(seat, "resign"))
            match.resign(seat)
            turns = Turns(game)  # as the table does after a resignation
        else:
            turns.replay(seat, data[i + 1])
    kept = MatchSave(store, match, levels, seed, bots)
    kept.begin(deal_rng)
    kept.moves = bytearray(data[at:])
    kept.turns = turns
    return kept
