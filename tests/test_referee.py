"""`pips referee`: scripted line sessions in a real subprocess, checked JSON line by JSON line."""

import json
import subprocess
import sys

import pytest

from pips import tiles
from pips.games import get
from pips.tiles import parse_list as parse_tiles

CLI = [sys.executable, "-m", "pips_sim.cli", "referee"]

# Seat 0 climbs down from 3-3 to 0-0 laying at L; seat 1 climbs up to 6-6 at R and keeps 6-4.
DOMINO_SEAT0 = "3-3 3-2 2-2 2-1 1-1 1-0 0-0"
DOMINO_SEAT1 = "4-3 4-4 5-4 5-5 6-5 6-6 6-4"
# After 0-0, pass, 0-1, 1-1 nobody holds a 0 or a 1: a dead end.
DEAD_SEAT0 = "0-0 1-0 6-6 6-5 6-4 6-3 6-2"
DEAD_SEAT1 = "1-1 5-5 5-4 5-3 5-2 4-4 4-3"


def stacked_text(*hands):
    """A full stacked deal: the given hands first, then the rest of the set as the stock."""
    given = parse_tiles(" ".join(hands))
    rest = [t for t in range(tiles.COUNT) if t not in given]
    return " ".join(tiles.text(t) for t in given + rest)


DOMINO = ("block", "--deal", stacked_text(DOMINO_SEAT0, DOMINO_SEAT1), "--first", "0")
DEAD_END = ("block", "--deal", stacked_text(DEAD_SEAT0, DEAD_SEAT1), "--first", "0")


def hand_pips(texts):
    return sum(int(t[0]) + int(t[2]) for t in texts)


def referee(lines, *args):
    """Run one session; returns (exit code, list of JSON objects, stderr)."""
    proc = subprocess.run(
        CLI + list(args),
        input="".join(line + "\n" for line in lines),
        capture_output=True,
        text=True,
        timeout=60,
    )
    out = [json.loads(line) for line in proc.stdout.splitlines()]
    return proc.returncode, out, proc.stderr


def assert_refused(before, after):
    """A refused line: error set, every other field exactly as before."""
    assert after["error"]
    assert {k: v for k, v in after.items() if k != "error"} == {
        k: v for k, v in before.items() if k != "error"
    }


def test_start_state_of_a_stacked_deal():
    code, out, _ = referee([], *DOMINO)
    assert code == 0
    assert len(out) == 1
    start = out[0]
    for field in ("turn", "legal", "hands", "stock", "line", "ends", "over", "winner", "scores"):
        assert field in start
    assert "error" in start
    assert start["turn"] == 0
    assert sorted(start["hands"][0]) == sorted(DOMINO_SEAT0.split())
    assert sorted(start["hands"][1]) == sorted(
        tiles.text(t) for t in parse_tiles(DOMINO_SEAT1)
    )
    assert start["stock"] == 14
    assert start["line"] == [] and start["ends"] == []
    assert start["over"] is False and start["winner"] is None and start["error"] is None
    assert start["scores"] == [0, 0]
    # any tile opens: each of the 7 once, the 3 non-doubles in both orientations
    assert len(start["legal"]) == 7 + 3
    assert "3-2" in start["legal"] and "2-3" in start["legal"] and "0-0" in start["legal"]


def test_full_hand_to_domino_with_lays_at_both_ends():
    script = [
        "0 3-3",
        "1 4-3",  # fits both ends of 3-3: refused, an end must be named
        "1 3-4 R",
        "0 2-3",  # reversed half order, fits the left end only: accepted
        "1 pass",  # seat 1 holds 4-4, 5-4 and 6-4: no pass
        "1 5-5 L",  # matches neither end
        "1 4-4 R",
        "0 2-2 L",
        "1 4-5",
        "0 1-2 L",
        "1 5-5 R",
        "0 1-1",
        "1 5-6 R",
        "0 0-1 L",
        "1 6-6 R",
        "0 0-0 L",
        "1 6-4",  # the hand is over
    ]
    code, out, err = referee(script, *DOMINO)
    assert code == 0, err
    assert len(out) == len(script) + 1
    after = dict(zip(script, out[1:]))

    opened = after["0 3-3"]
    assert opened["error"] is None
    assert opened["line"] == ["3-3"] and opened["ends"] == [3, 3]
    assert opened["turn"] == 1
    assert sorted(opened["legal"]) == ["3-4 L", "3-4 R"]
    assert_refused(opened, after["1 4-3"])
    assert "both" in after["1 4-3"]["error"]

    right = after["1 3-4 R"]
    assert right["error"] is None
    assert right["line"] == ["3-3", "3-4"] and right["ends"] == [3, 4]
    assert right["turn"] == 0
    assert sorted(right["hands"][1]) == ["4-4", "5-4", "5-5", "6-4", "6-5", "6-6"]

    left = after["0 2-3"]
    assert left["error"] is None
    assert left["line"] == ["2-3", "3-3", "3-4"] and left["ends"] == [2, 4]
    assert "3-2" not in left["hands"][0]

    assert_refused(left, after["1 pass"])
    assert "pass" in after["1 pass"]["error"]
    assert_refused(left, after["1 5-5 L"])
    assert sorted(left["legal"]) == ["4-4 R", "4-5 R", "4-6 R"]

    assert after["1 4-5"]["ends"] == [2, 5]  # unambiguous without the end
    done = after["0 0-0 L"]
    assert done["over"] is True and done["turn"] is None and done["legal"] == []
    assert done["line"] == [
        "0-0", "0-1", "1-1", "1-2", "2-2", "2-3", "3-3", "3-4", "4-4", "4-5", "5-5", "5-6", "6-6"
    ]
    assert done["hands"][0] == [] and done["hands"][1] == ["6-4"]
    assert done["winner"] == 0
    assert done["scores"] == [hand_pips(done["hands"][1]), 0] == [10, 0]
    assert_refused(done, after["1 6-4"])


