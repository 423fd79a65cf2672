"""How hands run under bot play: their lengths and how often a kind of move
occurs (docs/figures.md's simulation facts).

    python -m pips_tools.handstats domino-uno --hands 100000 --players 2,3,4,5,6 --word take

Hand i of a table size is dealt from seed + i and played by bots of `--level`
(default random) at every seat, through pips.selfplay.play_hand (the one turn
loop, out-of-turn moves included: a random bot forgets a call and catches
one as its game's policy says). Per table size: moves per hand, turns per hand
for a game that counts them (Domino Uno: a turn is one seat's turn, its cap
500), and for each `--word` the hands with at least one move whose text
starts with it and how many such moves a hand has on average.
"""

import argparse
import json
import sys

from pips import games
from pips.bots import bot_rng, table_bots
from pips.rng import Rng
from pips.selfplay import play_hand


def spread(counts, total):
    """mean, median, p99 and max of a {value: hands} histogram of `total` hands."""
    values = sorted(counts.items())
    out = {"mean": round(sum(v * k for v, k in values) / total, 2), "max": values[-1][0]}
    for name, p in (("median", 50), ("p99", 99)):
        seen = 0
        for v, k in values:
            seen += k
            if seen * 100 >= p * total:
                out[name] = v
                break
    return out


def run(game_class, players, hands, seed=0, level="random", words=(), options=None):
    moves = {}
    turns = {}
    with_word = dict((w, 0) for w in words)
    word_moves = dict((w, 0) for w in words)
    no_winner = 0
    for i in range(hands):
        game = game_class(players, options, Rng(seed + i))
        bots = table_bots((level,) * players, bot_rng(seed + i), game_class)
        seen = dict((w, 0) for w in words)

        def heard(seat, text):
            for w in words:
                if text.startswith(w):
                    seen[w] += 1

        n = play_hand(game, bots, heard)
        moves[n] = moves.get(n, 0) + 1
        t = getattr(game, "turns", None)
        if t is not None:
            turns[t] = turns.get(t, 0) + 1
        if game.winner < 0:
            no_winner += 1
        for w in words:
            word_moves[w] += seen[w]
            with_word[w] += seen[w] > 0
    out = {"players": players, "hands": hands, "moves": spread(moves, hands), "no_winner": no_winner}
    if turns:
        out["turns"] = spread(turns, hands)
    out["words"] = dict(
        (w, {"hands": with_word[w], "share": round(with_word[w] / hands, 4),
             "per_hand": round(word_moves[w] / hands, 3)})
        for w in words
    )  # fmt: skip
    return out


def main(argv=None, stdout=None):
    stdout = stdout or sys.stdout
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=games.names())
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--players", default="2", help="table sizes, e.g. 2,3,4")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--level", default="random", choices=("random", "greedy", "smart"))
    parser.add_argument("--word", action="append", default=[], help="count moves starting so")
    args = parser.parse_args(argv)
    cls = games.get(args.game)
    for players in [int(p) for p in args.players.split(",")]:
        r = run(cls, players, args.hands, args.seed, args.level, tuple(args.word))
        stdout.write(json.dumps(r, sort_keys=True) + "\n")
        stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
