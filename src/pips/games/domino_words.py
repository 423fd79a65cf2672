"""The domino games' words that only a desktop needs: reading a lay written
out (`6-3`, `3-5 R`), the line as the referee writes it, the referee's
table of every game with a line (the hands, the stock, the line, its ends),
and, for Draw and Matador (pips.games.reserve), the parse of a move and why
a move is refused. Imported when first asked, so a handheld, whose
screens offer legal moves only, never holds them (as pips.games.uno_words
for UNO). Matador's, Bergen's and Domino Uno's parse (and the last two's
table) take their move codes from the game, as uno_words takes UNO's: this
module imports no game.
"""

from pips import tiles
from pips.games.domino import DRAW, PASS, line_pairs
from pips.tiles import HI, LO, WITH, code


def parse_tile(s):
    """(code, first half) of a tile written `a-b` in either order; ValueError if malformed."""
    s = s.strip()
    if len(s) != 3 or s[1] != "-" or not ("0" <= s[0] <= "6") or not ("0" <= s[2] <= "6"):
        raise ValueError("not a tile: %r (write it like 6-3)" % s)
    a = ord(s[0]) - 48
    b = ord(s[2]) - 48
    return code(a, b), a


def parse_tiles(s):
    """A list of tile codes from `6-3 5-5 ...` (spaces or commas between): a
    stacked deal written out (each game's parse_deal)."""
    out = []
    for word in s.replace(",", " ").split():
        out.append(parse_tile(word)[0])
    return out


def parse_lay(left, right, words, text, fits=None):
    """A lay move from its words: `6-3` opens, `3-5 R` / `5-3 L` lay at an end
    (the end may be left out when only one fits). `fits(t, end)` says whether
    tile t may go on an end showing `end` (equal pips by default)."""
    t, first_half = parse_tile(words[0])
    if len(words) > 2:
        raise ValueError("a move is a tile and an end, like '3-5 R': %r" % text)
    if left < 0:
        if len(words) == 2:
            raise ValueError("the first tile opens both ends: write it alone, like 6-3")
        return t * 2 + (0 if first_half == HI[t] else 1)
    if len(words) == 2:
        side = "lr".find(words[1].lower())
        if side < 0 or len(words[1]) != 1:
            raise ValueError("an end is L or R, not %r" % words[1])
        return t * 2 + side
    if fits is None:
        fits_l = WITH[left] >> t & 1
        fits_r = WITH[right] >> t & 1
    else:
        fits_l = fits(t, left)
        fits_r = fits(t, right)
    if fits_l and fits_r:
        raise ValueError("%s fits both ends: add L or R" % tiles.text(t))
    if not (fits_l or fits_r):
        raise ValueError("%s matches neither end (%d, %d)" % (tiles.text(t), left, right))
    return t * 2 + (1 if fits_r else 0)


def line_texts(line, lo, hi):
    """The line as the referee writes it: each tile left half first, as it lies."""
    return ["%d-%d" % p for p in line_pairs(line, lo, hi)]


def line_table(game, stock, hands=None):
    """The referee's table of a game with a line: the hands (the game's, or
    the masks given), the tiles left in the stock, the line as it lies and
    its two ends."""
    return {
        "hands": [tiles.mask_text(m) for m in (game.hands if hands is None else hands)],
        "stock": stock,
        "line": line_texts(game.line, game.lo, game.hi),
        "ends": [] if game.left < 0 else [game.left, game.right],
    }


# -- Draw and Matador (pips.games.reserve) ----------------------------------------
def reserve_table(game):
    """Reserve.info: the line's table with the reserve's size as the stock;
    Matador's adds the tiles out of play (`out`) once the hand is over and
    they are shown."""
    out = line_table(game, game.reserve)
    if game.set_aside and game.turn < 0:
        out["out"] = tiles.mask_text(game.out)
    return out


def parse_move(game, seat, text):
    """Reserve.parse_move: `6-3` opens, `3-5 R` / `5-3 L` lay at an end (the
    end may be left out when only one fits), `draw`, `pass`."""
    words = text.strip().lower().split()
    if not words:
        raise ValueError("empty move")
    if len(words) == 1 and words[0] == "pass":
        return PASS
    if len(words) == 1 and words[0] == "draw":
        return DRAW
    return game._parse_lay(seat, words, text)


