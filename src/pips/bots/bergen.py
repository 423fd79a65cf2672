"""Bergen's bot policy: the greedy heuristic (pips.games.bergen.choose, which
the rollouts play too; also the smart bot's tie-break) and the moves worth
weighing. The smart bot is the generic one: rollouts with Bergen.playout,
judged by the hand's chips (Bergen.utility)."""

from pips.bots import Policy
from pips.games.bergen.game import OPEN, choose

# The smart bot's rollouts per decision by table size. A rollout plays the
# hand out with the heuristic (Bergen.playout): short at two seats (most hands
# end in a dead end while the cross is built), longer at four. Chosen for a
# decision of about 50-115 ms (median) and at most about 210 ms (p90) on a
# 125 MHz Cortex-M0 (docs/device-bench.md, docs/figures.md).
ROLLOUTS = (56, 56, 56, 26, 20)


def greedy(view, moves, n, rng):
    """Shed pips but keep moving (see pips.games.bergen.choose)."""
    return choose(view.phase, view.hand, view.ends, view.others_lack(), moves, n)


def distinct_moves(view, moves, n):
    """One move per tile and kind of arm: in the cross every empty side is
    alike, later every arm showing the same end. Compacts `moves` in place
    and returns the new count."""
    k = 0
    ends = view.ends
    for i in range(n):
        m = moves[i]
        if m < OPEN:
            e = ends[m & 3]
            same = False
            for j in range(k):
                o = moves[j]
                if o >> 2 == m >> 2 and ends[o & 3] == e:
                    same = True
                    break
            if same:
                continue
        moves[k] = m
        k += 1
    return k


# a rollout of a 4-player hand in steps of 8 moves (one played out whole
# took 33 ms of a frame on the emulated Pico, pips_tools.pico)
POLICY = Policy(greedy, ROLLOUTS, distinct_moves, playout_moves=8)
