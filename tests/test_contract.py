"""The contract every game of the registry keeps (pips.game's protocol), one
parametrised test each over pips.games.GAMES at its smallest and largest
tables: a game added to the registry is covered with no edit here.

- it is registered under its own name and title, with a bot policy and a rules page;
- the same generator deals and plays the same hand, another one another;
- at every position of random hands, every code in 0..255 is either legal
  for that seat or refused with words and no change of state, and garbled
  values (negative, past a byte, None, text) are refused alike;
- every legal move's text reads back to the move, in the seat's view too,
  and garbled texts are refused with words and no change;
- the view hides what the seat may not see: every world sampled from it
  shows that seat the very same view, and the same generator state samples
  the same world;
- random bots play whole matches to their end.

The rules of each game (what is legal where) are its own test file's."""

import pytest

from pips import bots, games, selfplay
from pips.rng import Rng

from game_helpers import legal, refused, snapshot, state_of

# (name, players): every game at its smallest and largest table
TABLES = []
for _name in games.names():
    _cls = games.get(_name)
    for _players in sorted({_cls.min_players, _cls.max_players}):
        TABLES.append((_name, _players))

# view fields a sampled world need not recreate: what the screen showed once
# (UNO's +4 cards revealed to the challenger), not the hand's state
SHOWN_ONCE = ("reveal",)

GARBLED_CODES = (-1, 256, 1000, None, "", "x", 1.5)
GARBLED_TEXTS = ("", " ", "zz", "9-9 Q", "\x00", "1 2 3 4 5 6 7 8", "-1")


def ids(table):
    return "%s-%d" % table


def sample_positions(cls, players, hands, seed, first=30, every=40):
    """Positions of `hands` random hands (the seat to act plays a random
    legal move), the game object itself at each: the first `first` of a
    hand, then one in `every` (a random UNO hand may run to thousands of
    moves), and the hand over."""
    rng = Rng(seed)
    buf = bytearray(cls.max_moves)
    for _ in range(hands):
        g = cls(players, None, rng)
        while g.turn >= 0:
            if g.moves < first or g.moves % every == 0:
                yield g
            n = g.legal(g.turn, buf)
            assert n > 0, "the seat to act has no move"
            g.play(g.turn, buf[rng.below(n)])
        yield g  # the hand over


def view_state(view):
    return state_of({k: v for k, v in vars(view).items() if k not in SHOWN_ONCE})


@pytest.mark.parametrize("name", games.names())
def test_a_game_is_registered_under_its_own_name_with_a_policy_and_a_page(name):
    cls = games.get(name)
    assert cls.name == name and games.title(name) == cls.title and cls.title
    assert 1 <= cls.min_players <= cls.max_players
    assert name in bots.POLICIES
    page = cls.rules()
    assert page and all(isinstance(p, str) and p for p in page)
    for players in (cls.min_players - 1, cls.max_players + 1):
        with pytest.raises(ValueError, match="player"):
            cls(players, None, Rng(1))


@pytest.mark.parametrize("table", TABLES, ids=ids)
def test_the_same_generator_deals_and_plays_the_same_hand(table):
    name, players = table
    cls = games.get(name)
    hands = [[snapshot(g) for g in sample_positions(cls, players, 2, seed)] for seed in (5, 5, 6)]
    assert hands[0] == hands[1]
    assert hands[0] != hands[2]


@pytest.mark.parametrize("table", TABLES, ids=ids)
def test_every_code_is_legal_or_refused_with_words_and_no_change(table):
    name, players = table
    cls = games.get(name)
    seen = refusals = 0
    for g in sample_positions(cls, players, 2, 11):
        for seat in range(players):
            ok = set(legal(g, seat))
            # a resignation is never listed, yet accepted from a seat still in
            resign = g.parse_move(seat, "resign") if cls.resign_in_hand else -1
            before = snapshot(g)
            for m in list(range(256)) + list(GARBLED_CODES):
                if m not in ok and m != resign:
                    with pytest.raises(ValueError) as err:
                        g.play(seat, m)
                    assert str(err.value).strip(), "code %r refused without words" % (m,)
                    refusals += 1
            # one comparison a seat: a refusal that changed anything shows here
            assert snapshot(g) == before, "a refused code changed the state"
            if ok:
                refused(g, seat, 255 if 255 not in ok else -1)
            seen += len(ok)
    assert seen and refusals


@pytest.mark.parametrize("table", TABLES, ids=ids)
def test_every_legal_move_reads_back_from_its_text(table):
    name, players = table
    cls = games.get(name)
    seen = 0
    for g in sample_positions(cls, players, 3, 21):
        for seat in range(players):
            view = g.view(seat)
            for m in legal(g, seat):
                text = g.move_text(m)
                assert text and g.parse_move(seat, text) == m, (text, m)
                assert view.move_text(m) == text
                seen += 1
        seat = max(g.turn, 0)
        for bad in GARBLED_TEXTS:
            before = snapshot(g)
            with pytest.raises(ValueError) as err:
                g.play_text(seat, bad)
            assert str(err.value).strip(), repr(bad)
            assert snapshot(g) == before, repr(bad)
    assert seen


@pytest.mark.parametrize("table", TABLES, ids=ids)
def test_a_view_shows_every_sampled_world_alike(table):
    """A view holds only what its seat may see: every world sampled from it
    (the unseen pieces dealt anew) gives that seat the same view, and
    sampling again from the same generator state gives the same world. The
    seats checked are those with a move to decide (a bot samples only for
    them): the seat to act, and any with a move out of turn."""
    name, players = table
    cls = games.get(name)
    rng = Rng(31)
    worlds = 0
    for g in sample_positions(cls, players, 2, 41):
        if g.turn < 0:
            continue
        for seat in range(players):
            if not legal(g, seat):
                continue
            view = g.view(seat)
            seen = view_state(view)
            for _ in range(2):
                world = view.sample(rng)
                assert view_state(world.view(seat)) == seen
                assert legal(world, seat) == legal(g, seat)
                worlds += 1
            rng.seed(99)
            first = snapshot(view.sample(rng))
            rng.seed(99)
            assert snapshot(view.sample(rng)) == first
    assert worlds


@pytest.mark.parametrize("table", TABLES, ids=ids)
def test_random_bots_play_whole_matches_to_their_end(table):
    name, players = table
    cls = games.get(name)
    for seed in range(3):
        r = selfplay.record_match(cls, players, seed, "random", keep=False, max_hands=200)
        assert r["hands_played"] < 200 and r["moves"] > 0
        assert sorted(r["ranks"])[0] == 1 and len(r["ranks"]) == players
