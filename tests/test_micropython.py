"""The core on the real MicroPython unix port: it compiles, it plays the same
games as CPython, and it fits a small heap."""

import os

import pytest

from mpy_support import BUILD_ERRORS, ROOT, build_mpy, needs_micropython, run_micropython
from pips_sim import mpy

pytestmark = [pytest.mark.micropython, needs_micropython]


def test_every_device_file_compiles_with_mpy_cross():
    files = mpy.device_sources()
    assert any(rel == os.path.join("pips", "block.py") for _, rel in files)
    tree = build_mpy()
    assert BUILD_ERRORS == [], "\n\n".join(BUILD_ERRORS)
    for src, rel in files:
        name = os.path.basename(rel)
        target = rel if name == "main.py" else rel[:-3] + ".mpy"
        assert os.path.getsize(os.path.join(tree, target)) > 0, rel


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


def test_package_imports_from_mpy_not_source():
    code = "import pips, pips.block\nprint(pips.__file__)\nprint(pips.block.__file__)\n"
    rc, out, err = run_micropython(code, heap="64K")
    assert rc == 0, out + err
    lines = out.split()
    assert lines[0].startswith(build_mpy()) and lines[0].endswith("__init__.mpy")
    assert lines[1].endswith("block.mpy")
    rc, out, err = run_micropython(code, from_mpy=False)
    assert rc == 0, out + err
    assert out.split()[1] == os.path.join(ROOT, "src", "pips", "block.py")


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


def test_block_matches_are_identical_on_cpython_and_micropython():
    on_cpython, on_micropython = _records_on_both(BLOCK_CASES)
    assert on_cpython.count("hand 0:") == len(BLOCK_CASES)
    assert on_micropython == on_cpython


def _uno_or_skip():
    try:
        from pips.uno import Uno  # noqa: F401
    except ImportError as e:
        pytest.skip("pips.uno does not import yet: %s" % e)


def test_uno_matches_are_identical_on_cpython_and_micropython():
    _uno_or_skip()
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
    on_cpython, on_micropython = _records_on_both(cases)
    assert on_micropython == on_cpython


# -- small heaps ----------------------------------------------------------------

# The smallest -X heapsize (KiB, 64-bit unix port, modules from .mpy) measured
# by `python -m pips_sim.bench` for each run below, plus a margin of 2 KiB:
# the bench bisects the figure again and prints it.
BLOCK_SMART_HEAP_K = 45  # measured 43
UNO_SMART_HEAP_K = 48  # the bar
UNO_HEAP_ROLLOUTS = 8


def _digest_script(name, players, rollouts):
    return (
        "import sys\n"
        "from pips import selfplay\n"
        "from pips.%s import %s as Game\n"
        "r = selfplay.record_match(Game, %d, int(sys.argv[1]), 'smart', %d, keep=False)\n"
        "print(r['digest'], r['moves'], r['hands_played'])\n"
    ) % (name, name.capitalize(), players, rollouts)


def _check_small_heap(name, players, heap_k, seeds, rollouts=-1):
    from pips import games, selfplay

    code = _digest_script(name, players, rollouts)
    for seed in seeds:
        rc, out, err = run_micropython(code, heap="%dK" % heap_k, args=(seed,))
        assert rc == 0, "seed %d under %d KiB: %s" % (seed, heap_k, (out + err)[-600:])
        r = selfplay.record_match(games.get(name), players, seed, "smart", rollouts, keep=False)
        assert out.split() == [str(r["digest"]), str(r["moves"]), str(r["hands_played"])]
        assert r["hands_played"] >= 1 and r["moves"] > 10
    return code


def test_block_smart_match_fits_a_small_heap():
    code = _check_small_heap("block", 2, BLOCK_SMART_HEAP_K, (1, 2, 3, 4))
    # the cap is real: far below the figure the same match runs out of memory
    rc, out, err = run_micropython(code, heap="%dK" % (BLOCK_SMART_HEAP_K // 2), args=(1,))
    assert rc != 0 and "MemoryError" in out + err


def test_uno_ten_player_smart_match_fits_48k():
    _uno_or_skip()
    # A small rollout budget: the rollout world is made once and reused, so the
    # heap a decision needs does not grow with the budget, only its time does.
    _check_small_heap("uno", 10, UNO_SMART_HEAP_K, (1, 2), rollouts=UNO_HEAP_ROLLOUTS)
