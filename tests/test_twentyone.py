"""Twenty-one (docs/rules/twentyone.md and common.md):
every rule and "Decided here" point on stacked deals, notation, refusals, the
match, views and samples, properties over many random hands, and the bots."""

import io

import pytest

from pips import bots, games, tiles
from pips.bots import twentyone as policy
from pips.games.twentyone.game import HIT, STAND, Twentyone
from pips.match import Match
from pips.rng import Rng
from pips.tiles import ALL, COUNT, PIPS
from pips.tiles import parse_list as parse_tiles
from game_helpers import legal, play, refused, snapshot, stacked

BUF = bytearray(Twentyone.max_moves)


# -- helpers -------------------------------------------------------------------
def twentyone_deal(*hands, stock="", first=0, options=None):
    return Twentyone(len(hands), options, None, stacked(*hands, stock=stock), first)


# -- dealing -------------------------------------------------------------------
def test_registered_under_its_command_line_name():
    assert games.get("twentyone") is Twentyone
    assert games.title("twentyone") == Twentyone.title == "Twenty-one"
    assert (Twentyone.min_players, Twentyone.max_players) == (2, 4)


def test_a_stacked_deal_gives_seats_packets_of_two_and_the_rest_is_the_stock_top_first():
    g = twentyone_deal("6-6 0-0", "5-4 3-1", "2-2 1-0", stock="4-4 1-1 3-0")
    assert g.info()["hands"] == [["6-6", "0-0"], ["5-4", "3-1"], ["2-2", "1-0"]]
    assert list(g.totals) == [12, 13, 5]
    assert g.info()["stock"] == 22 and g.info()["sizes"] == [2, 2, 2]
    assert g.turn == g.first == 0
    play(g, "hit")  # seat 0 takes the top of the stock
    assert g.info()["hands"][0] == ["6-6", "4-4", "0-0"] and g.totals[0] == 20
    play(g, "hit")  # seat 1 the next
    assert g.info()["hands"][1] == ["5-4", "3-1", "1-1"] and g.totals[1] == 15
    play(g, "hit")
    assert g.info()["hands"][2] == ["2-2", "3-0", "1-0"]
    assert g.info()["stock"] == 19 and g.info()["sizes"] == [3, 3, 3]


@pytest.mark.parametrize(
    "order", [list(range(27)), list(range(28)) + [0], [0] + list(range(1, 27)) + [1], []]
)
def test_a_stacked_deal_that_is_not_a_permutation_is_refused(order):
    with pytest.raises(ValueError):
        Twentyone(2, None, None, order, 0)


def test_parse_deal_reads_notation():
    text = " ".join(tiles.text(t) for t in reversed(range(COUNT)))
    order = Twentyone.parse_deal(text)
    assert order == list(reversed(range(COUNT)))
    g = Twentyone(2, None, None, order, 0)
    assert g.info()["hands"] == [["6-6", "6-5"], ["6-4", "6-3"]]


def test_options_and_players_are_checked():
    for players in (1, 5):
        with pytest.raises(ValueError, match="players"):
            Twentyone(players, None, Rng(1))
    assert Twentyone(2, None, Rng(1)).table_options == {"hands": 5, "wins": 0}
    assert Twentyone(2, {"hands": "3"}, Rng(1)).table_options["hands"] == 3
    with pytest.raises(ValueError, match="hands"):
        Twentyone(2, {"hands": 4}, Rng(1))
    with pytest.raises(ValueError, match="no option"):
        Twentyone(2, {"target": 50}, Rng(1))


# -- turns -----------------------------------------------------------------------
def test_turns_go_clockwise_from_the_starter_hit_or_stand():
    g = twentyone_deal("1-0 2-0", "1-1 2-1", "3-0 3-1", first=1)
    assert g.turn == 1 and legal(g) == [HIT, STAND]
    assert g.legal(0, BUF) == 0 and g.legal(2, BUF) == 0
    play(g, "hit")
    assert g.turn == 2
    play(g, "stand")
    assert g.turn == 0
    play(g, "hit")
    assert g.turn == 1  # seat 2 stood: it has no more turns
    play(g, "hit", "hit")
    assert g.turn == 1


