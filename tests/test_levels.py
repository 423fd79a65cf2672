"""The three levels a player picks (Easy, Normal, Hard) and the random bot kept
for tests and benches: names, the beginner's manners, and the order of
strength on small, robust samples (the figures with their intervals come from
`make bench-strength` and docs/figures.md)."""

import pytest

from pips import bots, games
from pips.match import SEAT_CHOICES, STRENGTH
from pips.rng import Rng
from pips_sim import runner


def test_the_levels_a_player_picks_leave_the_random_bot_out():
    assert bots.LEVELS == ("easy", "greedy", "smart")
    assert [bots.level_name(lv) for lv in bots.LEVELS] == ["Easy", "Normal", "Hard"]
    assert "random" not in SEAT_CHOICES and "random" in bots.BOTS
    assert STRENGTH.index("random") < STRENGTH.index("easy") < STRENGTH.index("greedy")
    # the command line still takes the random bot by its name, and the levels by both
    assert bots.level_of("random") == "random"
    assert bots.level_of(" Easy") == "easy" and bots.level_of("normal") == "greedy"
    with pytest.raises(ValueError):
        bots.level_of("beginner")


def positions(game_class, players, games_, seed):
    """Positions of random games (every seat moving at random), with the seat to act."""
    rng = Rng(seed)
    buf = bytearray(game_class.max_moves)
    for _ in range(games_):
        g = game_class(players, None, rng)
        while g.turn >= 0 and g.moves < 400:
            yield g
            n = g.legal(g.turn, buf)
            g.play(g.turn, buf[rng.below(n)] if n > 1 else buf[0])


@pytest.mark.parametrize("name", games.names())
def test_easy_plays_a_legal_move_and_waits_only_when_stuck(name):
    """Every move Easy picks is legal; it draws, passes or keeps (its policy's
    `waits`) only when no other move is legal."""
    game_class = games.get(name)
    waits = bots.policy(game_class).waits
    buf = bytearray(game_class.max_moves)
    bot = bots.make("easy", Rng(5), game_class)
    players = 1 if game_class.max_players == 1 else 2
    seen = 0
    for table in (players, min(4, game_class.max_players)):
        for g in positions(game_class, table, 6, 40 + table):
            n = g.legal(g.turn, buf)
            legal = bytes(buf[:n])
            move = bot.choose(g.view(g.turn))
            assert move in legal, (name, g.move_text(move))
            if any(m not in waits for m in legal):
                assert move not in waits, (name, g.move_text(move))
            seen += move in waits
    if name in ("uno", "domino-uno"):
        assert waits and seen  # stuck now and then, and then it does wait


def mean_hand_length(name, level, players, matches, seed):
    r = runner.run(games.get(name), [level] * players, matches, seed=seed)
    return r["mean_hand_length"]


@pytest.mark.parametrize("name", ("uno", "domino-uno"))
@pytest.mark.parametrize("players", (2, 4))
def test_an_easy_table_never_drags_a_hand_out(name, players):
    """Hands at an all-Easy table last at most 1.5 times as many moves as at an
    all-Normal one (measured over 40 matches: UNO 1.26 and 1.16 times, Domino
    Uno 1.07 and 1.06, at two and four seats; an all-random UNO table 27 times)."""
    easy = mean_hand_length(name, "easy", players, 12, 7000)
    normal = mean_hand_length(name, "greedy", players, 12, 7000)
    assert easy <= 1.5 * normal, (easy, normal)


@pytest.mark.parametrize(
    "name,upper,lower,matches",
    [
        ("block", "easy", "random", 60),
        ("block", "greedy", "easy", 60),
        ("uno", "easy", "random", 20),
        ("uno", "greedy", "easy", 60),
        ("domino-uno", "easy", "random", 60),
        ("domino-uno", "greedy", "easy", 60),
    ],
)
def test_each_level_beats_the_one_below(name, upper, lower, matches):
    """Two seats, seats alternating, fresh deals: the stronger level wins more
    matches than it loses (samples where the measured edge is wide: Block easy
    v random 81.5%, greedy v easy 76%; UNO 100% and 80%; Domino Uno 90% and
    68%, over 200 matches from seed 700000)."""
    r = runner.run(games.get(name), [upper, lower], matches, seed=123000)
    row = r["bots"][0]
    assert row["won"] > 0.6 * (row["won"] + row["lost"]), row


def test_the_ladder_calls_a_level_ahead_only_on_an_interval_above_its_bar():
    """The ladder's and the strength table's verdict (pips_sim.rates): above
    50% of the matches, or above the random bot's own rate where shared first
    places are common (Bergen)."""
    from pips_sim import rates

    assert rates.bar_of(97, 6, 200) == 50.0  # 3% shared: an equal wins half
    assert rates.bar_of(797, 403, 2000) == pytest.approx(39.85)  # Bergen's 20% shared
    assert rates.beats(230, 400, 50.0)  # 57.5% [52.6, 62.2]
    assert not rates.beats(215, 400, 50.0)  # 53.8% [48.8, 58.6]: not apart
    assert rates.beats(854, 2000, 39.85)  # Bergen's smart over greedy, 42.7% [40.5, 44.9]
    assert not rates.beats(854, 2000, 50.0)
    assert not rates.beats(820, 2000, 39.85)  # 41.0% [38.9, 43.2]
