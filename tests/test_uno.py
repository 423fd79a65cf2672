"""UNO (docs/rules/uno.md): every rule and every "Decided here" point as a
stacked-deal scenario, plus the protocol (refusals change nothing, the view,
notation)."""

import pytest
from mpy_support import needs_micropython, run_micropython

from pips import cards
from pips.cards import POINTS
from pips.cards import parse as parse_card, parse_list
from pips.games import get
from pips.bots import uno as uno_policy
from pips.match import Match
from pips.rng import Rng
from pips.games.uno.game import (
    Uno, UnoView, DRAW, UNO, RESIGN, CATCH, COLOR_MOVE,
)
from game_helpers import legal_texts, play_at, refused_text, snapshot

W, W4 = 52, 53


def kind(text):
    return parse_card(text)[0]


def uno_order(players, hands, top, stock="", dealer=0):
    """A deck order (top first) for a stacked deal: `hands` maps seat -> cards
    (text; a hand given in full or in part, the rest filled with number cards
    nobody asked for), `top` the card turned up, `stock` the draw pile's top cards."""
    remaining = list(cards.deck())
    wanted = {s: parse_list(h) for s, h in hands.items()}
    for s in wanted:
        for k in wanted[s]:
            remaining.remove(k)
    top_kinds = parse_list(top)
    for k in top_kinds:
        remaining.remove(k)
    stock_kinds = parse_list(stock)
    for k in stock_kinds:
        remaining.remove(k)
    # filler: plain number cards first, so that fillers rarely matter
    remaining.sort(key=lambda k: (k >= 52 or k % 13 >= 10, k % 13 == 0, k))
    order = []
    seat = (dealer + 1) % players
    for _ in range(players):
        h = wanted.get(seat, [])
        assert len(h) <= 7
        order += h
        need = 7 - len(h)
        order += remaining[:need]
        del remaining[:need]
        seat = (seat + 1) % players
    return order + top_kinds + stock_kinds + remaining


def uno_stacked(players, hands, top, stock="", dealer=0, options=None):
    order = uno_order(players, hands, top, stock, dealer)
    return Uno(players, options, None, order, dealer)


