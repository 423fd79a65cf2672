"""Twenty-one's bot policy: greedy draws below a fixed total; smart decides
with the exact chance of going over.

`decide` (the smart bot's whole decision, see pips.bots.SmartBot): the
chance of each next total comes from the tiles this seat has not seen (the
others' hands and the stock alike, each as likely to come next), counted
exactly; that is also the exact chance that a hit goes over. What standing
on a total is worth comes from the others' final totals in SAMPLES worlds
dealt consistently with the view (View.sample), weighed by how a seat that
stood was seen to decide (`_plausible`: a model of the opponent from its
moves), and played out with the game's rollout policy. Then one step of
expectation: hit when the drawn tile's worth (0 when it goes over; from
there the better of standing and hitting again, the later draws counted
from the same unseen tiles less the `0-0`) beats standing now.
"""

from pips import const
from pips.bots import Policy
from pips.games.twentyone.game import HIT, STAND, LIMIT, PLAYOUT_STAND
from pips.tiles import PIPS, COUNT

STAND_AT = const(15)  # greedy: draw below this total
SAMPLES = const(40)  # smart: worlds played out per decision
# A world the opponents' model turns down is dealt again, at most this many
# times in all (the last kept whatever it holds). Against greedy, 4,000
# matches from seed 1,000,000: 45.8% without the model, 50.1% with it;
# against random 84.0% and 82.5% (the baseline, random against itself, about
# 43%: a tenth of the matches are shared). Modelled on the threshold alone
# (every world below it turned down) 51.5% and 80.9%.
DEALS = const(8)
_SHARE = (12, 6, 4, 3)  # a win's worth when shared by 1, 2, 3 or 4 seats

_scratch = [None, None]  # a rollout world and its move buffer, reused


def greedy(view, moves, n, rng):
    """Draw below STAND_AT, stand from there."""
    if n == 1:
        return moves[0]
    return HIT if view.total < STAND_AT else STAND


def bust_chance(view):
    """(tiles that would go over, unseen tiles): the exact chance that a hit
    goes over, as a fraction."""
    room = LIMIT - view.total
    over = 0
    unseen = 0
    for t in range(COUNT):
        if not view.hand >> t & 1:
            unseen += 1
            if PIPS[t] > room:
                over += 1
    return over, unseen


def _plausible(world, view, rng):
    """Whether to keep a sampled world, given how its seats that stood
    decided: each seat that stood plays either as the rollouts do (draw
    below PLAYOUT_STAND, stand from there) or at random (each decision a coin),
    as likely as not before its moves are seen. A world where such a seat
    stood below PLAYOUT_STAND fits only the coin, whose d decisions (its hits
    and the stand) come out so 1 time in 2**d: such a world is kept 1 time
    in 2**d + 1, which deals the worlds as the two models weigh them after
    the moves seen."""
    stood = view.stood
    totals = world.totals
    sizes = view.sizes
    for s in range(view.players):
        if stood[s] and s != view.seat and totals[s] < PLAYOUT_STAND:
            if rng.below((1 << (sizes[s] - 1)) + 1):
                return False
    return True


def stand_values(view, rng, worth, samples=SAMPLES):
    """Fill `worth` (22 zeros) with, per total 0..21, what standing on it is
    worth, summed over `samples` worlds: 12 for a win alone, 12/k for a win
    shared by k seats. A generator: yields -1 after each world."""
    world, buf = _scratch
    if world is not None and (world.players != view.players or type(world) is not view.game_class):
        world = None
    if buf is None:
        buf = bytearray(view.game_class.max_moves)
    seat = view.seat
    for _ in range(samples):
        for _deal in range(DEALS):
            world = view.sample(rng, world)
            if _plausible(world, view, rng):
                break
        world.play(seat, STAND)
        world.playout(rng, buf)
        best = -1
        ties = 0
        for s in range(view.players):
            if s != seat:
                t = world.totals[s]
                if t <= LIMIT:
                    if t > best:
                        best = t
                        ties = 0
                    elif t == best:
                        ties += 1
        for t in range(best + 1, LIMIT + 1):
            worth[t] += 12
        if best >= 0:
            worth[best] += _SHARE[ties + 1]
        _scratch[0] = world
        _scratch[1] = buf
        yield -1


def decide(view, moves, n, rng):
    """The smart bot's decision (see the module's docstring), a generator as
    pips.bots.SmartBot runs it: -1 after each world played out, then the move."""
    if n == 1:
        yield moves[0]
        return
    total = view.total
    counts = [0] * 13  # unseen tiles by their pips
    for t in range(COUNT):
        if not view.hand >> t & 1:
            counts[PIPS[t]] += 1
    unseen = sum(counts)
    stand = [0] * (LIMIT + 1)
    for step in stand_values(view, rng, stand):
        yield step
    for t in range(LIMIT + 1):
        stand[t] <<= 8  # room for the averages below in small ints (no floats)
    # later draws: the same unseen tiles, less the 0-0 (it never comes twice)
    later = unseen - counts[0]
    value = [0] * (LIMIT + 1)  # the better of standing and hitting on: each total
    for t in range(LIMIT, -1, -1):
        hit = 0
        if later:
            for v in range(1, 13):
                if counts[v] and t + v <= LIMIT:
                    hit += counts[v] * value[t + v]
            hit //= later
        value[t] = stand[t] if t == LIMIT or stand[t] >= hit else hit
    # the next draw, counted exactly: a tile over the room is worth nothing
    hit = 0
    for v in range(13):
        if counts[v] and total + v <= LIMIT:
            hit += counts[v] * value[total + v]
    hit //= unseen
    yield HIT if hit > stand[total] else STAND


def distinct_moves(view, moves, n):
    return n


POLICY = Policy(greedy, decide=decide)
