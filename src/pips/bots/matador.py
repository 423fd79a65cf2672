"""Matador's bot policy: the greedy heuristic, the moves worth weighing, and
the smart bot's search of the last tiles (`decide`: once the reserve holds 3
tiles or fewer, the rest of the hand searched exactly in place of the
rollouts)."""

from pips import const
from pips import tiles
from pips.tiles import ALL, BIT_CODE, COUNT, HI, LO, PIPS
from pips.games.domino import PASS, DRAW
from pips.games.domino import deal_mask, distinct_lays
from pips.bots import GIVE_UP, Policy
from pips.games.matador.game import MATADORS, ORD

# The smart bot's budget per decision, shared among the moves: on the emulated
# 125 MHz Cortex-M0 (make bench-device) a rollout (a move played out on a copy
# of the round's dealt world) costs about 1.9 ms, so that a decision takes
# about 78 ms (median). More rollouts do not win more against random (56 and 84
# measured weaker: docs/figures.md)
ROLLOUTS = 42


def greedy(view, moves, n, rng):
    """Leave the opponent ends it likely cannot cover (it must then draw):
    the chance, in 1024ths, that none of its tiles fits them (a 0 end takes
    a matador only), its hand as likely any of the unseen tiles it is not
    known to lack (hypergeometric, counted exactly in integers); keep the
    matadors for when nothing else fits, keep tiles that make 7 with the
    ends left, and shed pips."""
    if n == 1 or moves[0] == DRAW or moves[0] == PASS:
        return moves[0]
    hand = view.hand
    opp = 1 - view.seat
    allowed = ALL & ~hand & ~view.laid & ~view.forbid[opp]
    unseen = tiles.count(allowed)
    size = view.sizes[opp]
    best = moves[0]
    best_score = -10000
    for i in range(n):
        m = moves[i]
        t, side, far = view._placed(m)
        bit = 1 << t
        if view.left < 0:
            a, b = HI[t], LO[t]
        else:
            a, b = (view.left, far) if side else (far, view.right)
        free = unseen - tiles.count(allowed & (ORD[a] | ORD[b] | MATADORS))
        stuck = 1024
        for k in range(size):
            stuck = stuck * (free - k) // (unseen - k) if free > k else 0
        score = stuck >> 5
        score += PIPS[t] * 2 + 3 * tiles.count(hand & ~bit & ~MATADORS & (ORD[a] | ORD[b]))
        if bit & MATADORS:
            score -= 24
        score = score * 8 + rng.below(8)
        if score > best_score:
            best_score = score
            best = m
    return best


# -- the last tiles ---------------------------------------------------------------
# Once the reserve holds LAST tiles or fewer, the smart bot searches the rest
# of the hand exactly in place of its rollouts. It deals the opponent WORLDS
# hands (as View.sample deals it: the unseen tiles it is not known to lack);
# the reserve's tiles are then any of the unseen tiles the opponent does not
# hold, each as likely (the 3 out of play are among them), so a draw is a
# chance over those. In each world the seat's own lays are taken at their
# best and the opponent's each as likely as another (a fixed model of the
# opponent: any player is searched as if it laid at random). The move of
# the best sum over the worlds searched in full is laid, equal sums going to
# the greedy choice. The worth of a position: a hand won _WIN, lost -_WIN,
# tied 0. The search stops at NODES positions: the worlds searched in full
# by then decide, and with none the rollouts do. Against random, 2,000
# matches (seeds 3,000,000 on): the rollouts alone 71.7%, with the search
# 74.2% (from 4 tiles on 74.2%; from 2 73.7%, and 73.6%, 72.8%, 72.3% at
# 2,000, 600, 300 positions; 4 worlds 73.4%). Searched with the opponent's best
# replies instead (the reserve empty), it won no more than the rollouts: 71.8%.
LAST = 3
WORLDS = 8
NODES = 1000
# positions searched in one step of the thinking at most: the search of a
# move stopped there goes on in the next step from what it kept. (A move's
# search in one world was one step, up to all NODES: more than the table's
# 12 ms slice of a frame, pips.ui.table_model.) A position left unfinished
# is counted when it is searched again.
STEP = 200
_WIN = const(4096)


def _blocked(me, op):
    """The dead end's worth to the searching seat (tiles `me`, the other `op`)."""
    a = tiles.pips(me)
    b = tiles.pips(op)
    return _WIN if a < b else (-_WIN if a > b else 0)


def _after(me, op, pool, bit, left, right, turn, stock, memo, mine, budget):
    """The worth of seat `turn` (0 the searching seat, 1 the other) laying
    the tile `bit` to leave the ends left, right, `stock` tiles in the
    reserve (drawn from `pool`)."""
    if turn:
        op ^= bit
    else:
        me ^= bit
    if not stock:
        if not (op if turn else me):
            return -_WIN if turn else _WIN
        if not (me | op) & (ORD[left] | ORD[right] | MATADORS):
            return _blocked(me, op)
    return _value(me, op, pool, left, right, 1 - turn, stock, memo, mine, budget)


