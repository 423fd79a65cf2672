"""Reading back what pips.save keeps: the match (dealt again and its moves
replayed), and the numbers and texts of the settings. Imported only when a
record is there to read."""

from pips import const
from pips.rng import Rng
from pips.save import LEVELS, MatchSave

_VERSION = const(1)  # the match record's, as pips.save writes it
_RESIGN = const(0x80)  # a move entry's seat byte: the seat resigned (pips.save)


def replay(turns, seat, move):
    """Play a recorded move of `seat` again where the turn loop met it: the
    seats offered a move out of turn before it let the chance pass, as they
    did. ValueError when the loop never names `seat` there (a record of
    another hand)."""
    game = turns.game
    while True:
        named = turns.next()
        if named == seat:
            break
        if named < 0 or named == game.turn:
            raise ValueError("seat %d does not act here" % seat)
    game.play(seat, move)


def get_int(data, at):
    """(the int put_int wrote at data[at:], the place after it)"""
    n = 0
    shift = 0
    while True:
        b = data[at]
        at += 1
        n |= (b & 0x7F) << shift
        shift += 7
        if b < 0x80:
            break
        if shift > 35:
            raise ValueError("not a number")
    return (n >> 1 if not n & 1 else -(n >> 1) - 1), at


def get_text(data, at):
    n = data[at]
    return "".join(chr(c) for c in data[at + 1 : at + 1 + n]), at + 1 + n


def get_options(data, at, game_class):
    n = data[at]
    specs = game_class.options
    if n != len(specs):
        raise ValueError("the game's options changed")
    out = {}
    for i in range(n):
        out[specs[i][0]] = specs[i][2][data[at + 1 + i]]
    return out, at + 1 + n


def read_match(store):
    """The kept match, dealt and replayed (a MatchSave whose `match` stands
    where the record left it, its hand's turn loop in `turns`), or None."""
    return store.read("match", lambda data: _rebuild(store, data))


def _rebuild(store, data):
    from pips import games
    from pips.match import Match
    from pips.match import Turns

    if data[0] != _VERSION:
        raise ValueError("a record of another version")
    name, at = get_text(data, 1)
    game_class = games.get(name)
    players = data[at]
    levels = [LEVELS[data[at + 1 + s]] for s in range(players)]
    at += 1 + players
    options, at = get_options(data, at, game_class)
    seed, at = get_int(data, at)
    match = Match(game_class, players, options, seed)
    match.first = data[at]
    match.hands_played, at = get_int(data, at + 1)
    for s in range(players):
        match.totals[s], at = get_int(data, at)
    for i in range(data[at]):
        match.resigned.append(data[at + 1 + i])
    at += 1 + data[at]
    at = match.rng.set_state(data, at)
    bots = Rng()
    at = bots.set_state(data, at)
    if (len(data) - at) & 1:
        raise ValueError("a move cut in half")
    game = match.deal()
    turns = Turns(game)
    for i in range(at, len(data), 2):
        seat = data[i]
        if seat & _RESIGN:
            seat &= 0x7F
            if game_class.resign_in_hand and game.turn >= 0:
                game.play(seat, game.parse_move(seat, "resign"))
            match.resign(seat)
            turns = Turns(game)  # as the table does after a resignation
        else:
            replay(turns, seat, data[i + 1])
    kept = MatchSave(store, match, levels, seed, bots)
    kept.turns = turns
    kept.deal()  # the head again, from the generator the hand was dealt from
    kept.moves = bytearray(data[at:])
    return kept
