"""Small statistics for bot matches: rates with confidence intervals."""

import math


def wilson(successes, trials, z=1.96):
    """The Wilson score interval (95% for z=1.96) of a success rate, as (low, high).

    Chosen over the normal approximation because it stays inside [0, 1] and
    behaves at rates near 0 or 1 and for the small match counts of quick runs."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    denom = 1.0 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denom
    half = z * math.sqrt(p * (1.0 - p) / trials + z2 / (4.0 * trials * trials)) / denom
    # rounding can push the bounds a hair past the rate at p = 0 or 1
    return (max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))


SHARED_COMMON = 10.0  # percent of equal players' matches shared: common


def bar_of(won, shared, matches, players=2):
    """What a player wins, in percent, against equals: from the random bot's
    matches against itself, one seat in `players`, or where shared first
    places are common, the random bot's own rate. A bot is the stronger where
    its rate lies above it, the weaker where below."""
    if 100.0 * shared / matches >= SHARED_COMMON:
        return 100.0 * won / matches
    return 100.0 / players


def beats(won, matches, bar):
    """Whether `won` of `matches` is a rate whose 95% interval lies above
    `bar` percent."""
    return 100.0 * wilson(won, matches)[0] > bar


def trails(won, matches, bar):
    """Whether `won` of `matches` is a rate whose 95% interval lies below
    `bar` percent."""
    return 100.0 * wilson(won, matches)[1] < bar


def outcome(score):
    """Where a hand's score counts in (won, lost, tied): 0 above zero, 1
    below, 2 at zero."""
    return 0 if score > 0 else 1 if score < 0 else 2


def mean(total, count):
    return total / count if count else 0.0
