"""Bots playing whole matches or hands on their own: the one hand loop of
bots-only play (`play_hand`, through pips.match), a match record the tests
compare across runtimes and `pips run` counts, and random-play games for the
benchmark.

Runs on MicroPython with a small heap: nothing here keeps more than one hand's
state, and `record_match(..., keep=False)` keeps no move texts at all, only
their digest.
"""

from pips.bots import bot_rng, table_bots
from pips import const
from pips.match import Match, Turns
from pips.rng import Rng

_LAGS = const(55)  # pips.rng.LAGS, folded into the inline draw below (a global would be read a number)

_DIGEST_MASK = const(0xFFFFFF)  # 24 bits: h * 31 + 255 stays a small int on 32-bit ports


def digest_text(h, text):
    """Fold a move's text into a running digest (same on every runtime)."""
    for c in text:
        h = (h * 31 + ord(c)) & _DIGEST_MASK
    return (h * 31 + 10) & _DIGEST_MASK  # a line break: "a b" + "c" differs from "a" + "b c"


# A hand longer than this is a bug in a game (or a bot): stop instead of looping forever.
MOVE_LIMIT = const(20000)


def play_hand(game, bots, heard=None):
    """Bots play the hand out, seat by seat as pips.match.Turns names them:
    bots[seat] chooses from its view (out of turn it may answer -1 and let the
    chance pass). heard(seat, text), when given, hears every move played, its
    text taken before the move is played (it may depend on the state). Returns
    how many moves were played; RuntimeError past MOVE_LIMIT."""
    turns = Turns(game)
    played = 0
    seat = turns.next()
    while seat >= 0:
        move = bots[seat].choose(game.view(seat))
        if move >= 0:
            if played >= MOVE_LIMIT:
                raise RuntimeError("%s hand passed %d moves: stopped" % (game.name, MOVE_LIMIT))
            if heard is None:
                game.play(seat, move)
            else:
                text = game.move_text(move)
                game.play(seat, move)
                heard(seat, text)
            played += 1
        seat = turns.next()
    return played


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
    pips.bots.bot_rng(seed); the match deals from `seed`. The hands are played
    by play_hand."""
    if isinstance(levels, str):
        levels = (levels,) * players
    bots = table_bots(levels, bot_rng(seed), game_class, rollouts)
    match = Match(game_class, players, options, seed)
    hands = []
    lines = None
    digest = 0
    moves = 0

    def heard(seat, text):
        nonlocal digest
        line = "%d %s" % (seat, text)
        digest = digest_text(digest, line)
        if keep:
            lines.append(line)

    while match.hands_played < max_hands:
        game = match.new_hand()
        lines = [] if keep else None
        moves += play_hand(game, bots, heard)
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


def random_games(game_class, players, games, seed, last_resort=-1):
    """Play `games` hands with uniformly random legal moves, straight through the
    protocol (a new game each, dealt from one generator); return (games, moves).
    Only the seat to act moves (no moves out of turn). last_resort: a move
    (UNO's draw) played only when it is the only legal one, as some reference
    engines offer it; -1 for none."""
    rng = Rng(seed)
    words = rng.words
    # the moves in a list, not a bytearray: they are ints 0..255 all the same,
    # and CPython writes and reads a list's items for a third of the cost
    buf = [0] * game_class.max_moves
    total = 0
    for _ in range(games):
        g = game_class(players, None, rng)
        legal = g.legal
        play = g.play
        s = g.turn
        while s >= 0:
            n = legal(s, buf)
            if last_resort >= 0 and n > 1:
                # legal moves are distinct: the last resort, if listed, gives
                # its place to the last move (looked for from the end, where
                # UNO lists its draw)
                i = n - 1
                while i >= 0 and buf[i] != last_resort:
                    i -= 1
                if i >= 0:
                    n -= 1
                    buf[i] = buf[n]
            if n > 1:
                # rng.below(n) drawn inline (pips.rng): 12 us on the emulated M0, 24
                # by a call; a game may draw from rng as it plays: `at` is read each time
                at = rng.at
                if at == _LAGS:
                    rng.refill()
                    at = 0
                rng.at = at + 1
                play(s, buf[words[at] % n])
            else:
                play(s, buf[0])
            s = g.turn
        total += g.moves
    return games, total
