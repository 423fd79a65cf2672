"""Block's bot policy: the greedy heuristic (also the smart bot's default
choice), the moves worth weighing and the smart bot's budget."""

from pips import tiles
from pips.bots import Policy
from pips.tiles import HI, LO, PIPS, WITH
from pips.games.domino import PASS

# The smart bot's rollouts per decision by table size: a rollout at four seats
# costs about twice one at two (longer hands, more to deal). Chosen for a
# decision of about 120 ms (median) on a 125 MHz Cortex-M0 (docs/device-bench.md).
ROLLOUTS = (120, 120, 120, 80, 64)


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


POLICY = Policy(greedy, ROLLOUTS, distinct_moves)
