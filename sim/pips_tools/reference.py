"""The reference bots, desktop only: an honest search with about a hundred
times the device's budget, to measure the device bots against (issue 29,
`make bench-strength`), and the seeing bot, which is told every hidden piece.

The reference (ReferenceBot) decides from its seat's View alone. Each
decision deals WORLDS worlds consistent with the view (View.sample: the
unseen pieces at random, never a tile showing a number a seat was seen
passing on), and in each world weighs every move worth weighing
(the policy's distinct_moves) on that same world:

- exactly where the rest of the hand is small: two-player Block once at most
  EXACT_BLOCK tiles are left in the hands (negamax over the rest of the hand,
  a table of the positions seen, the hand's points margin); two-player Bergen
  always (the whole hand, the chance of winning it less the chance of losing
  it, as pips_tools.ceiling steps it); Matador (and Draw's seeing bot) once
  the stock is empty and the rest fits in NODES positions (alpha-beta over
  the game's own moves);
- elsewhere by PLAYOUTS playouts of the game's own rollout policy
  (Game.playout) from the world after the move, the same generator state for
  every move of a world (equal luck).

The move of the highest mean over the worlds is played (ties to the first).

Draw's reference is its own smart decision with SMART_TIMES["draw"] times
the device's rollouts: 3,600 a decision, a world dealt afresh for each round
of the moves (hundreds of worlds a decision), the greedy move kept unless
another's gain clears it. The worlds searched as above (64 of them, 12
playouts each) won 52% of 100 matches against smart. Twenty-one's reference
is its smart decision (the exact chance of each draw, what standing is worth
from sampled worlds) with REF_TWENTYONE_WORLDS worlds, a hundred times the
device's. Solitaire's is its own solver with REF_SOLO_ORDERS sampled stock
orders and REF_SOLO_NODES positions each (ten and three times the device's).
Out of turn (UNO's catch, Domino Uno's call) the reference answers as the
smart bot does, with its reaction chance.

The seeing bot (SeeingBot) searches the same way, but in the one true world
(it is handed the hand being played): a ceiling for any bot that sees less,
against the same opponents. Bergen's ceiling stays pips_tools.ceiling's
(expectimax against the random bot itself).
"""

from pips import tiles
from pips.bots import SmartBot
from pips.tiles import COUNT, PIPS, WITH

WORLDS = 64
PLAYOUTS = 16
# Playouts a world-move by game, about a hundred times the device's rollouts
# a decision in all (64 worlds, some four moves worth weighing): Block's 120
# rollouts make 12,000, Matador's 42 make 4,200; Domino Uno's 40-move
# playouts cost the most and its device budget was 24 of them (2,400: 6 a
# world-move). Draw's and Twenty-one's serve the seeing bot only (their
# references decide as their smart bots do).
GAME_PLAYOUTS = {"block": 16, "matador": 16, "draw": 12, "uno": 16, "domino-uno": 6,
                 "twentyone": 32, "bergen": 16}
# A game whose playouts stop early (Game.playout_moves) and are then weighed,
# searched by the reference and the seeing bot with longer ones: Domino Uno's
# 40 moves, as its reference was measured (the device's 4 buy it rollouts).
REF_PLAYOUT_MOVES = {"domino-uno": 40}
EXACT_BLOCK = 12  # tiles left in both hands, at most: Block solved exactly
NODES = 4000  # positions a generic exact search may visit in a world
# what a bot made without figures takes (the command line may change them)
SETTINGS = {"worlds": WORLDS, "playouts": 0}
# The games whose reference is their smart decision at this many times the
# device's rollouts (the module docstring says why Draw's is).
SMART_TIMES = {"draw": 100}
REF_TWENTYONE_WORLDS = 4000
REF_SOLO_ORDERS = 120
REF_SOLO_NODES = 4500

_PIPS_OF = [tuple(sum(PIPS[7 * k + j] for j in range(7) if (7 * k + j) < COUNT and m >> j & 1)
                  for m in range(128)) for k in range(4)]


def pips_of(mask):
    """The pips on the tiles of a mask."""
    t = _PIPS_OF
    return t[0][mask & 127] + t[1][mask >> 7 & 127] + t[2][mask >> 14 & 127] + t[3][mask >> 21 & 127]


