"""Domino Uno (the Austrian layout), rules in docs/rules/domino-uno.md.

2 to 6 players, 9 - players tiles each, the rest a stock. One tile a turn on
either end; with nothing that fits, draw one tile (lay it at once or keep it);
with nothing that fits and the stock empty, take tiles back off one end of the
line until a tile held before fits, then lay one of those. Call uno with the
second-to-last tile; a missed call may be made late, or caught by any other
seat, until the next player acts.

State: one tile mask per hand, the stock as a bytearray of codes (its top is
the last entry, `nstock` of them), the line as a bytearray of entries
(pips.games.domino: tile*2 + flag, growing outwards from the middle of its
buffer, recentred when it drifts to an edge), the two ends, and what the seat
to act must answer (`ask`: lay or keep a drawn tile, or lay after taking
back). `known[s]` holds the tiles everyone saw seat s take back and not yet
lay again (View.sample gives them back to that seat).

Moves (0..255):
  lay tile t at side s                 t*2 + s (0..55)    `3-5 R`, `6-3` opening
      (side 0 the left end, 1 the right; on the empty line the orientation:
      0 the larger half on the left)
  the same calling uno                 + 64 (64..119)     `3-5 R uno`
  PASS 56 (never legal: a stuck player draws or takes back), DRAW 57, KEEP 58,
  TAKE_L 60, TAKE_R 61 (`take L`, `take R`),
  UNO 128 (a late call), CATCH + t 136 + t (`catch 2`).
Moves from 128 up may come from any seat (only while a missed call is open);
the others only from the seat whose turn it is.

Table options: scoring "wins" (1 a hand, match to 10) or "pips" (the
opponents' pips, match to 250); penalty 0, 1 or 2 tiles for a caught missed
call (default 2); forget, the percent of second-to-last tiles the random bot
lays without calling uno (default 25; a bots' setting, not a rule).

Decided here, where the pages are silent:
- The 500-turn cap: a turn is one seat's turn (a draw and its lay or keep, a
  take-back and its lay are one turn). The lowest count wins; with pips
  scoring it scores the others' pips (its own not taken off).
- `taken` (info, View) lists the tiles of the last take-back until the next
  player acts.
- The seat to act may catch a missed call too, before it acts (as in UNO).
"""

from pips import const
from pips.game import Game, new_rng
from pips.tiles import HI, LO, PIPS, WITH, ALL, COUNT
from pips import tiles
from pips.games import domino
from pips.games.domino import PASS, DRAW, MID, LINE, DominoView, lay_moves
from pips.games.domino_uno import NAME, TITLE

# The game's own phrases per language (pips.lang.CODES: en, cs, pl, fa), each
# module's WORDS naming its rules page too (key "rules"): loaded when asked for.
WORDS = (
    "pips.games.domino_uno.words_en",
    "pips.games.domino_uno.words_cs",
    "pips.games.domino_uno.words_pl",
    "pips.games.domino_uno.words_fa",
)

KEEP = const(58)
TAKE_L = const(60)
TAKE_R = const(61)
CALL = const(64)  # the uno flag on a lay
UNO = const(128)
CATCH = const(136)  # + the seat caught
_CAP = const(500)  # turns in a hand at most

# Why a move is refused: play raises _refuse(...), which words it.
_NO_SUCH_MOVE = const(0)
_HAND_OVER = const(1)
_NOT_TURN = const(2)
_NOT_IN_HAND = const(3)
_DOUBLE = const(4)
_NOT_AT_END = const(5)
_NO_SEAT = const(6)
_NO_MISSED = const(7)
_NOT_CATCHABLE = const(8)
_SELF_CATCH = const(9)
_ONLY_DRAWN = const(10)
_JUST_TAKEN = const(11)
_LATE_CALL = const(12)
_NO_KEEP = const(13)
_ANSWER = const(14)
_NO_PASS = const(15)
_FITS = const(16)
_STOCK_EMPTY = const(17)
_STOCK_LEFT = const(18)

# ask: what the seat to act must answer
NONE = const(0)
DRAWN = const(1)  # lay the tile just drawn, or keep it
_TAKEN = const(2)  # lay one of the tiles held before taking back
PENDING_TEXT = (None, "drawn", "taken")

_ORDER = bytes(range(COUNT))


