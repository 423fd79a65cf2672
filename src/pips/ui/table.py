"""The game table: the screen of a match.

The table is drawn in bands, each redrawn only when what it shows changes:

    status   every seat: name, pieces in hand, total score; the turn highlighted
    table    a line of tiles (both ends always visible) or a pile (top card,
             active colour, direction, draw pile)
    message  the last move ("P2: 6-3 R", "drew 3", "UNO!"), a bot thinking
    buttons  actions (moves that use no piece: pass, draw, UNO!, catch,
             accept, challenge), or the alternatives for the piece picked
    hand     the viewer's pieces; the legal ones raised, the cursor on one

Everything comes from the View (pips.game): piece_kind, table_kind, sizes,
hand_list(), move_piece(), move_text(), line_pairs()/ends or top/color/...
A move whose piece is -1 is an action, shown as a button labelled by its text.
Moves sharing a piece (a tile for L or R, a wild's colours, a card with or
without " uno") are picked in a second step among buttons.

Pass-and-play: `viewer` is the human seat whose hand is shown. When a
different human must act, the hand-over screen hides everything until that
player presses A.

What is drawn for a kind of piece or of table comes from a module named by the
View's presentation fields: piece_<piece_kind>.py (piece_tile, piece_card) and
table_<table_kind>.py (table_line, table_pile), loaded with the match. A game
with pieces and a table of known kinds drops in without a change here; a new
kind is one more such module. The screens around the table (hand-over, pause,
results, rules) are modules loaded when shown, and so are the rare parts of
this one (the pause menu does the resigning, the hand-over screen hands the
device over, pips.ui.table_reveal shows a revealed hand), its set-up
(pips.ui.table_begin, once a match) and its human side (pips.ui.table_choose:
what a human may play and the keys that pick it, loaded while a human
chooses). While a human chooses, the game's bot code (`bot_module` on the
game class, if it names one) is let go in turn: the heap holds one side's
code at a time, never both. While a bot thinks, nothing but the message is
drawn, so the piece and table modules go too (draw() loads them when a band
changes), and so does a game's text module that nothing keeps (`text_module`
on the game class: UNO's); it loads again for the next move's text.

On a device every name here (a method, an attribute, a short string) is
interned for good, in pools that grow by doubling: a name saved is a few
bytes, but the one over a pool's edge costs kilobytes. So the bands' heights
are worked out where they are drawn, and one-caller helpers stay inline.
"""

import sys

from pips.compat import const
from pips.ui import keys as K
from pips.ui.palette import FELT, FELT_DARK, PANEL, TEXT, HIGHLIGHT, DIM, BLACK, WARNING
from pips.ui.app import Screen, load, forget, seat_name

SHOW_MS = const(900)  # how long a bot's move stays before the next one
_SLICE = const(4)  # smart-bot rollouts per frame: the screen keeps moving
# cursor stops and buttons (pips.ui.table_choose makes them, with copies of these)
_BUTTON = const(1000)  # cursor stops >= this are buttons
_GO_ON = const(-1)  # the "go on" button when offered an out-of-turn move
_TOGGLE = const(-2)  # the button that adds a call word to the next piece (UNO!)

# what a human may play and the keys that pick it: loaded while a human chooses
_CHOOSING = "pips.ui.table_choose"

# states of the table
_NEXT_ACTOR = const(0)
_SHOW = const(1)
_THINK = const(2)
_CHOOSE = const(3)
_ALT = const(4)
_REVEAL = const(5)
_DEAL = const(6)  # the results screen let the last hand go: enter() deals the next
# keys of draw()'s own signatures in `shown` (the status cells' keys are seats)
_DRAWN = const(-1)
_NOTE = const(-2)

# what an item of a Layer draws: the kind in the low 4 bits of `what`, and above
# them (what >> 4) a text's ink or a piece's flags (a table_<kind> module
# numbers its own kinds from 8)
FILL = const(0)  # a: colour
TEXT_AT = const(1)  # a: text, in the ink above the kind
CENTER = const(2)  # text centred in the item's width
PIECE = const(3)  # a piece (the piece module draws it): a code; flags 1 bright, 2 selected


def label(text):
    """Button text for an action: capitalised; the call `uno` reads UNO!, and
    a trailing seat number (`catch 2`) names the seat as the status strip does."""
    words = text.split(" ")
    for i in range(len(words)):
        if words[i] == "uno":
            words[i] = "UNO!"
    last = words[-1]
    if len(words) > 1 and last.isdigit():
        words[-1] = seat_name(int(last))
    out = " ".join(words)
    return out[:1].upper() + out[1:]


