"""A linked table's models (pips.link on the screens): what the table screen
(pips.ui.table) draws on the host and on a guest device.

The host's is the table's own model (pips.ui.table_model): it deals, runs
the rules and the bots, keeps the match; a seat held by a guest device is
asked over the link (pips.link.host, the referee's messages), and every
guest hears each move with its seat's view (TABLE, pips.link.view).

A guest's model holds no match: its seat's view as the host last sent it
(laid into a view of its own, pips.link.view), the totals, and the host's
question when it asks for a move. The table screen draws both alike.
"""

from pips import const, lang
from pips.link import SEATS, TABLE
from pips.link import view as packed
from pips.link.guest import Guest
from pips.link.host import GONE_MS, Host
from pips.ui import events
from pips.ui.events import seat_name
from pips.ui.sound import TURN
from pips.ui.table_choose import Choice
from pips.ui.table_model import CHOOSE, HAND_OVER, MATCH_OVER, NEXT_ACTOR, THINK, WAIT, TableModel

LOST_MS = const(3000)
REJOIN_MS = const(2000)  # a device waited for and not heard this long: "waiting for P2's device"
BOT = const(255)  # SEATS: a seat no device holds (a bot)


def table_message(match, seat, move, view):
    """TABLE: the move just played (255 255: none), the hands played, the
    totals, the seats resigned and `view`, the seat's view."""
    out = bytearray((TABLE, seat, move, match.hands_played & 255))
    packed._put(out, list(match.totals))
    packed._put(out, list(match.resigned))
    return packed.pack(view, out)


def seats_message(game_class, players, options, holders, seats):
    """SEATS: the seats, who holds each (0 the host's device, 1 + g guest
    g's, 255 a bot), the guest's own seats, the game (its name) and the
    options (each value's place among the allowed ones)."""
    out = bytearray((SEATS, players))
    out.extend(bytes(holders))
    out.append(len(seats))
    out.extend(bytes(seats))
    name = game_class.name.encode()
    out.append(len(name))
    out.extend(name)
    for key, _, allowed in game_class.options:
        out.append(list(allowed).index(options[key]))
    return out


def read_seats(msg):
    """SEATS read: (game name, players, holders, own seats, option places)."""
    players = msg[1]
    holders = list(msg[2 : 2 + players])
    at = 2 + players
    seats = list(msg[at + 1 : at + 1 + msg[at]])
    at += 1 + msg[at]
    name = bytes(msg[at + 1 : at + 1 + msg[at]]).decode()
    return name, players, holders, seats, msg[at + 1 + msg[at] :]


class ScreenHost(Host):
    """The referee's messages for a table the screen plays (the model plays
    a guest's move, as it plays every move)."""

    def __init__(self, model, owner, levels, peers):
        Host.__init__(self, model.match, owner, levels, peers, None, model.bots)
        self.model = model

    def _apply(self, seat, move):
        self.model.play(seat, move, self.now)

    def _resign(self, seat):
        self.model.resign(seat)

    def tell(self, seat, move):
        pass  # a screen's guest reads the move from its TABLE message (HostModel.tables)


