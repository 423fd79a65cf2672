"""Twenty-one (Jedenadvacet), rules in docs/rules/twentyone.md.

State: one tile mask per hand, each seat's pip total, two flag bytes per seat
(`done`: no more turns, having stood, gone over or reached 21; `stood`: stood
by choice, which everyone sees), and the stock as a bytearray of codes in
order with the index of its top. Moves: HIT 0, STAND 1.

What everyone sees: own tiles, every seat's number of tiles, who has no more
turns and who said `stand`. A seat that drew and then has no more turns went
over or reached exactly 21; which of the two stays hidden until the end.
A seat dealt 21 or more (two tiles can make 23) has no turn at all.
"""

from pips import const
from pips.game import Game, new_rng
from pips.rng import Rng
from pips.tiles import PIPS, COUNT
from pips import tiles
from pips.games import domino
from pips.games.domino import DominoView
from pips.games.twentyone import NAME, TITLE

# The game's own phrases per language (pips.lang.CODES: en, cs, pl, fa), each
# module's WORDS naming its rules page too (key "rules"): loaded when asked for.
WORDS = (
    "pips.games.twentyone.words_en",
    "pips.games.twentyone.words_cs",
    "pips.games.twentyone.words_pl",
    "pips.games.twentyone.words_fa",
)

HIT = const(0)
STAND = const(1)
HAND = const(2)
LIMIT = const(21)
PLAYOUT_STAND = const(15)  # rollouts: a seat draws below this total
_ORDER = bytes(range(COUNT))


class Twentyone(Game):
    name = NAME
    words = WORDS  # its phrases per language (pips.lang)
    title = TITLE
    min_players = 2
    max_players = 4
    # hands: the match's number of hands; wins: first to so many hands won
    # (0: play the number of hands)
    options = (
        ("hands", 5, (5, 3, 7, 9, 1)),
        ("wins", 0, (0, 3, 5, 10)),
    )
    max_moves = 2
    stacked_size = 28

    @classmethod
    def rules(cls):
        from pips import lang

        return lang.rules_page(cls)

    def __init__(self, players=2, options=None, rng=None, deal=None, first=-1):
        self.check_players(players)
        self.players = players
        self.table_options = self.table(options)
        self.hands = [0] * players
        self.totals = bytearray(players)
        self.done = bytearray(players)
        self.stood = bytearray(players)
        self.stock = bytearray(COUNT)
        self.top = COUNT
        self.scores = [0] * players
        self.winner = -1
        self.moves = 0
        self.turn = -1
        if deal is None and rng is None:
            # a blank hand, for View.sample to fill
            self.first = 0
            return
        if deal is None:
            if rng.__class__ is not Rng:
                rng = new_rng(rng)
            order = bytearray(_ORDER)
            rng.shuffle(order)
        else:
            order = bytearray(deal)
            from pips.checks import check_deal

            check_deal(order, _ORDER, tiles.text)
            if rng is not None:
                rng = new_rng(rng)
        # seat 0 takes the first two, seat 1 the next two...; the rest is the stock
        for s in range(players):
            m = (1 << order[HAND * s]) | (1 << order[HAND * s + 1])
            self.hands[s] = m
            total = PIPS[order[HAND * s]] + PIPS[order[HAND * s + 1]]
            self.totals[s] = total
            if total >= LIMIT:
                self.done[s] = 1
        self.stock[:] = order
        self.top = HAND * players
        if first < 0:
            first = rng.below(players) if rng is not None else 0
        self.first = first
        self._next(first)

    @classmethod
    def parse_deal(cls, text):
        return tiles.parse_list(text)

    # -- the match ---------------------------------------------------------
    @classmethod
    def match_over(cls, totals, options, hands_played):
        wins = options.get("wins", 0)
        if wins:
            return max(totals) >= wins
        return hands_played >= options.get("hands", 5)

    # -- the protocol --------------------------------------------------
    def legal(self, seat, out):
        if seat != self.turn:
            return 0
        if self.top < COUNT:
            out[0] = HIT
            out[1] = STAND
            return 2
        out[0] = STAND  # never in a real hand: the stock cannot run out
        return 1

    def play(self, seat, move):
        if self.turn < 0:
            raise ValueError("the hand is over")
        if seat != self.turn:
            raise ValueError("it is seat %d's turn, not seat %d's" % (self.turn, seat))
        if type(move) is not int or not 0 <= move <= STAND:
            raise ValueError("no such move in Twenty-one: %r (hit or stand)" % (move,))
        if move == HIT:
            if self.top >= COUNT:
                raise ValueError("the stock is empty: stand")
            t = self.stock[self.top]
            self.top += 1
            self.hands[seat] |= 1 << t
            total = self.totals[seat] + PIPS[t]
            self.totals[seat] = total
            if total >= LIMIT:
                self.done[seat] = 1
        else:
            self.done[seat] = 1
            self.stood[seat] = 1
        self.moves += 1
        self._next(seat + 1)

    def _next(self, seat):
        """The turn to the first seat from `seat` on (clockwise) with turns
        left; the hand ends when there is none."""
        n = self.players
        for k in range(n):
            s = (seat + k) % n
            if not self.done[s]:
                self.turn = s
                return
        self._finish()

    def _finish(self):
        self.turn = -1
        best = -1
        for s in range(self.players):
            t = self.totals[s]
            if best < t <= LIMIT:
                best = t
        winners = 0
        for s in range(self.players):
            if self.totals[s] == best:
                self.scores[s] = 1
                winners += 1
                self.winner = s
        if winners != 1:
            self.winner = -1

    def playout(self, rng, buf):
        """Play the hand out for a bot's rollout: every seat draws below
        PLAYOUT_STAND and stands from there (what the greedy bot does)."""
        while self.turn >= 0:
            s = self.turn
            if self.totals[s] < PLAYOUT_STAND and self.top < COUNT:
                self.play(s, HIT)
            else:
                self.play(s, STAND)

    # -- notation --------------------------------------------------------
    def move_text(self, move):
        return "hit" if move == HIT else "stand" if move == STAND else "?%r" % (move,)

    def parse_move(self, seat, text):
        word = text.strip().lower()
        if word == "hit":
            return HIT
        if word == "stand":
            return STAND
        if not word:
            raise ValueError("empty move")
        raise ValueError("a move in Twenty-one is hit or stand, not %r" % text.strip())

    def move_piece(self, move):
        return -1

    # -- what is shown -----------------------------------------------------
    def info(self):
        out = {
            "hands": [tiles.mask_text(m) for m in self.hands],
            "stock": COUNT - self.top,
            "sizes": [tiles.count(m) for m in self.hands],
            "done": [s for s in range(self.players) if self.done[s]],
            "stood": [s for s in range(self.players) if self.stood[s]],
        }
        if self.turn < 0:
            out["totals"] = list(self.totals)
        return out

    def results(self):
        """What the results screen adds (see pips.ui.results): each seat's
        total after its tiles, `= 19`, `= 23 over`."""
        from pips import lang

        card = self

        words = []
        for total in self.totals:
            words.append(lang.game_text(card, "over" if total > LIMIT else "total", lang.num(total)))
        return [], words

    def view(self, seat):
        return TwentyoneView(self, seat)


