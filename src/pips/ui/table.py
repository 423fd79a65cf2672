"""The game table: the screen of a match (its model: pips.ui.table_model).

The table is drawn in bands, each redrawn only when what it shows changes:

    status   every seat: name, pieces in hand, total score; the turn highlighted
    table    a line of tiles (both ends always visible) or a pile (top card,
             active colour, direction, draw pile)
    message  the last two events ("P2: R+2, you take 2", "you drew B3 Y5",
             "blocked: lowest count wins"), from pips.ui.events: the same
             lines every surface tells
    buttons  actions (moves that use no piece: pass, draw, UNO!, catch,
             accept, challenge), or the alternatives for the piece picked;
             then what the table waits for ("P2 thinking...", "your move")
    hand     the viewer's pieces; the legal ones raised, the cursor on one

Everything comes from the View (pips.game): piece_kind, table_kind, sizes,
hand_list(), move_piece(), move_text(), line_pairs()/ends or top/color/...
A move whose piece is -1 is an action, shown as a button labelled by its text.
Moves sharing a piece (a tile for L or R, a wild's colours, a card with or
without " uno") are picked in a second step among buttons (pips.ui.table_choose).

What is drawn for a kind of piece or of table comes from a module the View's
presentation fields name, in the two tables below: _PIECES by piece_kind
(piece_tile, piece_card; piece_picture for tiles while the display setting
asks for pictures) and _TABLES by table_kind (table_line, table_pile...). A
game with pieces and a table of known kinds drops in without a change here;
a new kind is one more such module and one more line in a table. A table
module's Band(layout, model) draws the table band from the Layout (where the
bands lie, the surface, the piece module) and the model; the hand's pieces
are the piece module's BIG where it offers one and the panel has 135 rows; a
band may mark a piece in hand after it is drawn (`mark_piece`: Matador's
matadors).

The keys go to the model (pips.ui.table_model): A lets a move shown go on, a
human's choice (pips.ui.table_choose) takes the others; B or MENU opens the
pause menu. When the model answers that the device passes to another human,
the hand-over screen hides everything until that player presses A; when the
hand is over, the results show.
"""

from pips import const, lang
from pips.ui import keys as K
from pips.ui.layer import Layer, FILL, TEXT_AT, CENTER, PIECE
from pips.ui.palette import FELT, FELT_DARK, PANEL, TEXT, HIGHLIGHT, BLACK, WARNING, WHITE, YELLOW, HINT
from pips.ui.events import seat_name
from pips.ui.screen import Screen
from pips.ui.table_choose import GO_ON
from pips.ui.table_model import TableModel, ACTING, MATCH_OVER
from pips.ui.table_model import NEXT_ACTOR, SHOW, THINK, CHOOSE, REVEAL, WAIT

# The module that draws each kind of piece (View.piece_kind; "picture": tiles
# while the display setting asks for pictures) and of table (View.table_kind),
# loaded when a table first shows that kind
_PIECES = {
    "tile": "pips.ui.piece_tile",
    "picture": "pips.ui.piece_picture",
    "card": "pips.ui.piece_card",
}
_TABLES = {
    "line": "pips.ui.table_line",
    "pile": "pips.ui.table_pile",
    "cross": "pips.ui.table_cross",
    "matador": "pips.ui.table_matador",
    "twentyone": "pips.ui.table_twentyone",
    "solo": "pips.ui.table_solo",
    "austrian": "pips.ui.table_austrian",
}

# A frame that has spent this long by the App's clock (from its `now`) leaves
# the table band and the hand, or the hand, to the next frame: a move's frame
# (the move played, its events told, the status drawn) is long enough on a
# device that its hand goes out 33 ms later, and no frame sends everything
_DRAW_MS = const(4)
# ... and the table band stops drawing pieces once this long has passed (the
# rest goes on in the next frame): what follows it (the message band, the
# flush's pieces begun until 27 ms, pips.ui.surface) ends the frame within 33
_BAND_MS = const(18)
# keys of draw()'s own signatures in `shown` (the status cells' keys are seats)
_DRAWN = const(-1)
_NOTE = const(-2)