def test_stand_ends_a_seats_turns_and_the_hand_ends_when_all_are_done():
    g = twentyone_deal("1-0 2-0", "1-1 2-1", stock="0-0 3-0")
    play(g, "stand")
    assert g.turn == 1 and g.done[0] and g.stood[0]
    play(g, "hit", "hit")  # 5 + 0 + 3
    assert g.turn == 1 and g.totals[1] == 8
    play(g, "stand")
    assert g.turn == -1
    assert g.scores == [0, 1] and g.winner == 1


def test_going_over_21_ends_the_turns_and_loses():
    g = twentyone_deal("6-5 5-5", "1-0 0-0", stock="6-6 2-1")
    assert g.totals[0] == 21 and g.done[0]  # dealt 21: stands at once
    assert g.turn == 1
    g = twentyone_deal("6-4 5-5", "1-0 0-0", stock="2-1 2-0")
    assert g.totals[0] == 20
    play(g, "hit")  # 20 + 3: over
    assert g.totals[0] == 23 and g.done[0] and not g.stood[0]
    assert g.turn == 1
    play(g, "hit")  # 1 + 2 = 3
    assert g.turn == 1  # seat 0 has no more turns
    play(g, "stand")
    assert g.turn == -1 and g.scores == [0, 1] and g.winner == 1
    assert g.info()["totals"] == [23, 3]


def test_exactly_21_stands_automatically():
    g = twentyone_deal("6-4 3-3", "1-0 0-0", stock="5-0 6-6")
    assert g.totals[0] == 16
    play(g, "hit")  # 16 + 5 = 21
    assert g.totals[0] == 21 and g.done[0] and not g.stood[0]
    assert g.turn == 1
    play(g, "stand")
    assert g.turn == -1 and g.winner == 0 and g.scores == [1, 0]


def test_a_deal_of_21_or_more_gives_no_turn_and_may_end_the_hand_at_once():
    g = twentyone_deal("6-6 6-3", "6-5 6-4", first=0)  # 21 and 21
    assert g.turn == -1 and g.moves == 0
    assert g.scores == [1, 1] and g.winner == -1  # a shared win
    g = twentyone_deal("6-6 6-5", "1-0 0-0", first=0)  # 23: over at once
    assert g.turn == 1 and g.done[0]
    g = twentyone_deal("6-6 6-5", "5-5 6-4", first=1)  # 23 and 20
    assert g.turn == 1
    play(g, "stand")
    assert g.scores == [0, 1]


def test_the_highest_total_not_over_21_wins_and_equal_best_totals_share():
    g = twentyone_deal("6-3 2-0", "5-4 1-1", "3-3 4-0", stock="3-0 1-0")
    play(g, "stand", "stand", "hit", "stand")  # 11, 11, 10 + 3 = 13
    assert g.turn == -1 and g.winner == 2 and g.scores == [0, 0, 1]
    g = twentyone_deal("6-3 2-0", "5-4 1-1", "3-3 4-0")
    play(g, "stand", "stand", "stand")  # 11, 11, 10
    assert g.winner == -1 and g.scores == [1, 1, 0]
    assert g.utility(0) == g.utility(1) > g.utility(2)
    g = twentyone_deal("6-3 2-0", "5-4 1-1", "3-3 4-0", "3-2 4-1", stock="1-0 0-0")
    play(g, "stand", "stand", "stand", "hit")  # 10 + 1: three share the win
    assert g.turn == 3
    play(g, "stand")
    assert g.totals[3] == 11 and g.scores == [1, 1, 0, 1] and g.winner == -1


def test_if_everybody_goes_over_nobody_wins():
    g = twentyone_deal("6-4 5-5", "6-3 5-4", stock="6-6 6-5")
    play(g, "hit", "hit")  # 20 + 12, 18 + 11
    assert g.turn == -1 and g.totals[0] == 32 and g.totals[1] == 29
    assert g.winner == -1 and g.scores == [0, 0]


