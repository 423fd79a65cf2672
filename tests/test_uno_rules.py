"""UNO rules the older scenarios left open (docs/rules/uno.md and the README's
"Decided here (implementation)"), each as a stacked deal that a one-line slip in
pips.uno would break, and a sweep: at positions sampled from random hands, for
every seat and every move 0..255, the game's legal() against a predicate written
here from the rules, play() refusing each illegal move without any change and
accepting each legal one.

The game comes through the registry (its module may move); its move numbers
through the module that defines the class."""

import copy

import pytest

from pips.games import get
from pips.rng import Rng

from game_helpers import legal_texts, play_at, refused_text, snapshot
from test_uno import kind, set_hand, uno_stacked

Uno = get("uno")
from pips.games.uno import game as U  # noqa: E402


def two_cards_to_play(players=3):
    """Seat 1 holds R5 R6 on R9 and is to play; seat 2 holds G1..G7, seat 0 B1..B7."""
    g = uno_stacked(players, {1: "R5 R6 B8 B9 Y1 Y2 Y3", 2: "G1 G2 G3 G4 G5 G6 G7",
                          0: "B1 B2 B3 B4 B5 B6 B7"}, "R9")
    set_hand(g, 1, "R5 R6")
    return g


# -- a: the catch window closes when the next player plays a card ------------------------


def test_catch_window_closes_when_the_next_player_plays_a_card():
    g = two_cards_to_play()
    play_at(g, 1, "R5")  # one card left, UNO not called
    assert g.catchable == 1 and g.turn == 2, "the missed call is open to a catch"
    play_at(g, 2, "G5")  # the next player's turn begins with a card (G5 on R5, by number)
    assert g.catchable == -1, "a card from the next player closes the window"
    assert g.info()["catchable"] is None
    assert "catch 1" not in legal_texts(g, 0), "no catch is offered once the window closed"
    assert legal_texts(g, 1) == [], "nor a late call"
    refused_text(g, 0, "catch 1", "cannot be caught")
    refused_text(g, 1, "uno", "no missed UNO")
    assert g.sizes[1] == 1, "the missed player keeps one card"


def test_catch_window_closes_when_the_next_player_plays_a_wild():
    g = two_cards_to_play(4)
    set_hand(g, 2, "W G1 G2")
    play_at(g, 1, "R5")
    play_at(g, 2, "W:G")
    assert g.catchable == -1, "a wild from the next player closes the window too"
    refused_text(g, 3, "catch 1", "cannot be caught")
    refused_text(g, 0, "catch 1", "cannot be caught")


def test_catch_window_closes_when_the_player_after_a_skip_plays():
    # seat 1 skips seat 2 with its second-to-last card: seat 0 is the next to act
    g = uno_stacked(3, {1: "RS R6 B3", 2: "G1 G2 G3 G4 G5 G6 G7", 0: "R1 B1 B2 B4 B5 B6 B7"}, "R9")
    set_hand(g, 1, "RS R6")
    play_at(g, 1, "RS")
    assert g.turn == 0 and g.catchable == 1
    play_at(g, 0, "R1")
    assert g.catchable == -1, "the turn after the skip has begun: the window is closed"
    refused_text(g, 2, "catch 1", "cannot be caught")


# -- b: a drawn card matching by number or symbol is playable at once -------------------


def test_drawn_card_matching_by_number_only_can_be_played_at_once():
    g = uno_stacked(3, {1: "B1 B2 B3 B4 B5 B6 B8"}, "R9", "G9")
    play_at(g, 1, "draw")
    assert g.turn == 1 and g.info()["pending"] == "drawn", "G9 on R9 matches by number"
    assert legal_texts(g, 1) == ["G9", "keep"]
    play_at(g, 1, "G9")
    assert g.top == kind("G9") and g.color == 2 and g.turn == 2 and g.sizes[1] == 7


def test_drawn_card_matching_by_symbol_only_can_be_played_at_once():
    # first card YS: seat 1 is skipped, seat 2 plays on it and draws GS
    g = uno_stacked(3, {2: "B1 B2 B3 B4 B5 B6 B8"}, "YS", "GS", dealer=0)
    assert g.turn == 2
    play_at(g, 2, "draw")
    assert g.turn == 2 and g.info()["pending"] == "drawn", "GS on YS matches by symbol"
    assert legal_texts(g, 2) == ["GS", "keep"]
    play_at(g, 2, "GS")
    assert g.top == kind("GS") and g.turn == 1, "GS skips seat 0"
    # first card Y+2: seat 1 draws R1 R2 and misses; seat 2 draws G+2
    g = uno_stacked(3, {2: "B1 B2 B3 B4 B5 B6 B8"}, "Y+2", "R1 R2 G+2", dealer=0)
    assert g.turn == 2 and g.sizes[1] == 9
    play_at(g, 2, "draw")
    assert legal_texts(g, 2) == ["G+2", "keep"], "G+2 on Y+2 matches by symbol"
    play_at(g, 2, "G+2")
    assert g.sizes[0] == 9 and g.turn == 1