class Layout:
    """Where the table's bands lie, and what they are drawn with: what a
    table module's Band reads of the screen. `s` the surface, `width` and
    `height` the screen's, `piece` the piece module and `hand_piece` the
    size of a piece in hand; a seat's cell in the status band, `cell_w` by
    `cell_h`, `per_row` cells a row (one row, or two when the seats are
    too many for one: "P10 7" must fit a cell); the bands' tops, down the
    screen: `table_y` (the status band's height, and `table_h` the table
    band's), `msg_y`, `button_y`, `hand_y`."""

    def __init__(self, s, width, height, piece, players):
        self.s = s
        self.width = width
        self.height = height
        self.piece = piece
        line_h = s.char_h + 2  # a line of the message band
        self.per_row = players
        self.cell_w = width // players
        one_line = 9 * s.char_w + 4 <= self.cell_w  # "P1 12 999" fits
        self.cell_h = line_h if one_line else 2 * line_h  # a cell of two lines: name, total
        if self.cell_w < 5 * s.char_w + 3:  # not even "P10 7": two rows of one-line cells
            self.per_row = (players + 1) // 2
            self.cell_w = width // self.per_row
            self.cell_h = line_h
        # Laid out per panel, not scaled: on a panel of 200 rows or more
        # (320x240, 240x240) the pieces grow. `tile_n`: the halves of a tile
        # on the table (10 at 240x135, 13 at 320x240); `line_n`: the largest
        # halves a line of tiles may take when it has the room (table_line).
        large = height >= 200
        self.tile_n = max(10, min(13, (width - 40) // 21)) if large else 10
        self.line_n = (20 if width >= 300 else 16) if large else 13
        # the hand's pieces: a piece module's LARGE on such a panel (the first
        # from 300 columns), its BIG where a 135-row panel has the rows
        if large and hasattr(piece, "LARGE"):
            self.hand_piece = piece.LARGE[0 if width >= 300 else 1]
        else:
            big = getattr(piece, "BIG", None) if height >= 135 else None
            self.hand_piece = big or (piece.W, piece.H)
        self.hand_y = height - (self.hand_piece[1] + 6)
        self.button_y = self.hand_y - (s.char_h + 4)
        # the message band: two lines on a 135-pixel panel, one on a smaller one
        self.msg_y = self.button_y - (2 if height >= 135 else 1) * line_h
        self.table_y = line_h if one_line else 2 * line_h  # the status band's height
        self.table_h = self.msg_y - self.table_y


class TableScreen(Screen):
    def __init__(self, app, game_class, players, levels, options, kept=None, model=None):
        """A new match, or with `kept` (pips.restore.read_match) the saved one
        where it stood; or the table of `model`, made already (link play:
        pips.ui.link_model)."""
        Screen.__init__(self, app)
        if model is None:
            seed = kept.seed if kept is not None else app.next_seed()
            model = TableModel(game_class, players, levels, options, seed, app.data, kept)
        self.model = model
        view = model.view_of(0)
        kind = view.piece_kind
        if kind == "tile" and app.picture_tiles:
            kind = "picture"
        # (a fromlist makes __import__ answer the module itself, not the package)
        piece = __import__(_PIECES[kind], None, None, ("*",))
        layout = self.layout = Layout(self.s, app.width, app.height, piece, players)
        self.band = __import__(_TABLES[view.table_kind], None, None, ("*",)).Band(layout, model)
        self.mark_piece = getattr(self.band, "mark_piece", None)  # its marks on a piece in hand
        self.hand_first = 0  # the first piece shown of a hand too long for the screen
        self.drew_in = -1  # the App's frame in which a band was last drawn (draw())
        self.table_layer = Layer(self.s, FELT, self.paint)
        self.hand_layer = Layer(self.s, FELT_DARK, self.paint)

    def again(self):
        """A new match at this table: the same seats, levels and options."""
        model = self.model
        return TableScreen(self.app, model.game_class, model.players, model.levels,
                           model.match.options)

    # -- the screen ------------------------------------------------------------
    def enter(self):
        self.leave()
        layout = self.layout
        self.s.fill(FELT)
        self.s.fill_rect(0, layout.hand_y, layout.width, layout.height - layout.hand_y, FELT_DARK)
        self.draw()

    def leave(self):
        """Another screen shows (or the table is drawn anew): forget what is on
        screen, and a piece's second step starts over."""
        if self.model.choice is not None:
            self.model.choice.back()
        # band -> signature of what is on screen; also draw()'s own two
        # signatures: _DRAWN (what the bands show), _NOTE (the messages')
        self.shown = {}
        self.table_layer.items = []  # the bands were cleared: draw every item
        self.table_layer.pending = None
        self.hand_layer.pending = None
        self.hand_layer.items = []

    def frame(self, presses, now):
        model = self.model
        state = model.state
        choice = model.choice
        pausable = state == SHOW or state == THINK or state == WAIT or (state == CHOOSE and choice.alts is None)
        if presses & K.MENU or (presses & K.B and pausable):
            from pips.ui.pause import PauseScreen  # loaded when first opened

            self.app.open(PauseScreen, self)
            return
        if state == SHOW:
            if presses & K.A or K.ticks_diff(now, model.show_until) >= 0:
                model.go_on()
        elif state == REVEAL:
            if presses & (K.A | K.B):
                model.go_on()
        elif state == THINK:
            # a frame that still sends half a screen drawn before does not think
            clock = self.app.clock_ms
            if clock is None or not self.s.dirty:
                model.think(clock, now)
        elif state == CHOOSE:
            move = choice.keys(presses)
            if move >= 0:
                model.play(choice.seat, move, now)
            elif move == GO_ON:
                model.go_on()
        if model.state == NEXT_ACTOR:
            actor = model.next_actor(now)
            if actor != ACTING:
                self.show_first(actor)
                return
        if model.cue >= 0:  # a tone where the board has a buzzer (pips.ui.sound)
            self.app.sound.cue(model.cue, now)
            model.cue = -1
        self.draw()

    def show_first(self, actor):
        """What comes before anyone at the table acts: the hand-over to the
        human at seat `actor`, or the hand's results (at HAND_OVER or
        MATCH_OVER)."""
        if actor >= 0:
            from pips.ui.handover import HandOverScreen  # loaded when first opened

            self.app.open(HandOverScreen, self, actor)
        else:
            from pips.ui.results import HandResultScreen  # loaded at the first hand's end

            self.app.open(HandResultScreen, self, actor == MATCH_OVER)

    # -- drawing ---------------------------------------------------------------------
    def draw(self):
        # One cheap look at what the bands show: most frames change nothing. While
        # a bot thinks only the message's dots move.
        model = self.model
        choice = model.choice
        cursor = choice.cursor if choice is not None else -1
        alt = choice.alt_cursor if choice is not None else -1  # -1 but in the second step
        sig = (
            model.game.moves,
            model.state,
            cursor,
            alt,
            model.viewer,
            choice is not None and choice.calling,
            model.match.hands_played,
            len(model.match.resigned),
        )
        # The message and the buttons first: what a key changed there (the
        # hint, the buttons) goes out in the frame that took the key, before
        # the bands of pieces (a frame that drew the table band first sent
        # nothing of a key's answer before its 27 ms, pips_tools.pico).
        bands = self.changed(_DRAWN, sig)
        waiting = model.state == WAIT  # another device's seat (link play)
        dots = 1 + self.app.frames // 8 % 3 if model.state == THINK or waiting else 0
        if self.changed(_NOTE, (dots, sig, waiting and model.lost)) or bands:
            self.draw_note(model, choice, alt, dots)
        if bands:
            view = model.view_of(model.viewer if model.viewer >= 0 else 0)
            frames = self.app.frames
            if self.draw_status(view):
                self.drew_in = frames
            # With a clock, a frame long already leaves the next bands to the
            # next frame (each band redraws by its own signature). Only once
            # this frame has drawn a band (in this call or an earlier one of
            # the frame: enter() draws, then frame()): every frame draws one
            # at least, so the last band (the hand) comes however long frames
            # are. (The table's first frame drew its status, table band and
            # message in one: 57 ms on the emulated Pico, pips_tools.pico.)
            drew = self.drew_in == frames
            clock = self.app.clock_ms
            if drew and clock is not None and K.ticks_diff(clock(), self.app.now) > _DRAW_MS:
                self.shown[_DRAWN] = None
            else:
                # the table band
                reveal = model.state == REVEAL
                sig = (model.game.moves, reveal, model.viewer, model.match.hands_played)
                if alt >= 0:
                    sig = sig + (alt,)
                layer = self.table_layer
                late = self.late if clock is not None else None
                if self.changed("table", sig):
                    if reveal:
                        items = self.band.reveal_items(view)  # (a pile's: UNO's challenge)
                    else:
                        items = self.band.items(view)
                    layer.update(items, late)
                    self.drew_in = frames
                    drew = True
                elif layer.pending is not None:  # the band's update cut short: on with it
                    layer.update(layer.pending, late)
                    self.drew_in = frames
                    drew = True
                if layer.pending is not None or (
                        drew and clock is not None and K.ticks_diff(clock(), self.app.now) > _DRAW_MS):
                    self.shown[_DRAWN] = None
                else:
                    self.draw_hand(view, late)
                    if self.hand_layer.pending is not None:  # the rest of the hand next frame
                        self.shown[_DRAWN] = None

    def draw_note(self, model, choice, alt, dots):
        """The message band (the last events, as many as it has lines, the
        older dimmed) and the buttons band, with what the table waits for."""
        waiting = model.state == WAIT
        s = self.s
        layout = self.layout
        line_h = s.char_h + 2
        n = (layout.button_y - layout.msg_y) // line_h
        lines = model.lines[-n:]
        if self.changed("message", lines):
            s.fill_rect(0, layout.msg_y, layout.width, n * line_h, FELT_DARK)
            y = layout.msg_y + (n - len(lines)) * line_h + 1
            rtl = lang.rtl()
            for text in lines:
                ink = HINT if text is not lines[-1] else (WARNING if "UNO" in text else TEXT)
                if rtl:  # laid from the right, cut on the left (where it ends)
                    text = s.text_fit(text, layout.width - 4, True)
                    s.text(text, layout.width - 2 - s.text_width(text), y, ink, FELT_DARK)
                else:
                    s.text(s.text_fit(text, layout.width - 4), 2, y, ink, FELT_DARK)
                y += line_h
        # what the table waits for, after the buttons
        text = ""
        if waiting:  # another device's seat, or a bot at the host (link play)
            text = model.wait_text("." * dots)
        elif dots:
            text = lang.text("thinking", seat_name(model.think_seat), "." * dots)
        elif choice is not None and alt >= 0:
            text = lang.text("pick_one")
        elif choice is not None and choice.seat != model.game.turn:  # offered out of turn
            text = lang.text("out_of_turn", seat_name(choice.seat))
        elif choice is not None:
            text = lang.text("your_move", seat_name(choice.seat))
        elif model.state == REVEAL:
            text = lang.text("go_on")
        self.draw_buttons(K.hint(text, self.app.key_scheme))

    def late(self):
        """Whether this frame has run too long to draw one more piece of the
        table band (Layer.update's `late`: the rest goes on next frame)."""
        return K.ticks_diff(self.app.clock_ms(), self.app.now) > _BAND_MS

    def changed(self, band, value):
        """Whether `band` now shows something else than `value` says (and
        remember it): a band is drawn only when its signature changes."""
        if self.shown.get(band) == value:
            return False
        self.shown[band] = value
        return True

    def draw_status(self, view):
        """One cell a seat, each redrawn only when its own content changes. The
        band is table_y high (one line, or two when the seats are many).
        Whether a cell was redrawn."""
        model = self.model
        game = model.game
        totals = model.match.totals
        resigned = model.match.resigned
        viewer = model.viewer
        s = self.s
        layout = self.layout
        h = layout.cell_h
        cell_w = layout.cell_w
        per_row = layout.per_row
        line_h = s.char_h + 2
        room = cell_w - 3
        drew = False
        for seat in range(model.players):
            turn = seat == game.turn
            out = seat in resigned
            # everything the cell shows, as one int (hand sizes stay below 256)
            sig = (totals[seat] * 256 + view.sizes[seat]) * 8 + turn * 4 + out * 2
            sig += seat == viewer
            if not self.changed(seat, sig):
                continue
            drew = True
            name = seat_name(seat) + ("*" if seat == viewer else "")
            size = lang.num(view.sizes[seat])
            score = lang.num(totals[seat])
            x = seat % per_row * cell_w
            y = seat // per_row * h
            s.fill_rect(x, y, cell_w, h, PANEL)
            if turn:
                s.fill_rect(x + 1, y, cell_w - 2, h, HIGHLIGHT)
            ink = BLACK if turn else (HINT if out else TEXT)
            if h == line_h:
                # the longest form that fits: "P1* 7 left 45 pts" ... "P1* 7 45", "P10 7"
                for form in ("cell.4", "cell.3", "cell.2", "cell.1"):
                    text = lang.text(form, name, size, score)
                    if s.text_width(text) <= room:
                        break
                else:
                    text = lang.join((name, size), " ")  # the totals on the results screen
                s.text(s.text_fit(text, room), x + 3, y + 1, ink)
            else:  # two lines; with many seats the name shrinks to its number
                for text in (lang.join((name, size), " "), lang.join((name[1:], size), " "), size):
                    if s.text_width(text) <= room:
                        break
                s.text(s.text_fit(text, room), x + 2, y + 1, ink)
                s.text(s.text_fit(score, room), x + 2, y + 1 + line_h, ink)
        return drew

    def draw_buttons(self, text):
        """The buttons band: the labels in a row, the one under the cursor
        highlighted, scrolled so that it shows (none but while a human
        chooses); then `text` where it fits."""
        choice = self.model.choice
        if choice is not None:
            labels, at = choice.labels()
        else:
            labels, at = (), -1
        if not self.changed("buttons", (tuple(labels), at, text)):
            return
        s = self.s
        width = self.layout.width
        y = self.layout.button_y
        h = s.char_h + 4
        s.fill_rect(0, y, width, h, FELT)
        widths = []
        for t in labels:
            widths.append(s.text_width(t) + 6)
        swatch = getattr(self.layout.piece, "swatch", None)  # a colour a button names (piece_card)
        x = 2
        # scroll so the selected button shows
        if at >= 0:
            right = 2 + sum(widths[: at + 1]) + 3 * at
            if right > width - 2:
                x -= right - (width - 2)
        for i in range(len(labels)):
            w = widths[i]
            if x + w > 0 and x < width:
                color = swatch(labels[i]) if swatch is not None else -1
                if color >= 0:  # a swatch of the colour, framed when under the cursor
                    s.fill_rect(x, y + 1, w, h - 2, HIGHLIGHT if i == at else color)
                    s.fill_rect(x + 2, y + 3, w - 4, h - 6, color)
                    s.text(labels[i], x + 3, y + 2, BLACK if color == YELLOW else WHITE)
                elif i == at:
                    s.fill_rect(x, y + 1, w, h - 2, HIGHLIGHT)
                    s.text(labels[i], x + 3, y + 2, BLACK)
                else:
                    s.rect(x, y + 1, w, h - 2, TEXT)
                    s.text(labels[i], x + 3, y + 2, TEXT)
            x += w + 3
        if x + s.text_width(text) <= width:  # a hint, left out where the buttons leave no room
            s.text(text, x + 1, y + 2, HINT if labels else TEXT)

    def draw_hand(self, view, late=None):
        """The viewer's hand; with `late` (Layer.update's), its pieces stop
        once the frame has run long and go on in the next (a whole hand of
        tiles took 19-29 ms of an emulated Pico's frame, pips_tools.pico)."""
        model = self.model
        layout = self.layout
        choice = model.choice
        # the cursor only while choosing: in the other states the hand shows alike
        cursor = (choice.cursor, choice.alt_cursor >= 0) if choice is not None else None
        sig = (model.game.moves, cursor, model.viewer, model.match.hands_played)
        if not self.changed("hand", sig):
            if self.hand_layer.pending is not None:
                self.hand_layer.update(self.hand_layer.pending, late)
            return
        s = self.s
        y0 = layout.hand_y
        w = layout.width
        hand_h = layout.height - y0
        if model.viewer < 0:
            items = [(0, y0 + hand_h // 2 - 4, w, s.char_h, CENTER | HINT << 4, lang.text("bots_at_play"))]
            self.hand_layer.update(items, late)
            return
        acting = choice is not None and choice.seat == model.viewer
        hand = choice.hand if acting else view.hand_list()
        playable = choice.playable if acting else b"\x02" * len(hand)  # 2: bright, not raised
        # the piece under the cursor: a hand index, or -1 (a button, or no choice)
        at = choice.piece_at() if choice is not None else -1
        cur = at if acting else -1
        # which pieces show: all, centred, when they fit; else a window round
        # the cursor, from the first one shown last time, with arrows
        count = len(hand)
        pw, ph = layout.hand_piece
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
            items.append((1, mid, s.text_width("<"), s.char_h, TEXT_AT | TEXT << 4, "<"))
        if first + fit < len(hand):
            aw = s.text_width(">")
            items.append((w - aw - 1, mid, aw, s.char_h, TEXT_AT | TEXT << 4, ">"))
        for i in range(first, min(len(hand), first + fit)):
            x = x0 + (i - first) * step
            y = y0 + (1 if playable[i] == 1 else 4)  # the playable ones raised
            flags = (1 if playable[i] else 0) | (2 if i == cur else 0)
            items.append((x, y, pw, ph, PIECE | flags << 4, hand[i]))
            if i == cur:
                items.append((x + 2, y0 + hand_h - 2, pw - 4, 1, FILL, HIGHLIGHT))
        self.hand_layer.update(items, late)

    def paint(self, it, bg):
        """An item the layers do not draw themselves: a piece (the piece
        module's) or one of the band's own (the table module's)."""
        if it[4] & 15 == PIECE:
            self.layout.piece.piece(self.s, it[0], it[1], it[5], it[4] >> 4, bg, it[2], it[3])
            if self.mark_piece is not None:  # the band's own marks (Matador's matadors)
                self.mark_piece(self.s, it)
        else:
            self.band.paint(self.s, it, bg)

