"""Bots: the levels (random, greedy, smart) and, in this package's other
modules, each game's policy (its greedy heuristic, the moves worth weighing,
its smart budget and reaction chances: a Policy, registered at the bottom of
the module as POLICY and found through POLICIES). Each bot decides from a
View only (see pips.game), never from the whole state.

A bot is made with a generator apart from the deal's (so swapping bots never
changes the deals) and answers `choose(view)`. A bot keeps nothing of a seat
between decisions, so at one table the seats of a level share one bot, and all
the bots one generator (`table_bots`, seeded by `bot_rng`: the one rule every
tool follows). The smart bot can also think in slices for a screen that must
keep drawing: `begin(view)`, then `step()` until it returns a move (>= 0).

Out of turn (UNO's catch of a missed call, or a late call of one's own) a bot
asked with `choose` notices the chance only with the game's reaction chance
for its level (the policy's `reaction`, in percent) and answers -1 when it
lets the moment pass.
"""

from pips import const
from pips.rng import Rng

# The levels a player picks, weakest first: the beginner (EasyBot), the
# game's heuristic (GreedyBot) and the search (SmartBot).
LEVELS = ("easy", "greedy", "smart")
# What a player calls the levels, in the same order: the only names the screens,
# the terminal and the statistics show; the command line takes both.
LEVEL_NAMES = ("Easy", "Normal", "Hard")
# Every bot, weakest first: the levels and `random` (uniformly random legal
# moves), a bot for tests and benches that no player picks.
BOTS = ("random",) + LEVELS


# the catalogue's key of each bot's name and a human's (pips.lang): one table
_LEVEL_KEYS = {"random": "level.random", "easy": "level.easy", "greedy": "level.greedy",
               "smart": "level.smart", "human": "level.human"}


def level_name(level):
    """A level's name in the language chosen (pips.lang): "Normal" for
    "greedy" in English, "Random" for the random bot, "Human" for a human;
    anything else as it is."""
    key = _LEVEL_KEYS.get(level)
    if key is None:
        return level
    from pips import lang

    return lang.text(key)


def level_of(word):
    """The bot a word names: a level's name (`normal`, any case), a bot's
    (`greedy`), or `random`; ValueError for none."""
    low = word.strip().lower()
    if low == "random":
        return "random"
    for i in range(len(LEVELS)):
        if low == LEVELS[i] or low == LEVEL_NAMES[i].lower():
            return LEVELS[i]
    raise ValueError("no bot level %r (easy, normal, hard; or random, greedy, smart)" % word)
_CONFIDENCE = const(1)  # standard errors a move's gain must clear (SmartBot)
# What a policy's decide() yields when it leaves the decision to the rollouts
# after all (Matador's search of the last tiles, past its budget of positions).
GIVE_UP = const(-2)

# Each game's policy module, by the game's name: the one place a policy is
# found by name (a game's module never imports its bots).
POLICIES = {
    "block": "pips.bots.block",
    "uno": "pips.bots.uno",
    "draw": "pips.bots.draw",
    "matador": "pips.bots.matador",
    "bergen": "pips.bots.bergen",
    "twentyone": "pips.bots.twentyone",
    "solo": "pips.bots.solo",
    "domino-uno": "pips.bots.domino_uno",
}

# One rollout world and playout buffer for all the smart bots of a table (per
# game and player count): their decisions never overlap.
_SHARED = {}


