"""The outside anchor of the strength table (`make bench-strength`, issue 29),
desktop only: Block's smart bot against OpenSpiel's information-set MCTS, in
OpenSpiel's own Block (`python_block_dominoes`: two seats, one hand, seat 0
opens), OpenSpiel refereeing.

OpenSpiel's side: ISMCTSBot with SIMULATIONS simulations a decision, random
rollouts (one a leaf), UCT_C as its exploration constant (the returns are a
hand's pips, up to 69 either way; a hand against a random rollout ends some
15 to 20 pips apart, so the constant is of that size, not the 1 to 2 of a
game scored +1/-1), and a resampler that deals the opponent's hand
uniformly from the tiles it has not seen, never a tile showing a number the
opponent was seen unable to play (OpenSpiel has no pass: the seat that cannot
lay is skipped, which shows it holds neither end's number).

Pips' side: the smart bot (pips.bots.SmartBot; with --bot, the reference or
the seeing bot of pips_tools.reference), deciding from the view of a
Pips Block hand that mirrors OpenSpiel's: the same two hands, OpenSpiel's
moves replayed, a pass played where OpenSpiel skipped a seat (so the view
knows what the opponent lacks as in a Pips hand).

HANDS hands: deal i (seed + i) played twice, seats swapped; the rate is of the
hands not tied (OpenSpiel ties a hand that ends with equal counts, also one
where the seat going out leaves the other only 0-0).

    python -m pips_tools.anchor --hands 1000 --seed 930000
"""

import argparse
import sys
import time

from pips_sim import rates

SIMULATIONS = 1000
UCT_C = 20.0
HANDS = 1000
SEED = 930000


def _tables():
    from open_spiel.python.games import block_dominoes as bd
    from pips.tiles import COUNT, HI, LO

    # OpenSpiel's tile (a, b), a <= b as floats, to Pips' code, and back
    code = {}
    for t in range(COUNT):
        code[(float(LO[t]), float(HI[t]))] = t
    return bd, code


class Mirror:
    """A Pips Block hand that follows an OpenSpiel one, move by move."""

    def __init__(self, state, code):
        from pips.games.block.game import Block
        from pips.tiles import COUNT

        hands = [[code[t] for t in h] for h in state.hands]
        # every tile a seat laid was in its hand at the deal
        for action in state.actions_history:
            hands[action.player].append(code[action.tile])
        rest = [t for t in range(COUNT) if t not in hands[0] and t not in hands[1]]
        self.game = Block(2, deal=bytes(hands[0] + hands[1] + rest), first=0)
        self.done = 0
        self.code = code

    def follow(self, state):
        """Replay OpenSpiel's moves not yet mirrored (a pass where it skipped a seat)."""
        from pips.games.domino import PASS

        game = self.game
        history = state.actions_history
        while self.done < len(history):
            action = history[self.done]
            if game.turn != action.player:
                game.play(game.turn, PASS)
            game.play(action.player, self.move(action))
            self.done += 1
        if not state.is_terminal() and game.turn != state.current_player():
            game.play(game.turn, PASS)

    def move(self, action):
        """Pips' move for an OpenSpiel action."""
        t = self.code[action.tile]
        if action.edge is None:
            return t * 2  # the opening: larger half on the left
        edge = int(action.edge)
        return t * 2 + (0 if self.game.left == edge else 1)

    def action(self, state, move):
        """OpenSpiel's action for a Pips move."""
        from pips.tiles import HI, LO

        bd = _tables()[0]
        t = move >> 1
        tile = (float(LO[t]), float(HI[t]))
        if self.game.left < 0:
            edge = None
        else:
            edge = float(self.game.right if move & 1 else self.game.left)
        text = str(bd.Action(state.current_player(), tile, edge))
        return bd._ACTIONS_STR.index(text)


def lacks(state, seat):
    """The numbers `seat` was seen unable to play: the open ends each time
    OpenSpiel skipped it."""
    out = set()
    history = state.actions_history
    edges = []
    for k, action in enumerate(history):
        if k and history[k - 1].player == action.player and action.player != seat:
            out.update(edges)
        if not edges:
            edges = list(action.tile)
        else:
            edges.remove(action.edge)
            edges.append(action.tile[0] if action.tile[0] != action.edge else action.tile[1])
    # the seat on turn again after its own move: the other is skipped now
    if (history and not state.is_terminal() and state.current_player() == history[-1].player
            and history[-1].player != seat):
        out.update(edges)
    return out


def resampler(game, rng):
    """ISMCTS's resampler: the root state with the opponent's hand dealt
    uniformly from the unseen tiles it may hold."""
    bd = _tables()[0]

    def resample(state, player):
        other = 1 - player
        lacked = lacks(state, other)
        mine = set(state.hands[player])
        laid = set(a.tile for a in state.actions_history)
        unseen = [t for t in bd._DECK if t not in mine and t not in laid]
        allowed = [t for t in unseen if t[0] not in lacked and t[1] not in lacked]
        size = len(state.hands[other])
        pick = rng.choice(len(allowed), size, replace=False)
        theirs = [allowed[i] for i in sorted(pick)]
        # the root state with the opponent's hand and the unused tiles swapped
        new = state.clone()
        new.hands[other] = theirs
        new.deck = [t for t in unseen if t not in theirs]
        return new

    return resample