class DominoUno(Game):
    name = NAME
    words = WORDS  # its phrases per language (pips.lang)
    title = TITLE
    blocked_text = "last turn: lowest count wins"  # the hand ends at the turn cap (pips.ui.events)
    min_players = 2
    max_players = 6
    options = (
        ("scoring", "wins", ("wins", "pips")),
        ("penalty", 2, (2, 1, 0)),
        ("forget", 25, (25, 0, 10, 50, 100)),
    )
    max_moves = 64
    stacked_size = 28
    out_of_turn = True  # other seats may catch a missed uno, or call it late
    # Rollouts stop after so many moves (0: play the hand out) and utility()
    # weighs the tiles left. In the smart bot's device time, 56 rollouts of 4
    # moves won 52.9% of 4,000 hands against 24 of 40 (docs/figures.md)
    playout_moves = 4

    @classmethod
    def rules(cls):
        from pips import lang

        return lang.rules_page(cls)

    def __init__(self, players=2, options=None, rng=None, deal=None, first=-1):
        self.check_players(players)
        self.players = players
        self.table_options = table = self.table(options)
        self.penalty = table["penalty"]
        self.pips_scoring = table["scoring"] == "pips"
        self.hands = [0] * players
        self.known = [0] * players
        self.called = bytearray(players)
        self.stock = bytearray(COUNT)
        self.line = bytearray(LINE)
        self.scores = [0] * players
        self.counts = bytearray(players)  # per seat, the pips left at the end
        size = 9 - players
        self.nstock = 0
        if deal is not None:
            order = bytes(deal)
            from pips.checks import check_deal

            check_deal(order, _ORDER, tiles.text)
            if rng is not None:
                rng = new_rng(rng)
        elif rng is not None:
            rng = new_rng(rng)
            order = bytearray(_ORDER)
            rng.shuffle(order)
        else:
            order = None  # a blank hand, for View.sample to fill
        if order is not None:
            self.hands, held = domino.stacked_hands(order, players, size)
            rest = COUNT - players * size
            stock = self.stock
            for i in range(rest):  # the top first in the deal, last in the stock
                stock[i] = order[COUNT - 1 - i]
            self.nstock = rest
        if first < 0:
            first = rng.below(players) if rng is not None else 0
        self.first = first
        self.turn = first
        self.left = -1
        self.right = -1
        self.lo = MID
        self.hi = MID
        self.ask = NONE
        self.drawn = -1
        self.before = 0  # after a take-back: the tiles held before it
        self.taken = 0  # the tiles of the last take-back
        self.catchable = -1
        self.winner = -1
        self.moves = 0
        self.turns = 0

    @classmethod
    def parse_deal(cls, text):
        return tiles.parse_list(text)

    # -- match hooks -----------------------------------------------------
    @classmethod
    def next_first(cls, first, players, last=None):
        """The leader of the next hand: the last hand's winner, or the same
        leader again after a hand with no winner."""
        return last.winner if last is not None and last.winner >= 0 else first

    @classmethod
    def match_over(cls, totals, options, hands_played):
        target = 250 if options.get("scoring") == "pips" else 10
        for t in totals:
            if t >= target:
                return True
        return False

    # -- the protocol --------------------------------------------------
    def legal(self, seat, out):
        return _legal(self, seat, self.hands[seat] if 0 <= seat < self.players else 0, out)

    def play(self, seat, move):
        if move.__class__ is not int or not 0 <= move < 256:
            raise _refuse(self, _NO_SUCH_MOVE, seat, move)
        if self.turn < 0:
            raise _refuse(self, _HAND_OVER, seat, move)
        if not 0 <= seat < self.players:
            raise _refuse(self, _NO_SEAT, seat, move)
        c = self.catchable
        if move >= UNO:
            if move == UNO:
                if c != seat:
                    raise _refuse(self, _NO_MISSED, seat, move)
                self.called[seat] = 1
            elif CATCH <= move < CATCH + self.players:
                target = move - CATCH
                if c < 0 or target != c:
                    raise _refuse(self, _NOT_CATCHABLE, seat, target)
                if target == seat:
                    raise _refuse(self, _SELF_CATCH, seat, move)
                self._draw(target, self.penalty)
            else:
                raise _refuse(self, _NO_SUCH_MOVE, seat, move)
            self.catchable = -1
            self.moves += 1
            return
        if seat != self.turn:
            raise _refuse(self, _NOT_TURN, seat, move)
        hand = self.hands[seat]
        ask = self.ask
        left = self.left
        right = self.right
        if move < PASS or CALL <= move < CALL + PASS:
            t = (move & 63) >> 1
            bit = 1 << t
            if not hand & bit:
                raise _refuse(self, _NOT_IN_HAND, seat, move & 63)
            if ask == DRAWN and t != self.drawn:
                raise _refuse(self, _ONLY_DRAWN, seat, move)
            if ask == _TAKEN and not self.before & bit:
                raise _refuse(self, _JUST_TAKEN, seat, move & 63)
            side = move & 1
            if left < 0:
                if side and HI[t] == LO[t]:
                    raise _refuse(self, _DOUBLE, seat, move & 63)
            elif not WITH[right if side else left] & bit:
                raise _refuse(self, _NOT_AT_END, seat, move & 63)
            size = tiles.count(hand)
            if move & CALL and size != 2:
                raise _refuse(self, _LATE_CALL, seat, move)
            # -- valid: apply
            self.catchable = -1
            if ask != _TAKEN:
                self.taken = 0
            self._lay(t, side)
            hand ^= bit
            self.hands[seat] = hand
            self.known[seat] &= ~bit
            self.moves += 1
            if size == 1:
                self._finish(seat)
                return
            if size == 2:
                if move & CALL:
                    self.called[seat] = 1
                else:
                    self.called[seat] = 0
                    self.catchable = seat
            self._end_turn(seat)
            return
        if move == KEEP:
            if ask != DRAWN:
                raise _refuse(self, _NO_KEEP, seat, move)
            self.catchable = -1
            self.moves += 1
            self._end_turn(seat)
            return
        if move == DRAW or move == PASS or move == TAKE_L or move == TAKE_R:
            if ask:
                raise _refuse(self, _ANSWER, seat, move)
            if move == PASS:
                raise _refuse(self, _NO_PASS, seat, move)
            if left < 0 or hand & (WITH[left] | WITH[right]):
                raise _refuse(self, _FITS, seat, move)
            if move == DRAW:
                if not self.nstock:
                    raise _refuse(self, _STOCK_EMPTY, seat, move)
                self.catchable = -1
                self.taken = 0
                self.moves += 1
                t = self._draw(seat, 1)
                if WITH[left] >> t & 1 or WITH[right] >> t & 1:
                    self.ask = DRAWN
                    self.drawn = t
                else:  # a drawn tile that does not fit ends the turn at once
                    self._end_turn(seat)
                return
            if self.nstock:
                raise _refuse(self, _STOCK_LEFT, seat, move)
            self.catchable = -1
            self.moves += 1
            self._take(seat, move - TAKE_L)
            return
        raise _refuse(self, _NO_SUCH_MOVE, seat, move)

    def _lay(self, t, side):
        """Lay tile t at `side` (checked): the line and its ends, the line
        recentred in its buffer when it reaches an edge (a take-back leaves
        room on one side only)."""
        if self.left < 0:
            domino.open_line(self, t * 2 + side)
            return
        if (self.hi == LINE) if side else (self.lo == 0):
            self.lo, self.hi = domino.recentre(self.line, self.lo, self.hi)
        domino.place(self, t, side, PIPS[t] - (self.right if side else self.left))

    def _draw(self, seat, count):
        """Seat draws up to `count` tiles off the stock; return the last drawn, or -1."""
        t = -1
        while count and self.nstock:
            self.nstock -= 1
            t = self.stock[self.nstock]
            self.hands[seat] |= 1 << t
            count -= 1
        if t >= 0:
            self.called[seat] = 0  # more than one tile again: a call lapses
        return t

    def _take(self, seat, side):
        """Take tiles back off `side` until a tile held before fits the end now
        open (or the line is gone); the seat must then lay one of those."""
        before = self.hands[seat]
        taken = 0
        line = self.line
        lo = self.lo
        hi = self.hi
        while True:
            t, lo, hi, end = domino.take_end(line, lo, hi, side)
            taken |= 1 << t
            if end < 0 or before & WITH[end]:
                break
        if end < 0:
            self.left = self.right = -1
            lo = hi = MID
        elif side:
            self.right = end
        else:
            self.left = end
        self.lo = lo
        self.hi = hi
        self.hands[seat] = before | taken
        self.known[seat] |= taken
        self.called[seat] = 0
        self.taken = taken
        self.before = before
        self.ask = _TAKEN

    def _end_turn(self, seat):
        self.ask = NONE
        self.drawn = -1
        self.before = 0
        self.turns += 1
        if self.turns >= _CAP:
            self._finish(-1)
            return
        seat += 1
        self.turn = seat if seat < self.players else 0

    def _finish(self, out):
        """End the hand: `out` went out, or (-1) the turn cap: the one lowest
        count wins, equal lowest counts tie. The winner scores 1, or with pips
        scoring the other hands' pips."""
        self.turn = -1
        self.catchable = -1
        self.ask = NONE
        counts = self.counts
        winner = domino.lowest(self.hands, counts)
        if out >= 0:
            winner = out  # its own hand is empty: its count is 0
        self.winner = winner
        if winner >= 0:
            if self.pips_scoring:
                total = 0
                for count in counts:
                    total += count
                self.scores[winner] = total - counts[winner]
            else:
                self.scores[winner] = 1

    def utility(self, seat):
        return _utility(self, seat)

    def playout(self, rng, buf):
        _playout(self, rng, buf)

    # -- notation --------------------------------------------------------
    def move_text(self, move):
        """`6-3` opens, `3-5 R`, `3-5 R uno`, `draw`, `keep`, `take L`, `uno`, `catch 2`."""
        if move >= UNO:
            return "uno" if move == UNO else "catch %d" % (move - CATCH)
        if move == KEEP:
            return "keep"
        if move == TAKE_L or move == TAKE_R:
            return "take " + "LR"[move - TAKE_L]
        if move >= CALL:
            return domino.move_text(self.left, self.right, move - CALL) + " uno"
        return domino.move_text(self.left, self.right, move)

    def parse_move(self, seat, text):
        """`6-3` opens, `3-5 R` / `5-3 L` (the end may be left out when only one
        fits), ` uno` after a lay calls uno; `draw`, `keep`, `take L|R`, `uno`,
        `catch N`, `pass` (always refused)."""
        words = text.strip().lower().split()
        if not words:
            raise ValueError("empty move")
        w = words[0]
        if len(words) == 1:
            if w == "pass":
                return PASS
            if w == "draw":
                return DRAW
            if w == "keep":
                return KEEP
            if w == "uno":
                return UNO
        if w == "take":
            if len(words) != 2 or words[1] not in ("l", "r"):
                raise ValueError("take back from an end: take L or take R")
            return TAKE_L + (words[1] == "r")
        if w == "catch":
            if len(words) != 2:
                raise ValueError("catch a seat: catch 2")
            try:
                t = int(words[1])
            except ValueError:
                raise ValueError("not a seat: %r" % words[1])
            if not 0 <= t < self.players:
                raise ValueError("no seat %d at a %d-player table" % (t, self.players))
            return CATCH + t
        if w in ("pass", "draw", "keep", "uno"):
            raise ValueError("%s takes nothing after it: %r" % (w, text))
        flag = 0
        if len(words) > 1 and words[-1] == "uno":
            flag = CALL
            words = words[:-1]
        return domino.parse_lay(self.left, self.right, words, text) + flag

    def move_piece(self, move):
        """The tile a move lays from the hand, or -1."""
        m = move & 63 if move < UNO else PASS
        return m >> 1 if m < PASS else -1

    def after(self, move):
        """A key for what a lay leaves, the call apart: equal keys mirror
        (pips.games.domino.after); -1 for a move that lays nothing."""
        if move >= UNO:
            return -1
        key = domino.after(self.left, self.right, move & 63)
        return key + (move & CALL) * 64 if key >= 0 else -1

    # -- what is shown -----------------------------------------------------
    def info(self):
        """The referee's table: the line's, with the uno calls, the catch
        window, the tiles taken back and what the seat to act is asked."""
        out = domino.line_table(self, self.nstock)
        out["uno"] = [s for s in range(self.players) if self.called[s] and tiles.count(self.hands[s]) == 1]
        out["catchable"] = self.catchable if self.catchable >= 0 else None
        out["taken"] = tiles.mask_text(self.taken)
        out["pending"] = PENDING_TEXT[self.ask]
        out["turns"] = self.turns
        out["leader"] = self.first
        return out

    def view(self, seat):
        return DominoUnoView(self, seat)


