"""Bots playing whole matches or hands on their own: a match record the tests
compare across runtimes, and random-play games for the benchmark.

Runs on MicroPython with a small heap: nothing here keeps more than one hand's
state, and `record_match(..., keep=False)` keeps no move texts at all, only
their digest.
"""

from pips.bots import bot_rng, table_bots
from pips.compat import const
from pips.match import Match
from pips.rng import Rng
from pips.turns import Turns

_DIGEST_MASK = const(0xFFFFFF)  # 24 bits: h * 31 + 255 stays a small int on 32-bit ports


def digest_text(h, text):
    """Fold a move's text into a running digest (same on every runtime)."""
    for c in text:
        h = (h * 31 + ord(c)) & _DIGEST_MASK
    return (h * 31 + 10) & _DIGEST_MASK  # a line break: "a b" + "c" differs from "a" + "b c"


def record_match(
    game_class, players, seed, levels, rollouts=-1, options=None, keep=True, max_hands=500
):
    """Play a whole match between bots and return its record, a dict:

    hands    per hand, every move as "seat text" (text taken before the move is
             played), out-of-turn moves (UNO's catch) included; [] unless keep
    digest   a 24-bit digest of all those lines, in order
    moves    how many moves were played
    totals, ranks, hands_played   the match's outcome

    levels: a bot level per seat (or one level for every seat); the seats of a
    level share one bot, and every bot draws from one generator,
    pips.bots.bot_rng(seed); the match deals from `seed`."""
    if isinstance(levels, str):
        levels = (levels,) * players
    bots = table_bots(levels, bot_rng(seed), game_class, rollouts)
    match = Match(game_class, players, options, seed)
    hands = []
    digest = 0
    moves = 0
    while match.hands_played < max_hands:
        game = match.new_hand()
        turns = Turns(game)
        lines = [] if keep else None
        seat = turns.next()
        while seat >= 0:
            move = bots[seat].choose(game.view(seat))
            if move >= 0:  # out of turn, a bot may let the chance pass
                # the text before the move is played: it may depend on the state
                line = "%d %s" % (seat, game.move_text(move))
                game.play(seat, move)
                digest = digest_text(digest, line)
                moves += 1
                if keep:
                    lines.append(line)
            seat = turns.next()
        if keep:
            hands.append(lines)
        if match.end_hand() or match.over:
            break
    return {
        "hands": hands,
        "digest": digest,
        "moves": moves,
        "totals": list(match.totals),
        "ranks": match.ranks(),
        "hands_played": match.hands_played,
    }


def random_games(game_class, players, games, seed):
    """Play `games` hands with uniformly random legal moves, straight through the
    protocol (a new game each, dealt from one generator); return (games, moves)."""
    rng = Rng(seed)
    buf = bytearray(game_class.max_moves)
    total = 0
    for _ in range(games):
        g = game_class(players, None, rng)
        while g.turn >= 0:
            s = g.turn
            n = g.legal(s, buf)
            g.play(s, buf[rng.below(n)] if n > 1 else buf[0])
        total += g.moves
    return games, total
