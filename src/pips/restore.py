"""Reading back what pips.save keeps: a game's match (dealt again and its
moves replayed), the head of a kept match (for the title, without a replay),
and the numbers and texts of the settings. Imported only when a record is
there to read.

Reading is bounded: a record names its game, which must be the one asked
for; every number is checked against what it may be; every recorded move
must be one the turn loop offers that seat where the record has it (the turn
loop is asked at most once a seat for it), and must be legal there. A record
that does not replay move for move is refused with its reason."""

from pips import const
from pips.rng import Rng
from pips.save import LEVELS, MatchSave, match_record

_VERSION = const(1)  # the match record's, as pips.save writes it
_RESIGN = const(0x80)  # a move entry's seat byte: the seat resigned (pips.save)


def replay(turns, seat, move):
    """Play a recorded move of `seat` again where the turn loop met it: the
    seats offered a move out of turn before it let the chance pass, as they
    did. ValueError when the loop never names `seat` there (a record of
    another hand)."""
    game = turns.game
    for _ in range(game.players + 1):  # each other seat is offered once, then the seat to act
        named = turns.next()
        if named == seat:
            game.play(seat, move)
            return
        if named < 0 or named == game.turn:
            break
    raise ValueError("seat %d does not act here" % seat)


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


def read_match(store, name):
    """(the kept match of the game `name`, a note): the match dealt and
    replayed (a MatchSave whose `match` stands where the record left it, its
    hand's turn loop in `turns`) or None; the note is None, or a line for
    the player when the newest record was damaged (pips.save.Store.read_noted)."""
    return store.read_noted(match_record(name), lambda data: _rebuild(store, data, name))


def peek_match(store, name):
    """(hands played, totals) of the game's kept match, read from the record's
    head without dealing or replaying it (the title's quick look); None when
    no whole record is kept."""
    return store.read(match_record(name), lambda data: _head(data, name)[6:8])


def _head(data, name):
    """What a match record's payload holds before the generators, checked:
    (the game class, players, levels, options, seed, first seat, hands
    played, totals, resigned seats, the place after them). The record must be
    the game `name`'s."""
    from pips import games

    if data[0] != _VERSION:
        raise ValueError("a record of another version")
    kept, at = get_text(data, 1)
    if kept != name:
        raise ValueError("a record of %s, not of %s" % (kept, name))
    game_class = games.get(kept)
    players = data[at]
    game_class.check_players(players)
    levels = [LEVELS[data[at + 1 + s]] for s in range(players)]
    at += 1 + players
    options, at = get_options(data, at, game_class)
    seed, at = get_int(data, at)
    first = data[at]
    if first >= players:
        raise ValueError("no seat %d starts at a %d-player table" % (first, players))
    hands, at = get_int(data, at + 1)
    if hands < 0:
        raise ValueError("not a number of hands")
    totals = []
    for s in range(players):
        total, at = get_int(data, at)
        totals.append(total)
    resigned = []
    for i in range(data[at]):
        seat = data[at + 1 + i]
        if seat >= players or seat in resigned:
            raise ValueError("seat %d cannot have resigned" % seat)
        resigned.append(seat)
    at += 1 + data[at]
    return game_class, players, levels, options, seed, first, hands, totals, resigned, at


def _rebuild(store, data, name):
    from pips.match import Match
    from pips.match import Turns

    game_class, players, levels, options, seed, first, hands, totals, resigned, at = _head(data, name)
    match = Match(game_class, players, options, seed)
    match.first = first
    match.hands_played = hands
    match.totals[:] = totals
    match.resigned.extend(resigned)
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
            if seat >= players or seat in match.resigned:
                raise ValueError("seat %d cannot resign here" % seat)
            if game_class.resign_in_hand and game.turn >= 0:
                game.play(seat, game.parse_move(seat, "resign"))
            match.resign(seat)
            turns = Turns(game)  # as the table does after a resignation
        else:
            replay(turns, seat, data[i + 1])
    kept = MatchSave(store, match, levels, seed, bots)
    kept.fresh = False  # the game's own record, played on
    kept.turns = turns
    kept.deal()  # the head again, from the generator the hand was dealt from
    kept.moves = bytearray(data[at:])
    return kept
