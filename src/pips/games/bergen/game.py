"""Bergen (the booklet's, played for a bank), rules in docs/rules/bergen.md.

The hand: `6-6` in the centre, laid by its holder (who starts); four arms
N E S W. First phase (the cross): a tile with a 6 goes on an empty side, its 6
against the centre. Once all four sides hold a tile, the second phase: a tile
goes on the end of any arm, equal pips touching. Pass ("dal") only when
nothing may be laid. First out takes 3 * bank // 4, second out the rest; a
dead end gives the open places by lowest count, ties sharing their places'
prizes (the odd chip stays in the bank).

State: a tile mask per hand (0 for a seat out of the match), their union
(`held`), the laid mask, each arm as entries tile*8 + the half against the
centre side (`arms`, 28 bytes per arm, `alen` entries each), the arms' open
ends (-1 while empty), the phase (0: the 6-6 to lay, 1: the cross, 2: the
arms), chips per seat, the bank, places and prizes per seat.

Moves: OPEN (108) lays the 6-6; a lay is tile*4 + arm (N 0, E 1, S 2, W 3);
PASS is 112.

The match (Match with the hooks below): a hand's scores are each seat's
change of chips (prize less stake), so Match.totals are the net chips won
or lost, a seat holds chips + totals[seat], and the bank carries
-sum(totals) over (every chip paid in and not paid out). hand_options hands
those totals to the next hand, which takes the stakes of the seats that can
pay them; the others sit the hand out, out of the match.
"""

from pips import const
from pips.game import Game, new_rng
from pips.rng import Rng
from pips.tiles import HI, LO, PIPS, WITH, BIT_CODE, ALL, COUNT, DOUBLES
from pips import tiles
from pips.games import domino
from pips.games.domino import DominoView
from pips.games.bergen import NAME, TITLE

# The game's own phrases per language (pips.lang.CODES: en, cs, pl, fa), each
# module's WORDS naming its rules page too (key "rules"): loaded when asked for.
WORDS = (
    "pips.games.bergen.words_en",
    "pips.games.bergen.words_cs",
    "pips.games.bergen.words_pl",
    "pips.games.bergen.words_fa",
)

HAND = const(7)
SIX = const(27)  # the code of 6-6
OPEN = const(108)  # SIX * 4: the 6-6 laid in the centre
PASS = const(112)
ARM = const(28)  # room per arm in `arms`
ARMS = "NESW"
_RANDOM = const(2)  # rollouts: out of 8, how often a seat lays a random tile
_ORDER = bytes(range(COUNT))
SIXES = WITH[6] & ~(1 << 27)


