"""The core on the real MicroPython unix port: it compiles, it plays the same
games as CPython, and it fits a small heap."""

import os

import pytest

from mpy_support import BUILD_ERRORS, ROOT, build_mpy, needs_micropython, run_micropython
from pips_tools import mpy

on_micropython = pytest.mark.micropython


def _replay(name, players, seed, record, options=None):
    """Play the recorded move texts again through parse_move on the same deals."""
    from pips import games
    from pips.match import Match

    match = Match(games.get(name), players, options, seed)
    for lines in record["hands"]:
        game = match.new_hand()
        for line in lines:
            seat, text = line.split(" ", 1)
            game.play(int(seat), game.parse_move(int(seat), text))
        assert game.turn < 0, "the recorded hand is not over"
        match.end_hand()
    return match


@pytest.mark.parametrize(
    "name, players, seed, levels, options",
    [
        ("block", 2, 3, ("smart", "greedy"), None),
        ("block", 4, 5, ("random", "greedy", "smart", "random"), None),
        ("uno", 3, 2, ("random", "greedy", "random"), None),
        ("uno", 4, 7, ("smart", "greedy", "random", "greedy"), {"mode": "single"}),
    ],
)
def test_a_match_record_replays_to_the_same_result(name, players, seed, levels, options):
    if name == "uno":
        _uno()
    from pips import games, selfplay

    record = selfplay.record_match(games.get(name), players, seed, levels, 16, options)
    assert record["moves"] == sum(len(h) for h in record["hands"]) > 0
    assert record["hands_played"] == len(record["hands"])
    match = _replay(name, players, seed, record, options)
    assert match.totals == record["totals"]
    assert match.ranks() == record["ranks"]
    assert match.over
    again = selfplay.record_match(games.get(name), players, seed, levels, 16, options, keep=False)
    assert again["digest"] == record["digest"] and again["hands"] == []
    other = selfplay.record_match(games.get(name), players, seed + 1, levels, 16, options)
    assert other["hands"] != record["hands"]


def test_random_games_counts_games_and_moves():
    from pips.games.block.game import Block
    from pips.selfplay import random_games

    games, moves = random_games(Block, 2, 50, 1)
    assert games == 50
    # a Block hand lays at least 7 tiles (someone dominoes) and at most all 14 plus passes
    assert 7 * 50 <= moves <= 40 * 50
    assert random_games(Block, 2, 50, 1) == (games, moves)
    assert random_games(Block, 2, 50, 2) != (games, moves)


@on_micropython
@needs_micropython
def test_every_device_file_compiles_with_mpy_cross():
    files = mpy.device_sources()
    assert any(rel == os.path.join("pips", "games", "block", "game.py") for _, rel in files)
    tree = build_mpy()
    assert BUILD_ERRORS == [], "\n\n".join(BUILD_ERRORS)
    for src, rel in files:
        name = os.path.basename(rel)
        target = rel if name == "main.py" else rel[:-3] + ".mpy"
        assert os.path.getsize(os.path.join(tree, target)) > 0, rel