def refusal(game, reason, seat, move):
    """The ValueError of Reserve.play (and of Draw's and Matador's lays) or
    of Domino Uno's refusing `move` from `seat`;
    `reason` numbers the reasons as pips.games.reserve's _NO_SUCH_MOVE ..
    _NOT_AT_END (0..9), Matador's (23..26) and Domino Uno's (10..22)."""
    if reason >= 10:
        return ValueError(_REFUSED[reason - 10] % _refusal_args(game, reason, seat, move))
    t = move >> 1 if type(move) is int else -1
    word = "draw" if move == DRAW else "pass"
    if reason == 0:
        text = "no such move in %s: %r" % (game.title, move)
    elif reason == 1:
        text = "the hand is over"
    elif reason == 2:
        text = "it is seat %d's turn, not seat %d's" % (game.turn, seat)
    elif reason == 3:
        text = "the first tile must be laid: no %s" % word
    elif reason == 4:
        text = "seat %d can lay a tile, so may not %s" % (seat, word)
    elif reason == 5:
        text = "the reserve is empty: pass"
    elif reason == 6:
        text = "the reserve is not empty: draw"
    elif reason == 7:
        text = "%s is not in seat %d's hand" % (tiles.text(t), seat)
    elif reason == 8:
        text = "a double is laid one way only: play it as %s" % tiles.text(t)
    else:  # 9
        end = game.right if move & 1 else game.left
        text = "%s does not match the %s end (%d)" % (
            tiles.text(t),
            "right" if move & 1 else "left",
            end,
        )
    return ValueError(text)


# Refusals 10.. (Domino Uno's, then Matador's): the text, and its arguments
# from _refusal_args
_REFUSED = (
    "no seat %r at a %d-player table",
    "seat %d has no missed uno to call",
    "seat %d cannot be caught now",
    "a seat cannot catch itself: call uno",
    "after drawing only the drawn tile (%s) may be laid",
    "%s was just taken back: lay a tile held before",
    "uno is called with the second-to-last tile only",
    "keep only after drawing a tile that fits",
    "%s",
    "there is no passing in Domino Uno: draw, or take back",
    "seat %d has a tile that fits: lay it",
    "the stock is empty: take back from an end",
    "take back only when the stock is empty: draw",
    "the blank double is laid one way only: 0-0 %s",
    "seat %d holds a tile that fits: a matador goes anywhere only for a player with none",
    "a matador is laid with the half that touches written first, like %d-%d %s",
    "%s does not make 7 with the %s end (%d)",
)


def _refusal_args(game, reason, seat, move):
    if reason == 10:
        return (seat, game.players)
    if reason == 11 or reason == 20 or reason == 24:
        return seat
    if reason == 12:
        return move  # the seat to catch
    if reason == 14:
        return tiles.text(game.drawn)
    if reason == 15:
        return tiles.text(move >> 1)
    if reason == 18:  # what the seat was asked (DRAWN: 1)
        if game.ask == 1:
            return "lay the drawn tile or keep it"
        return "lay a tile held before the take-back"
    if reason == 23:  # the side, 0 or 1
        return "LR"[move]
    t = move >> 1
    if reason == 25:
        return (HI[t], LO[t], "LR"[move & 1])
    if reason == 26:
        side = move & 1
        return (tiles.text(t), "right" if side else "left", game.right if side else game.left)
    return ()


# -- Domino Uno (pips.games.domino_uno) ----------------------------------------------
def parse_domino_uno(game, text, codes):
    """DominoUno.parse_move. `codes`: its moves KEEP, UNO, TAKE_L (TAKE_R the
    next), CATCH (+ the seat) and the CALL flag on a lay."""
    keep, uno, take, catch, call = codes
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
            return keep
        if w == "uno":
            return uno
    if w == "take":
        if len(words) != 2 or words[1] not in ("l", "r"):
            raise ValueError("take back from an end: take L or take R")
        return take + (words[1] == "r")
    if w == "catch":
        if len(words) != 2:
            raise ValueError("catch a seat: catch 2")
        try:
            t = int(words[1])
        except ValueError:
            raise ValueError("not a seat: %r" % words[1])
        if not 0 <= t < game.players:
            raise ValueError("no seat %d at a %d-player table" % (t, game.players))
        return catch + t
    if w in ("pass", "draw", "keep", "uno"):
        raise ValueError("%s takes nothing after it: %r" % (w, text))
    flag = 0
    if len(words) > 1 and words[-1] == "uno":
        flag = call
        words = words[:-1]
    return parse_lay(game.left, game.right, words, text) + flag


def info_domino_uno(game, pending):
    """DominoUno.info: the referee's table (`pending`: the game's words for
    what it asks of the seat to act)."""
    out = line_table(game, game.nstock)
    out["uno"] = [s for s in range(game.players) if game.called[s] and tiles.count(game.hands[s]) == 1]
    out["catchable"] = game.catchable if game.catchable >= 0 else None
    out["taken"] = tiles.mask_text(game.taken)
    out["pending"] = pending[game.ask]
    out["turns"] = game.turns
    out["leader"] = game.first
    return out


