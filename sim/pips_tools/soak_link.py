"""`make soak-link`: linked matches of every game on the simulated lossy
wire (pips.link.sim), each checked against the same match played locally
and every message to a guest put to the leak check; then the figures:
bytes on the wires per move for each game, and the share of matches that
finish at 1%, 5% and 20% byte loss (the other odds as the issue sets them:
1% duplicated, 1% corrupted, 1% of writes reordered within four, delays up
to 200 ms), within a simulated hour each. Last, the screens' traffic
(`screens_traffic`): three matches a game between a host's and a guest's table
models (pips.ui.link_model), as two handhelds' screens play it."""

import sys

from pips import games
from pips.link.frame import Peer
from pips.link.guest import Guest
from pips.link.sim import SHORT, Table, leak_check, play_local
from pips.link.wire import sim_pair
from pips.rng import Rng

HOUR_MS = 3600 * 1000


def guests_for(players):
    return [[0]] if players == 1 else [[s] for s in range(1, players)]


def players_for(gc, k):
    return min(gc.max_players, gc.min_players + k % 3)


def main(argv):
    per_game = int(argv[0]) if argv else 25
    print("linked matches: %d per game, 5%% byte loss, records against local play" % per_game)
    total = 0
    bad = 0
    rows = []
    for name in games.names():
        gc = games.get(name)
        options = SHORT.get(name)
        moves = 0
        sent = 0
        for k in range(per_game):
            players = players_for(gc, k)
            guests = guests_for(players)
            seed = 5000 + k
            local = play_local(gc, players, seed, options, [s for g in guests for s in g])
            table = Table(gc, players, seed, options, guests, check=leak_check)
            ok = table.run(limit_ms=50 * HOUR_MS) and table.lines == local["lines"]
            total += 1
            if not ok:
                bad += 1
                print("  %s, %d players, seed %d: %s" % (
                    name, players, seed, "differs from local play" if table.host.done else "unfinished"))
            moves += len(local["lines"])
            sent += table.bytes_sent()
        rows.append((name, moves, sent))
        print("  %-11s %5d moves  %7d bytes  %6.1f bytes a move" % (name, moves, sent, sent / max(moves, 1)))
        sys.stdout.flush()
    print("%d linked matches, %d differing from local play or unfinished, 0 leaks (the check raises)" % (total, bad))
    print("share finished within a simulated hour (Block, 2 to 4 players, 20 matches each):")
    for loss in (10, 50, 200):
        done = 0
        n = 20
        for k in range(n):
            players = 2 + k % 3
            gc = games.get("block")
            table = Table(gc, players, 9000 + k, {"target": 50}, guests_for(players), odds={"drop": loss}, check=leak_check)
            finished = table.run(limit_ms=HOUR_MS)
            done += finished
            if not finished and loss < 200:
                print("  unfinished: Block, %d players, seed %d" % (players, 9000 + k))
        print("  %4.1f%% byte loss: %d of %d finished (%d%%)" % (loss / 10, done, n, 100 * done // n))
        sys.stdout.flush()
    print("the screens' traffic (pips.ui.link_model), three matches a game (seeds 77-79), P1 the host's, P2 a guest's,")
    print("both playing the first move offered, no loss; frames, acknowledgements and keep-alives counted:")
    for name in games.names():
        gc = games.get(name)
        if gc.max_players < 2:
            continue  # (Solitaire: one seat, nothing to link)
        moves = sent = ms = 0
        for seed in (77, 78, 79):
            one = screens_traffic(gc, SHORT.get(name) or gc.table(), seed)
            moves, sent, ms = moves + one[0], sent + one[1], ms + one[2]
        print("  %-11s %5d moves  %7d bytes  %6.1f bytes a move  (3 matches, %d simulated s)" % (
            name, moves, sent, sent / max(moves, 1), ms // 1000))
        sys.stdout.flush()
    return 1 if bad else 0


FRAME_MS = 33  # a handheld's frame


def screens_traffic(gc, options, seed):
    """A two-seat match of `gc` between the table models of a host (P1) and
    a guest (P2) on a lossless simulated wire, each playing the first move
    offered, every message to the guest put to the leak check: (moves
    played, bytes both ways, simulated ms)."""
    from pips.ui.link import KEEP_MS
    from pips.ui.link_model import GuestModel, HostModel, guest_hello
    from pips.ui.table_model import CHOOSE, HAND_OVER, MATCH_OVER, NEXT_ACTOR, REVEAL, SHOW, THINK

    clock = [0]
    host_end, guest_end = sim_pair(Rng(seed), lambda: clock[0], drop=0, dup=0, corrupt=0, reorder=0, delay=0)
    host_peer, guest_peer = Peer(host_end, 11), Peer(guest_end, 22)
    host_peer.keep_ms = guest_peer.keep_ms = KEEP_MS
    guest = Guest(guest_peer, None, None)
    got = guest_hello(guest)
    host = HostModel(gc, 2, ["human", "human"], options, seed, None, None, [-1, 0], [host_peer])

    class Checked:  # what leak_check reads of a linked table
        guest_seats = [[1]]

    Checked.host = host.link
    host.link.sent = lambda g, message: leak_check(Checked, g, message)
    played = [0]
    play = host.play

    def counted(seat, move, now):  # every move, whoever plays it (the guest's come through play too)
        played[0] += 1
        play(seat, move, now)

    host.play = counted
    host.hello(0)
    model = None
    over = False
    while clock[0] < 24 * 3600 * 1000:
        clock[0] += FRAME_MS
        now = clock[0]
        if model is None:
            guest.step(now)
            if got:
                model = GuestModel(guest, gc, got[0])
        else:
            model.link_step(now)
            if model.state == CHOOSE:
                model.play(model.choice.seat, model.choice.moves[0], now)
        if over:
            if host.idle() and model is not None and guest.over is not None and guest_peer.idle():
                break
            host.link_step(now)
            continue
        host.link_step(now)
        state = host.state
        if state == SHOW and now >= host.show_until or state == REVEAL:
            host.go_on()
        elif state == THINK:
            host.think(None, now)
        elif state == CHOOSE:
            host.play(host.choice.seat, host.choice.moves[0], now)
        if host.state == NEXT_ACTOR:
            actor = host.next_actor(now)
            if actor == HAND_OVER:
                host.next_hand()
            elif actor == MATCH_OVER:
                over = True
    else:
        raise RuntimeError("%s: the linked screens' match did not end" % gc.name)
    return played[0], host_peer.bytes_sent + guest_peer.bytes_sent, clock[0]


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
