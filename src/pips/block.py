"""Block (Slepá ulička), rules in shared/rules/block.md.

State: one tile mask per hand, the union of the hands (`held`), the laid mask,
the two open ends, and the line as a bytearray of laid entries. A move is
tile*2 + side: side 0 lays at the left end, 1 at the right; on the empty line
the side is the orientation (0: larger half on the left). PASS is 56.
"""

from pips.compat import const
from pips.game import Game, new_rng
from pips.tiles import HI, LO, PIPS, WITH, BIT_CODE, ALL, COUNT
from pips import tiles

PASS = const(56)
DRAW = const(57)  # no drawing in Block; the games with a stock use it
HAND = const(7)
_MID = const(28)  # the opening entry's index in the line buffer
_ORDER = bytes(range(COUNT))


def lay_moves(hand, left, right, out):
    """Write the moves of a seat holding `hand` on ends left, right into out."""
    n = 0
    if left < 0:
        while hand:
            low = hand & -hand
            hand ^= low
            t = BIT_CODE[low]
            out[n] = t * 2
            n += 1
            if HI[t] != LO[t]:
                out[n] = t * 2 + 1
                n += 1
        return n
    wl = WITH[left]
    wr = WITH[right]
    hand &= wl | wr
    if not hand:
        out[0] = PASS
        return 1
    while hand:
        low = hand & -hand
        hand ^= low
        t = BIT_CODE[low] * 2
        if low & wl:
            out[n] = t
            n += 1
        if low & wr:
            out[n] = t + 1
            n += 1
    return n


