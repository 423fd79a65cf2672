"""`pips run` and `pips play`: bot statistics and scripted terminal matches."""

import io
import os
import json
import re
import subprocess
import sys

import pytest

from pips.game import Game, View
from pips.games import get
from pips_sim import cli, rates


def run_cli(argv, text=""):
    out = io.StringIO()
    code = cli.main(argv, stdin=io.StringIO(text), stdout=out)
    return code, out.getvalue()


class Responder:
    """A stdin that answers each prompt by looking at what was printed so far."""

    def __init__(self, out, answer):
        self.out = out
        self.answer = answer
        self.prompts = 0

    def readline(self):
        self.prompts += 1
        assert self.prompts < 5000, "the match does not end"
        return self.answer(self.out.getvalue()) + "\n"


# -- run -------------------------------------------------------------------
def test_wilson_interval():
    low, high = rates.wilson(17, 20)
    assert 0.63 < low < 0.65 and 0.94 < high < 0.95  # the textbook values for 17/20
    assert rates.wilson(0, 10)[0] == 0.0 and rates.wilson(10, 10)[1] == 1.0
    low, high = rates.wilson(0, 10)
    assert 0.25 < high < 0.35


def test_run_json_numbers_add_up():
    code, text = run_cli(
        ["run", "block", "--games", "20", "--bots", "smart,random", "--json", "--rollouts", "16"]
    )
    assert code == 0
    result = json.loads(text)
    assert result["games"] == 20 and result["players"] == 2
    rows = result["bots"]
    assert [r["level"] for r in rows] == ["smart", "random"]
    assert sum(r["won"] for r in rows) + result["ties"] == 20
    for r in rows:
        assert r["matches"] == 20
        assert r["won"] + r["tied"] + r["lost"] == 20
        assert 0.0 <= r["win_rate"] <= 1.0
        assert r["win_rate"] == r["won"] / 20
        low, high = r["ci95"]
        assert 0.0 <= low <= r["win_rate"] <= high <= 1.0
        assert r["hands"] == result["hands"] > 0
        assert r["seats"] == [10, 10]  # rotation: every bot in every seat equally
        assert r["mean_hand_length"] > 0 and r["mean_points_per_hand"] >= 0
    # every match reaches the target, so the winners' points add up to at least 100 a match
    points = sum(r["mean_points_per_hand"] * r["hands"] for r in rows)
    assert points >= 100 * 20
    assert rows[0]["won"] > rows[1]["won"]  # the smart bot beats random play


def test_run_is_reproducible_and_prints_a_table():
    argv = ["run", "block", "--games", "4", "--bots", "greedy,random", "--seed", "3", "--json"]
    assert run_cli(argv) == run_cli(argv)
    code, text = run_cli(["run", "block", "--games", "3", "--bots", "greedy", "--players", "3"])
    assert code == 0
    assert "95% interval" in text
    assert len([line for line in text.splitlines() if line.split()[1:2] == ["greedy"]]) == 3


@pytest.mark.parametrize(
    "game, bots", [("block", "greedy,random"), ("uno", "greedy,random,random")]
)
def test_run_plays_the_matches_self_play_records(game, bots):
    """`pips run`'s match i is pips.selfplay.record_match of seed + i, with the bot
    list turned by i seats: one turn loop and one bot-seeding rule for both."""
    from pips.selfplay import record_match

    levels = bots.split(",")
    players = len(levels)
    code, text = run_cli(
        ["run", game, "--games", "3", "--bots", bots, "--seed", "7", "--rollouts", "8", "--json"]
    )
    assert code == 0
    rows = json.loads(text)["bots"]
    points = [0] * players
    hands = 0
    won = [0] * players
    for i in range(3):
        seat_levels = [levels[(s + i) % players] for s in range(players)]
        r = record_match(get(game), players, 7 + i, seat_levels, 8, keep=False)
        hands += r["hands_played"]
        for s in range(players):
            points[(s + i) % players] += r["totals"][s]
        if r["ranks"].count(1) == 1:
            won[(r["ranks"].index(1) + i) % players] += 1
    for position, row in enumerate(rows):
        assert row["hands"] == hands
        assert round(row["mean_points_per_hand"] * row["hands"]) == points[position]
        assert row["won"] == won[position]


def played_lines(text):
    """The moves a terminal match printed, as self-play records them ("seat text"):
    the terminal names seat s P(s+1), in a move's text too (`catch P3`)."""
    lines = []
    for line in text.splitlines():
        said = re.match(r"P(\d) \([\w ]+\)(?: (lays|plays) |: | (passes|draws)$)(.*)", line)
        if said:
            player, verb, word, rest = said.groups()
            rest = re.sub(r" P(\d)$", lambda m: " %d" % (int(m.group(1)) - 1), rest)
            move = {"passes": "pass", "draws": "draw"}.get(word, rest)
            lines.append("%d %s" % (int(player) - 1, move))
    return lines


