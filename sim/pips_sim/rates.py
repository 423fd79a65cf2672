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


def mean(total, count):
    return total / count if count else 0.0
