"""Link play on the screens (pips.link): the title's Link entry, hosting a
table (its game, its set-up, the lobby that shows who joined) and joining
one; then the linked table (pips.ui.link_model).

The wire is the board's (App.link: a name of pips.link.wire.WIRES and where
it goes): a cable between two RP2040 boards' UART0, ESP-NOW between ESP32
boards, TCP in the desktop window. The host seats its own player at P1 and
offers every other human seat of its set-up to a device, in the order the
devices join; bots take the rest. A guest sees its seat's row as "P2 (you)".
"""

from pips import games, lang
from pips.link.frame import Peer
from pips.link.guest import Guest
from pips.link.wire import WIRES
from pips.rng import Rng
from pips.ui.events import seat_name
from pips.ui.menu import MenuScreen
from pips.ui.screen import game_title
from pips.ui.table import TableScreen
from pips.ui.table_setup import SetupScreen
from pips.ui.results import MatchResultScreen
from pips.ui import keys as K

KEEP_MS = 1000  # a linked device says it is there this often when silent (frame.Peer)


def session(app):
    """This device's session byte for a new link (1..255)."""
    return 1 + Rng(app.next_seed()).below(255)


def peer(app, wire):
    p = Peer(wire, session(app))
    p.keep_ms = KEEP_MS
    return p


class LinkScreen(MenuScreen):
    """Host a table, or join one."""

    title_key = "link.title"
    hint_key = "hint.choose_back"

    def enter(self):
        self.app.end_drain()  # a table left before: its wire is this one's now
        MenuScreen.enter(self)

    def items(self):
        return (lang.text("link.host"), lang.text("link.join"))

    def pick(self, i):
        if self.app.link is None:  # a board without a wire for it
            self.warn(lang.text("not_here"))
            return
        if i == 0:
            self.app.open(HostGamesScreen)
        else:
            self.app.open(JoinScreen)

    def back(self):
        self.app.home()


class HostGamesScreen(MenuScreen):
    """The game to host."""

    title_key = "link.host"
    hint_key = "hint.choose_back"

    def items(self):
        return [lang.title(card) for card, _ in games.GAMES]

    def pick(self, i):
        try:
            game_class = games.get(games.names()[i])
        except ImportError:
            return
        app = self.app
        if game_class.name in app.kept:
            # a linked match kept (the host lost power): resumed, its
            # devices' seats waiting in the lobby for them to come back
            from pips.restore import read_match
            from pips.save import Store

            kept, _ = read_match(Store(app.data), game_class.name)
            if kept is not None and "human" in kept.levels[1:]:
                m = kept.match
                app.open(LobbyScreen, game_class, m.players, kept.levels, m.options, kept)
                return
        app.open(HostSetupScreen, game_class)

    def back(self):
        self.app.open(LinkScreen)


# A linked set-up's choices for the seats but P1's: a guest device, a human
# at the host's device (pass-and-play between its own humans), or a bot.
DEVICE = "device"
LINK_CHOICES = (DEVICE, "human", "easy", "greedy", "smart")


class HostSetupScreen(SetupScreen):
    """The table's set-up, linked: P1 is the host's player; every other seat
    a device's, a human's at this device, or a bot's. A set-up is
    remembered with the game's local one, a device's seat as a human's
    (and a human's seat but P1's comes back as a device's)."""

    def __init__(self, app, game_class):
        SetupScreen.__init__(self, app, game_class)
        self.title = lang.text("link.setup", game_title(game_class))
        if app.last_setup.get(game_class.name) is None and game_class.max_players > 1:
            self.players = max(2, game_class.min_players)
            self.levels[1] = "human"  # a device at P2 at first
        self.levels = [lv if s == 0 or lv != "human" else DEVICE for s, lv in enumerate(self.levels)]

    def items(self):
        out = SetupScreen.items(self)
        for seat in range(1, self.players):
            level = self.levels[seat]
            if level == DEVICE:
                out[1 + seat] = lang.text("setup.seat", seat_name(seat), lang.text("link.a_device"))
            elif level == "human":
                out[1 + seat] = lang.text("setup.seat", seat_name(seat), lang.text("link.here"))
        return out

    def most(self):
        """The guest devices the board's wire takes (a cable: one)."""
        return WIRES[self.app.link[0]].most

    def devices(self):
        return self.levels[1 : self.players].count(DEVICE)

    def pick(self, i):
        what = self.rows_spec()[i][1]
        if not isinstance(what, int) or what == 0:
            SetupScreen.pick(self, i)
            return
        choices = LINK_CHOICES
        level = self.levels[what]
        at = choices.index(level) if level in choices else 0
        level = choices[(at + 1) % len(choices)]
        if level == DEVICE and self.devices() >= self.most():
            level = choices[1]  # a device more than the wire takes: the next choice
        self.levels[what] = level
        self.draw_items((i,))

    def remember(self):
        SetupScreen.remember(self)
        levels = self.app.last_setup[self.game_class.name][1]
        for s in range(len(levels)):
            if levels[s] == DEVICE:
                levels[s] = "human"  # (the local set-up's word for a person)

    def start(self):
        most = self.most()
        if self.devices() > most:  # (seats remembered from a table on another wire)
            self.warn(lang.text("link.most", lang.num(most)))
            return
        self.remember()
        levels = list(self.levels[: self.players])
        levels[0] = "human"
        self.app.open(LobbyScreen, self.game_class, self.players, levels, dict(self.values))

    def back(self):
        self.remember()
        self.app.open(HostGamesScreen)