def clone(game, into=None):
    """An exact copy of a hand: its fields, lists and bytearrays copied (one
    level down too), a generator shared as the games' copy_from share it."""
    cls = type(game)
    new = cls.__new__(cls)
    d = new.__dict__
    for key, value in game.__dict__.items():
        kind = type(value)
        if kind is list:
            value = [v[:] if type(v) in (list, bytearray) else v for v in value]
        elif kind is bytearray:
            value = bytearray(value)
        elif kind is dict:
            value = dict(value)
        d[key] = value
    return new


# -- Block, two seats: negamax over the rest of the hand -----------------------

def block_value(mover, other, left, right, memo):
    """The points margin of a two-player Block hand for the seat to move, both
    playing perfectly: `mover` and `other` the two hands (masks), left and right
    the open ends (the line not empty)."""
    key = (mover, other, left, right) if left <= right else (mover, other, right, left)
    value = memo.get(key)
    if value is not None:
        return value
    fits_l = WITH[left]
    fits_r = WITH[right]
    playable = mover & (fits_l | fits_r)
    if not playable:
        if not other & (fits_l | fits_r):
            value = _blocked(pips_of(mover), pips_of(other))
        else:
            value = -block_value(other, mover, left, right, memo)
        memo[key] = value
        return value
    best = -1000
    m = playable
    while m:
        bit = m & -m
        m ^= bit
        t = tiles.BIT_CODE[bit % 37]
        rest = mover ^ bit
        p = PIPS[t]
        for side in (0, 1):
            end = left if side == 0 else right
            if not (fits_l if side == 0 else fits_r) & bit:
                continue
            if side == 1 and left == right:
                break
            if side == 0:
                nl, nr = p - end, right
            else:
                nl, nr = left, p - end
            if not rest:
                v = pips_of(other)
            elif not (rest | other) & (WITH[nl] | WITH[nr]):
                v = _blocked(pips_of(rest), pips_of(other))
            else:
                v = -block_value(other, rest, nl, nr, memo)
            if v > best:
                best = v
    memo[key] = best
    return best


def _blocked(mine, theirs):
    """A dead end's margin for the seat with `mine` pips left: the lower count
    scores the other's pips; equal counts score nobody."""
    if mine < theirs:
        return theirs
    if theirs < mine:
        return -mine
    return 0


def _block_exact(world, me, memo):
    if world.players != 2 or world.left < 0:
        return None
    hands = world.hands
    if tiles.count(hands[0] | hands[1]) > EXACT_BLOCK:
        return None
    turn = world.turn
    v = block_value(hands[turn], hands[1 - turn], world.left, world.right, memo)
    return v if turn == me else -v


# -- Bergen, two seats: the whole hand, as pips_tools.ceiling steps it ---------

def _bergen_exact(world, me, memo):
    if world.players != 2:
        return None
    from pips_tools.ceiling import step

    hands = (world.hands[0], world.hands[1])
    return _bergen_value(hands, tuple(world.ends), world.phase, world.turn, me, memo, step)


def _bergen_value(hands, ends, phase, turn, me, memo, step):
    key = (hands, ends, phase, turn)
    value = memo.get(key)
    if value is not None:
        return value if turn == me else -value
    from pips.games.bergen import game as bergen

    buf = bytearray(bergen.Bergen.max_moves)
    n = bergen._moves(phase, hands[turn], ends, buf)
    best = -2
    for i in range(n):
        h, e, ph, t, winner = step(hands, ends, phase, turn, buf[i])
        if t < 0:
            v = 0 if winner < 0 else 1 if winner == turn else -1
        else:
            v = _bergen_value(h, e, ph, t, turn, memo, step)
        if v > best:
            best = v
    memo[key] = best  # for the seat on turn
    return best if turn == me else -best


# -- Draw and Matador, two seats: alpha-beta over the game's moves, stock empty --

class _Over(Exception):
    pass


def _reserve_exact(world, me, memo):
    if world.players != 2 or world.reserve():
        return None
    budget = [NODES]
    buf = bytearray(type(world).max_moves)
    try:
        return _alphabeta(world, me, -10000, 10000, budget, buf)
    except _Over:
        return None


def _alphabeta(game, me, alpha, beta, budget, buf):
    if game.turn < 0:
        return game.utility(me)
    budget[0] -= 1
    if budget[0] < 0:
        raise _Over()
    turn = game.turn
    n = game.legal(turn, buf)
    moves = bytes(buf[:n])
    child_buf = bytearray(len(buf))
    if turn == me:
        value = -10000
        for move in moves:
            child = clone(game)
            child.play(turn, move)
            v = _alphabeta(child, me, alpha, beta, budget, child_buf)
            if v > value:
                value = v
            if value > alpha:
                alpha = value
            if alpha >= beta:
                break
        return value
    value = 10000
    for move in moves:
        child = clone(game)
        child.play(turn, move)
        v = _alphabeta(child, me, alpha, beta, budget, child_buf)
        if v < value:
            value = v
        if value < beta:
            beta = value
        if alpha >= beta:
            break
    return value


