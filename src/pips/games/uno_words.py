"""UNO's words that only a desktop needs: reading a move written out
(Uno.parse_move), the referee's table (Uno.info) and why a move is refused
(the ValueError of Uno.play). Imported when first asked, so a handheld,
whose screens offer legal moves only, never holds them.
"""

from pips import cards

# The words read as moves, in the order of the move codes Uno.parse_move hands
# over (this module takes UNO's vocabulary from the game, it does not import it)
_WORDS = ("draw", "keep", "accept", "challenge", "uno", "resign")


def parse_move(self, seat, text, codes):
    """Uno.parse_move: `R7`, `W:G`, `R7 uno`, `draw`, `catch 2`, `color G`... (any case).
    `codes`: the moves DRAW, KEEP, ACCEPT, CHALLENGE, UNO, RESIGN, COLOR_MOVE, CATCH."""
    typed = text.split()
    if not typed:
        raise ValueError("empty move")
    words = [word.lower() for word in typed]
    w = words[0]
    if w in _WORDS:
        if len(words) > 1:
            raise ValueError("%s takes nothing after it: %r" % (w, text))
        return codes[_WORDS.index(w)]
    if w == "color" or w == "colour":
        if len(words) != 2:
            raise ValueError("name one colour: color R, Y, G or B")
        return codes[6] + color_code(typed[1])
    if w == "catch":
        if len(words) != 2:
            raise ValueError("catch a seat: catch 2")
        digits = words[1]
        t = int(digits) if 0 < len(digits) < 3 and all("0" <= c <= "9" for c in digits) else -1
        if t < 0:
            raise ValueError("not a seat: %r" % typed[1])
        if not 0 <= t < self.players:
            raise ValueError("no seat %d at a %d-player table" % (t, self.players))
        return codes[7] + t
    kind, color = parse_card(typed[0])
    if len(words) > 2 or (len(words) == 2 and words[1] != "uno"):
        raise ValueError("a card move is a card, then uno or nothing: %r" % text)
    if kind >= 52:
        if color >= 4:
            raise ValueError("a wild names its colour: %s:G" % cards.text(kind))
        move = (52 if kind == 52 else 56) + color
    else:
        move = kind
    return move | 64 if len(words) == 2 else move


def info(self, pending):
    """Uno.info: the whole table for the referee; `pending` words what the seat
    to act must answer, by the game's `ask`."""
    return {
        "hands": [[cards.text(k) for k in self.hand_kinds(s)] for s in range(self.players)],
        "stock": self.nstock,
        "top": cards.text(self.top),
        "color": cards.COLORS[self.color] if self.color < 4 else None,
        "direction": self.direction,
        "dealer": self.dealer,
        "uno": [s for s in range(self.players) if self.sizes[s] == 1 and self.called[s]],
        "catchable": self.catchable if self.catchable >= 0 else None,
        "pending": pending[self.ask],
        "discard": self.npile,
        "resigned": [s for s in range(self.players) if self.out[s]],
    }


def refusal(game, reason, seat, move, pending, catch):
    """The ValueError of Uno.play refusing `move` from `seat`;
    `reason` numbers the reasons as _NO_SUCH_MOVE .. _NOT_TURN (0..14);
    `pending` as info() takes it, `catch` the code of catching seat 0."""
    kind = game.move_piece(move) if reason else -1
    if reason == 0:
        text = "no such move in UNO: %r" % (move,)
    elif reason == 1:
        text = "seat %d must answer first (%s)" % (seat, pending[game.ask])
    elif reason == 2:
        text = "%s is not in seat %d's hand" % (cards.text(kind), seat)
    elif reason == 3:
        text = "after drawing only the drawn card (%s) may be played" % cards.text(game.drawn)
    elif reason == 4:
        text = "%s does not match %s on %s" % (
            cards.text(kind),
            cards.COLORS[game.color],
            cards.text(game.top),
        )
    elif reason == 5:
        text = "UNO is called with the second-to-last card only"
    elif reason == 6:
        text = "keep only after drawing a playable card"
    elif reason == 7:
        text = "%s answers a +4 only" % game.move_text(move)
    elif reason == 8:
        text = "a colour is named this way only for a first card W"
    elif reason == 9:
        text = "the hand is over"
    elif reason == 10:
        text = "seat %r is not in the hand" % (seat,)
    elif reason == 11:
        text = "seat %d has no missed UNO to call" % seat
    elif reason == 12:
        text = "seat %d cannot be caught now" % (move - catch)
    elif reason == 13:
        text = "a seat cannot catch itself: call uno"
    else:
        text = "it is seat %d's turn, not seat %d's" % (game.turn, seat)
    return ValueError(text)


# -- cards written out ---------------------------------------------------------
def color_code(letter):
    i = cards.COLORS.find(letter.upper()) if len(letter) == 1 else -1
    if i < 0:
        raise ValueError("not a colour: %r (R, Y, G or B)" % letter)
    return i


def parse_card(s):
    """(kind, chosen colour or cards.NO_COLOR) from `R7`, `W+4:R`...; ValueError if malformed."""
    typed = s.strip()
    s = typed.upper()
    color = cards.NO_COLOR
    if ":" in s:
        s, c = s.split(":", 1)
        color = color_code(c)
        typed = typed[: len(s)]
    if s == "W":
        return cards.WILD, color
    if s == "W+4":
        return cards.WILD4, color
    if color != cards.NO_COLOR:
        raise ValueError("only a wild names a colour: %r" % typed)
    if len(s) >= 2:
        c = cards.COLORS.find(s[0])
        rank = s[1:]
        if c >= 0 and rank in cards.RANKS:
            return c * 13 + cards.RANKS.index(rank), cards.NO_COLOR
    raise ValueError("not a card: %r (write it like R7, GS, BV, Y+2, W:G, W+4:R)" % typed)


def parse_cards(s):
    """Kinds from `R7 GS W+4 ...` (spaces or commas between)."""
    return [parse_card(w)[0] for w in s.replace(",", " ").split()]
