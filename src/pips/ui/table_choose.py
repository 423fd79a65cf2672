"""A human's choice at the table (pips.ui.table): what the seat may play, the
cursor stops that pick it, and the buttons' labels.

The cursor stops are the playable pieces of the hand, in hand order, then the
buttons: actions (moves that use no piece: pass, draw, accept, catch...), the
toggle that adds a call word to the next piece (UNO!), and "Go on" when the
seat is offered a move out of turn. A piece with several moves (a tile for L
or R, a wild's colours) is picked in a second step among buttons. Moves that
mirror another of the same piece (the View's `after` keys are equal: the
opening tile's two orientations, L and R against a lone double) are not
offered: the piece plays the first of them at once. The game's legal moves
stay as they are.
"""

from pips import const, lang
from pips.ui import keys as K
from pips.ui.events import label

_BUTTON = const(1000)  # cursor stops >= this are buttons: _BUTTON + index in `buttons`
# the buttons that are no action (an action's button is its index in `moves`)
GO_ON = const(-1)  # "Go on": a chance out of turn passes; keys() answers it too
_TOGGLE = const(-2)  # adds the call word to the next piece (UNO!)
_UNDECIDED = const(-3)  # keys() while nothing is decided
_MIRROR = const(-2)  # the piece of a move not offered: it mirrors an earlier one


class Choice:
    """The moves of `view`'s seat, made into cursor stops; `buf` is a
    legal-move buffer to fill. `moves` is empty when there is nothing to
    pick (resigning is in the pause menu, not here)."""

    def __init__(self, view, buf):
        self.seat = view.seat
        n = view.legal(buf)
        moves = []
        texts = []
        pieces = []  # -1: an action
        for i in range(n):
            text = view.move_text(buf[i])
            if text != "resign":
                moves.append(buf[i])
                texts.append(text)
                pieces.append(view.move_piece(buf[i]))
        self.moves = moves
        self.texts = texts
        # the word some moves add to another move's text ("R7" and "R7 uno"), or
        # None. Such variants are not listed: a toggle button adds the word
        # instead, pressed before the piece, as a player calls before laying it
        word = None
        for t in texts:
            i = t.rfind(" ")
            if i > 0 and t[:i] in texts:
                word = t[i + 1 :]
                break
        self.call = word
        self.calling = False
        self.variant = bytearray(len(texts))  # 1: the move is another's text + call word
        if word is not None:
            tail = " " + word
            for k in range(len(texts)):
                t = texts[k]
                if t.endswith(tail) and t[: -len(tail)] in texts:
                    self.variant[k] = 1
        keys = []
        for k in range(len(moves)):
            key = view.after(moves[k])
            if key >= 0 and key in keys:
                pieces[k] = _MIRROR
            keys.append(key)
        self.pieces = pieces
        hand = view.hand_list()
        self.hand = hand
        self.playable = bytearray(len(hand))  # 1: the piece has a move
        stops = []
        buttons = []
        if word is not None:
            buttons.append(_TOGGLE)
        for k in range(len(moves)):
            piece = pieces[k]
            if self.variant[k] or piece == _MIRROR:
                continue
            if piece < 0:
                buttons.append(k)
                continue
            for i in range(len(hand)):
                if hand[i] == piece and not self.playable[i]:
                    self.playable[i] = 1
                    stops.append(i)
        stops.sort()
        if view.turn != view.seat and moves:
            buttons.append(GO_ON)  # out of turn: the player may also let it be
        self.buttons = buttons
        for b in range(len(buttons)):
            stops.append(_BUTTON + b)
        self.stops = stops
        self.cursor = 0
        self.alts = None  # in the second step: the moves (indexes) of the piece picked
        self.alt_cursor = -1  # and the one under the cursor; -1 in the first step

    def keys(self, presses):
        """The keys while choosing: a cursor stop (a piece or a button), or in
        a second step one of the moves of the piece picked (B: back). Returns
        the move chosen, GO_ON when the seat lets its chance pass, or a
        negative number while nothing is decided."""
        if self.alts is not None:
            n = len(self.alts)
            if presses & K.PREV:
                self.alt_cursor = (self.alt_cursor - 1) % n
            if presses & K.NEXT:
                self.alt_cursor = (self.alt_cursor + 1) % n
            if presses & K.A:
                return self.moves[self.alts[self.alt_cursor]]
            if presses & K.B:
                self.back()
            return _UNDECIDED
        stops = self.stops
        if not stops:
            return _UNDECIDED
        if presses & K.PREV:
            self.cursor = (self.cursor - 1) % len(stops)
        if presses & K.NEXT:
            self.cursor = (self.cursor + 1) % len(stops)
        if not presses & K.A:
            return _UNDECIDED
        stop = stops[self.cursor]
        if stop >= _BUTTON:
            k = self.buttons[stop - _BUTTON]
            if k == GO_ON:
                return GO_ON
            if k == _TOGGLE:
                self.calling = not self.calling
                return _UNDECIDED
            return self.moves[k]
        piece = self.hand[stop]
        alts = []
        picked = []  # of those, the ones that go with the call toggle as it is
        for k in range(len(self.moves)):
            if self.pieces[k] == piece:
                alts.append(k)
                if self.variant[k] == (1 if self.calling else 0):
                    picked.append(k)
        if self.call is not None and picked:
            alts = picked
        if len(alts) == 1:
            return self.moves[alts[0]]
        self.alts = alts
        self.alt_cursor = 0
        return _UNDECIDED

    def back(self):
        """Out of the second step: the piece may be picked again."""
        self.alts = None
        self.alt_cursor = -1

    def piece_at(self):
        """The hand index under the cursor, -1 on a button."""
        if not self.stops:
            return -1
        stop = self.stops[self.cursor]
        return stop if stop < _BUTTON else -1

    def alternative(self):
        """The text of the move under the cursor in the second step, else None."""
        if self.alts is None:
            return None
        return self.texts[self.alts[self.alt_cursor]]

    def labels(self):
        """The buttons' labels and the one under the cursor (-1: none)."""
        if self.alts is not None:
            labels = []
            for k in self.alts:
                labels.append(label(self.texts[k]))
            return labels, self.alt_cursor
        labels = []
        for k in self.buttons:
            if k == GO_ON:
                labels.append(lang.text("button.go_on"))
            elif k == _TOGGLE:
                labels.append(("[%s]" if self.calling else "%s") % label(self.call))
            else:
                labels.append(label(self.texts[k]))
        stop = self.stops[self.cursor] if self.stops else 0
        return labels, (stop - _BUTTON if stop >= _BUTTON else -1)