def set_hand(g, seat, text):
    """Give `seat` exactly these cards: its old ones go under the top card of the
    discard pile, the new ones are taken from the draw pile or the discard pile."""
    stock = list(g.stock[: g.nstock])
    pile = list(g.pile[: g.npile - 1])
    for k in g.hand_kinds(seat):
        pile.insert(0, k)
    base = seat * 54
    for k in range(54):
        g.hands[base + k] = 0
    for c in range(4):
        g.ccount[seat * 4 + c] = 0
    for k in parse_list(text):
        if k in stock:
            stock.remove(k)
        else:
            pile.remove(k)
        g.hands[base + k] += 1
        if k < 52:
            g.ccount[seat * 4 + k // 13] += 1
    g.sizes[seat] = len(parse_list(text))
    g.stock[: len(stock)] = bytes(stock)
    g.nstock = len(stock)
    pile.append(g.top)
    g.pile[: len(pile)] = bytes(pile)
    g.npile = len(pile)
    check_conservation(g)


def hand_text(g, seat):
    return " ".join(cards.text(k) for k in g.hand_kinds(seat))


def check_conservation(g):
    counts = [0] * 54
    for i in range(g.players * 54):
        counts[i % 54] += g.hands[i]
    for k in g.stock[: g.nstock]:
        counts[k] += 1
    for k in g.pile[: g.npile]:
        counts[k] += 1
    assert counts == list(cards.COPIES)


# -- class and options ------------------------------------------------------


def test_registry_class_attributes_and_options():
    assert get("uno") is Uno
    assert (Uno.name, Uno.title, Uno.min_players, Uno.max_players) == ("uno", "UNO", 2, 10)
    assert Uno.stacked_size == 108 and Uno.out_of_turn and Uno.resign_in_hand
    assert Uno.table() == {"target": 500, "penalty": 4, "mode": "standard"}
    assert Uno.table({"target": "200", "penalty": 2, "mode": "single"})["target"] == 200
    with pytest.raises(ValueError):
        Uno.table({"target": 300})
    with pytest.raises(ValueError):
        Uno(11, None, Rng(1))
    with pytest.raises(ValueError):
        Uno(1, None, Rng(1))


# -- setup ----------------------------------------------------------------------


def test_stacked_deal_in_blocks_from_the_player_after_the_dealer():
    order = list(range(54)) + list(range(54))  # every kind twice: not the deck
    deck = list(cards.deck())
    g = Uno(4, None, None, deck, 2)
    # seat 3 (after dealer 2) got deck[0:7], seat 0 the next 7, seat 1, then seat 2
    for i, seat in enumerate((3, 0, 1, 2)):
        assert g.hand_kinds(seat) == sorted(deck[7 * i : 7 * i + 7])
    assert g.top == deck[28] and g.npile == 1
    assert g.nstock == 108 - 29
    # the draw pile is the rest, top first
    assert g.stock[g.nstock - 1] == deck[29] and g.stock[0] == deck[107]
    assert g.dealer == 2
    with pytest.raises(ValueError):
        Uno(2, None, None, order, 0)
    with pytest.raises(ValueError):
        Uno(2, None, None, deck[:-1], 0)


def test_stacked_draws_come_off_the_top_in_order():
    g = uno_stacked(2, {1: "R1 R2 R3 R4 R5 R6 R7", 0: "B1 B2 B3 B4 B5 B6 B7"}, "G9", "Y8 Y7 Y6")
    assert g.turn == 1
    play_at(g, 1, "draw")  # Y8 does not match G9: the turn ends
    assert "Y8" in hand_text(g, 1) and g.turn == 0
    play_at(g, 0, "draw")
    assert "Y7" in hand_text(g, 0)


def test_parse_deal_and_dealer_by_lot():
    text = " ".join(cards.text(k) for k in cards.deck())
    assert Uno.parse_deal(text) == list(cards.deck())
    dealers = set()
    for seed in range(30):
        g = Uno(4, None, Rng(seed))
        dealers.add(g.dealer)
        assert g.turn >= 0
        check_conservation(g)
    assert dealers == {0, 1, 2, 3}
    # the same seed deals the same hand
    a, b = Uno(3, None, Rng(9)), Uno(3, None, Rng(9))
    assert snapshot(a) == snapshot(b)


def test_dealer_moves_one_seat_on_each_hand():
    m = Match(Uno, 3, None, seed=4, first=1)
    dealers = []
    for _ in range(4):
        g = m.new_hand()
        dealers.append(g.dealer)
        buf = bytearray(Uno.max_moves)
        rng = Rng(2)
        while g.turn >= 0:
            n = g.legal(g.turn, buf)
            g.play(g.turn, buf[rng.below(n)])
        m.end_hand()
    assert dealers == [1, 2, 0, 1]


def test_first_card_w4_goes_to_the_bottom_and_the_next_is_turned():
    g = uno_stacked(2, {}, "W+4 W+4 R5")
    assert g.top == kind("R5") and g.color == 0 and g.turn == 1
    assert g.stock[0] == W4 and g.stock[1] == W4  # the bottom of the draw pile
    check_conservation(g)
    # the last two cards drawn from the pile are those W+4s
    while g.nstock > 2:
        g._take(0, 1)
    assert g._take(0, 1) == W4 and g._take(0, 1) == W4
    # a shuffled deal keeps them at the bottom too
    for seed in range(400):
        g = Uno(2, None, Rng(seed))
        assert g.top != W4
        if g.nbottom:
            assert all(g.stock[i] == W4 for i in range(g.nbottom))
            check_conservation(g)
            while g.nstock > g.nbottom:
                assert g._take(0, 1) >= 0
            assert g._take(0, 1) == W4
            break
    else:
        pytest.fail("no shuffled deal turned up W+4 first")


def test_first_card_plus2_first_player_draws_two_and_misses():
    g = uno_stacked(3, {}, "R+2", "B1 B2", dealer=0)
    assert g.sizes[1] == 9 and "B1" in hand_text(g, 1) and "B2" in hand_text(g, 1)
    assert g.turn == 2
    g = uno_stacked(2, {}, "R+2", dealer=0)
    assert g.sizes[1] == 9 and g.turn == 0  # with two, the dealer plays


def test_first_card_skip_and_reverse():
    g = uno_stacked(4, {}, "GS", dealer=1)
    assert g.turn == 3 and g.direction == 1
    g = uno_stacked(2, {}, "GS", dealer=1)
    assert g.turn == 1
    g = uno_stacked(4, {}, "GV", dealer=1)
    assert g.direction == -1 and g.turn == 0  # the dealer's other side
    g = uno_stacked(2, {}, "GV", dealer=1)
    assert g.turn == 1  # acts as a skip: the dealer plays first


def test_first_card_wild_first_player_names_the_colour_then_plays():
    g = uno_stacked(3, {1: "G1 B2 R3 Y4 W G5 B6"}, "W", dealer=0)
    assert g.turn == 1 and g.view(1).pending == "color" and g.info()["color"] is None
    assert legal_texts(g, 1) == ["color R", "color Y", "color G", "color B"]
    refused_text(g, 1, "G1", "answer first")
    refused_text(g, 1, "draw", "answer first")
    refused_text(g, 2, "color G")
    play_at(g, 1, "color G")
    assert g.turn == 1 and g.color == 2 and g.ask == 0
    assert legal_texts(g, 1) == ["G1", "G5", "W:R", "W:Y", "W:G", "W:B", "draw"]
    play_at(g, 1, "G5")
    assert g.turn == 2 and g.top == kind("G5")


# -- a turn -----------------------------------------------------------------------


def test_match_by_colour_number_or_symbol():
    g = uno_stacked(2, {1: "R7 B7 G2 YS R9 W W+4", 0: "B1 B2 B3 B4 B5 B6 B8"}, "R3", "G5")
    assert legal_texts(g, 1) == [
        "R7", "R9", "W:R", "W:Y", "W:G", "W:B", "W+4:R", "W+4:Y", "W+4:G", "W+4:B", "draw"
    ]
    refused_text(g, 1, "B7", "does not match")
    refused_text(g, 1, "G2", "does not match")
    refused_text(g, 1, "B1", "not in seat 1")
    refused_text(g, 0, "B3", "turn")
    refused_text(g, 1, "W", "names its colour")
    play_at(g, 1, "R7")
    # on R7: B7 matches by number
    assert legal_texts(g, 0) == ["draw"]
    play_at(g, 0, "draw")
    assert "B7" in legal_texts(g, 1) and "YS" not in legal_texts(g, 1)
    # a symbol on the same symbol of another colour
    g = uno_stacked(2, {1: "RS YS B1 B2 B3 B4 B5"}, "R4")
    play_at(g, 1, "RS")
    assert legal_texts(g, 1) == ["YS", "draw"]


def test_draw_by_choice_then_only_the_drawn_card_or_keep():
    g = uno_stacked(2, {1: "R1 R2 B3 B4 B5 B6 B8", 0: "G1 G2 G3 G4 G5 G6 G7"}, "R9", "R8")
    assert "R1" in legal_texts(g, 1)
    play_at(g, 1, "draw")  # allowed with R1 and R2 playable
    assert g.turn == 1 and g.view(1).pending == "drawn" and g.info()["pending"] == "drawn"
    assert legal_texts(g, 1) == ["R8", "keep"]
    refused_text(g, 1, "R1", "only the drawn card")
    refused_text(g, 1, "draw", "answer first")
    play_at(g, 1, "keep")
    assert g.turn == 0 and g.sizes[1] == 8 and g.top == kind("R9")
    refused_text(g, 0, "keep", "keep only after")


def test_drawn_card_played_at_once():
    g = uno_stacked(2, {1: "B1 B2 B3 B4 B5 B6 B8"}, "R9", "R8")
    play_at(g, 1, "draw")
    play_at(g, 1, "R8")
    assert g.top == kind("R8") and g.turn == 0 and g.sizes[1] == 7


def test_drawn_card_unplayable_ends_the_turn():
    g = uno_stacked(3, {1: "B1 B2 B3 B4 B5 B6 B8"}, "R9", "G4")
    play_at(g, 1, "draw")
    assert g.turn == 2 and g.ask == 0 and g.sizes[1] == 8


def test_drawn_wild_offers_its_colours_and_uno_when_going_to_one():
    g = uno_stacked(2, {1: "B1 B2 B3 B4 B5 B6 B8"}, "R9", "W")
    play_at(g, 1, "draw")
    assert legal_texts(g, 1) == ["W:R", "W:Y", "W:G", "W:B", "keep"]
    play_at(g, 1, "W:Y")
    assert g.color == 1 and g.top == W and g.turn == 0
    # one card in hand: the drawn wild makes two, and playing it goes to one
    g = uno_stacked(2, {1: "B1 B2 B3 B4 B5 B6 B8"}, "R9", "W")
    set_hand(g, 1, "B1")
    play_at(g, 1, "draw")
    assert g.sizes[1] == 2 and g.info()["pending"] == "drawn"
    assert legal_texts(g, 1) == [
        "W:R", "W:Y", "W:G", "W:B", "W:R uno", "W:Y uno", "W:G uno", "W:B uno", "keep"
    ], "the drawn wild leaves one card: each colour is offered with the UNO call"
    play_at(g, 1, "W:Y uno")
    assert g.sizes[1] == 1 and g.color == 1 and g.turn == 0
    assert g.catchable == -1 and g.info()["uno"] == [1], "called: safe on one card"


def test_reshuffle_the_discard_pile_under_the_top_card():
    g = uno_stacked(2, {1: "R1 R2 R3 R4 R5 R6 R7", 0: "B1 B2 B3 B4 B5 B6 B8"}, "R9")
    g._take(0, g.nstock)  # seat 0 takes the whole draw pile
    assert g.nstock == 0
    play_at(g, 1, "R1")
    play_at(g, 0, legal_texts(g, 0)[0])
    play_at(g, g.turn, legal_texts(g, g.turn)[0])
    played = g.npile
    assert played >= 3 and g.nstock == 0
    top = g.top
    seat = g.turn
    size = g.sizes[seat]
    play_at(g, seat, "draw")
    # every played card but the top one became the draw pile, one of them drawn
    assert g.npile == 1 and g.pile[0] == top
    assert g.nstock == played - 2 and g.sizes[seat] == size + 1
    assert not g.fixed  # reshuffled: drawn at random with the game's generator
    check_conservation(g)


def test_both_piles_empty_draws_what_there_is_and_passes():
    g = uno_stacked(2, {1: "B1 B2 B3 B4 B5 B6 B8", 0: "B9 G2 G3 G4 G5 G6 G7"}, "R9")
    g._take(0, g.nstock)
    assert g.nstock == 0 and g.npile == 1
    assert legal_texts(g, 1) == ["draw"]
    play_at(g, 1, "draw")  # nothing to draw: passes
    assert g.turn == 0 and g.sizes[1] == 7 and g.moves == 1
    # a penalty draws what there is: +2 with nothing below the top card
    g = uno_stacked(2, {1: "R+2 B2 B3 B4 B5 B6 B8"}, "R9")
    g._take(0, g.nstock)
    size = g.sizes[0]
    play_at(g, 1, "R+2")
    assert g.sizes[0] == size + 1  # R9 was the only card under the top
    assert g.nstock == 0 and g.npile == 1
    check_conservation(g)


# -- action cards -------------------------------------------------------------------


def test_skip_and_two_player_play_again():
    g = uno_stacked(3, {1: "RS B2 B3 B4 B5 B6 B8"}, "R9")
    play_at(g, 1, "RS")
    assert g.turn == 0
    g = uno_stacked(2, {1: "RS B2 B3 B4 B5 B6 B8"}, "R9")
    play_at(g, 1, "RS")
    assert g.turn == 1


def test_reverse_and_two_player_reverse_is_a_skip():
    g = uno_stacked(4, {1: "RV B2 B3 B4 B5 B6 B8"}, "R9")
    play_at(g, 1, "RV")
    assert g.direction == -1 and g.turn == 0
    g = uno_stacked(2, {1: "RV B2 B3 B4 B5 B6 B8"}, "R9")
    play_at(g, 1, "RV")
    assert g.turn == 1


def test_plus2_next_draws_two_and_misses_no_stacking():
    g = uno_stacked(3, {1: "R+2 B2 B3 B4 B5 B6 B8", 2: "Y+2 G1 G2 G3 G4 G5 G6"}, "R9", "B7 B9")
    play_at(g, 1, "R+2")
    assert g.sizes[2] == 9 and "B7" in hand_text(g, 2) and g.turn == 0
    # seat 2 never got to answer with its own +2
    assert "Y+2" in hand_text(g, 2)
    g = uno_stacked(2, {1: "R+2 B2 B3 B4 B5 B6 B8"}, "R9")
    play_at(g, 1, "R+2")
    assert g.sizes[0] == 9 and g.turn == 1


def test_wild_sets_any_colour():
    g = uno_stacked(3, {1: "W B2 B3 B4 B5 B6 B8"}, "R9")
    play_at(g, 1, "W:G")
    assert g.color == 2 and g.turn == 2 and g.info()["color"] == "G"


def test_wild4_is_always_listed_and_accept_draws_four_and_misses():
    g = uno_stacked(3, {1: "W+4 R2 B3 B4 B5 B6 B8"}, "R9", "G1 G2 G3 G4")
    texts = legal_texts(g, 1)
    assert ["W+4:R", "W+4:Y", "W+4:G", "W+4:B"] == [t for t in texts if t.startswith("W+4")]
    play_at(g, 1, "W+4:B")  # a bluff: R2 was playable by colour
    assert g.turn == 2 and g.info()["pending"] == "+4" and g.color == 3
    assert legal_texts(g, 2) == ["accept", "challenge"]
    refused_text(g, 2, "draw", "answer first")
    refused_text(g, 2, "B1", "answer first")
    play_at(g, 2, "accept")
    assert g.sizes[2] == 11 and g.turn == 0 and g.color == 3
    # with two players the +4 player plays again after an accepted +4
    g = uno_stacked(2, {1: "W+4 B2 B3 B4 B5 B6 B8"}, "R9")
    play_at(g, 1, "W+4:G")
    play_at(g, 0, "accept")
    assert g.turn == 1 and g.sizes[0] == 11


def test_challenge_of_an_illegal_w4_bluffer_draws_four_colour_stays():
    g = uno_stacked(3, {1: "W+4 R2 B3 B4 B5 B6 B8"}, "R9", "G1 G2 G3 G4")
    play_at(g, 1, "W+4:B")
    shown = g.hand_kinds(1)
    play_at(g, 2, "challenge")
    assert g.sizes[1] == 10 and g.sizes[2] == 7
    assert g.turn == 2 and g.color == 3 and g.ask == 0
    # the hand is shown to the challenger alone
    assert g.view(2).reveal == shown
    assert g.view(0).reveal is None and g.view(1).reveal is None
    # the challenger takes a normal turn on blue
    assert "draw" in legal_texts(g, 2)
    play_at(g, 2, "draw")
    assert g.view(2).reveal is None


def test_challenge_of_a_legal_w4_challenger_draws_six_and_misses():
    g = uno_stacked(3, {1: "W+4 G2 B3 B4 B5 B6 B8"}, "R9", "Y1 Y2 Y3 Y4 Y5 Y6")
    play_at(g, 1, "W+4:B")
    play_at(g, 2, "challenge")
    assert g.sizes[2] == 13 and g.sizes[1] == 6 and g.turn == 0 and g.color == 3
    assert g.view(2).reveal == parse_list("G2 B3 B4 B5 B6 B8")
    assert g.view(0).reveal is None
    # a number of the same rank or a wild held does not make it illegal
    g = uno_stacked(3, {1: "W+4 B9 W B4 B5 B6 B8"}, "R9")
    play_at(g, 1, "W+4:G")
    play_at(g, 2, "challenge")
    assert g.sizes[2] == 13


def test_two_players_after_a_legal_challenge_the_w4_player_plays_again():
    g = uno_stacked(2, {1: "W+4 G2 B3 B4 B5 B6 B8"}, "R9")
    play_at(g, 1, "W+4:B")
    play_at(g, 0, "challenge")
    assert g.turn == 1 and g.sizes[0] == 13


# -- calling UNO --------------------------------------------------------------------


def two_cards(players=3):
    """Seat 1 holds R5 R6, about to play R5 on R9."""
    g = uno_stacked(players, {1: "R5 R6 B3 B4 B5 B6 B8", 2: "G1 G2 G3 G4 G5 G6 G7"}, "R9")
    set_hand(g, 1, "R5 R6")
    return g


def test_uno_called_with_the_second_to_last_card():
    g = two_cards()
    texts = legal_texts(g, 1)
    assert "R5" in texts and "R5 uno" in texts and "R6 uno" in texts
    play_at(g, 1, "R5 uno")
    assert g.sizes[1] == 1 and g.catchable == -1 and g.info()["uno"] == [1]
    assert legal_texts(g, 0) == [] and "catch 1" not in legal_texts(g, 2)
    refused_text(g, 0, "catch 1", "cannot be caught")
    # uno is no move with more than two cards
    g = uno_stacked(3, {1: "R5 R6 B3 B4 B5 B6 B8"}, "R9")
    assert "R5 uno" not in legal_texts(g, 1)
    refused_text(g, 1, "R5 uno", "second-to-last")


def test_missed_uno_caught_by_another_seat_penalty_four():
    g = two_cards()
    play_at(g, 1, "R5")
    assert g.catchable == 1 and g.info()["catchable"] == 1 and g.info()["uno"] == []
    assert legal_texts(g, 0) == ["catch 1"]
    assert legal_texts(g, 1) == ["uno"]
    assert legal_texts(g, 2)[-1] == "catch 1"
    refused_text(g, 0, "catch 2", "cannot be caught")
    refused_text(g, 1, "catch 1", "itself")
    play_at(g, 0, "catch 1")  # out of turn
    assert g.sizes[1] == 5 and g.catchable == -1 and g.turn == 2
    refused_text(g, 2, "catch 1", "cannot be caught")


def test_missed_uno_penalty_two_by_option():
    g = uno_stacked(3, {1: "R5 R6"}, "R9", options={"penalty": 2})
    set_hand(g, 1, "R5 R6")
    play_at(g, 1, "R5")
    play_at(g, 2, "catch 1")
    assert g.sizes[1] == 3 and g.turn == 2


def test_late_uno_call_makes_the_player_safe():
    g = two_cards()
    play_at(g, 1, "R5")
    play_at(g, 1, "uno")  # out of turn: seat 2 is to play
    assert g.catchable == -1 and g.info()["uno"] == [1] and g.turn == 2
    refused_text(g, 0, "catch 1", "cannot be caught")
    refused_text(g, 1, "uno", "no missed UNO")


def test_catch_window_closes_when_the_next_player_acts():
    g = two_cards()
    play_at(g, 1, "R5")
    play_at(g, 2, "draw")  # the next player's move closes it
    assert g.catchable == -1 and g.info()["catchable"] is None
    assert "catch 1" not in legal_texts(g, 0) and legal_texts(g, 1) == []
    refused_text(g, 0, "catch 1", "cannot be caught")
    refused_text(g, 1, "uno", "no missed UNO")
    assert g.sizes[1] == 1


def test_next_players_own_catch_closes_the_window_for_everyone():
    g = two_cards(4)
    play_at(g, 1, "R5")
    play_at(g, 2, "catch 1")
    assert g.sizes[1] == 5 and g.turn == 2
    refused_text(g, 3, "catch 1", "cannot be caught")


def test_two_players_catch_while_the_missed_player_plays_again():
    g = uno_stacked(2, {1: "RS R6 B3 B4 B5 B6 B8"}, "R9")
    set_hand(g, 1, "RS R6")
    play_at(g, 1, "RS")
    assert g.turn == 1 and g.catchable == 1
    assert legal_texts(g, 0) == ["catch 1"] and legal_texts(g, 1)[-1] == "uno"
    play_at(g, 0, "catch 1")
    assert g.sizes[1] == 5 and g.turn == 1


# -- end of the hand and scoring --------------------------------------------------


def finish_with(last, victim_hand, players=2):
    g = uno_stacked(players, {1: last + " B3 B4 B5 B6 B8 B9", 0: victim_hand}, "R9", "Y9 Y8 Y7 Y6")
    set_hand(g, 1, last)
    return g


def test_scoring_points_of_cards_left():
    g = finish_with("R5", "G7 BS YV R+2 W W+4 B0")
    play_at(g, 1, "R5")
    assert g.turn == -1 and g.winner == 1
    assert g.scores == [0, 7 + 20 + 20 + 20 + 50 + 50 + 0]
    assert g.legal(0, bytearray(48)) == 0 and g.legal(1, bytearray(48)) == 0
    refused_text(g, 0, "draw", "over")
    refused_text(g, -1, DRAW, "over")
    assert POINTS[kind("G7")] == 7 and POINTS[kind("BS")] == 20 and POINTS[W4] == 50
    assert g.utility(1) == 167 and g.utility(0) == -167


def test_last_card_plus2_and_w4_still_make_the_next_draw_and_count():
    g = finish_with("R+2", "G1 G2 G3 G4 G5 G6 G7")
    play_at(g, 1, "R+2")
    assert g.turn == -1 and g.sizes[0] == 9
    assert g.scores[1] == 28 + 9 + 8  # Y9 and Y8 drawn
    g = finish_with("W+4", "G1 G2 G3 G4 G5 G6 G7")
    play_at(g, 1, "W+4:G")
    assert g.turn == -1 and g.sizes[0] == 11
    assert g.scores[1] == 28 + 9 + 8 + 7 + 6


def test_match_to_500_or_200_and_single_hand_ranks():
    assert not Uno.match_over([499, 0], Uno.table(), 3)
    assert Uno.match_over([0, 500], Uno.table(), 3)
    assert Uno.match_over([200, 0], Uno.table({"target": 200}), 3)
    assert Uno.match_over([0, 0], Uno.table({"mode": "single"}), 1)
    m = Match(Uno, 3, {"mode": "single"}, seed=1)
    g = m.new_hand()
    buf = bytearray(48)
    rng = Rng(5)
    while g.turn >= 0:
        n = g.legal(g.turn, buf)
        g.play(g.turn, buf[rng.below(n)])
    assert m.end_hand()
    r = m.ranks()
    pts = [g.hand_points(s) for s in range(3)]
    assert r[g.winner] == 1
    others = [s for s in range(3) if s != g.winner]
    a, b = others
    if pts[a] == pts[b]:
        assert r[a] == r[b] == 2
    else:
        lo, hi = (a, b) if pts[a] < pts[b] else (b, a)
        assert (r[lo], r[hi]) == (2, 3)


# -- resigning ----------------------------------------------------------------------


def test_resign_out_of_turn_cards_into_the_draw_pile_seat_skipped():
    g = uno_stacked(3, {1: "R1 B2 B3 B4 B5 B6 B8"}, "R9")
    stock = g.nstock
    assert "resign" not in legal_texts(g, 2)
    play_at(g, 2, "resign")  # out of turn
    assert g.nstock == stock + 7 and g.sizes[2] == 0 and g.turn == 1
    assert g.info()["resigned"] == [2]
    check_conservation(g)
    play_at(g, 1, "R1")
    assert g.turn == 0  # seat 2 skipped
    refused_text(g, 2, "resign", "not in the hand")
    refused_text(g, 2, "draw", "not in the hand")
    # one player left: the hand ends, that player wins
    play_at(g, 1, "resign")
    assert g.turn == -1 and g.winner == 0 and g.scores == [0, 0, 0]


def test_resign_in_turn_passes_the_turn_and_two_left_reverse_is_a_skip():
    g = uno_stacked(4, {1: "RV B2 B3 B4 B5 B6 B8"}, "R9")
    play_at(g, 2, "resign")
    play_at(g, 0, "resign")
    assert g.left == 2
    play_at(g, 1, "RV")
    assert g.turn == 1  # two left: acts as a skip
    play_at(g, 1, "resign")
    assert g.turn == -1 and g.winner == 3


def test_resigned_seats_rank_last_in_a_match():
    m = Match(Uno, 3, None, seed=2)
    g = m.new_hand()
    g.play(0, RESIGN)
    m.resign(0)
    m.totals[:] = [100, 50, 10]
    assert m.ranks() == [3, 1, 2]
    m2 = Match(Uno, 3, {"mode": "single"}, seed=2)
    g = m2.new_hand()
    g.play(2, RESIGN)
    m2.resign(2)
    buf = bytearray(48)
    rng = Rng(1)
    while g.turn >= 0:
        n = g.legal(g.turn, buf)
        g.play(g.turn, buf[rng.below(n)])
    m2.end_hand()
    assert m2.ranks()[2] == 3 and m2.ranks()[g.winner] == 1


def test_a_new_hand_of_a_match_keeps_resigned_seats_out():
    m = Match(Uno, 4, None, seed=3)
    g = m.new_hand()
    g.play(2, RESIGN)
    m.resign(2)
    buf = bytearray(48)
    rng = Rng(4)
    while g.turn >= 0:
        n = g.legal(g.turn, buf)
        g.play(g.turn, buf[rng.below(n)])
    assert not m.end_hand()
    g = m.new_hand()  # Match replays the resignation: seat 2's cards go to the draw pile
    assert g.sizes[2] == 0 and g.left == 3 and g.nstock == 108 - 22
    check_conservation(g)
    while g.turn >= 0:
        assert g.turn != 2 and g.legal(2, buf) == 0
        n = g.legal(g.turn, buf)
        g.play(g.turn, buf[rng.below(n)])
    assert g.winner != 2


# -- protocol ---------------------------------------------------------------------------


def test_malformed_moves_refused_without_change():
    g = uno_stacked(3, {1: "R1 B2 B3 B4 B5 B6 B8"}, "R9")
    for move in (60, 63, 100, 126, 135, 136, 139, 142, 143, 144 + 3, 255):
        refused_text(g, 1, move)
    for text in ("", "R", "X7", "R7 UNOO", "R1 uno now", "color", "color Q", "catch", "catch x",
                 "catch 9", "draw now", "W+4", "R1:G"):
        with pytest.raises(ValueError):
            g.parse_move(1, text)
    refused_text(g, 0, kind("B1"), "turn")
    refused_text(g, 7, RESIGN, "not in the hand")


def test_notation_round_trip_every_legal_move_in_random_positions():
    rng = Rng(11)
    buf = bytearray(48)
    seen = set()
    for players in (2, 3, 5, 10):
        g = Uno(players, None, Rng(players))
        steps = 0
        while g.turn >= 0 and steps < 400:
            for seat in range(players):
                n = g.legal(seat, buf)
                for i in range(n):
                    m = buf[i]
                    text = g.move_text(m)
                    seen.add(text.split()[0] if text[0].islower() else "card")
                    assert g.parse_move(seat, text) == m
                    assert g.parse_move(seat, text.upper()) == m
                    assert g.parse_move(seat, "  " + text.lower() + " ") == m
            s = g.turn
            n = g.legal(s, buf)
            g.play(s, buf[rng.below(n)])
            steps += 1
    assert {"card", "draw", "keep", "accept", "challenge"} <= seen
    assert g.parse_move(0, "resign") == RESIGN and g.parse_move(0, "UNO") == UNO
    assert g.move_text(RESIGN) == "resign" and g.move_text(CATCH + 2) == "catch 2"
    assert g.move_text(COLOR_MOVE + 2) == "color G" and g.parse_move(0, "COLOR g") == COLOR_MOVE + 2
    assert g.move_text(kind("R7") | 64) == "R7 uno" and g.move_text(56) == "W+4:R"
    assert g.move_text(55) == "W:B"


def test_view_presentation_fields_and_legal_match_the_game():
    g = uno_stacked(3, {1: "W+4 R2 B3 B4 B5 B6 B8"}, "R9")
    v = g.view(1)
    assert isinstance(v, UnoView) and v.piece_kind == "card" and v.table_kind == "pile"
    assert v.hand_list() == parse_list("R2 B3 B4 B5 B6 B8 W+4")
    assert list(v.sizes) == [7, 7, 7] and v.top == kind("R9") and v.color == 0
    assert (v.direction, v.stock, v.discard, v.pending, v.reveal) == (1, 86, 1, None, None)
    assert v.seat == 1 and v.players == 3 and v.turn == 1 and v.game_class is Uno
    assert v.move_piece(kind("R2")) == kind("R2") and v.move_piece(57) == W4
    assert v.move_piece(kind("R2") | 64) == kind("R2") and v.move_piece(DRAW) == -1
    assert v.move_text(57) == "W+4:Y"
    assert v.scores == [0, 0, 0]
    # other seats' cards are not in the view
    assert sum(v.hands) == 7 and sum(g.view(0).hands) == 7 and len(v.hands) == 54
    rng = Rng(3)
    buf = bytearray(48)
    vbuf = bytearray(48)
    for players in (2, 4, 7):
        g = Uno(players, None, Rng(20 + players))
        for _ in range(300):
            if g.turn < 0:
                break
            for s in range(players):
                n = g.legal(s, buf)
                assert g.view(s).legal(vbuf) == n and vbuf[:n] == buf[:n]
            n = g.legal(g.turn, buf)
            g.play(g.turn, buf[rng.below(n)])


def test_info_for_the_referee():
    g = uno_stacked(3, {1: "R1 B2 B3 B4 B5 B6 B8"}, "R9", dealer=0)
    info = g.info()
    assert info["hands"][1] == ["R1", "B2", "B3", "B4", "B5", "B6", "B8"]
    assert (info["stock"], info["top"], info["color"], info["direction"]) == (86, "R9", "R", 1)
    assert (info["dealer"], info["uno"], info["catchable"], info["pending"]) == (0, [], None, None)
    assert info["discard"] == 1


def test_greedy_follows_the_tips():
    from pips.bots import GreedyBot

    bot = GreedyBot(Rng(1))
    # keep wilds: a coloured card is played rather than W
    g = uno_stacked(3, {1: "W R2 B3 B4 B5 B6 B8"}, "R9")
    assert g.move_text(bot.choose(g.view(1))) == "R2"
    # nothing else: the wild, naming the colour most held
    g = uno_stacked(3, {1: "W G2 B3 B4 B5 B6 B8"}, "R9")
    assert g.move_text(bot.choose(g.view(1))) == "W:B"
    # always call UNO
    g = two_cards()
    assert g.move_text(bot.choose(g.view(1))).endswith(" uno")
    # catch a missed call
    play_at(g, 1, "R5")
    assert g.move_text(bot.choose(g.view(2))) == "catch 1"
    # challenge a +4 when its player played the replaced colour recently
    g = uno_stacked(2, {1: "RS W+4 R2 B4 B5 B6 B8"}, "R9")
    play_at(g, 1, "RS")
    play_at(g, 1, "W+4:B")
    assert g.move_text(bot.choose(g.view(0))) == "challenge"
    # ... and accept one from a player not seen on that colour
    g = uno_stacked(2, {1: "W+4 G2 B4 B5 B6 B8 B9"}, "R9")
    play_at(g, 1, "W+4:B")
    assert g.move_text(bot.choose(g.view(0))) == "accept"
    # an opponent low on cards: the +2 on them, not a plain number
    g = uno_stacked(2, {1: "R+2 R3 B4 B5 B6 B8 B1"}, "R9")
    set_hand(g, 0, "G1 G2")
    assert g.move_text(bot.choose(g.view(1))) == "R+2"
    # otherwise keep the +2 and shed the number
    g = uno_stacked(2, {1: "R+2 R3 B4 B5 B6 B8 B1"}, "R9")
    assert g.move_text(bot.choose(g.view(1))) == "R3"


def test_distinct_moves_for_the_smart_bot():
    buf = bytearray(48)

    def distinct(g, seat):
        v = g.view(seat)
        n = v.legal(buf)
        k = uno_policy.distinct_moves(v, buf, n)
        return [g.move_text(buf[i]) for i in range(k)]

    # a coloured card to play: no draw, no wild
    g = uno_stacked(3, {1: "W W+4 R2 B3 B4 B5 B6"}, "R9")
    assert distinct(g, 1) == ["R2"]
    # only wilds: each names a colour held
    g = uno_stacked(3, {1: "W W+4 G2 B3 B4 B5 B6"}, "R9")
    assert distinct(g, 1) == ["W:G", "W:B", "W+4:G", "W+4:B", "draw"]
    # two cards: only the moves calling UNO
    g = two_cards()
    assert distinct(g, 1) == ["R5 uno", "R6 uno"]
    # a catch is taken at once
    play_at(g, 1, "R5")
    assert distinct(g, 2) == ["catch 1"]
    # answers and a drawn card are all weighed
    g = uno_stacked(3, {1: "W+4 R2 B3 B4 B5 B6 B8"}, "R9")
    play_at(g, 1, "W+4:B")
    assert distinct(g, 2) == ["accept", "challenge"]


def test_reaction_chances_by_bot_level():
    from pips.bots import BOTS

    assert set(uno_policy.REACTION) == set(BOTS)
    r = uno_policy.REACTION
    assert r["random"] < r["easy"] < r["greedy"] < r["smart"] <= 100


def test_resign_while_answering_a_w4_or_naming_a_first_colour():
    # the seat hit by a +4 resigns: the +4 lapses, the next seat plays normally
    g = uno_stacked(4, {1: "W+4 R2 B3 B4 B5 B6 B8"}, "R9")
    play_at(g, 1, "W+4:B")
    play_at(g, 2, "resign")
    assert g.turn == 3 and g.ask == 0 and g.color == 3 and "draw" in legal_texts(g, 3)
    # the +4 player resigns before a challenge that finds it illegal: nobody draws
    g = uno_stacked(3, {1: "W+4 R2 B3 B4 B5 B6 B8"}, "R9")
    play_at(g, 1, "W+4:B")
    play_at(g, 1, "resign")
    size = g.sizes[2]
    play_at(g, 2, "challenge")
    assert g.sizes[2] == size and g.turn == 2 and g.view(2).reveal == []
    # the first player resigns before naming a first W's colour: the next names it
    g = uno_stacked(3, {}, "W", dealer=0)
    play_at(g, 1, "resign")
    assert g.turn == 2 and legal_texts(g, 2) == ["color R", "color Y", "color G", "color B"]


def test_two_players_the_missed_players_own_move_closes_the_window():
    g = uno_stacked(2, {1: "RS R6 B3 B4 B5 B6 B8"}, "R9", "G1")
    set_hand(g, 1, "RS B3")
    play_at(g, 1, "RS")  # one card left, no call; seat 1 plays again
    assert g.catchable == 1 and g.turn == 1
    play_at(g, 1, "draw")  # G1 cannot be played on red: the turn ends
    assert g.catchable == -1 and g.turn == 0 and g.sizes[1] == 2
    refused_text(g, 0, "catch 1", "cannot be caught")


def test_every_refusal_reason_has_its_own_words():
    """Uno.play names a reason by a constant; _refuse words each one."""
    from pips.games.uno import game as uno

    words_of = {
        "_NO_SUCH_MOVE": "no such move", "_ANSWER_FIRST": "must answer first",
        "_NOT_IN_HAND": "is not in seat", "_NOT_DRAWN": "after drawing only",
        "_NO_MATCH": "does not match", "_LATE_CALL": "UNO is called",
        "_NO_KEEP": "keep only after", "_NO_PLUS4": "answers a +4 only",
        "_NO_NAMING": "a colour is named", "_HAND_OVER": "the hand is over",
        "_NOT_IN": "is not in the hand", "_NO_MISSED": "no missed UNO",
        "_NO_CATCH": "cannot be caught", "_SELF_CATCH": "cannot catch itself",
        "_NOT_TURN": "it is seat",
    }
    reasons = [getattr(uno, name) for name in words_of]
    assert len(set(reasons)) == len(reasons)
    g = Uno(4, rng=Rng(3))
    g.drawn = 5  # what _NOT_DRAWN names
    for name, words in words_of.items():
        reason = getattr(uno, name)
        error = uno._refuse(g, reason, 1, CATCH + 2 if name == "_NO_CATCH" else 7)
        assert isinstance(error, ValueError) and words in str(error), (name, error)
