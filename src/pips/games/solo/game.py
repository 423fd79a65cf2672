"""Solitaire (Sólo domino), rules in docs/rules/solo.md.

One player, 5 face-up tiles, the rest a face-down stock. A round: lay face-up
tiles on the line, equal pips touching, as long as any fits (no stopping
early); when none fits, as many tiles as were laid that round are turned up
from the stock (fewer when it runs short), by themselves. Won with all 28
tiles in the line; lost as soon as nothing fits and the stock is empty or
the tiles just turned up leave nothing that fits.

State: the face-up mask, the stock (the deal's order, stock[top:] face down,
top first), the line and its ends as in Block, the laid mask, and how many
tiles this round has laid. Moves are Block's (tile*2 + side; on the empty
line the side is the orientation). The deal number is the seed.
"""

from pips import tiles
from pips.game import Game, new_rng
from pips.games import domino
from pips.games.domino import MID, LINE, PASS, LineView, lay_moves, open_line, place
from pips.rng import Rng
from pips.tiles import ALL, BIT_CODE, COUNT, HI, LO, PIPS, WITH
from pips.games.solo import NAME, TITLE

# The game's own phrases per language (pips.lang.CODES: en, cs, pl, fa), each
# module's WORDS naming its rules page too (key "rules"): loaded when asked for.
WORDS = (
    "pips.games.solo.words_en",
    "pips.games.solo.words_cs",
    "pips.games.solo.words_pl",
    "pips.games.solo.words_fa",
)

FACEUP = 5
_ORDER = bytes(range(COUNT))


def fast_finish(faceup, left, right, laid, rnd, stock, top):
    """Play on from a position with the greedy choice (`choose`), on plain
    values and no line: the tiles in the line at the end (28: won). `stock`
    holds the face-down order from `top`."""
    while True:
        fit = faceup & (WITH[left] | WITH[right]) if left >= 0 else faceup
        if not fit:
            k = rnd if rnd < COUNT - top else COUNT - top
            for i in range(top, top + k):
                faceup |= 1 << stock[i]
            top += k
            rnd = 0
            fit = faceup & (WITH[left] | WITH[right])
            if not fit:
                return tiles.count(laid)
        t, side, far = choose(faceup, left, right, laid, fit)
        bit = 1 << t
        if left < 0:
            left = HI[t]
            right = LO[t]
        elif side:
            right = far
        else:
            left = far
        faceup ^= bit
        laid |= bit
        rnd += 1
        if laid == ALL:
            return COUNT


def choose(faceup, left, right, laid, fit):
    """The greedy lay: (tile, side, far half). Keep the round going (face-up
    tiles that still fit), then leave ends many unlaid tiles show; doubles
    first, as they change no end."""
    best = -1
    pick = (0, 0, 0)
    free = ALL & ~laid
    while fit:
        low = fit & -fit
        fit ^= low
        t = BIT_CODE[low % 37]
        rest = faceup ^ low
        if left < 0:
            ends = ((0, HI[t], LO[t]),)
        else:
            ends = ()
            if WITH[left] & low:
                ends = ((0, PIPS[t] - left, right),)
            if WITH[right] & low and (left != right or not ends):
                ends += ((1, left, PIPS[t] - right),)
        for side, a, b in ends:
            both = WITH[a] | WITH[b]
            score = 64 * tiles.count(rest & both) + 4 * tiles.count(free & ~low & both)
            if HI[t] == LO[t]:
                score += 512
            if score > best:
                best = score
                pick = (t, side, a if side == 0 else b)
    return pick


