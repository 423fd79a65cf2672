"""Matador's bot policy: the greedy heuristic and the moves worth weighing."""

from pips import tiles
from pips.tiles import ALL, PIPS
from pips.games.domino import PASS, DRAW
from pips.games.matador import MATADORS, ORD
from pips.bots.draw import distinct_moves  # noqa: F401  the same mirrors

ROLLOUTS = 160


def greedy(view, moves, n, rng):
    """Shed pips, keep the matadors for when nothing else fits, keep tiles
    that make 7 with the ends left; leave the opponent an end it cannot
    cover (a 0, which only a matador takes, or a number it was seen to lack)."""
    if n == 1 or moves[0] == DRAW or moves[0] == PASS:
        return moves[0]
    hand = view.hand
    opp = 1 - view.seat
    unseen = ALL & ~hand & ~view.laid
    best = moves[0]
    best_score = -10000
    for i in range(n):
        m = moves[i]
        t, side, far = view._placed(m)
        bit = 1 << t
        rest = hand & ~bit
        score = PIPS[t] * 2
        if bit & MATADORS:
            score -= 24
        if view.left < 0:
            a, b = tiles.HI[t], tiles.LO[t]
        else:
            a, b = (view.left, far) if side else (far, view.right)
        score += 3 * tiles.count(rest & ~MATADORS & (ORD[a] | ORD[b]))
        if view.left >= 0:
            if far == 0:
                score += 12
            elif not ORD[far] & unseen & ~view.forbid[opp]:
                score += 12
        score = score * 8 + rng.below(8)
        if score > best_score:
            best_score = score
            best = m
    return best
