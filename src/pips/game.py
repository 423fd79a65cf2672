"""The game protocol: how screens, bots, the command line and the tests talk to a game.

One object is one hand (a deal played out); `pips.match.Match` strings hands
together. The split follows OpenSpiel's state / legal actions / apply /
observation, kept lean for a microcontroller:

Class attributes
    name, title          "block", "Block"
    min_players, max_players
    options              ((key, default, allowed values), ...): the table options
    max_moves            size a legal-move buffer must have
    stacked_size         how many tiles or cards a stacked deal lists

A hand
    Game(players, options=None, rng=None, deal=None, first=-1)
        options: dict of table options (missing keys take their default);
        rng: a pips.rng.Rng for every shuffle; deal: a stacked deal (codes);
        first: the seat the game's page names for the first hand (Block's
        starter, UNO's dealer); -1 draws it by lot from rng.
    turn                 the seat to act, -1 once the hand is over
    legal(seat, out)     write that seat's legal moves into out (a bytearray of
                         max_moves) and return how many; a seat may have moves
                         out of turn (UNO's catch), and none is 0
    play(seat, move)     apply a move; ValueError with a clear message, and no
                         change at all, when it is malformed or illegal
    view(seat)           what that seat may see: a View (below)
    winner, scores       after the hand: the winning seat (-1 for none or a tie)
                         and this hand's points per seat
    moves                moves played so far
    move_text(move), parse_move(seat, text)   notation (text depends on the state)
    info()               the referee's game-specific fields (the whole table)
    rules()              (class) the short rules page, a tuple of lines (screens
                         wrap them)
    parse_deal(text)     (class) a stacked deal written out, as codes
    utility(seat)        the hand's outcome for that seat, for bots' rollouts
    playout(rng, buf)    play the hand on from here with the game's own policy
                         (bots' rollouts; buf a legal-move buffer)

A View has seat, players, turn, legal(out) for its own seat, sample(rng) which
returns a whole Game consistent with everything that seat has seen (the
unseen tiles or cards dealt at random), and the public fields of the game.
Bots only ever receive Views. What every view offers the screens, and its
defaults, is the View class below.

Hooks a game may set or override, with their defaults on Game: out_of_turn,
dealer, blocked_text, copy_from, results(), next_first, hand_options,
match_over, match_ranks (a match's hooks are class methods).

Moves are small ints (0..255), so a legal-move buffer is a bytearray; a game
only writes ints into it and reads them back, so a list of max_moves serves as
well (random play, pips.selfplay.random_games, passes one: CPython writes and
reads a list's items for about a third of a bytearray's cost).
"""

from pips.rng import Rng


class Game:
    name = ""
    title = ""
    min_players = 2
    max_players = 2
    options = ()
    max_moves = 64
    stacked_size = 0
    # True: the hand plays on without a resigned seat, whose move is written
    # "resign"; Match replays it at the start of every later hand
    resign_in_hand = False
    # True: seats other than the one to act may have moves (UNO's catch of a
    # missed call): the turn loop offers them (pips.match.Turns)
    out_of_turn = False
    dealer = -1  # the seat that dealt the hand (UNO's), named at the deal; -1: none
    blocked_text = None  # the words for a hand that ends with nobody out (Block's)
    words = None  # the modules of the game's own phrases per language (pips.lang), or None
    # copy_from(self, other): make this hand an exact copy of `other` in place;
    # a game that has it is dealt once a round by the smart bot, which plays
    # each move out on a copy (None: a world is dealt for each move)
    copy_from = None

    # -- table options -------------------------------------------------
    @classmethod
    def table(cls, given=None):
        """The full option dict: defaults, overridden and checked by `given`."""
        out = {}
        known = 0
        for key, default, allowed in cls.options:
            out[key] = default
            if given and key in given:
                value = given[key]
                if value not in allowed:
                    known = -1
                    break
                out[key] = value
                known += 1
        if given and known != len(given):
            # numbers written as text, unknown keys, values to refuse
            from pips.checks import typed_table

            return typed_table(cls, given)
        return out

    @classmethod
    def check_players(cls, players):
        if not cls.min_players <= players <= cls.max_players:
            if cls.min_players == cls.max_players:
                seats = "%d player%s" % (cls.min_players, "" if cls.min_players == 1 else "s")
            else:
                seats = "%d to %d players" % (cls.min_players, cls.max_players)
            raise ValueError("%s takes %s, not %d" % (cls.title, seats, players))

    # -- match hooks (a game may override) -------------------------------
    @classmethod
    def next_first(cls, first, players, last=None):
        """Who the page names for the next hand, given this hand's `first`
        and the hand just played (`last`): one seat on."""
        return (first + 1) % players

    @classmethod
    def hand_options(cls, match):
        """The options the match's next hand is dealt with: the table's. A game
        whose hands carry something over from the match so far (Bergen's chips
        and bank) adds it here."""
        return match.options

    @classmethod
    def match_over(cls, totals, options, hands_played):
        target = options.get("target", 0)
        for t in totals:
            if t >= target:
                return True
        return False

    @classmethod
    def match_ranks(cls, match):
        """Each seat's place in the match (1 first): by totals, resigned seats last."""
        return ranks(match.totals, match.resigned)

    # -- defaults -----------------------------------------------------
    @classmethod
    def rules(cls):
        """The short rules page: a tuple of paragraphs (screens wrap them).
        Each game reads its own page from its package, when a page is opened."""
        raise NotImplementedError

    def utility(self, seat):
        """Points won by seat less the average of the others' (0 while playing)."""
        scores = self.scores
        n = self.players
        return (n * scores[seat] - sum(scores)) // (n - 1) if n > 1 else scores[seat]

    def play_text(self, seat, text):
        self.play(seat, self.parse_move(seat, text))

    def results(self):
        """What the results screen adds once the hand is over: (lines, words),
        a game's own lines (Matador's tiles out of play) and a word for its
        outcome, or ((), None)."""
        return (), None


class View:
    """The base of every game's View: what one seat may see of a hand. The
    screens draw a view through these fields (a game's view sets them, or
    keeps the default):

    piece_kind     "tile" or "card": the module that draws a piece (pips.ui)
    table_kind     the module that draws the table: "line", "pile", "cross"...
    sizes          every seat's pieces in hand (bytes)
    stock          the pieces left to draw (the stock, Draw's reserve), None
                   for a game without; stock_name says what the game calls it
    hand_list()    the seat's own pieces in display order
    move_piece(m)  the piece a move plays from the hand, -1 for none
    move_text(m)   the move's notation
    after(m)       a key for what a lay leaves: two moves with equal keys
                   mirror each other (-1: no such key)
    pending        a question put to the seat to act (UNO's "+4"), or None
    reveal         pieces shown to this seat alone (UNO's challenge), or None
    """

    piece_kind = "tile"
    table_kind = "line"
    sizes = b""
    stock = None
    stock_name = "stock"
    pending = None
    reveal = None
    winner = -1
    table_options = None

    def hand_list(self):
        return []

    def after(self, move):
        return -1


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


def new_rng(seed):
    return seed if isinstance(seed, Rng) else Rng(seed)
