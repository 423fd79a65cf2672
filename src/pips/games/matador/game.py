"""Matador, rules in docs/rules/matador.md.

Draw's hand (`pips.games.reserve.Reserve`) with another rule of fitting: the
touching halves add up to 7, and the matadors `0-0`, `6-1`, `5-2`, `4-3` go
anywhere, turned either way, for a player with no fitting ordinary tile. An
end showing 0 takes only a matador. 3 tiles are out of play, unseen until
the hand is over; 3 tiles each, the other 19 the reserve.

Moves: the opening is tile*2 + orientation as in Block; an ordinary tile
(not a matador) is tile*2 + side (its touching half is 7 less the end);
a matador is always laid with the half that touches named:
58 + 4*k + 2*side + flip, k its index in `0-0 4-3 5-2 6-1`, flip 0 when
the larger half touches, 1 the smaller (never for 0-0). Written `6-1 L`,
the touching half first. PASS 56, DRAW 57.
"""

from pips import const
from pips import tiles
from pips.games import domino
from pips.games.domino import PASS, DRAW
from pips.games.reserve import NO_SUCH_MOVE, NOT_IN_HAND, Reserve, ReserveView, refuse
from pips.tiles import BIT_CODE, COUNT, HI, LO, PIPS, WITH
from pips.games.matador import NAME, TITLE

# The game's own phrases per language (pips.lang.CODES: en, cs, pl, fa), each
# module's WORDS naming its rules page too (key "rules"): loaded when asked for.
WORDS = (
    "pips.games.matador.words_en",
    "pips.games.matador.words_cs",
    "pips.games.matador.words_pl",
    "pips.games.matador.words_fa",
)

MATADOR = const(58)  # the first matador move
MATS = bytes((0, 13, 17, 22))  # 0-0, 4-3, 5-2, 6-1
MATADORS = 1 | (1 << 13) | (1 << 17) | (1 << 22)
MAT_INDEX = bytes(MATS.find(bytes((t,))) & 3 for t in range(COUNT))
# Why a lay is refused, besides what Draw's and Matador's hands share
# (pips.games.reserve.refuse): _refuse(...) words it.
_BLANK_DOUBLE = const(0)
_MATADOR_WITH_FIT = const(1)
_MATADOR_HALF = const(2)
_NOT_SEVEN = const(3)

# ORD[v]: the tiles that may go on an end showing v by the rule of 7 (none on 0)
ORD = (0,) + tuple(WITH[7 - v] for v in range(1, 7))


def mat_move(t, side, near):
    """The move laying matador t at `side` with its half `near` touching."""
    return MATADOR + 4 * MAT_INDEX[t] + 2 * side + (near != HI[t])


