"""Draw (Domino se zálohou), rules in docs/rules/draw.md.

Block with a reserve: 7 tiles each, the other 14 the reserve. A seat with no
tile that fits draws one tile at a time (the move `draw`, the seat stays on
turn) until one fits, and lays in the same turn; with the reserve empty it
passes. The hand, its end and the match are `pips.games.reserve.Reserve`'s;
this module says what fits (equal pips, as in Block) and how it is written.

A move is tile*2 + side as in Block (on the empty line the side is the
orientation); PASS 56, DRAW 57.
"""

from pips import tiles
from pips.games import domino
from pips.games.domino import lay_moves
from pips.games.reserve import NO_SUCH_MOVE, NOT_IN_HAND, Reserve, ReserveView, refuse
from pips.tiles import COUNT, PIPS, WITH
from pips.games.draw import NAME, TITLE

# The game's own phrases per language (pips.lang.CODES: en, cs, pl, fa), each
# module's WORDS naming its rules page too (key "rules"): loaded when asked for.
WORDS = (
    "pips.games.draw.words_en",
    "pips.games.draw.words_cs",
    "pips.games.draw.words_pl",
    "pips.games.draw.words_fa",
)



class Draw(Reserve):
    name = NAME
    words = WORDS  # its phrases per language (pips.lang)
    title = TITLE
    hand_size = 7
    set_aside = 0
    # (see Reserve.FIT) equal pips touch; nothing goes anywhere
    FIT = WITH
    ANYWHERE = 0
    TOUCH = bytes(range(7))

    @classmethod
    def rules(cls):
        from pips import lang

        return lang.rules_page(cls)

    def fits(self, left, right):
        """The tiles that may be laid on ends left, right."""
        return WITH[left] | WITH[right]

    def _lays(self, hand, out):
        if not hand & (WITH[self.left] | WITH[self.right]):
            return 0
        return lay_moves(hand, self.left, self.right, out)

    def _attach(self, seat, hand, move):
        t = move >> 1
        if t >= COUNT:
            raise refuse(self, NO_SUCH_MOVE, seat, move)
        if not hand >> t & 1:
            raise refuse(self, NOT_IN_HAND, seat, move)
        end = self.right if move & 1 else self.left
        if not WITH[end] >> t & 1:
            # Draw's own refusal: equal pips touch
            side = "right" if move & 1 else "left"
            raise ValueError("%s does not match the %s end (%d)" % (tiles.text(t), side, end))
        return t, move & 1, PIPS[t] - end, 0

    def move_text(self, move):
        """`6-3` opens (its first half on the left), `3-5 R`, `draw`, `pass`."""
        return domino.move_text(self.left, self.right, move)

    def _parse_lay(self, seat, words, text):
        return domino.parse_lay(self.left, self.right, words, text)

    def view(self, seat):
        return DrawView(self, seat)


class DrawView(ReserveView):
    set_aside = 0
    fits = Draw.fits
    _lays = Draw._lays
    _placed = Draw._placed
    move_text = Draw.move_text


GAME = Draw