class LobbyScreen(MenuScreen):
    """The host's lobby: every seat, and for a device's seat whether its
    device joined; Start once every device did. `levels`: DEVICE for a
    device's seat; a kept match's (resumed) has every human seat but P1's
    a device's."""

    hint_key = "link.hint.lobby"

    def __init__(self, app, game_class, players, levels, options, kept=None):
        MenuScreen.__init__(self, app)
        if kept is not None:
            levels = ["human"] + [DEVICE if lv == "human" else lv for lv in levels[1:]]
        self.game_class = game_class
        self.players = players
        self.levels = levels
        self.options = options
        self.kept = kept  # a kept match resumed (pips.restore.read_match)
        self.title = lang.text("link.lobby", game_title(game_class))
        self.owner = [-1] * players
        g = 0
        for seat in range(1, players):
            if levels[seat] == DEVICE:
                self.owner[seat] = g
                g += 1
        self.guests = g
        name, where = app.link[0], app.link[1]
        self.listener = WIRES[name].listen(where)
        self.peers = []
        self.joined = []
        self.drawn = None

    def holders(self):
        from pips.ui.link_model import BOT

        return [1 + self.owner[s] if self.levels[s] in ("human", DEVICE) else BOT for s in range(self.players)]

    def seats_to(self, g):
        from pips.ui.link_model import seats_message

        self.peers[g].send(seats_message(self.game_class, self.players, self.options,
                                         self.holders(), [self.owner.index(g)]))

    def items(self):
        from pips.bots import level_name

        out = []
        for seat in range(self.players):
            g = self.owner[seat]
            name = seat_name(seat)
            if seat == 0:
                out.append(lang.text("link.you", name))
            elif self.levels[seat] == "human":
                out.append(lang.text("setup.seat", name, lang.text("link.here")))
            elif g < 0:
                out.append(lang.text("setup.seat", name, level_name(self.levels[seat])))
            elif g < len(self.joined) and self.joined[g]:
                out.append(lang.text("link.joined", name, lang.num(g + 1)))
            else:
                out.append(lang.text("link.open", name))
        out.append(lang.text("setup.start"))
        return out

    def frame(self, presses, now):
        wire = self.listener.accept() if len(self.peers) < self.guests else None
        if wire is not None:
            self.peers.append(peer(self.app, wire))
            self.joined.append(False)
            self.seats_to(len(self.peers) - 1)  # said first: a device on a cable hears it
        for g in range(len(self.peers)):
            for msg in self.peers[g].poll(now):
                if not self.joined[g]:
                    self.joined[g] = True
                    self.seats_to(g)
        state = tuple(self.joined)
        if state != self.drawn:
            self.drawn = state
            self.draw_items()
        MenuScreen.frame(self, presses, now)

    def pick(self, i):
        if i < self.players or len(self.peers) < self.guests or not all(self.joined):
            return
        from pips.ui.link_model import HostModel

        app = self.app
        kept = self.kept
        seed = kept.seed if kept is not None else app.next_seed()
        levels = ["human" if lv == DEVICE else lv for lv in self.levels]
        model = HostModel(self.game_class, self.players, levels, self.options, seed,
                          app.data, kept, self.owner, self.peers)
        model.listener = self.listener  # a device that comes back over TCP comes in again
        for g in range(len(self.peers)):
            model.hello(g)
        app.linked = model
        app.go(LinkTableScreen(app, model))

    def back(self):
        for p in self.peers:
            close = getattr(p.wire, "close", None)
            if close is not None:
                close()
        self.listener.close()
        self.app.home()