class Matador(Reserve):
    name = NAME
    words = WORDS  # its phrases per language (pips.lang)
    title = TITLE
    hand_size = 3
    set_aside = 3
    max_moves = 74
    # (see Reserve.FIT) 7 less the end touches it (nothing shows 7: a 0 end
    # takes a matador only), and the matadors go anywhere
    FIT = ORD
    ANYWHERE = MATADORS
    TOUCH = bytes(7 - v for v in range(7))

    @classmethod
    def rules(cls):
        from pips import lang

        return lang.rules_page(cls)

    def fits(self, left, right):
        """The tiles a player may lay on ends left, right (a matador always)."""
        return ORD[left] | ORD[right] | MATADORS

    def _lays(self, hand, out):
        left = self.left
        right = self.right
        ol = ORD[left]
        orr = ORD[right]
        n = 0
        if hand & ~MATADORS & (ol | orr):
            fit = hand & (ol | orr)
            while fit:
                low = fit & -fit
                fit ^= low
                t = BIT_CODE[low % 37]
                if low & MATADORS:
                    if low & ol:
                        out[n] = mat_move(t, 0, 7 - left)
                        n += 1
                    if low & orr:
                        out[n] = mat_move(t, 1, 7 - right)
                        n += 1
                else:
                    if low & ol:
                        out[n] = t * 2
                        n += 1
                    if low & orr:
                        out[n] = t * 2 + 1
                        n += 1
            return n
        mats = hand & MATADORS
        while mats:
            low = mats & -mats
            mats ^= low
            t = BIT_CODE[low % 37]
            m = MATADOR + 4 * MAT_INDEX[t]
            for k in range(4) if t else (0, 2):
                out[n] = m + k
                n += 1
        return n

    def _attach(self, seat, hand, move):
        left = self.left
        right = self.right
        if move >= MATADOR:
            d = move - MATADOR
            t = MATS[d >> 2]
            side = d >> 1 & 1
            if d & 1 and not t:
                raise _refuse(self, _BLANK_DOUBLE, seat, move)
            if not hand >> t & 1:
                raise refuse(self, NOT_IN_HAND, seat, t * 2)
            near = LO[t] if d & 1 else HI[t]
            end = right if side else left
            if near + end == 7:
                return t, side, PIPS[t] - near, 0
            plain = ORD[left] | ORD[right]
            if hand & ~MATADORS & plain:
                raise _refuse(self, _MATADOR_WITH_FIT, seat, move)
            # laid whatever the pips: the seat shows it holds no ordinary tile that fits
            return t, side, PIPS[t] - near, plain & ~MATADORS
        t = move >> 1
        if t >= COUNT:
            raise refuse(self, NO_SUCH_MOVE, seat, move)
        if not hand >> t & 1:
            raise refuse(self, NOT_IN_HAND, seat, t * 2)
        side = move & 1
        if (1 << t) & MATADORS:
            raise _refuse(self, _MATADOR_HALF, seat, move)
        end = right if side else left
        if HI[t] + end == 7:
            return t, side, LO[t], 0
        if LO[t] + end == 7:
            return t, side, HI[t], 0
        raise _refuse(self, _NOT_SEVEN, seat, move)

    def utility(self, seat):
        """A finished rollout's worth to the smart bot (pips.bots.SmartBot):
        the hand won 1, lost -1, tied 0, plus the pips the other hand is left
        with less the seat's own. At the device's few rollouts a move that
        wins by more, or loses by less, is told apart from the rest where
        won or lost alone would show no difference (docs/figures.md)."""
        hands = self.hands
        scores = self.scores
        return scores[seat] - scores[1 - seat] + tiles.pips(hands[1 - seat]) - tiles.pips(hands[seat])

    def _placed(self, move):
        if move >= MATADOR:
            d = move - MATADOR
            t = MATS[d >> 2]
            near = LO[t] if d & 1 else HI[t]
            return t, d >> 1 & 1, PIPS[t] - near
        t = move >> 1
        if self.left < 0:
            return t, 0, 0
        end = self.right if move & 1 else self.left
        return t, move & 1, PIPS[t] - (7 - end)

    # -- notation --------------------------------------------------------
    def move_text(self, move):
        """`5-3` opens (its first half on the left); `4-2 R`, `6-1 L`,
        `0-0 R` attach with the touching half first; `draw`, `pass`."""
        if move == PASS or move == DRAW or self.left < 0:
            return domino.move_text(self.left, self.right, move)
        t, side, far = self._placed(move)
        return "%d-%d %s" % (PIPS[t] - far, far, "LR"[side])

    def _parse_lay(self, seat, words, text):
        """A lay from its words (Reserve.parse_move's): an ordinary tile as
        `4-2 R` (the end may be left out when only one fits); a matador with
        the half that touches written first, `6-1 L`, `0-0 R`."""
        left = self.left
        right = self.right
        if left < 0:
            return domino.parse_lay(-1, -1, words, text)
        t, first = tiles.parse(words[0])
        if len(words) > 2:
            raise ValueError("a move is a tile and an end, like '4-2 R': %r" % text)
        side = -1
        if len(words) == 2:
            side = "lr".find(words[1])
            if side < 0 or len(words[1]) != 1:
                raise ValueError("an end is L or R, not %r" % words[1])
        if not (1 << t) & MATADORS:
            if side >= 0:
                return t * 2 + side
            fits_l = ORD[left] >> t & 1
            fits_r = ORD[right] >> t & 1
            if fits_l and fits_r:
                raise ValueError("%s fits both ends: add L or R" % tiles.text(t))
            if not (fits_l or fits_r):
                raise ValueError("%s makes 7 with neither end (%d, %d)" % (tiles.text(t), left, right))
            return t * 2 + (1 if fits_r else 0)
        # a matador: the moves open to this seat with it, at the end named,
        # with the half written first touching where that leaves any
        buf = bytearray(self.max_moves)
        n = self._moves(self.hands[seat], buf) if 0 <= seat < self.players else 0
        found = []
        for i in range(n):
            m = buf[i]
            if m >= MATADOR and MATS[(m - MATADOR) >> 2] == t:
                if side < 0 or (m - MATADOR) >> 1 & 1 == side:
                    found.append(m)
        touching = [m for m in found if PIPS[t] - self._placed(m)[2] == first]
        if touching:
            found = touching
        if len(found) == 1:
            return found[0]
        if found:
            raise ValueError("%s can go on either end: add L or R" % tiles.text(t))
        if side < 0:
            raise ValueError("%s cannot be laid now" % tiles.text(t))
        # not open to this seat: the move as written, for play() to refuse
        return mat_move(t, side, first)

    # -- what is shown -----------------------------------------------------
    def results(self):
        """What the results screen adds (see pips.ui.results): the tiles out of play."""
        from pips import lang

        return [lang.game_text(self, "out_of_play", " ".join(tiles.mask_text(self.out)))], None

    def view(self, seat):
        return MatadorView(self, seat)


def _refuse(game, reason, seat, move):
    """The ValueError refusing Matador's lay `move` from `seat`, for one of
    the reasons _BLANK_DOUBLE .. _NOT_SEVEN."""
    if reason == _BLANK_DOUBLE:
        side = (move - MATADOR) >> 1 & 1
        text = "the blank double is laid one way only: 0-0 %s" % "LR"[side]
    elif reason == _MATADOR_WITH_FIT:
        text = ("seat %d holds a tile that fits: a matador goes anywhere only for a "
                "player with none" % seat)
    elif reason == _MATADOR_HALF:
        t = move >> 1
        text = "a matador is laid with the half that touches written first, like %d-%d %s" % (
            HI[t], LO[t], "LR"[move & 1])
    else:  # _NOT_SEVEN
        t = move >> 1
        side = move & 1
        text = "%s does not make 7 with the %s end (%d)" % (
            tiles.text(t), "right" if side else "left", game.right if side else game.left)
    return ValueError(text)


class MatadorView(ReserveView):
    table_kind = "matador"  # its tiles are every domino game's (ReserveView's piece_kind)
    set_aside = 3
    fits = Matador.fits
    _lays = Matador._lays
    _placed = Matador._placed
    move_text = Matador.move_text


GAME = Matador
