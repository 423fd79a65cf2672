"""The helpers every game's tests share, defined once: a game's whole state
(`snapshot`), its legal moves and their texts, playing moves by their notation,
a refusal that must change nothing, and stacked domino deals.

They work on any game of the registry through the protocol of pips.game, so
a new game's tests use them as they are."""

import pytest

from pips import tiles
from pips.tiles import parse_list as parse_tiles


def state_of(value):
    """A comparable copy of a value: objects by their fields (recursively),
    bytearrays and lists copied, so a later change of the original shows."""
    if isinstance(value, (bytearray, memoryview)):
        return bytes(value)
    if isinstance(value, (list, tuple)):
        return tuple(state_of(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, state_of(v)) for k, v in value.items()))
    if isinstance(value, (int, str, bytes, float, bool, type(None), type)):
        return value
    if callable(value) and not hasattr(value, "__dict__"):
        return value
    if hasattr(value, "__dict__"):
        return (type(value).__name__, state_of(vars(value)))
    return value


def snapshot(game):
    """Everything a hand holds (every field, the generator's words included)
    and what the referee reads of it (info())."""
    return state_of(vars(game)), state_of(game.info())


def legal(game, seat=None):
    """The seat's legal moves (the seat to act by default), sorted."""
    seat = game.turn if seat is None else seat
    buf = bytearray(game.max_moves)
    return sorted(buf[: game.legal(seat, buf)])


def legal_texts(game, seat):
    """The texts of the seat's legal moves, in the order the game lists them."""
    buf = bytearray(game.max_moves)
    return [game.move_text(buf[i]) for i in range(game.legal(seat, buf))]


def texts(game, seat=None):
    """The texts of the seat's legal moves (the seat to act by default), sorted."""
    return sorted(game.move_text(m) for m in legal(game, seat))


def play(game, *moves):
    """Play moves by their notation, each by the seat to act."""
    for text in moves:
        game.play_text(game.turn, text)


def play_at(game, seat, text):
    """Play one move by its notation for `seat` (in turn or out of it)."""
    game.play(seat, game.parse_move(seat, text))


def refused(game, seat, move, match=None, words="", as_text=False):
    """The move (a code, or with as_text a text read with the seat's notation) is refused
    with a ValueError whose message matches `match` (a regular expression,
    searched) and holds `words` (any case), and the whole state is as it was.
    Without as_text any value goes to play() as it is (a garbled move)."""
    before = snapshot(game)
    with pytest.raises(ValueError, match=match) as err:
        if as_text:
            play_at(game, seat, move)
        else:
            game.play(seat, move)
    assert str(err.value).strip(), "a refusal without words"
    assert words.lower() in str(err.value).lower(), str(err.value)
    assert snapshot(game) == before, "a refused move changed the state"
    return str(err.value)


def stacked(*hands, stock=""):
    """A full stacked domino deal, as codes: the hands (or packets, tile
    notation) in order, then `stock` top first, then the rest of the set in
    code order."""
    order = []
    for hand in hands:
        order += parse_tiles(hand)
    order += parse_tiles(stock)
    order += [t for t in range(tiles.COUNT) if t not in order]
    assert len(order) == tiles.COUNT
    return order


def refused_text(game, seat, move, match=None, words=""):
    """refused(), a str read as the move's notation, a number as the move."""
    return refused(game, seat, move, match, words, isinstance(move, str))
