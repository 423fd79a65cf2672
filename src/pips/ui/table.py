"""The game table: the screen of a match.

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

What is drawn for a kind of piece or of table comes from a module named by the
View's presentation fields: piece_<piece_kind>.py (piece_tile, piece_card;
piece_picture for tiles while the display setting asks for pictures) and
table_<table_kind>.py (table_line, table_pile...). A game with pieces and a
table of known kinds drops in without a change here; a new kind is one more
such module. The hand's pieces are the piece module's BIG where it offers one
and the panel has 135 rows; a table module may mark a piece in hand after it
is drawn (`mark_piece`: Matador's matadors).

Who acts is pips.match' answer, asked anew after every move: the seat to act,
and before it the seats offered a move out of turn. A bot thinks in slices
over several frames (the screen keeps moving) and may let a chance out of turn
pass. Pass-and-play: `viewer` is the human seat whose hand is shown; when a
different human must act, the hand-over screen hides everything until that
player presses A. Only the viewer is asked about a move out of turn ("out of
turn?", with "Go on" to let it pass); another human's chance passes.

The other screens of a match (hand-over, pause, results) act on the table
through its methods and fields: hand_to(), next_hand(); the pause menu
resigns a seat (pips.ui.pause.resign).
"""

from pips.bots import bot_rng, table_bots
from pips import const
from pips.match import Match, Turns
from pips.ui import keys as K
from pips.ui.layer import Layer, FILL, TEXT_AT, CENTER, PIECE
from pips.ui.palette import FELT, FELT_DARK, PANEL, TEXT, HIGHLIGHT, DIM, BLACK, WARNING, WHITE, YELLOW
from pips.ui import events
from pips.ui.events import seat_name
from pips.ui.screen import Screen
from pips.ui.table_choose import Choice, GO_ON

_SHOW_MS = const(900)  # how long a bot's move stays before the next one
# A bot thinks in slices, a slice a frame, so the screen and the keys stay live:
# as many rollouts as fit _THINK_MS by the App's clock (App.clock_ms, the
# board's ticks_ms), or _SLICE rollouts a frame without a clock (the desktop
# simulator and the tests, which drive the time themselves). How a decision
# is sliced changes nothing in it: the rollouts are the same sequence.
_SLICE = const(4)
_THINK_MS = const(12)
# A frame that has spent this long by the App's clock (from its `now`) leaves
# the table band and the hand, or the hand, to the next frame: a move's frame
# (the move played, its events told, the status drawn) is long enough on a
# device that its hand goes out 33 ms later, and no frame sends everything
_DRAW_MS = const(4)

# states of the table
_NEXT_ACTOR = const(0)  # ask who acts next (pips.match); pips.ui.pause sets it too
_SHOW = const(1)  # a move stays on screen a moment
_THINK = const(2)  # a bot thinks
_CHOOSE = const(3)  # a human chooses (self.choice)
_REVEAL = const(4)  # a hand revealed to the viewer, until A
# keys of draw()'s own signatures in `shown` (the status cells' keys are seats)
_DRAWN = const(-1)
_NOTE = const(-2)