@pytest.mark.parametrize(
    "game, levels, sets",
    [
        ("block", ["greedy", "random"], []),
        ("uno", ["random"] * 4, ["mode=single"]),  # catches and late calls, out of turn
    ],
)
def test_bots_only_terminal_match_is_the_self_play_match(game, levels, sets):
    """With no humans, `pips play` plays the match pips.selfplay.record_match plays:
    the same turns (out-of-turn moves included) and the same bots from the same
    generator."""
    from pips.selfplay import record_match

    players = len(levels)
    out_of_turn = 0
    for seed in (2, 3, 4):
        argv = ["play", game, "--humans", "0", "--bots", ",".join(levels), "--seed", str(seed)]
        for pair in sets:
            argv += ["--set", pair]
        code, text = run_cli(argv)
        assert code == 0 and "Match over." in text
        options = dict(pair.split("=") for pair in sets)
        r = record_match(get(game), players, seed, levels, options=options)
        assert played_lines(text) == [line for hand in r["hands"] for line in hand]
        shown = {}
        for player, total in re.findall(r"^  \d\. P(\d) \(\w+\), (-?\d+) points", text, re.M):
            shown[int(player) - 1] = int(total)
        assert [shown[s] for s in range(players)] == r["totals"]
        assert len(re.findall(r"^Hand \d+: ", text, re.M)) == r["hands_played"]
        out_of_turn += len(re.findall(r"\): (catch P\d|uno)$", text, re.M))
    assert out_of_turn or game == "block"


@pytest.mark.parametrize(
    "argv",
    [
        ["run", "block", "--games", "2", "--bots", "clever"],
        ["run", "block", "--games", "0"],
        ["run", "block", "--games", "2", "--bots", "random,random,random", "--players", "2"],
        ["run", "block", "--games", "2", "--players", "5"],
        ["play", "block", "--humans", "3", "--players", "2"],
        ["play", "block", "--set", "target=7"],
    ],
)
def test_bad_values_exit_2(argv, capsys):
    code, _ = run_cli(argv)
    assert code == 2
    assert "error" in capsys.readouterr().err


# -- play ------------------------------------------------------------------
def test_play_a_whole_match_choosing_move_1():
    out = io.StringIO()
    code = cli.main(
        ["play", "block", "--set", "target=50", "--seed", "5"],
        stdin=Responder(out, lambda text: "1"),
        stdout=out,
    )
    text = out.getvalue()
    assert code == 0
    assert "Match over. Ranks:" in text
    totals = [int(t) for t in re.findall(r"P\d \(\w+\), (\d+) points", text)]
    assert len(totals) == 2 and max(totals) >= 50
    assert re.search(r"P2 \(Normal\) (lays \d-\d|passes)", text)  # one Normal bot by default
    assert "P1 (you) lays" in text
    # the bot's tiles are never printed while a hand is on (only once it is over)
    during = "\n".join(
        line for line in text.splitlines() if not line.startswith("Left in hand")
    )
    assert "Your hand:" in during and "Hand of" not in during


def test_play_accepts_notation_and_refuses_nonsense():
    out = io.StringIO()
    answers = []

    def answer(text):
        menu = text[text.rindex("Your moves:") :].splitlines()[1]
        options = re.findall(r"\d+\) ([^ ]+(?: [LR])?)", menu)
        k = len(answers)
        answers.append(options[-1])
        if k == 0:
            return "9-9"  # not a tile
        if k == 1:
            return "99"  # no such number
        return options[-1]  # the last move, typed as notation

    code = cli.main(
        ["play", "block", "--set", "target=50", "--bots", "random", "--seed", "11"],
        stdin=Responder(out, answer),
        stdout=out,
    )
    text = out.getvalue()
    assert code == 0
    assert "Not understood" in text and "Choose 1 to" in text
    assert "Match over." in text
    assert sum("P1 (you) lays" in line for line in text.splitlines()) >= 3


def test_two_humans_get_a_hand_over_before_their_tiles_show():
    out = io.StringIO()
    code = cli.main(
        ["play", "block", "--humans", "2", "--players", "2", "--set", "target=50", "--seed", "2"],
        stdin=Responder(out, lambda text: "1"),
        stdout=out,
    )
    text = out.getvalue()
    assert code == 0 and "Match over." in text
    handovers = 0
    holder = None
    for line in text.splitlines():
        pass_to = re.search(r"Pass the device to P(\d), then press Enter", line)
        if pass_to:
            handovers += 1
            holder = int(pass_to.group(1))
            line = line[pass_to.end() :]  # the prompt and the next print share a line
        shown = re.search(r"Hand of P(\d)", line)
        if shown:
            assert holder == int(shown.group(1)), "a hand was shown before its hand-over"
    assert handovers >= 4
    assert text.index("Pass the device") < text.index("Hand of P")
    # the first hand-over comes before any tile of either hand is printed
    first = text[: text.index("Pass the device")]
    assert not re.search(r"\d-\d", first)


def test_resign_and_quit():
    code, text = run_cli(["play", "block", "--seed", "1"], "resign\n" * 3)
    assert code == 0
    assert "P1 (you) resigns." in text
    assert re.search(r"1\. P2 \(Normal\)", text)  # the default: one Normal bot
    assert re.search(r"2\. P1 \(you\), \d+ points \(resigned\)", text)

    code, text = run_cli(["play", "block", "--seed", "1"], "quit\n")
    assert code == 0 and "left unfinished" in text and "Ranks" not in text
    code, text = run_cli(["play", "block", "--seed", "1"], "")  # end of input quits too
    assert code == 0 and "left unfinished" in text
    assert "Seed" not in text
    code, text = run_cli(["play", "block"], "quit\n")  # no seed: one from the clock, printed
    seed = re.match(r"Seed (\d+) \(replay this match with --seed (\d+)\)\n", text)
    assert seed and seed.group(1) == seed.group(2)