class JoinScreen(MenuScreen):
    """A guest joining: the wire opened (tried again until the host is
    there), then the table it joined, its own seat "P2 (you)", until the
    host starts."""

    hint_key = "link.hint.join"

    def __init__(self, app):
        MenuScreen.__init__(self, app)
        self.title = lang.text("link.join")
        self.guest = None
        self.got = []
        self.tried = -10 ** 9
        self.seats = None
        self.drawn = None

    def items(self):
        if self.guest is None:
            return (lang.text("link.joining"),)
        if self.seats is None:
            return (lang.text("link.wait_host"),)
        from pips.ui.link_model import BOT, read_seats

        _, players, holders, mine, _ = read_seats(self.seats)
        out = [lang.text("link.wait_start")]
        for seat in range(players):
            name = seat_name(seat)
            if seat in mine:
                out.append(lang.text("link.you", name))
            elif holders[seat] == BOT:
                out.append(lang.text("setup.seat", name, lang.text("link.bot")))
            elif holders[seat] == 0:
                out.append(lang.text("link.host_seat", name))
            else:
                out.append(lang.text("link.joined", name, lang.num(holders[seat])))
        return out

    def frame(self, presses, now):
        from pips.link import SEATS, TABLE

        app = self.app
        if self.guest is None and now - self.tried >= 1000:
            self.tried = now
            wire = WIRES[app.link[0]].join(app.link[2])
            if wire is not None:
                self.guest = Guest(peer(app, wire), None, lambda *a: None)
                self.guest.other = self.got.append
        if self.guest is not None:
            self.guest.step(now)
            for msg in self.got:
                if msg[0] == SEATS:
                    self.seats = msg
                elif msg[0] == TABLE and self.seats is not None:
                    self.start(now)
                    return
        state = (self.guest is not None, self.seats)
        if state != self.drawn:
            self.drawn = state
            self.draw_items()
        MenuScreen.frame(self, presses, now)

    def start(self, now):
        from pips.link import SEATS
        from pips.ui.link_model import GuestModel, read_seats

        app = self.app
        seats = self.seats
        game_class = games.get(read_seats(seats)[0])
        model = GuestModel(self.guest, game_class, seats)
        model.now = now
        where = app.link
        model.rejoin = lambda: WIRES[where[0]].join(where[2]) if where[0] == "tcp" else None
        for msg in self.got:  # the messages heard so far, the table's first view among them
            if msg[0] != SEATS:
                model.message(msg)
        app.linked = model
        app.go(LinkTableScreen(app, model))

    def back(self):
        if self.guest is not None:
            close = getattr(self.guest.peer.wire, "close", None)
            if close is not None:
                close()
        self.app.home()


class LinkTableScreen(TableScreen):
    """The table of a linked match, on the host or a guest (its model's)."""

    def __init__(self, app, model):
        self.model = model
        TableScreen.__init__(self, app, model.game_class, model.players, model.levels, None, model=model)

    def frame(self, presses, now):
        gone = getattr(self.model, "gone", -1)  # the host's: a device gone too long
        if gone >= 0:
            self.model.gone = -1
            self.app.open(GoneScreen, self, gone)
            return
        TableScreen.frame(self, presses, now)

    def show_first(self, actor):
        if actor >= 0 or not hasattr(self.model, "guest"):
            TableScreen.show_first(self, actor)
            return
        self.app.open(GuestResultScreen, self)

    def again(self):
        """A linked table does not deal again: the title (the lobby opens a new one)."""
        self.app.home()
        return self.app.screen


class GoneScreen(MenuScreen):
    """On the host: a device gone for longer than pips.link.host.GONE_MS
    while the table waits on its seat. Wait for it (asked again as long
    later), or a bot plays the seat until the device is heard again. The
    offer goes by itself when the device comes back."""

    hint_key = "hint.choose"

    def __init__(self, app, table, seat):
        MenuScreen.__init__(self, app)
        self.table = table
        self.seat = seat
        self.title = lang.text("link.gone", seat_name(seat))

    def items(self):
        return (lang.text("link.wait"), lang.text("link.bot_plays", seat_name(self.seat)))

    def frame(self, presses, now):
        if not self.table.model.lost:  # the seat's device heard again: no question left
            self.back()
            return
        MenuScreen.frame(self, presses, now)

    def pick(self, i):
        if i == 1:
            self.table.model.bot_takes(self.seat)
        self.back()

    def back(self):
        self.app.go(self.table)


class GuestResultScreen(MatchResultScreen):
    """A guest's match results: the ranks, shown whenever the host's end
    comes; keys pressed before it came are not taken for it (a tap let go
    as it shows would leave it unseen). A: the title."""

    footer_key = "hint.back"
    GUARD_MS = 500

    def __init__(self, app, table):
        MatchResultScreen.__init__(self, app, table)
        self.shown_at = None

    def frame(self, presses, now):
        if self.shown_at is None:
            self.shown_at = now
        if now - self.shown_at < self.GUARD_MS:
            presses = 0
        if presses & K.A:
            self.done()
            return
        MatchResultScreen.frame(self, presses & ~K.A, now)
