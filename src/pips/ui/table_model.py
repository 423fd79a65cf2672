"""The table's model: a match at the handheld's table, apart from its drawing.

It holds the match (pips.match.Match) and its hand in play (`game`), the turn
loop (`turns`), the bots, the humans and the one holding the device
(`viewer`), what the table is doing (`state`, below), a human's choice
(`choice`, pips.ui.table_choose), the last events told (`lines`,
pips.ui.events) and the record of the match kept after every move (`kept`,
pips.save), and the sound cue its last step called for (`cue`,
pips.ui.sound: the screen plays it). The table screen (pips.ui.table) draws it and turns keys into
its methods; the hand-over, pause and results screens call its methods and
read its fields, never write them.

Who acts is pips.match' answer, asked anew after every move: the seat to act,
and before it the seats offered a move out of turn. A bot thinks in slices
over several frames (the screen keeps moving) and may let a chance out of
turn pass. Pass-and-play: `viewer` is the human seat whose hand is shown;
when a different human must act, the table hands the device over first
(next_actor() answers that seat). Only the viewer is asked about a move out
of turn; another human's chance passes.
"""

from pips import const, lang
from pips.bots import bot_rng, table_bots
from pips.match import Match, Turns
from pips.ui import events
from pips.ui.keys import ticks_diff
from pips.ui.sound import DRAW, PENALTY, TURN, WIN
from pips.ui.table_choose import Choice

# states of the table
NEXT_ACTOR = const(0)  # ask who acts next (pips.match)
SHOW = const(1)  # a move stays on screen a moment (until show_until)
THINK = const(2)  # a bot thinks (think_seat)
CHOOSE = const(3)  # a human chooses (choice)
REVEAL = const(4)  # a hand revealed to the viewer, until A
WAIT = const(5)  # another device's seat acts (link play: pips.ui.link_model)

# what next_actor() answers when nobody at the table acts now (a seat >= 0:
# the human the device is to be handed to first)
ACTING = const(-1)  # somebody acts: a bot thinks or played, a human chooses
HAND_OVER = const(-2)  # the hand is over, the match goes on
MATCH_OVER = const(-3)  # the hand is over, and the match

_SHOW_MS = const(900)  # how long a bot's move stays before the next one
_SHOW_HUMAN_MS = const(250)  # and a human's
# A bot thinks in slices, a slice a frame, so the screen and the keys stay live:
# as many rollouts as fit _THINK_MS by the App's clock (App.clock_ms, the
# board's ticks_ms), or _SLICE rollouts a frame without a clock (the desktop
# simulator and the tests, which drive the time themselves). How a decision
# is sliced changes nothing in it: the rollouts are the same sequence.
_SLICE = const(4)
_THINK_MS = const(12)


