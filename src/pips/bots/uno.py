"""UNO's bot policy. The greedy heuristic, after the tips on the rule page:

- keep W and W+4 for when nothing else plays (50 points each if left in hand);
- when the next player is low on cards, play skips, reverses and +2s on them,
  and change the colour away from the one they have been playing;
- challenge a +4 when its player has played the colour it replaced until
  recently (a wrong challenge costs 6 cards);
- always call UNO with the second-to-last card, call a missed one late, and
  catch a missed one.
"""

from pips.bots import Policy
from pips.cards import COLOR, RANK, POINTS, WILD
from pips.games.uno.game import (
    DRAW, KEEP, ACCEPT, CHALLENGE, COLOR_MOVE, UNO, CATCH, PLUS4, NAME_COLOR, DRAWN, CALL,
    REST_P4SEAT, REST_P4COLOR, REST_SEATS,
)

# The smart bot's budget per decision (rollouts shared among the moves): an UNO
# rollout (4 moves, then the hands are weighed: Uno.playout_moves) costs about
# 1.5 ms on a 125 MHz Cortex-M0 at two seats, more at a larger table (more
# cards to deal a round); chosen for a decision of about 130 ms (median).
ROLLOUTS = (84, 84, 84, 72, 64, 56, 56, 48, 48, 48, 48)


# Chance in percent, by bot level, that a bot notices a missed UNO in time (to
# catch it, or to call its own late): bots asked out of turn consult it.
REACTION = {"random": 20, "easy": 30, "greedy": 60, "smart": 90}

_LOW = 2  # an opponent with this many cards or fewer is about to go out


def _best_color(view, avoid):
    """The colour we hold most of (points break ties), not `avoid` if we can help it."""
    hand = view.hands
    best = 0
    best_score = -1
    for c in range(4):
        score = view.ccount[c] * 64
        k = c * 13
        for r in range(13):
            score += hand[k + r] * POINTS[c * 13 + r] // 8
        if c == avoid:
            score -= 4096
        if score > best_score:
            best_score = score
            best = c
    return best


def greedy(view, moves, n, rng):
    seat = view.seat
    players = view.players
    # a missed UNO: call ours, catch theirs
    for i in range(n):
        m = moves[i]
        if m == UNO or m >= CATCH:
            return m
    ask = view.ask
    if ask == PLUS4:
        # the +4's player and the colour it replaced; that seat's recent colours
        rest = view.rest
        b = rest[REST_P4SEAT] - 1
        c = rest[REST_P4COLOR]
        if c < 4 and rest[REST_SEATS + 2 * players + b] >> c & 0x11:
            return CHALLENGE
        return ACCEPT
    # the next player: low on cards, and the colour they have been playing
    nxt = seat
    while True:
        nxt = (nxt + view.direction) % players
        if not view.rest[REST_SEATS + nxt] or nxt == seat:  # still in
            break
    low = view.sizes[nxt] <= _LOW
    theirs = 4
    if low:
        r = view.rest[REST_SEATS + 2 * players + nxt]  # their last two coloured cards' colours
        for c in range(4):
            if r >> c & 1:
                theirs = c
    if ask == NAME_COLOR:
        return COLOR_MOVE + _best_color(view, theirs)
    size = view.sizes[seat]
    want_color = -1
    best = -1
    best_score = -(1 << 20)
    for i in range(n):
        m = moves[i]
        if m >= DRAW:
            continue
        if size == 2 and not m & 64:
            continue  # always call UNO with the second-to-last card
        k = m & 63
        if k >= 52:
            kind = 52 if k < 56 else 53
            c = (k - 52) & 3
            if want_color < 0:
                want_color = _best_color(view, theirs)
            if c != want_color:
                continue
            score = -1000 if kind == 52 else -1100
            if low:
                score += 600 if kind == 53 else 300
            if ask == DRAWN and not low and size > 2:
                score = -3000  # drawn wild: keep it for later
        else:
            kind = k
            c = COLOR[kind]
            rank = RANK[kind]
            score = POINTS[kind] * 4 + view.ccount[c] * 6
            if rank >= 10:
                score += 200 if low else -100
            if low and c == theirs:
                score -= 150
        score = score * 8 + rng.below(8)
        if score > best_score:
            best_score = score
            best = m
    if best >= 0 and best_score > -3000 * 8:
        return best
    for i in range(n):
        if moves[i] == KEEP or moves[i] == DRAW:
            return moves[i]
    return moves[0] if best < 0 else best


def distinct_moves(view, moves, n):
    """The moves worth weighing, for the smart bot (compacted in place; the
    count is returned), after the page's tips. A catch or a late UNO call
    costs nothing: taken at once. With a coloured card to play, neither a
    draw nor a wild (keep them for when nothing else plays). With the
    second-to-last card, only the moves calling UNO. A wild names only a
    colour held (or red when none is)."""
    coloured = False
    for i in range(n):
        m = moves[i]
        if m >= UNO:
            moves[0] = m
            return 1
        if m < DRAW and m & 63 < WILD:
            coloured = True
    two = view.sizes[view.seat] == 2
    cc = view.ccount
    none_held = not (cc[0] or cc[1] or cc[2] or cc[3])
    k = 0
    for i in range(n):
        m = moves[i]
        if m < DRAW:
            if two and not m & CALL:
                continue
            w = m & 63
            if w >= WILD:
                if coloured:
                    continue
                c = (w - 52) & 3
                if not (cc[c] or (none_held and c == 0)):
                    continue
        elif m == DRAW and coloured:
            continue
        moves[k] = m
        k += 1
    return k


def slip(view, move, rng):
    """The easy bot's random card, with UNO called on the second-to-last card
    (a beginner knows that rule: its slips are in what it plays)."""
    if move < DRAW and view.sizes[view.seat] == 2:
        move |= CALL
    return move


POLICY = Policy(greedy, ROLLOUTS, distinct_moves, reaction=REACTION, waits=(DRAW, KEEP), slip=slip)