def test_bots_only_show_no_hand():
    code, text = run_cli(
        ["play", "block", "--humans", "0", "--bots", "greedy,random", "--set", "target=50",
         "--seed", "4"]
    )
    assert code == 0 and "Match over." in text
    assert "Your hand" not in text and "Hand of" not in text
    assert "P1 (Normal)" in text and "P2 (Random)" in text  # the level names (random: a bot for tests)


def test_console_script_exit_codes():
    play = subprocess.run(
        [sys.executable, "-m", "pips_sim.cli", "play", "block", "--set", "target=50"],
        input="1\n" * 400,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert play.returncode == 0 and "Match over." in play.stdout
    bad = subprocess.run(
        [sys.executable, "-m", "pips_sim.cli", "play", "nosuchgame"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2 and "no game" in bad.stderr


# -- out-of-turn moves, on a toy game ------------------------------------------
ONE, THREE, SNAP = 0, 1, 3
NAMES = ("one", "three", "", "snap")


class Snap(Game):
    """A toy game with an out-of-turn move: when the second move of the hand is a
    "three", every seat but the one that played it may call "snap" (and win the
    hand) until the next move. Seven moves without a snap: a tied hand."""

    name = "snap"
    title = "Snap"
    min_players = 3
    max_players = 3
    options = ()
    max_moves = 4
    out_of_turn = True
    resign_in_hand = False

    @classmethod
    def check_players(cls, players):
        if players != 3:
            raise ValueError("three players")

    @classmethod
    def table(cls, given=None):
        return {}

    @classmethod
    def next_first(cls, first, players, last=None):
        return first

    @classmethod
    def match_over(cls, totals, options, hands_played):
        return True  # one hand

    def __init__(self, players, options=None, rng=None, deal=None, first=0):
        self.players = players
        self.turn = 0
        self.moves = 0
        self.opener = -1  # the seat that played the snappable three, while the window is open
        self.winner = -1
        self.scores = [0] * players

    def legal(self, seat, out):
        if self.turn < 0:
            return 0
        if seat == self.turn:
            out[0] = ONE
            out[1] = THREE
            return 2
        if self.opener >= 0 and seat != self.opener:
            out[0] = SNAP
            return 1
        return 0

    def play(self, seat, move):
        buf = bytearray(4)
        if move not in buf[: self.legal(seat, buf)]:
            raise ValueError("seat %d may not play %r now" % (seat, move))
        self.moves += 1
        if move == SNAP:
            self.winner = seat
            self.scores[seat] = 1
            self.turn = -1
            return
        self.opener = seat if move == THREE and self.moves == 2 else -1
        self.turn = -1 if self.moves >= 7 else (seat + 1) % self.players

    def move_text(self, move):
        return NAMES[move]

    def parse_move(self, seat, text):
        return NAMES.index(text)

    def info(self):
        return {}

    def view(self, seat):
        return SnapView(self, seat)


class SnapView(View):
    piece_kind = "card"
    table_kind = "pile"
    direction = 1  # a pile's (UNO's): play goes round one way

    def __init__(self, game, seat):
        self.game = game
        self.game_class = type(game)
        self.seat = seat
        self.sizes = bytes([1, 1, 1])
        self.top = 0
        self.color = 0

    def hand_list(self):
        return [0]

    def legal(self, out):
        return self.game.legal(self.seat, out)

    def move_piece(self, move):
        return -1


class SnapBot:
    """Snaps whenever it may, else plays a three."""

    def choose(self, view):
        buf = bytearray(4)
        n = view.legal(buf)
        return SNAP if SNAP in buf[:n] else THREE


class SnapFrom(Snap):
    """Snap with the hand opened by the seat the match names."""

    def __init__(self, players, options=None, rng=None, deal=None, first=0):
        Snap.__init__(self, players, options, rng, deal, first)
        self.turn = first


def snap_session(answers, humans=1, first=0):
    from pips_sim.term_play import TermPlay

    out = io.StringIO()
    replies = iter(list(answers) + [""])  # the match's end waits for Enter
    session = TermPlay(
        SnapFrom,
        3,
        humans=humans,
        inp=Responder(out, lambda text: next(replies)),
        out=out,
        first=first,
        seat_bots={s: SnapBot() for s in range(humans, 3)},
    )
    assert session.run() == 0
    return out.getvalue()


def test_a_human_is_offered_an_out_of_turn_move():
    # seat 0 plays one, seat 1 (bot) a three: seat 0 may snap while seat 2 is to act
    text = snap_session(["1", "snap"])
    assert "P1 (you) may move out of turn:" in text
    assert "1) snap" in text
    assert "P1 (you): snap" in text
    assert "P1 (you) wins and scores 1." in text


def test_a_human_may_let_an_out_of_turn_move_go():
    text = snap_session(["1", ""] + ["1"] * 10)
    assert "may move out of turn" in text
    assert "P1 (you): snap" not in text
    assert "tied, nobody scores" in text


def test_of_several_humans_only_the_one_holding_the_device_is_offered():
    # seat 0 plays one, seat 1 a three: seat 0 could snap while seat 2 (a bot) is
    # to act, but seat 1 holds the device: seat 0's chance passes unasked
    answers = ["", "1", "", "2", "", "1", "", "1", "", "1"]
    text = snap_session(answers, humans=2)
    assert "may move out of turn" not in text
    assert "tied, nobody scores" in text
    # seat 1 plays one, the bot at seat 2 a three, seat 0 is to act: seat 1, who
    # holds the device, is offered the snap
    text = snap_session(["", "1", "snap"], humans=2, first=1)
    assert "P2 may move out of turn:" in text
    assert "P2: snap" in text
    assert "P2 wins and scores 1." in text


def test_bots_take_out_of_turn_moves_only_where_the_game_allows():
    from pips.selfplay import play_hand

    game = Snap(3)
    heard = []
    played = play_hand(game, [SnapBot()] * 3, lambda seat, text: heard.append((seat, text)))
    # seats 0 and 1 play threes: seat 0 may snap while seat 2 is to act, and the
    # offer comes before seat 2 acts
    assert game.winner == 0 and game.moves == played == 3
    assert heard == [(0, "three"), (1, "three"), (0, "snap")]

    class NoOutOfTurn(Snap):
        out_of_turn = False

    game = NoOutOfTurn(3)
    assert play_hand(game, [SnapBot()] * 3) == 7
    assert game.winner == -1 and game.moves == 7


# -- generic over the registry: UNO through the same commands ------------------
def test_sim_forwards_its_arguments(monkeypatch):
    import types

    import pips_sim

    seen = []
    fake = types.ModuleType("pips_sim.simulator")
    fake.main = lambda argv: seen.append(argv) or 0
    monkeypatch.setitem(sys.modules, "pips_sim.simulator", fake)
    monkeypatch.setattr(pips_sim, "simulator", fake, raising=False)
    assert cli.main(["sim", "--game", "uno", "--seed", "3"]) == 0
    assert seen == [["--game", "uno", "--seed", "3"]]


def test_run_uno_single_hands():
    get("uno")  # a real import: an import error fails the test, it does not skip it
    code, text = run_cli(
        ["run", "uno", "--games", "3", "--bots", "greedy,random,random", "--set", "mode=single",
         "--json"]
    )
    assert code == 0
    result = json.loads(text)
    assert result["hands"] == 3 and result["players"] == 3
    assert sum(r["won"] for r in result["bots"]) + result["ties"] == 3
    assert [r["seats"] for r in result["bots"]] == [[1, 1, 1]] * 3


def test_play_uno_with_a_resignation():
    get("uno")  # a real import: an import error fails the test, it does not skip it
    code, text = run_cli(
        ["play", "uno", "--players", "3", "--bots", "greedy", "--set", "mode=single", "--seed", "3"],
        "resign\n",
    )
    assert code == 0
    assert "P1 (you) resigns." in text
    assert re.search(r"3\. P1 \(you\), 0 points \(resigned\)", text)
    assert "Match over." in text
    assert "Table: top " in text  # the pile, as the view presents it
    after = text[text.index("resigns.") :]
    assert "Your hand" not in after  # the resigned seat's (empty) hand is not shown
    assert after.count("-- UNO, hand 1") > 3  # the bots play the hand out


def test_play_uno_offers_the_late_uno_call():
    get("uno")  # a real import: an import error fails the test, it does not skip it
    offered = 0
    for seed in range(6):  # the human must get down to one card in some of these
        out = io.StringIO()
        code = cli.main(
            ["play", "uno", "--players", "3", "--bots", "random", "--set", "mode=single",
             "--seed", str(seed)],
            stdin=Responder(out, lambda text: "1"),
            stdout=out,
        )
        text = out.getvalue()
        assert code == 0 and "Match over." in text
        # move 1 is a card played without calling UNO: the late call is offered
        if "P1 (you) may move out of turn:" in text:
            offered += 1
            assert re.search(r"  1\) (uno|catch P\d)\n", text)
    assert offered


# -- the terminal game: commands, pauses, names (issue 14, item 6) -------------
class Tty(io.StringIO):
    """Standard output on a real terminal."""

    def isatty(self):
        return True


def test_help_rules_and_moves_at_the_prompt():
    from pips.games.block.game import Block

    code, text = run_cli(
        ["play", "block", "--seed", "1", "--bots", "random"], "help\nrules\nmoves\nquit\n"
    )
    assert code == 0
    for word in ("help", "rules", "moves", "resign", "quit", "Enter"):
        assert re.search(r"^  %s " % word, text, re.M), word
    assert "Block rules:" in text
    for line in Block.rules():
        assert " ".join(text.split()).count(" ".join(line.split())) == 1  # wrapped, whole
    assert text.count("Your moves:") == 2  # listed once, and again on `moves`


def test_moves_are_listed_once_per_decision():
    # seed 1, P1 first: P1 holds 6-4 6-3 4-4 6-1 5-2 6-0 4-2, no 6-6
    code, text = run_cli(
        ["play", "block", "--seed", "1", "--bots", "random", "--first", "0"],
        "6-6\n9-9\n99\n0\n4-4\nquit\n",
    )
    assert code == 0
    first = text[: text.index("P1 (you) lays 4-4")]
    assert "Refused: 6-6 is not in P1's hand" in first  # the game's message, seats named
    assert "Not understood" in first and first.count("Choose 1 to") == 2
    assert first.count("Your moves:") == 1


@pytest.mark.parametrize("typed", ["\u00b2", "\u0663", "9" * 5000, "1" + "0" * 40])
def test_move_numbers_are_ascii_digits_only(typed):
    """`printf '²\\n' | pips play block --seed 1 --bots random` and a 5,000-digit
    number crashed read_move with ValueError."""
    code, text = run_cli(["play", "block", "--seed", "1", "--bots", "random"], typed + "\nquit\n")
    assert code == 0 and "left unfinished" in text
    if typed.isascii():
        assert "Choose 1 to 12." in text
    else:
        assert "Not understood: not a tile: %r" % typed in text


def test_results_wait_for_enter():
    out = io.StringIO()
    pauses = []

    def answer(text):
        if text.endswith("Press Enter for hand %d " % (len(pauses) + 2)) or text.endswith(
            "Press Enter to finish "
        ):
            pauses.append(text[text.rindex("Press") :])
            return ""
        return "1"

    code = cli.main(
        ["play", "block", "--set", "target=50", "--seed", "5", "--bots", "random"],
        stdin=Responder(out, answer),
        stdout=out,
    )
    text = out.getvalue()
    assert code == 0
    hands = len(re.findall(r"^Hand \d+: ", text, re.M))
    assert hands >= 2
    assert len(pauses) == hands  # one after each hand but the last, one at the end
    assert pauses[-1] == "Press Enter to finish " and text.endswith("Press Enter to finish ")
    # each hand's result comes before its pause, and the next hand after it
    assert text.index("Hand 1: ") < text.index("Press Enter for hand 2") < text.index(
        "-- Block, hand 2"
    )
    assert text.index("Match over.") < text.index("Press Enter to finish")


def test_the_end_of_input_goes_on_at_a_pause():
    code, text = run_cli(
        ["play", "block", "--humans", "0", "--bots", "greedy,random", "--seed", "4"]
    )
    assert code == 0 and "Match over." in text and "Press Enter to finish" in text


def test_seats_are_named_as_on_the_handheld():
    from pips_sim.term_play import seats_named, shown_move, typed_move

    out = io.StringIO()
    code = cli.main(
        ["play", "uno", "--players", "4", "--bots", "random", "--set", "mode=single",
         "--seed", "2"],
        stdin=Responder(out, lambda text: "1"),
        stdout=out,
    )
    text = out.getvalue()
    assert code == 0 and "Match over." in text
    assert not re.search(r"\bseat \d", text)
    assert "Seats: P1 (you) " in text and "P4 (Random)" in text
    assert shown_move("catch 2") == "catch P3" and shown_move("R7 uno") == "R7 uno"
    assert typed_move("catch P3") == typed_move("catch 3") == "catch 2"
    assert typed_move("CATCH p3") == "CATCH 2"
    assert typed_move("3-5 R") == "3-5 R" and typed_move("W+4:G") == "W+4:G"
    with pytest.raises(ValueError):
        typed_move("catch 0")
    with pytest.raises(ValueError):
        typed_move("catch \u0663")
    assert seats_named("it is seat 0's turn, not seat 1's") == "it is P1's turn, not P2's"


def test_pass_and_play_clears_the_scrollback_on_a_terminal():
    argv = ["play", "block", "--humans", "2", "--set", "target=50", "--seed", "2"]
    out = Tty()
    assert cli.main(argv, stdin=Responder(out, lambda text: "1"), stdout=out) == 0
    text = out.getvalue()
    handovers = text.count("Pass the device to P")
    assert handovers >= 4 and text.count("\033[H\033[2J\033[3J") == handovers
    out = io.StringIO()  # not a terminal: newlines only, no escape codes
    assert cli.main(argv, stdin=Responder(out, lambda text: "1"), stdout=out) == 0
    assert "\033" not in out.getvalue() and "Pass the device to P2" in out.getvalue()


# -- clean failure (issue 14, item 7) --------------------------------------------
class Interrupted:
    """A stdin at which the player presses Ctrl-C."""

    def readline(self, size=-1):
        raise KeyboardInterrupt

    def __iter__(self):
        raise KeyboardInterrupt


@pytest.mark.parametrize("argv", [["play", "block", "--seed", "1"], ["referee", "block"]])
def test_ctrl_c_is_one_line_and_exit_130(argv, capsys):
    assert cli.main(argv, stdin=Interrupted(), stdout=io.StringIO()) == 130
    assert capsys.readouterr().err == "\npips %s: interrupted\n" % argv[0]


def test_ctrl_c_in_run(monkeypatch, capsys):
    from pips_sim import runner

    def stop(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(runner, "run", stop)
    assert run_cli(["run", "block", "--games", "5"])[0] == 130
    assert capsys.readouterr().err == "\npips run: interrupted\n"


@pytest.mark.parametrize(
    "argv, said",
    [
        (["play", "block", "--seed", "-5"], "--seed takes a whole number 0 or more, not -5"),
        (["run", "block", "--games", "1", "--seed", "-5"], "--seed takes"),
        (["referee", "block", "--seed", "-5"], "--seed takes"),
        (["play", "block", "--rollouts", "0"], "--rollouts takes 1 to 100000"),
        (["run", "block", "--games", "1", "--rollouts", "-2"], "--rollouts takes"),
        (["run", "block", "--games", "1", "--rollouts", "100001"], "--rollouts takes"),
    ],
)
def test_negative_seeds_and_bad_rollouts_are_usage_errors(argv, said, capsys):
    code, out = run_cli(argv, "quit\n")
    err = capsys.readouterr().err
    assert code == 2 and out == ""
    assert err.startswith("pips %s: error: " % argv[0]) and said in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_rollouts_at_the_bounds_are_accepted():
    for rollouts in ("-1", "1"):
        code, text = run_cli(
            ["run", "block", "--games", "1", "--bots", "smart,random", "--rollouts", rollouts,
             "--set", "target=50", "--json"]
        )
        assert code == 0 and json.loads(text)["rollouts"] == int(rollouts)


@pytest.mark.parametrize("seed", ["\u00b2", "\u0663", "9" * 5000])
def test_a_seed_is_ascii_digits(seed, capsys):
    with pytest.raises(SystemExit) as stop:
        run_cli(["play", "block", "--seed", seed])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "argument --seed: not a whole number" in err and "Traceback" not in err


def test_bad_utf8_on_the_terminal_game():
    env = dict(os.environ, PYTHONIOENCODING="utf-8:strict")
    proc = subprocess.run(
        [sys.executable, "-m", "pips_sim.cli", "play", "block", "--seed", "1", "--bots", "random"],
        input=b"\xff\xfe\n\xc3(\nquit\n",
        capture_output=True,
        timeout=60,
        env=env,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == b""
    assert proc.stdout.count("Not understood".encode()) == 2


# -- pips sim: bad settings are one-line errors --------------------------------
@pytest.mark.parametrize(
    "args, lines, words",
    [
        (["--headless", "--keys", "{missing}"], None, "cannot read the key file"),
        (["--headless", "--keys", "{keys}"], "FOO\n", "no key 'FOO'"),
        (["--headless", "--keys", "{keys}"], "wait x\n", "line 1 ('wait x')"),
        (["--headless", "--keys", "{keys}"], "wait -3\n", "0 or more"),
        (["--headless", "--keys", "{keys}"], "seed abc\n", "a seed is a whole number"),
        (["--headless", "--scale", "0"], None, "--scale must be 1 or more"),
        (["--headless", "--width", "0"], None, "--width must be 1 or more"),
    ],
)
def test_sim_refuses_bad_settings_in_one_line(tmp_path, capsys, args, lines, words):
    keys = tmp_path / "session.keys"
    if lines is not None:
        keys.write_text(lines)
    argv = [a.format(missing=tmp_path / "nowhere.keys", keys=keys) for a in args]
    try:
        code = cli.main(["sim"] + argv)
    except SystemExit as e:  # argparse's usage errors
        code = e.code
    err = capsys.readouterr().err
    assert code == 2 and words in err, err
    assert "Traceback" not in err


def test_sim_without_a_display_says_so_and_stops(monkeypatch, capsys):
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        monkeypatch.delenv(name, raising=False)
    code = cli.main(["sim"])
    err = capsys.readouterr().err
    assert code == 1 and "no display" in err and err.count("\n") == 1


# -- the match kept (pips.save) --------------------------------------------------


class Terminal(io.StringIO):
    """A stdin that says it is a terminal."""

    def isatty(self):
        return True


def kept_files(folder):
    """The kept matches' record files in `folder`, with their bytes."""
    out = {}
    for name in sorted(os.listdir(folder)) if os.path.isdir(folder) else ():
        if name.startswith("match-"):
            with open(os.path.join(folder, name), "rb") as f:
                out[name] = f.read()
    return out


def test_a_quit_match_is_kept_and_resumed_to_the_same_end(tmp_path, monkeypatch, capsys):
    """Every move is kept in the data folder, a match per game; a match quit
    mid-hand plays on with --resume (no question asked) to the very end an
    uninterrupted match reaches; without a terminal a kept match is never
    replaced (the new match is not saved, said on stderr) unless --new; at a
    terminal `pips play` asks, and asks again before replacing it; `pips
    stats` counts the match."""
    monkeypatch.setenv("PIPS_DATA_DIR", str(tmp_path / "whole"))
    argv = ["play", "block", "--set", "target=50", "--seed", "5", "--bots", "greedy"]
    code, whole = run_cli(argv, "1\n" * 400)
    assert code == 0 and "Match over" in whole
    ranks = whole[whole.index("Match over") :]

    cut = tmp_path / "cut"
    monkeypatch.setenv("PIPS_DATA_DIR", str(cut))
    capsys.readouterr()
    code, text = run_cli(["play", "block", "--resume"])
    assert code == 2 and capsys.readouterr().err == "pips play: error: no match of Block is kept\n"
    code, first = run_cli(argv, "1\n" * 9 + "quit\n")
    assert code == 0 and "--resume" in first
    kept = kept_files(cut)
    assert list(kept) == ["match-block", "match-block.old"]

    # no terminal: the kept match stays, the new one is not saved
    code, piped = run_cli(argv, "1\n" * 12 + "quit\n")
    assert code == 0 and "Resume it?" not in piped
    err = capsys.readouterr().err
    assert err == ("pips: a match of Block is kept: this one is not saved (--new replaces it, "
                   "--resume plays it on)\n")
    assert kept_files(cut) == kept
    # another game's match is its own
    code, text = run_cli(["play", "uno", "--resume"])
    assert code == 2 and "no match of UNO is kept" in capsys.readouterr().err
    code, text = run_cli(["play", "nosuchgame", "--resume"])
    assert code == 2 and "no game 'nosuchgame'" in capsys.readouterr().err

    # a terminal: asked; no, and no again: nothing played, the match stays
    out = io.StringIO()
    code = cli.main(argv, stdin=Terminal("n\nn\n"), stdout=out)
    assert code == 0 and kept_files(cut) == kept
    assert "A match of Block is kept (hand 2, totals 9 0). Resume it? [Y/n]" in out.getvalue()
    assert "Start a new match of Block? The kept one is lost. [y/N]" in out.getvalue()
    # yes: resumed, with a word that says so
    out = io.StringIO()
    code = cli.main(argv, stdin=Terminal("y\n" + "quit\n"), stdout=out)
    assert "Resumed: Block, hand 2 (totals 9 0)." in out.getvalue()

    code, again = run_cli(["play", "block", "--resume"], "1\n" * 400)
    assert code == 0 and again[again.index("Match over") :] == ranks
    code, stats = run_cli(["stats"])
    assert code == 0 and re.search(r"Block +Normal +[01]/1 ", stats)
    assert kept_files(cut) == {}

    # --new replaces a kept match without asking
    run_cli(argv, "1\n" * 9 + "quit\n")
    kept = kept_files(cut)
    run_cli(["play", "block", "--seed", "6", "--new"], "1\n" * 4 + "quit\n")
    assert kept_files(cut)["match-block"] != kept["match-block"]
    capsys.readouterr()
    code, text = run_cli(["play", "block", "--resume", "--new"])
    assert code == 2 and "not both" in capsys.readouterr().err


def test_a_data_folder_that_cannot_be_used_is_said_once_and_play_goes_on(tmp_path, monkeypatch,
                                                                         capsys):
    """PIPS_DATA_DIR a file, or a folder where a record's new file goes: one
    line on stderr, and the match is played to its end, exit 0."""
    a_file = tmp_path / "file"
    a_file.write_bytes(b"x")
    monkeypatch.setenv("PIPS_DATA_DIR", str(a_file))
    argv = ["play", "block", "--set", "target=50", "--seed", "5", "--bots", "greedy"]
    code, text = run_cli(argv, "1\n" * 400)
    err = capsys.readouterr().err
    assert code == 0 and "Match over" in text
    assert err == "pips: %s is not a folder: this match is not saved\n" % a_file
    folder = tmp_path / "data"
    (folder / "match-block.new").mkdir(parents=True)
    monkeypatch.setenv("PIPS_DATA_DIR", str(folder))
    code, text = run_cli(argv, "1\n" * 400)
    err = capsys.readouterr().err
    assert code == 0 and "Match over" in text
    assert err == "pips: could not save match-block: a folder is in the way\n"
    code, text = run_cli(["play", "block", "--resume"])
    assert code == 2 and "no match of Block is kept" in capsys.readouterr().err


def test_the_terminal_offers_to_resume_under_a_real_terminal(tmp_path):
    """The reproducer: `pips play block` in a terminal (a pty), one move,
    quit; `pips play block` again asks to resume the kept match."""
    import pty
    import subprocess
    import sys as _sys

    env = dict(os.environ, PIPS_DATA_DIR=str(tmp_path / "data"))

    def session(answers):
        main, child = pty.openpty()
        proc = subprocess.Popen(
            [_sys.executable, "-m", "pips_sim.cli", "play", "block", "--seed", "3"],
            stdin=child, stdout=child, stderr=child, env=env, close_fds=True)
        os.close(child)
        seen = b""
        for prompt, answer in answers:
            while prompt not in seen:
                try:
                    chunk = os.read(main, 4096)
                except OSError:
                    chunk = b""
                assert chunk, "ended before %r: %r" % (prompt, seen[-300:])
                seen += chunk
            os.write(main, answer)
        proc.wait(timeout=60)
        try:
            while True:
                chunk = os.read(main, 4096)
                if not chunk:
                    break
                seen += chunk
        except OSError:
            pass
        os.close(main)
        return seen.decode("utf-8", "replace")

    first = session([(b"Your move", b"1\n"), (b"Your move", b"quit\n")])
    assert "kept" in first
    second = session([(b"Resume it? [Y/n]", b"y\n"), (b"Your move", b"quit\n")])
    assert "A match of Block is kept (hand 1" in second and "Resumed: Block, hand 1" in second


# -- one-line errors, checks and counts ---------------------------------------------


@pytest.mark.parametrize("argv,says", [
    (["play", "block", "--first", "-1"], "pips play: error: --first: no seat -1 at a 2-player table"),
    (["play", "block", "--first", "2"], "pips play: error: --first: no seat 2 at a 2-player table"),
    (["play", "block", "--bots", "smart,,random"], "pips play: error: --bots takes levels"),
    (["play", "block", "--bots", "expert"], "pips play: error: no bot level 'expert'"),
    (["play", "solo", "--players", "2"], "pips play: error: Solitaire takes 1 player, not 2"),
    (["play", "block", "--set", "target=abc"], "pips play: error: option target takes 50 or 100"),
    (["play", "block", "--seed", "x"], "pips play: error: argument --seed: not a whole number"),
    (["stats", "--foo"], "pips stats: error: unrecognized arguments: --foo"),
    (["play"], "pips play: error: the following arguments are required: game"),
    (["referee", "block", "--first", "5"], "pips referee: error: --first: no seat 5"),
    (["sim", "--seed", "-1"], "pips sim: error: --seed takes a whole number 0 or more"),
    (["sim", "--headless", "--frames", "-5"], "pips sim: error: --frames takes 1 or more"),
    (["sim", "--headless", "--width", "100000", "--height", "100000"],
     "pips sim: error: 100000x100000 at 2x is over 1280x960 pixels"),
    (["sim", "--headless", "--scale", "9"], "pips sim: error: 240x135 at 9x is over 1280x960"),
])
def test_bad_arguments_are_one_line_and_exit_2(argv, says, capsys):
    """Every refusal of the command line is one line on stderr, exit 2, and
    says it before anything else is printed (no seed line first)."""
    try:
        code = cli.main(argv, stdin=io.StringIO(""), stdout=io.StringIO())
    except SystemExit as exc:  # argparse's own refusals leave this way
        code = exc.code
    captured = capsys.readouterr()
    assert code == 2, captured
    assert captured.err.startswith(says) and captured.err.count("\n") == 1, captured.err
    assert "Seed" not in captured.out


def test_the_headless_simulator_runs_the_frames_asked_for(capsys):
    assert cli.main(["sim", "--headless", "--frames", "3"]) == 0
    assert capsys.readouterr().out.startswith("3 frames, screen TitleScreen")


def test_the_levels_go_by_one_set_of_names():
    """Easy, Normal, Hard on every surface; the command line takes them and
    the bots' names alike."""
    assert cli.parse_levels("easy,Normal,HARD") == ["easy", "greedy", "smart"]
    assert cli.parse_levels("random,greedy,smart") == ["random", "greedy", "smart"]
    code, text = run_cli(["play", "block", "--humans", "0", "--bots", "hard,easy",
                          "--set", "target=50", "--seed", "2"], "\n" * 100)
    assert "P1 (Hard)" in text and "P2 (Easy)" in text and "smart" not in text


def test_bergen_and_draw_show_their_whole_table_in_the_terminal():
    """Bergen: the centre once 6-6 is laid, the arms, the bank and every
    seat's chips; Draw: the reserve's tiles. Counts read 1 tile, 2 tiles."""
    code, text = run_cli(["play", "bergen", "--humans", "0", "--bots", "normal", "--seed", "3"],
                         "\n" * 200)
    assert "Centre: (empty)" in text and "Centre: 6-6" in text
    assert re.search(r"Bank: \d+ chips?; chips: P1 \(Normal\) \d+, P2 \(Normal\) \d+", text)
    code, text = run_cli(["play", "draw", "--humans", "0", "--bots", "normal", "--seed", "3"],
                         "\n" * 200)
    assert "Reserve: 14 tiles" in text and re.search(r"Reserve: 1[0-3] tiles", text)
    assert not re.search(r"\b1 points\b|\b1 tiles\b", text)


def test_a_count_taken_is_the_pieces_listed():
    """Every "you take N" names N pieces on the next line, and every piece new
    in the hand is told, in Solitaire (a lay, then as many turned up as the
    round laid) and in UNO (draws, penalties)."""
    checked = 0
    for argv in (["play", "solo"], ["play", "uno", "--players", "3", "--bots", "easy"]):
        for seed in range(12):
            code, text = run_cli(argv + ["--seed", str(seed)], "1\n" * 300)
            lines = text.splitlines()
            for i, line in enumerate(lines):
                taken = re.search(r"you take (\d+)$|P1 drew (\d+)$", line)
                if taken:
                    n = int(taken.group(1) or taken.group(2))
                    listed = re.match(r"\s*(?:into your hand: |you drew )(.*)", lines[i + 1])
                    assert listed and len(listed.group(1).split()) == n, (seed, line, lines[i + 1])
                    checked += 1
    assert checked > 50


def test_after_a_hand_over_the_next_player_sees_what_was_just_played():
    code, text = run_cli(["play", "block", "--humans", "2", "--seed", "3"], "1\n\n1\n\nquit\n")
    after = text.split("Pass the device to P1, then press Enter")[1]
    assert after.lstrip().startswith("Just played: P2 lays 3-0")
