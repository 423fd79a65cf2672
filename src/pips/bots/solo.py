"""Solitaire's bot policy: the greedy choice, the moves worth weighing, and
the smart bot's solver (`decide`, which the smart bot uses in place of its
rollouts per move).

The solver samples orders of the stock (the only thing hidden) and, for each
order, searches every way of laying on from each candidate move: which tile,
which end, in every round to come (a depth-first search with a table of the
positions seen, at most NODES of them per order). The move that can still
win under the most orders is laid; equal counts go to the greedy choice.
Within a round nothing is hidden, so the search is exact there; the rounds
after are judged as if the sampled order were known (a perfect-information
Monte Carlo)."""

from pips import tiles
from pips.tiles import ALL, BIT_CODE, COUNT, HI, LO, PIPS, WITH
from pips.games.solo.game import choose
from pips.games.domino import distinct_lays
from pips.bots import Policy

# sampled orders of the stock per decision, and positions searched per order
BUDGET = 12
NODES = 1500


def greedy(view, moves, n, rng):
    """Keep the round going, then leave ends that many unlaid tiles show;
    doubles first."""
    if n == 1:
        return moves[0]
    fit = 0
    for i in range(n):
        fit |= 1 << (moves[i] >> 1)
    t, side, far = choose(view.faceup, view.left, view.right, view.laid, fit)
    return t * 2 + (side if view.left >= 0 else 0)


def _wins(prefix, laid, top, left, right, rnd, memo, budget):
    """1 when some way of laying wins with the stock in the order `prefix`
    (prefix[i]: every tile turned up once i have been), else 0 (also when
    the budget of positions runs out). `memo` keeps one position per laid
    set, as small ints (a board has 30 bits): laid -> its ends (the smaller
    first: mirrored ends play alike) and the round's count, and the answer;
    the stock's top follows from the laid set and the round."""
    if laid == ALL:
        return 1
    tag = ((rnd * 8 + left) * 8 + right if left < right else (rnd * 8 + right) * 8 + left) * 2
    v = memo.get(laid)
    if v is not None and v & ~1 == tag:
        return v & 1
    if budget[0] <= 0:
        return 0
    budget[0] -= 1
    ends = WITH[left] | WITH[right]
    fit = prefix[top] & ~laid & ends
    v = 0
    if not fit:
        k = COUNT - top
        if rnd < k:
            k = rnd
        if k and prefix[top + k] & ~laid & ends:
            v = _wins(prefix, laid, top + k, left, right, 0, memo, budget)
    else:
        while fit and not v:
            low = fit & -fit
            fit ^= low
            t = BIT_CODE[low % 37]
            if WITH[left] & low:
                v = _wins(prefix, laid | low, top, PIPS[t] - left, right, rnd + 1, memo, budget)
            if not v and WITH[right] & low and left != right:
                v = _wins(prefix, laid | low, top, left, PIPS[t] - right, rnd + 1, memo, budget)
    memo[laid] = tag | v
    return v


def decide(view, moves, n, rng):
    """The move to make (see the module's docstring), a generator as
    pips.bots.SmartBot runs it: -1 after each move searched in each sampled
    order, then the move."""
    if n > 1:
        n = distinct_lays(view, moves, n)
    if n == 1:
        yield moves[0]
        return
    top = view.top
    known = view.laid | view.faceup
    rest = tiles.code_bytes(ALL & ~known)
    prefix = [0] * (COUNT + 1)
    for i in range(top + 1):
        prefix[i] = known
    wins = [0] * n
    memo = {}
    budget = [0]
    for _ in range(BUDGET if top < COUNT else 1):
        if len(rest) > 1:  # (Rng.shuffle of fewer than 2 items steps its state back)
            rng.shuffle(rest)
        m = known
        for i in range(len(rest)):
            m |= 1 << rest[i]
            prefix[top + 1 + i] = m
        memo.clear()
        budget[0] = NODES
        for i in range(n):
            move = moves[i]
            t = move >> 1
            if view.left < 0:
                left, right = (LO[t], HI[t]) if move & 1 else (HI[t], LO[t])
            elif move & 1:
                left, right = view.left, PIPS[t] - view.right
            else:
                left, right = PIPS[t] - view.left, view.right
            low = 1 << t
            wins[i] += _wins(prefix, view.laid | low, top, left, right, view.round + 1, memo, budget)
            yield -1
    best = max(wins)
    if wins.count(best) == 1:
        yield moves[wins.index(best)]
        return
    k = 0
    for i in range(n):
        if wins[i] == best:
            moves[k] = moves[i]
            k += 1
    yield greedy(view, moves, k, rng)


POLICY = Policy(greedy, distinct_moves=distinct_lays, decide=decide)
