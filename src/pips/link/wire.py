"""The byte wires a link runs on, behind one interface:

    write(data)   send bytes (as many as the wire takes; a frame at most)
    read()        the bytes arrived since the last read (b"" for none)

chosen by name through the one table WIRES. A wire a screen opens (pips.ui.link)
comes from its class: `listen(where)` gives the host's listener, whose
accept() answers a new guest's wire or None (not yet), and `join(where)` a
guest's wire, or None (not yet: tried again). `SimWire` is the tests' lossy
wire in simulated time; TCP and UART use MicroPython's `socket` and
`machine.UART` (the unix port and CPython share the socket calls used);
ESP-NOW is written against MicroPython's documented `espnow` API and tested
against a stand-in only (untested on hardware)."""

from pips import const

# -- the simulated wire ----------------------------------------------------------


class SimLine:
    """One direction of a simulated wire: each byte written is dropped,
    corrupted or doubled by chance, each write delayed up to `delay` ms, and
    now and then delivered ahead of up to three earlier writes (reordered),
    all drawn from `rng` (pips.rng.Rng), in the simulated time `clock()`."""

    def __init__(self, rng, clock, drop=50, dup=10, corrupt=10, reorder=10, delay=200):
        self.rng = rng
        self.clock = clock
        self.drop = drop  # per thousand bytes
        self.dup = dup
        self.corrupt = corrupt
        self.reorder = reorder  # per thousand writes
        self.delay = delay
        self.flight = []  # [due, bytes], in order of delivery
        self.cut = False  # the far end has no power: bytes are lost

    def write(self, data):
        rng = self.rng
        out = bytearray()
        for b in data:
            r = rng.below(1000)
            if r < self.drop:
                continue
            if r < self.drop + self.corrupt:
                b ^= 1 << rng.below(8)
            out.append(b)
            if rng.below(1000) < self.dup:
                out.append(b)
        due = self.clock() + rng.below(self.delay + 1)
        if self.flight and self.flight[-1][0] > due:
            due = self.flight[-1][0]  # a wire keeps order unless reordered
        item = [due, bytes(out)]
        if self.flight and rng.below(1000) < self.reorder:
            back = 1 + rng.below(min(3, len(self.flight)))
            at = len(self.flight) - back
            item[0] = self.flight[at][0]
            self.flight.insert(at, item)
        else:
            self.flight.append(item)

    def take(self):
        now = self.clock()
        out = b""
        while self.flight and self.flight[0][0] <= now:
            out += self.flight.pop(0)[1]
        if self.cut:
            return b""
        return out


class SimWire:
    """One end of a simulated wire: writes go out on `tx`, reads come from `rx`."""

    most = 9  # the guest devices a host takes on this wire: a table's every other seat

    def __init__(self, tx, rx):
        self.tx = tx
        self.rx = rx

    def write(self, data):
        self.tx.write(data)

    def read(self):
        return self.rx.take()


def sim_pair(rng, clock, **odds):
    """Two ends of one simulated wire (SimLine's odds for both directions)."""
    a = SimLine(rng, clock, **odds)
    b = SimLine(rng, clock, **odds)
    return SimWire(a, b), SimWire(b, a)


# -- TCP -------------------------------------------------------------------------


class TcpWire:
    """A connected socket (MicroPython's `socket`, made non-blocking)."""

    most = 9  # the guest devices a host takes on this wire: a table's every other seat
    piece = 200  # payload bytes a frame (pips.link.frame): TCP loses nothing

    def __init__(self, sock):
        self.sock = sock
        sock.setblocking(False)

    def write(self, data):
        try:
            self.sock.send(data)
        except OSError:
            pass  # the peer is gone: the link layer resends

    def read(self):
        out = b""
        while len(out) < 4096:  # all that came (a slower peer must not fall behind)
            try:
                data = self.sock.recv(512)
            except OSError:
                break
            if not data:
                break
            out += data
        return out

    def close(self):
        self.sock.close()

    @classmethod
    def listen(cls, where):
        """where: the port (or "HOST:PORT") to listen on."""
        where = str(where)
        host, port = where.rsplit(":", 1) if ":" in where else ("0.0.0.0", where)
        server = tcp_listen(int(port), host)
        server.setblocking(False)
        return TcpListener(server)

    @classmethod
    def join(cls, where):
        try:
            return tcp_connect(where)
        except OSError:
            return None  # no host there yet


class TcpListener:
    def __init__(self, server):
        self.server = server

    def accept(self):
        try:
            sock, _ = self.server.accept()
        except OSError:
            return None
        return TcpWire(sock)

    def close(self):
        self.server.close()


class Once:
    """The listener of a wire to one other device (a cable, ESP-NOW's
    broadcast): that one wire, once."""

    def __init__(self, wire):
        self.wire = wire

    def accept(self):
        wire, self.wire = self.wire, None
        return wire

    def close(self):
        pass


def tcp_listen(port, host="0.0.0.0"):
    import socket

    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind(socket.getaddrinfo(host, port)[0][-1])
    s.listen(9)
    return s


def tcp_accept(server):
    """A TcpWire for the next guest to connect (blocking)."""
    sock, _ = server.accept()
    return TcpWire(sock)


