"""Domino Uno's bot policy.

- greedy: catch a missed call and call one's own late at once; always call
  uno with the second-to-last tile; lay a drawn tile that fits rather than
  keep it (one tile fewer); take back from the end that needs fewer tiles
  taken (the heavier haul breaks ties: the others must then hold more); among
  lays, shed weight and keep tiles that fit the ends left, a double first.
- distinct_moves (the smart bot's candidates): a catch or a late call alone;
  with the second-to-last tile only the calling lays; mirror moves once (the
  opening tile's two orientations, L and R on equal ends, take L and take R
  of a one-tile line). The smart bot itself weighs which end to take back
  from and whether to lay or keep a drawn tile, by rollouts.
- random_move: the random bot lays its second-to-last tile without calling
  uno `forget` percent of the time (a table option, default 25), and calls
  otherwise; its other moves stay uniformly random.
- REACTION: the chance, by level, that a bot notices a missed call out of
  turn (to catch it, or to call its own late).
"""

from pips import tiles
from pips.bots import Policy
from pips.tiles import HI, LO, PIPS, WITH
from pips.games import domino
from pips.games.domino_uno.game import (
    PASS, DRAW, KEEP, TAKE_L, TAKE_R, CALL, UNO,
)

# The smart bot's rollouts per decision (shared among the moves) by table
# size: a rollout (DominoUno.playout, 4 moves, then the hands are weighed)
# costs about 2.2 ms on a 125 MHz Cortex-M0. Chosen for a decision of about
# 100-130 ms (median) and under 200 ms (p90) there (docs/figures.md).
ROLLOUTS = (56, 56, 56, 54, 52, 52, 60)


# Chance in percent, by bot level, that a bot notices a missed uno in time.
REACTION = {"random": 25, "easy": 30, "greedy": 60, "smart": 90}


def _is_lay(m):
    return m < PASS or CALL <= m < UNO


def take_cost(view, side):
    """(how many tiles a take-back from `side` takes, their pips)."""
    before = view.hand
    lo = 0
    hi = len(view.line)
    count = 0
    pips = 0
    while True:
        t, lo, hi, end = domino.take_end(view.line, lo, hi, side)
        count += 1
        pips += PIPS[t]
        if end < 0 or before & WITH[end]:
            return count, pips


def greedy(view, moves, n, rng):
    for i in range(n):
        if moves[i] >= UNO:
            return moves[i]
    if moves[0] == TAKE_L:
        cl, pl = take_cost(view, 0)
        cr, pr = take_cost(view, 1)
        if cl != cr:
            return TAKE_L if cl < cr else TAKE_R
        return TAKE_L if pl >= pr else TAKE_R
    two = view.sizes[view.seat] == 2
    hand = view.hand
    best = moves[0]
    best_score = -1 << 20
    for i in range(n):
        m = moves[i]
        if not _is_lay(m):
            continue
        if two and m < CALL:
            continue
        m &= 63
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
        score = score * 8 + rng.below(8)
        if score > best_score:
            best_score = score
            best = moves[i]
    return best


def distinct_moves(view, moves, n):
    """The moves worth weighing, compacted in place; the count is returned."""
    for i in range(n):
        m = moves[i]
        if m >= UNO:
            moves[0] = m
            return 1
    two = view.sizes[view.seat] == 2
    mirror = view.left < 0 or view.left == view.right
    k = 0
    for i in range(n):
        m = moves[i]
        if _is_lay(m):
            if two and m < CALL:
                continue
            if mirror and m & 1:
                # its mirror m - 1 comes first in the list when it is legal
                seen = False
                for j in range(k):
                    if moves[j] == m - 1:
                        seen = True
                if seen:
                    continue
        elif m == TAKE_R and len(view.line) == 1:
            continue  # the one tile of the line either way
        moves[k] = m
        k += 1
    return k


def random_move(view, move, rng):
    """The random bot's move as drawn, with the uno call decided apart: laying
    the second-to-last tile, it forgets the call `forget` percent of the time."""
    if _is_lay(move) and view.sizes[view.seat] == 2:
        forget = view.table_options.get("forget", 25)
        move &= 63
        if rng.below(100) >= forget:
            move |= CALL
    return move


POLICY = Policy(greedy, ROLLOUTS, distinct_moves, reaction=REACTION, random_move=random_move,
                waits=(PASS, DRAW, KEEP))