def test_the_stock_never_runs_out_but_a_hit_on_an_empty_stock_is_refused():
    # four seats drawing the lowest tiles first: the worst case
    order = list(range(COUNT))
    g = Twentyone(4, None, None, order, 0)
    while g.turn >= 0:
        g.play(g.turn, HIT)
    assert g.top < COUNT
    g = twentyone_deal("1-0 0-0", "1-1 2-0")
    g.top = COUNT  # as if emptied
    assert legal(g) == [STAND]
    refused(g, 0, HIT, "stock is empty")


# -- what is seen ------------------------------------------------------------------
def test_tiles_stay_hidden_until_the_end_and_counts_are_public():
    g = twentyone_deal("6-4 3-3", "1-0 0-0", "2-2 2-1", stock="5-0 6-6 1-1")
    play(g, "hit")  # seat 0: 21, done without standing
    v = g.view(1)
    assert v.hand == g.hands[1] and v.total == 1
    assert not hasattr(v, "hands") and v.totals is None
    assert list(v.sizes) == [3, 2, 2] and v.stock == 21
    assert list(v.done) == [1, 0, 0] and list(v.stood) == [0, 0, 0]
    assert v.piece_kind == "tile" and v.table_kind == "twentyone"
    assert [tiles.text(t) for t in v.hand_list()] == ["1-0", "0-0"]
    assert v.move_text(HIT) == "hit" and v.move_piece(HIT) == -1
    assert v.legal(BUF) == 2 and g.view(0).legal(BUF) == 0
    assert "totals" not in g.info()
    play(g, "stand", "stand")
    assert g.turn == -1
    assert g.info()["totals"] == [21, 1, 7]
    assert list(g.view(1).totals) == [21, 1, 7]


def check_twentyone_sample(view, world, game):
    assert world.hands[view.seat] == view.hand
    assert bytes(tiles.count(m) for m in world.hands) == view.sizes
    union = 0
    for m in world.hands:
        assert union & m == 0
        union |= m
    stock = world.stock[world.top :]
    assert len(stock) == view.stock == COUNT - game.top
    smask = 0
    for t in stock:
        smask |= 1 << t
    assert smask & union == 0 and smask | union == ALL
    for s in range(view.players):
        assert world.totals[s] == tiles.pips(world.hands[s])
    assert bytes(world.done) == view.done and bytes(world.stood) == view.stood
    assert (world.turn, world.moves, world.winner) == (game.turn, game.moves, -1)


def test_samples_are_consistent_with_the_view_and_mostly_with_who_went_over():
    rng = Rng(3)
    sampler = Rng(4)
    kept = broken = 0
    for players in (2, 3, 4):
        for _ in range(120):
            g = Twentyone(players, None, rng)
            world = None
            while g.turn >= 0:
                for seat in range(players):
                    view = g.view(seat)
                    world = view.sample(sampler, world)
                    check_twentyone_sample(view, world, g)
                    for s in range(players):
                        if s != seat and view.done[s] and not view.stood[s]:
                            if world.totals[s] >= 21:
                                kept += 1
                            else:
                                broken += 1
                        elif s != seat:
                            if world.totals[s] < 21:
                                kept += 1
                            else:
                                broken += 1
                g.play(g.turn, HIT if g.totals[g.turn] < 15 else STAND)
    assert broken * 50 < kept


# -- notation and refusals --------------------------------------------------------------
def test_notation_round_trips_on_every_legal_move():
    rng = Rng(6)
    seen = 0
    for players in (2, 3, 4):
        for _ in range(40):
            g = Twentyone(players, None, rng)
            while g.turn >= 0:
                for m in legal(g):
                    text = g.move_text(m)
                    assert text in ("hit", "stand")
                    assert g.parse_move(g.turn, text) == m
                    assert g.parse_move(g.turn, " %s " % text.upper()) == m
                    assert g.view(g.turn).move_text(m) == text
                    seen += 1
                g.play(g.turn, BUF[rng.below(g.legal(g.turn, BUF))])
    assert seen > 300