class Block(Game):
    name = "block"
    title = "Block"
    min_players = 2
    max_players = 4
    options = (("target", 100, (50, 100)),)
    max_moves = 58
    stacked_size = 28

    def __init__(self, players=2, options=None, rng=None, deal=None, first=-1):
        self.check_players(players)
        self.players = players
        self.table_options = self.table(options)
        self.hands = [0] * players
        self.lacks = bytearray(players)  # per seat, bit v: seen passing on an end v
        self.line = bytearray(2 * COUNT)
        self.scores = [0] * players
        if rng is None and deal is None:
            self._clear(0)  # a blank hand for View.sample to fill
            return
        rng = new_rng(rng) if rng is not None else None
        if deal is None:
            order = bytearray(_ORDER)
            rng.shuffle(order, COUNT, HAND * players)
        else:
            order = bytes(deal)
            self.check_deal(order, range(COUNT))
        for seat in range(players):
            m = 0
            for t in order[seat * HAND : seat * HAND + HAND]:
                m |= 1 << t
            self.hands[seat] = m
        if first < 0:
            first = rng.below(players) if rng is not None else 0
        self._clear(first)

    def _clear(self, first):
        self.first = first
        self.turn = first
        self.held = 0
        for m in self.hands:
            self.held |= m
        self.laid = 0
        self.left = -1
        self.right = -1
        self.lo = _MID
        self.hi = _MID
        self.winner = -1
        self.moves = 0
        for s in range(self.players):
            self.scores[s] = 0
            self.lacks[s] = 0

    @classmethod
    def parse_deal(cls, text):
        return tiles.parse_list(text)

    # -- the protocol --------------------------------------------------
    def legal(self, seat, out):
        if seat != self.turn:
            return 0
        return lay_moves(self.hands[seat], self.left, self.right, out)

    def play(self, seat, move):
        if seat != self.turn:
            if self.turn < 0:
                raise ValueError("the hand is over")
            raise ValueError("it is seat %d's turn, not seat %d's" % (self.turn, seat))
        left = self.left
        right = self.right
        hand = self.hands[seat]
        if move == PASS:
            if left < 0:
                raise ValueError("the first tile must be laid: no pass")
            if hand & (WITH[left] | WITH[right]):
                raise ValueError("seat %d can lay a tile, so may not pass" % seat)
            self.lacks[seat] |= (1 << left) | (1 << right)
            self.moves += 1
            seat += 1
            self.turn = seat if seat < self.players else 0
            return
        if not 0 <= move < PASS:
            raise ValueError("no such move in Block: %r" % (move,))
        t = move >> 1
        bit = 1 << t
        if not hand & bit:
            raise ValueError("%s is not in seat %d's hand" % (tiles.text(t), seat))
        hi = HI[t]
        lo = LO[t]
        if left < 0:
            if move & 1:
                if hi == lo:
                    raise ValueError("a double is laid one way only: play it as %s" % tiles.text(t))
                left, right = lo, hi
                self.line[_MID] = move
            else:
                left, right = hi, lo
                self.line[_MID] = move
            self.hi = _MID + 1
        elif move & 1:
            if not WITH[right] & bit:
                raise ValueError("%s does not match the right end (%d)" % (tiles.text(t), right))
            # laid with the touching half on the left: flag 1 when that is the low half
            if lo == right and hi != lo:
                self.line[self.hi] = t * 2 + 1
                right = hi
            else:
                self.line[self.hi] = t * 2
                right = lo
            self.hi += 1
        else:
            if not WITH[left] & bit:
                raise ValueError("%s does not match the left end (%d)" % (tiles.text(t), left))
            self.lo -= 1
            if hi == left:
                self.line[self.lo] = t * 2 + 1 if hi != lo else t * 2
                left = lo
            else:
                self.line[self.lo] = t * 2
                left = hi
        self.left = left
        self.right = right
        hand ^= bit
        self.hands[seat] = hand
        held = self.held ^ bit
        self.held = held
        self.laid |= bit
        self.moves += 1
        if not hand:
            self._finish(seat)
        elif not held & (WITH[left] | WITH[right]):
            self._finish(-1)
        else:
            seat += 1
            self.turn = seat if seat < self.players else 0

    def _finish(self, domino):
        """End the hand: `domino` is the seat that went out, or -1 for a dead end."""
        self.turn = -1
        counts = [tiles.pips(m) for m in self.hands]
        winner = domino
        if winner < 0:
            low = min(counts)
            if counts.count(low) == 1:
                winner = counts.index(low)
        self.winner = winner
        if winner >= 0:
            self.scores[winner] = sum(counts) - counts[winner]

    # -- notation --------------------------------------------------------
    def move_text(self, move):
        if move == PASS:
            return "pass"
        if move == DRAW:
            return "draw"
        t = move >> 1
        side = move & 1
        if self.left < 0:
            return tiles.text(t) if not side else "%d-%d" % (LO[t], HI[t])
        end = self.right if side else self.left
        if HI[t] == end or LO[t] == end:
            return "%d-%d %s" % (end, tiles.other_half(t, end), "LR"[side])
        return "%s %s" % (tiles.text(t), "LR"[side])

    def parse_move(self, seat, text):
        words = text.strip().lower().split()
        if not words:
            raise ValueError("empty move")
        if words[0] == "pass" and len(words) == 1:
            return PASS
        if words[0] == "draw" and len(words) == 1:
            raise ValueError("there is no drawing in %s" % self.title)
        t, first_half = tiles.parse(words[0])
        if len(words) > 2:
            raise ValueError("a move is a tile and an end, like '3-5 R': %r" % text)
        if self.left < 0:
            if len(words) == 2:
                raise ValueError("the first tile opens both ends: write it alone, like 6-3")
            return t * 2 + (0 if first_half == HI[t] else 1)
        if len(words) == 2:
            side = "lr".find(words[1])
            if side < 0 or len(words[1]) != 1:
                raise ValueError("an end is L or R, not %r" % words[1])
            return t * 2 + side
        fits_l = WITH[self.left] >> t & 1
        fits_r = WITH[self.right] >> t & 1
        if fits_l and fits_r:
            raise ValueError("%s fits both ends: add L or R" % tiles.text(t))
        return t * 2 + (1 if fits_r else 0)

    def move_piece(self, move):
        """The tile a move lays from the hand, or -1 (pass)."""
        return move >> 1 if move < PASS else -1

    # -- what is shown -----------------------------------------------------
    def line_codes(self):
        return line_pairs(self.line, self.lo, self.hi)

    def stock(self):
        return COUNT - HAND * self.players

    def info(self):
        return {
            "hands": [tiles.mask_text(m) for m in self.hands],
            "stock": self.stock(),
            "line": ["%d-%d" % p for p in self.line_codes()],
            "ends": [] if self.left < 0 else [self.left, self.right],
        }

    def view(self, seat):
        return BlockView(self, seat)


def line_pairs(line, lo, hi):
    """The line left to right as (left half, right half) pairs."""
    out = []
    for i in range(lo, hi):
        e = line[i]
        t = e >> 1
        out.append((LO[t], HI[t]) if e & 1 else (HI[t], LO[t]))
    return out