class Policy:
    """A game's bot policy, as the bottom of its module registers it
    (POLICY = Policy(greedy, ...)); what a game leaves out takes the default.

    greedy(view, moves, n, rng)   the greedy bot's choice among moves[:n], and
                                  the move the smart bot must beat
    rollouts                      the smart bot's rollouts a decision: one
                                  number, or a tuple indexed by table size
    distinct_moves(view, moves, n)  compact moves[:n] to those worth weighing
                                  and return their count; None: every move
    decide(view, moves, n, rng)   a generator making the smart decision itself,
                                  piece by piece (it yields -1, then the move,
                                  or GIVE_UP for the rollouts after all);
                                  None, or None from it: the smart bot's rollouts
    reaction                      {level: percent}: how often a bot notices a
                                  chance out of turn; None: always
    random_move(view, move, rng)  what the random bot makes of the move it drew
                                  (Domino Uno's forgotten calls); None: the move
    waits                         the moves that draw, pass or keep: the easy
                                  bot makes one only when nothing else is legal
    slip(view, move, rng)         what the easy bot makes of a move it drew at
                                  random; None: as random_move does
    playout_moves                 a rollout's moves in one step of the thinking
                                  (0: the hand played out whole), for a game
                                  whose playout(rng, buf, limit) plays at most
                                  `limit` moves and answers whether the hand is
                                  over; the same moves either way
    """

    def __init__(self, greedy, rollouts=240, distinct_moves=None, decide=None, reaction=None,
                 random_move=None, waits=(), slip=None, playout_moves=0):
        self.greedy = greedy
        self.rollouts = rollouts
        self.distinct_moves = distinct_moves
        self.decide = decide
        self.reaction = reaction
        self.random_move = random_move
        self.waits = waits
        self.slip = slip if slip is not None else random_move
        self.playout_moves = playout_moves

    def budget(self, players):
        """The smart bot's rollouts a decision at a table of `players`."""
        rollouts = self.rollouts
        return rollouts if type(rollouts) is int else rollouts[players]


def policy(game_class):
    """The game's bot policy (its module imported the first time it is asked for)."""
    return __import__(POLICIES[game_class.name], None, None, ("POLICY",)).POLICY


def bot_rng(seed):
    """The generator of a table's bots for a match dealt from `seed`: apart
    from the deal's, so that which bots play never changes the deals."""
    return Rng(seed * 1000 + 17)