# -- c: only the player who missed may call UNO late --------------------------------------


def test_late_uno_call_is_the_missed_players_alone():
    g = two_cards_to_play()
    play_at(g, 1, "R5")
    for seat in (0, 2):
        assert "uno" not in legal_texts(g, seat), "seat %d is offered seat 1's call" % seat
        refused_text(g, seat, "uno", "no missed UNO")
    assert g.catchable == 1 and g.info()["uno"] == [], "seat 1 is still unsafe"
    play_at(g, 0, "catch 1")
    assert g.sizes[1] == 5, "and is caught"


# -- d: a drawn card that leaves one card is offered with its UNO call --------------------


def test_drawn_card_leaving_one_is_offered_with_the_uno_call():
    g = uno_stacked(3, {1: "B1 B2 B3 B4 B5 B6 B8"}, "R9", "R8")
    set_hand(g, 1, "B1")
    play_at(g, 1, "draw")
    assert g.sizes[1] == 2 and g.info()["pending"] == "drawn"
    assert legal_texts(g, 1) == ["R8", "R8 uno", "keep"], "two cards: the call goes with R8"
    play_at(g, 1, "R8 uno")
    assert g.sizes[1] == 1 and g.catchable == -1 and g.info()["uno"] == [1]
    assert legal_texts(g, 2)[-1] != "catch 1", "a called UNO cannot be caught"


def test_drawn_card_leaving_one_without_the_call_can_be_caught():
    g = uno_stacked(3, {1: "B1 B2 B3 B4 B5 B6 B8"}, "R9", "G9")
    set_hand(g, 1, "B1")
    play_at(g, 1, "draw")
    assert legal_texts(g, 1) == ["G9", "G9 uno", "keep"]
    play_at(g, 1, "G9")
    assert g.catchable == 1 and legal_texts(g, 0) == ["catch 1"]


def test_drawn_card_with_more_cards_is_offered_without_the_call():
    g = uno_stacked(3, {1: "B1 B2 B3 B4 B5 B6 B8"}, "R9", "R8")
    set_hand(g, 1, "B1 B2")
    play_at(g, 1, "draw")
    assert legal_texts(g, 1) == ["R8", "keep"], "three cards: playing R8 leaves two"
    refused_text(g, 1, "R8 uno", "second-to-last")


# -- e: no UNO with the last card ------------------------------------------------------------


def test_uno_is_refused_with_the_last_card_and_after_it():
    # two players: seat 1 skips seat 0 with a called UNO and plays again on one card
    g = uno_stacked(2, {1: "RS R6 B3 B4 B5 B6 B8"}, "R9")
    set_hand(g, 1, "RS R6")
    play_at(g, 1, "RS uno")
    assert g.turn == 1 and g.sizes[1] == 1 and g.catchable == -1
    assert legal_texts(g, 1) == ["R6", "draw"], "one card: no move calls UNO"
    refused_text(g, 1, "R6 uno", "second-to-last")
    refused_text(g, 1, "uno", "no missed UNO")
    play_at(g, 1, "R6")
    assert g.turn == -1 and g.winner == 1
    refused_text(g, 1, "uno", "over")
    refused_text(g, 0, "uno", "over")


def test_missed_uno_then_last_card_with_uno_is_refused():
    g = uno_stacked(2, {1: "RS R6 B3 B4 B5 B6 B8"}, "R9")
    set_hand(g, 1, "RS R6")
    play_at(g, 1, "RS")  # missed: seat 1 may call it late, or play on
    assert g.turn == 1 and g.catchable == 1
    assert legal_texts(g, 1) == ["R6", "draw", "uno"], "the late call, never with the card"
    refused_text(g, 1, "R6 uno", "second-to-last")
    play_at(g, 1, "uno")
    refused_text(g, 1, "R6 uno", "second-to-last")
    play_at(g, 1, "R6")
    assert g.turn == -1 and g.winner == 1 and g.sizes[1] == 0
    refused_text(g, 1, "uno", "over")


def test_last_card_wild_with_uno_is_refused():
    g = uno_stacked(3, {1: "W B3 B4 B5 B6 B8 B9"}, "R9")
    set_hand(g, 1, "W")
    assert "W:G uno" not in legal_texts(g, 1)
    refused_text(g, 1, "W:G uno", "second-to-last")
    refused_text(g, 1, "W:B uno", "second-to-last")


