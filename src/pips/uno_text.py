"""What the screens show of UNO: card and move text, match ranks. A bots-only
match never needs it, so it is kept out of pips.uno and the device's heap holds
less; at a table it comes and goes (Uno.text_module): nothing here is kept by
a view or a class. Reading moves and the rare resignation (pips.uno_parse) and
the rules page (pips.uno_rules) are modules of their own: loaded while a table
shows, this one stays small."""

from pips.cards import COLOR, COLORS, RANK, WILD, WILD4, NO_COLOR
from pips.compat import const
from pips.uno import DRAW, CHALLENGE, COLOR_MOVE, UNO, RESIGN, CATCH
from pips.uno import _card

_CALL = const(64)  # pips.uno's UNO flag on a card move
_NAMES = ("draw", "keep", "accept", "challenge")  # DRAW .. CHALLENGE
_RANKS = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "S", "V", "+2")


def card_text(kind, color=NO_COLOR):
    """pips.cards.text: `R7`, `GS`, `Y+2`, `W`, `W+4`; with a chosen colour for
    a wild, `W:G`. Written here, next to the moves, and not in a module of its
    own: a table always needs both (pips.cards_parse reads it back)."""
    if kind == WILD:
        s = "W"
    elif kind == WILD4:
        s = "W+4"
    else:
        return COLORS[COLOR[kind]] + _RANKS[RANK[kind]]
    if color < NO_COLOR:
        s += ":" + COLORS[color]
    return s


def move_text(game, move):
    """Uno.move_text (and UnoView's): `R7`, `W+4:G`, `R7 uno`, `draw`, `catch 2`..."""
    if move < DRAW:
        kind, color = _card(move)
        if kind < 0:
            return "?%d" % move
        s = card_text(kind, color if kind >= WILD else NO_COLOR)
        return s + " uno" if move & _CALL else s
    if move >= CATCH:
        return "catch %d" % (move - CATCH)
    if COLOR_MOVE <= move < COLOR_MOVE + 4:
        return "color " + COLORS[move - COLOR_MOVE]
    if move <= CHALLENGE:
        return _NAMES[move - DRAW]
    if move == UNO:
        return "uno"
    if move == RESIGN:
        return "resign"
    return "?%d" % move


def match_ranks(match):
    """Standard: by totals. Single hand: the hand's winner first, the rest by
    fewest card points left in hand. Resigned seats last either way."""
    from pips.match import ranks

    game = match.game
    last = match.resigned
    if match.options.get("mode") != "single" or game is None:
        return ranks(match.totals, last)
    n = match.players
    keys = []
    for s in range(n):
        keys.append(1 if s == game.winner else -(1000 + game.hand_points(s)))
    return ranks(keys, last)
