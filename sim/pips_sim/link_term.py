"""`pips host GAME` and `pips join ADDRESS`: a linked match over TCP in the
terminal (pips.link). The host seats its own player at P1, each guest that
joins at the next seat, bots at the rest; it is the referee and keeps the
save. A player types a move's number from the list, `p` to let a chance out
of turn pass; at the end of input the first move listed is played."""

import time

from pips import games
from pips.link.frame import Peer
from pips.link.guest import Guest
from pips.link.host import Host
from pips.link.wire import tcp_accept, tcp_connect, tcp_listen
from pips.rng import Rng


def now_ms():
    return int(time.monotonic() * 1000)


def session():
    return 1 + Rng(now_ms() & 0xFFFFFF).below(255)


def answer(stdin, stdout, seat, hand, legal, offered):
    stdout.write("P%d (you): hand %s\n" % (seat + 1, " ".join(str(p) for p in hand)))
    stdout.write("  moves: %s%s\n" % (
        "  ".join("%d) %d" % (i + 1, m) for i, m in enumerate(legal)),
        "  p) let it pass" if offered else ""))
    while True:
        stdout.write("> ")
        stdout.flush()
        line = stdin.readline()
        if not line:
            return legal[0]  # no more input: the first move listed
        word = line.strip()
        if offered and word == "p":
            return -1
        if word.isdigit() and 1 <= int(word) <= len(legal):
            return legal[int(word) - 1]
        stdout.write("type a number from 1 to %d%s\n" % (len(legal), ", or p" if offered else ""))


def host(name, port, players, guests, seed, options, stdin, stdout, store, announce=None):
    cls = games.get(name)
    server = tcp_listen(port)
    stdout.write("hosting %s on port %d: waiting for %d device%s\n" % (
        cls.title, port, guests, "" if guests == 1 else "s"))
    if announce is not None:
        announce()
    stdout.flush()
    peers = []
    owner = [-1] * players
    for g in range(guests):
        wire = tcp_accept(server)
        peers.append(Peer(wire, session()))
        owner[1 + g] = g
        stdout.write("P%d joined\n" % (2 + g))
    levels = ["human" if s <= guests else "greedy" for s in range(players)]

    def local(seat, key, legal, offered):
        return answer(stdin, stdout, seat, view_hand(seat), list(legal), offered)

    def view_hand(seat):
        return table.match.game.view(seat).hand_list()

    def heard(seat, text):
        stdout.write("P%d: %s\n" % (seat + 1, text))

    table = Host.new(cls, players, owner, levels, options, seed, store, peers, local=local, heard=heard)
    while not table.done:
        table.step(now_ms())
        time.sleep(0.005)
    end = now_ms() + 1500
    while now_ms() < end and not all(p.idle() for p in peers):
        table.step(now_ms())  # the last messages out
        time.sleep(0.005)
    stdout.write("match over: totals %s\n" % " ".join(str(t) for t in table.match.totals))
    server.close()
    return 0


def join(address, stdin, stdout):
    wire = tcp_connect(address)
    shown = [0]

    def human(seat, key, hand, legal, offered):
        return answer(stdin, stdout, seat, hand, legal, offered)

    guest = Guest(Peer(wire, session()), [], human)
    guest.seats = None  # the host says which seat: any it asks

    stdout.write("joined %s\n" % address)
    while guest.over is None:
        guest.step(now_ms())
        while shown[0] < len(guest.band):
            seat, move = guest.band[shown[0]]
            shown[0] += 1
            stdout.write("P%d played %d\n" % (seat + 1, move))
        time.sleep(0.005)
    end = now_ms() + 1500
    while now_ms() < end and not guest.peer.idle():
        guest.step(now_ms())
        time.sleep(0.005)
    stdout.write("match over\n")
    wire.close()
    return 0
