"""Matador's bot policy: the greedy heuristic and the moves worth weighing."""

from pips import tiles
from pips.tiles import HI, LO, PIPS
from pips.games.domino import PASS, DRAW
from pips.games.matador import MATADORS, ORD
from pips.bots.draw import distinct_moves, stuck_chance  # noqa: F401  the same mirrors

ROLLOUTS = 160


def greedy(view, moves, n, rng):
    """Leave the opponent ends it likely cannot cover (it must then draw):
    the chance that none of its tiles fits them, counted exactly over the
    tiles it may hold (`stuck_chance`; a 0 end takes a matador only); keep
    the matadors for when nothing else fits, keep tiles that make 7 with the
    ends left, and shed pips."""
    if n == 1 or moves[0] == DRAW or moves[0] == PASS:
        return moves[0]
    hand = view.hand
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
        score = stuck_chance(view, ORD[a] | ORD[b] | MATADORS) >> 5
        score += PIPS[t] * 2 + 3 * tiles.count(hand & ~bit & ~MATADORS & (ORD[a] | ORD[b]))
        if bit & MATADORS:
            score -= 24
        score = score * 8 + rng.below(8)
        if score > best_score:
            best_score = score
            best = m
    return best