class TableModel:
    """A new match of `game_class` for `players` seats (`levels`: "human" or a
    bot level per seat) with the table `options`, dealt from `seed`; or, with
    `kept` (pips.restore.read_match), the match kept where it stood (dealt
    from `seed`, kept.seed). `data`: the folder the match is kept in after
    every move (None: not kept)."""

    linked = False  # a linked table (pips.ui.link_model) says True
    owner = None  # a linked table's: the guest device holding each seat, -1 the host's
    lost = False  # a linked table's: the device waited for is not heard

    def __init__(self, game_class, players, levels, options, seed, data=None, kept=None):
        self.game_class = game_class
        self.players = players
        self.levels = levels
        if kept is None:
            self.match = Match(game_class, players, options, seed)
            # the bots of the table: one per level, all drawing from one generator
            # seeded from the match's seed (pips.bots' rule)
            rng = bot_rng(seed)
        else:
            self.match = kept.match
            rng = kept.bots
        self.seed = seed
        self.data = data
        self.kept = kept  # the record, made at the first move (keep())
        self.bots = table_bots([None if lv == "human" else lv for lv in levels], rng, game_class)
        owner = self.owner
        self.humans = [s for s in range(players) if levels[s] == "human" and (owner is None or owner[s] < 0)]
        self.viewer = self.humans[0] if len(self.humans) == 1 else -1
        self.buf = bytearray(game_class.max_moves)  # legal moves, for a human's choice
        self.lines = []  # the last four events (pips.ui.events), newest last
        self.view_key = None
        self.show_until = 0
        self.cue = -1  # a sound cue called for (pips.ui.sound), -1: none
        if self.match.game is None:
            self.match.new_hand()
        self.start_hand(kept.turns if kept is not None else None)

    # -- the hands ----------------------------------------------------------------
    def next_hand(self):
        """Deal the match's next hand (the last one goes first)."""
        self.game = self.turns = self.view_key = None
        self.match.new_hand()
        self.start_hand()

    def start_hand(self, turns=None):
        """Play the match's hand (match.game) from where it stands (`turns`: a
        saved hand's turn loop, where its replay left it)."""
        self.game = self.match.game
        self.turns = turns if turns is not None else Turns(self.game)
        self.state = NEXT_ACTOR
        self.choice = None  # what the human acting may pick (pips.ui.table_choose)
        self.think_seat = -1
        if self.viewer >= 0 and len(self.humans) > 1:
            self.viewer = -1  # a new deal: hand the device over again
        lines = self.lines
        lines.extend(events.deal(self.game, self.view_of(max(self.viewer, 0))))
        del lines[:-4]

    def restart_turns(self):
        """The turn loop starts over from the hand as it stands (after a
        resignation, or a replay's)."""
        self.turns = Turns(self.game)

    def view_of(self, seat):
        """game.view(seat), made once per move and seat."""
        game = self.game
        key = self.view_key
        if key is None or key[0] is not game or key[1] != game.moves or key[2] != seat:
            key = self.view_key = (game, game.moves, seat, game.view(seat))
        return key[3]

    def alternative(self):
        """The text of the move under the cursor while a piece's moves are
        picked (the second step), else None: the table band marks its end."""
        return self.choice.alternative() if self.choice is not None else None

    # -- who acts -----------------------------------------------------------------
    def next_actor(self, now):
        """Ask pips.match who acts now, until someone does: a bot out of turn
        plays at once or lets its chance pass; a bot to act starts thinking;
        the viewer is asked (ACTING). Else what must come first: the seat of
        another human to hand the device to, HAND_OVER or MATCH_OVER (the
        match kept is then forgotten, and counted in the statistics). `now`:
        the frame's time, in ms."""
        match = self.match
        turns = self.turns
        while True:
            seat = -1 if match.over else turns.next()
            if seat < 0:
                over = match.over or match.end_hand()
                if over and self.kept is not None:
                    self.kept.over()
                return MATCH_OVER if over else HAND_OVER
            bot = self.bots[seat]
            if self.owner is not None and self.owner[seat] >= 0:
                self.ask_remote(seat)  # another device's seat: asked over the link
                return ACTING
            if turns.out_of_turn(seat):
                if bot is not None:
                    move = bot.choose(self.view_of(seat))
                    if move >= 0:
                        self.play(seat, move, now)
                        return ACTING
                elif seat == self.viewer and self.choose(seat):
                    return ACTING
                continue  # the chance passes
            if bot is not None:
                self.think_seat = seat
                bot.begin(self.view_of(seat))
                self.state = THINK
                return ACTING
            if seat != self.viewer and len(self.humans) > 1:
                return seat
            self.viewer = seat
            self.choose(seat)
            return ACTING

    def hand_to(self, seat):
        """The device passes to the human at `seat`, whose turn it is."""
        self.viewer = seat
        self.choose(seat)

    def choose(self, seat):
        """The human at `seat` chooses a move; False when there is none to choose."""
        choice = Choice(self.view_of(seat), self.buf)
        if not choice.moves:
            return False
        self.choice = choice
        self.state = CHOOSE
        self.cue = TURN
        return True

    def think(self, clock, now):
        """A slice of the thinking bot's decision, its move played once made:
        as many rollouts as fit _THINK_MS by `clock` (the board's ticks_ms),
        or _SLICE of them without one. A move decided late in a slice is
        played in the next frame, so that drawing it does not add to a full
        slice."""
        bot = self.bots[self.think_seat]
        if clock is None:
            move = bot.step(_SLICE)
        else:
            start = clock()
            n = 0
            while True:
                move = bot.step(1)
                n += 1
                spent = ticks_diff(clock(), start)
                if move >= 0:
                    if spent > _THINK_MS // 3:
                        move = -1  # played next frame, when step() answers it at once
                    break
                # stop when one more rollout, of the slice's mean so far, would pass the budget
                if spent + spent // n > _THINK_MS:
                    break
        if move >= 0:
            self.play(self.think_seat, move, now)

    def play(self, seat, move, now):
        """`seat` plays `move`: its events told, the match kept; the move then
        stays on screen a moment (from `now`, the frame's time)."""
        game = self.game
        viewer = self.viewer
        before = events.before(self.view_of(max(viewer, 0)), viewer)
        text = game.move_text(move)
        game.play(seat, move)
        lines = self.lines
        view = self.view_of(max(viewer, 0))
        lines.extend(events.move(game, seat, text, before, view, viewer))
        del lines[:-4]
        if viewer >= 0:  # the cues of the player holding the device
            if game.turn < 0 and game.winner == viewer:
                self.cue = WIN
            elif viewer < len(before[0]) and view.sizes[viewer] > before[0][viewer]:
                self.cue = DRAW if seat == viewer and text == "draw" else PENALTY
        self.keep(seat, move)
        self.choice = None
        self.state = SHOW
        self.show_until = now + (_SHOW_MS if self.bots[seat] is not None else _SHOW_HUMAN_MS)
        if viewer >= 0 and self.view_of(viewer).reveal:
            self.state = REVEAL

    def go_on(self):
        """The move shown, the hand revealed, or a chance out of turn let
        pass: ask who acts next."""
        self.choice = None
        self.state = NEXT_ACTOR

    def resign(self, seat=-1):
        """A human resigns the match: `seat`, else the viewer (the human
        holding the device), else the only human. The table then asks who
        acts next."""
        if seat < 0:
            seat = self.viewer
        if seat < 0 and len(self.humans) == 1:
            seat = self.humans[0]
        match = self.match
        if seat < 0 or seat in match.resigned:
            return
        match.resign_at_table(seat)
        self.restart_turns()
        self.keep(seat, -1)
        self.lines.append(lang.text("resigned", events.seat_name(seat)))
        if self.viewer == seat or len(self.humans) > 1:
            self.viewer = -1  # pass-and-play: no hand shows until the next hand-over
        self.go_on()

    def keep(self, seat, move):
        """Keep the match in the folder `data`, when there is one, after a
        move of `seat` (-1: it resigned): the record (pips.save.MatchSave,
        imported then) is made at the first move."""
        if self.data is None:
            return
        kept = self.kept
        if kept is None:
            from pips.save import MatchSave, Store

            bots = None  # the bots' generator, or the match's when no bot plays
            for bot in self.bots:
                bots = bots or (bot and bot.rng)
            match = self.match
            kept = self.kept = MatchSave(
                Store(self.data, self.lines.append), match, self.levels, self.seed,
                bots or match.rng,
            )
        kept.play(seat, move)