def _refuse(game, reason, seat, move):
    """The ValueError of DominoUno.play refusing `move` from `seat`, for one
    of the reasons _NO_SUCH_MOVE .. _STOCK_LEFT."""
    t = move >> 1 if type(move) is int else -1
    if reason == _NO_SUCH_MOVE:
        text = "no such move in Domino Uno: %r" % (move,)
    elif reason == _HAND_OVER:
        text = "the hand is over"
    elif reason == _NOT_TURN:
        text = "it is seat %d's turn, not seat %d's" % (game.turn, seat)
    elif reason == _NOT_IN_HAND:
        text = "%s is not in seat %d's hand" % (tiles.text(t), seat)
    elif reason == _DOUBLE:
        text = "a double is laid one way only: play it as %s" % tiles.text(t)
    elif reason == _NOT_AT_END:
        end = game.right if move & 1 else game.left
        text = "%s does not match the %s end (%d)" % (
            tiles.text(t), "right" if move & 1 else "left", end)
    elif reason == _NO_SEAT:
        text = "no seat %r at a %d-player table" % (seat, game.players)
    elif reason == _NO_MISSED:
        text = "seat %d has no missed uno to call" % seat
    elif reason == _NOT_CATCHABLE:
        text = "seat %d cannot be caught now" % move  # the seat to catch
    elif reason == _SELF_CATCH:
        text = "a seat cannot catch itself: call uno"
    elif reason == _ONLY_DRAWN:
        text = "after drawing only the drawn tile (%s) may be laid" % tiles.text(game.drawn)
    elif reason == _JUST_TAKEN:
        text = "%s was just taken back: lay a tile held before" % tiles.text(t)
    elif reason == _LATE_CALL:
        text = "uno is called with the second-to-last tile only"
    elif reason == _NO_KEEP:
        text = "keep only after drawing a tile that fits"
    elif reason == _ANSWER:
        if game.ask == DRAWN:
            text = "lay the drawn tile or keep it"
        else:
            text = "lay a tile held before the take-back"
    elif reason == _NO_PASS:
        text = "there is no passing in Domino Uno: draw, or take back"
    elif reason == _FITS:
        text = "seat %d has a tile that fits: lay it" % seat
    elif reason == _STOCK_EMPTY:
        text = "the stock is empty: take back from an end"
    else:  # _STOCK_LEFT
        text = "take back only when the stock is empty: draw"
    return ValueError(text)


