"""Matador's bot policy: the greedy heuristic and the moves worth weighing."""

from pips import tiles
from pips.tiles import ALL, HI, LO, PIPS
from pips.games.domino import PASS, DRAW
from pips.games.domino import distinct_lays
from pips.bots import Policy
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


# the lays that mirror none other are the moves worth weighing, as in Draw
POLICY = Policy(greedy, ROLLOUTS, distinct_lays)
