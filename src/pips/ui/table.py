"""The game table and the screens around a match: hand-over, pause, results.

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
"""

from pips.compat import const, ticks_diff
from pips.ui import keys as K
from pips.ui.palette import FELT, FELT_DARK, PANEL, TEXT, HIGHLIGHT, DIM, BLACK, WARNING
from pips.ui.palette import WHITE, IVORY, YELLOW
from pips.ui import pieces
from pips.ui.pieces import TILE_W, TILE_H, CARD_W, CARD_H
from pips.ui.app import Screen, MenuScreen, RulesScreen, TitleScreen, seat_name
from pips.match import Match
from pips.rng import Rng
from pips import bots as B
from pips import tiles, cards

SHOW_MS = const(900)  # how long a bot's move stays before the next one
_SLICE = const(4)  # smart-bot rollouts per frame: the screen keeps moving
_PREV = K.LEFT | K.UP
_NEXT = K.RIGHT | K.DOWN
_BUTTON = const(1000)  # cursor stops >= this are buttons
_GO_ON = const(-1)  # the "go on" button when offered an out-of-turn move
_TOGGLE = const(-2)  # the button that adds a call word to the next piece (UNO!)

# states of the table
_NEXT_ACTOR = const(0)
_SHOW = const(1)
_THINK = const(2)
_CHOOSE = const(3)
_ALT = const(4)
_REVEAL = const(5)

# what an item of a Layer draws
_TILE = const(0)  # a, b: halves; c: 1 standing, 2 marked
_CARD = const(1)  # a: card kind
_BACK = const(2)  # a card face down
_PIECE = const(3)  # a hand piece: a code; b: 1 playable, 2 selected, 4 a card
_FILL = const(4)  # a: colour
_TEXT = const(5)  # a: text, b: colour
_CENTER = const(6)  # text centred in the item's width


_STATUS_FORMS = ("%s  %s left  %s pts", "%s %s left %s pts", "%s %s  %sp", "%s %s %s")


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


def call_word(texts):
    """The word some moves add to another move's text ("R7" and "R7 uno"), or
    None. Such variants are not listed: a toggle button adds the word instead,
    pressed before the piece, as a player calls before laying it."""
    for t in texts:
        i = t.rfind(" ")
        if i > 0 and t[:i] in texts:
            return t[i + 1 :]
    return None