# -- Bergen (pips.games.bergen) ------------------------------------------------------
def parse_bergen(game, text, codes):
    """Bergen.parse_move. `codes`: its PASS and OPEN moves (OPEN is 6-6's
    code times 4), SIXES (the tiles with a 6 that open an arm) and ARMS (the
    arms' letters, a move's arm being its code's low 2 bits)."""
    pass_, open_, sixes, arms = codes
    phase = game.phase
    ends = game.ends
    words = text.strip().lower().split()
    if not words:
        raise ValueError("empty move")
    if words[0] == "pass" and len(words) == 1:
        return pass_
    if len(words) > 2:
        raise ValueError("a move is a tile and an arm, like '6-3 N': %r" % text)
    t, _ = parse_tile(words[0])
    if t * 4 == open_:
        if len(words) == 2:
            raise ValueError("6-6 is the centre: write it alone")
        return open_
    if phase == 0:
        raise ValueError("the hand opens with 6-6 in the centre")
    if len(words) == 2:
        a = arms.lower().find(words[1])
        if a < 0 or len(words[1]) != 1:
            raise ValueError("an arm is N, E, S or W, not %r" % words[1])
        return t * 4 + a
    fits = []
    for a in range(4):
        if phase == 1 and ends[a] < 0 and (1 << t) & sixes:
            fits.append(a)
        elif phase == 2 and (1 << t) & WITH[ends[a]]:
            fits.append(a)
    if not fits:
        if phase == 1:
            raise ValueError("the cross takes tiles with a 6, not %s" % tiles.text(t))
        raise ValueError("%s matches no arm's end" % tiles.text(t))
    if len(fits) > 1:
        raise ValueError(
            "%s fits the %s arms: add the arm" % (tiles.text(t), ", ".join(arms[a] for a in fits))
        )
    return t * 4 + fits[0]


def info_bergen(game, stock, arms):
    """Bergen.info: the referee's table (`stock`: the tiles left undealt,
    `arms`: the arms' letters)."""
    table = {}
    for a in range(4):
        table[arms[a]] = {
            "tiles": ["%d-%d" % p for p in game.arm_pairs(a)],
            "end": game.ends[a] if game.ends[a] >= 0 else None,
        }
    return {
        "hands": [tiles.mask_text(m) for m in game.hands],
        "stock": stock,
        "centre": "6-6" if game.phase else None,
        "arms": table,
        "phase": game.phase,
        "bank": game.bank,
        "chips": list(game.chips),
        "playing": [s for s in range(game.players) if game.playing[s]],
        "places": list(game.place),
        "prizes": list(game.prizes),
    }


# -- Matador (pips.games.matador) ----------------------------------------------------
def parse_matador_lay(game, seat, words, text, codes):
    """Matador._parse_lay: a lay from its words. `codes`: MATADORS (their
    mask), ORD (per end, the tiles that make 7 with it), MATADOR (the first
    matador move), MATS (the matadors' codes) and mat_move(t, side, near)."""
    matadors, ord_, first_matador, mats, mat_move = codes
    left = game.left
    right = game.right
    if left < 0:
        return parse_lay(-1, -1, words, text)
    t, first = parse_tile(words[0])
    if len(words) > 2:
        raise ValueError("a move is a tile and an end, like '4-2 R': %r" % text)
    side = -1
    if len(words) == 2:
        side = "lr".find(words[1])
        if side < 0 or len(words[1]) != 1:
            raise ValueError("an end is L or R, not %r" % words[1])
    if not (1 << t) & matadors:
        if side >= 0:
            return t * 2 + side
        fits_l = ord_[left] >> t & 1
        fits_r = ord_[right] >> t & 1
        if fits_l and fits_r:
            raise ValueError("%s fits both ends: add L or R" % tiles.text(t))
        if not (fits_l or fits_r):
            raise ValueError("%s makes 7 with neither end (%d, %d)" % (tiles.text(t), left, right))
        return t * 2 + (1 if fits_r else 0)
    # a matador: the moves open to this seat with it, at the end named,
    # with the half written first touching where that leaves any
    buf = bytearray(game.max_moves)
    n = game._moves(game.hands[seat], buf) if 0 <= seat < game.players else 0
    found = []
    for i in range(n):
        m = buf[i]
        if m >= first_matador and mats[(m - first_matador) >> 2] == t:
            if side < 0 or (m - first_matador) >> 1 & 1 == side:
                found.append(m)
    touching = [m for m in found if tiles.PIPS[t] - game._placed(m)[2] == first]
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
