"""The referee (`pips referee`): one hand driven by a line protocol.

Each input line is `SEAT MOVE` in the game's notation (`0 6-3`, `1 3-5 R`,
`1 pass`); blank lines are skipped. After the start and after every other line
one JSON object is written on one line: the game's info() merged with the
protocol fields (turn, legal, over, winner, scores, error, ...). A refused line
sets `error` and changes nothing else.

The referee does not offer moves in turn as pips.match.Turns does: any seat may
send a line at any time, and the game refuses what is not legal. It reports
who may act by the same rule: `turn` is the seat to act, and `out_of_turn`
lists every other seat that has a legal move now (pips.match.may_act_out_of_turn)
with those moves.

`SEAT resign` works for every game. A game that plays on without a resigned
seat (`resign_in_hand`, UNO) takes it as a move. For the others (Block) the
referee ends the hand, as pips.match.Match.resign ends the match: `resigned`
lists the seat, `over` is true, nothing is scored, and `winner` is the one seat
left (null when two or more are left); every later line is refused.
"""

import json

from pips.rng import Rng
from pips.match import may_act_out_of_turn

LINE_LIMIT = 4096  # characters a line may have: a longer one is refused, and never kept whole
QUOTE_LIMIT = 80  # no move is longer: longer text is refused, and quoted this short


def new_game(game_class, players, seed=0, deal_text=None, first=-1, options=None):
    """The hand the referee runs; ValueError with a reason for bad settings."""
    game_class.check_players(players)
    table = game_class.table(options)
    if first != -1 and not 0 <= first < players:
        raise ValueError("--first: no seat %d at a %d-player table (seats are 0 to %d)"
                         % (first, players, players - 1))
    deal = game_class.parse_deal(deal_text) if deal_text is not None else None
    return game_class(players, table, Rng(seed), deal, first)


def moves_text(game, seat, buf):
    n = game.legal(seat, buf)
    return [game.move_text(buf[i]) for i in range(n)]


def snapshot(game, buf, error=None, resigned=()):
    """The JSON-ready state of the hand as the referee reports it; `resigned`:
    the seats whose resignation the referee ended the hand with."""
    out = {}
    out.update(game.info())
    # a game that plays on without resigned seats (UNO) lists them itself
    out.setdefault("resigned", list(resigned))
    ended = bool(resigned)
    turn = game.turn if game.turn >= 0 and not ended else None
    others = {}
    for seat in range(game.players):
        if not ended and may_act_out_of_turn(game, seat, buf):
            others[str(seat)] = moves_text(game, seat, buf)
    winner = game.winner if game.winner >= 0 else None
    if ended:
        left = [s for s in range(game.players) if s not in resigned]
        winner = left[0] if len(left) == 1 else None
    out.update(
        {
            "game": game.name,
            "players": game.players,
            "turn": turn,
            "legal": moves_text(game, turn, buf) if turn is not None else [],
            "out_of_turn": others,
            "moves": game.moves,
            "over": game.turn < 0 or ended,
            "winner": winner,
            "scores": list(game.scores),
            "error": error,
        }
    )
    return out


def seat_number(word):
    """The seat a word names, or None when it is no number: ASCII digits only
    (int() would also read other scripts' digits); a number too long for any
    table is -1 (int() refuses 5,000 digits with an error of its own)."""
    if not word or not all("0" <= c <= "9" for c in word):
        return None
    if len(word.lstrip("0")) > 3:
        return -1
    return int(word)


def apply_line(game, line, resigned=None):
    """Play one `SEAT MOVE` line; return None, or the reason it was refused.
    `resigned`: a list the referee keeps; a resignation the game does not take
    as a move (Block) is added to it, and ends the hand."""
    words = line.split(None, 1)
    seat = seat_number(words[0])
    if seat is None:
        return "not a seat: %s (a line is SEAT MOVE, like '0 6-3')" % quote(words[0])
    if not 0 <= seat < game.players:
        return "no seat %s at a %d-player table" % (shorten(words[0]), game.players)
    if len(words) < 2:
        return "seat %d: no move given" % seat
    text = words[1]
    if len(text) > QUOTE_LIMIT:
        return "not a move: %s" % quote(text, QUOTE_LIMIT)
    if resigned:
        return "the hand is over: seat %d resigned" % resigned[0]
    if resigned is not None and text.strip().lower() == "resign":
        if not getattr(type(game), "resign_in_hand", False):
            if game.turn < 0:
                return "the hand is over"
            resigned.append(seat)
            return None
    try:
        move = game.parse_move(seat, text)
        game.play(seat, move)
    except ValueError as exc:
        return str(exc) or "refused"
    except (IndexError, KeyError, TypeError) as exc:  # a game's parser missed a case
        return "refused: %s" % (exc,)
    return None


def shorten(text, most=40):
    return text if len(text) <= most else text[: most - 3] + "..."


def quote(text, most=40):
    """A piece of input quoted as typed (shortened when long)."""
    return repr(shorten(text, most))


def bounded_lines(stream, limit=LINE_LIMIT):
    """The stream's lines, each None when it runs over `limit` characters
    (what is past the limit is read and dropped, never kept)."""
    while True:
        line = stream.readline(limit + 1)
        if not line:
            return
        if len(line) > limit and not line.endswith("\n"):
            while True:  # the rest of the long line, dropped a piece at a time
                rest = stream.readline(limit + 1)
                if not rest or rest.endswith("\n"):
                    break
            yield None
            continue
        yield line


def _plain(value):
    """JSON for what info() may hold beyond lists and ints (bytes of codes)."""
    if isinstance(value, (bytes, bytearray, tuple)):
        return list(value)
    raise TypeError("not JSON: %r" % (value,))


def run(game, lines, out):
    """Referee the hand: read lines until they run out, writing one JSON line each."""
    buf = bytearray(game.max_moves)
    resigned = []

    def emit(error):
        out.write(json.dumps(snapshot(game, buf, error, resigned), default=_plain) + "\n")
        out.flush()

    emit(None)
    if hasattr(lines, "readline"):
        lines = bounded_lines(lines)
    for raw in lines:
        if raw is None or len(raw) > LINE_LIMIT:
            emit("line over %d characters: refused" % LINE_LIMIT)
            continue
        line = raw.strip()
        if not line:
            continue
        emit(apply_line(game, line, resigned))
    return 0