def _legal(g, seat, hand, out):
    """The legal moves of `seat` holding `hand` (a game or a view's own)."""
    turn = g.turn
    if turn < 0:
        return 0
    c = g.catchable
    if seat != turn:
        if c < 0:
            return 0
        out[0] = UNO if c == seat else CATCH + c
        return 1
    ask = g.ask
    left = g.left
    right = g.right
    if ask == NONE:
        n = lay_moves(hand, left, right, out)
        if out[0] == PASS:
            if g.nstock:
                out[0] = DRAW
            else:
                out[0] = TAKE_L
                out[1] = TAKE_R
                n = 2
            size = 3  # no calling
        else:
            size = tiles.count(hand)
    else:
        if ask == DRAWN:
            n = lay_moves(1 << g.drawn, left, right, out)
        else:
            n = lay_moves(g.before, left, right, out)
        size = tiles.count(hand)
    if size == 2:
        for i in range(n):
            out[n + i] = out[i] | CALL
        n += n
    if ask == DRAWN:
        out[n] = KEEP
        n += 1
    if c >= 0:
        out[n] = CATCH + c
        n += 1
    return n


# -- the smart bots' rollouts ------------------------------------------------------
def _utility(game, seat):
    """Finished: a win 150 (less nothing), another seat's win -150, a tie 0;
    with pips scoring the points margin is added. Cut short: the others' tiles
    against ours, the closest opponent to going out weighing most."""
    n = game.players
    hands = game.hands
    if game.turn < 0:
        w = game.winner
        v = 0 if w < 0 else 150 if w == seat else -150
        if game.pips_scoring:
            v += Game.utility(game, seat)
        return v
    low = 99
    total = 0
    for s in range(n):
        if s != seat:
            k = tiles.count(hands[s])
            total += k
            if k < low:
                low = k
    return 12 * low + 6 * total // (n - 1) - 16 * tiles.count(hands[seat])