class HostModel(TableModel):
    """The host's table: `owner[seat]` the guest holding it (-1: the
    host's, a human or a bot); `peers` a pips.link.frame.Peer per guest."""

    linked = True

    def __init__(self, game_class, players, levels, options, seed, data, kept, owner, peers):
        self.owner = owner
        self.link = None
        TableModel.__init__(self, game_class, players, levels, options, seed, data, kept)
        self.link = ScreenHost(self, owner, levels, peers)
        self.link.on_hello = self.hello
        self.guest_seat = [owner.index(g) for g in range(len(peers))]
        self.holders = [BOT if levels[s] != "human" else 1 + owner[s] for s in range(players)]
        self.listener = None  # the lobby's, while a device may come back through it (TCP)
        self.gone = -1  # a seat whose device is gone, to offer to the host's player (GoneScreen)
        self.taken = [False] * players  # a seat a bot plays while its device is gone
        self.offered_at = 0  # when the last offer was made (made again GONE_MS after "wait")

    def quiet_ms(self, seat, now):
        """How long the device holding `seat` has not been heard."""
        return now - self.link.peers[self.guest_of(seat)].heard

    def guest_of(self, seat):
        """The guest holding `seat` (a bot playing it for its gone device: still that device's)."""
        return self.guest_seat.index(seat)

    def bot_takes(self, seat):
        """A bot plays `seat`, its device gone, until the device comes back
        (hello): the host's player chose it on the offer (GoneScreen)."""
        from pips.bots import bot_rng, make

        rng = None  # the table's bots' generator (pips.bots' rule), else one of the seed's
        for bot in self.bots:
            rng = rng or (bot and bot.rng)
        self.bots[seat] = make("greedy", rng or bot_rng(self.seed), self.game_class)
        self.owner[seat] = -1
        self.taken[seat] = True
        self.holders[seat] = BOT
        self.lines.append(lang.text("link.bot_plays", seat_name(seat)))
        del self.lines[:-4]
        self.seats_to_all()
        if self.link.asking == seat:
            self.link.asking = -1
            self.go_on()

    def give_back(self, seat):
        """The device of `seat`, played by a bot while it was gone, is heard
        again: the seat is its own again."""
        if not self.taken[seat]:
            return
        if self.state == THINK and self.think_seat == seat:
            self.go_on()  # the bot's decision left: the device is asked instead
        g = self.guest_of(seat)
        self.taken[seat] = False
        self.owner[seat] = g
        self.bots[seat] = None
        self.holders[seat] = 1 + g
        self.lines.append(lang.text("link.back", seat_name(seat)))
        del self.lines[:-4]
        self.seats_to_all()
        self.link._send(g, table_message(self.match, 255, 255, self.game.view(seat)))

    def seats_to_all(self):
        """Every guest the table's seats again (who holds each: a bot took one, or gave it back)."""
        for g in range(len(self.link.peers)):
            self.link._send(g, seats_message(self.game_class, self.players, self.match.options,
                                             self.holders, [self.guest_seat[g]]))

    def hello(self, g):
        """Guest g heard (again): the table it sits at and its seat's view;
        its seat back from a bot that played it while it was gone."""
        link = self.link
        seat = self.guest_seat[g]
        self.give_back(seat)
        link._send(g, seats_message(self.game_class, self.players, self.match.options,
                                    self.holders, [seat]))
        link._send(g, table_message(self.match, 255, 255, self.game.view(seat)))

    def tables(self, seat, move):
        """Every guest its seat's view, after `seat`'s `move` (255: none)."""
        link = self.link
        for g in range(len(link.peers)):
            if not self.taken[self.guest_seat[g]]:  # (a gone device's: told whole when it is back)
                link._send(g, table_message(self.match, seat, move, self.game.view(self.guest_seat[g])))

    def ask_remote(self, seat):
        self.link.ask(seat)
        self.think_seat = seat
        self.state = WAIT

    def play(self, seat, move, now):
        TableModel.play(self, seat, move, now)
        if self.link is not None:
            self.link.tell(seat, move)
            self.tables(seat, move)

    def next_actor(self, now):
        actor = TableModel.next_actor(self, now)
        if actor == HAND_OVER or actor == MATCH_OVER:
            self.tables(255, 255)  # the hand's totals
            if actor == MATCH_OVER:
                self.link.finish()
        return actor

    def next_hand(self):
        TableModel.next_hand(self)
        self.tables(255, 255)  # the new deal

    def link_step(self, now):
        link = self.link
        listener = self.listener
        wire = listener.accept() if listener is not None else None
        if wire is not None:
            # a device come back on a wire opened anew (TCP): the one heard
            # from least lately takes it; its session says whether it restarted
            peers = link.peers
            g = 0
            for k in range(len(peers)):
                if peers[k].heard < peers[g].heard:
                    g = k
            close = getattr(peers[g].wire, "close", None)
            if close is not None:
                close()
            peers[g].wire = wire
        link.listen(now)
        link.wait(now)
        for seat in self.guest_seat:
            if self.taken[seat] and self.quiet_ms(seat, now) < LOST_MS:
                self.give_back(seat)
        if self.state == WAIT:
            if link.asking < 0:  # the guest let its chance pass, or resigned
                self.go_on()
            else:
                quiet = self.quiet_ms(link.asking, now)
                self.lost = quiet > LOST_MS
                if quiet > GONE_MS and now - self.offered_at > GONE_MS:
                    self.gone = link.asking  # offered: wait, or a bot takes the seat
                    self.offered_at = now

    def resign(self, seat=-1):
        TableModel.resign(self, seat)
        if self.link is not None:
            self.tables(255, 255)  # every guest the table after it

    def wait_text(self, dots):
        if self.lost:
            return lang.text("link.lost", seat_name(self.think_seat), dots)
        return lang.text("link.device", seat_name(self.think_seat), dots)

    def idle(self):
        """Every message sent was acknowledged."""
        for peer in self.link.peers:
            if not peer.idle():
                return False
        return True

    def close(self):
        if self.listener is not None:
            self.listener.close()
        for peer in self.link.peers:
            close = getattr(peer.wire, "close", None)
            if close is not None:
                close()