# -- the sweep: every seat, every move number -------------------------------------------------


def expected_legal(g, seat):
    """The moves `seat` may make, read from the rules and the table (not from
    Uno.legal): RESIGN, accepted from any seat in, is never listed."""
    moves = set()
    if g.turn < 0 or g.out[seat]:
        return moves
    c = g.catchable
    if c >= 0:
        # a missed UNO is open: the missed player may call it, any other seat catch it
        assert g.sizes[c] == 1, "only a player on one card can be caught"
        moves.add(U.UNO if c == seat else U.CATCH + c)
    if seat != g.turn:
        return moves
    hand = g.hands[seat * 54 : seat * 54 + 54]
    pending = U.PENDING_TEXT[g.ask]
    cards = []
    if pending == "color":
        return moves | {U.COLOR_MOVE + col for col in range(4)}
    if pending == "+4":
        return moves | {U.ACCEPT, U.CHALLENGE}
    if pending == "drawn":
        assert hand[g.drawn], "the drawn card is in the hand"
        playable = [g.drawn]  # only the drawn card, and it matched when drawn
        moves.add(U.KEEP)
    else:
        top = g.top
        playable = []
        for k in range(54):
            if not hand[k]:
                continue
            if k >= 52:  # W and W+4 go on anything (W+4 a bluff or not)
                playable.append(k)
            elif k // 13 == g.color or (top < 52 and k % 13 == top % 13):
                playable.append(k)  # by colour, or by number or symbol
        moves.add(U.DRAW)  # drawing is always allowed
    for k in playable:
        if k < 52:
            cards.append(k)
        else:
            cards += [(52 if k == 52 else 56) + col for col in range(4)]
    for m in cards:
        moves.add(m)
        if g.sizes[seat] == 2:  # the second-to-last card: with the call or without
            moves.add(m | 64)
    return moves


def full_snapshot(g):
    return snapshot(g) + (g.reveal_to, g.penalty, g.dealer)


def sweep_position(g, stats):
    buf = bytearray(Uno.max_moves)
    for seat in range(g.players):
        n = g.legal(seat, buf)
        listed = list(buf[:n])
        assert len(set(listed)) == n, "legal(%d) lists a move twice: %r" % (seat, listed)
        want = expected_legal(g, seat)
        assert set(listed) == want, "seat %d, turn %d, pending %s: legal %s, rules %s" % (
            seat, g.turn, U.PENDING_TEXT[g.ask],
            sorted(g.move_text(m) for m in set(listed) - want),
            sorted(g.move_text(m) for m in want - set(listed)))
        accepted = set(want)
        if g.turn >= 0 and not g.out[seat]:
            accepted.add(U.RESIGN)  # never listed, always accepted from a seat in
        before = full_snapshot(g)
        for move in range(256):
            if move in accepted:
                c = copy.deepcopy(g)
                c.play(seat, move)  # accepted: no ValueError
                assert full_snapshot(c) != before, "%s changed nothing" % g.move_text(move)
                stats["accepted"] += 1
                continue
            try:
                g.play(seat, move)
            except ValueError:
                pass
            else:
                pytest.fail("seat %d's illegal move %d (%s) was accepted" % (
                    seat, move, g.move_text(move)))
            assert full_snapshot(g) == before, "refusing move %d changed the hand" % move
            stats["refused"] += 1


def checked_play(g, seat, move):
    """Play a legal move of the random walk and check what the rules say it does
    to the catch window and to a drawn card (the sweep reads those from the table)."""
    turn, catchable, color, top = g.turn, g.catchable, g.color, g.top
    hand = bytes(g.hands[seat * 54 : seat * 54 + 54])
    size = g.sizes[seat]
    there = g.nstock + g.npile - 1  # what a penalty can draw
    g.play(seat, move)
    text = g.move_text(move)
    if g.turn < 0 or move == U.RESIGN:
        return
    if move == U.UNO or move >= U.CATCH:
        assert g.catchable == -1, "%s closes the window" % text
        assert g.turn == turn, "%s from seat %d ends nobody's turn" % (text, seat)
        if move >= U.CATCH:
            assert g.sizes[catchable] == 1 + min(g.penalty, there), "the catch's penalty"
        return
    assert seat == turn
    if move < U.DRAW:  # a card
        if g.sizes[seat] == 1 and not move & 64:
            assert g.catchable == seat, "%s leaves one card, UNO not called: open" % text
        else:
            assert g.catchable == -1, "%s from the player to act closes the window" % text
        return
    assert g.catchable == -1, "%s from the player to act closes the window" % text
    if move == U.DRAW and g.sizes[seat] == size + 1:
        new = [k for k in range(54) if g.hands[seat * 54 + k] > hand[k]]
        k = new[0]
        playable = k >= 52 or k // 13 == color or (top < 52 and k % 13 == top % 13)
        waits = g.turn == seat and U.PENDING_TEXT[g.ask] == "drawn"
        assert waits == playable, "drawn %s on %s (colour %d): playable %s, offered %s" % (
            g.move_text(k) if k < 52 else "a wild", g.move_text(top) if top < 52 else "a wild",
            color, playable, waits)


