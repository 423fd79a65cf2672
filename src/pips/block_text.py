"""Block's notation, the referee's table, refusal messages, what the screens ask
of a view, and the rare fallbacks of BlockView.sample: what a bots-only match
never needs, kept out of pips.block so that the device's heap holds less
(pips.block imports this module only when one of them is asked for)."""

from pips import tiles, tiles_text
from pips.tiles import HI, LO, PIPS, WITH, BIT_CODE, ALL, COUNT
from pips.block import PASS, DRAW, HAND


def move_text(game, move):
    """Block.move_text (and BlockView's): `6-3` opens (its first half on the
    left), `3-5 R` lays 3-5 with its 3 touching the right end, `pass`."""
    if move == PASS:
        return "pass"
    if move == DRAW:
        return "draw"
    hi = HI[move >> 1]
    lo = LO[move >> 1]
    side = move & 1
    if game.left < 0:
        # the opening tile: side 1 shows the smaller half on the left
        return "%d-%d" % ((lo, hi) if side else (hi, lo))
    if lo == (game.right if side else game.left):
        hi, lo = lo, hi  # the half touching the end first, as in `3-5 R`
    return "%d-%d %s" % (hi, lo, "LR"[side])


def line_pairs(line, lo, hi):
    """The line left to right as (left half, right half) pairs."""
    out = []
    for i in range(lo, hi):
        e = line[i]
        t = e >> 1
        out.append((LO[t], HI[t]) if e & 1 else (HI[t], LO[t]))
    return out


class ViewText:
    """BlockView's methods for the screens (see pips.game.View)."""

    def hand_list(self):
        """Own tiles in display order: heaviest first."""
        ts = tiles_text.codes(self.hand)
        ts.sort(key=lambda t: (PIPS[t], HI[t]), reverse=True)
        return ts

    def line_pairs(self):
        return line_pairs(self.line, self.lo, self.hi)

    @property
    def ends(self):
        return () if self.left < 0 else (self.left, self.right)


def refuse(why, a=0, b=0):
    """The ValueError Block.play raises for refusal `why` (a code of block.py's
    `_refuse` calls); tile arguments are codes."""
    if why == 0:
        text = "the hand is over"
    elif why == 1:
        text = "it is seat %d's turn, not seat %d's" % (a, b)
    elif why == 2:
        text = "the first tile must be laid: no pass"
    elif why == 3:
        text = "seat %d can lay a tile, so may not pass" % a
    elif why == 4:
        text = "no such move in Block: %r" % (a,)
    elif why == 5:
        text = "%s is not in seat %d's hand" % (tiles_text.text(a), b)
    elif why == 6:
        text = "a double is laid one way only: play it as %s" % tiles_text.text(a)
    else:
        end = "right" if why == 7 else "left"
        text = "%s does not match the %s end (%d)" % (tiles_text.text(a), end, b)
    return ValueError(text)


def parse_move(game, seat, text):
    """Block.parse_move: `6-3` opens, `3-5 R` / `5-3 L` lay at an end (the end
    may be left out when only one fits), `pass`."""
    words = text.strip().lower().split()
    if not words:
        raise ValueError("empty move")
    if words[0] == "pass" and len(words) == 1:
        return PASS
    if words[0] == "draw" and len(words) == 1:
        raise ValueError("there is no drawing in %s" % game.title)
    t, first_half = tiles_text.parse(words[0])
    if len(words) > 2:
        raise ValueError("a move is a tile and an end, like '3-5 R': %r" % text)
    if game.left < 0:
        if len(words) == 2:
            raise ValueError("the first tile opens both ends: write it alone, like 6-3")
        return t * 2 + (0 if first_half == HI[t] else 1)
    if len(words) == 2:
        side = "lr".find(words[1])
        if side < 0 or len(words[1]) != 1:
            raise ValueError("an end is L or R, not %r" % words[1])
        return t * 2 + side
    fits_l = WITH[game.left] >> t & 1
    fits_r = WITH[game.right] >> t & 1
    if fits_l and fits_r:
        raise ValueError("%s fits both ends: add L or R" % tiles_text.text(t))
    if not (fits_l or fits_r):
        raise ValueError(
            "%s matches neither end (%d, %d)" % (tiles_text.text(t), game.left, game.right)
        )
    return t * 2 + (1 if fits_r else 0)


def info(game):
    return {
        "hands": [tiles_text.mask_text(m) for m in game.hands],
        "stock": COUNT - HAND * game.players,
        "line": ["%d-%d" % p for p in line_pairs(game.line, game.lo, game.hi)],
        "ends": [] if game.left < 0 else [game.left, game.right],
    }


def give_fit(view, rng, hands, held):
    """Move one fitting tile from the stock to an opponent allowed to hold it,
    in exchange for one of theirs (the stock has no constraints); returns the
    new union of the opponents' hands."""
    opponents = view._plan[2]
    spare = view._plan[3] & ~held
    nobody = ALL
    for s, forbid in opponents:
        nobody &= forbid
    choices = tiles_text.codes(spare & ~nobody)
    if not choices:
        return held
    t = choices[rng.below(len(choices))]
    takers = [s for s, forbid in opponents if not forbid >> t & 1]
    if not takers:
        return held
    s = takers[rng.below(len(takers))]
    mine = tiles_text.codes(hands[s])
    out = mine[rng.below(len(mine))]
    hands[s] ^= (1 << out) | (1 << t)
    return held ^ (1 << out) ^ (1 << t)


def assign(view, rng, hands, opponents):
    """An exact deal when random dealing keeps running short: place the unseen
    tiles one by one, moving placed tiles between holders along an augmenting
    path when every holder allowed a tile is full (bipartite matching).
    Holder k < len(opponents) is an opponent, the last one the stock."""
    pool = tiles.code_bytes(view._plan[1])
    rng.shuffle(pool)
    count = len(opponents)
    room = [view.sizes[s] for s, _ in opponents]
    stock_room = len(pool) - sum(room)
    if stock_room < 0:
        return False
    room.append(stock_room)
    allow = [ALL & ~forbid for _, forbid in opponents]
    allow.append(ALL)
    held = [0] * (count + 1)

    seen = [0]  # holders already searched in this placement

    def place(t):
        bit = 1 << t
        for h in range(count + 1):
            if allow[h] & bit and room[h]:
                held[h] |= bit
                room[h] -= 1
                return True
        for h in range(count + 1):
            if allow[h] & bit and not seen[0] >> h & 1:
                seen[0] |= 1 << h
                m = held[h]
                while m:  # make room in h: move one of its tiles on
                    low = m & -m
                    m ^= low
                    held[h] ^= low
                    if place(BIT_CODE[low % 37]):
                        held[h] |= bit
                        return True
                    held[h] |= low
        return False

    for t in pool:
        seen[0] = 0
        if not place(t):
            return False
    for k in range(count):
        hands[opponents[k][0]] = held[k]
    return True
