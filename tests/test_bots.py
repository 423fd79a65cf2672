"""Bots: legal, deterministic, view-only, sliced thinking, and strong enough.

The strength checks are small samples of the figures measured for the report
(two-player matches to 100, seats alternating, 95% intervals): smart (240
rollouts) beats random in 94.0% +- 2.7 of 300 matches and greedy in 69.0% +- 4.5
of 400; greedy beats random in 93.3% +- 1.5 of 1000."""

import pytest

from mpy_support import needs_micropython, run_micropython
from pips import bots, tiles
from pips.games.block.game import Block
from pips.bots import block as block_policy
from pips.match import Match
from pips.rng import Rng
from pips.game import Game
from pips.tiles import parse_list as parse_tiles
from game_helpers import snapshot

BUF = bytearray(Block.max_moves)


def block_position(g):
    """A Block hand's position, without the scratch a playout may leave (counts)."""
    return (list(g.hands), g.held, g.laid, g.left, g.right, g.lo, g.hi, bytes(g.line),
            bytes(g.lacks), list(g.scores), g.winner, g.turn, g.moves)


def block_positions(players, games, seed):
    rng = Rng(seed)
    for _ in range(games):
        g = Block(players, None, rng)
        while g.turn >= 0:
            yield g
            n = g.legal(g.turn, BUF)
            g.play(g.turn, BUF[rng.below(n)])


@pytest.mark.parametrize("level", bots.BOTS)
def test_every_bot_picks_a_legal_move_from_the_view_alone(level):
    bot = bots.make(level, Rng(1), Block, rollouts=24)
    for players in (2, 3, 4):
        for g in block_positions(players, 12, players):
            before = snapshot(g)
            view = g.view(g.turn)
            move = bot.choose(view)
            assert snapshot(g) == before  # the game is never touched
            assert move in BUF[: g.legal(g.turn, BUF)]


def test_bots_are_deterministic_for_a_seed():
    for level in bots.LEVELS:
        views = [g.view(g.turn) for g in block_positions(2, 6, 3)]
        # views are snapshots: collect them first, then decide twice
        a = bots.make(level, Rng(5), Block, 40)
        b = bots.make(level, Rng(5), Block, 40)
        assert [a.choose(v) for v in views] == [b.choose(v) for v in views]


def test_smart_thinks_in_slices_to_the_same_move():
    for g in block_positions(2, 8, 4):
        view = g.view(g.turn)
        whole = bots.make("smart", Rng(9), Block, 60).choose(view)
        sliced = bots.make("smart", Rng(9), Block, 60)
        sliced.begin(view)
        steps = 0
        move = sliced.step(7)
        while move < 0:
            steps += 1
            move = sliced.step(7)
        assert move == whole
        assert sliced.step(7) == move  # asking again gives the decision
        if g.legal(g.turn, BUF) > 2:
            assert steps > 0


def test_distinct_moves_drops_mirrors_only():
    g = Block(2, None, Rng(1))
    view = g.view(g.turn)
    n = view.legal(BUF)
    k = block_policy.distinct_moves(view, BUF, n)
    assert k == tiles.count(view.hand)  # one opening move per tile
    assert sorted(b >> 1 for b in BUF[:k]) == tiles.codes(view.hand)
    # equal ends: L and R are the same placement
    deal = parse_tiles("4-4 0-0 1-1 2-2 3-3 5-5 6-6 4-2 4-1 6-0 6-1 6-2 6-3 6-5")
    deal += [t for t in range(28) if t not in deal]
    g = Block(2, None, None, deal, 0)
    g.play_text(0, "4-4")
    view = g.view(1)
    n = view.legal(BUF)
    assert n == 4
    k = block_policy.distinct_moves(view, BUF, n)
    assert sorted(BUF[:k]) == [tiles.code(4, 1) * 2, tiles.code(4, 2) * 2]
    # different ends: nothing is dropped
    for pos in block_positions(2, 10, 8):
        if pos.left >= 0 and pos.left != pos.right:
            v = pos.view(pos.turn)
            n = v.legal(BUF)
            before = bytes(BUF[:n])
            assert block_policy.distinct_moves(v, BUF, n) == n and bytes(BUF[:n]) == before


