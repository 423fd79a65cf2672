"""Terminal play (`pips play`): humans and bots play a whole match in a text terminal.

Input comes from any stream and output goes to any stream, so tests can script
a whole match. Seats 0..humans-1 are humans, the rest bots. Seats are named as
on the handheld's screens: P1, P2... (seat 0 is P1), in every line printed, in
the move texts (`catch P3`) and in the games' messages. Only the hand of the
human holding the device (the viewer) is ever printed during a hand; with
several humans a hand-over screen clears the terminal, its scrollback too, and
waits for Enter before the next human's hand is shown.

At a move prompt the moves are listed once; `help` lists the commands, `rules`
prints the game's rules page, `moves` lists the moves again. A hand's result and
the match's end wait for Enter on the same input (the end of input counts as
Enter there, so a script never hangs on them).

Who may act comes from pips.match.Turns, as everywhere: after each move of the
seat to act, the seats with a move out of turn are offered it once, in seat
order. A bot answers for itself; of the humans only the one holding the device
(the viewer) is asked, and the others' chances pass (asking would show them the
table through another player's eyes). Resigned seats are never asked. The bots
are pips.bots.table_bots seeded by pips.bots.bot_rng(seed), as in self-play.
"""

import re
import textwrap

from pips import cards, lang, tiles
from pips.bots import bot_rng, table_bots
from pips.games import card as game_card
from pips.match import Match, Turns
from pips.selfplay import MOVE_LIMIT
from pips.ui import events as told  # what happened: the same lines as on the handheld
from pips_sim.words import CATALOGUES as WORDS  # the terminal's own phrases

QUIT = "quit"
RESIGN = "resign"
PLAYED = "played"
HELP = "help"
RULES = "rules"
MOVES = "moves"

_CLEAR = "\n" * 60  # scrolls the previous player's hand off any terminal, ANSI or not
# a real terminal: home, clear the screen, and clear the scrollback (where the
# previous player's hand still is after the newlines)
_CLEAR_ANSI = "\033[H\033[2J\033[3J"
_SEAT = re.compile(r"\bseat ([0-9]+)")


def seat_name(seat):
    """P1, P2...: the handheld's name for a seat (seat 0 is P1)."""
    return "P%d" % (seat + 1)


def seats_named(text):
    """A game's message with its seat numbers written as P names."""
    return _SEAT.sub(lambda m: seat_name(int(m.group(1))), text)


def shown_move(text):
    """A move's text as printed: a trailing seat number (`catch 2`) is the
    seat's P name (`catch P3`), as on the handheld's buttons."""
    words = text.split(" ")
    if len(words) > 1 and words[-1].isdigit():
        words[-1] = seat_name(int(words[-1]))
    return " ".join(words)


def typed_move(text):
    """What the human typed, in the game's notation: a trailing P name or
    number names a seat as printed (`catch P3` and `catch 3` are seat 2)."""
    words = text.split()
    if len(words) < 2:
        return text
    last = words[-1]
    number = last[1:] if last[:1] in ("p", "P") else last
    if not number or not all(c.isdigit() for c in number):
        return text
    if not is_number(number) or len(number) > 3 or int(number) < 1:
        raise ValueError("no player %s: the players are P1, P2..." % last[:10])
    words[-1] = str(int(number) - 1)
    return " ".join(words)


def is_number(word):
    """A move's number from the list: ASCII digits only (int() would read
    other scripts' digits, and refuses 5,000 digits with an error)."""
    return word != "" and all("0" <= c <= "9" for c in word)


def piece_text(view, code):
    if getattr(view, "piece_kind", "tile") == "card":
        return cards.text(code)
    return tiles.text(code)


def amount(n, unit):
    """`1 tile`, `3 tiles`: a count and its unit (tiles, cards, chips,
    points), in the language's plural form."""
    return lang.count(unit, n)


def sentence(line):
    """A game's line as a sentence: capitalised, a full stop at its end."""
    return lang.text("sentence", line[:1].upper() + line[1:])