class BlockView:
    """What one seat of a Block hand may see.

    Presentation fields shared by every domino view (the screens use only these):
    piece_kind "tile", table_kind "line", hand_list(), sizes, line_pairs(), ends."""

    piece_kind = "tile"
    table_kind = "line"

    def __init__(self, game, seat):
        self.game_class = type(game)
        self.seat = seat
        self.players = game.players
        self.table_options = game.table_options
        self.turn = game.turn
        self.first = game.first
        self.hand = game.hands[seat]
        self.laid = game.laid
        self.left = game.left
        self.right = game.right
        self.lo = game.lo
        self.hi = game.hi
        self.line = bytes(game.line)
        self.lacks = bytes(game.lacks)
        self.sizes = bytes(tiles.count(m) for m in game.hands)
        self.moves = game.moves
        self.winner = game.winner
        self.scores = list(game.scores)

    def hand_list(self):
        """Own tiles in display order: heaviest first."""
        ts = tiles.codes(self.hand)
        ts.sort(key=lambda t: (PIPS[t], HI[t]), reverse=True)
        return ts

    def line_pairs(self):
        return line_pairs(self.line, self.lo, self.hi)

    @property
    def ends(self):
        return () if self.left < 0 else (self.left, self.right)

    def move_piece(self, move):
        return move >> 1 if move < PASS else -1

    def move_text(self, move):
        return Block.move_text(self, move)

    def legal(self, out):
        if self.seat != self.turn:
            return 0
        return lay_moves(self.hand, self.left, self.right, out)

    def sample(self, rng, world=None):
        """A whole hand consistent with this view: opponents' tiles dealt from the
        unseen ones, never a tile showing a number that opponent passed on."""
        if world is None:
            world = self.game_class(self.players, self.table_options)
        unseen = ALL & ~self.hand & ~self.laid
        pool = bytearray(tiles.codes(unseen))
        hands = world.hands
        for attempt in range(12):
            rng.shuffle(pool)
            taken = 0
            ok = True
            for s in range(self.players):
                if s == self.seat:
                    hands[s] = self.hand
                    continue
                forbid = 0
                if attempt < 10:  # then give up on the pass constraints
                    lack = self.lacks[s]
                    for v in range(7):
                        if lack >> v & 1:
                            forbid |= WITH[v]
                need = self.sizes[s]
                m = 0
                for t in pool:
                    if need == 0:
                        break
                    bit = 1 << t
                    if not (taken | forbid) & bit:
                        m |= bit
                        need -= 1
                if need:
                    ok = False
                    break
                taken |= m
                hands[s] = m
            if ok:
                break
        world._clear(self.first)
        world.turn = self.turn
        world.laid = self.laid
        world.left = self.left
        world.right = self.right
        world.lo = self.lo
        world.hi = self.hi
        world.line[:] = self.line
        world.lacks[:] = self.lacks
        world.moves = self.moves
        return world


def greedy(view, moves, n, rng):
    """Lay the heaviest tile, keeping variety: prefer a tile whose new end is a
    number we still hold, and ends that opponents are known to lack."""
    best = moves[0]
    best_score = -1000
    hand = view.hand
    opp_lacks = 0
    for s in range(view.players):
        if s != view.seat:
            opp_lacks |= view.lacks[s]
    for i in range(n):
        m = moves[i]
        if m >= PASS:
            return m
        t = m >> 1
        rest = hand & ~(1 << t)
        if view.left < 0:
            new_end_a, new_end_b = HI[t], LO[t]
            score = PIPS[t] * 4 + (8 if HI[t] == LO[t] else 0)
            score += 3 * (tiles.count(rest & WITH[new_end_a]) + tiles.count(rest & WITH[new_end_b]))
        else:
            end = view.right if m & 1 else view.left
            keep = view.left if m & 1 else view.right
            new_end = tiles.other_half(t, end)
            score = PIPS[t] * 4 + (6 if HI[t] == LO[t] else 0)
            score += 3 * tiles.count(rest & (WITH[new_end] | WITH[keep]))
            if opp_lacks >> new_end & 1:
                score += 10
            # avoid opening a number nobody else can hold: we hold the rest of it
            if rest & WITH[new_end] == 0:
                score -= 4
        score = score * 8 + rng.below(8)
        if score > best_score:
            best_score = score
            best = m
    return best


Block.greedy = staticmethod(greedy)
