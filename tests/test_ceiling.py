"""The ceiling tool (pips_tools.ceiling): its seeing bot follows Bergen's
rules move by move, values positions as an expectimax through the game
itself does, and beats the random bot."""

import copy

from pips.games.bergen.game import Bergen
from pips.rng import Rng
from pips_tools import ceiling


def _positions(hands, rng):
    """Every position of `hands` two-player hands played at random."""
    buf = bytearray(Bergen.max_moves)
    for _ in range(hands):
        game = Bergen(2, None, rng)
        while game.turn >= 0:
            yield game
            n = game.legal(game.turn, buf)
            game.play(game.turn, buf[rng.below(n)])


def test_a_step_leaves_the_position_bergen_play_leaves():
    buf = bytearray(Bergen.max_moves)
    kinds = set()
    for game in _positions(300, Rng(5)):
        turn = game.turn
        n = game.legal(turn, buf)
        for move in bytes(buf[:n]):
            after = copy.deepcopy(game)
            after.play(turn, move)
            hands, ends, phase, nxt, winner = ceiling.step(
                (game.hands[0], game.hands[1]), tuple(game.ends), game.phase, turn, move
            )
            assert (hands, ends, phase, nxt) == (
                tuple(after.hands),
                tuple(after.ends),
                after.phase,
                after.turn,
            ), (game.info(), move)
            if nxt < 0:
                assert winner == after.winner
                kinds.add("out" if not hands[turn] else "tie" if winner < 0 else "dead end")
            else:
                kinds.add("phase %d" % phase)
    # the hands met every way a move can leave one
    assert kinds == {"phase 1", "phase 2", "out", "dead end", "tie"}


def _expectimax(game, me):
    """The value for `me` (a hand won 1, lost -1, tied 0), `me` playing best
    and the other seat at random, through Bergen.play."""
    if game.turn < 0:
        mine, theirs = game.scores[me], game.scores[1 - me]
        return 1.0 if mine > theirs else -1.0 if mine < theirs else 0.0
    buf = bytearray(Bergen.max_moves)
    n = game.legal(game.turn, buf)
    values = []
    for move in bytes(buf[:n]):
        child = copy.deepcopy(game)
        child.play(child.turn, move)
        values.append(_expectimax(child, me))
    return max(values) if game.turn == me else sum(values) / n


def test_the_seeing_bot_values_late_positions_as_an_expectimax_through_play():
    bot = ceiling.SeeingBot()
    buf = bytearray(Bergen.max_moves)
    checked = 0
    for game in _positions(60, Rng(9)):
        n = game.legal(game.turn, buf)
        if n < 2 or bin(game.held).count("1") > 6:
            continue
        me = game.turn
        for move in bytes(buf[:n]):
            bot.new_hand()
            fast = bot._after((game.hands[0], game.hands[1]), tuple(game.ends), game.phase, me, move, me)
            child = copy.deepcopy(game)
            child.play(me, move)
            assert fast == _expectimax(child, me), (game.info(), move)
            checked += 1
    assert checked > 20


def test_the_seeing_bot_wins_more_hands_than_it_loses_against_random():
    won, lost, shared, hands_won, hands_lost, hands_tied = ceiling.run(20, 100)
    assert won + lost + shared == 20
    assert hands_won > hands_lost