def sampled_positions():
    """(game, tag) at positions of random hands with every option and several
    player counts, out-of-turn catches, late calls and resignations mixed in
    (every position with a missed UNO open or two cards to play, every so many
    others, and each hand's end); plus stacked positions random hands seldom reach."""
    rng = Rng(4242)
    buf = bytearray(Uno.max_moves)
    other = bytearray(Uno.max_moves)
    combos = [{"target": t, "penalty": p, "mode": m}
              for t in (500, 200) for p in (4, 2) for m in ("standard", "single")]
    game_no = 0
    for players in (2, 3, 4, 6, 10):
        every = 4 * players + 20
        for _ in range(3):
            options = combos[game_no % len(combos)]
            game_no += 1
            g = Uno(players, options, Rng(rng.below(100000)))
            step = 0
            while g.turn >= 0 and step < 2000:
                if g.catchable >= 0 or g.sizes[g.turn] == 2 or step % every == 0:
                    yield g, players
                s = g.turn
                n = g.legal(s, buf)
                checked_play(g, s, buf[rng.below(n)])
                step += 1
                if g.catchable >= 0 and g.turn >= 0 and rng.below(3) == 0:
                    t = rng.below(players)
                    if g.legal(t, other):
                        checked_play(g, t, other[0])  # a catch or a late call, in or out of turn
                if players > 2 and game_no % 2 and step == 30 + game_no and g.turn >= 0:
                    t = rng.below(players)
                    checked_play(g, t, U.RESIGN)  # in or out of turn
            yield g, players  # the end of the hand
    # first card W: naming the colour; a drawn W+4 on two cards; a +4 to answer
    yield uno_stacked(3, {1: "G1 B2 R3 Y4 W G5 B6"}, "W", dealer=0), "W first"
    g = uno_stacked(3, {1: "B1 B2 B3 B4 B5 B6 B8"}, "R9", "W+4")
    set_hand(g, 1, "B1")
    play_at(g, 1, "draw")
    yield g, "drawn W+4 on two cards"
    g = uno_stacked(4, {1: "W+4 R2 B3 B4 B5 B6 B8"}, "R9")
    set_hand(g, 1, "W+4 R2 B3")
    play_at(g, 1, "W+4:B")
    yield g, "+4 to answer"
    g = two_cards_to_play(4)
    play_at(g, 1, "R5")
    yield g, "missed UNO"
    play_at(g, 3, "resign")
    yield g, "missed UNO, a seat resigned"


def test_every_seat_every_move_agrees_with_the_rules():
    stats = {"accepted": 0, "refused": 0}
    seen = set()
    positions = 0
    for g, tag in sampled_positions():
        sweep_position(g, stats)
        positions += 1
        seen.add(U.PENDING_TEXT[g.ask] if g.turn >= 0 else "over")
        if g.catchable >= 0:
            seen.add("catchable")
        if g.turn >= 0 and g.sizes[g.turn] == 2:
            seen.add("two cards")
        if g.turn >= 0 and any(g.out):
            seen.add("resigned")
    wanted = {None, "+4", "color", "drawn", "over", "catchable", "two cards", "resigned"}
    assert seen >= wanted, "the positions miss %s" % (wanted - seen)
    assert positions > 150 and stats["refused"] > 100 * positions, (positions, stats)


# -- malformed move values -------------------------------------------------------------------


def test_negative_move_numbers_are_refused():
    for move in (-128, -64, -1, -256):
        g = uno_stacked(2, {1: "R0 R5 B3 B4 B5 B6 B8"}, "R9")
        before = full_snapshot(g)
        with pytest.raises(ValueError):
            g.play(1, move)
        assert full_snapshot(g) == before, "refusing %r changed the hand" % (move,)


def test_moves_that_are_no_int_are_refused_with_valueerror():
    for move in (None, 2.0, "R5", (1,)):
        g = uno_stacked(2, {1: "R0 R5 B3 B4 B5 B6 B8"}, "R9")
        before = full_snapshot(g)
        with pytest.raises(ValueError):
            g.play(1, move)
        assert full_snapshot(g) == before, "refusing %r changed the hand" % (move,)