def play(hands=HANDS, seed=SEED, simulations=SIMULATIONS, uct_c=UCT_C, progress=None, jobs=1,
         level="smart"):
    """Pips' bot of `level` (smart; or the reference or the seeing bot of
    pips_tools.reference, to see what the bar asks) against ISMCTS over
    `hands` hands (deal seed + i // 2, Pips' bot in seat i % 2), over `jobs`
    processes; returns (won, lost, tied, Pips' seconds, ISMCTS's seconds,
    decisions of each). Every hand has generators of its own: the same
    figures on any number of processes."""
    if jobs <= 1:
        return _play(0, hands, seed, simulations, uct_c, progress, level)
    import multiprocessing

    chunk = 10
    totals = [0] * 7
    with multiprocessing.Pool(jobs) as pool:
        parts = [pool.apply_async(_play, (start, min(hands, start + chunk), seed, simulations, uct_c,
                                                None, level))
                 for start in range(0, hands, chunk)]
        for k, part in enumerate(parts):
            res = part.get()
            for j in range(7):
                totals[j] += res[j]
            if progress is not None:
                progress(min(hands, (k + 1) * chunk), totals[0], totals[1], totals[2])
    return tuple(totals)


def _play(first, hands, seed, simulations, uct_c, progress=None, level="smart"):
    """Hands first .. hands - 1 of play()."""
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    from pips.bots import bot_rng
    from pips.games.block.game import Block
    from pips.rng import Rng
    from pips_tools import reference

    bd, code = _tables()
    game = pyspiel.load_game("python_block_dominoes")
    counts = [0, 0, 0]  # hands won, lost, tied
    t_ours = t_ref = 0.0
    n_ours = n_ref = 0
    for i in range(first, hands):
        deal = seed + i // 2
        me = i % 2
        np_rng = np.random.RandomState(deal * 2 + me)
        evaluator = mcts.RandomRolloutEvaluator(1, np_rng)
        bot = ismcts.ISMCTSBot(game, evaluator, uct_c, simulations, random_state=np_rng,
                               final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT)
        bot.set_resampler(resampler(game, np_rng))
        ours = reference.make(level, bot_rng(deal * 2 + me), Block)
        # the deal: from Pips' generator, the same for both seatings
        order = list(range(28))
        Rng(deal).shuffle(order)
        state = game.new_initial_state()
        for t in order[:14]:
            state.apply_action(bd._DECK.index(_tile(t)))
        mirror = Mirror(state, code)
        if isinstance(ours, reference.SeeingBot):
            ours.game = mirror.game  # its one true world
        while not state.is_terminal():
            player = state.current_player()
            t0 = time.time()
            if player == me:
                mirror.follow(state)
                move = ours.choose(mirror.game.view(me))
                action = mirror.action(state, move)
                t_ours += time.time() - t0
                n_ours += 1
            else:
                action = bot.step(state)
                t_ref += time.time() - t0
                n_ref += 1
            state.apply_action(action)
        counts[rates.outcome(state.returns()[me])] += 1
        if progress is not None:
            progress(i + 1, *counts)
    won, lost, tied = counts
    return won, lost, tied, t_ours, t_ref, n_ours, n_ref


def _tile(t):
    from pips.tiles import HI, LO

    return (float(LO[t]), float(HI[t]))


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m pips_tools.anchor",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=HANDS)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--simulations", type=int, default=SIMULATIONS)
    parser.add_argument("--uct-c", type=float, default=UCT_C)
    parser.add_argument("--jobs", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--bot", default="smart", choices=("smart", "reference", "seeing"),
                        help="Pips' side (default smart, the bar's)")
    args = parser.parse_args(argv)
    t0 = time.time()

    def progress(done, won, lost, tied):
        if done % 20 == 0 or done == args.hands:
            sys.stderr.write("%d hands: won %d lost %d tied %d, %.0f s\n" % (done, won, lost, tied,
                                                                           time.time() - t0))

    won, lost, tied, ts, tr, ns, nr = play(args.hands, args.seed, args.simulations, args.uct_c, progress,
                                           args.jobs, args.bot)
    print(line(won, lost, tied, args.hands, args.seed, args.simulations, args.uct_c, ts, tr, ns, nr,
               args.bot))
    return 0


def line(won, lost, tied, hands, seed, simulations, uct_c, ts, tr, ns, nr, level="smart"):
    decided = won + lost
    low, high = rates.wilson(won, decided)
    return ("Block %s against OpenSpiel ISMCTS-%d (uct_c %g, random rollouts, resampler): %d hands "
            "(deals %d..%d, seats swapped): won %d of %d not tied = %.1f%% [%.1f, %.1f] (bar 60%%: %s), "
            "lost %d, tied %d; %.1f ms a %s decision, %.0f ms an ISMCTS one" % (
                level, simulations, uct_c, hands, seed, seed + (hands + 1) // 2 - 1, won, decided,
                100.0 * won / max(decided, 1), 100 * low, 100 * high,
                "met" if won >= 0.6 * decided else "not met", lost, tied,
                1000.0 * ts / max(ns, 1), level, 1000.0 * tr / max(nr, 1)))


if __name__ == "__main__":
    sys.exit(main())
