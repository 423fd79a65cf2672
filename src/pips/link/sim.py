"""A whole linked table in one process, on simulated wires in simulated
time (desktop only: the tests and `make soak-link`): a host and its guests,
each guest's seats played by a `Picker` (a stand-in human), and the same
match played locally for comparison. A device can be cut (its power lost)
and brought back."""

from pips.bots import bot_rng, table_bots
from pips.link import EVENT, OVER, SEATS, TABLE, VIEW
from pips.link import view as packed
from pips.link.frame import Peer
from pips.link.guest import Guest
from pips.link.host import Host, ask_key
from pips.link.wire import sim_pair
from pips.match import Match, Turns
from pips.rng import Rng
from pips.save import Store

STEP_MS = 10


class MemoryStore(Store):
    """A store whose files are kept in a dict (they outlive a host's cut)."""

    def __init__(self, files=None):
        Store.__init__(self, "")
        self.files = {} if files is None else files

    def load(self, name):
        return self.files.get(name)

    def exists(self, name, file=False):
        return name in self.files

    def dump(self, name, parts):
        data = bytearray()
        for part in parts:
            data.extend(part)
        self.files[name] = bytes(data)

    def rename(self, name, new):
        if name not in self.files:
            raise OSError(2)
        self.files[new] = self.files.pop(name)

    def remove(self, name):
        self.files.pop(name, None)


class Picker:
    """A stand-in human for a seat: picks among the legal moves from its own
    generator, lets two chances in three out of turn pass, and gives the same
    answer when asked the same thing again (the ask's key)."""

    def __init__(self, seed):
        self.rng = Rng(seed)
        self.said = {}

    def __call__(self, seat, key, hand, legal, offered):
        if key in self.said:
            return self.said[key]
        if offered and self.rng.below(3):
            move = -1
        else:
            move = legal[self.rng.below(len(legal))]
        self.said[key] = move
        return move


def levels_for(players, human_seats, level="greedy"):
    return ["human" if s in human_seats else level for s in range(players)]


def play_local(game_class, players, seed, options, human_seats, level="greedy"):
    """The match played on one device: bots at the other seats, Pickers
    (seeded per seat) at `human_seats`. Its record: every move "seat text"."""
    levels = levels_for(players, human_seats, level)
    bots = table_bots([None if lv == "human" else lv for lv in levels], bot_rng(seed), game_class)
    pickers = dict((s, Picker(seed * 31 + s)) for s in human_seats)
    match = Match(game_class, players, options, seed)
    lines = []
    buf = bytearray(game_class.max_moves)
    while True:
        game = match.new_hand()
        turns = Turns(game)
        seat = turns.next()
        while seat >= 0:
            if bots[seat] is not None:
                move = bots[seat].choose(game.view(seat))
            else:
                n = game.legal(seat, buf)
                move = pickers[seat](seat, ask_key(match, game, seat), None, list(buf[:n]), seat != game.turn)
            if move >= 0:
                lines.append("%d %s" % (seat, game.move_text(move)))
                game.play(seat, move)
            seat = turns.next()
        if match.end_hand() or match.over:
            break
    return {"lines": lines, "totals": list(match.totals)}


