"""Link play: one table across devices, the host the referee.

Layers, each a small module (device code, MicroPython-compatible):

    wire.py    the byte wires behind one interface (write(data), read() ->
               bytes), chosen through the one table WIRES: a simulated lossy
               wire for the tests, TCP, UART, ESP-NOW
    frame.py   frames on a wire (sync, length, type, sessions, sequence
               number, checksum), acknowledged and resent, duplicates
               dropped: a `Peer` carries whole messages (at most 250 bytes)
    host.py    the referee: deals, runs the rules and the bots, keeps the
               save, asks each guest for its seats' moves and sends it only
               what its seats may see
    guest.py   a device seating one or more humans: sends their moves,
               holds only its seats' views

Messages (the first byte is the type):

    HELLO  guest -> host   seats held
    VIEW   host -> guest   ask id, seat, turn, offered out of turn, the seat's
                           hand, its legal moves, what is shown to it
                           alone (a challenge's reveal)
    EVENT  host -> guest   a move played (seat, move): the message band (not
                           to a screen's guest, which reads TABLE)
    MOVE   guest -> host   ask id, seat, move (255: lets the chance pass)
    OVER   host -> guest   the match is over: totals
    TABLE  host -> guest   for a guest's screen: the last move (seat, move;
                           255 255 for none), the hands played, the totals,
                           the seats resigned, and its seat's whole view
                           (pips.link.view)
    SEATS  host -> guest   for a guest's screen: the table it joined (the
                           game, the seats, the options, its own seats)
    MORE   host -> guest   the first part of a message longer than 250
                           bytes: the next message of another kind ends it
    RESIGN guest -> host   a seat it holds resigns the match
"""

HELLO = 1
VIEW = 2
EVENT = 3
MOVE = 4
OVER = 5
TABLE = 6
SEATS = 7
MORE = 8
RESIGN = 9

MAX_MESSAGE = 250
PASS = 255


def send_long(peer, message):
    """Send `message` to `peer` (pips.link.frame.Peer), in MORE parts first
    when it is longer than a message may be."""
    body = message[1:]
    while len(body) >= MAX_MESSAGE:
        peer.send(bytes((MORE,)) + body[: MAX_MESSAGE - 1])
        body = body[MAX_MESSAGE - 1 :]
    peer.send(message[:1] + body)