# The exact search of a game, by name: (world after the move, seat, memo) ->
# the value for the seat, or None where the rest is too large.
EXACT = {
    "block": _block_exact,
    "bergen": _bergen_exact,
    "draw": _reserve_exact,
    "matador": _reserve_exact,
}


class ReferenceBot(SmartBot):
    """Sampled worlds, each searched exactly where the rest of the hand is
    small and played out PLAYOUTS times elsewhere (module docstring)."""

    level = "reference"

    def __init__(self, rng=None, game_class=None, worlds=0, playouts=0):
        SmartBot.__init__(self, rng, game_class)
        self.worlds = worlds or SETTINGS["worlds"]
        self.playouts = playouts or SETTINGS["playouts"] or GAME_PLAYOUTS.get(
            game_class.name if game_class is not None else "", PLAYOUTS)
        self.exact = EXACT.get(game_class.name) if game_class is not None else None
        self.playout_moves = REF_PLAYOUT_MOVES.get(game_class.name) if game_class is not None else None
        self.decisions = 0
        self.solved = 0  # world-moves valued exactly
        self.valued = 0  # world-moves valued in all

    def react(self, view):
        """Out of turn, the smart bot's answer (its reaction chance)."""
        self.level = "smart"
        try:
            return SmartBot.react(self, view)
        finally:
            del self.level

    def choose(self, view):
        if view.turn != view.seat:
            return self.react(view)
        n = self._moves(view)
        if n == 1:
            return self.buf[0]
        policy_ = self._policy(view)
        if view.game_class.name == "solo":
            return _solo(view, self.buf, n, self.rng)
        if view.game_class.name == "twentyone":
            return _twentyone(view, self.buf, n, self.rng)
        times = SMART_TIMES.get(view.game_class.name)
        if times:
            self.rollouts = times * policy_.budget(view.players)
            return SmartBot.choose(self, view)
        if policy_.distinct_moves is not None:
            n = policy_.distinct_moves(view, self.buf, n)
            if n == 1:
                return self.buf[0]
        moves = bytes(self.buf[:n])
        self.decisions += 1
        totals = [0.0] * n
        for _ in range(self.worlds):
            world = view.sample(self.rng)
            self._weigh(world, view.seat, moves, totals)
        best = 0
        for i in range(1, n):
            if totals[i] > totals[best]:
                best = i
        return moves[best]

    def _weigh(self, world, seat, moves, totals):
        """Add each move's value in `world` to totals."""
        rng = self.rng
        buf = bytearray(len(self.buf))
        exact = self.exact
        memo = {}
        if self.playout_moves is not None:
            world.playout_moves = self.playout_moves  # once a world: its copies take it along
        rng.mark()
        for i in range(len(moves)):
            after = clone(world)
            after.play(seat, moves[i])
            self.valued += 1
            if after.turn < 0:
                totals[i] += after.utility(seat)
                continue
            if exact is not None:
                v = exact(after, seat, memo)
                if v is not None:
                    self.solved += 1
                    totals[i] += v
                    continue
            rng.rewind()  # every move of a world on the same luck
            total = 0
            scratch = None
            for _ in range(self.playouts):
                scratch = clone(after, scratch)
                scratch.playout(rng, buf)
                total += scratch.utility(seat)
            totals[i] += total / self.playouts


