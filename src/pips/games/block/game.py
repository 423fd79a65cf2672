"""Block (Slepá ulička), rules in docs/rules/block.md.

State: one tile mask per hand, the union of the hands (`held`), the laid mask,
the two open ends, and the line as a bytearray of laid entries. A move is
tile*2 + side: side 0 lays at the left end, 1 at the right; on the empty line
the side is the orientation (0: larger half on the left). PASS is 56.

A line entry is tile*2 + flag: flag 0 shows the larger half on the left, 1 the
smaller. The line grows outwards from the middle of its buffer (`lo` .. `hi`).
"""

from pips import byte_table, const
from pips.game import Game, new_rng
from pips.rng import Rng
from pips.tiles import HI, LO, PIPS, WITH, EITHER, BIT_CODE, ALL, COUNT, DOUBLES
from pips import tiles
from pips.games import domino
from pips.games.domino import PASS, MID as _MID, LINE as _LINE, LineView, lay_moves
from pips.games.block import NAME, TITLE

# The game's own phrases per language (pips.lang.CODES: en, cs, pl, fa), each
# module's WORDS naming its rules page too (key "rules"): loaded when asked for.
WORDS = (
    "pips.games.block.words_en",
    "pips.games.block.words_cs",
    "pips.games.block.words_pl",
    "pips.games.block.words_fa",
)

HAND = const(7)
_RANDOM = const(2)  # rollouts: out of 8, how often a seat lays a random tile
_LAGS = const(55)  # pips.rng.LAGS, folded into the inline draw below (a global would be read a number)
_ORDER = byte_table(range(COUNT))
# A lay move's tile as a bit, and its pips, by move (tile*2 + side): a lookup
# where play() would shift twice; PASS (56) lays no tile.
_LAY_BIT = tuple(1 << (m >> 1) for m in range(PASS)) + (0,)
_LAY_PIPS = byte_table(PIPS[m >> 1] for m in range(PASS))

# Why a move is refused: play raises _refuse(...), which words it.
_HAND_OVER = const(0)
_NOT_TURN = const(1)
_LAY_FIRST = const(2)
_MUST_LAY = const(3)
_NO_SUCH_MOVE = const(4)
_NOT_IN_HAND = const(5)
_DOUBLE = const(6)
_NOT_AT_END = const(7)


