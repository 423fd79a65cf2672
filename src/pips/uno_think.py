"""The smart bots' side of UNO (pips.uno): the rollouts' playout and utility,
the moves worth weighing (distinct_moves), and View.sample with its spare hand
and remembered deal; the Uno and UnoView methods of those names call these.

Loaded when a bot first decides, and let go by the table while a human chooses
or the hand is over (Uno.bot_module), with the remembered deal: none of this
need sit in the heap that every hand needs. (The smart bots keep the rollout
world they were handed in pips.bots; the greedy heuristic, which the smart bot
consults on ties, is pips.uno_bots.)
"""

from pips.compat import const
from pips.cards import COLOR, COPIES
from pips.game import Game
from pips.uno import Uno, DRAW, KEEP, UNO, NONE, PLUS4, DRAWN

# private copies of pips.uno's (a test checks that they agree): folded away
_W = const(52)
_W4 = const(53)
_CALL = const(64)
# UnoView.rest: a few small numbers, then per seat out / called / recent, then the discard pile
_NBOTTOM = const(0)
_P4SEAT = const(1)
_P4COLOR = const(2)
_WINNER = const(3)  # + 1
_PENALTY = const(4)
_SEATS = const(5)


def utility(game, seat):
    """The hand's points as Game.utility once it is over. While it is still
    being played (a cut rollout): the others' average hand size, at 12 points
    a card (the deck's average is 11.5), less our own cards' points."""
    if game.turn < 0:
        return Game.utility(game, seat)
    n = game.left
    if n < 2:
        return 0
    sizes = game.sizes
    others = 0
    for s in range(game.players):
        if s != seat:
            others += sizes[s]
    return others * 12 // (n - 1) - game.hand_points(seat)


def playout(game, rng, buf):
    """Random play with a player's sense: a card rather than a draw or a keep
    (legal() lists the cards first), a coloured card rather than a wild
    (the wilds follow the coloured cards), UNO called with the second-to-last
    card. With `playout_moves` set, stop after that many moves (utility()
    then weighs the cards left)."""
    limit = game.playout_moves
    stop = game.moves + limit if limit else 1 << 30
    sizes = game.sizes
    while game.turn >= 0 and game.moves < stop:
        seat = game.turn
        n = game.legal(seat, buf)
        if n == 1:
            game.play(seat, buf[0])
            continue
        i = rng.below(n)
        m = buf[i]
        if i and DRAW <= m <= KEEP:
            i = rng.below(i)
            m = buf[i]
        if i and m < DRAW and m & 63 >= _W:
            i = rng.below(i + 1)
            m = buf[i]
        if m < DRAW and sizes[seat] == 2:
            m |= _CALL
        game.play(seat, m)


def distinct_moves(view, moves, n):
    """The moves worth weighing, for the smart bot (compacted in place; the
    count is returned), after the page's tips. A catch or a late UNO call
    costs nothing: taken at once. With a coloured card to play, neither a
    draw nor a wild (keep them for when nothing else plays). With the
    second-to-last card, only the moves calling UNO. A wild names only a
    colour held (or red when none is)."""
    coloured = False
    for i in range(n):
        m = moves[i]
        if m >= UNO:
            moves[0] = m
            return 1
        if m < DRAW and m & 63 < _W:
            coloured = True
    two = view.sizes[view.seat] == 2
    cc = view.ccount
    none_held = not (cc[0] or cc[1] or cc[2] or cc[3])
    k = 0
    for i in range(n):
        m = moves[i]
        if m < DRAW:
            if two and not m & _CALL:
                continue
            w = m & 63
            if w >= _W:
                if coloured:
                    continue
                c = (w - 52) & 3
                if not (cc[c] or (none_held and c == 0)):
                    continue
        elif m == DRAW and coloured:
            continue
        moves[k] = m
        k += 1
    return k


# -- View.sample ------------------------------------------------------------------
def sample(view, rng, world=None):
    """A whole hand consistent with this view: the unseen cards (the deck less
    our hand, the discard pile, the known W+4s at the bottom of the draw pile,
    and a +4 player's cards just revealed to us) dealt at random to the other
    hands and the draw pile. `world` (a hand from an earlier call) is refilled;
    without one, a spare hand shared by every view is.

    The last deal is remembered with the generator's mark it came from: a
    smart bot that rewinds the generator to try each move on the same deal
    gets it copied rather than dealt again (a 10-player deal is most of a
    short rollout's cost), and the generator is moved on as the deal would."""
    global _spare, _memo
    players = view.players
    if world is None:
        world = _spare
        if world is None or world.players != players:
            world = _spare = Uno(players)
    memo = _memo
    need = players * 58 + 108  # the hands, their colour counts, the draw pile
    if memo is None or len(memo.deal) < need:
        # sized for this table, not for ten players: it stays for good
        memo = _memo = _Memo()
        memo.deal = bytearray(need)
        memo.pool = bytearray(108)
        memo.rest = None
        memo.mark = -1
    size = players * 54
    from_mark = rng.at_mark()
    if from_mark and memo.rest is view.rest and memo.mark == rng.marks:
        # the same generator state deals the same cards: copy them
        kept = memoryview(memo.deal)
        world.hands[:] = kept[:size]
        world.ccount[:] = kept[size : size + players * 4]
        ns = memo.nstock
        world.stock[:ns] = kept[size + players * 4 : size + players * 4 + ns]
        world.nstock = ns
        world.p4illegal = memo.p4illegal
        for _ in range(memo.steps):
            rng.next()
        return _public(view, world, rng)
    if memo.rest is not view.rest:
        # another view: the cards it cannot place, as kinds into memo.pool
        memo.rest = view.rest
        counts = bytearray(COPIES)
        hand = view.hands
        for k in range(54):
            counts[k] -= hand[k]
        rest = view.rest
        for i in range(_SEATS + 3 * players, len(rest)):
            counts[rest[i]] -= 1
        counts[_W4] -= rest[_NBOTTOM]
        if view.reveal is not None:
            for k in view.reveal:
                counts[k] -= 1
        pool = memo.pool
        n = 0
        for k in range(54):
            for _ in range(counts[k]):
                pool[n] = k
                n += 1
        memo.unseen = n
    memo.mark = rng.marks if from_mark else -1
    memo.steps = _deal(view, world, rng, memo)
    kept = memo.deal
    kept[:size] = world.hands
    kept[size : size + players * 4] = world.ccount
    ns = world.nstock
    kept[size + players * 4 : size + players * 4 + ns] = memoryview(world.stock)[:ns]
    memo.nstock = ns
    memo.p4illegal = world.p4illegal
    return _public(view, world, rng)


