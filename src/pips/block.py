"""Block (Slepá ulička), rules in shared/rules/block.md.

State: one tile mask per hand, the union of the hands (`held`), the laid mask,
the two open ends, and the line as a bytearray of laid entries. A move is
tile*2 + side: side 0 lays at the left end, 1 at the right; on the empty line
the side is the orientation (0: larger half on the left). PASS is 56.

A line entry is tile*2 + flag: flag 0 shows the larger half on the left, 1 the
smaller. The line grows outwards from the middle of its buffer (`lo` .. `hi`).
"""

from pips.compat import const
from pips.game import Game, View, new_rng
from pips.rng import Rng
from pips.tiles import HI, LO, PIPS, WITH, BIT_CODE, ALL, COUNT, DOUBLES
from pips import tiles

PASS = const(56)
DRAW = const(57)  # no drawing in Block; the games with a stock use it
HAND = const(7)
_MID = const(28)  # the opening entry's index in the line buffer
_LINE = const(56)
_RANDOM = const(2)  # rollouts: out of 8, how often a seat lays a random tile
_ORDER = bytes(range(COUNT))


def lay_moves(hand, left, right, out):
    """Write the moves of a seat holding `hand` on ends left, right into out."""
    n = 0
    if left < 0:
        while hand:
            low = hand & -hand
            hand ^= low
            m = BIT_CODE[low % 37] * 2
            out[n] = m
            n += 1
            if not low & DOUBLES:
                out[n] = m + 1
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
        t = BIT_CODE[low % 37] * 2
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
    _defaults = None  # (class, option dict) for hands made without options: read only

    def __init__(self, players=2, options=None, rng=None, deal=None, first=-1):
        if not self.min_players <= players <= self.max_players:
            self.check_players(players)
        self.players = players
        if options is None:
            cached = self._defaults
            if cached is None or cached[0] is not self.__class__:
                cached = (self.__class__, self.table())
                self.__class__._defaults = cached
            self.table_options = cached[1]
        else:
            self.table_options = self.table(options)
        self.lacks = bytearray(players)  # per seat, bit v: seen passing on an end v
        self.line = bytearray(_LINE)
        self.scores = [0] * players
        if deal is None:
            if rng is None:
                # a blank hand for View.sample to fill (the tail below clears
                # the rest: no separate method to hold in a small heap)
                self.hands = [0] * players
                self.held = 0
                first = 0
            else:
                if rng.__class__ is not Rng:
                    rng = new_rng(rng)
                # a list, not a bytearray: CPython reads and writes a list's items
                # faster, and dealing does little else
                order = list(_ORDER)
                a = rng.deal_mask(order, COUNT, 0, HAND)
                b = rng.deal_mask(order, COUNT, HAND, HAND)
                if players == 2:
                    self.hands = [a, b]
                    self.held = a | b
                else:
                    hands = [a, b]
                    held = a | b
                    for s in range(2, players):
                        m = rng.deal_mask(order, COUNT, HAND * s, HAND)
                        hands.append(m)
                        held |= m
                    self.hands = hands
                    self.held = held
        else:
            order = bytes(deal)
            from pips.game_text import check_deal  # stacked deals only: kept out of the heap

            check_deal(order, _ORDER)
            if rng is not None:
                rng = new_rng(rng)
            hands = [0] * players
            held = 0
            for s in range(players):
                m = 0
                for t in order[HAND * s : HAND * s + HAND]:
                    m |= 1 << t
                hands[s] = m
                held |= m
            self.hands = hands
            self.held = held
        if first < 0:
            first = rng.below(players) if rng is not None else 0
        self.first = first
        self.turn = first
        self.laid = 0
        self.left = -1
        self.right = -1
        self.lo = _MID
        self.hi = _MID
        self.winner = -1
        self.moves = 0

    @classmethod
    def parse_deal(cls, text):
        return tiles.parse_list(text)

    @classmethod
    def rules(cls):
        from pips.block_rules import RULES

        return RULES

    # -- the protocol --------------------------------------------------
    def legal(self, seat, out):
        if seat != self.turn:
            return 0
        left = self.left
        if left < 0:
            return lay_moves(self.hands[seat], -1, -1, out)
        wl = WITH[left]
        wr = WITH[self.right]
        hand = self.hands[seat] & (wl | wr)
        if not hand:
            out[0] = PASS
            return 1
        n = 0
        while hand:
            low = hand & -hand
            hand ^= low
            m = BIT_CODE[low % 37] * 2
            if low & wl:
                out[n] = m
                n += 1
            if low & wr:
                out[n] = m + 1
                n += 1
        return n

    def play(self, seat, move):
        if seat != self.turn:
            raise _refuse(0 if self.turn < 0 else 1, self.turn, seat)
        left = self.left
        right = self.right
        hand = self.hands[seat]
        if move == PASS:
            if left < 0:
                raise _refuse(2)
            if hand & (WITH[left] | WITH[right]):
                raise _refuse(3, seat)
            self.lacks[seat] |= (1 << left) | (1 << right)
            self.moves += 1
            if not self.held & (WITH[left] | WITH[right]):
                # never in a dealt hand (the block shows at the lay before); a
                # sampled world may start out blocked
                self._finish(-1)
                return
            seat += 1
            self.turn = seat if seat < self.players else 0
            return
        # The usual case costs a shift, a compare and a test: a move from
        # legal() is a tile of the hand. A string or a negative number fails
        # the shift; past the tiles, the bit stays 0 (no huge shift).
        try:
            t = move >> 1
            bit = 1 << t if t < COUNT else 0
        except (TypeError, ValueError):
            raise _refuse(4, move)
        if not hand & bit:
            raise _refuse(5, t, seat) if bit else _refuse(4, move)
        if left < 0:
            if move & 1:
                left = LO[t]
                right = HI[t]
                if left == right:
                    raise _refuse(6, t)
            else:
                left = HI[t]
                right = LO[t]
            self.line[_MID] = move
            self.hi = _MID + 1
            self.left = left
            self.right = right
        elif move & 1:
            if not WITH[right] & bit:
                raise _refuse(7, t, right)
            # the touching half is on the left: flag 1 when the far half is the larger
            end = PIPS[t] - right
            hi = self.hi
            self.line[hi] = move - 1 + (end > right)
            self.hi = hi + 1
            self.right = right = end
        else:
            if not WITH[left] & bit:
                raise _refuse(8, t, left)
            end = PIPS[t] - left
            lo = self.lo - 1
            self.line[lo] = move + (end < left)
            self.lo = lo
            self.left = left = end
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
        """End the hand: `domino` is the seat that went out, or -1 for a dead end.
        The winner scores every other hand's pips; a dead end goes to the one
        lowest count, and equal lowest counts score nobody."""
        self.turn = -1
        scores = self.scores
        total = 0
        low = 999
        winner = -1
        for s in range(self.players):
            m = self.hands[s]
            count = 0
            while m:
                b = m & -m
                count += PIPS[BIT_CODE[b % 37]]
                m ^= b
            total += count
            if count < low:
                low = count
                winner = s
            elif count == low:
                winner = -1
        if domino >= 0:
            winner = domino
        self.winner = winner
        if winner >= 0:
            scores[winner] = total - low if domino < 0 else total
        # (a domino's own hand is empty, so `total` is already the others' pips)

    def playout(self, rng, buf):
        """Play the hand out for a bot's rollout. Each seat plays like `greedy`
        (below) six times in eight and lays a random tile otherwise: rollouts
        that play sensibly judge a move far better than uniform ones, for about
        half as much again of the time. The state stays exact, line included."""
        turn = self.turn
        if turn < 0:
            return
        if self.left < 0:
            n = self.legal(turn, buf)
            self.play(turn, buf[rng.below(n)])
            turn = self.turn
            if turn < 0:
                return
        hands = self.hands
        players = self.players
        lacks = self.lacks
        line = self.line
        left = self.left
        right = self.right
        held = self.held
        laid = self.laid
        lo = self.lo
        hi = self.hi
        moves = self.moves
        winner = -1
        draw = rng.next  # one draw per choice; locals are faster on MicroPython
        with_ = WITH
        code_of = BIT_CODE
        pips = PIPS
        while True:
            wl = with_[left]
            wr = with_[right]
            hand = hands[turn]
            fit = hand & (wl | wr)
            moves += 1
            if not fit:
                lacks[turn] |= (1 << left) | (1 << right)
                if not held & (wl | wr):
                    break
                turn += 1
                if turn == players:
                    turn = 0
                continue
            side = 0
            if fit & (fit - 1) or fit & wl and fit & wr and left != right:
                r = draw()
                if r & 7 < _RANDOM:
                    k = 0
                    while fit:
                        low = fit & -fit
                        fit ^= low
                        buf[k] = code_of[low % 37]
                        k += 1
                    bit = 1 << buf[(r >> 3) % k]
                    side = 2 if bit & wr and (not bit & wl or r & 512) else 1
                else:
                    others = 0  # the numbers some other seat has passed on
                    for s in range(players):
                        if s != turn:
                            others |= lacks[s]
                    best = -1000
                    while fit:
                        low = fit & -fit
                        fit ^= low
                        t = code_of[low % 37]
                        rest = hand ^ low
                        base = pips[t] * 2 + (6 if low & DOUBLES else 0)
                        if low & wl:
                            end = pips[t] - left
                            m = rest & (with_[end] | wr)
                            score = base
                            while m:
                                m &= m - 1
                                score += 3
                            if others >> end & 1:
                                score += 20
                            if not rest & with_[end]:
                                score -= 8
                            if score > best:
                                best = score
                                bit = low
                                side = 1
                        if low & wr:
                            end = pips[t] - right
                            m = rest & (with_[end] | wl)
                            score = base
                            while m:
                                m &= m - 1
                                score += 3
                            if others >> end & 1:
                                score += 20
                            if not rest & with_[end]:
                                score -= 8
                            if score > best:
                                best = score
                                bit = low
                                side = 2
            else:
                bit = fit
            t = code_of[bit % 37]
            if side == 2 or not side and not bit & wl:
                end = pips[t] - right
                line[hi] = t * 2 + (end > right)
                hi += 1
                right = end
            else:
                end = pips[t] - left
                lo -= 1
                line[lo] = t * 2 + (end < left)
                left = end
            hand ^= bit
            hands[turn] = hand
            held ^= bit
            laid |= bit
            if not hand:
                winner = turn
                break
            if not held & (with_[left] | with_[right]):
                break
            turn += 1
            if turn == players:
                turn = 0
        self.left = left
        self.right = right
        self.held = held
        self.laid = laid
        self.lo = lo
        self.hi = hi
        self.moves = moves
        self._finish(winner)

    # -- notation --------------------------------------------------------
    def move_text(self, move):
        from pips.block_text import move_text

        return move_text(self, move)

    def parse_move(self, seat, text):
        from pips.block_text import parse_move

        return parse_move(self, seat, text)

    def move_piece(self, move):
        """The tile a move lays from the hand, or -1 (pass)."""
        return move >> 1 if move < PASS else -1

    # -- what is shown -----------------------------------------------------
    def info(self):
        from pips.block_text import info

        return info(self)

    def view(self, seat):
        return BlockView(self, seat)

    @staticmethod
    def distinct_moves(view, moves, n):
        """Drop moves that mirror another (for bots): the two orientations of
        the opening tile, and L/R when both ends show the same number.
        Compacts `moves` in place and returns the new count."""
        if view.left >= 0 and view.left != view.right:
            return n
        k = 0
        for i in range(n):
            m = moves[i]
            if m & 1 and m < PASS:
                # its mirror m - 1 comes first in the list when it is legal
                mirror = False
                for j in range(k):
                    if moves[j] == m - 1:
                        mirror = True
                if mirror:
                    continue
            moves[k] = m
            k += 1
        return k


