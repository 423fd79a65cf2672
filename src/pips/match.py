"""A match: hands played until the game's end condition, with starters, totals and ranks."""

from pips.game import new_rng

# A seat's level: a human or a bot level (pips.bots.LEVELS); records keep its index.
LEVELS = ("human", "random", "greedy", "smart")


def ranks(totals, last=()):
    """Rank per seat by total, highest first; equal totals share a rank (1, 2, 2, 4).
    Seats in `last` (resigned) rank after everyone, sharing the last places."""
    n = len(totals)
    out = [0] * n
    for s in range(n):
        if s in last:
            out[s] = n - len(last) + 1
            continue
        better = 0
        for o in range(n):
            if o not in last and totals[o] > totals[s]:
                better += 1
        out[s] = better + 1
    return out


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

    def ranks(self):
        ranker = getattr(self.game_class, "match_ranks", None)
        if ranker is not None:
            return ranker(self)
        return ranks(self.totals, self.resigned)

    def winner(self):
        r = self.ranks()
        return r.index(1) if r.count(1) == 1 else -1