@on_micropython
@needs_micropython
def test_build_recompiles_only_what_changed(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    (src / "a.py").write_text("A = 1\n")
    (src / "b.py").write_text("B = 2\n")
    files = [(str(src / "a.py"), "pips/a.py"), (str(src / "b.py"), "b.py")]
    out = tmp_path / "out"
    assert sorted(mpy.build(str(out), files)) == sorted([os.path.join("pips", "a.mpy"), "b.mpy"])
    assert mpy.build(str(out), files) == []
    later = os.path.getmtime(out / "b.mpy") + 5
    os.utime(src / "b.py", (later, later))
    assert mpy.build(str(out), files) == ["b.mpy"]


@on_micropython
@needs_micropython
def test_a_broken_file_reports_mpy_cross_message(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("def f(:\n    pass\n")
    with pytest.raises(mpy.MpyError, match="SyntaxError"):
        mpy.build(str(tmp_path / "out"), [(str(bad), "bad.py")])
    errors = []
    good = tmp_path / "good.py"
    good.write_text("X = 1\n")
    files = [(str(bad), "bad.py"), (str(good), "good.py")]
    assert mpy.build(str(tmp_path / "out"), files, errors=errors) == ["good.mpy"]
    assert len(errors) == 1 and "bad.py" in errors[0] and "SyntaxError" in errors[0]


@on_micropython
@needs_micropython
def test_package_imports_from_mpy_not_source():
    code = "import pips, pips.games.block.game\nprint(pips.__file__)\nprint(pips.games.block.game.__file__)\n"
    rc, out, err = run_micropython(code, heap="64K")
    assert rc == 0, out + err
    # run from the tree's root, as a board imports: paths relative to it
    assert out.split() == ["pips/__init__.mpy", "pips/games/block/game.mpy"]
    assert os.path.exists(os.path.join(build_mpy(), "pips", "games", "block", "game.mpy"))
    rc, out, err = run_micropython(code, from_mpy=False)
    assert rc == 0, out + err
    assert out.split()[1] == "pips/games/block/game.py"


@on_micropython
@needs_micropython
def test_romfs_image_mounts_and_imports_in_place(tmp_path):
    image = tmp_path / "pips.rom"
    image.write_bytes(mpy.romfs_image(build_mpy()))
    args = ("block", 2, 5, 8, 0, str(image))
    rc, out, err = run_micropython(mpy.SMART_MATCH_SCRIPT, heap="512K", args=args)
    assert rc == 0, out + err
    from pips import games, selfplay

    r = selfplay.record_match(games.get("block"), 2, 5, "smart", 8, keep=False)
    assert out.split() == [str(r["digest"]), str(r["moves"]), str(r["hands_played"])]
    code = (
        "import sys, vfs\n"
        "vfs.mount(vfs.VfsRom(open(sys.argv[1], 'rb').read()), '/rom')\n"
        "sys.path[:] = ['/rom']\n"
        "import pips.games.block.game, pips.ui\n"
        "print(pips.games.block.game.__file__, pips.ui.__file__)\n"
    )
    rc, out, err = run_micropython(code, args=(str(image),))
    assert rc == 0, out + err
    assert out.split() == ["/rom/pips/games/block/game.mpy", "/rom/pips/ui/__init__.mpy"]


# -- the same games on both runtimes ------------------------------------------

# Runs as it is on CPython (exec) and on MicroPython: prints every field of a
# match record in a fixed order (MicroPython's dicts have no insertion order).
_PRINT_RECORDS = """
from pips import games, selfplay

def show(name, players, seed, levels, rollouts=-1, options=None):
    r = selfplay.record_match(games.get(name), players, seed, levels, rollouts, options)
    out = ["%s %d %d %s" % (name, players, seed, " ".join(levels))]
    for i, lines in enumerate(r["hands"]):
        out.append("hand %d: %s" % (i, " | ".join(lines)))
    out.append("moves %d hands %d digest %d" % (r["moves"], r["hands_played"], r["digest"]))
    out.append("totals %s ranks %s" % (" ".join(str(t) for t in r["totals"]),
                                         " ".join(str(k) for k in r["ranks"])))
    return "\\n".join(out)

for case in CASES:
    print(show(*case))
"""


def _records_on_both(cases, heap=None):
    code = "CASES = %r\n%s" % (cases, _PRINT_RECORDS)
    printed = []
    scope = {"print": printed.append}
    exec(compile(code, "<records>", "exec"), scope)
    rc, out, err = run_micropython(code, heap=heap)
    assert rc == 0, out + err
    return "\n".join(printed), out.rstrip("\n")


# (game, players, seed, bot per seat, rollouts (-1: the default), options)
BLOCK_CASES = [
    ("block", 2, 1, ("random", "greedy")),
    ("block", 2, 7, ("smart", "greedy")),
    ("block", 2, 12, ("smart", "smart")),
    ("block", 4, 3, ("random", "greedy", "smart", "smart")),
    ("block", 4, 9, ("smart", "smart", "smart", "smart")),
]


@on_micropython
@needs_micropython
def test_block_matches_are_identical_on_cpython_and_micropython():
    cpython_text, micropython_text = _records_on_both(BLOCK_CASES)
    assert cpython_text.count("hand 0:") == len(BLOCK_CASES)
    assert micropython_text == cpython_text


def _uno():
    """UNO's class, imported for real: an import error fails the test (no skip)."""
    from pips.games import get

    return get("uno")


@on_micropython
@needs_micropython
def test_uno_matches_are_identical_on_cpython_and_micropython():
    _uno()
    # A whole UNO match of smart bots takes too long for the suite: the smart
    # cases play one hand (mode single) on a smaller rollout budget, which
    # changes nothing in what runs, only how often.
    single = {"mode": "single"}
    cases = [
        ("uno", 2, 4, ("random", "greedy")),
        ("uno", 2, 8, ("smart", "greedy"), 16, single),
        ("uno", 3, 5, ("smart", "greedy", "random"), 16, single),
        ("uno", 4, 6, ("smart", "smart", "smart", "smart"), 16, single),
    ]
    cpython_text, micropython_text = _records_on_both(cases)
    assert cpython_text.count("hand 0:") == len(cases)
    assert micropython_text == cpython_text


# The booklet's games (Domino Uno's own cases are in tests/test_domino_uno.py):
# every level, each game's table sizes, a table option each where the game
# has one; the smart bots on a small budget (Twenty-one's and Solitaire's
# decide alike at any budget: their own exact search), short matches.
BOOKLET_CASES = [
    ("draw", 2, 3, ("random", "greedy"), -1, {"wins": 3}),
    ("draw", 2, 8, ("smart", "greedy"), 12, {"wins": 1}),
    ("matador", 2, 4, ("greedy", "random"), -1, {"wins": 3}),
    ("matador", 2, 9, ("smart", "random"), 12, {"wins": 1}),
    ("bergen", 2, 5, ("random", "greedy"), -1, None),
    ("bergen", 3, 6, ("smart", "greedy", "random"), 12, {"hands": 5, "stake": 3}),
    ("bergen", 4, 7, ("random", "random", "greedy", "smart"), 12, {"hands": 5, "chips": 10}),
    ("twentyone", 2, 2, ("greedy", "random"), -1, None),
    ("twentyone", 4, 3, ("smart", "greedy", "random", "smart"), -1, {"wins": 3}),
    ("solo", 1, 5, ("random",), -1, None),
    ("solo", 1, 11, ("greedy",), -1, None),
    ("solo", 1, 1, ("smart",), -1, None),  # a deal won
    ("solo", 1, 0, ("smart",), -1, None),  # a deal lost late
]


@on_micropython
@needs_micropython
def test_the_booklet_games_matches_are_identical_on_cpython_and_micropython():
    cpython_text, micropython_text = _records_on_both(BOOKLET_CASES)
    assert cpython_text.count("hand 0:") == len(BOOKLET_CASES)
    for name in ("draw", "matador", "bergen", "twentyone", "solo"):
        assert cpython_text.count("\n%s " % name) + cpython_text.startswith(name) >= 2
    assert micropython_text == cpython_text


