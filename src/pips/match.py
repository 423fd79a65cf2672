"""A match: hands played until the game's end condition, with starters, totals
and ranks; and the one turn loop that plays each hand.

The turn loop (`Turns`) says who may act now. Every driver of a hand
(self-play, `pips run`, the terminal game, the referee, the handheld's table)
asks `Turns.next()` which seat to hear from, lets that seat act (a bot
chooses, a human is asked), and asks again:

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

from pips.game import new_rng

# A seat's level: a human or a bot (pips.bots.BOTS); records keep its index, so
# a new bot comes last.
LEVELS = ("human", "random", "greedy", "smart", "easy")
# What a seat on the set-up screen cycles through: a human or a level a player
# picks (pips.bots.LEVELS; the random bot is for tests and benches).
SEAT_CHOICES = ("human", "easy", "greedy", "smart")
# The seats' levels, weakest first (the statistics count a match for its strongest bot).
STRENGTH = ("human", "random", "easy", "greedy", "smart")


class Match:
    def __init__(self, game_class, players, options=None, seed=0, first=-1):
        game_class.check_players(players)
        self.game_class = game_class
        self.players = players
        self.options = game_class.table(options)
        self.rng = new_rng(seed)
        self.totals = [0] * players
        self.resigned = []
        self.first = first if first >= 0 else self.rng.below(players)
        self.hands_played = 0
        self.dealt = None  # deal(): the generator's state the hand is dealt from
        self.game = None
        self.over = False

    def new_hand(self, deal=None):
        """Deal the next hand (the first one with the starter named or drawn by lot)."""
        if self.hands_played:
            self.first = self.game_class.next_first(self.first, self.players, self.game)
        return self.deal(deal)

    def deal(self, deal=None):
        """Deal the hand from where the match stands: its starter, totals,
        resigned seats and generator (a saved match is dealt again here,
        pips.restore). `dealt` notes the generator's state it is dealt from
        (Rng.state: what pips.save keeps)."""
        self.dealt = self.rng.state(self.dealt)
        self.game = None
        # a game whose hands carry something on from the match (Bergen's chips) says so
        options = self.game_class.hand_options(self)
        game = self.game_class(self.players, options, self.rng, deal, self.first)
        # a resigned seat stays out of every later hand of a game that plays on without it
        for seat in self.resigned:
            game.play(seat, game.parse_move(seat, "resign"))
        self.game = game
        return game

    def end_hand(self):
        """Add the finished hand's scores; return True when the match is over."""
        game = self.game
        for s in range(self.players):
            self.totals[s] += game.scores[s]
        self.hands_played += 1
        self.over = (
            self.over
            or self.players - len(self.resigned) <= 1
            or self.game_class.match_over(self.totals, self.options, self.hands_played)
        )
        return self.over

    def resign(self, seat):
        """The seat resigns the match and ranks last. A game whose hands go on
        without that seat (UNO) handles the hand itself; in the others the
        match ends at once."""
        if seat not in self.resigned:
            self.resigned.append(seat)
        if self.players - len(self.resigned) <= 1 or not self.game_class.resign_in_hand:
            self.over = True

    def resign_at_table(self, seat):
        """The seat resigns during play: in a game whose hands go on without
        it (UNO), its hand in play takes the resign move first; then resign()."""
        game = self.game
        if self.game_class.resign_in_hand and game is not None and game.turn >= 0:
            try:
                game.play(seat, game.parse_move(seat, "resign"))
            except ValueError:
                pass  # out of the hand already: the match's resignation is all
        self.resign(seat)

    def ranks(self):
        return self.game_class.match_ranks(self)

    def winner(self):
        r = self.ranks()
        return r.index(1) if r.count(1) == 1 else -1


# -- the turn loop ------------------------------------------------------------


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
        self.offers = game.out_of_turn
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