class Block(Game):
    name = NAME
    words = WORDS  # its phrases per language (pips.lang)
    title = TITLE
    blocked_text = "blocked: lowest count wins"  # how a hand ends with nobody out (pips.ui.events)
    min_players = 2
    max_players = 4
    options = (("target", 100, (50, 100)),)
    max_moves = 58
    stacked_size = 28
    _defaults = None  # (class, option dict) for hands made without options: read only

    @classmethod
    def rules(cls):
        from pips import lang

        return lang.rules_page(cls)

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
        self.counts = bytearray(players)  # per seat, the pips left at the end
        self.line = bytearray(_LINE)
        self.scores = [0] * players
        if deal is None:
            if rng is None:
                # a blank hand, for View.sample to fill
                self.hands = [0] * players
                self.held = 0
                first = 0
            else:
                if rng.__class__ is not Rng:
                    rng = new_rng(rng)
                # a list, not a bytearray: CPython reads and writes a list's items
                # faster, and dealing does little else
                self.hands, self.held = domino.deal_hands(rng, list(_ORDER), players, HAND)
        else:
            order = bytes(deal)
            from pips.checks import check_deal

            check_deal(order, _ORDER, tiles.text)
            if rng is not None:
                rng = new_rng(rng)
            self.hands, self.held = domino.stacked_hands(order, players, HAND)
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

    # -- the protocol --------------------------------------------------
    def legal(self, seat, out):
        if seat != self.turn:
            return 0
        return lay_moves(self.hands[seat], self.left, self.right, out)

    def play(self, seat, move):
        if seat != self.turn:
            raise _refuse(self, _HAND_OVER if self.turn < 0 else _NOT_TURN, seat, move)
        # The usual case costs a compare, a lookup and a test: a move from
        # legal() lays a tile of the hand. A string or None fails the compare
        # or the lookup, a number past PASS the lookup; PASS lays no tile.
        try:
            bit = _LAY_BIT[move] if move >= 0 else 0
        except (TypeError, IndexError):
            raise _refuse(self, _NO_SUCH_MOVE, seat, move)
        hand = self.hands[seat]
        left = self.left
        right = self.right
        if not hand & bit:
            if move != PASS:
                raise _refuse(self, _NOT_IN_HAND if bit else _NO_SUCH_MOVE, seat, move)
            if left < 0:
                raise _refuse(self, _LAY_FIRST, seat, move)
            fits = EITHER[left * 7 + right]
            if hand & fits:
                raise _refuse(self, _MUST_LAY, seat, move)
            self.lacks[seat] |= (1 << left) | (1 << right)
            self.moves += 1
            if not self.held & fits:
                # never in a dealt hand (the block shows at the lay before); a
                # sampled world may start out blocked
                self._finish(-1)
                return
            seat += 1
            self.turn = seat if seat < self.players else 0
            return
        if left < 0:
            t = move >> 1
            if move & 1:
                left = LO[t]
                right = HI[t]
                if left == right:
                    raise _refuse(self, _DOUBLE, seat, move)
            else:
                left = HI[t]
                right = LO[t]
            self.line[_MID] = move
            self.hi = _MID + 1
            self.left = left
            self.right = right
        elif move & 1:
            if not WITH[right] & bit:
                raise _refuse(self, _NOT_AT_END, seat, move)
            # the touching half is on the left: flag 1 when the far half is the larger
            end = _LAY_PIPS[move] - right
            hi = self.hi
            self.line[hi] = move if end > right else move - 1
            self.hi = hi + 1
            self.right = right = end
        else:
            if not WITH[left] & bit:
                raise _refuse(self, _NOT_AT_END, seat, move)
            end = _LAY_PIPS[move] - left
            lo = self.lo - 1
            self.line[lo] = move + 1 if end < left else move
            self.lo = lo
            self.left = left = end
        # the tile's bit leaves the hand and the held tiles and joins the laid
        # ones: a subtraction and an addition, which CPython does faster than
        # the bit operations
        hand -= bit
        self.hands[seat] = hand
        held = self.held - bit
        self.held = held
        self.laid += bit
        self.moves += 1
        if not hand:
            self._finish(seat)
        elif not held & EITHER[left * 7 + right]:
            self._finish(-1)
        else:
            seat += 1
            self.turn = seat if seat < self.players else 0

    def _finish(self, out):
        """End the hand: `out` is the seat that went out (domino), or -1 for a
        dead end. The winner scores every other hand's pips; a dead end goes
        to the one lowest count, which scores the others' pips less its own,
        and equal lowest counts score nobody."""
        self.turn = -1
        counts = self.counts
        winner = domino.lowest(self.hands, counts)
        if out >= 0:
            winner = out  # its own hand is empty: its count is 0
        self.winner = winner
        if winner >= 0:
            total = 0
            for count in counts:
                total += count
            self.scores[winner] = total - counts[winner]

    def playout(self, rng, buf):
        """Play the hand out for a bot's rollout. Each seat plays like `greedy`
        (below) six times in eight and lays a random tile otherwise: rollouts
        that play sensibly judge a move far better than uniform ones, for about
        half as much again of the time. The state stays exact, line included.
        One flat loop: the generator is drawn inline and the hand scored as
        _finish() does, since a call costs more than a move on a microcontroller."""
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
        # the generator drawn inline (pips.rng): 12 us a number on the emulated M0, 24 by a call
        words = rng.words
        at = rng.at
        with_ = WITH
        code_of = BIT_CODE
        pips = PIPS
        doubles = DOUBLES
        others_of = -1  # the seat `others` was gathered for (-1: none, or passes since)
        others = 0
        while True:
            wl = with_[left]
            wr = with_[right]
            hand = hands[turn]
            fit = hand & (wl | wr)
            moves += 1
            if not fit:
                lacks[turn] |= (1 << left) | (1 << right)
                others_of = -1
                if not held & (wl | wr):
                    break
                turn += 1
                if turn == players:
                    turn = 0
                continue
            side = 0
            if fit & (fit - 1) or fit & wl and fit & wr and left != right:
                if at == _LAGS:
                    rng.refill()
                    at = 0
                r = words[at]
                at += 1
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
                    if players == 2:
                        others = lacks[1 - turn]  # the numbers the other seat passed on
                    elif others_of != turn:
                        others = 0  # the numbers some other seat has passed on
                        for s in range(players):
                            if s != turn:
                                others |= lacks[s]
                        others_of = turn
                    # each tile at each end it fits, the left end first (with equal
                    # ends the right one scores the same: never better)
                    best = -1000
                    while fit:
                        low = fit & -fit
                        fit ^= low
                        rest = hand ^ low
                        p = pips[code_of[low % 37]]
                        base = p * 2 + (6 if low & doubles else 0)
                        sd = 1 if low & wl else 2
                        while sd < 3:
                            if sd == 1:
                                end = p - left
                                keep = wr
                            else:
                                end = p - right
                                keep = wl
                            m = rest & (with_[end] | keep)
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
                                side = sd
                            sd = 2 if sd == 1 and low & wr and left != right else 3
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
        rng.at = at
        self.left = left
        self.right = right
        self.held = held
        self.laid = laid
        self.lo = lo
        self.hi = hi
        self.moves = moves
        # _finish(winner), without its calls
        self.turn = -1
        total = 0
        low = 999
        lowest = -1
        for s in range(players):
            m = hands[s]
            count = 0
            while m:
                bit = m & -m
                m ^= bit
                count += pips[code_of[bit % 37]]
            total += count
            if count < low:
                low = count
                lowest = s
            elif count == low:
                lowest = -1
        if winner < 0:
            winner = lowest
            total -= low
        self.winner = winner
        if winner >= 0:
            self.scores[winner] = total

    def utility(self, seat):
        """Game.utility: the seat's points less the others' average."""
        scores = self.scores
        if self.players == 2:
            return scores[seat] - scores[1 - seat]
        return Game.utility(self, seat)

    def copy_from(self, other):
        """Make this hand an exact copy of `other` (a hand at the same table), in
        place: the smart bot deals a round's unseen tiles once (View.sample)
        and plays each move out on a copy."""
        self.hands[:] = other.hands
        self.held = other.held
        self.laid = other.laid
        self.left = other.left
        self.right = other.right
        self.lo = other.lo
        self.hi = other.hi
        self.line[:] = other.line
        self.lacks[:] = other.lacks
        self.scores[:] = other.scores
        self.first = other.first
        self.turn = other.turn
        self.moves = other.moves
        self.winner = other.winner

    # -- notation --------------------------------------------------------
    def move_text(self, move):
        """`6-3` opens (its first half on the left), `3-5 R`, `pass`."""
        return domino.move_text(self.left, self.right, move)

    def parse_move(self, seat, text):
        """`6-3` opens, `3-5 R` / `5-3 L` lay at an end (the end may be left
        out when only one fits), `pass`."""
        words = text.split()
        if not words:
            raise ValueError("empty move")
        if words[0].lower() == "pass" and len(words) == 1:
            return PASS
        if words[0].lower() == "draw" and len(words) == 1:
            raise ValueError("there is no drawing in %s" % self.title)
        return domino.parse_lay(self.left, self.right, words, text)

    def move_piece(self, move):
        """The tile a move lays from the hand, or -1 (pass)."""
        return move >> 1 if move < PASS else -1

    def after(self, move):
        """A key for what a lay leaves: equal keys mirror (pips.games.domino.after)."""
        return domino.after(self.left, self.right, move)

    # -- what is shown -----------------------------------------------------
    def info(self):
        return domino.line_table(self, COUNT - HAND * self.players)

    def view(self, seat):
        return BlockView(self, seat)