def test_dead_end_goes_to_the_lower_count():
    script = ["0 0-0", "1 pass", "0 1-0 R", "1 1-1 R"]
    code, out, _ = referee(script, *DEAD_END)
    assert code == 0
    assert [o["error"] for o in out] == [None] * 5
    assert out[1]["legal"] == ["pass"]
    assert sorted(out[2]["legal"]) == ["0-1 L", "0-1 R"]
    end = out[-1]
    assert end["over"] is True and end["turn"] is None
    assert end["ends"] == [0, 1]
    left0, left1 = hand_pips(end["hands"][0]), hand_pips(end["hands"][1])
    assert (left0, left1) == (50, 49)
    assert end["winner"] == 1
    assert end["scores"] == [0, left0]


def test_malformed_lines_change_nothing_and_blank_lines_are_skipped():
    script = ["", "x y", "7 pass", "0", "0 9-9", "0 3-3 Q", "   ", "1 3-3", "0 3-3"]
    code, out, _ = referee(script, *DOMINO)
    assert code == 0
    assert len(out) == 1 + 7  # the two blank lines give no JSON
    for refused in out[1:7]:
        assert_refused(out[0], refused)
    assert out[-1]["error"] is None and out[-1]["line"] == ["3-3"]


def test_play_against_the_referee_to_the_end():
    """Drive a drawn-by-lot hand interactively: one line in, one JSON line out."""
    proc = subprocess.Popen(
        CLI + ["block", "--seed", "7"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        state = json.loads(proc.stdout.readline())
        assert state["turn"] in (0, 1)
        steps = 0
        while not state["over"]:
            assert state["legal"]
            proc.stdin.write("%d %s\n" % (state["turn"], state["legal"][-1]))
            proc.stdin.flush()
            before = state
            state = json.loads(proc.stdout.readline())
            assert state["error"] is None
            assert state["moves"] == before["moves"] + 1
            steps += 1
            assert steps < 60
        proc.stdin.close()
        assert proc.wait(timeout=30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
    counts = [hand_pips(h) for h in state["hands"]]
    if state["winner"] is None:
        assert counts[0] == counts[1] and state["scores"] == [0, 0]
    else:
        w = state["winner"]
        assert state["hands"][w] == [] or counts[w] < counts[1 - w]
        assert state["scores"][w] == counts[1 - w]


@pytest.mark.parametrize(
    "args",
    [
        ["block", "--players", "9"],
        ["block", "--set", "target=30"],
        ["block", "--set", "speed=3"],
        ["block", "--set", "target"],
        ["block", "--deal", "6-6 6-6"],
        ["block", "--deal", "not tiles"],
        ["block", "--first", "2"],
        ["block", "--seed", "many"],
        ["nosuchgame"],
    ],
)
def test_bad_options_exit_2_with_a_message(args):
    code, out, err = referee([], *args)
    assert code == 2
    assert out == []
    assert "error" in err


def test_uno_referee_fields_and_dealer():
    get("uno")  # a real import: an import error fails the test, it does not skip it
    code, out, err = referee(["0 R7 uno", "", "9 draw"], "uno", "--players", "3", "--dealer", "2")
    assert code == 0, err
    start = out[0]
    for field in ("top", "color", "direction", "dealer", "uno", "catchable", "pending", "discard"):
        assert field in start
    assert start["dealer"] == 2
    assert start["turn"] is not None and start["legal"]
    assert len(out) == 3
    assert out[2]["error"] and "9" in out[2]["error"]
    assert_refused(start, out[2])
    code, out, err = referee([], "uno", "--players", "3", "--dealer", "3")
    assert code == 2 and out == [] and "error" in err


def test_uno_referee_reports_moves_out_of_turn_by_the_turn_rule():
    """`out_of_turn` lists the seats other than the one to act that have a legal
    move now (pips.match.may_act_out_of_turn), with those moves."""
    from test_uno import uno_order

    from pips import cards

    reds = "R1 R2 R3 R4 R5 R6 R7"
    order = uno_order(2, {0: reds, 1: reds}, "R9", dealer=0)
    deal = " ".join(cards.text(k) for k in order)
    lines = []
    for card in reds.split()[:6]:
        lines += ["1 " + card, "0 " + card]
    lines[-1:] = ["1 uno"]  # seat 1 played R6 without the call: it calls late, out of turn
    code, out, err = referee(lines, "uno", "--players", "2", "--dealer", "0", "--deal", deal)
    assert code == 0, err
    assert all(o["error"] is None for o in out), [o["error"] for o in out]
    assert out[0]["turn"] == 1 and out[0]["out_of_turn"] == {}
    missed = out[-2]  # seat 1 is down to R7, UNO not called; seat 0 is to act
    assert missed["turn"] == 0 and missed["catchable"] == 1
    assert "catch 1" in missed["legal"]  # the seat to act's catch is one of its moves
    assert missed["out_of_turn"] == {"1": ["uno"]}
    called = out[-1]
    assert called["turn"] == 0 and called["out_of_turn"] == {}
    assert "catch 1" not in called["legal"]


# -- resigning, quoting, clean failure (issue 14, item 7) ------------------------
def test_block_resign_ends_the_hand_with_the_seat_resigned():
    code, out, err = referee(["0 3-3", "1 RESIGN", "0 3-2 L", "1 resign"], *DOMINO)
    assert code == 0, err
    assert out[0]["resigned"] == [] and out[1]["resigned"] == []
    resigned = out[2]
    assert resigned["error"] is None
    assert resigned["resigned"] == [1]
    assert resigned["over"] is True and resigned["turn"] is None
    assert resigned["legal"] == [] and resigned["out_of_turn"] == {}
    assert resigned["winner"] == 0 and resigned["scores"] == [0, 0]  # nothing is scored
    assert resigned["line"] == ["3-3"] and resigned["moves"] == 1
    for later in out[3:]:  # the hand is over: every later line is refused
        assert_refused(resigned, later)
        assert "seat 1 resigned" in later["error"]


def test_block_resign_at_a_larger_table_and_after_the_hand():
    code, out, _ = referee(["2 resign"], "block", "--players", "3", "--seed", "4")
    assert code == 0
    assert out[1]["over"] is True and out[1]["resigned"] == [2]
    assert out[1]["winner"] is None  # two seats left: no winner
    script = ["0 0-0", "1 pass", "0 1-0 R", "1 1-1 R", "0 resign"]
    code, out, _ = referee(script, *DEAD_END)
    assert out[-2]["over"] is True and out[-2]["winner"] == 1
    assert_refused(out[-2], out[-1])
    assert out[-1]["error"] == "the hand is over"


def test_uno_resign_through_the_referee_plays_on():
    get("uno")
    code, out, err = referee(["1 Resign"], "uno", "--players", "3", "--dealer", "0")
    assert code == 0, err
    assert out[1]["error"] is None and out[1]["resigned"] == [1]
    assert out[1]["over"] is False and out[1]["turn"] in (0, 2)
    assert out[1]["hands"][1] == []


def test_errors_quote_the_input_as_typed():
    code, out, _ = referee(["0 X-Y", "0 3-3 Q"], *DOMINO)
    assert "'X-Y'" in out[1]["error"]
    code, out, _ = referee(["9 3-3 Q", "0 3-3", "1 3-4 Q"], *DOMINO)
    assert "'Q'" in out[3]["error"]
    get("uno")
    code, out, _ = referee(
        ["0 qq7", "0 Color Q", "0 CATCH X"], "uno", "--players", "3", "--dealer", "2"
    )
    assert "'qq7'" in out[1]["error"]
    assert "'Q'" in out[2]["error"]
    assert "'X'" in out[3]["error"]


def test_a_seat_is_ascii_digits():
    code, out, _ = referee(["\u0663 3-3", "\u00b2 3-3", "9" * 4000 + " 3-3", "0 3-3"], *DOMINO)
    assert code == 0
    assert "not a seat: '\u0663'" in out[1]["error"]
    assert "not a seat: '\u00b2'" in out[2]["error"]
    assert out[3]["error"].startswith("no seat 999") and len(out[3]["error"]) < 100
    assert out[4]["error"] is None


@pytest.mark.parametrize(
    "env",
    [
        {"LC_ALL": "C.UTF-8"},  # PYTHONIOENCODING unset
        {"LC_ALL": "C.UTF-8", "PYTHONIOENCODING": "utf-8:strict"},  # a strict decoder
    ],
)
def test_bad_utf8_on_stdin_gets_an_error_line(env):
    import os

    environ = {k: v for k, v in os.environ.items() if k != "PYTHONIOENCODING"}
    environ.update(env)
    proc = subprocess.run(
        CLI + list(DOMINO),
        input=b"0 \xff\xfe\n\xc3( 3-3\n0 3-3\n",
        capture_output=True,
        timeout=60,
        env=environ,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == b""
    out = [json.loads(line) for line in proc.stdout.decode("ascii").splitlines()]
    assert len(out) == 4
    assert out[1]["error"].startswith("not a tile") and out[2]["error"].startswith("not a seat")
    assert out[3]["error"] is None and out[3]["line"] == ["3-3"]


def test_ctrl_c_ends_the_referee_with_one_line():
    import signal

    proc = subprocess.Popen(
        CLI + ["block"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # Ctrl-C as a terminal delivers it: a shell without job control starts
        # its background commands (a test run with `&`) with SIGINT ignored,
        # and a child would inherit that
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        # the first position is out: the referee is in its loop, reading a line
        assert json.loads(proc.stdout.readline())["over"] is False
        proc.send_signal(signal.SIGINT)
        # stdin stays open until the referee has gone: an end of input read
        # before the signal is handled would end it cleanly (0), not by Ctrl-C
        proc.wait(timeout=30)
        err = proc.stderr.read()
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.stdin.close()
        proc.stdout.close()
        proc.stderr.close()
    assert proc.returncode == 130
    assert err == "\npips referee: interrupted\n"


@pytest.mark.parametrize("args", [["block", "--seed", "-5"], ["block", "--seed", "\u0663"]])
def test_a_negative_or_foreign_seed_is_refused(args):
    code, out, err = referee([], *args)
    assert code == 2 and out == []
    assert "--seed" in err and "Traceback" not in err


def test_a_bad_stacked_deal_names_what_is_missing_or_doubled():
    from pips import cards
    from pips.checks import check_deal

    deal = stacked_text(DOMINO_SEAT0, DOMINO_SEAT1).replace("6-6", "3-2")
    code, out, err = referee([], "block", "--deal", deal)
    assert code == 2 and out == []
    assert err.strip() == (
        "pips referee: error: a stacked deal must hold every piece once: "
        "3-2 appears twice, 6-6 is missing"
    )
    deck = bytearray(cards.deck())
    w4 = deck[-1]
    deck[0] = w4  # one R0 short, a fifth W+4
    with pytest.raises(ValueError) as refused:
        check_deal(deck, cards.deck(), cards.text)
    assert str(refused.value) == (
        "a stacked deal must hold every piece as often as the set has it: "
        "W+4 appears 5 times, not 4 times, %s is missing" % cards.text(cards.deck()[0])
    )
    with pytest.raises(ValueError) as refused:  # without names: the codes
        check_deal(bytes([0, 0, 2]), bytes([0, 1, 2]))
    assert "piece 0 appears twice, piece 1 is missing" in str(refused.value)
    check_deal(bytes([2, 0, 1]), bytes([0, 1, 2]))  # a permutation passes


def test_a_line_over_4_kib_is_refused_short_and_never_kept_whole():
    """A megabyte line gets a short refusal; a long move text is quoted at
    most 80 characters; a line of 30 MB without a newline is read in pieces
    (the referee's memory never holds it) and refused; play goes on."""
    huge = "0 " + "x" * (1 << 20)
    code, out, _ = referee([huge, "1 " + "y" * 200, "0 3-3"], *DOMINO)
    assert code == 0
    assert out[1]["error"] == "line over 4096 characters: refused"
    assert out[2]["error"].startswith("not a move: 'yyy") and len(out[2]["error"]) < 100
    assert_refused(out[0], out[1])
    for reply in out:
        assert len(json.dumps(reply)) < 2000
    proc = subprocess.run(CLI + list(DOMINO), input="z" * (30 << 20), capture_output=True,
                          text=True, timeout=120)
    replies = [json.loads(line) for line in proc.stdout.splitlines()]
    assert proc.returncode == 0 and replies[-1]["error"] == "line over 4096 characters: refused"