def tcp_connect(address):
    """A TcpWire to "HOST:PORT"."""
    import socket

    host, port = address.rsplit(":", 1)
    s = socket.socket()
    s.connect(socket.getaddrinfo(host, int(port))[0][-1])
    return TcpWire(s)


# -- UART ------------------------------------------------------------------------

UART_ID = const(0)  # RP2040: UART0, TX on GP0, RX on GP1
BAUD = const(115200)


class UartWire:
    """A cable between two boards' UARTs (machine.UART; TX to RX both ways)."""

    most = 1  # the guest devices a host takes on this wire: one cable, two boards
    piece = 64  # payload bytes a frame (pips.link.frame): a frame of 72 bytes, 6 ms at 115,200 baud

    def __init__(self, uart=None):
        if uart is None:
            from machine import UART, Pin

            uart = UART(UART_ID, BAUD, tx=Pin(0), rx=Pin(1))
        self.uart = uart

    def write(self, data):
        self.uart.write(data)

    def read(self):
        if not self.uart.any():
            return b""
        return self.uart.read() or b""

    @classmethod
    def listen(cls, where):
        """where: the UART (machine.UART's calls), None for UART0 on GP0/GP1."""
        return Once(cls(where))

    @classmethod
    def join(cls, where):
        return cls(where)


# -- ESP-NOW ---------------------------------------------------------------------

BROADCAST = b"\xff" * 6  # a guest finds its host without knowing its address
ROLE_HOST = const(0x48)  # the first byte of each ESP-NOW message: "H", a host's
ROLE_GUEST = const(0x47)  # "G", a guest's (a guest hears its fellow guests' broadcasts)
BOX_MAX = const(512)  # bytes kept of a board no wire reads yet (past a full table)


def radio():
    """This board's ESP-NOW, active, with the WLAN it needs to send and receive."""
    import espnow
    import network

    network.WLAN(network.STA_IF).active(True)
    esp = espnow.ESPNow()
    esp.active(True)
    return esp


class EspNowHub:
    """One board's ESP-NOW radio shared by its wires: each message heard is
    put in its sender's box (by MAC), and each sent carries this board's
    role first, so that a guest hears hosts alone and a host guests alone."""

    def __init__(self, esp, role):
        self.esp = esp
        self.role = role
        self.boxes = {}  # MAC -> the bytes heard from it, not yet read
        self.peer(BROADCAST)

    def peer(self, mac):
        try:
            self.esp.add_peer(mac)
        except OSError:
            pass  # already a peer

    def pump(self):
        boxes = self.boxes
        while True:
            mac, msg = self.esp.recv(0)
            if msg is None:
                return
            if not msg or msg[0] == self.role:
                continue  # another guest's broadcast (or another host's)
            mac = bytes(mac)
            box = boxes.get(mac, b"") + bytes(msg[1:])
            boxes[mac] = box[-BOX_MAX:]

    def send(self, mac, data):
        try:
            self.esp.send(mac, bytes((self.role,)) + bytes(data))
        except OSError:
            pass  # not delivered: the link layer resends


class EspNowWire:
    """ESP-NOW to one other board (MicroPython's `espnow`: ESPNow().active(True),
    add_peer(mac), send(mac, msg), recv(0) -> (mac, msg)); untested on
    hardware. Each write is one ESP-NOW message (a frame: under 250 bytes).
    A guest's wire starts with no address: it broadcasts, and takes the
    first host that answers."""

    most = 9  # the guest devices a host takes: ESP-NOW has 20 peers, a table 10 seats
    piece = 200  # payload bytes a frame (pips.link.frame): a frame and its role byte in one ESP-NOW message

    def __init__(self, hub, mac=None):
        self.hub = hub
        self.mac = mac
        if mac is not None:
            hub.peer(mac)

    def write(self, data):
        self.hub.send(self.mac or BROADCAST, data)

    def read(self):
        hub = self.hub
        hub.pump()
        if self.mac is None:
            for mac in hub.boxes:  # the first host heard
                self.mac = mac
                hub.peer(mac)
                break
            else:
                return b""
        return hub.boxes.pop(self.mac, b"")

    @classmethod
    def listen(cls, where):
        """where: the radio (ESPNow's calls), None for this board's."""
        return EspNowListener(EspNowHub(where or radio(), ROLE_HOST))

    @classmethod
    def join(cls, where):
        """where: the radio, None for this board's; the host found by broadcast."""
        return cls(EspNowHub(where or radio(), ROLE_GUEST))


class EspNowListener:
    """A host's: each guest board heard for the first time, a wire to it."""

    def __init__(self, hub):
        self.hub = hub
        self.wired = []  # the MACs with a wire

    def accept(self):
        hub = self.hub
        hub.pump()
        for mac in hub.boxes:
            if mac not in self.wired:
                self.wired.append(mac)
                return EspNowWire(hub, mac)
        return None

    def close(self):
        pass


# The wires by name: the one table a wire is chosen through.
WIRES = {
    "sim": SimWire,
    "tcp": TcpWire,
    "uart": UartWire,
    "espnow": EspNowWire,
}