def _count(value):
    """A pile given as a number or as a sequence, as a number."""
    if isinstance(value, int):
        return value
    try:
        return len(value)
    except TypeError:
        return value


class TermPlay:
    def __init__(
        self,
        game_class,
        players,
        humans=1,
        levels=("smart",),
        seed=0,
        options=None,
        rollouts=-1,
        inp=None,
        out=None,
        first=-1,
        seat_bots=None,
        store=None,
        kept=None,
        language="en",
    ):
        """seat_bots: {seat: bot} to use instead of the bots made from `levels`.
        store: the pips.save.Store the match is kept in after every move, None
        for none; kept: a match read back from it (pips.restore) to play on,
        its humans the first seats (levels and options are its own).
        language: the code of the language played in (pips.lang), English
        by default."""
        lang.use(language, WORDS)
        game_class.check_players(players)
        if not 0 <= humans <= players:
            raise ValueError("%d humans at a %d-player table" % (humans, players))
        self.game_class = game_class
        self.players = players
        self.humans = humans
        levels = list(levels) or ["smart"]
        self.seat_levels = {}
        for k, seat in enumerate(range(humans, players)):
            self.seat_levels[seat] = levels[min(k, len(levels) - 1)]
        self.seed = seed
        self.options = game_class.table(options)
        self.rollouts = rollouts
        self.inp = inp
        self.out = out
        self.first = first
        self.seat_bots = seat_bots
        self.viewer = 0 if humans == 1 else -1  # the human holding the device
        self.buf = bytearray(game_class.max_moves)
        self.match = None
        self.hand_number = 0
        self.store = store
        self.kept = kept
        self.last_move = None  # the last move as told, for the next player after a hand-over
        if kept is not None:
            self.hand_number = kept.match.hands_played

    # -- text in and out ---------------------------------------------------
    def say(self, text=""):
        try:
            self.out.write(text + "\n")
        except UnicodeEncodeError:  # typed text the terminal's encoding cannot show
            encoding = getattr(self.out, "encoding", None) or "ascii"
            self.out.write(text.encode(encoding, "backslashreplace").decode(encoding) + "\n")

    def ask(self, prompt):
        """One line of input (stripped), or None at the end of input."""
        self.out.write(prompt)
        self.out.flush()
        line = self.inp.readline()
        if not line:
            self.say()
            return None
        return line.strip()

    def pause(self, prompt):
        """Wait for Enter (any line; the end of input goes on too)."""
        self.ask(prompt)

    def label(self, seat):
        """`P1 (you)`, `P2 (smart)`; with several humans, a human is `P2`."""
        if seat < self.humans:
            if self.humans == 1:
                return lang.text("you", seat_name(seat))
            return seat_name(seat)
        level = self.seat_levels.get(seat)
        if not level:
            return seat_name(seat)
        return lang.text("bot", seat_name(seat), lang.text("level." + level))

    # -- what is shown -----------------------------------------------------
    def show_table(self, game):
        """The public table, every hand size, totals, the turn, and the viewer's hand only."""
        public = game.view(self.viewer if self.viewer >= 0 else 0)
        match = self.match
        target = self.options.get("target")
        title = self.title()
        if target:
            self.say(lang.text("head.target", title, lang.num(self.hand_number), lang.num(target)))
        else:
            self.say(lang.text("head", title, lang.num(self.hand_number)))
        kind = public.table_kind
        unit = "cards" if public.piece_kind == "card" else "tiles"
        empty = lang.text("empty")
        if kind == "pile":
            self.show_pile(public)
        elif kind == "cross":  # Bergen: the centre, the arms from it out, the bank
            self.say(lang.text("centre", "6-6" if public.phase else empty))
            for arm in range(4):
                pairs = public.arm_pairs(arm)
                self.say(lang.text("named", "NESW"[arm], " ".join("%d-%d" % p for p in pairs) or empty))
            chips = lang.join(
                [lang.text("seat_value", self.label(s), lang.num(public.chips[s])) for s in range(game.players)])
            self.say(lang.text("bank", amount(public.bank, "chips"), chips))
        elif hasattr(public, "line_pairs"):
            pairs = public.line_pairs()
            self.say(lang.text("line", " ".join("%d-%d" % p for p in pairs) if pairs else empty))
            if public.ends:
                self.say(lang.text("ends", public.ends[0], public.ends[1]))
        if kind != "pile" and public.stock is not None:
            stock = lang.game_words(game).get("stock") or lang.text("stock")
            self.say(lang.text("named", stock, amount(public.stock, unit)))
        parts = []
        for seat in range(game.players):
            size = public.sizes[seat]
            text = lang.text("seat", self.label(seat), amount(size, unit), lang.num(match.totals[seat]))
            if seat in match.resigned:
                text = lang.text("resigned", text)
            parts.append(text)
        self.say(lang.text("seats", lang.join(parts, "; ")))
        if self.viewer >= 0 and self.viewer not in match.resigned:
            own = game.view(self.viewer)
            hand = " ".join(piece_text(own, c) for c in own.hand_list())
            if hand and isinstance(getattr(own, "total", None), int):  # Twenty-one's
                hand = lang.text("hand_total", hand, lang.num(own.total))
            if self.humans == 1:
                self.say(lang.text("your_hand", hand or empty))
            else:
                self.say(lang.text("hand_of", seat_name(self.viewer), hand or empty))
            reveal = getattr(own, "reveal", None)
            if reveal:
                self.say(lang.text("shown_to_you", self.pieces(own, reveal)))
        if game.turn >= 0:
            self.say(lang.text("turn", self.label(game.turn)))

    def title(self):
        """The game's name in the chosen language."""
        found = game_card(self.game_class.name)
        return lang.title(found) if found is not None else self.game_class.title

    def pieces(self, view, value):
        if isinstance(value, (list, tuple, bytes, bytearray)):
            return " ".join(piece_text(view, c) if isinstance(c, int) else str(c) for c in value)
        return str(value)

    def show_pile(self, view):
        parts = []
        top = getattr(view, "top", None)
        color = getattr(view, "color", None)
        if isinstance(top, int) and top >= 0:
            parts.append(lang.text("pile.top", cards.text(top)))
        elif top is not None:
            parts.append(lang.text("pile.top", top))
        if isinstance(color, int) and 0 <= color < len(cards.COLORS):
            parts.append(lang.text("pile.colour", cards.COLORS[color]))
        elif color is not None:
            parts.append(lang.text("pile.colour", color))
        direction = getattr(view, "direction", None)
        if direction is not None:
            if isinstance(direction, int):
                direction = lang.text("clockwise" if direction >= 0 else "counter-clockwise")
            parts.append(lang.text("pile.direction", direction))
        for name in ("stock", "discard"):
            value = getattr(view, name, None)
            if callable(value):
                value = value()
            if value is not None:
                parts.append(lang.text("pile." + name, lang.num(_count(value))))
        pending = getattr(view, "pending", None)
        if pending:
            parts.append(lang.text("pile.pending", pending))
        self.say(lang.text("table", lang.join(parts)))

    def describe(self, game, seat, move, text):
        """'P2 (smart) lays 3-5 R', 'P3 (greedy) passes', 'P1 (you): catch P2'."""
        who = self.label(seat)
        text = shown_move(text)
        if text == "pass":
            return lang.text("passes", who)
        if text == "draw":
            return lang.text("draws", who)
        piece = -1
        finder = getattr(game, "move_piece", None)
        try:
            piece = finder(move) if finder is not None else game.view(seat).move_piece(move)
        except (AttributeError, ValueError, IndexError):
            piece = -1
        if piece is not None and piece >= 0:
            verb = "plays" if getattr(game.view(seat), "piece_kind", "tile") == "card" else "lays"
            return lang.text(verb, who, text)
        return lang.text("move", who, text)

    # -- turns ---------------------------------------------------------------
    def needs_hand_over(self, seat):
        return self.humans >= 2 and self.viewer != seat

    def hand_over(self, seat, game):
        """With several humans, clear the screen and wait until `seat`'s player is there."""
        if not self.needs_hand_over(seat):
            return True
        self.out.write(_CLEAR)
        if hasattr(self.out, "isatty") and self.out.isatty():
            self.out.write(_CLEAR_ANSI)  # and clears a real terminal outright
        prompt = lang.text("pass_to", seat_name(seat))
        if self.ask(prompt) is None:
            return False
        self.viewer = seat
        if self.last_move is not None:  # what was just played, the screen cleared since
            self.say(lang.text("just_played", self.last_move))
        self.show_table(game)
        return True

    def list_moves(self, seat, texts, optional):
        if optional:
            self.say(lang.text("may_move", self.label(seat)))
        else:
            self.say(lang.text("your_moves"))
        self.say("  " + "  ".join("%d) %s" % (i + 1, t) for i, t in enumerate(texts)))

    def show_help(self, texts, optional):
        example = texts[0] if texts else "pass"
        lines = [
            lang.text("help.number"),
            lang.text("help.move", example),
            lang.text("help.enter_skip" if optional else "help.enter_one"),
            lang.text("help.moves"),
            lang.text("help.rules", self.title()),
            lang.text("help.resign"),
            lang.text("help.quit"),
            lang.text("help.help"),
        ]
        for line in lines:
            self.say(line)

    def show_rules(self):
        self.say(lang.text("rules_of", self.title()))
        for line in self.game_class.rules():
            if lang.rtl():  # stored in visual order: a paragraph a line, its bullet on the right
                self.say(line + " -")
                continue
            self.say(textwrap.fill(line, 78, initial_indent="- ", subsequent_indent="  "))

    def read_move(self, game, seat, optional, listed=False):
        """A move typed by the human at `seat`: a number from the list or notation.
        Returns a move, -1 to skip (only when optional), QUIT or RESIGN. The
        moves are listed unless `listed` (they were, at this decision)."""
        n = game.legal(seat, self.buf)
        moves = list(self.buf[:n])
        texts = [shown_move(game.move_text(m)) for m in moves]
        if not listed:
            self.list_moves(seat, texts, optional)
        while True:
            prompt = lang.text("ask.optional" if optional else "ask", self.label(seat))
            line = self.ask(prompt)
            if line is None:
                return QUIT
            word = line.lower()
            if word == "":
                if optional:
                    return -1
                if n == 1:
                    return moves[0]
                continue
            if word == QUIT:
                return QUIT
            if word == RESIGN:
                return RESIGN
            if word == HELP or word == "?":
                self.show_help(texts, optional)
                continue
            if word == RULES:
                self.show_rules()
                continue
            if word == MOVES:
                self.list_moves(seat, texts, optional)
                continue
            if is_number(word):
                k = int(word) if len(word.lstrip("0")) <= 6 else 0
                if 1 <= k <= n:
                    return moves[k - 1]
                self.say(lang.text("choose", n))
                continue
            try:
                move = game.parse_move(seat, typed_move(line))
            except ValueError as exc:
                self.say(lang.text("not_understood", seats_named(str(exc))))
                continue
            except (IndexError, KeyError, TypeError) as exc:  # a game's parser missed a case
                self.say(lang.text("not_understood", exc))
                continue
            return move  # play() refuses an illegal one with the game's reason

    def human_move(self, game, seat, optional=False):
        """Read and play one human move; returns PLAYED, QUIT, RESIGN, or None (skipped)."""
        listed = False
        while True:
            move = self.read_move(game, seat, optional, listed)
            listed = True  # a refused move leaves the same moves: not listed again
            if move in (QUIT, RESIGN):
                return move
            if move < 0:
                return None
            text = game.move_text(move)
            before = self.before(game)
            try:
                game.play(seat, move)
            except ValueError as exc:
                self.say(lang.text("refused", seats_named(str(exc))))
                continue
            self.keep(seat, move)
            self.tell(game, seat, move, text, before)
            return PLAYED

    def bot_move(self, game, seat, bot):
        """The bot at `seat` chooses and plays; out of turn it may let the chance pass."""
        move = bot.choose(game.view(seat))
        if move < 0:
            return
        text = game.move_text(move)
        before = self.before(game)
        game.play(seat, move)
        self.keep(seat, move)
        self.tell(game, seat, move, text, before)

    def before(self, game):
        """What the events of the next move are read against (pips.ui.events)."""
        return told.before(game.view(max(self.viewer, 0)), self.viewer)

    def tell(self, game, seat, move, text, before):
        """The move as it was made, then what came of it (pips.ui.events'
        events: who took cards, what the viewer drew, how the hand ended),
        when that says more than the move."""
        self.last_move = self.describe(game, seat, move, text)  # told again after a hand-over
        self.say(self.last_move)
        lines = told.move(game, seat, text, before, game.view(max(self.viewer, 0)), self.viewer)
        if text != "draw" and lines[0] == lang.text("move", seat_name(seat), told.label(text)):
            lines = lines[1:]
        for line in lines:
            self.say("  " + line)

    def keep(self, seat, move):
        """The match kept after a move of `seat` (-1: it resigned), when the
        session keeps it."""
        if self.store is None:
            return
        if self.kept is None:
            from pips.save import MatchSave

            levels = ["human"] * self.humans
            levels += [self.seat_levels[s] for s in range(self.humans, self.players)]
            self.kept = MatchSave(self.store, self.match, levels, self.seed, self.bot_rng)
        self.kept.play(seat, move)

    def resign(self, game, seat):
        """The seat resigns: in the hand too where the game plays on without it."""
        self.say(lang.text("resigns", self.label(seat)))
        self.match.resign(seat)
        if getattr(self.game_class, "resign_in_hand", False) and game.turn >= 0:
            self.resign_in_hand(game, seat)
        self.keep(seat, -1)

    def resign_in_hand(self, game, seat):
        try:
            game.play(seat, game.parse_move(seat, "resign"))
            return True
        except ValueError as exc:
            self.say(lang.text("aside", seats_named(str(exc))))
            return False

    # -- the match ---------------------------------------------------------
    def play_hand(self, game, bots, turns=None):
        """Play the hand out (from where `turns`, a resumed hand's turn loop,
        left it); returns QUIT, or None when the hand (or the match) ended."""
        in_hand = getattr(self.game_class, "resign_in_hand", False)
        resigned = self.match.resigned
        if turns is None:
            turns = Turns(game)
            for line in told.deal(game, game.view(max(self.viewer, 0))):
                self.say(line)
        self.show_table(game)
        shown = game.moves  # the table is shown again before the seat to act, once moved
        seat = turns.next()
        while seat >= 0:
            if game.moves > MOVE_LIMIT:
                raise RuntimeError("the hand passed %d moves" % MOVE_LIMIT)
            result = None
            if turns.out_of_turn(seat):
                # an offer: the bots answer, the viewer is asked, the rest pass
                if seat in resigned:
                    pass
                elif seat >= self.humans:
                    self.bot_move(game, seat, bots[seat])
                elif seat == self.viewer:
                    result = self.human_move(game, seat, optional=True)
            else:
                human = seat < self.humans and seat not in resigned
                handing_over = human and self.needs_hand_over(seat)
                if game.moves != shown:
                    if not handing_over:  # the hand-over shows it to the next player
                        self.show_table(game)
                    shown = game.moves
                if seat in resigned:
                    if not (in_hand and self.resign_in_hand(game, seat)):
                        self.match.over = True  # a resigned seat the game will not skip
                        return None
                elif seat < self.humans:
                    if not self.hand_over(seat, game):
                        return QUIT
                    result = self.human_move(game, seat)
                else:
                    self.bot_move(game, seat, bots[seat])
            if result == QUIT:
                return QUIT
            if result == RESIGN:
                self.resign(game, seat)
                if self.match.over:
                    return None
                turns = Turns(game)  # the loop starts over after a resignation (as a replay's)
            seat = turns.next()
        if game.moves != shown:
            self.show_table(game)
        return None

    def show_hand_result(self, game):
        results = getattr(game, "results", None)  # as the results screen shows them
        lines, words = results() if results is not None else ((), None)
        number = lang.num(self.hand_number)
        if game.players == 1 and lines:
            self.say(lang.text("hand_line", number, lines[0]))
            lines = lines[1:]
        elif game.winner >= 0:
            self.say(lang.text(
                "hand_won", number, self.label(game.winner), lang.num(game.scores[game.winner])))
        else:
            self.say(lang.text("hand_tied", number))
        for line in lines:
            self.say(sentence(line))
        end = told.over(game, game.view(0))
        if end is not None:
            self.say(sentence(end))
        hands = game.info().get("hands")
        if hands:  # the rules show every hand once the hand is over
            shown = []
            for seat, held in enumerate(hands):
                text = " ".join(held) if isinstance(held, (list, tuple)) else str(held)
                if words is not None:
                    text = lang.text("seat_value", text, words[seat])
                shown.append(lang.text("named", self.label(seat), text or lang.text("none_left")))
            self.say(lang.text("left_in_hand", lang.join(shown, "; ")))
        totals = self.match.totals
        self.say(lang.text("totals", lang.join(
            [lang.text("seat_value", self.label(s), lang.num(t)) for s, t in enumerate(totals)])))

    def show_ranks(self):
        ranks = self.match.ranks()
        order = sorted(range(self.players), key=lambda s: (ranks[s], s))
        self.say(lang.text("match_over"))
        for seat in order:
            total = amount(self.match.totals[seat], "points")
            if seat in self.match.resigned:
                total = lang.text("resigned", total)
            self.say(lang.text("rank", lang.num(ranks[seat]), self.label(seat), total))
        winner = self.match.winner()
        if winner >= 0:
            self.say(lang.text("match_won", self.label(winner)))
        else:
            self.say(lang.text("match_shared"))

    def run(self):
        """Play the whole match. Returns the exit code (0, also when a player quits)."""
        kept = self.kept
        if kept is not None:
            match = kept.match
            self.bot_rng = kept.bots
            self.say(lang.text("resumed", self.title(), lang.num(match.hands_played + 1),
                               " ".join(lang.num(t) for t in match.totals)))
        else:
            match = Match(
                self.game_class, self.players, self.options, seed=self.seed, first=self.first
            )
            self.bot_rng = bot_rng(self.seed)
        self.match = match
        bots = self.seat_bots
        if bots is None:
            # None for the humans' seats; a bot per level, one generator for them all
            levels = [self.seat_levels.get(s) for s in range(self.players)]
            bots = table_bots(levels, self.bot_rng, self.game_class, self.rollouts)
        while not match.over:
            turns = None
            if kept is not None and kept.turns is not None:  # the resumed hand
                game = match.game
                turns = kept.turns
                kept.turns = None
            else:
                game = match.new_hand()
            self.hand_number += 1
            if self.play_hand(game, bots, turns) == QUIT:
                self.say(lang.text("quit"))
                if self.kept is not None:
                    self.say(lang.text("kept", game.name))
                return 0
            if game.turn < 0:
                match.end_hand()
                self.show_hand_result(game)
                if not match.over:
                    self.pause(lang.text("next_hand", lang.num(self.hand_number + 1)))
        self.show_ranks()
        if self.kept is not None:
            self.kept.over()  # nothing to resume; the statistics count it
        self.pause(lang.text("finish"))
        return 0