class Table:
    """A linked table: guests[i] the seats guest i holds; odds the wire's
    (pips.link.wire.SimLine). `check(guest, message, game)` sees every
    message sent to a guest (the leak check)."""

    def __init__(self, game_class, players, seed, options, guests, odds=None, level="greedy", check=None, host_class=Host):
        self.now = 0
        self.rng = Rng(seed * 7 + 3)
        clock = lambda: self.now
        self.game_class = game_class
        self.seed = seed
        self.guest_seats = guests
        self.owner = [-1] * players
        for g, seats in enumerate(guests):
            for s in seats:
                self.owner[s] = g
        human = [s for seats in guests for s in seats]
        self.levels = levels_for(players, human, level)
        self.pickers = dict((s, Picker(seed * 31 + s)) for s in human)
        self.ends = [sim_pair(self.rng, clock, **(odds or {})) for _ in guests]
        self.store = MemoryStore()
        self.lines = []
        self.check = check
        self.host_class = host_class
        self.sessions = Rng(seed * 13 + 5)
        self.host = host_class.new(
            game_class, players, self.owner, self.levels, options, seed, self.store,
            self._host_peers(), heard=self._heard, sent=self._sent,
        )
        self.guests = [self._guest(g) for g in range(len(guests))]

    def _session(self):
        return 1 + self.sessions.below(255)

    def _host_peers(self):
        return [Peer(end[0], self._session()) for end in self.ends]

    def _guest(self, g):
        seats = self.guest_seats[g]

        def human(seat, key, hand, legal, offered):
            return self.pickers[seat](seat, key, hand, legal, offered)

        return Guest(Peer(self.ends[g][1], self._session()), seats, human)

    def _heard(self, seat, text):
        self.lines.append("%d %s" % (seat, text))

    def _sent(self, g, message):
        if self.check is not None:
            self.check(self, g, message)

    def cut_guest(self, g):
        """Guest g loses power: its device state is gone (a new one starts)."""
        self.guests[g] = self._guest(g)

    def cut_host(self):
        """The host loses power and resumes from its save."""
        self.host = self.host_class.resume(
            self.store, self.game_class.name, self.owner,
            self._host_peers(), heard=self._heard, sent=self._sent,
        )

    def run(self, limit_ms=10 ** 8, until=None):
        """Step every device until the match is over and every guest knows
        (or `until()` says stop). True when the match finished."""
        while self.now < limit_ms:
            self.now += STEP_MS
            self.host.step(self.now)
            for guest in self.guests:
                guest.step(self.now)
            if self.host.done and all(g.over is not None for g in self.guests):
                return True
            if until is not None and until():
                return False
        return False

    def bytes_sent(self):
        total = sum(p.bytes_sent for p in self.host.peers)
        return total + sum(g.peer.bytes_sent for g in self.guests)


# Short options per game: a linked match in the tests takes a second or less.
SHORT = {
    "block": {"target": 50},
    "uno": {"target": 200},
    "bergen": {"hands": 1},
    "twentyone": {"hands": 1},
    "domino-uno": {},
}


class Leak(AssertionError):
    pass


def leak_check(table, g, message):
    """Every message to guest g must carry only what its seats may see,
    derived here from the game's views of those seats (not from what the
    host meant to send): Leak otherwise."""
    match = table.host.match
    game = match.game
    seats = table.guest_seats[g]
    kind = message[0]
    if kind == VIEW:
        seat = message[5]
        if seat not in seats:
            raise Leak("guest %d sent the view of seat %d" % (g, seat))
        # what the guest's seats may see, piece by piece, repeats counted (UNO's
        # cards are kinds: a second red 7 is not the first one's)
        may = {}
        for s in seats:
            view = game.view(s)
            for piece in list(view.hand_list()) + list(view.reveal or ()):
                may[piece] = may.get(piece, 0) + 1
        n = message[8]
        at = 9 + n
        k = message[at]
        hand = list(message[9 : 9 + n])
        reveal = list(message[at + 2 + k : at + 2 + k + message[at + 1 + k]])
        count = {}
        for piece in hand + reveal:
            count[piece] = count.get(piece, 0) + 1
            if count[piece] > may.get(piece, 0):
                raise Leak("guest %d sent piece %d, which seats %s may not see" % (g, piece, seats))
        view = game.view(seat)
        out = bytearray(game.max_moves)
        k = view.legal(out)
        at = 9 + n
        if list(message[at + 1 : at + 1 + message[at]]) != list(out[:k]):
            raise Leak("guest %d sent moves other than seat %d's view offers" % (g, seat))
    elif kind == EVENT:
        if len(message) != 3 or message[1] >= match.players:
            raise Leak("guest %d sent a malformed event" % g)
    elif kind == OVER:
        if len(message) != 1 + match.players:
            raise Leak("guest %d sent a malformed end" % g)
    elif kind == TABLE:
        # a screen's view (pips.ui.link_model): the whole view of one of the
        # guest's seats, as the game makes it, and the match's totals
        totals, at = packed._get(message, 4)
        if totals != list(match.totals):
            raise Leak("guest %d sent totals other than the match's" % g)
        resigned, at = packed._get(message, at)
        if resigned != list(match.resigned):
            raise Leak("guest %d sent resigned seats other than the match's" % g)
        body = bytes(message[at:])
        if not any(body == bytes(packed.pack(game.view(s), bytearray())) for s in seats):
            raise Leak("guest %d sent a view that is none of seats %s's" % (g, seats))
    elif kind == SEATS:
        players = message[1]
        at = 2 + players
        if list(message[at + 1 : at + 1 + message[at]]) != list(seats):
            raise Leak("guest %d told seats other than its own" % g)
    else:
        raise Leak("guest %d sent a message of kind %d" % (g, kind))