def _value(me, op, pool, left, right, turn, stock, memo, mine, budget):
    """The worth to the searching seat of seat `turn` to move on ends left,
    right, the hand not over. `memo` keeps one position per set of tiles
    held, as a small int (its worth, and the ends, turn and reserve it was
    found for), `mine` the searching seat's tiles in it and the pool."""
    held = me | op
    tag = ((left * 8 + right) * 2 + turn) * 4 + stock
    v = memo.get(held, -1)
    if v >= 0 and v & 511 == tag and mine[held] == me | pool:
        return (v >> 9) - _WIN
    budget[0] -= 1
    if budget[0] < 0:
        return 0
    budget[1] -= 1
    if budget[1] < 0:  # the step is over: searched in the next one
        budget[0] += 1
        return 0
    hand = op if turn else me
    ol = ORD[left]
    orr = ORD[right]
    anywhere = not hand & ~MATADORS & (ol | orr)
    cand = hand & MATADORS if anywhere else hand & (ol | orr)
    if not cand:
        if stock:
            # draw: each tile of the pool as likely; the seat stays on turn
            stock -= 1
            fit = ol | orr | MATADORS
            total = 0
            count = 0
            rest = pool
            while rest:
                bit = rest & -rest
                rest ^= bit
                count += 1
                m = me
                o = op
                if turn:
                    o |= bit
                else:
                    m |= bit
                if not stock and not (m if turn else o):
                    total += _WIN if turn else -_WIN
                elif not stock and not (m | o) & fit:
                    total += _blocked(m, o)
                else:
                    total += _value(m, o, pool ^ bit, left, right, turn, stock, memo, mine, budget)
            v = total // count
            stock += 1
        else:
            # pass (someone can attach, or the lay before would have ended the hand)
            v = _value(me, op, pool, left, right, 1 - turn, stock, memo, mine, budget)
    else:
        best = -_WIN
        total = 0
        count = 0
        while cand:
            bit = cand & -cand
            cand ^= bit
            t = BIT_CODE[bit % 37]
            p = PIPS[t]
            if anywhere:
                # a matador anywhere, either half touching (0-0 one way)
                lo = LO[t]
                hi = HI[t]
                for j in range(4):
                    if j & 1 and not t:
                        continue  # 0-0 one way
                    f = hi if j & 1 else lo
                    if j & 2:
                        v = _after(me, op, pool, bit, left, f, turn, stock, memo, mine, budget)
                    else:
                        v = _after(me, op, pool, bit, f, right, turn, stock, memo, mine, budget)
                    total += v
                    count += 1
                    if v > best:
                        best = v
                continue
            if bit & ol:
                v = _after(me, op, pool, bit, p - 7 + left, right, turn, stock, memo, mine, budget)
                total += v
                count += 1
                if v > best:
                    best = v
            if bit & orr:
                v = _after(me, op, pool, bit, left, p - 7 + right, turn, stock, memo, mine, budget)
                total += v
                count += 1
                if v > best:
                    best = v
        v = total // count if turn else best
    if budget[1] < 0:  # unfinished below: searched again (and counted) in the next step
        budget[0] += 1
        return v
    memo[held] = (v + _WIN) << 9 | tag
    mine[held] = me | pool  # (the pool holds none of the tiles held: both read back)
    return v


def decide(view, moves, n, rng):
    """The search of the last tiles (above) once the reserve holds LAST
    tiles or fewer, as a generator that pips.bots.SmartBot runs (-1 after
    each move searched in a world, then the move, or GIVE_UP); None before:
    the rollouts."""
    if view.top < COUNT - LAST or view.left < 0:
        return None
    n = distinct_lays(view, moves, n)
    if n == 1:
        return None
    return _search(view, moves, n, rng)


def _search(view, moves, n, rng):
    hand = view.hand
    opp = 1 - view.seat
    stock = COUNT - view.top
    unseen = ALL & ~hand & ~view.laid
    k = view.sizes[opp]
    allowed = unseen & ~view.forbid[opp]
    if tiles.count(allowed) < k:
        allowed = unseen  # never with the true history: forbid is sound
    deck = tiles.code_bytes(allowed)
    worth = [0] * n
    row = [0] * n
    memo = {}
    mine = {}
    budget = [NODES, STEP]  # positions left in the decision, in this step
    done = 0
    for _ in range(WORLDS):
        w = deal_mask(rng, deck, len(deck), 0, k)
        pool = unseen & ~w
        memo.clear()
        mine.clear()
        for i in range(n):
            t, side, far = view._placed(moves[i])
            while True:
                budget[1] = STEP
                if side:
                    v = _after(hand, w, pool, 1 << t, view.left, far, 0, stock, memo, mine, budget)
                else:
                    v = _after(hand, w, pool, 1 << t, far, view.right, 0, stock, memo, mine, budget)
                if budget[1] >= 0 or budget[0] < 0:
                    break
                yield -1  # the step's positions spent: the move's search goes on
            row[i] = v
            yield -1
        if budget[0] < 0:
            break  # this world unfinished: the worlds before decide
        for i in range(n):
            worth[i] += row[i]
        done += 1
    if not done:
        yield GIVE_UP
        return
    best = max(worth)
    if worth.count(best) == 1:
        yield moves[worth.index(best)]
        return
    # equal worths: the greedy choice among them
    c = 0
    for i in range(n):
        if worth[i] == best:
            moves[c] = moves[i]
            c += 1
    yield greedy(view, moves, c, rng)


# the lays that mirror none other are the moves worth weighing, as in Draw
POLICY = Policy(greedy, ROLLOUTS, distinct_lays, decide)
