"""Draw's bot policy: the greedy heuristic (also the smart bot's tie-break)
and the moves worth weighing (`distinct_moves`: the lays that mirror none
other, pips.games.domino's, as in Matador and Solitaire)."""

from pips import tiles
from pips.tiles import ALL, HI, LO, PIPS, WITH
from pips.games.domino import PASS, DRAW
from pips.games.domino import distinct_lays
from pips.bots import Policy

# The smart bot's budget per decision, shared among the moves: on the emulated
# 125 MHz Cortex-M0 (make bench-device) a rollout (a move played out on a copy
# of the round's dealt world) costs about 2.5 ms, so that a decision takes
# about 88 ms (median)
ROLLOUTS = 36


def greedy(view, moves, n, rng):
    """Shed weight but keep moving, as in Block: a tile's pips count, a double
    more (it waits for one number only), and so do the tiles still in hand
    that fit the ends it leaves; an end the opponent is known to lack is
    worth a lot (it must draw), an end no tile in hand shows is a risk."""
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
        rest = hand & ~(1 << t)
        double = HI[t] == LO[t]
        if view.left < 0:
            score = PIPS[t] * 2 + (8 if double else 0)
            score += 3 * (tiles.count(rest & WITH[HI[t]]) + tiles.count(rest & WITH[LO[t]]))
        else:
            keep = view.left if side else view.right
            score = PIPS[t] * 2 + (6 if double else 0)
            score += 3 * tiles.count(rest & (WITH[far] | WITH[keep]))
            if not WITH[far] & unseen & ~view.forbid[opp]:
                score += 20
            if not rest & WITH[far]:
                score -= 8
        score = score * 8 + rng.below(8)
        if score > best_score:
            best_score = score
            best = m
    return best


# the lays that mirror none other are the moves worth weighing (pips.games.domino)
POLICY = Policy(greedy, ROLLOUTS, distinct_lays)
