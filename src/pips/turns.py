"""The one turn loop: who may act now.

Every driver of a hand (self-play, `pips run`, the terminal game, the referee,
the handheld's table) asks `Turns.next()` which seat to hear from, lets that
seat act (a bot chooses, a human is asked), and asks again:

- after each move of the seat whose turn it is, every other seat with a legal
  move out of turn (UNO's catch of a missed call, a late call of one's own)
  is offered it once, in seat order from seat 0; a seat offered may act or
  let the chance pass (a bot answers -1, a human goes on);
- then the seat whose turn it is acts;
- -1 once the hand is over.

Games without moves out of turn (`out_of_turn` False on the class) never
scan: the seat to act is the answer.

`may_act_out_of_turn` is the rule for one seat; the referee reports every seat
it holds for (with their moves) instead of offering them in turn.
"""


def may_act_out_of_turn(game, seat, buf):
    """Whether `seat` has a legal move now though it is not the seat to act
    (`buf`: a bytearray of the game's max_moves, overwritten)."""
    return seat != game.turn and game.legal(seat, buf) > 0


class Turns:
    def __init__(self, game):
        self.game = game
        self.buf = bytearray(game.max_moves)
        self.players = game.players
        self.scan = game.players  # no offers before the first move
        self.offers = getattr(game, "out_of_turn", False)
        self.waiting = -1  # game.moves when the seat to act was last named

    def next(self):
        """The seat that may act now, or -1 when the hand is over."""
        game = self.game
        if game.turn < 0:
            return -1
        if self.waiting >= 0 and game.moves != self.waiting:
            # the seat to act has moved: the others may now act out of turn
            self.waiting = -1
            if self.offers:
                self.scan = 0
        players = self.players
        while self.scan < players:
            seat = self.scan
            self.scan = seat + 1
            if may_act_out_of_turn(game, seat, self.buf):
                return seat
        self.waiting = game.moves
        return game.turn

    def out_of_turn(self, seat):
        """Whether `seat`, just named by next(), is offered a move out of turn
        (it may let it pass) rather than having to act."""
        return seat != self.game.turn