class Bergen(Game):
    name = NAME
    words = WORDS  # its phrases per language (pips.lang)
    title = TITLE
    blocked_text = "blocked: lowest counts place"  # how a hand ends with nobody out (pips.ui.events)
    min_players = 2
    max_players = 4
    options = (
        ("chips", 20, (20, 10, 30, 40)),
        ("stake", 4, (4, 1, 2, 3, 5, 8)),
        ("hands", 10, (10, 5, 20, 1)),
    )
    max_moves = 32
    stacked_size = 28

    @classmethod
    def rules(cls):
        from pips import lang

        return lang.rules_page(cls)

    def __init__(self, players=2, options=None, rng=None, deal=None, first=-1):
        self.check_players(players)
        self.players = players
        totals = None
        if options is not None and "totals" in options:
            options = dict(options)
            totals = options.pop("totals")
        self.table_options = self.table(options)
        start = self.table_options["chips"]
        stake = self.table_options["stake"]
        self.hands = [0] * players
        self.held = 0
        self.laid = 0
        self.arms = bytearray(4 * ARM)
        self.alen = bytearray(4)
        self.ends = [-1, -1, -1, -1]
        self.phase = 0
        self.lacks = bytearray(players)  # per seat, bit v: seen passing with v to match
        self.place = bytearray(players)  # 1 or 2 once placed (shared places alike)
        self.prizes = [0] * players
        self.scores = [0] * players
        self.winner = -1
        self.moves = 0
        self.outs = 0  # seats out of tiles so far
        # the match so far: chips held, the bank carried over, who can pay
        carry = 0
        chips = [start] * players
        if totals is not None:
            for s in range(players):
                chips[s] = start + totals[s]
                carry -= totals[s]
        self.playing = bytearray(players)  # 1: paid the stake, in this hand
        count = 0
        for s in range(players):
            if chips[s] >= stake:
                chips[s] -= stake
                self.playing[s] = 1
                count += 1
        self.chips = chips
        self.bank = carry + stake * count
        self.pot = self.bank  # the hand's bank, from which the prizes are cut
        self.count = count  # players in the hand
        self.turn = -1
        self.first = 0
        if rng is None and deal is None:
            return  # a blank hand, for View.sample to fill
        if count < 2:
            raise ValueError("Bergen needs two players able to pay the stake")
        if deal is None:
            if rng.__class__ is not Rng:
                rng = new_rng(rng)
            while True:
                order = list(_ORDER)
                self._deal(order, rng)
                if self.held >> SIX & 1:
                    break
                # nobody holds 6-6: shuffle and deal again
        else:
            order = bytes(deal)
            from pips.checks import check_deal

            check_deal(order, _ORDER, tiles.text)
            self._deal(order, None)
            if not self.held >> SIX & 1:
                raise ValueError("nobody holds 6-6 in this stacked deal: it cannot be played")
        for s in range(players):
            if self.hands[s] >> SIX & 1:
                self.first = self.turn = s

    def _deal(self, order, rng):
        """Seven tiles to each seat in the hand, in seat order (a stacked deal
        in packets, a shuffle off the top); the rest is the unused stock."""
        held = 0
        k = 0
        for s in range(self.players):
            if not self.playing[s]:
                self.hands[s] = 0
                continue
            if rng is None:
                m = 0
                for t in order[HAND * k : HAND * k + HAND]:
                    m |= 1 << t
            else:
                m = domino.deal_mask(rng, order, COUNT, HAND * k, HAND)
            self.hands[s] = m
            held |= m
            k += 1
        self.held = held

    @classmethod
    def parse_deal(cls, text):
        return tiles.parse_list(text)

    # -- the match ---------------------------------------------------------
    @classmethod
    def hand_options(cls, match):
        """The table's options and the match's net chips per seat so far."""
        out = dict(match.options)
        out["totals"] = tuple(match.totals)
        return out

    @classmethod
    def match_over(cls, totals, options, hands_played):
        """After `hands` hands, or when at most one player can pay the stake."""
        if hands_played >= options.get("hands", 10):
            return True
        start = options.get("chips", 20)
        stake = options.get("stake", 4)
        left = 0
        for t in totals:
            if start + t >= stake:
                left += 1
        return left <= 1

    # -- the protocol --------------------------------------------------
    def legal(self, seat, out):
        if seat != self.turn:
            return 0
        return _moves(self.phase, self.hands[seat], self.ends, out)

    def play(self, seat, move):
        if self.turn < 0:
            raise ValueError("the hand is over")
        if seat != self.turn:
            raise ValueError("it is seat %d's turn, not seat %d's" % (self.turn, seat))
        if type(move) is not int or not 0 <= move <= PASS or OPEN < move < PASS:
            raise ValueError("no such move in Bergen: %r" % (move,))
        hand = self.hands[seat]
        phase = self.phase
        ends = self.ends
        if phase == 0:
            if move != OPEN:
                raise ValueError("the hand opens with 6-6 in the centre")
            if not hand >> SIX & 1:
                raise ValueError("6-6 is not in seat %d's hand" % seat)
        elif move == OPEN:
            raise ValueError("6-6 is already in the centre")
        elif move == PASS:
            if hand & _open(phase, ends):
                raise ValueError("seat %d can lay a tile, so may not pass" % seat)
        else:
            t = move >> 2
            arm = move & 3
            if not hand >> t & 1:
                raise ValueError("%s is not in seat %d's hand" % (tiles.text(t), seat))
            if phase == 1:
                if not SIXES >> t & 1:
                    raise ValueError("the cross is built first: lay a tile with a 6")
                if ends[arm] >= 0:
                    raise ValueError("the %s side is taken: lay on an empty side" % ARMS[arm])
            elif not WITH[ends[arm]] >> t & 1:
                raise ValueError(
                    "%s does not match the %s arm (%d)" % (tiles.text(t), ARMS[arm], ends[arm])
                )
        self._apply(seat, move)

    def _apply(self, seat, move):
        """Play a legal move (play checks it; the rollouts' come from _moves)."""
        phase = self.phase
        ends = self.ends
        if move == PASS:
            lack = 1 << 6 if phase == 1 else (1 << ends[0]) | (1 << ends[1]) | (1 << ends[2]) | (1 << ends[3])
            self.lacks[seat] |= lack
            self.moves += 1
            self._next(seat)
            return
        if move == OPEN:
            self.phase = 1
            bit = 1 << SIX
        else:
            t = move >> 2
            arm = move & 3
            bit = 1 << t
            inner = 6 if phase == 1 else ends[arm]
            k = self.alen[arm]
            self.arms[arm * ARM + k] = t * 8 + inner
            self.alen[arm] = k + 1
            ends[arm] = PIPS[t] - inner
            if phase == 1 and ends[0] >= 0 and ends[1] >= 0 and ends[2] >= 0 and ends[3] >= 0:
                self.phase = 2
        hand = self.hands[seat] ^ bit
        self.hands[seat] = hand
        self.held ^= bit
        self.laid |= bit
        self.moves += 1
        if not hand:
            self._out(seat)
            if self.turn < 0:
                return
        self._next(seat)

    def _out(self, seat):
        """Seat has laid its last tile: the next place is its."""
        self.outs += 1
        self.place[seat] = self.outs
        if self.outs == 1:
            self._pay((seat,), 1)
            if self.count == 2:
                # two players: the other takes the second place at once
                for s in range(self.players):
                    if self.playing[s] and s != seat:
                        self.place[s] = 2
                        self._pay((s,), 2)
                self._finish()
        else:
            self._pay((seat,), 2)
            self._finish()

    def _pay(self, seats, place):
        """The prizes of the places from `place` on that `seats` (equal) cover,
        split evenly among them; what does not split stays in the bank."""
        pool = 0
        for p in range(place, place + len(seats)):
            if p == 1:
                pool += 3 * self.pot // 4
            elif p == 2:
                pool += self.pot - 3 * self.pot // 4
        share = pool // len(seats)
        for s in seats:
            self.place[s] = place
            self.prizes[s] += share
            self.chips[s] += share
            self.bank -= share

    def _next(self, seat):
        """The turn to the next seat still holding tiles, or the dead end."""
        if not self.held & _open(self.phase, self.ends):
            self._dead_end()
            return
        n = self.players
        for k in range(1, n + 1):
            s = (seat + k) % n
            if self.hands[s]:
                self.turn = s
                return
        self._dead_end()  # never reached: someone holding tiles may lay

    def _dead_end(self):
        """Nobody still holding tiles can lay: the open places go by lowest
        count, equal counts sharing the places they cover."""
        place = self.outs + 1
        counts = []
        for s in range(self.players):
            if self.hands[s]:
                counts.append((tiles.pips(self.hands[s]), s))
        counts.sort()
        i = 0
        while place <= 2 and i < len(counts):
            j = i
            while j < len(counts) and counts[j][0] == counts[i][0]:
                j += 1
            self._pay(tuple(s for _, s in counts[i:j]), place)
            place += j - i
            i = j
        self._finish()

    def _finish(self):
        self.turn = -1
        stake = self.table_options["stake"]
        firsts = 0
        for s in range(self.players):
            if self.playing[s]:
                self.scores[s] = self.prizes[s] - stake
            if self.place[s] == 1:
                firsts += 1
                self.winner = s
        if firsts != 1:
            self.winner = -1

    def utility(self, seat):
        """Chips won this hand less the average of the others' (0 while playing)."""
        return Game.utility(self, seat)

    def playout(self, rng, buf, limit=-1):
        """Play the hand out for a bot's rollout: each seat lays the heuristic's
        choice (`choose`, also the greedy bot's) six times in eight and a random
        legal tile otherwise. With `limit`, at most that many moves; whether
        the hand is over (the smart bot's rollouts go in steps: pips.bots)."""
        hands = self.hands
        ends = self.ends
        while self.turn >= 0 and limit:
            limit -= 1
            seat = self.turn
            n = _moves(self.phase, hands[seat], ends, buf)
            if n > 1:
                r = rng.next()
                if r & 7 < _RANDOM:
                    move = buf[(r >> 3) % n]
                else:
                    move = choose(self.phase, hands[seat], ends, self.others_lack(seat), buf, n)
            else:
                move = buf[0]
            self._apply(seat, move)
        return self.turn < 0

    def others_lack(self, seat):
        out = 0
        for s in range(self.players):
            if s != seat and self.hands[s]:
                out |= self.lacks[s]
        return out

    # -- notation --------------------------------------------------------
    def move_text(self, move):
        return _move_text(self.ends, move)

    def parse_move(self, seat, text):
        """`6-6` opens; `6-3 N` lays on an arm (halves in either order; the
        arm may be left out when only one may take the tile); `pass`."""
        phase = self.phase
        ends = self.ends
        words = text.strip().lower().split()
        if not words:
            raise ValueError("empty move")
        if words[0] == "pass" and len(words) == 1:
            return PASS
        if len(words) > 2:
            raise ValueError("a move is a tile and an arm, like '6-3 N': %r" % text)
        t, _ = tiles.parse(words[0])
        if t * 4 == OPEN:
            if len(words) == 2:
                raise ValueError("6-6 is the centre: write it alone")
            return OPEN
        if phase == 0:
            raise ValueError("the hand opens with 6-6 in the centre")
        if len(words) == 2:
            a = ARMS.lower().find(words[1])
            if a < 0 or len(words[1]) != 1:
                raise ValueError("an arm is N, E, S or W, not %r" % words[1])
            return t * 4 + a
        fits = []
        for a in range(4):
            if phase == 1 and ends[a] < 0 and (1 << t) & SIXES:
                fits.append(a)
            elif phase == 2 and (1 << t) & WITH[ends[a]]:
                fits.append(a)
        if not fits:
            if phase == 1:
                raise ValueError("the cross takes tiles with a 6, not %s" % tiles.text(t))
            raise ValueError("%s matches no arm's end" % tiles.text(t))
        if len(fits) > 1:
            raise ValueError(
                "%s fits the %s arms: add the arm" % (tiles.text(t), ", ".join(ARMS[a] for a in fits))
            )
        return t * 4 + fits[0]

    def move_piece(self, move):
        """The tile a move lays from the hand, or -1 (pass)."""
        return move >> 2 if move <= OPEN else -1

    # -- what is shown -----------------------------------------------------
    def arm_pairs(self, arm):
        """The arm's tiles from the centre outwards as (inner half, outer half)."""
        out = []
        for i in range(self.alen[arm]):
            e = self.arms[arm * ARM + i]
            t = e >> 3
            out.append((e & 7, PIPS[t] - (e & 7)))
        return out

    def info(self):
        """The referee's table: the hands, the undealt tiles, the centre and
        the arms, the bank, the chips and the places."""
        table = {}
        for a in range(4):
            table[ARMS[a]] = {
                "tiles": ["%d-%d" % p for p in self.arm_pairs(a)],
                "end": self.ends[a] if self.ends[a] >= 0 else None,
            }
        return {
            "hands": [tiles.mask_text(m) for m in self.hands],
            "stock": COUNT - HAND * self.count,
            "centre": "6-6" if self.phase else None,
            "arms": table,
            "phase": self.phase,
            "bank": self.bank,
            "chips": list(self.chips),
            "playing": [s for s in range(self.players) if self.playing[s]],
            "places": list(self.place),
            "prizes": list(self.prizes),
        }

    def view(self, seat):
        return BergenView(self, seat)