def match_rate(level_a, level_b, matches, seed0, rollouts=-1):
    """Share of 2-player Block matches to 100 won by level_a (ties count half),
    seats alternating."""
    won = 0.0
    for k in range(matches):
        m = Match(Block, 2, {"target": 100}, seed=seed0 + k)
        a = k % 2
        seat_bots = [None, None]
        seat_bots[a] = bots.make(level_a, Rng(seed0 * 7 + 2 * k), Block, rollouts)
        seat_bots[1 - a] = bots.make(level_b, Rng(seed0 * 7 + 2 * k + 1), Block, rollouts)
        while not m.over:
            g = m.new_hand()
            while g.turn >= 0:
                s = g.turn
                g.play(s, seat_bots[s].choose(g.view(s)))
            m.end_hand()
        r = m.ranks()
        won += 1.0 if r[a] < r[1 - a] else 0.5 if r[a] == r[1 - a] else 0.0
    return won / matches


def test_greedy_beats_random_clearly():
    assert match_rate("greedy", "random", 200, 100) >= 0.85


def test_smart_beats_random():
    assert match_rate("smart", "random", 60, 300) >= 0.80


def test_smart_beats_greedy():
    assert match_rate("smart", "greedy", 100, 500) > 0.5


# -- on MicroPython ----------------------------------------------------------------
MPY_SCRIPT = r"""
from pips.games.block.game import Block
from pips.bots import block as block_policy
from pips.rng import Rng
from pips.game import Game
from pips import bots
rng = Rng(21)
moves = []
for gi in range(8):
    g = Block(2, None, rng)
    smart = bots.make("smart", Rng(2 * gi + 1), Block)
    seat_bots = [smart, bots.make("greedy", Rng(2 * gi + 2), Block)]
    while g.turn >= 0:
        s = g.turn
        m = seat_bots[s].choose(g.view(s))
        moves.append(m)
        g.play(s, m)
print(" ".join(str(m) for m in moves))
"""


@pytest.mark.micropython
@needs_micropython
def test_smart_decides_alike_on_micropython():
    rc, out, err = run_micropython(MPY_SCRIPT, from_mpy=True, timeout=300)
    assert rc == 0, out + err
    lines = out.split("\n")
    mpy_moves = [int(x) for x in lines[0].split()]
    # the same games on CPython: same seeds, same decisions
    rng = Rng(21)
    moves = []
    for gi in range(8):
        g = Block(2, None, rng)
        seat_bots = [
            bots.make("smart", Rng(2 * gi + 1), Block),
            bots.make("greedy", Rng(2 * gi + 2), Block),
        ]
        while g.turn >= 0:
            s = g.turn
            m = seat_bots[s].choose(g.view(s))
            moves.append(m)
            g.play(s, m)
    assert mpy_moves == moves


def a_catchable_uno_position(seed=3):
    """A random UNO hand played until a seat can be caught without its UNO call."""
    from pips.games.uno.game import Uno

    rng = Rng(seed)
    buf = bytearray(Uno.max_moves)
    while True:
        g = Uno(3, None, rng)
        while g.turn >= 0:
            if g.catchable >= 0:
                for seat in range(3):
                    if seat not in (g.turn, g.catchable) and g.legal(seat, buf):
                        return g, seat
            s = g.turn
            n = g.legal(s, buf)
            g.play(s, buf[rng.below(n)] if n > 1 else buf[0])