class TableScreen(Screen):
    def __init__(self, app, game_class, players, levels, options):
        Screen.__init__(self, app)
        self.game_class = game_class
        self.players = players
        self.levels = levels
        self.match = Match(game_class, players, options, app.next_seed())
        self.bots = []
        for seat in range(players):
            level = levels[seat]
            if level == "human":
                self.bots.append(None)
            else:
                self.bots.append(B.make(level, Rng(app.next_seed()), game_class))
        self.humans = [s for s in range(players) if levels[s] == "human"]
        self.viewer = self.humans[0] if len(self.humans) == 1 else -1
        self.buf = bytearray(game_class.max_moves)
        self.message = ""
        self.view_key = None
        self.last_draw = None
        self.calling = False
        self.offer = False
        self.acting = -1
        self.hand_first = 0
        self.match.new_hand()
        self.start_hand()
        self.layout()

    # -- the match -----------------------------------------------------------
    def start_hand(self):
        self.game = self.match.game
        self.state = _NEXT_ACTOR
        self.offered_at = -1  # game.moves when the viewer was last offered out-of-turn moves
        self.bots_checked_at = -1
        self.cursor = 0
        self.alt_cursor = 0
        self.shown = {}  # band -> signature of what is on screen
        self.message_w = -1  # width of the message on screen, -1: band not drawn
        self.line_track = None
        self.think_seat = -1
        if self.viewer >= 0 and len(self.humans) > 1:
            self.viewer = -1  # a new deal: hand the device over again

    def layout(self):
        s = self.s
        w = self.app.width
        h = self.app.height
        line_h = s.char_h + 2
        self.cell_w = w // self.players
        one_line = len("P1 12 999") * s.char_w + 4 <= self.cell_w
        self.status_h = line_h if one_line else 2 * line_h
        self.piece_w, self.piece_h = pieces.piece_size(self.view_kind())
        self.hand_h = self.piece_h + 6
        self.hand_y = h - self.hand_h
        self.button_h = s.char_h + 4
        self.button_y = self.hand_y - self.button_h
        self.msg_h = line_h
        self.msg_y = self.button_y - self.msg_h
        self.table_y = self.status_h
        self.table_h = self.msg_y - self.table_y
        self.table_layer = Layer(s, FELT)
        self.hand_layer = Layer(s, FELT_DARK)

    def view_kind(self):
        return self.view_of(0).piece_kind

    def view_of(self, seat):
        """game.view(seat), made once per move: a View costs memory to build."""
        game = self.game
        key = self.view_key
        if key is None or key[0] is not game or key[1] != game.moves or key[2] != seat:
            self.view_key = (game, game.moves, seat)
            self.view_cached = game.view(seat)
        return self.view_cached

    def enter(self):
        self.shown = {}
        self.message_w = -1
        self.last_draw = None
        self.s.fill(FELT)
        self.table_layer.reset()
        self.hand_layer.reset()
        self.s.fill_rect(0, self.hand_y, self.app.width, self.hand_h, FELT_DARK)
        self.draw()

    # -- who acts -----------------------------------------------------------------
    def frame(self, presses, now):
        game = self.game
        state = self.state
        if presses & K.MENU or (presses & K.B and state in (_CHOOSE, _SHOW, _THINK)):
            self.app.go(PauseScreen(self.app, self))
            return
        if state == _SHOW:
            if presses & K.A or ticks_diff(now, self.show_until) >= 0:
                self.state = _NEXT_ACTOR
        elif state == _REVEAL:
            if presses & (K.A | K.B):
                self.state = _NEXT_ACTOR
        elif state == _THINK:
            bot = self.bots[self.think_seat]
            move = bot.step(_SLICE)
            if move >= 0:
                self.play(self.think_seat, move)
        elif state == _CHOOSE:
            self.choose_keys(presses)
        elif state == _ALT:
            self.alt_keys(presses)
        if self.state == _NEXT_ACTOR:
            self.next_actor(now)
            if self.app.screen is not self:
                return
        self.draw()

    def next_actor(self, now):
        game = self.game
        match = self.match
        if game.turn < 0 or match.over:
            over = match.over or match.end_hand()
            self.app.go(HandResultScreen(self.app, self, over))
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
            if self.choices(viewer):
                self.acting = viewer
                self.state = _CHOOSE
                self.offer = True
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
            self.think_seat = seat
            bot.begin(self.view_of(seat))
            self.state = _THINK
            return
        if viewer != seat and len(self.humans) > 1:
            self.app.go(HandOverScreen(self.app, self, seat))
            return
        self.viewer = seat
        self.acting = seat
        self.offer = False
        self.choices(seat)
        self.state = _CHOOSE

    def choices(self, seat):
        """Work out the seat's cursor stops; return how many moves it has."""
        view = self.view_of(seat)
        n = view.legal(self.buf)
        self.moves = []
        for i in range(n):
            move = self.buf[i]
            if view.move_text(move) != "resign":  # resigning is in the pause menu
                self.moves.append(move)
        texts = [view.move_text(m) for m in self.moves]
        self.texts = texts
        word = call_word(texts)
        self.call = word
        self.calling = False
        self.variant = bytearray(len(texts))  # 1: the move is another's text + call word
        if word is not None:
            tail = " " + word
            for k in range(len(texts)):
                t = texts[k]
                if t.endswith(tail) and t[: -len(tail)] in texts:
                    self.variant[k] = 1
        hand = view.hand_list()
        self.hand = hand
        self.playable = bytearray(len(hand))
        self.stops = []
        buttons = []
        if word is not None:
            buttons.append(_TOGGLE)
        for k in range(len(self.moves)):
            if self.variant[k]:
                continue
            piece = view.move_piece(self.moves[k])
            if piece < 0:
                buttons.append(k)
                continue
            for i in range(len(hand)):
                if hand[i] == piece and not self.playable[i]:
                    self.playable[i] = 1
                    self.stops.append(i)
        self.stops.sort()
        if seat != self.game.turn and self.moves:
            buttons.append(_GO_ON)  # out of turn: the player may also let it be
        self.buttons = buttons
        for b in range(len(buttons)):
            self.stops.append(_BUTTON + b)
        self.cursor = 0
        return len(self.moves)

    def choose_keys(self, presses):
        stops = self.stops
        if not stops:
            return
        if presses & _PREV:
            self.cursor = (self.cursor - 1) % len(stops)
        if presses & _NEXT:
            self.cursor = (self.cursor + 1) % len(stops)
        if not presses & K.A:
            return
        stop = stops[self.cursor]
        if stop >= _BUTTON:
            k = self.buttons[stop - _BUTTON]
            if k == _GO_ON:
                self.state = _NEXT_ACTOR
                return
            if k == _TOGGLE:
                self.calling = not self.calling
                return
            self.play(self.acting, self.moves[k])
            return
        piece = self.hand[stop]
        view = self.view_of(self.acting)
        alts = []
        for k in range(len(self.moves)):
            if view.move_piece(self.moves[k]) == piece:
                alts.append(k)
        if self.call is not None:
            picked = [k for k in alts if self.variant[k] == (1 if self.calling else 0)]
            if picked:
                alts = picked
        if len(alts) == 1:
            self.play(self.acting, self.moves[alts[0]])
            return
        self.alts = alts
        self.alt_cursor = 0
        self.state = _ALT

    def alt_keys(self, presses):
        n = len(self.alts)
        if presses & _PREV:
            self.alt_cursor = (self.alt_cursor - 1) % n
        if presses & _NEXT:
            self.alt_cursor = (self.alt_cursor + 1) % n
        if presses & K.A:
            self.play(self.acting, self.moves[self.alts[self.alt_cursor]])
        elif presses & K.B:
            self.state = _CHOOSE

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
        if self.viewer >= 0 and getattr(self.view_of(self.viewer), "reveal", None):
            self.state = _REVEAL

    def resign(self, seat=-1):
        """A human resigns the match: `seat`, else the viewer (the human holding
        the device), else the only human."""
        if seat < 0:
            seat = self.viewer if self.viewer >= 0 else -1
        if seat < 0 and len(self.humans) == 1:
            seat = self.humans[0]
        if seat < 0 or seat in self.match.resigned:
            return
        game = self.game
        if self.game_class.resign_in_hand and game.turn >= 0:
            try:
                game.play(seat, game.parse_move(seat, "resign"))
            except ValueError:
                pass
        self.match.resign(seat)
        self.message = "%s resigned" % seat_name(seat)
        if self.viewer == seat or len(self.humans) > 1:
            self.viewer = -1  # pass-and-play: no hand shows until the next hand-over
        self.state = _NEXT_ACTOR

    # -- drawing ---------------------------------------------------------------------
    def draw(self):
        # one cheap look at everything the bands show: most frames change nothing
        dots = self.app.frames // 8 % 3 if self.state == _THINK else 0
        sig = (
            self.game.moves,
            self.state,
            self.cursor,
            self.alt_cursor,
            self.viewer,
            self.calling,
            self.match.hands_played,
            len(self.match.resigned),
            dots,
            self.message,
        )
        if sig == self.last_draw:
            return
        self.last_draw = sig
        view = self.view_of(self.viewer if self.viewer >= 0 else 0)
        self.draw_status(view)
        self.draw_table(view)
        self.draw_message()
        self.draw_buttons(view)
        self.draw_hand(view)

    def changed(self, band, signature):
        if self.shown.get(band) == signature:
            return False
        self.shown[band] = signature
        return True

    def draw_status(self, view):
        """One cell a seat, each redrawn only when its own content changes."""
        game = self.game
        totals = self.match.totals
        s = self.s
        line_h = s.char_h + 2
        cols = (self.cell_w - 3) // s.char_w
        for seat in range(self.players):
            turn = seat == game.turn
            out = seat in self.match.resigned
            name = seat_name(seat) + ("*" if seat == self.viewer else "")
            size = "%d" % view.sizes[seat]
            score = "%d" % totals[seat]
            if not self.changed(seat, (turn, out, name, size, score)):
                continue
            x = seat * self.cell_w
            s.fill_rect(x, 0, self.cell_w, self.status_h, PANEL)
            if turn:
                s.fill_rect(x + 1, 0, self.cell_w - 2, self.status_h, HIGHLIGHT)
            ink = BLACK if turn else (DIM if out else TEXT)
            if self.status_h == line_h:
                # the longest form that fits: "P1* 7 left 45 pts" ... "P1* 7 45"
                for form in _STATUS_FORMS:
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

    def draw_message(self):
        text = self.message
        if self.state == _THINK:
            dots = "." * (1 + self.app.frames // 8 % 3)
            text = "%s thinking%s" % (seat_name(self.think_seat), dots)
        elif self.state == _CHOOSE and self.offer:
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
            s.fill_rect(0, self.msg_y, self.app.width, self.msg_h, FELT_DARK)
        cols = (self.app.width - 4) // s.char_w
        text = text[:cols]
        old = self.message_w
        new = len(text) * s.char_w
        # repaint the text cells, and clear what is left of a longer old text
        s.text(text, 2, self.msg_y + 1, WARNING if "UNO" in text else TEXT, FELT_DARK)
        if old > new:
            s.fill_rect(2 + new, self.msg_y + 1, old - new, s.char_h, FELT_DARK)
        self.message_w = new

    def button_labels(self):
        if self.state == _ALT:
            return [label(self.texts[k]) for k in self.alts], self.alt_cursor
        if self.state != _CHOOSE:
            return [], -1
        labels = []
        for k in self.buttons:
            if k == _GO_ON:
                labels.append("Go on")
            elif k == _TOGGLE:
                labels.append(("[%s]" if self.calling else "%s") % label(self.call))
            else:
                labels.append(label(self.texts[k]))
        stop = self.stops[self.cursor] if self.stops else 0
        return labels, (stop - _BUTTON if stop >= _BUTTON else -1)

    def draw_buttons(self, view):
        labels, at = self.button_labels()
        if not self.changed("buttons", (tuple(labels), at)):
            return
        s = self.s
        y = self.button_y
        s.fill_rect(0, y, self.app.width, self.button_h, FELT)
        widths = [s.text_width(t) + 6 for t in labels]
        x = 2
        # scroll so the selected button shows
        if at >= 0:
            right = 2 + sum(widths[: at + 1]) + 3 * at
            if right > self.app.width - 2:
                x -= right - (self.app.width - 2)
        for i in range(len(labels)):
            w = widths[i]
            if x + w > 0 and x < self.app.width:
                if i == at:
                    s.fill_rect(x, y + 1, w, self.button_h - 2, HIGHLIGHT)
                    s.text(labels[i], x + 3, y + 2, BLACK)
                else:
                    s.rect(x, y + 1, w, self.button_h - 2, TEXT)
                    s.text(labels[i], x + 3, y + 2, TEXT)
            x += w + 3

    def hand_layout(self, count):
        """(first index shown, how many fit, x of the first, step) for the hand band."""
        w = self.app.width
        step = self.piece_w + 2
        fit = (w - 4) // step
        if count <= fit:
            return 0, count, (w - count * step + 2) // 2, step
        fit = (w - 20) // step
        cur = self.cursor_piece()
        first = self.hand_first
        if cur >= 0:
            if cur < first:
                first = cur
            elif cur >= first + fit:
                first = cur - fit + 1
        first = max(0, min(first, count - fit))
        self.hand_first = first
        return first, fit, 10, step

    def cursor_piece(self):
        if self.state == _CHOOSE and self.stops:
            stop = self.stops[self.cursor]
            return stop if stop < _BUTTON else -1
        if self.state == _ALT:
            return self.stops[self.cursor]
        return -1

    def draw_hand(self, view):
        sig = (self.game.moves, self.state, self.cursor, self.viewer, self.match.hands_played)
        if not self.changed("hand", sig):
            return
        s = self.s
        y0 = self.hand_y
        w = self.app.width
        if self.viewer < 0:
            items = [(0, y0 + self.hand_h // 2 - 4, w, s.char_h, _CENTER, "bots at play", DIM, 0)]
            self.hand_layer.update(items)
            return
        acting = self.state in (_CHOOSE, _ALT) and self.acting == self.viewer
        hand = self.hand if acting else view.hand_list()
        playable = self.playable if acting else b"\x02" * len(hand)  # 2: bright, not raised
        cur = self.cursor_piece() if acting else -1
        first, fit, x0, step = self.hand_layout(len(hand))
        card = 1 if view.piece_kind == "card" else 0
        pw = self.piece_w
        items = []
        mid = y0 + self.hand_h // 2 - s.char_h // 2
        if first > 0:
            items.append((1, mid, s.char_w, s.char_h, _TEXT, "<", TEXT, 0))
        if first + fit < len(hand):
            items.append((w - s.char_w - 1, mid, s.char_w, s.char_h, _TEXT, ">", TEXT, 0))
        for i in range(first, min(len(hand), first + fit)):
            x = x0 + (i - first) * step
            y = y0 + (1 if playable[i] == 1 else 4)  # the playable ones raised
            flags = (1 if playable[i] else 0) | (2 if i == cur else 0) | card * 4
            items.append((x, y, pw, self.piece_h, _PIECE, hand[i], flags, 0))
            if i == cur:
                items.append((x + 2, y0 + self.hand_h - 2, pw - 4, 1, _FILL, HIGHLIGHT, 0, 0))
        self.hand_layer.update(items)

    def draw_table(self, view):
        sig = (self.game.moves, self.state == _REVEAL, self.viewer, self.match.hands_played)
        if self.state == _ALT:
            sig = sig + (self.alt_cursor,)
        if not self.changed("table", sig):
            return
        if self.state == _REVEAL:
            items = self.reveal_items(view)
        elif view.table_kind == "line":
            items = self.line_items(view)
        else:
            items = self.pile_items(view)
        self.table_layer.update(items)

    def line_items(self, view):
        """The line of tiles, doubles crosswise. When it is wider than the
        screen, both ends stay in view with the count of hidden tiles between.
        The opening tile stays put while the line fits, so a move redraws
        the one tile laid."""
        s = self.s
        pairs = view.line_pairs()
        w = self.app.width
        mid_y = self.table_y + self.table_h // 2
        text_y = mid_y - s.char_h // 2
        if not pairs:
            self.line_shown = (0, 0)
            return [(0, text_y, w, s.char_h, _CENTER, "lay any tile", DIM, 0)]
        widths = [TILE_H if a == b else TILE_W for a, b in pairs]
        total = sum(widths) + len(pairs) - 1
        margin = s.char_w + 5  # room for the L and R labels
        room = w - 2 * margin
        gap_w = 4 * s.char_w  # "+12" between the ends of a long line
        if total <= room:
            left = len(pairs)
            right = 0
            # where the opening tile sits: fixed at the centre unless the line
            # would run off an edge
            opening = self.line_opening(view, len(pairs))
            x = w // 2 - (sum(widths[:opening]) + opening) - widths[opening] // 2
            x = max(margin, min(x, w - margin - total))
        else:
            left = 0
            right = 0
            used = gap_w
            while True:  # take tiles alternately from each end while they fit
                i = left if left <= right else len(pairs) - 1 - right
                if used + widths[i] + 1 > room:
                    break
                used += widths[i] + 1
                if left <= right:
                    left += 1
                else:
                    right += 1
            total = used
            x = (w - total) // 2
        self.line_shown = (left, right)
        mark = self.end_mark()
        items = [
            (x - s.char_w - 3, text_y, s.char_w, s.char_h, _TEXT, "L", DIM, 0),
            (x + total + 3, text_y, s.char_w, s.char_h, _TEXT, "R", DIM, 0),
        ]
        for i in range(left):
            x = self.line_tile(items, pairs[i], x, mid_y, mark == 0 and i == 0)
        if right:
            hidden = len(pairs) - left - right
            items.append((x, text_y, gap_w, s.char_h, _CENTER, "+%d" % hidden, HIGHLIGHT, 0))
            items.append((x + 2, text_y + s.char_h + 2, gap_w - 4, 1, _FILL, DIM, 0, 0))
            x += gap_w
            for i in range(len(pairs) - right, len(pairs)):
                x = self.line_tile(items, pairs[i], x, mid_y, mark == 1 and i == len(pairs) - 1)
        elif mark == 1:  # mark the right end's tile: the last one drawn
            last = items.pop()
            items.append(last[:7] + (last[7] | 2,))
        return items

    def line_opening(self, view, count):
        """Index in the line of the hand's opening tile: the tiles laid at the
        left end since (tracked from the line's growth, move by move)."""
        last = self.line_track
        if last is None or last[0] != self.match.hands_played or count < last[1]:
            self.line_track = (self.match.hands_played, count, 0, view.line_pairs()[0])
            return 0
        hands, before, opening, first = last
        now_first = view.line_pairs()[0]
        if count > before and now_first != first:
            opening += count - before  # tiles were added at the left end
        self.line_track = (hands, count, opening, now_first)
        return min(opening, count - 1)

    def end_mark(self):
        """While a tile's end is being chosen: 0 to mark the left end, 1 the right."""
        if self.state != _ALT:
            return -1
        text = self.texts[self.alts[self.alt_cursor]]
        if text.endswith(" L"):
            return 0
        if text.endswith(" R"):
            return 1
        return -1

    def line_tile(self, items, pair, x, mid_y, marked):
        a, b = pair
        flags = 2 if marked else 0
        if a == b:
            items.append((x, mid_y - TILE_W // 2, TILE_H, TILE_W, _TILE, a, b, flags | 1))
            return x + TILE_H + 1
        items.append((x, mid_y - TILE_H // 2, TILE_W, TILE_H, _TILE, a, b, flags))
        return x + TILE_W + 1

    def pile_items(self, view):
        s = self.s
        w = self.app.width
        y = self.table_y + (self.table_h - CARD_H) // 2
        cx = w // 2 - CARD_W - 4
        items = []
        top = getattr(view, "top", -1)
        color = getattr(view, "color", 4)
        has_color = color is not None and 0 <= color < 4
        if top is not None and top >= 0:
            if has_color:  # the active colour as a frame round the top card
                fill = pieces.CARD_COLORS[color]
                items.append((cx - 3, y - 3, CARD_W + 6, CARD_H + 6, _FILL, fill, 0, 0))
            items.append((cx, y, CARD_W, CARD_H, _CARD, top, 0, 0))
        sx = cx - 3 * s.char_w - 12
        if has_color:  # and as a swatch with its letter, for colour-blind players
            fill = pieces.CARD_COLORS[color]
            items.append((sx, y + 2, 2 * s.char_w + 6, s.char_h + 6, _FILL, fill, 0, 0))
            ink = BLACK if fill == YELLOW else WHITE
            letter = "RYGB"[color]
            items.append((sx + 3 + s.char_w // 2, y + 5, s.char_w, s.char_h, _TEXT, letter, ink, 0))
        direction = getattr(view, "direction", 1)
        arrow = ">>" if direction is None or direction > 0 else "<<"
        items.append((sx, y + CARD_H - s.char_h, 2 * s.char_w, s.char_h, _TEXT, arrow, TEXT, 0))
        px = w // 2 + 8
        items.append((px, y, CARD_W, CARD_H, _BACK, 0, 0, 0))
        stock = getattr(view, "stock", None)
        if callable(stock):
            stock = stock()
        tx = px + CARD_W + 4
        if stock is not None:
            text = "%d" % stock
            items.append((tx, y + 2, s.text_width(text), s.char_h, _TEXT, text, TEXT, 0))
        pending = getattr(view, "pending", None)
        if pending:
            text = (pending if isinstance(pending, str) else "+%d" % pending) + "?"
            ty = y + CARD_H - s.char_h
            items.append((tx, ty, s.text_width(text), s.char_h, _TEXT, text, WARNING, 0))
        return items

    def reveal_items(self, view):
        """A challenged +4 player's hand, shown to the challenger alone."""
        s = self.s
        items = [(4, self.table_y + 2, 11 * s.char_w, s.char_h, _TEXT, "their hand:", TEXT, 0)]
        step = CARD_W // 2 + 2
        x = 4
        y = self.table_y + s.char_h + 4
        for kind in view.reveal:
            if x + CARD_W > self.app.width:
                break
            items.append((x, y, CARD_W, CARD_H, _CARD, kind, 0, 0))
            x += step
        return items


class Layer:
    """A band of the screen drawn as a list of items (x, y, w, h, what, a, b, c).

    `update(items)` compares with what is on screen: items gone are cleared to
    the background, new ones drawn, and unchanged ones left alone unless
    something cleared or drawn below them overlaps (painter's order: later
    items lie on top). A move then redraws a tile or a card, not the band."""

    def __init__(self, surface, bg):
        self.s = surface
        self.bg = bg
        self.items = []

    def reset(self):
        """The band was cleared: draw everything next time."""
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
            if it not in old or _overlaps(it, touched):
                self.draw(it)
                touched.append(it)
        self.items = items

    def draw(self, it):
        s = self.s
        x, y, w, h, what, a, b, c = it
        if what == _TILE:
            edge = HIGHLIGHT if c & 2 else pieces.PIP
            pieces.tile(s, x, y, a, b, c & 1, IVORY, edge)
        elif what == _CARD:
            pieces.card(s, x, y, a, self.bg)
        elif what == _BACK:
            pieces.card_back(s, x, y, self.bg)
        elif what == _PIECE:
            pieces.hand_piece(s, x, y, "card" if b & 4 else "tile", a, b & 1, b & 2, self.bg)
        elif what == _FILL:
            s.fill_rect(x, y, w, h, a)
        elif what == _TEXT:
            s.text(a, x, y, b)
        elif what == _CENTER:
            s.text_center(a, x, y, w, b)


def _overlaps(it, rects):
    x0 = it[0]
    y0 = it[1]
    x1 = x0 + it[2]
    y1 = y0 + it[3]
    for r in rects:
        if r[0] < x1 and x0 < r[0] + r[2] and r[1] < y1 and y0 < r[1] + r[3]:
            return True
    return False


class HandOverScreen(Screen):
    """Pass-and-play: the next player's name and nothing else, no hand at all,
    until that player presses A."""

    def __init__(self, app, table, seat):
        Screen.__init__(self, app)
        self.table = table
        self.seat = seat

    def enter(self):
        s = self.s
        w = self.app.width
        h = self.app.height
        s.fill(FELT_DARK)
        s.text_center("Pass to", 0, h // 2 - 2 * s.char_h, w, TEXT)
        s.text_center(seat_name(self.seat), 0, h // 2 - s.char_h // 2, w, HIGHLIGHT)
        s.text_center("then press A", 0, h // 2 + 2 * s.char_h, w, DIM)

    def frame(self, presses, now):
        if presses & K.A:
            table = self.table
            table.viewer = self.seat
            table.acting = self.seat
            table.offer = False
            table.choices(self.seat)
            table.state = _CHOOSE
            table.message = ""
            self.app.go(table)
        elif presses & K.MENU:
            # back from the pause lands here again, never on the last hand shown
            self.app.go(PauseScreen(self.app, self.table, self, self.seat))


class PauseScreen(MenuScreen):
    title = "Paused"
    hint = "A: choose  hold A: resume"

    def __init__(self, app, table, back_to=None, seat=-1):
        MenuScreen.__init__(self, app)
        self.table = table
        self.back_to = back_to  # the hand-over screen, when paused from there
        self.seat = seat  # who resigns: the hand-over's seat, else the viewer

    def items(self):
        return ("Resume", "Rules", "Resign", "Quit to menu")

    def pick(self, i):
        table = self.table
        if i == 0:
            self.back()
        elif i == 1:
            self.app.go(RulesScreen(self.app, table.game_class, self))
        elif i == 2:
            table.resign(self.seat)
            self.app.go(table)
        else:
            self.app.go(TitleScreen(self.app))

    def back(self):
        table = self.table
        if self.back_to is not None:
            self.app.go(self.back_to)
            return
        if table.state == _ALT:
            table.state = _CHOOSE
        self.app.go(table)


def piece_list(view, cols):
    """The seat's pieces as notation ("  6-3 5-5", "  R7 W+4"), cut to cols."""
    name = tiles.text if view.piece_kind == "tile" else cards.text
    out = " "
    for code in view.hand_list():
        word = name(code)
        if len(out) + 1 + len(word) > cols:
            return out[: cols - 2] + ".." if len(out) + 2 > cols else out + " .."
        out += " " + word
    return out


class ListScreen(Screen):
    """A title, a few heading lines and rows, a page at a time (LEFT/RIGHT)
    when the seats do not fit, and a footer; A goes on."""

    title = ""
    footer = "A: go on"

    def __init__(self, app):
        Screen.__init__(self, app)
        self.page = 0

    def content(self):
        """([(text, colour)] headings, [(text, colour)] rows)."""
        return [], []

    def enter(self):
        self.heads, self.rows = self.content()
        self.draw()

    def draw(self):
        s = self.s
        s.fill(FELT)
        y = self.header(self.title) + 3
        line_h = s.char_h + 3
        for text, ink in self.heads:
            s.text(text, 4, y, ink)
            y += line_h
        foot = self.app.height - line_h
        per_page = max(1, (foot - y) // line_h)
        self.pages = (len(self.rows) + per_page - 1) // per_page
        for text, ink in self.rows[self.page * per_page : (self.page + 1) * per_page]:
            s.text(text, 4, y, ink)
            y += line_h
        more = "  < %d/%d >" % (self.page + 1, self.pages) if self.pages > 1 else ""
        s.text(self.footer + more, 4, foot + 1, DIM)

    def frame(self, presses, now):
        if presses & _NEXT and self.page + 1 < self.pages:
            self.page += 1
            self.draw()
        elif presses & _PREV and self.page > 0:
            self.page -= 1
            self.draw()
        elif presses & K.A:
            self.go_on()

    def go_on(self):
        pass


class HandResultScreen(ListScreen):
    """The hand's winner, each seat's pieces left, points for the hand and total."""

    def __init__(self, app, table, over):
        ListScreen.__init__(self, app)
        self.table = table
        self.over = over
        self.title = "Hand %d over" % table.match.hands_played
        self.footer = "A: results" if over else "A: next hand"

    def content(self):
        table = self.table
        game = table.game
        match = table.match
        if game.winner >= 0:
            heads = [("%s wins the hand" % seat_name(game.winner), HIGHLIGHT)]
        elif game.turn < 0:
            heads = [("tied: nobody scores", HIGHLIGHT)]
        else:
            heads = [("hand stopped", HIGHLIGHT)]
        heads.append(("seat left +pts total", DIM))
        rows = []
        cols = (self.app.width - 8) // self.s.char_w
        for seat in range(table.players):
            view = game.view(seat)
            left = view.sizes[seat]
            points = game.scores[seat]
            text = "%-4s%4d %4d %5d" % (seat_name(seat), left, points, match.totals[seat])
            rows.append((text, DIM if seat in match.resigned else TEXT))
            if left and seat not in match.resigned:  # the hand is shown at the end
                rows.append((piece_list(view, cols), DIM))
        return heads, rows

    def go_on(self):
        table = self.table
        if self.over:
            self.app.go(MatchResultScreen(self.app, table))
            return
        table.match.new_hand()
        table.start_hand()
        self.app.go(table)


class MatchResultScreen(ListScreen):
    """Ranks by total; equal totals share a rank, a resigned seat ranks last."""

    title = "Match over"
    footer = "A: menu"

    def __init__(self, app, table):
        ListScreen.__init__(self, app)
        self.table = table

    def content(self):
        match = self.table.match
        ranks = match.ranks()
        self.ranks = ranks
        order = sorted(range(match.players), key=lambda seat: (ranks[seat], seat))
        rows = []
        for seat in order:
            note = " resigned" if seat in match.resigned else ""
            text = "%d. %-3s %5d%s" % (ranks[seat], seat_name(seat), match.totals[seat], note)
            rows.append((text, HIGHLIGHT if ranks[seat] == 1 else TEXT))
        return [], rows

    def go_on(self):
        self.app.go(TitleScreen(self.app))
