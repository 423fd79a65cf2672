"""Frames on a byte wire, and a `Peer` that carries whole messages over
them: acknowledged, resent, duplicates dropped, in order.

A frame: SYNC, n (payload bytes), kind, from, to, seq, payload (n bytes),
two check bytes (CRC-16 over n..payload). A reader
hunts for SYNC and skips one byte on a frame that does not check.

Stop and wait: one data frame in flight each way; a message longer than a
frame goes in pieces (kind DATA for a piece followed by more, END for the
last). Every frame names its sender's session (a byte drawn at power-up)
and the session it is for: a peer heard with a new session has restarted,
so both sequences start again from 0 and `on_reset` tells the game layer
(which sends its state again: a resync). Only a HI or a first data frame
(seq 0) is believed to announce a new session: a frame pieced together
from damaged bytes that happened to pass the check must not start one side
again alone (the other would never hear it out)."""

from pips import const

SYNC = const(0xA5)
DATA = const(1)
END = const(2)
ACK = const(3)
HI = const(4)  # "this device answers now": to a frame meant for an earlier power-up
_HEAD = const(6)  # SYNC n kind from to seq
PIECE = const(16)  # payload bytes a frame carries at most, unless its wire says (`piece`, under 243)
RESEND_MS = const(400)


def check(data, start, end):
    """CRC-16 (CCITT polynomial 0x1021, from 0xFFFF) of data[start:end], as
    two bytes: a frame made of corrupted bytes passes one time in 65,536."""
    crc = 0xFFFF
    for i in range(start, end):
        crc ^= data[i] << 8
        for _ in range(8):
            if crc & 0x8000:
                crc = ((crc << 1) ^ 0x1021) & 0xFFFF
            else:
                crc = (crc << 1) & 0xFFFF
    return crc >> 8, crc & 255


def frame(kind, me, to, seq, payload=b""):
    n = len(payload)
    out = bytearray((SYNC, n, kind, me, to, seq))
    out.extend(payload)
    a, b = check(out, 1, _HEAD + n)
    out.append(a)
    out.append(b)
    return out


class Peer:
    """Messages to and from one other device over `wire` (pips.link.wire).
    `session` 1..255, this device's for this power-up. Call poll(now) often;
    it returns the messages received whole (a list of bytes)."""

    def __init__(self, wire, session, on_reset=None):
        self.wire = wire
        self.me = session
        self.peer = 0  # unknown until heard
        self.on_reset = on_reset
        self.rx = bytearray()
        self.queue = []  # messages waiting to go, the first one going
        self.at = 0  # where in the first message the frame in flight starts
        self.seq = 0  # of the frame in flight
        self.sent_at = -1  # when it was last sent (-1: not yet)
        self.expect = 0  # the sequence number of the next new data frame
        self.part = bytearray()  # the message arriving
        self.bytes_sent = 0
        self.heard = 0  # when a frame that checked last came (poll's now)
        self.now = 0
        # a screen's peer says it is there this often while it has nothing to
        # send (a HI, 8 bytes), so that a silent device is seen lost; 0: never
        self.keep_ms = 0
        self.put_at = 0
        # a wire that seldom loses a byte (a cable, TCP, ESP-NOW) carries larger
        # pieces: 16 bytes a round trip, at a round trip or two a frame, left a
        # linked Block match's guest screen a minute behind the host's on two
        # emulated Picos (pips_tools.pico_link)
        self.piece = getattr(wire, "piece", PIECE)

    def send(self, message):
        if len(message) > 250:
            raise ValueError("a message of %d bytes (250 at most)" % len(message))
        self.queue.append(bytes(message))

    def idle(self):
        return not self.queue

    def _put(self, data):
        self.put_at = self.now
        self.bytes_sent += len(data)
        self.wire.write(data)

    def _reset(self, peer):
        self.peer = peer
        self.at = 0
        self.seq = 0
        self.sent_at = -1
        self.expect = 0
        self.part = bytearray()
        if self.on_reset is not None:
            self.on_reset()

    def poll(self, now):
        self.now = now
        got = []
        data = self.wire.read()
        if data:
            self.rx.extend(data)
        self._scan(got)
        if self.queue and (self.sent_at < 0 or now - self.sent_at >= RESEND_MS):
            msg = self.queue[0]
            piece = msg[self.at : self.at + self.piece]
            kind = END if self.at + self.piece >= len(msg) else DATA
            self._put(frame(kind, self.me, self.peer, self.seq, piece))
            self.sent_at = now
        elif self.keep_ms and self.peer and now - self.put_at >= self.keep_ms:
            self._put(frame(HI, self.me, self.peer, 0))
        return got

    def _scan(self, got):
        rx = self.rx
        while True:
            i = 0
            while i < len(rx) and rx[i] != SYNC:
                i += 1
            if i:
                rx[:i] = b""
            if len(rx) < _HEAD:
                return
            n = rx[1]
            if n > self.piece or rx[2] not in (DATA, END, ACK, HI):
                rx[:1] = b""
                continue
            if len(rx) < _HEAD + n + 2:
                return
            a, b = check(rx, 1, _HEAD + n)
            if rx[_HEAD + n] != a or rx[_HEAD + n + 1] != b:
                rx[:1] = b""
                continue
            kind = rx[2]
            sender = rx[3]
            to = rx[4]
            seq = rx[5]
            payload = bytes(rx[_HEAD : _HEAD + n])
            rx[: _HEAD + n + 2] = b""
            self._frame(kind, sender, to, seq, payload, got)

    def _frame(self, kind, sender, to, seq, payload, got):
        if sender == 0:
            return
        self.heard = self.now
        if sender != self.peer:
            # a device that starts again opens with its first data frame (seq 0)
            # or a HI: anything else from an unknown session is not believed
            if kind == ACK or (kind != HI and seq != 0):
                return
            self._reset(sender)
        if kind == HI:
            return
        if to != self.me:
            # meant for an earlier power-up of this device: say who answers now
            self._put(frame(HI, self.me, self.peer, 0))
            return
        if kind == ACK:
            if self.queue and seq == self.seq and self.sent_at >= 0:
                self.at += self.piece
                if self.at >= len(self.queue[0]):
                    self.queue.pop(0)
                    self.at = 0
                self.seq = (self.seq + 1) & 255
                self.sent_at = -1
            return
        if seq == self.expect:
            self.part.extend(payload)
            self.expect = (self.expect + 1) & 255
            if kind == END:
                got.append(bytes(self.part))
                self.part = bytearray()
            self._put(frame(ACK, self.me, self.peer, seq))
        elif seq == ((self.expect - 1) & 255):
            self._put(frame(ACK, self.me, self.peer, seq))  # a duplicate: acknowledged again, dropped