class SeeingBot(ReferenceBot):
    """The reference's search in the one true world: `game` is set to the hand
    being played (SeeingBot.game = game before each hand). Its playouts are
    WORLDS times as many a move, the reference's rollouts a decision."""

    level = "seeing"

    def __init__(self, rng=None, game_class=None, worlds=0, playouts=0):
        worlds = worlds or SETTINGS["worlds"]
        playouts = playouts or SETTINGS["playouts"] or GAME_PLAYOUTS.get(
            game_class.name if game_class is not None else "", PLAYOUTS)
        ReferenceBot.__init__(self, rng, game_class, 1, playouts * worlds)
        self.game = None

    def choose(self, view):
        if view.turn != view.seat:
            return ReferenceBot.choose(self, view)
        if view.game_class.name == "solo":
            n = self._moves(view)
            if n == 1:
                return self.buf[0]
            game = self.game
            return _solo(view, self.buf, n, self.rng, game.stock[game.top:])
        n = self._moves(view)
        if n == 1:
            return self.buf[0]
        policy_ = self._policy(view)
        if policy_.distinct_moves is not None:
            n = policy_.distinct_moves(view, self.buf, n)
            if n == 1:
                return self.buf[0]
        moves = bytes(self.buf[:n])
        totals = [0.0] * n
        world = clone(self.game)
        if getattr(world, "rng", None) is not None:
            # UNO's draws after a reshuffle: the bot's luck, never the hand's own
            # generator (a playout on it would change the deal being played)
            world.rng = self.rng
        self._weigh(world, view.seat, moves, totals)
        best = 0
        for i in range(1, n):
            if totals[i] > totals[best]:
                best = i
        return moves[best]


def _solo(view, moves, n, rng, order=None):
    """Solitaire's solver with the reference's orders and positions; told
    the stock's true `order`, its one order is that one (the seeing bot)."""
    from pips.bots import solo

    keep = solo.BUDGET, solo.NODES
    solo.BUDGET, solo.NODES = REF_SOLO_ORDERS, REF_SOLO_NODES
    if order is not None:
        solo.BUDGET = 1
        solo.NODES = REF_SOLO_NODES * 4
        rng = _Told(rng, order)
    try:
        thinking = solo.decide(view, moves, n, rng)
        while True:
            move = next(thinking)
            if move >= 0:
                return move
    finally:
        solo.BUDGET, solo.NODES = keep


def _twentyone(view, moves, n, rng):
    """Twenty-one's own decision (the exact chance of each draw, the worth of
    standing from sampled worlds) with REF_TWENTYONE_WORLDS worlds, a hundred
    times the device's."""
    from pips.bots import twentyone

    keep = twentyone.stand_values.__defaults__
    twentyone.stand_values.__defaults__ = (REF_TWENTYONE_WORLDS,)
    try:
        thinking = twentyone.decide(view, moves, n, rng)
        while True:
            move = next(thinking)
            if move >= 0:
                return move
    finally:
        twentyone.stand_values.__defaults__ = keep


class _Told:
    """A generator whose shuffle of the stock's tiles puts them in their
    true order (the seeing bot's Solitaire); anything else as `rng`."""

    def __init__(self, rng, order):
        self.rng = rng
        self.order = bytes(order)

    def shuffle(self, items):
        assert sorted(items) == sorted(self.order)
        items[:] = self.order

    def below(self, n):
        return self.rng.below(n)


def make(level, rng, game_class):
    """A bot of any level for the strength tools: the device's (pips.bots.make)
    or `reference` / `seeing`."""
    if level == "reference":
        return ReferenceBot(rng, game_class)
    if level == "seeing":
        return SeeingBot(rng, game_class)
    from pips import bots

    return bots.make(level, rng, game_class)


def play_match(game_class, players, seed, levels, options=None):
    """One match among `levels` (one per seat; a level's seats share one bot,
    all drawing from pips.bots.bot_rng(seed), as pips.selfplay does); returns
    the match's ranks. A seeing bot is handed each hand as it is dealt."""
    from pips.bots import bot_rng
    from pips.match import Match, Turns

    rng = bot_rng(seed)
    made = {}
    bots = []
    for level in levels:
        if level not in made:
            made[level] = make(level, rng, game_class)
        bots.append(made[level])
    match = Match(game_class, players, game_class.table(options), seed)
    while not match.over:
        game = match.new_hand()
        for bot in made.values():
            if isinstance(bot, SeeingBot):
                bot.game = game
        turns = Turns(game)
        seat = turns.next()
        while seat >= 0:
            move = bots[seat].choose(game.view(seat))
            if move >= 0:
                game.play(seat, move)
            seat = turns.next()
        if match.end_hand():
            break
    return match.ranks()


def head_to_head(game_class, players, level, other, matches, seed, options=None, progress=None):
    """(won, lost, shared) of `level` against players - 1 seats of `other`,
    match i dealt from seed + i with `level` in seat i % players."""
    won = lost = shared = 0
    for i in range(matches):
        me = i % players
        levels = [other] * players
        levels[me] = level
        ranks = play_match(game_class, players, seed + i, levels, options)
        if ranks[me] == 1 and ranks.count(1) == 1:
            won += 1
        elif ranks[me] == 1:
            shared += 1
        else:
            lost += 1
        if progress is not None:
            progress(i + 1, won, lost, shared)
    return won, lost, shared


