"""How often can any bot beat the random bot at Bergen? A measuring tool
for the strength bar of two-player matches against random (docs/figures.md),
desktop only.

The seeing bot is told both hands (Bergen has no draws: the unused stock
never comes into play) and knows its opponent plays a uniformly random
legal move, as pips.bots.RandomBot does. At each turn it plays the move of
the highest expected outcome, found by expectimax over the rest of the hand:
its own turns take the best move, the opponent's average over its legal
moves, each equally likely. Against the random bot no bot that sees less
can do better in a hand, so its match rate is the ceiling of the bar (a
match to the most chips could reward other choices than a hand's, but only
at its margins).

    python -m pips_tools.ceiling bergen --games 1000 --seed 10000

Seating and deals as in `pips run` (pips_sim.runner): match i is dealt from
seed + i, the seeing bot in seat i % 2.
"""

import argparse
import sys

from pips import tiles
from pips.bots import RandomBot, bot_rng
from pips.games.bergen import game as bergen
from pips.match import Match
from pips.tiles import PIPS
from pips_sim import rates


def step(hands, ends, phase, turn, move):
    """The position once `turn` plays `move` in a two-player hand, as
    bergen.Bergen.play leaves it: (hands, ends, phase, seat on turn, winner),
    the seat on turn -1 once the hand is over, the winner -1 for a tie."""
    if move != bergen.PASS:
        if move == bergen.OPEN:
            phase = 1
            bit = 1 << bergen.SIX
        else:
            t = move >> 2
            arm = move & 3
            bit = 1 << t
            ends = list(ends)
            ends[arm] = PIPS[t] - (6 if phase == 1 else ends[arm])
            ends = tuple(ends)
            if phase == 1 and min(ends) >= 0:
                phase = 2
        hands = (hands[0] ^ bit, hands[1]) if turn == 0 else (hands[0], hands[1] ^ bit)
        if not hands[turn]:
            return hands, ends, phase, -1, turn  # first out; the other is second
    if not (hands[0] | hands[1]) & bergen._open(phase, ends):
        # a dead end: the lower count takes the first place, equal counts share
        count0 = tiles.pips(hands[0])
        count1 = tiles.pips(hands[1])
        return hands, ends, phase, -1, 0 if count0 < count1 else 1 if count1 < count0 else -1
    return hands, ends, phase, 1 - turn, -1


class SeeingBot:
    """Plays its seat of a two-player Bergen hand it sees whole, by
    expectimax against a uniformly random opponent. A position is the two
    hands, the arms' ends, the phase and the seat on turn (the rest of the
    hand depends on nothing else); its value is the chance of winning the
    hand less the chance of losing it (the chips go the same way)."""

    def __init__(self):
        self.buf = bytearray(bergen.Bergen.max_moves)
        self.memo = {}

    def new_hand(self):
        self.memo = {}

    def choose(self, game, seat):
        n = game.legal(seat, self.buf)
        if n == 1:
            return self.buf[0]
        hands = (game.hands[0], game.hands[1])
        ends = tuple(game.ends)
        best = self.buf[0]
        best_value = -2.0
        for move in bytes(self.buf[:n]):
            value = self._after(hands, ends, game.phase, seat, move, seat)
            if value > best_value:
                best, best_value = move, value
        return best

    def _after(self, hands, ends, phase, turn, move, me):
        """The value for `me` once `turn` plays `move`."""
        hands, ends, phase, turn, winner = step(hands, ends, phase, turn, move)
        if turn < 0:
            return 0.0 if winner < 0 else 1.0 if winner == me else -1.0
        return self._value(hands, ends, phase, turn, me)

    def _value(self, hands, ends, phase, turn, me):
        key = (hands, ends, phase, turn)
        value = self.memo.get(key)
        if value is not None:
            return value
        buf = bytearray(len(self.buf))
        n = bergen._moves(phase, hands[turn], ends, buf)
        values = [self._after(hands, ends, phase, turn, buf[i], me) for i in range(n)]
        value = max(values) if turn == me else sum(values) / n
        self.memo[key] = value
        return value


def run(games, seed=0, options=None):
    """Play `games` matches of the seeing bot against the random bot; return
    (won, lost, shared, hands won, hands lost, hands tied) from the seeing
    bot's side."""
    game_class = bergen.Bergen
    table = game_class.table(options)
    won = lost = shared = 0
    hand_counts = [0, 0, 0]  # won, lost, tied
    seeing = SeeingBot()
    for i in range(games):
        match_seed = seed + i
        me = i % 2
        random_bot = RandomBot(bot_rng(match_seed), game_class)
        match = Match(game_class, 2, table, match_seed)
        while not match.over:
            game = match.new_hand()
            seeing.new_hand()
            while game.turn >= 0:
                seat = game.turn
                if seat == me:
                    move = seeing.choose(game, seat)
                else:
                    move = random_bot.choose(game.view(seat))
                game.play(seat, move)
            hand_counts[rates.outcome(game.utility(me))] += 1
            match.end_hand()
        ranks = match.ranks()
        if ranks[me] == 1 and ranks[1 - me] != 1:
            won += 1
        elif ranks[1 - me] == 1 and ranks[me] != 1:
            lost += 1
        else:
            shared += 1
    return (won, lost, shared) + tuple(hand_counts)


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m pips_tools.ceiling",
        description="the seeing bot (the whole deal, expectimax) against the random bot",
    )
    parser.add_argument("game", choices=("bergen",))
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE")
    args = parser.parse_args(argv)
    options = {}
    for item in args.set:
        key, _, value = item.partition("=")
        options[key] = int(value)
    won, lost, shared, hw, hl, ht = run(args.games, args.seed, options or None)
    low, high = rates.wilson(won, args.games)
    print(
        "bergen, the seeing bot against random, %d matches (seeds %d..%d): won %d (%.1f%%, "
        "95%% interval %.1f-%.1f%%), lost %d, shared %d; hands won %d, lost %d, tied %d"
        % (
            args.games,
            args.seed,
            args.seed + args.games - 1,
            won,
            100.0 * won / args.games,
            100.0 * low,
            100.0 * high,
            lost,
            shared,
            hw,
            hl,
            ht,
        )
    )


if __name__ == "__main__":
    sys.exit(main())