class _Game:
    """What the table reads of a guest's hand: its turn, its moves, its
    winner (from the seat's view), and the game's words."""

    def __init__(self, game_class):
        self.blocked_text = game_class.blocked_text
        self.words = game_class.words
        self.name = game_class.name
        self.dealer = -1
        self.turn = -1
        self.winner = -1
        self.moves = 0  # the views heard: every one redraws


class _Match:
    """What the table and the results read of a guest's match."""

    def __init__(self, players, options):
        self.players = players
        self.options = options
        self.totals = [0] * players
        self.hands_played = 0
        self.resigned = ()

    def ranks(self):
        from pips.game import ranks

        return ranks(self.totals, self.resigned)


class _Asked:
    """The seat's view with the legal moves the host sent (what a Choice reads)."""

    def __init__(self, view, seat, legal):
        self.view = view
        self.seat = seat
        self.turn = view.turn
        self.moves = legal

    def legal(self, out):
        for i in range(len(self.moves)):
            out[i] = self.moves[i]
        return len(self.moves)

    def move_text(self, move):
        return self.view.move_text(move)

    def move_piece(self, move):
        return self.view.move_piece(move)

    def after(self, move):
        return self.view.after(move)

    def hand_list(self):
        return self.view.hand_list()


class GuestModel:
    """A guest device's table: `guest` a pips.link.guest.Guest whose first
    SEATS message made it (`seats_msg`, read by read_seats)."""

    linked = True
    lost = False

    def __init__(self, guest, game_class, seats_msg):
        from pips.rng import Rng

        _, players, holders, seats, places = read_seats(seats_msg)
        options = {}
        for i in range(len(game_class.options)):
            key, _, allowed = game_class.options[i]
            options[key] = allowed[places[i]] if i < len(places) else game_class.options[i][1]
        self.guest = guest
        guest.human = self.human
        guest.other = self.message
        self.game_class = game_class
        self.players = players
        self.holders = holders
        self.levels = ["human" if h != BOT else "greedy" for h in holders]
        self.viewer = seats[0]
        # a view of the seat's own: of a hand dealt here, never shown (every
        # field is the host's once its first view is laid in)
        self.view = game_class(players, game_class.table(options), Rng(1)).view(self.viewer)
        self.game = _Game(game_class)
        self.match = _Match(players, options)
        self.state = WAIT
        self.choice = None
        self.lines = []
        self.cue = -1
        self.think_seat = -1
        self.show_until = 0
        self.asked = None  # the host's ask: its key
        self.answer = None  # (key, move) chosen, sent at the next step
        self.buf = bytearray(game_class.max_moves)
        self.now = 0
        self.seen = False  # a view heard
        self.ended = False  # the match results shown
        self.rejoin = None  # rejoin() -> a new wire to the host, or None (pips.ui.link)
        self.tried = 0

    # -- the link --------------------------------------------------------------------
    def link_step(self, now):
        self.now = now
        guest = self.guest
        guest.step(now)
        if guest.over is not None and not self.ended:
            self.state = NEXT_ACTOR  # the match results next
        self.lost = now - guest.peer.heard > LOST_MS and guest.over is None
        if self.lost and self.rejoin is not None and now - self.tried >= REJOIN_MS:
            self.tried = now  # a wire that must be opened again (TCP): tried now and then
            wire = self.rejoin()
            if wire is not None:
                self.close()
                guest.peer.wire = wire

    def message(self, msg):
        if msg[0] == SEATS:  # a bot took a gone device's seat, or gave it back
            self.holders = read_seats(msg)[2]
            return
        if msg[0] != TABLE:
            return
        view = self.view
        seat, move = msg[1], msg[2]
        hands = msg[3]
        totals, at = packed._get(msg, 4)
        resigned, at = packed._get(msg, at)
        text = view.move_text(move) if seat != 255 and self.seen else None
        before = events.before(view, self.viewer)
        packed.unpack(msg, at, view)
        game = self.game
        game.moves += 1
        game.turn = view.turn
        game.winner = view.winner
        match = self.match
        match.totals = totals
        match.resigned = tuple(resigned)
        new_hand = hands != match.hands_played or not self.seen
        match.hands_played = hands
        lines = self.lines
        if new_hand and view.turn >= 0 and seat == 255:
            lines.extend(events.deal(game, view))
        elif text is not None:
            lines.extend(events.move(game, seat, text, before, view, self.viewer))
        del lines[:-4]
        self.seen = True
        if self.choice is None and view.turn >= 0:
            self.think_seat = view.turn

    def human(self, seat, key, hand, legal, offered):
        """The Guest's question: a move for `seat`, None while the player chooses."""
        answer = self.answer
        if answer is not None and answer[0] == key:
            return answer[1]
        if self.asked != key:
            self.asked = key
            choice = Choice(_Asked(self.view, seat, legal), self.buf)
            if not choice.moves:
                return -1  # nothing to choose: the chance passes
            self.choice = choice
            self.state = CHOOSE
            self.cue = TURN
        return None

    # -- what the table screen calls ------------------------------------------------
    def view_of(self, seat):
        return self.view

    def alternative(self):
        return self.choice.alternative() if self.choice is not None else None

    def play(self, seat, move, now):
        self.answer = (self.asked, move)
        self.choice = None
        self.state = WAIT
        self.think_seat = -1

    def go_on(self):
        if self.choice is not None:  # a chance out of turn let pass
            self.answer = (self.asked, -1)
            self.choice = None
        self.state = WAIT

    def next_actor(self, now):
        self.ended = True
        self.state = WAIT
        return MATCH_OVER

    def think(self, clock, now):
        pass

    def resign(self, seat=-1):
        """The guest's seat resigns: told to the host, the referee, which
        plays on without it (or ends the match) and sends the table after it."""
        seat = self.viewer
        if seat in self.match.resigned:
            return
        self.guest.resign(seat)
        self.match.resigned = self.match.resigned + (seat,)
        self.choice = None
        self.asked = None
        self.lines.append(lang.text("resigned", seat_name(seat)))
        del self.lines[:-4]
        self.state = WAIT

    def wait_text(self, dots):
        host = self.holders.index(0) if 0 in self.holders else 0  # the host's seat
        if self.lost:  # the link a guest has is to the host
            return lang.text("link.lost", seat_name(host), dots)
        seat = self.think_seat
        if seat < 0:
            seat = self.view.turn
        if seat < 0 or seat == self.viewer:  # its own move sent: the host's to play
            seat = host
        if self.holders[seat] == BOT:
            return lang.text("thinking", seat_name(seat), dots)
        return lang.text("link.device", seat_name(seat), dots)

    def idle(self):
        return self.guest.peer.idle()

    def close(self):
        close = getattr(self.guest.peer.wire, "close", None)
        if close is not None:
            close()


def guest_hello(guest):
    """Hook a Guest to hear the SEATS message before a model exists:
    returns a list the message lands in."""
    got = []

    def other(msg):
        if msg[0] == SEATS:
            got.append(msg)

    guest.other = other
    return got

