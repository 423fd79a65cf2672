"""`make bench-strength` (pips_tools.strength): its table on a tiny sample."""

import io

from pips_tools import reference, strength


def test_the_strength_table_has_every_bot_against_random_with_seeds(monkeypatch):
    monkeypatch.setattr(strength, "MATCHES", {"bergen": (4, 4), "uno": (2, 2), "solo": (6, 6)})
    monkeypatch.setattr(strength, "SEARCH_MATCHES", {"bergen": (2, 2), "uno": (2, 2), "solo": (2, 2)})
    monkeypatch.setitem(reference.SETTINGS, "worlds", 2)
    monkeypatch.setitem(reference.SETTINGS, "playouts", 1)
    monkeypatch.setattr(reference, "REF_SOLO_ORDERS", 2)
    out = io.StringIO()
    strength.table(["bergen", "uno", "solo"], quick=True, jobs=1, out=out)
    lines = out.getvalue().splitlines()
    rows = [line.split("|")[1:-1] for line in lines[2:] if line.startswith("|")]
    cells = [[c.strip() for c in r] for r in rows]
    seen = [(c[0], c[1], c[2]) for c in cells]
    bots = ["random v random", "easy v random", "greedy v random", "smart v random",
            "reference v random", "seeing v random", "smart v reference"]
    assert seen == (
        [("bergen", "2", b) for b in bots]
        + [("uno", "2", b) for b in bots]
        + [("uno", "4", b) for b in bots]
        + [("solo", "1", b) for b in ("random", "easy", "greedy", "smart", "reference", "seeing")]
    )
    search = ("reference", "seeing")
    for c in cells:
        won, n = c[3].split("/")
        tiny = {"bergen": 2, "uno": 2 if c[1] == "2" else 1, "solo": 2} if c[2].split()[0] in search or "v reference" in c[2] \
            else {"bergen": 4, "uno": 2, "solo": 6}
        assert 0 <= int(won) <= int(n) and int(n) == tiny[c[0]]
        assert c[6] == "%d..%d" % (strength.SEED, strength.SEED + int(n) - 1)
        assert "[" in c[4] and "%" in c[4]
    # the baseline's edge, and no edge for a row against another bot than random
    assert [c[5] for c in cells if c[2] in ("random v random", "random")] == ["+0.0"] * 4
    assert [c[5] for c in cells if c[2] == "smart v reference"] == [""] * 3
    # the edge bar, per game at two seats
    verdicts = [line for line in lines if line.startswith("- ")]
    assert [v.split(":")[0] for v in verdicts] == [
        "- bergen at 2 seats", "- uno at 2 seats", "- uno at 4 seats", "- solo (one seat)"]
    assert all(("bar (90% of it) met" in v or "not met" in v) for v in verdicts[:3])


def _verdict(monkeypatch, baseline, smart_v_reference):
    """The table's line for one game, its rows' results given: random against
    itself and smart against the reference as (won, lost, shared), every other
    row at random's rate."""
    monkeypatch.setattr(strength, "MATCHES", {"bergen": (400, 400)})
    monkeypatch.setattr(strength, "SEARCH_MATCHES", {"bergen": (400, 400)})

    def fake_rows(rows, jobs, out=None, seed=strength.SEED):
        return [list(smart_v_reference if other == "reference" else baseline) + [0.0]
                for (_name, _players, _level, other, _n) in rows]

    monkeypatch.setattr(strength, "run_rows", fake_rows)
    out = io.StringIO()
    strength.table(["bergen"], quick=False, jobs=1, out=out)
    return [line for line in out.getvalue().splitlines() if line.startswith("- bergen")][0]


def test_the_reference_beats_smart_only_above_an_equals_rate(monkeypatch):
    """With a fifth of the matches shared, two equals each win 40%: smart
    winning 160 of 400 (lost as many) is no sign of a stronger reference,
    though 40.0% [35.3, 44.9] lies below 50%. Smart's 130 wins, 32.5% [28.1,
    37.2], lie below random's 40% (160 won, 80 shared)."""
    equal = _verdict(monkeypatch, (160, 160, 80), (160, 160, 80))
    assert "does not yet beat" in equal and "smart won 160, lost 160 of 400" in equal
    stronger = _verdict(monkeypatch, (160, 160, 80), (130, 190, 80))
    assert "the reference beats smart" in stronger
    # no shared places: the bar is 50% of the matches
    assert "does not yet beat" in _verdict(monkeypatch, (200, 200, 0), (185, 215, 0))
    assert "the reference beats smart" in _verdict(monkeypatch, (200, 200, 0), (170, 230, 0))


def test_at_four_seats_an_equal_wins_a_quarter():
    """Smart against three references: one seat in four is what it wins
    against equals, so 22.5% [18.7, 26.8] of 400 does not show them
    stronger, where 15.0% [11.8, 18.8] does."""
    from pips_sim import rates

    assert rates.bar_of(100, 10, 400, players=4) == 25.0
    assert not rates.trails(90, 400, 25.0)
    assert rates.trails(60, 400, 25.0)


def test_the_table_is_the_same_on_one_process_and_two(monkeypatch):
    monkeypatch.setattr(strength, "MATCHES", {"block": (3, 3)})
    monkeypatch.setattr(strength, "SEARCH_MATCHES", {"block": (2, 2)})
    monkeypatch.setattr(strength, "CHUNK", 2)
    rows = [r for r in strength.plan(["block"], True) if r[2] != "reference" and r[3] != "reference"
            and r[2] != "seeing"]
    one = [r[:3] for r in strength.run_rows(rows, 1, None)]
    two = [r[:3] for r in strength.run_rows(rows, 2, None)]
    assert one == two


def test_the_level_ladder_names_a_pair_not_apart(monkeypatch):
    """`make bench-levels` (pips_tools.levels) on a tiny sample: every pair's
    row with its seeds, Solitaire's paired deals and the hand lengths; a
    ladder whose top rung is no stronger than the one below (random against
    random) is reported not apart."""
    from pips_tools import levels

    monkeypatch.setattr(levels, "HANDS", (3, 3))
    monkeypatch.setattr(levels, "PAIRS", levels.PAIRS + (("random", "random"),))
    out = io.StringIO()
    failed = levels.ladder(["uno", "solo"], quick=True, jobs=1, out=out, matches=6, seed=5000)
    text = out.getvalue()
    rows = [[c.strip() for c in line.split("|")[1:-1]] for line in text.splitlines()[2:]
            if line.startswith("| uno")]
    assert [r[1] for r in rows] == ["random v random", "easy v random", "greedy v easy",
                                    "smart v greedy", "random v random"]
    assert all(r[-1] == "5000..5005" and int(r[2]) + int(r[3]) + int(r[4]) == 6 for r in rows)
    assert rows[1][7] == "beats it" and rows[1][2] == "6"  # 6 of 6: [61.0, 100]
    assert rows[-1][7] == "not apart"
    assert "uno: random against random" in failed
    assert "Solitaire, 6 deals (seeds 5000..5005)" in text
    assert "uno at 2 seats: all-Easy" in text and "uno at 4 seats" in text
    assert text.rstrip().splitlines()[-1].startswith("not apart: ")


def test_the_level_ladder_refuses_a_bad_command_line(capsys):
    import pytest

    from pips_tools import levels

    for argv in (["--games", "nope"], ["--matches", "-3"], ["--jobs", "0"]):
        with pytest.raises(SystemExit) as stop:
            levels.main(argv)
        assert stop.value.code == 2
        err = capsys.readouterr().err
        assert "error:" in err and "Traceback" not in err