@pytest.mark.parametrize(
    "text,match", [("", "empty"), ("draw", "hit or stand"), ("hit me", "hit or stand"), ("6-3", "hit")]
)
def test_malformed_notation_is_refused(text, match):
    g = twentyone_deal("1-0 0-0", "1-1 2-0")
    with pytest.raises(ValueError, match=match):
        g.parse_move(0, text)


def test_illegal_and_malformed_moves_are_refused_without_change():
    g = twentyone_deal("1-0 0-0", "1-1 2-0")
    refused(g, 1, HIT, "turn")
    for bad in (-1, 2, 255, 10**12, None, "hit", 1.0, True, False, (0,)):
        refused(g, 0, bad, "no such move")
    play(g, "stand", "stand")
    refused(g, 0, HIT, "over")
    refused(g, 1, STAND, "over")
    assert g.legal(0, BUF) == g.legal(1, BUF) == 0


# -- properties over many random hands -----------------------------------------------------
def check_twentyone_hand(g):
    union = 0
    for s in range(g.players):
        m = g.hands[s]
        assert union & m == 0
        union |= m
        assert g.totals[s] == tiles.pips(m)
    stock = 0
    for t in g.stock[g.top :]:
        stock |= 1 << t
    assert stock & union == 0 and stock | union == ALL
    assert tiles.pips(stock) + tiles.pips(union) == 168
    for s in range(g.players):
        if g.totals[s] >= 21:
            assert g.done[s]
        if g.stood[s]:
            assert g.done[s] and g.totals[s] < 21
        if g.done[s] and not g.stood[s]:
            assert g.totals[s] >= 21


def test_conservation_and_outcomes_over_many_random_hands():
    rng = Rng(2025)
    outcomes = {"alone": 0, "shared": 0, "nobody": 0}
    for players in (2, 3, 4):
        for _ in range(600):
            g = Twentyone(players, None, rng)
            while g.turn >= 0:
                check_twentyone_hand(g)
                assert not g.done[g.turn]
                g.play(g.turn, BUF[rng.below(g.legal(g.turn, BUF))])
            check_twentyone_hand(g)
            assert all(g.done)
            ok = [t for t in g.totals if t <= 21]
            if not ok:
                assert g.scores == [0] * players and g.winner == -1
                outcomes["nobody"] += 1
                continue
            best = max(ok)
            assert g.scores == [1 if t == best else 0 for t in g.totals]
            if list(g.totals).count(best) == 1:
                assert g.winner == list(g.totals).index(best)
                outcomes["alone"] += 1
            else:
                assert g.winner == -1
                outcomes["shared"] += 1
    assert min(outcomes.values()) > 0, outcomes


# -- the match --------------------------------------------------------------------------
def play_twentyone_match(m, rng):
    while True:
        g = m.new_hand()
        while g.turn >= 0:
            g.play(g.turn, BUF[rng.below(g.legal(g.turn, BUF))])
        if m.end_hand():
            return


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_match_is_five_hands_and_the_starter_moves_one_seat_each_hand(players):
    rng = Rng(players)
    for seed in range(10):
        m = Match(Twentyone, players, None, seed=seed)
        start = m.first
        firsts = []
        wins = [0] * players
        while True:
            g = m.new_hand()
            firsts.append(g.first)
            while g.turn >= 0:
                g.play(g.turn, BUF[rng.below(g.legal(g.turn, BUF))])
            for s in range(players):
                wins[s] += g.scores[s]
            if m.end_hand():
                break
        assert m.hands_played == 5
        assert firsts == [(start + k) % players for k in range(5)]
        assert m.totals == wins  # each hand's winners score 1
        best = max(m.totals)
        assert m.ranks() == [1 + sum(1 for t in m.totals if t > x) for x in m.totals]
        assert (m.winner() >= 0) == (m.totals.count(best) == 1)


def test_the_number_of_hands_is_an_option():
    m = Match(Twentyone, 2, {"hands": 3}, seed=1)
    play_twentyone_match(m, Rng(1))
    assert m.hands_played == 3