def _deal(view, world, rng, memo):
    """Deal the unseen cards into world; return how many generator steps it took."""
    players = view.players
    seat = view.seat
    reveal = view.reveal
    p4seat = view.rest[_P4SEAT] - 1
    p4color = view.rest[_P4COLOR]
    known = p4seat if reveal is not None else -1
    n = memo.unseen
    need = 0
    for s in range(players):
        if s != seat:
            need += view.sizes[s]
    if known >= 0:
        need -= len(reveal)
    # the other hands take a random `need` cards off the front, the rest is the draw pile
    stock = world.stock
    nb = view.rest[_NBOTTOM]
    for j in range(nb):
        stock[j] = _W4
    deal = world.pile  # scratch until the discard pile is copied in
    deal[:n] = memoryview(memo.pool)[:n]
    steps = need if need < n else n - 1
    rng.shuffle(deal, n, steps)
    stock[nb : nb + n - need] = memoryview(deal)[need:n]
    world.nstock = nb + n - need
    hands = world.hands
    ccount = world.ccount
    for s in range(players):  # no 540-byte temporary: a small heap is fragmented
        hands[s * 54 : s * 54 + 54] = view.hands if s == seat else _ZERO54
        ccount[s * 4 : s * 4 + 4] = view.ccount if s == seat else _ZERO4
    i = 0
    for s in range(players):
        if s == seat:
            continue
        base = s * 54
        c4 = s * 4
        size = view.sizes[s]
        if s == known:
            for k in reveal:
                hands[base + k] += 1
                if k < _W:
                    ccount[c4 + COLOR[k]] += 1
            size -= len(reveal)
        while size:
            k = deal[i]
            i += 1
            hands[base + k] += 1
            if k < _W:
                ccount[c4 + COLOR[k]] += 1
            size -= 1
    world.p4illegal = False
    if view.ask == PLUS4:
        # unknown to us: whether that +4 was a bluff; the cards dealt decide
        world.p4illegal = p4color < 4 and ccount[p4seat * 4 + p4color] > 0
    return steps if steps > 0 else 0


def _public(view, world, rng):
    """Everything but the hidden cards, from the view."""
    players = view.players
    rest = view.rest
    i = _SEATS
    world.nbottom = rest[_NBOTTOM]
    world.fixed = False
    world.pile[: view.discard] = memoryview(rest)[i + 3 * players :]
    world.npile = view.discard
    world.sizes[:] = view.sizes
    world.out[:] = memoryview(rest)[i : i + players]
    world.called[:] = memoryview(rest)[i + players : i + 2 * players]
    world.recent[:] = memoryview(rest)[i + 2 * players : i + 3 * players]
    left = players
    for s in range(players):
        left -= rest[i + s]
    world.left = left
    world.dealer = 0
    world.top = view.top
    world.color = view.color
    world.direction = view.direction
    world.turn = view.turn
    # another seat's drawn card is unknown to us: let it play on as a normal turn
    world.ask = view.ask if view.ask != DRAWN or view.drawn >= 0 else NONE
    world.drawn = view.drawn
    world.p4seat = rest[_P4SEAT] - 1
    world.p4color = rest[_P4COLOR]
    world.catchable = view.catchable
    world.reveal = None
    world.reveal_to = -1
    world.winner = rest[_WINNER] - 1
    world.moves = 0
    for s in range(players):
        world.scores[s] = view.scores[s]
    world.rng = rng
    world.penalty = rest[_PENALTY]
    return world


class _Memo:
    """View.sample's last deal, the generator's mark it was dealt from (Rng.mark;
    -1: dealt from elsewhere) and how many steps it took, and the unseen cards of
    the view it was dealt for. That view is known by its `rest` (bytes of its
    own, made with it): holding them and not the view, a finished decision's
    view leaves the heap."""


_ZERO54 = bytes(54)
_ZERO4 = bytes(4)
_spare = None  # the hand View.sample refills when given none
_memo = None
