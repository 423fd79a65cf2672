"""The start of an UNO hand (pips.uno): the hand cleared, then the cards dealt and
the first one turned up.

Uno() calls `start` once a hand (and once for the spare hand the bots' View.sample
refills), so this code need not stay in the heap between deals: on a board
`start` drops its own module when done, and the next hand loads it again. The constants are
private copies of pips.uno's (folded away by MicroPython's compiler; a test
checks that they agree).
"""

import sys

from pips.compat import const, forget
from pips.game import new_rng
from pips.rng import Rng
from pips import cards
from pips.cards import COLOR, RANK

_HAND = const(7)
_W = const(52)
_W4 = const(53)
_NONE = const(0)  # uno.NONE
_NAME = const(2)  # uno.NAME


def start(game, rng, deal, first):
    """Uno.__init__'s end: a blank hand for View.sample to fill when neither a
    generator nor a deal is given, else the hand dealt (first: the dealer, -1
    to draw one). Then this module lets itself go."""
    if rng is None and deal is None:
        game.rng = None  # View.sample gives it one
        _clear(game, 0)
    else:
        game.rng = rng = new_rng(rng) if rng is not None else Rng(0)
        _clear(game, first if first >= 0 else rng.below(game.players))
        _deal(game, deal)
    if sys.implementation.name != "cpython":
        # done until the next hand: freed once the caller returns. Only where
        # the heap is small (MicroPython, CircuitPython): CPython would read
        # the module again each hand, which costs more than a random hand.
        forget(__name__)


def _clear(game, dealer):
    game.dealer = dealer
    left = game.players
    for s in range(game.players):
        left -= game.out[s]
    game.left = left  # seats still in
    game.nstock = 0
    game.nbottom = 0
    game.fixed = False
    game.npile = 0
    game.top = 0
    game.color = 0
    game.direction = 1
    game.turn = -1
    game.ask = _NONE
    game.drawn = -1
    game.p4seat = -1
    game.p4color = 0
    game.p4illegal = False
    game.catchable = -1
    game.winner = -1
    game.moves = 0


def _deal(game, deal):
    seats = game.left
    dealt = _HAND * seats
    rng = game.rng
    if deal is None:
        order = cards.deck()
        rng.shuffle(order, 108, dealt + 1)
        fixed = False
    else:
        order = bytearray(deal)
        from pips.game_text import check_deal  # stacked deals only: kept out of the heap

        check_deal(order, cards.deck())
        fixed = True
    # W+4 turned up goes to the bottom of the draw pile and the next card is turned
    bottom = 0
    while order[dealt] == _W4:
        if fixed:
            order[dealt:] = order[dealt + 1 :] + order[dealt : dealt + 1]
        else:
            last = 107 - bottom
            j = dealt + 1 + rng.below(last - dealt)
            order[dealt] = order[j]
            order[j] = order[last]
            order[last] = _W4
            bottom += 1
    first = game._next(game.dealer)
    seat = first
    hands = game.hands
    i = 0
    for _ in range(seats):
        base = seat * 54
        for k in order[i : i + _HAND]:
            hands[base + k] += 1
            if k < _W:
                game.ccount[seat * 4 + COLOR[k]] += 1
        game.sizes[seat] = _HAND
        i += _HAND
        seat = game._next(seat)
    top = order[dealt]
    game.pile[0] = top
    game.npile = 1
    game.top = top
    rest = 107 - dealt
    stock = game.stock
    for j in range(rest):
        stock[j] = order[107 - j]
    game.nstock = rest
    game.nbottom = bottom
    game.fixed = fixed
    # the first card's effect
    rank = RANK[top]
    game.turn = first
    if top == _W:
        game.color = 4
        game.ask = _NAME
        return
    game.color = COLOR[top]
    if rank == 12:
        game._take(first, 2)
        game.turn = game._next(first)
    elif rank == 10:
        game.turn = game._next(first)
    elif rank == 11:
        game.direction = -1
        game.turn = game.dealer if seats == 2 else game._next(game.dealer)