def test_first_to_a_number_of_wins():
    for seed in range(10):
        m = Match(Twentyone, 3, {"wins": 3}, seed=seed)
        rng = Rng(seed)
        while True:
            before = max(m.totals)
            assert before < 3
            g = m.new_hand()
            while g.turn >= 0:
                g.play(g.turn, BUF[rng.below(g.legal(g.turn, BUF))])
            if m.end_hand():
                break
        assert max(m.totals) == 3


def test_the_first_starter_is_drawn_by_lot_unless_named():
    assert {Twentyone(3, None, Rng(s)).first for s in range(40)} == {0, 1, 2}
    g = Twentyone(3, None, Rng(1), None, 2)
    assert g.first == 2


# -- bots --------------------------------------------------------------------------------
def test_bust_chance_is_exact_over_the_unseen_tiles():
    g = twentyone_deal("6-4 5-3", "1-0 0-0")  # 18: a tile of 4 or more goes over
    v = g.view(0)
    over, unseen = policy.bust_chance(v)
    assert unseen == 26
    want = sum(1 for t in range(COUNT) if not v.hand >> t & 1 and PIPS[t] > 3)
    assert over == want == 26 - 6  # only 0-0 1-0 1-1 2-0 2-1 3-0 keep it at 21 or under


def test_greedy_draws_below_fifteen():
    moves = bytearray([HIT, STAND])
    assert policy.greedy(twentyone_deal("6-4 2-2", "1-0 0-0").view(0), moves, 2, Rng(1)) == HIT
    assert policy.greedy(twentyone_deal("6-4 3-2", "1-0 0-0").view(0), moves, 2, Rng(1)) == STAND


def test_smart_hits_low_and_stands_high():
    bot = bots.make("smart", Rng(3), Twentyone)
    assert bot.choose(twentyone_deal("1-0 0-0", "3-3 4-4").view(0)) == HIT
    assert bot.choose(twentyone_deal("6-4 5-5", "3-3 4-4").view(0)) == STAND  # 20


def test_smart_weighs_a_world_by_how_a_seat_that_stood_was_seen_to_decide():
    """A world where a seat stood below 15 fits only the coin model: kept 1
    time in 2**d + 1 for d decisions seen (a stand on the deal: 1 in 3; two
    hits and a stand: 1 in 9); a world where it stood from 15 up always."""
    g = twentyone_deal("1-0 0-0", "3-3 4-4", stock="1-1 2-0 5-5 6-6")
    play(g, "hit", "stand")  # seat 1 stood on its deal
    v = g.view(0)
    world = v.sample(Rng(1))
    rng = Rng(7)
    for total, share in ((9, 1 / 3), (14, 1 / 3), (15, 1.0), (21, 1.0)):
        world.totals[1] = total
        kept = sum(policy._plausible(world, v, rng) for _ in range(3000))
        assert abs(kept / 3000 - share) < 0.03, (total, kept)
    g = twentyone_deal("1-0 0-0", "5-0 4-0", stock="1-1 2-0 2-1 2-2 3-0 3-1")
    play(g, "hit", "hit", "hit", "hit", "hit", "stand")  # seat 1: two hits, then a stand
    v = g.view(0)
    assert v.sizes[1] == 4 and v.stood[1]
    world = v.sample(Rng(2))
    world.totals[1] = 12
    kept = sum(policy._plausible(world, v, rng) for _ in range(9000))
    assert abs(kept / 9000 - 1 / 9) < 0.015, kept
    world.totals[0] = 3  # the seat's own total is never judged
    world.totals[1] = 16
    assert all(policy._plausible(world, v, rng) for _ in range(100))


def test_bots_play_whole_matches(capsys):
    from pips_sim import cli

    out = io.StringIO()
    assert cli.main(["run", "twentyone", "--games", "6", "--bots", "smart,random"], stdout=out) == 0
    assert "smart" in out.getvalue()
    out = io.StringIO()
    assert (
        cli.main(["run", "twentyone", "--games", "3", "--players", "4", "--bots", "smart,greedy,random"], stdout=out)
        == 0
    )