def _open(phase, ends):
    """The tiles that may be laid now: any with a 6 in the cross, those
    matching an arm's end in the second phase, the 6-6 at the opening."""
    if phase == 0:
        return 1 << SIX
    if phase == 1:
        return SIXES
    return WITH[ends[0]] | WITH[ends[1]] | WITH[ends[2]] | WITH[ends[3]]


def _moves(phase, hand, ends, out):
    if phase == 0:
        out[0] = OPEN
        return 1
    n = 0
    if phase == 1:
        fit = hand & SIXES
        while fit:
            low = fit & -fit
            fit ^= low
            t = BIT_CODE[low % 37] * 4
            for a in range(4):
                if ends[a] < 0:
                    out[n] = t + a
                    n += 1
    else:
        fit = hand & (WITH[ends[0]] | WITH[ends[1]] | WITH[ends[2]] | WITH[ends[3]])
        while fit:
            low = fit & -fit
            fit ^= low
            t = BIT_CODE[low % 37] * 4
            for a in range(4):
                if low & WITH[ends[a]]:
                    out[n] = t + a
                    n += 1
    if not n:
        out[0] = PASS
        n = 1
    return n


def choose(phase, hand, ends, lack, moves, n):
    """The heuristic's move: shed pips and keep moving. A tile's pips count,
    a double more (it waits on one number), and so do the tiles left in hand
    that may follow on the ends it leaves; an end an opponent has passed on
    is worth a lot, an end showing a number no longer held is a risk."""
    best = moves[0]
    best_score = -1000
    # what each arm leaves open to the tiles kept: its end, or a 6 while empty
    e = ends[0]
    m0 = WITH[e] if e >= 0 else SIXES
    e = ends[1]
    m1 = WITH[e] if e >= 0 else SIXES
    e = ends[2]
    m2 = WITH[e] if e >= 0 else SIXES
    e = ends[3]
    m3 = WITH[e] if e >= 0 else SIXES
    for i in range(n):
        m = moves[i]
        if m >= OPEN:
            return m
        t = m >> 2
        a = m & 3
        new_end = PIPS[t] - (6 if phase == 1 else ends[a])
        rest = hand & ~(1 << t)
        # the arm laid on shows the new end; the other three stay as they are
        if a == 0:
            open_ = m1 | m2 | m3
        elif a == 1:
            open_ = m0 | m2 | m3
        elif a == 2:
            open_ = m0 | m1 | m3
        else:
            open_ = m0 | m1 | m2
        open_ |= WITH[new_end]
        score = PIPS[t] * 2 + (6 if (1 << t) & DOUBLES else 0)
        score += 3 * tiles.count(rest & open_)
        if lack >> new_end & 1:
            score += 20
        if not rest & WITH[new_end]:
            score -= 8
        if score > best_score:
            best_score = score
            best = m
    return best