class Solo(Game):
    name = NAME
    words = WORDS  # its phrases per language (pips.lang)
    title = TITLE
    min_players = 1
    max_players = 1
    max_moves = 58
    stacked_size = 28

    @classmethod
    def rules(cls):
        from pips import lang

        return lang.rules_page(cls)

    def __init__(self, players=1, options=None, rng=None, deal=None, first=-1):
        if players != 1:
            self.check_players(players)
        self.players = 1
        self.table_options = self.table(options)
        self.line = bytearray(LINE)
        self.stock = bytearray(COUNT)
        self.faceup = 0
        self.top = COUNT
        if deal is not None:
            order = bytes(deal)
            from pips.checks import check_deal

            check_deal(order, _ORDER, tiles.text)
            self._deal(order)
        elif rng is not None:
            if rng.__class__ is not Rng:
                rng = new_rng(rng)
            order = bytearray(_ORDER)
            rng.shuffle(order)
            self._deal(order)
        self.first = 0
        self.turn = 0
        self.laid = 0
        self.round = 0  # tiles laid this round
        self.left = -1
        self.right = -1
        self.lo = MID
        self.hi = MID
        self.winner = -1
        self.scores = [0]
        self.moves = 0

    def _deal(self, order):
        self.stock[:] = order
        m = 0
        for t in order[:FACEUP]:
            m |= 1 << t
        self.faceup = m
        self.top = FACEUP

    @classmethod
    def parse_deal(cls, text):
        return tiles.parse_list(text)

    @classmethod
    def next_first(cls, first, players, last=None):
        return 0

    @classmethod
    def match_over(cls, totals, options, hands_played):
        return True  # one deal is the whole game

    @property
    def hands(self):
        return [self.faceup]

    # -- the protocol --------------------------------------------------
    def legal(self, seat, out):
        if seat != self.turn:
            return 0
        return lay_moves(self.faceup, self.left, self.right, out)

    def play(self, seat, move):
        if seat != self.turn:
            if self.turn < 0:
                raise ValueError("the game is over")
            raise ValueError("Solitaire has one seat, 0, not %r" % (seat,))
        if type(move) is not int or move < 0 or move >= PASS:
            if move == PASS:
                raise ValueError("no passing in Solitaire: a face-up tile fits")
            raise ValueError("no such move in Solitaire: %r" % (move,))
        t = move >> 1
        bit = 1 << t
        if not self.faceup & bit:
            raise ValueError("%s is not face up" % tiles.text(t))
        left = self.left
        if left < 0:
            if move & 1 and HI[t] == LO[t]:
                raise ValueError("a double is laid one way only: play it as %s" % tiles.text(t))
            open_line(self, move)
        else:
            end = self.right if move & 1 else left
            if not WITH[end] & bit:
                raise ValueError(
                    "%s does not match the %s end (%d)"
                    % (tiles.text(t), "right" if move & 1 else "left", end)
                )
            place(self, t, move & 1, PIPS[t] - end)
        self.faceup ^= bit
        self.laid |= bit
        self.round += 1
        self.moves += 1
        if self.laid == ALL:
            self._finish(0)
            return
        fit = WITH[self.left] | WITH[self.right]
        if self.faceup & fit:
            return
        # the round is over: take back as many as were laid
        top = self.top
        k = min(self.round, COUNT - top)
        for i in range(top, top + k):
            self.faceup |= 1 << self.stock[i]
        self.top = top + k
        self.round = 0
        if not self.faceup & fit:
            self._finish(-1)

    def _finish(self, winner):
        self.turn = -1
        self.winner = winner
        self.scores[0] = 1 if winner == 0 else 0

    def utility(self, seat):
        """A rollout's value: a win far above the tiles laid."""
        n = tiles.count(self.laid)
        return 100 if n == COUNT else n

    def playout(self, rng, buf):
        """Play on with the greedy choice (the stock's order is the luck)."""
        while self.turn >= 0:
            n = self.legal(0, buf)
            if n == 1:
                self.play(0, buf[0])
                continue
            fit = 0
            for i in range(n):
                fit |= 1 << (buf[i] >> 1)
            t, side, far = choose(self.faceup, self.left, self.right, self.laid, fit)
            if self.left < 0:
                self.play(0, t * 2)
            else:
                self.play(0, t * 2 + side)

    # -- notation --------------------------------------------------------
    def move_text(self, move):
        """`6-3` opens (its first half on the left), `3-5 R`."""
        return domino.move_text(self.left, self.right, move)

    def parse_move(self, seat, text):
        words = text.strip().lower().split()
        if not words:
            raise ValueError("empty move")
        if words[0] in ("pass", "draw") and len(words) == 1:
            raise ValueError(
                "no %s in Solitaire: tiles are turned up by themselves when nothing fits" % words[0]
            )
        return domino.parse_lay(self.left, self.right, words, text)

    def move_piece(self, move):
        return move >> 1 if move < PASS else -1

    def after(self, move):
        """A key for what a lay leaves (pips.games.domino.after)."""
        return domino.after(self.left, self.right, move)

    # -- what is shown -----------------------------------------------------
    def info(self):
        out = domino.line_table(self, COUNT - self.top, (self.faceup,))
        out["faceup"] = tiles.mask_text(self.faceup)
        return out

    def results(self):
        """What the results screen adds (see pips.ui.results): won or lost,
        and the tiles laid."""
        from pips import lang

        card = self

        n = tiles.count(self.laid)
        if n == COUNT:
            return [lang.game_text(card, "won", lang.num(COUNT))], None
        return [lang.game_text(card, "lost", lang.num(n), lang.num(COUNT))], None

    def view(self, seat):
        return SoloView(self, seat)


class SoloView(LineView):
    """Everything but the stock's order: the line's view (pips.games.domino),
    its hand the face-up tiles (`hand`, `faceup`), the stock's size, and how
    many tiles this round has laid."""

    table_kind = "solo"
    move_text = Solo.move_text
    move_piece = Solo.move_piece
    after = Solo.after

    def __init__(self, game, seat):
        LineView.__init__(self, game, seat)
        self.faceup = game.faceup
        self.round = game.round
        self.top = game.top

    @property
    def stock(self):
        return COUNT - self.top

    def legal(self, out):
        if self.seat != self.turn:
            return 0
        return lay_moves(self.faceup, self.left, self.right, out)

    def unseen(self):
        """The stock's tiles (their order is the only thing hidden)."""
        return ALL & ~self.faceup & ~self.laid

    def sample(self, rng, world=None):
        """The game with the stock in a random order."""
        if world is None:
            world = Solo(1, self.table_options)
        rest = tiles.code_bytes(self.unseen())
        if len(rest) > 1:  # (Rng.shuffle of fewer than 2 items steps its state back)
            rng.shuffle(rest)
        world.stock[self.top :] = rest
        world.top = self.top
        world.faceup = self.faceup
        world.laid = self.laid
        world.round = self.round
        world.left = self.left
        world.right = self.right
        world.lo = self.lo
        world.hi = self.hi
        world.line[:] = self.line
        world.turn = self.turn
        world.moves = self.moves
        world.winner = -1
        world.scores[0] = 0
        return world


GAME = Solo