def _playout(game, rng, buf):
    """Random play with a player's sense: a tile rather than anything else, the
    drawn tile laid, uno always called; take-back from a random end. With
    `playout_moves` set, stop after that many moves (utility() then weighs the
    tiles left)."""
    limit = game.playout_moves
    stop = game.moves + limit if limit else 1 << 30
    while game.turn >= 0 and game.moves < stop:
        seat = game.turn
        n = _legal(game, seat, game.hands[seat], buf)
        k = 0
        while k < n and (buf[k] < PASS or CALL <= buf[k] < UNO):
            k += 1
        if k:
            m = buf[rng.below(k)] | (CALL if buf[k - 1] >= CALL else 0)
        else:
            m = buf[rng.below(n)] if n > 1 else buf[0]
            if m >= UNO:
                m = buf[0]
        game.play(seat, m)


class DominoUnoView(DominoView):
    """What one seat of a Domino Uno hand may see: the domino view's fields
    (pips.games.domino), the line as laid (`line`: its entries left to right,
    `lo` where it starts in the game's buffer), its ends, the stock's size,
    the tiles each seat was seen taking back and still holds (`known`), the
    last take-back (`taken`), the uno calls, the catch window and the turns;
    what the seat to act is asked, for that seat alone. The line is drawn
    the Austrian way (table_kind "austrian", pips.ui.table_austrian)."""

    table_kind = "austrian"

    def __init__(self, game, seat):
        DominoView.__init__(self, game, seat)
        self.left = game.left
        self.right = game.right
        self.lo = game.lo
        self.line = bytes(memoryview(game.line)[game.lo : game.hi])  # the tiles laid, left to right
        self.known = tuple(game.known)
        self.nstock = game.nstock
        self.catchable = game.catchable
        self.taken = game.taken
        self.called = bytes(game.called)
        self.turns = game.turns
        mine = seat == game.turn
        self.ask = game.ask if mine else NONE
        self.drawn = game.drawn if mine else -1
        self.before = game.before if mine else 0

    move_piece = DominoUno.move_piece
    after = DominoUno.after
    move_text = DominoUno.move_text

    def line_pairs(self):
        return domino.line_pairs(self.line, 0, len(self.line))

    @property
    def stock(self):
        return self.nstock

    @property
    def ends(self):
        return () if self.left < 0 else (self.left, self.right)

    @property
    def pending(self):
        return PENDING_TEXT[self.ask]

    def legal(self, out):
        return _legal(self, self.seat, self.hand, out)

    def sample(self, rng, world=None):
        """A whole hand consistent with this view: each opponent holds the
        tiles it was seen taking back, and the rest of its hand and the stock
        are dealt at random from the unseen tiles."""
        players = self.players
        if world is None or world.players != players:
            world = DominoUno(players, self.table_options)
        seat = self.seat
        on_line = 0
        line = self.line
        for e in line:
            on_line |= 1 << (e >> 1)
        pinned = 0
        for s in range(players):
            if s != seat:
                pinned |= self.known[s]
        pool = tiles.code_bytes(ALL & ~self.hand & ~on_line & ~pinned)
        rng.shuffle(pool)
        hands = world.hands
        k = 0
        for s in range(players):
            if s == seat:
                hands[s] = self.hand
                continue
            m = self.known[s]
            need = self.sizes[s] - tiles.count(m)
            for i in range(k, k + need):
                m |= 1 << pool[i]
            k += need
            hands[s] = m
            world.known[s] = self.known[s]
        world.known[seat] = self.known[seat]
        rest = len(pool) - k
        world.stock[:rest] = pool[k:]
        world.nstock = rest
        lo = self.lo
        hi = lo + len(line)
        world.line[lo:hi] = line  # where it lies in the game's buffer
        world.lo = lo
        world.hi = hi
        world.left = self.left
        world.right = self.right
        world.called[:] = self.called
        world.first = self.first
        world.turn = self.turn
        world.ask = self.ask
        world.drawn = self.drawn
        world.before = self.before
        world.taken = self.taken
        world.catchable = self.catchable
        world.winner = self.winner
        world.moves = self.moves
        world.turns = self.turns
        scores = world.scores
        for s in range(players):
            scores[s] = 0
        return world


GAME = DominoUno