def head_to_head_hands(game_class, level, other, deals, seed, progress=None):
    """(won, lost, tied) hands of `level` against `other` at two seats: deal i
    (from seed + i, its starter drawn from it) played twice, `level` in seat
    0 and then in seat 1, the bots' generators from pips.bots.bot_rng(seed +
    i) each time. Won: the hand's utility for `level` above 0. Hands rather
    than matches: the same deal at both seats takes the luck of the deal out,
    a sharper look at a small difference (development only; the issue's test
    is head_to_head's matches)."""
    from pips.bots import bot_rng
    from pips.rng import Rng
    from pips.selfplay import play_hand
    from pips_sim import rates

    counts = [0, 0, 0]  # won, lost, tied
    for i in range(deals):
        for me in (0, 1):
            rng = bot_rng(seed + i)
            bots = [make(other, rng, game_class)] * 2
            bots[me] = make(level, rng, game_class)
            game = game_class(2, None, Rng(seed + i))
            for bot in bots:
                if isinstance(bot, SeeingBot):
                    bot.game = game
            play_hand(game, bots)
            counts[rates.outcome(game.utility(me))] += 1
        if progress is not None:
            progress(i + 1, *counts)
    return tuple(counts)


def main(argv=None):
    import argparse
    import sys
    import time

    from pips import games
    from pips_sim import rates

    parser = argparse.ArgumentParser(prog="python -m pips_tools.reference",
                                     description="one bot against another, match by match")
    parser.add_argument("game")
    parser.add_argument("--bot", default="reference")
    parser.add_argument("--against", default="smart")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--seed", type=int, default=910000)
    parser.add_argument("--worlds", type=int, default=WORLDS)
    parser.add_argument("--playouts", type=int, default=0, help="a world-move (0: the game's)")
    parser.add_argument("--hands", type=int, default=0,
                        help="play this many deals hand by hand, each at both seats, in place of matches")
    args = parser.parse_args(argv)
    SETTINGS["worlds"] = args.worlds
    SETTINGS["playouts"] = args.playouts
    game_class = games.get(args.game)
    t0 = time.time()

    def progress(done, won, lost, shared):
        if done % 10 == 0 or done == args.matches:
            low, high = rates.wilson(won, done)
            sys.stderr.write("%d: won %d lost %d shared %d  %.1f%% [%.1f, %.1f]  %.0f s\n" % (
                done, won, lost, shared, 100.0 * won / done, 100 * low, 100 * high, time.time() - t0))

    if args.hands:
        if args.players != 2 or game_class.max_players < 2:
            parser.error("--hands plays two seats")

        def hand_progress(done, won, lost, tied):
            if done % 25 == 0 or done == args.hands:
                low, high = rates.wilson(won, won + lost)
                sys.stderr.write("%d deals: won %d lost %d tied %d  %.1f%% [%.1f, %.1f] of hands not tied  %.0f s\n" % (
                    done, won, lost, tied, 100.0 * won / max(1, won + lost), 100 * low, 100 * high,
                    time.time() - t0))

        won, lost, tied = head_to_head_hands(game_class, args.bot, args.against, args.hands, args.seed,
                                             progress=hand_progress)
        low, high = rates.wilson(won, won + lost)
        print("%s, hand by hand, %s against %s: %d deals at both seats (seeds %d..%d): won %d, lost %d, "
              "tied %d: %.1f%% [%.1f, %.1f] of the hands not tied, %.0f s" % (
                  args.game, args.bot, args.against, args.hands, args.seed, args.seed + args.hands - 1,
                  won, lost, tied, 100.0 * won / max(1, won + lost), 100 * low, 100 * high,
                  time.time() - t0))
        return 0
    won, lost, shared = head_to_head(game_class, args.players, args.bot, args.against, args.matches,
                                     args.seed, progress=progress)
    low, high = rates.wilson(won, args.matches)
    print("%s, %d seats, %s against %s: %d matches (seeds %d..%d): won %d (%.1f%% [%.1f, %.1f]), "
          "lost %d, shared %d, %.0f s" % (
              args.game, args.players, args.bot, args.against, args.matches, args.seed,
              args.seed + args.matches - 1, won, 100.0 * won / args.matches, 100 * low, 100 * high,
              lost, shared, time.time() - t0))
    return 0


if __name__ == "__main__":
    import sys

    sys.exit(main())