def _move_text(ends, move):
    if move == PASS:
        return "pass"
    if move == OPEN:
        return "6-6"
    t = move >> 2
    if t >= SIX or move > OPEN:
        return "?%d" % move
    a = move & 3
    touch = ends[a] if ends[a] >= 0 else 6
    if touch != HI[t] and touch != LO[t]:
        touch = HI[t]
    return "%d-%d %s" % (touch, PIPS[t] - touch, ARMS[a])


class BergenView(DominoView):
    """What one seat of a Bergen hand may see: the domino view's fields
    (pips.games.domino), the cross (`arms`, `alen`, `ends`: N, E, S, W; -1
    while empty; `phase`), who passed on what (`lacks`), the chips and the
    bank, and the places and prizes so far. The table draws it as a cross
    (table_kind "cross")."""

    table_kind = "cross"

    def __init__(self, game, seat):
        DominoView.__init__(self, game, seat)
        self.laid = game.laid
        self.arms = bytes(game.arms)
        self.alen = bytes(game.alen)
        self.ends = tuple(game.ends)
        self.phase = game.phase
        self.lacks = bytes(game.lacks)
        self.playing = bytes(game.playing)
        self.place = bytes(game.place)
        self.prizes = list(game.prizes)
        self.chips = list(game.chips)
        self.bank = game.bank
        self.pot = game.pot
        self.count = game.count
        self.outs = game.outs

    move_piece = Bergen.move_piece
    arm_pairs = Bergen.arm_pairs

    def move_text(self, move):
        return _move_text(self.ends, move)

    def legal(self, out):
        if self.seat != self.turn:
            return 0
        return _moves(self.phase, self.hand, self.ends, out)

    def others_lack(self):
        out = 0
        for s in range(self.players):
            if s != self.seat and self.sizes[s]:
                out |= self.lacks[s]
        return out

    def sample(self, rng, world=None):
        """A whole hand consistent with this view: the unseen tiles dealt at
        random to the others (never a tile showing a number that seat passed
        on, while random dealing manages it; then without that), the rest the
        unused stock."""
        if world is None:
            world = self.game_class(self.players, self.table_options)
        unseen = ALL & ~self.hand & ~self.laid
        order = []
        for s in range(self.players):
            if s != self.seat and self.sizes[s]:
                forbid = 0
                for v in range(7):
                    if self.lacks[s] >> v & 1:
                        forbid |= WITH[v]
                order.append((-tiles.count(forbid & unseen), s, forbid))
        order.sort()
        hands = world.hands
        pool = bytearray(COUNT)
        for attempt in range(4):
            free = unseen
            ok = True
            for _, s, forbid in order:
                allowed = free & ~forbid if attempt < 3 else free
                k = 0
                while allowed:
                    low = allowed & -allowed
                    allowed ^= low
                    pool[k] = BIT_CODE[low % 37]
                    k += 1
                need = self.sizes[s]
                if k < need:
                    ok = False
                    break
                m = domino.deal_mask(rng, pool, k, 0, need)
                hands[s] = m
                free ^= m
            if ok:
                break
        held = 0
        for s in range(self.players):
            if s == self.seat:
                hands[s] = self.hand
            elif not self.sizes[s]:
                hands[s] = 0
            held |= hands[s]
        world.held = held
        world.laid = self.laid
        world.arms[:] = self.arms
        world.alen[:] = self.alen
        for a in range(4):
            world.ends[a] = self.ends[a]
        world.phase = self.phase
        world.lacks[:] = self.lacks
        world.place[:] = self.place
        world.playing[:] = self.playing
        for s in range(self.players):
            world.prizes[s] = self.prizes[s]
            world.chips[s] = self.chips[s]
            world.scores[s] = 0
        world.bank = self.bank
        world.pot = self.pot
        world.count = self.count
        world.outs = self.outs
        world.turn = self.turn
        world.first = self.first
        world.moves = self.moves
        world.winner = -1
        return world


GAME = Bergen
