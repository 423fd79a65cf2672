"""What happened at a table, told in short lines: the one path from a game to
the messages of every surface (the handheld's message band and hand result,
the terminal game).

Nothing here knows a game by name, and a game reports nothing itself: a move's
events are read from what the views show before and after it (the hand
sizes, the viewer's own pieces, the turn, a pending question, the top card)
and from the move's text. Two class attributes of a game add what a view
cannot tell: `first_role`, what the seat `first` does when it is not the seat
to start (UNO's "deals"), and `blocked`, the words for a hand that ends with
nobody out ("blocked: lowest count wins").

What a seat takes in (drawn, a penalty, tiles taken back) is shown piece by
piece only to its holder (the viewer); the others read the count.
"""


def seat_name(seat):
    """P1, P2...: every surface's name for a seat (seat 0 is P1)."""
    return "P%d" % (seat + 1)


def words(text):
    """A move's text for a player: the call `uno` reads UNO!, and a trailing
    seat number (`catch 2`) the seat's name (`catch P3`)."""
    parts = text.split(" ")
    for i in range(len(parts)):
        if parts[i] == "uno":
            parts[i] = "UNO!"
    last = parts[-1]
    if len(parts) > 1 and last.isdigit():
        parts[-1] = seat_name(int(last))
    return " ".join(parts)


def ending(game):
    """How the hand ended when nobody went out (the game's `blocked` words),
    else None."""
    blocked = getattr(game, "blocked", None)
    if blocked is None or game.turn >= 0:
        return None
    view = game.view(0)
    for size in view.sizes:
        if size == 0:
            return None
    return blocked


class Log:
    """The last `keep` events, oldest first; `count` numbers every event
    added, so a screen redraws when it changes."""

    def __init__(self, keep=4):
        self.lines = []
        self.keep = keep
        self.count = 0

    def add(self, text):
        lines = self.lines
        if len(lines) >= self.keep:
            lines.pop(0)
        lines.append(text)
        self.count += 1

    def dealt(self, game, first, viewer):
        """A new hand: who deals or starts; a first card turned up and what
        it did (who took cards, the direction, who plays). Returns the lines added."""
        view = game.view(viewer if viewer >= 0 else 0)
        role = getattr(game, "first_role", None)
        if role is None:
            head = "%s starts" % seat_name(view.turn)
        else:
            head = "%s %s" % (seat_name(first), role)
        out = [head]
        top = getattr(view, "top", None)
        if top is not None and top >= 0:
            out[0] = head + ", first card " + _text(view, top)
            sizes = view.sizes
            least = min(sizes)
            said = []
            for s in range(len(sizes)):
                if sizes[s] > least:
                    said.append("%s takes %d" % (seat_name(s), sizes[s] - least))
            if getattr(view, "direction", 1) < 0:
                said.append("reversed")
            if getattr(view, "pending", None) == "color":
                said.append("%s names the colour" % seat_name(view.turn))
            else:
                said.append("%s to play" % seat_name(view.turn))
            out.append(", ".join(said))
        for line in out:
            self.add(line)
        return out

    def before(self, game, viewer):
        """What a move's events are read against: call it before the move."""
        view = game.view(viewer if viewer >= 0 else 0)
        return bytes(view.sizes), view.hand_list() if viewer >= 0 else None

    def moved(self, game, seat, text, before, viewer):
        """The events of `seat`'s move `text` (its text before it was
        played), `before` from before(). Returns the lines added: the move
        with who took how many, then what only the viewer sees, a question
        put to the viewer, how the hand ended."""
        sizes, hand = before
        view = game.view(viewer if viewer >= 0 else 0)
        after = view.sizes
        name = seat_name(seat)
        took = []  # the seats whose hands grew
        for s in range(len(after)):
            if s < len(sizes) and after[s] > sizes[s]:
                took.append(s)
        mine = hand is not None and viewer in took
        if text == "draw" and took == [seat]:
            line = "%s drew %d" % (name, after[seat] - sizes[seat])
            took = []
        else:
            said = words(text)
            line = "%s: %s" % (name, said[:1].upper() + said[1:])  # as its button reads
        if text == "challenge":  # the +4 challenged: who takes the cards tells the outcome
            line += " lost" if seat in took else " won"
        for s in took:
            who = "you take" if s == viewer else seat_name(s) + " takes"
            line += ", %s %d" % (who, after[s] - sizes[s])
        out = [line]
        if mine:
            new = _added(hand, view.hand_list())
            if new:
                verb = "you drew " if text == "draw" else "you got "
                out.append(verb + " ".join(_text(view, c) for c in new))
        turn = view.turn
        pending = getattr(view, "pending", None)
        if turn == viewer and turn != seat and pending == "+4":
            out.append("%s on you: accept or challenge?" % text.split(":")[0])
        if turn < 0:
            end = ending(game)
            if end is not None:
                out.append(end)
            elif 0 <= game.winner < len(after) and after[game.winner] == 0:
                out.append("%s is out" % seat_name(game.winner))
        for line in out:
            self.add(line)
        return out


def _added(old, new):
    """The pieces of list `new` that are not in `old` (repeats counted)."""
    rest = list(old)
    out = []
    for code in new:
        if code in rest:
            rest.remove(code)
        else:
            out.append(code)
    return out


def _text(view, code):
    """A piece's notation, as the game writes it."""
    if getattr(view, "piece_kind", "tile") == "card":
        from pips.cards import text
    else:
        from pips.tiles import text
    return text(code)
