"""A guest device: it holds one or more seats of a linked table, shows its
seats' views as the host sends them, and sends back its humans' moves.

`human(seat, key, hand, legal, offered)` is asked for a move when the host
asks one of its seats (a move from `legal`, -1 to let an out-of-turn chance
pass, None for not yet: asked again at the next step)."""

from pips.link import EVENT, HELLO, MORE, MOVE, OVER, PASS, RESIGN, VIEW


class Guest:
    """seats: the seats this device holds (None: whichever the host asks,
    as over TCP where the host seats each device as it joins)."""

    def __init__(self, peer, seats, human):
        self.peer = peer
        self.seats = seats
        self.human = human
        self.hand = {}  # seat -> its hand, as last sent
        self.reveal = {}  # seat -> pieces shown to it alone (a challenge's), as last sent
        self.band = []  # the moves played: (seat, move), the message band
        self.asked = None  # (key, seat, legal, offered) waiting for the human
        self.answers = {}  # key -> move sent (resent when asked again)
        self.over = None  # the totals once the match is over
        self.other = None  # other(msg): the messages for a screen (pips.ui.link)
        self.more = bytearray()  # a long message's first parts (MORE)
        peer.on_reset = self._hello
        self._hello()

    def _hello(self):
        self.peer.queue = []
        self.more = bytearray()
        self.peer.send(bytes((HELLO,)) + bytes(self.seats or ()))

    def step(self, now):
        for msg in self.peer.poll(now):
            self._message(msg)
        if self.asked is not None:
            key, seat, legal, offered = self.asked
            move = self.human(seat, key, self.hand[seat], legal, offered)
            if move is not None:
                self.asked = None
                self._answer(key, seat, move)

    def resign(self, seat):
        """`seat`, held here, resigns the match: the host, the referee, is told."""
        self.asked = None
        self.peer.send(bytes((RESIGN, seat)))

    def _answer(self, key, seat, move):
        self.answers[key] = move
        self.peer.send(bytes((MOVE,)) + key + bytes((seat, PASS if move < 0 else move)))

    def _message(self, msg):
        kind = msg[0]
        if kind == MORE:
            self.more.extend(msg[1:])
            return
        if self.more:
            msg = msg[:1] + bytes(self.more) + msg[1:]
            self.more = bytearray()
        if kind == VIEW:
            key = bytes(msg[1:6])
            seat = key[4]
            if self.seats is not None and seat not in self.seats:
                return
            offered = msg[7]
            n = msg[8]
            self.hand[seat] = list(msg[9 : 9 + n])
            at = 9 + n
            legal = list(msg[at + 1 : at + 1 + msg[at]])
            at += 1 + msg[at]
            self.reveal[seat] = list(msg[at + 1 : at + 1 + msg[at]])
            if key in self.answers:
                self._answer(key, seat, self.answers[key])
            else:
                self.asked = (key, seat, legal, offered == 1)
        elif kind == EVENT:
            self.band.append((msg[1], msg[2]))
        elif kind == OVER:
            self.over = list(msg[1:])
        elif self.other is not None:
            self.other(msg)