class TableScreen(Screen):
    def __init__(self, app, game_class, players, levels, options, kept=None):
        """A new match, or with `kept` (pips.save.read_match) the saved one where it stood."""
        Screen.__init__(self, app)
        self.game_class = game_class
        self.players = players
        self.levels = levels
        if kept is None:
            seed = app.next_seed()
            self.match = Match(game_class, players, options, seed)
            # the bots of the table: one per level, all drawing from one generator
            # seeded from the match's seed (pips.bots' rule)
            rng = bot_rng(seed)
        else:
            self.match = kept.match
            rng = kept.bots
            seed = kept.seed
        # kept after every move when the app has a folder (pips.save.keep,
        # imported at the first move)
        self.kept = kept
        self.seed = seed
        bot_levels = []
        humans = []
        for s in range(players):
            human = levels[s] == "human"
            bot_levels.append(None if human else levels[s])
            if human:
                humans.append(s)
        self.bots = table_bots(bot_levels, rng, game_class)
        self.humans = humans
        self.viewer = self.humans[0] if len(self.humans) == 1 else -1
        self.buf = bytearray(game_class.max_moves)  # legal moves, for a human's choice
        self.lines = []  # the last four events (pips.ui.events), newest last
        self.hand_first = 0  # the first piece shown of a hand too long for the screen
        self.view_key = None
        if self.match.game is None:
            self.match.new_hand()
        self.start_hand(kept.turns if kept is not None else None)
        view = self.view_of(0)
        # the drawing of the kinds of piece and table the View names (a fromlist
        # makes __import__ answer the module itself, not the package)
        kind = view.piece_kind
        if kind == "tile" and app.picture_tiles:
            kind = "picture"
        self.piece = __import__("pips.ui.piece_" + kind, None, None, ("*",))
        self.band = __import__("pips.ui.table_" + view.table_kind, None, None, ("*",)).Band(self)
        self.mark_piece = getattr(self.band, "mark_piece", None)  # its marks on a piece in hand
        # the bands, top down: status, table, message, buttons, hand
        s = self.s
        line_h = s.char_h + 2  # a line of the message band
        self.cell_w = app.width // players
        one_line = 9 * s.char_w + 4 <= self.cell_w  # "P1 12 999" fits
        # the hand's pieces: a tile module's BIG where the panel has the rows
        big = getattr(self.piece, "BIG", None) if app.height >= 135 else None
        self.hand_piece = big or (self.piece.W, self.piece.H)
        self.hand_y = app.height - (self.hand_piece[1] + 6)
        self.button_y = self.hand_y - (s.char_h + 4)
        # the message band: two lines on a 135-pixel panel, one on a smaller one
        self.msg_y = self.button_y - (2 if app.height >= 135 else 1) * line_h
        self.table_y = line_h if one_line else 2 * line_h  # the status band's height
        self.table_h = self.msg_y - self.table_y
        self.table_layer = Layer(s, FELT, self.paint)
        self.hand_layer = Layer(s, FELT_DARK, self.paint)

    # -- the match -----------------------------------------------------------
    def next_hand(self):
        """Deal the match's next hand (the last one goes first)."""
        self.game = self.turns = self.view_key = None
        self.match.new_hand()
        self.start_hand()

    def start_hand(self, turns=None):
        """Play the match's hand (match.game) from where it stands (`turns`: a
        saved hand's turn loop, where its replay left it)."""
        self.game = self.match.game
        self.turns = turns if turns is not None else Turns(self.game)
        self.state = _NEXT_ACTOR
        self.choice = None  # what the human acting may pick (pips.ui.table_choose)
        self.think_seat = -1
        if self.viewer >= 0 and len(self.humans) > 1:
            self.viewer = -1  # a new deal: hand the device over again
        lines = self.lines
        lines.extend(events.deal(self.game, self.view_of(max(self.viewer, 0))))
        del lines[:-4]

    def view_of(self, seat):
        """game.view(seat), made once per move and seat."""
        game = self.game
        key = self.view_key
        if key is None or key[0] is not game or key[1] != game.moves or key[2] != seat:
            key = self.view_key = (game, game.moves, seat, game.view(seat))
        return key[3]

    def alternative(self):
        """The text of the move under the cursor while a piece's moves are
        picked (the second step), else None: the table band marks its end."""
        return self.choice.alternative() if self.choice is not None else None

    def hand_to(self, seat):
        """The device passes to the human at `seat`, whose turn it is."""
        self.viewer = seat
        self.choose(seat)

    # -- the screen ------------------------------------------------------------
    def enter(self):
        self.leave()
        self.s.fill(FELT)
        self.s.fill_rect(0, self.hand_y, self.app.width, self.app.height - self.hand_y, FELT_DARK)
        self.draw()

    def leave(self):
        """Another screen shows (or the table is drawn anew): forget what is on
        screen, and a piece's second step starts over."""
        if self.choice is not None:
            self.choice.back()
        # band -> signature of what is on screen; also draw()'s own two
        # signatures: _DRAWN (what the bands show), _NOTE (the messages')
        self.shown = {}
        self.table_layer.items = []  # the bands were cleared: draw every item
        self.hand_layer.items = []

    # -- who acts -----------------------------------------------------------------
    def frame(self, presses, now):
        state = self.state
        choice = self.choice
        pausable = state == _SHOW or state == _THINK or (state == _CHOOSE and choice.alts is None)
        if presses & K.MENU or (presses & K.B and pausable):
            # the pause menu, loaded when first opened (named by a string: docs/design.md)
            self.app.open(__import__("pips.ui.pause", None, None, ("*",)).PauseScreen, self)
            return
        if state == _SHOW:
            if presses & K.A or K.ticks_diff(now, self.show_until) >= 0:
                self.state = _NEXT_ACTOR
        elif state == _REVEAL:
            if presses & (K.A | K.B):
                self.state = _NEXT_ACTOR
        elif state == _THINK:
            move = self.think()
            if move >= 0:
                self.play(self.think_seat, move)
        elif state == _CHOOSE:
            move = choice.keys(presses)
            if move >= 0:
                self.play(choice.seat, move)
            elif move == GO_ON:
                self.choice = None
                self.state = _NEXT_ACTOR
        if self.state == _NEXT_ACTOR:
            self.next_actor()
            if self.app.screen is not self:
                return
        self.draw()

    def think(self):
        """A slice of the thinking bot's decision: its move once made, else -1.
        A move decided late in a slice is played in the next frame, so that
        drawing it does not add to a full slice; a frame that still sends half
        a screen drawn before does not think."""
        bot = self.bots[self.think_seat]
        clock = self.app.clock_ms
        if clock is None:
            return bot.step(_SLICE)
        if self.s.dirty:  # the rest of a whole screen goes out this frame (pips.ui.surface)
            return -1
        start = clock()
        n = 0
        while True:
            move = bot.step(1)
            n += 1
            spent = K.ticks_diff(clock(), start)
            if move >= 0:
                # decided late in the slice: played next frame, when step() answers it at once
                return move if spent <= _THINK_MS // 3 else -1
            # stop when one more rollout, of the slice's mean so far, would pass the budget
            if spent + spent // n > _THINK_MS:
                return -1

    def next_actor(self):
        """Ask pips.match who acts now, until someone does: a bot out of turn
        plays at once or lets its chance pass; a bot to act starts thinking; a
        human is asked (after a hand-over when the device is in other hands)."""
        match = self.match
        while True:
            seat = -1 if match.over else self.turns.next()
            if seat < 0:
                over = match.over or match.end_hand()
                if over and self.kept is not None:
                    self.kept.over()  # forgotten, and the statistics count it
                from pips.ui.results import HandResultScreen  # loaded at the first hand's end

                self.app.open(HandResultScreen, self, over)
                return
            bot = self.bots[seat]
            if self.turns.out_of_turn(seat):
                if bot is not None:
                    move = bot.choose(self.view_of(seat))
                    if move >= 0:
                        self.play(seat, move)
                        return
                elif seat == self.viewer and self.choose(seat):
                    return
                continue  # the chance passes
            if bot is not None:
                self.think_seat = seat
                bot.begin(self.view_of(seat))
                self.state = _THINK
                return
            if seat != self.viewer and len(self.humans) > 1:
                handover = __import__("pips.ui.handover", None, None, ("*",))
                self.app.open(handover.HandOverScreen, self, seat)
                return
            self.viewer = seat
            self.choose(seat)
            return

    def choose(self, seat):
        """The human at `seat` chooses a move; False when there is none to choose."""
        choice = Choice(self.view_of(seat), self.buf)
        if not choice.moves:
            return False
        self.choice = choice
        self.state = _CHOOSE
        return True

    def play(self, seat, move):
        game = self.game
        viewer = self.viewer
        before = events.before(self.view_of(max(viewer, 0)), viewer)
        text = game.move_text(move)
        game.play(seat, move)
        lines = self.lines
        lines.extend(events.move(game, seat, text, before, self.view_of(max(viewer, 0)), viewer))
        del lines[:-4]
        if self.app.data is not None:
            from pips.save import keep

            keep(self, seat, move)
        self.choice = None
        self.state = _SHOW
        self.show_until = self.app.now + (_SHOW_MS if self.bots[seat] is not None else 250)
        if self.viewer >= 0 and getattr(self.view_of(self.viewer), "reveal", None):
            self.state = _REVEAL

    # -- drawing ---------------------------------------------------------------------
    def draw(self):
        # One cheap look at what the bands show: most frames change nothing. While
        # a bot thinks only the message's dots move.
        choice = self.choice
        cursor = choice.cursor if choice is not None else -1
        alt = choice.alt_cursor if choice is not None else -1  # -1 but in the second step
        sig = (
            self.game.moves,
            self.state,
            cursor,
            alt,
            self.viewer,
            choice is not None and choice.calling,
            self.match.hands_played,
            len(self.match.resigned),
        )
        if self.changed(_DRAWN, sig):
            self.shown[_NOTE] = None
            view = self.view_of(self.viewer if self.viewer >= 0 else 0)
            drew = self.draw_status(view)
            # With a clock, a frame long already leaves the next bands to the
            # next frame (each band redraws by its own signature). Only once
            # this frame has drawn a band: every frame draws one at least, so
            # the last band (the hand) comes however long frames are.
            clock = self.app.clock_ms
            if drew and clock is not None and K.ticks_diff(clock(), self.app.now) > _DRAW_MS:
                self.shown[_DRAWN] = None
            else:
                # the table band
                sig = (self.game.moves, self.state == _REVEAL, self.viewer, self.match.hands_played)
                if alt >= 0:
                    sig = sig + (alt,)
                if self.changed("table", sig):
                    if self.state == _REVEAL:
                        items = self.band.reveal_items(view)  # (a pile's: UNO's challenge)
                    else:
                        items = self.band.items(view)
                    self.table_layer.update(items)
                    drew = True
                if drew and clock is not None and K.ticks_diff(clock(), self.app.now) > _DRAW_MS:
                    self.shown[_DRAWN] = None
                else:
                    self.draw_hand(view)
        dots = 1 + self.app.frames // 8 % 3 if self.state == _THINK else 0
        if not self.changed(_NOTE, (dots, sig)):
            return
        # the message band: the last events (as many as it has lines), the older dimmed
        s = self.s
        line_h = s.char_h + 2
        n = (self.button_y - self.msg_y) // line_h
        lines = self.lines[-n:]
        if self.changed("message", lines):
            cols = (self.app.width - 4) // s.char_w
            s.fill_rect(0, self.msg_y, self.app.width, n * line_h, FELT_DARK)
            y = self.msg_y + (n - len(lines)) * line_h + 1
            for text in lines:
                ink = DIM if text is not lines[-1] else (WARNING if "UNO" in text else TEXT)
                s.text(text[:cols], 2, y, ink, FELT_DARK)
                y += line_h
        # what the table waits for, after the buttons
        text = ""
        if dots:
            text = "%s thinking%s" % (seat_name(self.think_seat), "." * dots)
        elif choice is not None and alt >= 0:
            text = "pick one, hold A: back"
        elif choice is not None and choice.seat != self.game.turn:  # offered out of turn
            text = "%s: out of turn?" % seat_name(choice.seat)
        elif choice is not None:
            text = "%s: your move" % seat_name(choice.seat)
        elif self.state == _REVEAL:
            text = "A: go on"
        self.draw_buttons(text)

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
        game = self.game
        totals = self.match.totals
        s = self.s
        h = self.table_y
        line_h = s.char_h + 2
        cols = (self.cell_w - 3) // s.char_w
        drew = False
        for seat in range(self.players):
            turn = seat == game.turn
            out = seat in self.match.resigned
            # everything the cell shows, as one int (hand sizes stay below 256)
            sig = (totals[seat] * 256 + view.sizes[seat]) * 8 + turn * 4 + out * 2
            sig += seat == self.viewer
            if not self.changed(seat, sig):
                continue
            drew = True
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
        return drew

    def draw_buttons(self, text):
        """The buttons band: the labels in a row, the one under the cursor
        highlighted, scrolled so that it shows (none but while a human
        chooses); then `text` where it fits."""
        if self.choice is not None:
            labels, at = self.choice.labels()
        else:
            labels, at = (), -1
        if not self.changed("buttons", (tuple(labels), at, text)):
            return
        s = self.s
        width = self.app.width
        y = self.button_y
        h = s.char_h + 4
        s.fill_rect(0, y, width, h, FELT)
        widths = []
        for t in labels:
            widths.append(s.text_width(t) + 6)
        swatch = getattr(self.piece, "swatch", None)  # a colour a button names (piece_card)
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
        if x + s.text_width(text) <= width:
            s.text(text, x + 1, y + 2, DIM if labels else TEXT)

    def draw_hand(self, view):
        choice = self.choice
        # the cursor only while choosing: in the other states the hand shows alike
        cursor = (choice.cursor, choice.alt_cursor >= 0) if choice is not None else None
        sig = (self.game.moves, cursor, self.viewer, self.match.hands_played)
        if not self.changed("hand", sig):
            return
        s = self.s
        y0 = self.hand_y
        w = self.app.width
        hand_h = self.app.height - y0
        if self.viewer < 0:
            items = [(0, y0 + hand_h // 2 - 4, w, s.char_h, CENTER | DIM << 4, "bots at play")]
            self.hand_layer.update(items)
            return
        acting = choice is not None and choice.seat == self.viewer
        hand = choice.hand if acting else view.hand_list()
        playable = choice.playable if acting else b"\x02" * len(hand)  # 2: bright, not raised
        # the piece under the cursor: a hand index, or -1 (a button, or no choice)
        at = choice.piece_at() if choice is not None else -1
        cur = at if acting else -1
        # which pieces show: all, centred, when they fit; else a window round
        # the cursor, from the first one shown last time, with arrows
        count = len(hand)
        pw, ph = self.hand_piece
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

    def paint(self, it, bg):
        """An item the layers do not draw themselves: a piece (the piece
        module's) or one of the band's own (the table module's)."""
        if it[4] & 15 == PIECE:
            self.piece.piece(self.s, it[0], it[1], it[5], it[4] >> 4, bg, it[2], it[3])
            if self.mark_piece is not None:  # the band's own marks (Matador's matadors)
                self.mark_piece(self.s, it)
        else:
            self.band.paint(self.s, it, bg)