class TableScreen(Screen):
    def __init__(self, app, game_class, players, levels, options):
        Screen.__init__(self, app)
        self.game_class = game_class
        self.players = players
        self.levels = levels
        self.options = options
        self.match = None  # made on the first entry (pips.ui.table_begin)
        self.modules = ("pips.ui.table",)  # uses(); table_begin adds the drawing modules

    # -- the match -----------------------------------------------------------
    def next_hand(self):
        """Deal the match's next hand. The last one goes first, views and all:
        on a small heap two hands at once may not fit."""
        self.game = None
        self.view_key = None
        self.match.new_hand()
        self.start_hand()

    def start_hand(self):
        self.game = self.match.game
        self.state = _NEXT_ACTOR
        self.offered_at = -1  # game.moves when the viewer was last offered out-of-turn moves
        self.bots_checked_at = -1
        self.cursor = 0
        self.alt_cursor = 0
        self.think_seat = -1
        if self.viewer >= 0 and len(self.humans) > 1:
            self.viewer = -1  # a new deal: hand the device over again

    def view_of(self, seat):
        """game.view(seat), made once per move: a View costs memory to build.
        view_key is (game, moves, seat, the view made for them)."""
        game = self.game
        key = self.view_key
        if key is None or key[0] is not game or key[1] != game.moves or key[2] != seat:
            key = self.view_key = (game, game.moves, seat, game.view(seat))
        return key[3]

    def enter(self):
        if self.match is None:
            # the match, the bots and the first hand: code that runs once
            load("pips.ui.table_begin").begin(self)
            forget("pips.ui.table_begin")
        elif self.state == _DEAL:
            self.next_hand()
        self.leave()
        self.s.fill(FELT)
        self.s.fill_rect(0, self.hand_y, self.app.width, self.app.height - self.hand_y, FELT_DARK)
        self.draw()

    def leave(self):
        """Forget what is on screen (enter() draws it all again): while the
        results or a menu show, the table holds no drawing state."""
        if self.match is None:
            return  # never shown
        # band -> signature of what is on screen; also draw()'s own two
        # signatures: _DRAWN (what the bands show), _NOTE (the message's)
        self.shown = {}
        self.message_w = -1  # width of the message on screen, -1: band not drawn
        self.view_key = None
        self.table_layer.items = []  # the bands were cleared: draw every item
        self.hand_layer.items = []

    # -- who acts -----------------------------------------------------------------
    def frame(self, presses, now):
        state = self.state
        if presses & K.MENU or (presses & K.B and state in (_CHOOSE, _SHOW, _THINK)):
            self.app.open("pips.ui.pause", "PauseScreen", self)
            return
        if state == _SHOW:
            if presses & K.A or K.ticks_diff(now, self.show_until) >= 0:
                self.state = _NEXT_ACTOR
        elif state == _REVEAL:
            if presses & (K.A | K.B):
                self.state = _NEXT_ACTOR
        elif state == _THINK:
            bot = self.bots[self.think_seat]
            move = bot.step(_SLICE)
            if move >= 0:
                # decided: the bots' code leaves the heap while the move shows
                # (its text loads pips.uno_text; the next bot's begin() loads it again)
                self.bots_go()
                self.play(self.think_seat, move)
        elif state == _CHOOSE or state == _ALT:
            load(_CHOOSING).keys(self, presses)
        if self.state == _NEXT_ACTOR:
            self.next_actor(now)
            if self.app.screen is not self:
                return
        self.draw()

    def next_actor(self, now):
        game = self.game
        match = self.match
        if game.turn < 0 or match.over:
            # no one decides on the results screen: the bots' code and the human
            # side's leave the heap (they load again in the next hand)
            self.bots_go()
            if _CHOOSING in sys.modules:
                forget(_CHOOSING)
            over = match.over or match.end_hand()
            self.app.open("pips.ui.results", "HandResultScreen", self, over)
            return
        viewer = self.viewer
        # the viewer may act out of turn (UNO's catch, a late UNO!) before the others
        if (
            viewer >= 0
            and viewer != game.turn
            and self.offered_at != game.moves
            and viewer not in match.resigned
        ):
            self.offered_at = game.moves
            # the game says first whether there is anything: the human side's
            # code loads only then (pips.ui.table_choose); the cursor and the
            # call toggle start over as they did when choices() always ran here
            self.cursor = 0
            self.calling = False
            if game.legal(viewer, self.buf) and load(_CHOOSING).choices(self, viewer):
                self.acting = viewer  # not game.turn: the draw() says "out of turn?"
                self.state = _CHOOSE
                return
        if self.bots_checked_at != game.moves:
            self.bots_checked_at = game.moves
            for seat in range(self.players):
                bot = self.bots[seat]
                if bot is None or seat == game.turn or seat in match.resigned:
                    continue
                if game.legal(seat, self.buf):
                    move = bot.choose(self.view_of(seat))
                    if move >= 0:  # a bot may let the chance pass (its reaction)
                        self.play(seat, move)
                        return
        seat = game.turn
        bot = self.bots[seat]
        if bot is not None:
            if _CHOOSING in sys.modules:
                forget(_CHOOSING)  # while a bot thinks, the heap is its own
                # and so is the human's last choice (choices() makes it again)
                self.moves = self.texts = self.hand = self.stops = self.buttons = None
            # and no move's text is made until it has decided (Uno.text_module),
            # nor a piece or the table drawn (the bands' signatures stay as
            # they are): the drawing modules go too, and draw() loads them again
            for name in (getattr(self.game_class, "text_module", None),) + self.modules[1:]:
                if name in sys.modules:
                    forget(name)
            self.piece = self.band = None
            self.think_seat = seat
            bot.begin(self.view_of(seat))
            self.state = _THINK
            return
        if viewer != seat and len(self.humans) > 1:
            self.app.open("pips.ui.handover", "HandOverScreen", self, seat)
            return
        self.viewer = seat
        self.acting = seat
        # no bot decides while a human chooses: the game's bot code (and what it
        # keeps between decisions) leaves the heap, and loads again for the next
        self.bots_go()
        load(_CHOOSING).choices(self, seat)
        self.state = _CHOOSE

    def bots_go(self):
        """No bot decides for now (one has just decided, a human chooses, or
        the hand is over): the game's bots' code (`bot_module` on the game
        class, if it names one) leaves the heap, and so does the smart bots'
        rollout world (pips.bots keeps one between decisions). Both come back
        when a bot next decides: a blank world, dealt afresh as every rollout
        deals it, so no decision changes."""
        name = getattr(self.game_class, "bot_module", None)
        if name in sys.modules:
            forget(name)
        bots = sys.modules.get("pips.bots")
        if bots is not None:
            bots._SHARED.clear()

    def play(self, seat, move):
        game = self.game
        before = bytes(self.view_of(seat).sizes)
        text = game.move_text(move)
        game.play(seat, move)
        after = self.view_of(seat).sizes
        msg = "%s: %s" % (seat_name(seat), label(text))
        for s in range(self.players):
            if s < len(after) and s < len(before) and after[s] > before[s]:
                drew = after[s] - before[s]
                if s == seat and text == "draw":
                    msg = "%s drew %d" % (seat_name(seat), drew)
                elif s == seat:
                    msg += ", drew %d" % drew
                else:
                    msg += ", %s drew %d" % (seat_name(s), drew)
        self.message = msg
        self.state = _SHOW
        self.show_until = self.app.now + (SHOW_MS if self.bots[seat] is not None else 250)
        if self.bots[seat] is None and _CHOOSING in sys.modules:
            # a human has played: the human side and its last choice go until
            # the next choice (choices() makes it again; the empty buttons band
            # needs no code of it)
            forget(_CHOOSING)
            self.moves = self.texts = self.hand = self.stops = self.buttons = None
        if self.viewer >= 0 and getattr(self.view_of(self.viewer), "reveal", None):
            self.state = _REVEAL

    # -- drawing ---------------------------------------------------------------------
    def draw(self):
        # One cheap look at what the bands show: most frames change nothing. While
        # a bot thinks only the message's dots move: no View is made for them
        # (the thinking bot holds one; two at once would raise the heap's peak).
        sig = (
            self.game.moves,
            self.state,
            self.cursor,
            self.alt_cursor,
            self.viewer,
            self.calling,
            self.match.hands_played,
            len(self.match.resigned),
        )
        if self.changed(_DRAWN, sig):
            self.shown[_NOTE] = None
            view = self.view_of(self.viewer if self.viewer >= 0 else 0)
            self.draw_status(view)
            # the table band
            sig = (self.game.moves, self.state == _REVEAL, self.viewer, self.match.hands_played)
            if self.state == _ALT:
                sig = sig + (self.alt_cursor,)
            if self.changed("table", sig):
                self.drawing()
                if self.state == _REVEAL:
                    # the pieces another seat was made to show (UNO: a challenged +4
                    # player's hand), to this viewer alone: rare, so a module apart
                    items = load("pips.ui.table_reveal").items(self, view)
                    forget("pips.ui.table_reveal")
                else:
                    items = self.band.items(self, view)
                self.table_layer.update(items)
            self.draw_buttons()
            self.draw_hand(view)
            if self.state == _THINK:
                # the thinking bot holds a view of its own: this one goes
                # (the bands need none until the bot has moved)
                self.view_key = None
        note = (self.app.frames // 8 % 3 if self.state == _THINK else 0, self.message)
        if not self.changed(_NOTE, note):
            return
        # the message band: the last move, or what the table waits for
        text = self.message
        if self.state == _THINK:
            dots = "." * (1 + self.app.frames // 8 % 3)
            text = "%s thinking%s" % (seat_name(self.think_seat), dots)
        elif self.state == _CHOOSE and self.acting != self.game.turn:  # offered out of turn
            text = "%s: out of turn?" % seat_name(self.acting)
        elif self.state == _CHOOSE and not self.message:
            text = "%s: your move" % seat_name(self.acting)
        elif self.state == _ALT:
            text = "pick one, hold A: back"
        elif self.state == _REVEAL:
            text = "A: go on"
        if not self.changed("message", text):
            return
        s = self.s
        if self.message_w < 0:
            s.fill_rect(0, self.msg_y, self.app.width, s.char_h + 2, FELT_DARK)
        cols = (self.app.width - 4) // s.char_w
        text = text[:cols]
        old = self.message_w
        new = len(text) * s.char_w
        # repaint the text cells, and clear what is left of a longer old text
        s.text(text, 2, self.msg_y + 1, WARNING if "UNO" in text else TEXT, FELT_DARK)
        if old > new:
            s.fill_rect(2 + new, self.msg_y + 1, old - new, s.char_h, FELT_DARK)
        self.message_w = new

    def changed(self, band, value):
        """Whether `band` now shows something else than `value` says (and
        remember it): a band is drawn only when its signature changes."""
        if self.shown.get(band) == value:
            return False
        self.shown[band] = value
        return True

    def draw_status(self, view):
        """One cell a seat, each redrawn only when its own content changes. The
        band is table_y high (one line, or two when the seats are many)."""
        game = self.game
        totals = self.match.totals
        s = self.s
        h = self.table_y
        line_h = s.char_h + 2
        cols = (self.cell_w - 3) // s.char_w
        for seat in range(self.players):
            turn = seat == game.turn
            out = seat in self.match.resigned
            # one small int, not a tuple or the texts: a signature kept per seat
            # takes no heap (hand sizes stay below 256; totals may be negative)
            sig = (totals[seat] * 256 + view.sizes[seat]) * 8 + turn * 4 + out * 2
            sig += seat == self.viewer
            if not self.changed(seat, sig):
                continue
            name = seat_name(seat) + ("*" if seat == self.viewer else "")
            size = "%d" % view.sizes[seat]
            score = "%d" % totals[seat]
            x = seat * self.cell_w
            s.fill_rect(x, 0, self.cell_w, h, PANEL)
            if turn:
                s.fill_rect(x + 1, 0, self.cell_w - 2, h, HIGHLIGHT)
            ink = BLACK if turn else (DIM if out else TEXT)
            if h == line_h:
                # the longest form that fits: "P1* 7 left 45 pts" ... "P1* 7 45"
                for form in ("%s  %s left  %s pts", "%s %s left %s pts", "%s %s  %sp", "%s %s %s"):
                    text = form % (name, size, score)
                    if len(text) <= cols:
                        break
                s.text(text[:cols], x + 3, 1, ink)
            else:  # two lines; with many seats the name shrinks to its number
                for text in ("%s %s" % (name, size), "%s %s" % (name[1:], size), size):
                    if len(text) <= cols:
                        break
                s.text(text[:cols], x + 2, 1, ink)
                s.text(score[:cols], x + 2, 1 + line_h, ink)

    def draw_buttons(self):
        """The buttons band: drawn by the human side (pips.ui.table_choose),
        which is loaded whenever there are buttons; without it the band is
        empty, and cleared once."""
        if _CHOOSING in sys.modules:
            load(_CHOOSING).draw_buttons(self)
        elif self.changed("buttons", ((), -1)):  # table_choose's signature of no buttons
            self.s.fill_rect(0, self.button_y, self.app.width, self.s.char_h + 4, FELT)

    def draw_hand(self, view):
        # the state only while choosing: in the others the hand shows alike, so
        # a bot's thinking starts without drawing it (nor loading the drawing)
        state = self.state if self.state == _CHOOSE or self.state == _ALT else -1
        sig = (self.game.moves, state, self.cursor, self.viewer, self.match.hands_played)
        if not self.changed("hand", sig):
            return
        self.drawing()
        s = self.s
        y0 = self.hand_y
        w = self.app.width
        hand_h = self.app.height - y0
        if self.viewer < 0:
            items = [(0, y0 + hand_h // 2 - 4, w, s.char_h, CENTER | DIM << 4, "bots at play")]
            self.hand_layer.update(items)
            return
        acting = self.state in (_CHOOSE, _ALT) and self.acting == self.viewer
        hand = self.hand if acting else view.hand_list()
        playable = self.playable if acting else b"\x02" * len(hand)  # 2: bright, not raised
        # the piece under the cursor: a hand index, or -1 (a button, or no choice)
        at = -1
        if self.state == _CHOOSE and self.stops:
            stop = self.stops[self.cursor]
            at = stop if stop < _BUTTON else -1
        elif self.state == _ALT:
            at = self.stops[self.cursor]
        cur = at if acting else -1
        # which pieces show: all, centred, when they fit; else a window round
        # the cursor, from the first one shown last time, with arrows
        count = len(hand)
        pw = self.piece.W
        ph = self.piece.H
        step = pw + 2
        fit = (w - 4) // step
        if count <= fit:
            first = 0
            fit = count
            x0 = (w - count * step + 2) // 2
        else:
            fit = (w - 20) // step
            first = self.hand_first
            if at >= 0:
                if at < first:
                    first = at
                elif at >= first + fit:
                    first = at - fit + 1
            first = max(0, min(first, count - fit))
            self.hand_first = first
            x0 = 10
        items = []
        mid = y0 + hand_h // 2 - s.char_h // 2
        if first > 0:
            items.append((1, mid, s.char_w, s.char_h, TEXT_AT | TEXT << 4, "<"))
        if first + fit < len(hand):
            items.append((w - s.char_w - 1, mid, s.char_w, s.char_h, TEXT_AT | TEXT << 4, ">"))
        for i in range(first, min(len(hand), first + fit)):
            x = x0 + (i - first) * step
            y = y0 + (1 if playable[i] == 1 else 4)  # the playable ones raised
            flags = (1 if playable[i] else 0) | (2 if i == cur else 0)
            items.append((x, y, pw, ph, PIECE | flags << 4, hand[i]))
            if i == cur:
                items.append((x + 2, y0 + hand_h - 2, pw - 4, 1, FILL, HIGHLIGHT))
        self.hand_layer.update(items)

    def drawing(self):
        """The piece and the table modules (table.piece, table.band), loaded
        again if a bot's thinking let them go (next_actor)."""
        if self.piece is None:
            self.piece = load(self.modules[1])
            self.band = load(self.modules[2])

    def paint(self, it, bg):
        """An item the layers do not draw themselves: a piece (the piece
        module's) or one of the band's own (the table module's)."""
        if it[4] & 15 == PIECE:
            self.piece.piece(self.s, it[0], it[1], it[5], it[4] >> 4, bg)
        else:
            self.band.paint(self.s, it, bg)


class Layer:
    """A band of the screen drawn as a list of items (x, y, w, h, what, a): six
    fields, not more (a tuple of six takes two of the heap's blocks on either
    port, of seven or eight three), so `what` holds a text's ink or a piece's
    flags above its kind.

    `update(items)` compares with what is on screen: items gone are cleared to
    the background, new ones drawn, and unchanged ones left alone unless
    something cleared or drawn below them overlaps (painter's order: later
    items lie on top). A move then redraws a tile or a card, not the band.
    Fills and text are drawn here, other items by `paint(item, bg)`.
    `items` is what is on screen: [] after the band was cleared."""

    def __init__(self, surface, bg, paint):
        self.s = surface
        self.bg = bg
        self.paint = paint
        self.items = []

    def update(self, items):
        s = self.s
        old = self.items
        touched = []
        for it in old:
            if it not in items:
                s.fill_rect(it[0], it[1], it[2], it[3], self.bg)
                touched.append(it)
        for it in items:
            drawn = it not in old
            if not drawn:  # unchanged: drawn again if something touched overlaps it
                x0 = it[0]
                y0 = it[1]
                x1 = x0 + it[2]
                y1 = y0 + it[3]
                for r in touched:
                    if r[0] < x1 and x0 < r[0] + r[2] and r[1] < y1 and y0 < r[1] + r[3]:
                        drawn = True
                        break
            if drawn:
                what = it[4]
                kind = what & 15
                if kind == FILL:
                    s.fill_rect(it[0], it[1], it[2], it[3], it[5])
                elif kind == TEXT_AT:
                    s.text(it[5], it[0], it[1], what >> 4)
                elif kind == CENTER:
                    s.text_center(it[5], it[0], it[1], it[2], what >> 4)
                else:
                    self.paint(it, self.bg)
                touched.append(it)
        self.items = items