class TwentyoneView(DominoView):
    """What one seat of a Twenty-one hand may see: the domino view's fields
    (pips.games.domino), its own total, who is done and who stood, the
    stock's size, and every seat's total once the hand is over."""

    table_kind = "twentyone"

    def __init__(self, game, seat):
        DominoView.__init__(self, game, seat)
        self.total = game.totals[seat]
        self.done = bytes(game.done)
        self.stood = bytes(game.stood)
        self.stock = COUNT - game.top
        # shown once the hand is over
        self.totals = bytes(game.totals) if game.turn < 0 else None

    move_piece = Twentyone.move_piece
    move_text = Twentyone.move_text

    def legal(self, out):
        if self.seat != self.turn:
            return 0
        if self.stock:
            out[0] = HIT
            out[1] = STAND
            return 2
        out[0] = STAND
        return 1

    def unseen(self):
        """The tiles this seat has not seen: the others' hands and the stock."""
        return tiles.ALL & ~self.hand

    def sample(self, rng, world=None):
        """A whole hand consistent with this view: the unseen tiles dealt at
        random to the others (as many as each holds; one that stood or still
        plays under 21, one done without standing at 21 or more, tried a few
        times and then taken as dealt) and the rest, shuffled, as the stock."""
        if world is None:
            world = self.game_class(self.players, self.table_options)
        pool = tiles.code_bytes(self.unseen())
        k = len(pool)
        start = 0
        hands = world.hands
        totals = world.totals
        for s in range(self.players):
            if s == self.seat:
                hands[s] = self.hand
                totals[s] = self.total
                continue
            need = self.sizes[s]
            over = bool(self.done[s] and not self.stood[s])
            for attempt in range(12):
                m = domino.deal_mask(rng, pool, k, start, need)
                total = 0
                for i in range(start, start + need):
                    total += PIPS[pool[i]]
                if (total >= LIMIT) == over:
                    break
            hands[s] = m
            totals[s] = total
            start += need
        stock = pool[start:]
        rng.shuffle(stock)
        top = COUNT - len(stock)
        world.stock[top:] = stock
        world.top = top
        world.done[:] = self.done
        world.stood[:] = self.stood
        world.turn = self.turn
        world.first = self.first
        world.moves = self.moves
        world.winner = -1
        for s in range(self.players):
            world.scores[s] = 0
        return world


GAME = Twentyone
