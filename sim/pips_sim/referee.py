"""The referee (`pips referee`): one hand driven by a line protocol.

Each input line is `SEAT MOVE` in the game's notation (`0 6-3`, `1 3-5 R`,
`1 pass`); blank lines are skipped. After the start and after every other line
one JSON object is written on one line: the game's info() merged with the
protocol fields (turn, legal, over, winner, scores, error, ...). A refused line
sets `error` and changes nothing else.

The referee does not offer moves in turn as pips.turns.Turns does: any seat may
send a line at any time, and the game refuses what is not legal. It reports
who may act by the same rule: `turn` is the seat to act, and `out_of_turn`
lists every other seat that has a legal move now (pips.turns.may_act_out_of_turn)
with those moves.
"""

import json

from pips.rng import Rng
from pips.turns import may_act_out_of_turn


def new_game(game_class, players, seed=0, deal_text=None, first=-1, options=None):
    """The hand the referee runs; ValueError with a reason for bad settings."""
    game_class.check_players(players)
    table = game_class.table(options)
    if not -1 <= first < players:
        raise ValueError("seat %d is not at a %d-player table" % (first, players))
    deal = game_class.parse_deal(deal_text) if deal_text is not None else None
    return game_class(players, table, Rng(seed), deal, first)


def moves_text(game, seat, buf):
    n = game.legal(seat, buf)
    return [game.move_text(buf[i]) for i in range(n)]


def snapshot(game, buf, error=None):
    """The JSON-ready state of the hand as the referee reports it."""
    out = {}
    out.update(game.info())
    turn = game.turn if game.turn >= 0 else None
    others = {}
    for seat in range(game.players):
        if may_act_out_of_turn(game, seat, buf):
            others[str(seat)] = moves_text(game, seat, buf)
    out.update(
        {
            "game": game.name,
            "players": game.players,
            "turn": turn,
            "legal": moves_text(game, turn, buf) if turn is not None else [],
            "out_of_turn": others,
            "moves": game.moves,
            "over": game.turn < 0,
            "winner": game.winner if game.winner >= 0 else None,
            "scores": list(game.scores),
            "error": error,
        }
    )
    return out


def apply_line(game, line):
    """Play one `SEAT MOVE` line; return None, or the reason it was refused."""
    words = line.split(None, 1)
    try:
        seat = int(words[0])
    except ValueError:
        return "not a seat: %r (a line is SEAT MOVE, like '0 6-3')" % words[0]
    if not 0 <= seat < game.players:
        return "no seat %d at a %d-player table" % (seat, game.players)
    if len(words) < 2:
        return "seat %d: no move given" % seat
    try:
        move = game.parse_move(seat, words[1])
        game.play(seat, move)
    except ValueError as exc:
        return str(exc) or "refused"
    except (IndexError, KeyError, TypeError) as exc:  # a game's parser missed a case
        return "refused: %s" % (exc,)
    return None


def _plain(value):
    """JSON for what info() may hold beyond lists and ints (bytes of codes)."""
    if isinstance(value, (bytes, bytearray, tuple)):
        return list(value)
    raise TypeError("not JSON: %r" % (value,))


def run(game, lines, out):
    """Referee the hand: read lines until they run out, writing one JSON line each."""
    buf = bytearray(game.max_moves)

    def emit(error):
        out.write(json.dumps(snapshot(game, buf, error), default=_plain) + "\n")
        out.flush()

    emit(None)
    for raw in lines:
        line = raw.strip()
        if not line:
            continue
        emit(apply_line(game, line))
    return 0