def isqrt(x):
    """The integer square root of x >= 0 (Newton's method, ints only)."""
    if x < 2:
        return x
    r = x
    y = (r + 1) // 2
    while y < r:
        r = y
        y = (r + x // r) // 2
    return r


class RandomBot:
    level = "random"

    def __init__(self, rng=None, game_class=None):
        self.rng = rng if rng is not None else Rng(1)
        self.buf = None
        self.policy = policy(game_class) if game_class is not None else None

    def _moves(self, view):
        if self.buf is None or len(self.buf) < view.game_class.max_moves:
            self.buf = bytearray(view.game_class.max_moves)
        return view.legal(self.buf)

    def choose(self, view):
        if view.turn != view.seat:
            return self.react(view)
        n = self._moves(view)
        move = self.buf[self.rng.below(n)] if n > 1 else self.buf[0]
        random_move = self._policy(view).random_move
        if random_move is not None:
            # the game's policy adjusts a random move (Domino Uno: the uno call
            # forgotten at the table's rate)
            move = random_move(view, move, self.rng)
        return move

    def react(self, view):
        """An out-of-turn move, taken with the game's reaction chance; -1 for none."""
        n = self._moves(view)
        if n == 0:
            return -1
        reaction = self._policy(view).reaction
        if reaction is not None and self.rng.below(100) >= reaction.get(self.level, 100):
            return -1
        return self.buf[self.rng.below(n)] if n > 1 else self.buf[0]

    def _policy(self, view):
        policy_ = self.policy
        if policy_ is None:
            policy_ = self.policy = policy(view.game_class)
        return policy_

    def begin(self, view):
        self.best = self.choose(view)  # decided at once: step() hands it over

    def step(self, rollouts=8):
        return self.best


class SmartBot(RandomBot):
    """Determinized Monte Carlo with common random numbers, against the greedy
    choice.

    Each round deals the unseen pieces at random consistently with the view
    (View.sample), then tries every candidate move on that same deal, playing
    the hand out with the game's playout policy (Game.playout; Block's plays
    much like its greedy bot) from the same generator state, so that the
    moves are compared on equal luck (a game with `copy_from` is dealt once a
    round and each move played out on a copy). The game's greedy choice (its
    policy's `greedy`) is the default; another move replaces it only when its
    gain over the greedy move, deal by deal (Game.utility: the hand's points
    margin, what a match to a target rewards), stays above zero by
    _CONFIDENCE standard errors; of those, the one with the largest such
    bound. Few rollouts then cost little: noise alone rarely overrules the
    heuristic. A game may list mirror moves once and leave out moves never
    worth weighing (`distinct_moves`), which leaves more for the rest.

    `rollouts` is the budget per decision, shared among the moves: the game
    policy's budget for the table unless given. A policy with
    `decide(view, moves, n, rng)` makes the
    decision itself instead, with no rollouts here (Twenty-one's exact
    chances, Solitaire's solver; Matador's search of the last tiles, which
    may decline a decision, None, or give it up, GIVE_UP, to the rollouts):
    a generator that yields -1 after each piece of its work and the move at
    the end, so that it too thinks in slices (a step is one piece)."""

    level = "smart"

    def __init__(self, rng=None, game_class=None, rollouts=-1):
        RandomBot.__init__(self, rng, game_class)
        self.rollouts = rollouts  # -1: the game policy's budget
        self.shared = None
        self.view = None
        self.per_move = 0
        self.best = -1
        self.thinking = None  # a policy's decide() under way
        self.playing = None  # a rollout's world, its playout under way (Policy.playout_moves)

    def budget(self, view):
        """The rollouts of a decision at this table."""
        if self.rollouts > 0:
            return self.rollouts
        return self._policy(view).budget(view.players)

    def begin(self, view):
        n = self._moves(view)
        policy_ = self._policy(view)
        decide = policy_.decide
        if decide is not None and n > 1:
            # the game's policy makes the whole decision itself, piece by piece
            thinking = decide(view, self.buf, n, self.rng)
            if thinking is not None:
                self.n = n
                self.thinking = thinking
                self.view = view  # for the rollouts, should it give up
                self.best = -1
                self.per_move = 0
                return
        self._rollouts(view, n)

    def _rollouts(self, view, n):
        """Set up the rollouts of a decision among the first n moves of buf."""
        policy_ = self._policy(view)
        if n > 1:
            distinct = policy_.distinct_moves
            if distinct is not None:
                n = distinct(view, self.buf, n)
        self.n = n
        self.done = 0
        self.playing = None
        if n == 1:
            self.best = self.buf[0]
            self.per_move = 0
            return
        self.view = view
        self.best = -1
        self.per_move = max(1, self.budget(view) // n)
        # the greedy choice: the move to beat
        g = 0
        pick = policy_.greedy(view, self.buf, n, self.rng)
        for i in range(n):
            if self.buf[i] == pick:
                g = i
        self.greedy_at = g
        self.round = [0] * n  # this round's utilities
        self.gain = [0] * n  # per move: summed gain over the greedy move, deal by deal
        self.square = [0] * n  # and its summed square
        key = (view.game_class, view.players)
        shared = _SHARED.get(key)
        if shared is None:
            # [the round's dealt world, playout buffer, the world played out]
            shared = [None, bytearray(len(self.buf)), None]
            _SHARED[key] = shared
        self.shared = shared

    def step(self, rollouts=8):
        """Run up to `rollouts` rollouts (or pieces of a policy's own
        decision); return the move once decided, else -1."""
        thinking = self.thinking
        if thinking is not None:
            while rollouts > 0:
                move = next(thinking)
                rollouts -= 1
                if move >= 0:
                    self.thinking = None
                    self.view = None
                    self.best = move
                    return move
                if move == GIVE_UP:
                    self.thinking = None
                    self._rollouts(self.view, self.n)
                    break
            else:
                return -1
        if self.per_move == 0:
            return self.best
        view = self.view
        n = self.n
        todo = n * self.per_move
        rng = self.rng
        shared = self.shared
        scratch = shared[1]
        seat = view.seat
        buf = self.buf
        row = self.round
        done = self.done
        copy = view.game_class.copy_from  # None: the game deals a world for each move
        limit = self.policy.playout_moves
        while done < todo and rollouts > 0:
            i = done % n
            world = self.playing
            if world is not None:  # a rollout's playout goes on
                rollouts -= 1
                if not world.playout(rng, scratch, limit):
                    continue
                self.playing = None
                row[i] = world.utility(seat)
                done += 1
                if i == n - 1:
                    self._sum(row, n)
                continue
            # every move of a round starts from the same deal and the same
            # generator state: same luck. A game that can copy a hand deals
            # once a round and plays each move out on a copy.
            if copy is not None:
                if i == 0:
                    shared[0] = view.sample(rng, shared[0])
                    rng.mark()
                else:
                    rng.rewind()
                world = shared[2]
                if world is None:
                    world = shared[2] = view.game_class(view.players, view.table_options)
                copy(world, shared[0])
            else:
                if i == 0:
                    rng.mark()
                else:
                    rng.rewind()
                world = view.sample(rng, shared[0])
                shared[0] = world
            world.play(seat, buf[i])
            rollouts -= 1
            if limit:
                # a long playout (a 4-player Bergen hand took 33 ms of the
                # emulated Pico's frame, pips_tools.pico) in steps
                if not world.playout(rng, scratch, limit):
                    self.playing = world
                    continue
            else:
                world.playout(rng, scratch)
            row[i] = world.utility(seat)
            done += 1
            if i == n - 1:
                self._sum(row, n)
        self.done = done
        if done < todo:
            return -1
        g = self.greedy_at
        best = g
        if self.per_move > 1:
            # the gain's lower bound times the rounds, mean - c * standard error:
            # sum - c * sqrt(rounds * variance), in integers (the same decision
            # on every runtime, whatever its floats)
            rounds = self.per_move
            c = _CONFIDENCE
            top = 0
            for j in range(n):
                s = self.gain[j]
                if s <= 0:
                    continue
                spread = rounds * self.square[j] - s * s
                bound = s - c * isqrt(spread // (rounds - 1))
                if bound > top:
                    top = bound
                    best = j
        self.best = buf[best]
        self.per_move = 0
        self.view = None  # the decision is made: its view and sums are done with
        self.round = self.gain = self.square = None
        self.shared = None
        return self.best

    def _sum(self, row, n):
        """A round's utilities into each move's gain over the greedy move."""
        base = row[self.greedy_at]
        gain = self.gain
        square = self.square
        for j in range(n):
            d = row[j] - base
            gain[j] += d
            square[j] += d * d

    def choose(self, view):
        if view.turn != view.seat:
            return self.react(view)
        self.begin(view)
        return self.step(1 << 30)


class GreedyBot(RandomBot):
    """The game's own heuristic (its policy's `greedy`), which follows the page's tips."""

    level = "greedy"

    def choose(self, view):
        if view.turn != view.seat:
            return self.react(view)
        n = self._moves(view)
        if n == 1:
            return self.buf[0]
        return self._policy(view).greedy(view, self.buf, n, self.rng)


# How often, in percent, the easy bot plays a move that merely makes sense (one
# of the moves worth weighing, at random) instead of its game's heuristic.
_SLIP = const(40)


class EasyBot(RandomBot):
    """A beginner: a legal move that makes sense at a glance, sometimes a poor
    one. Most of the time the game's heuristic (its policy's `greedy`); _SLIP
    percent of the time any legal move that gets on with the hand, taken at
    random (a UNO wild played early, a colour named at random), as the
    policy's `slip` adjusts it (the uno call made, or forgotten as the random
    bot forgets it). It never prolongs a hand: it draws, passes or keeps (the
    policy's `waits`) only when nothing else is legal."""

    level = "easy"

    def choose(self, view):
        if view.turn != view.seat:
            return self.react(view)
        n = self._moves(view)
        if n == 1:
            return self.buf[0]
        policy_ = self._policy(view)
        buf = self.buf
        waits = policy_.waits
        if waits:
            k = 0
            for i in range(n):
                if buf[i] not in waits:
                    buf[k] = buf[i]
                    k += 1
            if k:
                n = k
        if self.rng.below(100) >= _SLIP:
            return policy_.greedy(view, buf, n, self.rng)
        move = buf[self.rng.below(n)] if n > 1 else buf[0]
        slip = policy_.slip
        if slip is not None:
            move = slip(view, move, self.rng)
        return move


def make(level, rng=None, game_class=None, rollouts=-1):
    if level == "easy":
        return EasyBot(rng, game_class)
    if level == "random":
        return RandomBot(rng, game_class)
    if level == "greedy":
        return GreedyBot(rng, game_class)
    if level == "smart":
        return SmartBot(rng, game_class, rollouts)
    raise ValueError("no bot %r (random, easy, greedy or smart)" % level)


def table_bots(levels, rng, game_class=None, rollouts=-1):
    """A bot per seat for `levels` (one level per seat): one bot per level, all
    drawing from `rng` (see bot_rng). None for a seat whose level is None (a
    human)."""
    made = {}
    out = []
    for level in levels:
        if level is not None and level not in made:
            made[level] = make(level, rng, game_class, rollouts)
        out.append(made.get(level))
    return out