def _refuse(game, reason, seat, move):
    """The ValueError of Block.play refusing `move` from `seat`, for one of
    the reasons _HAND_OVER .. _NOT_AT_END, in the game's words (pips.lang;
    the fields after a seat's number are its P name's number)."""
    from pips import lang

    card = game
    t = move >> 1 if type(move) is int else -1
    if reason == _HAND_OVER:
        text = lang.game_text(card, "r.over")
    elif reason == _NOT_TURN:
        text = lang.game_text(card, "r.turn", game.turn, seat, game.turn + 1, seat + 1)
    elif reason == _LAY_FIRST:
        text = lang.game_text(card, "r.lay_first")
    elif reason == _MUST_LAY:
        text = lang.game_text(card, "r.must_lay", seat, seat + 1)
    elif reason == _NO_SUCH_MOVE:
        text = lang.game_text(card, "r.no_move", repr(move))
    elif reason == _NOT_IN_HAND:
        text = lang.game_text(card, "r.not_in_hand", tiles.text(t), seat, seat + 1)
    elif reason == _DOUBLE:
        text = lang.game_text(card, "r.double", tiles.text(t))
    else:  # _NOT_AT_END
        end = game.right if move & 1 else game.left
        side = lang.game_text(card, "right" if move & 1 else "left")
        text = lang.game_text(card, "r.not_at_end", tiles.text(t), side, lang.num(end))
    return ValueError(text)


class BlockView(LineView):
    """What one seat of a Block hand may see: the line's view (pips.games.domino)
    and what each seat was seen passing on (`lacks`)."""

    table_kind = "line"
    _plan = None  # (pool, unseen, opponents, fit, first codes), made by _prepare

    def __init__(self, game, seat):
        LineView.__init__(self, game, seat)
        self.lacks = bytes(game.lacks)

    move_piece = Block.move_piece
    after = Block.after
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
                if not _assign(self, rng, hands, plan[2]):
                    self._deal(rng, hands, False)
            held = 0
            for m in hands:
                held |= m
            if held & fit or not fit:
                break
        if fit and not held & fit:
            held = _give_fit(self, rng, hands, held)
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
                # the tiles showing a number that seat passed on
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
                m = domino.deal_mask(rng, pool, k, 0, need)
                hands[s] = m
                free ^= m
            if ok:
                return True
        return False


def _give_fit(view, rng, hands, held):
    """Move one fitting tile from the stock to an opponent allowed to hold it,
    in exchange for one of theirs (the stock has no constraints); returns the
    new union of the opponents' hands."""
    opponents = view._plan[2]
    spare = view._plan[3] & ~held
    nobody = ALL
    for s, forbid in opponents:
        nobody &= forbid
    choices = tiles.codes(spare & ~nobody)
    if not choices:
        return held
    t = choices[rng.below(len(choices))]
    takers = [s for s, forbid in opponents if not forbid >> t & 1]
    if not takers:
        return held
    s = takers[rng.below(len(takers))]
    mine = tiles.codes(hands[s])
    out = mine[rng.below(len(mine))]
    hands[s] ^= (1 << out) | (1 << t)
    return held ^ (1 << out) ^ (1 << t)


def _assign(view, rng, hands, opponents):
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


GAME = Block