def _refuse(why, a=0, b=0):
    """The ValueError for an illegal move (its message is built in pips.block_text)."""
    from pips.block_text import refuse

    return refuse(why, a, b)


class BlockView(View):
    """What one seat of a Block hand may see.

    Presentation fields shared by every domino view (the screens use only these):
    piece_kind "tile", table_kind "line", hand_list(), sizes, line_pairs(), ends."""

    piece_kind = "tile"
    table_kind = "line"
    text_module = "pips.block_text"  # hand_list, line_pairs, ends: see pips.game.View
    # A bot makes a view per decision, at the peak of a match's heap. MicroPython
    # sizes an object's attribute table by steps (17 slots, then 23): fields
    # that nearly always hold the class default below are set on the instance
    # only when they differ, and what sample() prepares is one tuple, so that a
    # view stays within 17 attributes.
    game_class = Block
    winner = -1
    _plan = None  # (pool, unseen, opponents, fit, first codes), made by _prepare

    def __init__(self, game, seat):
        if type(game) is not Block:
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
        if game.winner >= 0:
            self.winner = game.winner
        self.scores = list(game.scores)

    move_piece = Block.move_piece
    move_text = Block.move_text

    def legal(self, out):
        if self.seat != self.turn:
            return 0
        return lay_moves(self.hand, self.left, self.right, out)

    def sample(self, rng, world=None):
        """A whole hand consistent with this view: the opponents' tiles dealt at
        random from the unseen ones, never a tile showing a number that opponent
        passed on (unless no deal can satisfy every pass, which a real hand never
        asks). The tiles not dealt are the unused stock."""
        if world is None:
            world = self.game_class(self.players, self.table_options)
        plan = self._plan
        if plan is None:
            plan = self._prepare()
        hands = world.hands
        for s in range(self.players):
            hands[s] = 0
        fit = plan[3]
        for attempt in range(4):
            if not self._deal(rng, hands, True):
                from pips.block_text import assign

                if not assign(self, rng, hands, plan[2]):
                    self._deal(rng, hands, False)
            held = 0
            for m in hands:
                held |= m
            if held & fit or not fit:
                break
        if fit and not held & fit:
            from pips.block_text import give_fit

            held = give_fit(self, rng, hands, held)
        hands[self.seat] = self.hand
        world.held = held | self.hand
        world.first = self.first
        world.turn = self.turn
        world.laid = self.laid
        world.left = self.left
        world.right = self.right
        world.lo = self.lo
        world.hi = self.hi
        world.line[:] = self.line
        world.lacks[:] = self.lacks
        world.moves = self.moves
        world.winner = -1
        scores = world.scores
        for s in range(self.players):
            scores[s] = 0
        return world

    def _prepare(self):
        """Once per view: the unseen tiles, and the opponents in the order to deal
        them (the most constrained first), with what each may not hold."""
        unseen = ALL & ~self.hand & ~self.laid
        opponents = []
        for s in range(self.players):
            if s != self.seat and self.sizes[s]:
                # the tiles showing a number that seat passed on (inline: one
                # function fewer in the heap, and this runs once per view)
                forbid = 0
                lack = self.lacks[s]
                v = 0
                while lack:
                    if lack & 1:
                        forbid |= WITH[v]
                    lack >>= 1
                    v += 1
                forbid &= unseen
                opponents.append((-tiles.count(forbid), s, forbid))
        opponents.sort()
        order = [(s, forbid) for _, s, forbid in opponents]
        # The hand goes on, so someone holds a tile fitting an end: when this seat
        # holds none, an opponent must (`fit`, the tiles that would do).
        fit = 0
        if self.left >= 0 and self.turn >= 0:
            fit = WITH[self.left] | WITH[self.right]
            if self.hand & fit:
                fit = 0
        # the first opponent always draws from the same tiles (first codes,
        # copied into the head of the pool for each deal)
        forbid = opponents[0][2] if opponents else 0
        first = tiles.code_bytes(unseen & ~forbid)
        plan = (tiles.code_bytes(unseen), unseen, order, fit & unseen, first)
        self._plan = plan
        return plan

    def _deal(self, rng, hands, constrained):
        """Deal each opponent a random set of allowed tiles in turn (a partial
        shuffle of what it may hold); False when one runs short (possible with
        several opponents)."""
        sizes = self.sizes
        code_of = BIT_CODE
        pool, unseen, opponents, _, first = self._plan
        for attempt in range(3 if constrained else 1):
            free = unseen
            k = len(first)
            pool[:k] = first  # same generator state, same deal (bots rely on it)
            ok = True
            for s, forbid in opponents:
                if free != unseen or not constrained:
                    allowed = free & ~forbid if constrained else free
                    k = 0
                    while allowed:
                        low = allowed & -allowed
                        allowed ^= low
                        pool[k] = code_of[low % 37]
                        k += 1
                need = sizes[s]
                if k < need:
                    ok = False
                    break
                m = rng.deal_mask(pool, k, 0, need)
                hands[s] = m
                free ^= m
            if ok:
                return True
        return False


def greedy(view, moves, n, rng):
    """Shed weight but keep moving: a tile's pips count, a double more (it has
    only one number to wait for), and so do the tiles still in hand that fit
    the ends it leaves; an end an opponent has passed on is worth a lot, an
    end showing a number no longer held is a risk. Weights tuned in
    head-to-head matches to 100 (see tests/test_bots.py)."""
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
            score = PIPS[t] * 2 + (8 if HI[t] == LO[t] else 0)
            score += 3 * (tiles.count(rest & WITH[HI[t]]) + tiles.count(rest & WITH[LO[t]]))
        else:
            end = view.right if m & 1 else view.left
            keep = view.left if m & 1 else view.right
            new_end = PIPS[t] - end
            score = PIPS[t] * 2 + (6 if HI[t] == LO[t] else 0)
            score += 3 * tiles.count(rest & (WITH[new_end] | WITH[keep]))
            if opp_lacks >> new_end & 1:
                score += 20
            if not rest & WITH[new_end]:
                score -= 8
        score = score * 8 + rng.below(8)
        if score > best_score:
            best_score = score
            best = m
    return best


Block.greedy = staticmethod(greedy)