@pytest.mark.parametrize("level", bots.BOTS)
def test_bots_catch_a_missed_uno_with_their_level_s_reaction_chance(level):
    """Out of turn, a bot notices the catch only with the game's reaction chance
    (UNO: random 20%, greedy 60%, smart 90%) and otherwise lets it pass (-1)."""
    game, seat = a_catchable_uno_position()
    view = game.view(seat)
    expected = bots.policy(type(game)).reaction[level]
    caught = 0
    asks = 1000
    for i in range(asks):
        move = bots.make(level, Rng(i), type(game)).choose(view)
        if move >= 0:
            assert game.move_text(move).startswith("catch")
            caught += 1
    assert abs(caught * 100 // asks - expected) <= 5, (level, caught)


# -- the rollouts' fast paths play as the plain protocol does ------------------------
def uno_playout_reference(game, rng, buf):
    """Uno.playout's policy through legal() and play() alone (its fast path inlines
    the usual turn): a card rather than a draw or a keep, a coloured card rather
    than a wild, UNO called with the second-to-last card, `playout_moves` moves."""
    from pips.games.uno.game import DRAW, KEEP, CALL

    limit = game.playout_moves
    stop = game.moves + limit if limit else 1 << 30
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
        if i and m < DRAW and m & 63 >= 52:
            i = rng.below(i + 1)
            m = buf[i]
        if m < DRAW and game.sizes[seat] == 2:
            m |= CALL
        game.play(seat, m)


def uno_state(g):
    return (bytes(g.hands), bytes(g.sizes), bytes(g.ccount), bytes(g.stock[: g.nstock]),
            bytes(g.pile[: g.npile]), bytes(g.out), bytes(g.called), bytes(g.recent),
            list(g.scores), g.nbottom, g.fixed, g.left, g.top, g.color, g.direction, g.turn,
            g.ask, g.drawn, g.p4seat, g.p4color, g.p4illegal, g.catchable, g.reveal,
            g.winner, g.moves)  # fmt: skip


@pytest.mark.parametrize("players", (2, 3, 4))
def test_uno_playout_plays_as_legal_and_play_do(players):
    from pips.games.uno.game import Uno, RESIGN, CATCH

    buf = bytearray(Uno.max_moves)
    rng = Rng(40 + players)
    checked = 0
    for hand in range(8):
        g = Uno(players, None, Rng(hand))
        if hand % 4 == 3:
            g.play(players - 1, RESIGN)  # a seat out: the plain path
        while g.turn >= 0:
            seat = (g.turn + g.moves) % players  # the seat to act, or another
            world = g.view(seat).sample(Rng(hand * 100 + g.moves))
            limit = 0 if g.moves % 8 == 0 else 18  # now and then to the hand's end
            a = Uno(players)
            b = Uno(players)
            a.copy_from(world)
            b.copy_from(world)
            assert uno_state(a) == uno_state(world)
            a.playout_moves = b.playout_moves = limit
            a.rng = ra = Rng(g.moves * 7 + seat)
            b.rng = rb = Rng(g.moves * 7 + seat)
            a.playout(ra, buf)
            uno_playout_reference(b, rb, buf)
            assert uno_state(a) == uno_state(b)
            assert ra.words == rb.words and ra.at == rb.at
            assert a.utility(seat) == b.utility(seat)
            checked += 1
            s = g.turn
            n = g.legal(s, buf)
            g.play(s, buf[rng.below(n)])
            c = g.catchable
            if c >= 0 and g.turn >= 0 and rng.below(2):
                for other in range(players):
                    if other != c and not g.out[other]:
                        g.play(other, CATCH + c)
                        break
    assert checked > 200


def block_playout_reference(game, rng, buf):
    """Block.playout's policy through legal() and play() alone: with a choice, a
    random tile at a random end it fits two times in eight (one draw decides
    both), else the best of the greedy scores (tiles in code order, the left
    end first, the first best kept)."""
    from pips.games.domino import PASS
    from pips.tiles import PIPS, WITH, DOUBLES

    if game.turn >= 0 and game.left < 0:
        n = game.legal(game.turn, buf)
        game.play(game.turn, buf[rng.below(n)])
    while game.turn >= 0:
        seat = game.turn
        left, right, hand = game.left, game.right, game.hands[seat]
        wl, wr = WITH[left], WITH[right]
        fit = [t for t in range(28) if hand >> t & 1 and (wl | wr) >> t & 1]
        if not fit:
            game.play(seat, PASS)
            continue
        if len(fit) == 1 and not (wl >> fit[0] & 1 and wr >> fit[0] & 1 and left != right):
            game.play(seat, fit[0] * 2 + (0 if wl >> fit[0] & 1 else 1))
            continue
        r = rng.next()
        if r & 7 < 2:
            t = fit[(r >> 3) % len(fit)]
            right_end = wr >> t & 1 and (not wl >> t & 1 or r & 512)
            game.play(seat, t * 2 + (1 if right_end else 0))
            continue
        others = 0
        for s in range(game.players):
            if s != seat:
                others |= game.lacks[s]
        best, move = -1000, -1
        for t in fit:
            rest = hand & ~(1 << t)
            for side, end_at, keep in ((0, left, wr), (1, right, wl)):
                if not (WITH[end_at] >> t & 1):
                    continue
                end = PIPS[t] - end_at
                score = PIPS[t] * 2 + (6 if DOUBLES >> t & 1 else 0)
                score += 3 * bin(rest & (WITH[end] | keep)).count("1")
                score += 20 if others >> end & 1 else 0
                score -= 0 if rest & WITH[end] else 8
                if score > best:
                    best, move = score, t * 2 + side
        game.play(seat, move)


def playouts_match_their_reference(G, players, hands, rng, pair, reference, snap):
    """From every position of `hands` random hands of G: two equal worlds
    (`pair(g, hand)`), one played out by G.playout and one by `reference`
    from the same generator state, end in the same state having drawn the
    same numbers. Returns how many positions were checked."""
    buf = bytearray(G.max_moves)
    checked = 0
    for hand in range(hands):
        g = G(players, None, Rng(hand))
        while g.turn >= 0:
            a, b = pair(g, hand)
            assert snap(a) == snap(b)
            ra = Rng(g.moves * 7 + hand)
            rb = Rng(g.moves * 7 + hand)
            a.playout(ra, buf)
            reference(b, rb, buf)
            assert snap(a) == snap(b)
            assert ra.words == rb.words and ra.at == rb.at
            assert a.utility(g.turn) == b.utility(g.turn)
            if type(b).utility is Game.utility:
                assert a.utility(g.turn) == Game.utility(b, g.turn)
            checked += 1
            n = g.legal(g.turn, buf)
            g.play(g.turn, buf[rng.below(n)])
    return checked


@pytest.mark.parametrize("players", (2, 3, 4))
def test_block_playout_plays_as_legal_and_play_do(players):
    def pair(g, hand):
        world = g.view(g.turn).sample(Rng(hand * 100 + g.moves))
        a = Block(players)
        b = Block(players)
        a.copy_from(world)
        b.copy_from(world)
        assert block_position(a) == block_position(world)
        return a, b

    checked = playouts_match_their_reference(
        Block, players, 40, Rng(60 + players), pair, block_playout_reference, block_position
    )
    assert checked > 300


def reserve_playout_reference(game, rng, buf):
    """Draw's and Matador's playout policy through legal() and play() alone:
    with a choice, one word of the generator: one time in four the legal move
    it names, else the best quick score (pips times 4, a double 2 more, a
    matador 40 less, an end left that no tile covers by the rule 12 more,
    64 more when the opponent's hand covers neither end left), the first
    best in the order of legal()."""
    from pips.tiles import DOUBLES, PIPS

    if game.turn >= 0 and game.left < 0:
        n = game.legal(game.turn, buf)
        game.play(game.turn, buf[rng.below(n)])
    while game.turn >= 0:
        seat = game.turn
        moves = list(buf[: game.legal(seat, buf)])
        move = moves[0]
        if len(moves) > 1:
            r = rng.next()
            if r & 3 == 0:
                move = moves[(r >> 2) % len(moves)]
            else:
                best = -1000
                for m in moves:
                    t, side, far = game._placed(m)
                    score = PIPS[t] * 4 + (2 if DOUBLES >> t & 1 else 0)
                    score -= 40 if game.ANYWHERE >> t & 1 else 0
                    score += 0 if game.FIT[far] else 12
                    ends = (game.left, far) if side else (far, game.right)
                    cover = game.FIT[ends[0]] | game.FIT[ends[1]] | game.ANYWHERE
                    score += 0 if game.hands[1 - seat] & cover else 64
                    if score > best:
                        best, move = score, m
        game.play(seat, move)


def reserve_snapshot(g):
    return (list(g.hands), g.held, g.laid, bytes(g.line), g.lo, g.hi, g.left, g.right, g.top,
            list(g.forbid), g.turn, g.winner, list(g.scores), g.moves, bytes(g.counts),
            bytes(g.stock), g.out, g.first)  # fmt: skip


@pytest.mark.parametrize("name", ("draw", "matador"))
def test_reserve_playout_plays_as_legal_and_play_do(name):
    """The flat loop of Reserve.playout (draws, passes, lays and the matadors
    laid anywhere) plays the very moves of the plain loop, to the same state."""
    from pips import games

    G = games.get(name)

    def pair(g, hand):
        view = g.view(g.turn)
        return view.sample(Rng(hand * 100 + g.moves)), view.sample(Rng(hand * 100 + g.moves))

    checked = playouts_match_their_reference(
        G, 2, 60, Rng(70), pair, reserve_playout_reference, reserve_snapshot
    )
    assert checked > 1000


@pytest.mark.parametrize("name", ("draw", "matador"))
def test_reserve_copy_is_exact_and_apart(name):
    """Reserve.copy_from (the smart bot deals once a round and plays each move
    out on a copy): the copy is the dealt world, and playing it out leaves
    that world as it was, for the next move's copy."""
    from pips import games

    G = games.get(name)
    buf = bytearray(G.max_moves)
    rng = Rng(71)
    copy = G(2)
    checked = 0
    for hand in range(30):
        g = G(2, None, Rng(hand))
        while g.turn >= 0:
            world = g.view(g.turn).sample(Rng(hand * 100 + g.moves))
            dealt = reserve_snapshot(world)
            for k in range(2):
                copy.copy_from(world)
                assert reserve_snapshot(copy) == dealt
                copy.playout(Rng(g.moves + k), buf)
                assert copy.turn < 0
                assert reserve_snapshot(world) == dealt
            checked += 1
            n = g.legal(g.turn, buf)
            g.play(g.turn, buf[rng.below(n)])
    assert checked > 300


def test_uno_cut_rollouts_weigh_cards_left_and_wilds():
    """A rollout cut short is worth (7k + 12) / 4 points a card fewer than the
    others' average (k: the other seats still in), a W or W+4 counting as a
    card fewer; a finished hand is worth its points (Game.utility)."""
    from pips.games.uno.game import Uno

    buf = bytearray(Uno.max_moves)
    rng = Rng(8)
    for players in (2, 3, 4):
        for hand in range(6):
            g = Uno(players, None, Rng(hand))
            while g.turn >= 0:
                for seat in range(players):
                    k = players - 1
                    eff = [len([c for c in g.hand_kinds(s) if c < 52]) for s in range(players)]
                    diff = sum(eff) - eff[seat] - k * eff[seat]
                    assert g.utility(seat) == (7 * k + 12) * diff // (4 * k)
                n = g.legal(g.turn, buf)
                g.play(g.turn, buf[rng.below(n)])
            for seat in range(players):
                assert g.utility(seat) == Game.utility(g, seat)


def uno_deal_reference(view, rng):
    """UnoView.sample's hands, dealt the plain way: the unseen cards in kind
    order, Rng.shuffle'd as far as the other hands need, dealt off the front
    seat by seat (a +4 player's revealed cards go back to it)."""
    from pips.cards import COPIES
    from pips.games.uno.game import REST_SEATS, _REST_NBOTTOM as REST_NBOTTOM, REST_P4SEAT

    players, rest, reveal = view.players, view.rest, view.reveal
    counts = list(COPIES)
    for k in range(54):
        counts[k] -= view.hands[k]
    for k in rest[REST_SEATS + 3 * players :]:
        counts[k] -= 1
    counts[53] -= rest[REST_NBOTTOM]
    for k in reveal or ():
        counts[k] -= 1
    deal = bytearray(k for k in range(54) for _ in range(counts[k]))
    known = rest[REST_P4SEAT] - 1 if reveal is not None else -1
    need = sum(view.sizes[s] for s in range(players) if s != view.seat)
    need -= len(reveal) if known >= 0 else 0
    rng.shuffle(deal, len(deal), need if need < len(deal) else len(deal) - 1)
    hands = [[] for _ in range(players)]
    hands[view.seat] = [k for k in range(54) for _ in range(view.hands[k])]
    i = 0
    for s in range(players):
        if s != view.seat:
            mine = list(reveal) if s == known else []
            take = view.sizes[s] - len(mine)
            hands[s] = sorted(mine + list(deal[i : i + take]))
            i += take
    return hands, bytes(deal[need:])


def test_uno_sample_deals_as_a_shuffle_would():
    from pips.games.uno.game import Uno

    buf = bytearray(Uno.max_moves)
    rng = Rng(11)
    checked = 0
    for players in (2, 3, 5):
        for hand in range(6):
            g = Uno(players, None, Rng(hand))
            while g.turn >= 0:
                view = g.view((g.turn + g.moves) % players)
                a = Rng(hand * 1000 + g.moves)
                b = Rng(hand * 1000 + g.moves)
                world = view.sample(a)
                hands, stock = uno_deal_reference(view, b)
                assert [world.hand_kinds(s) for s in range(players)] == hands
                assert sorted(world.stock[: world.nstock]) == sorted(stock + bytes([53]) * view.rest[0])
                assert a.words == b.words and a.at == b.at
                checked += 1
                n = g.legal(g.turn, buf)
                g.play(g.turn, buf[rng.below(n)])
    assert checked > 300


def test_shuffling_nothing_draws_nothing():
    r = Rng(3)
    for _ in range(54):
        r.next()
    before = (list(r.words), r.at)
    r.shuffle(bytearray(0))
    r.shuffle(bytearray(1))
    assert (list(r.words), r.at) == before


def test_rollout_hands_have_no_property():
    """A hand the smart bot plays out (every game but Solitaire, whose smart
    bot is its solver; Matador's search of the last tiles leaves the rest to
    rollouts) has no property anywhere in its classes: on MicroPython one
    property makes every attribute store to an instance look through the
    classes first (38 us a store on the emulated M0 against 3 without), and
    a rollout stores dozens."""
    from pips import games

    for name in games.names():
        cls = games.get(name)
        if name == "solo":
            continue
        for klass in cls.__mro__:
            found = [k for k, v in vars(klass).items() if isinstance(v, property)]
            assert not found, "%s: %s.%s is a property" % (name, klass.__name__, found[0])
