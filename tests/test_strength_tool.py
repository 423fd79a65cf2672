"""`make bench-strength` (pips_tools.strength): its table on a tiny sample."""

import io

from pips_tools import strength


def test_the_strength_table_has_every_bot_against_random_with_seeds(monkeypatch):
    monkeypatch.setattr(strength, "MATCHES", {"bergen": (4, 4), "uno": (2, 2), "solo": (6, 6)})
    out = io.StringIO()
    strength.table(["bergen", "uno", "solo"], quick=True, out=out)
    rows = [line.split("|")[1:-1] for line in out.getvalue().splitlines()[2:]]
    cells = [[c.strip() for c in r] for r in rows]
    seen = [(c[0], c[1], c[2]) for c in cells]
    assert seen == [
        ("bergen", "2", "random"), ("bergen", "2", "easy"), ("bergen", "2", "greedy"),
        ("bergen", "2", "smart"), ("bergen", "2", "ceiling (sees both hands)"),
        ("uno", "2", "random"), ("uno", "2", "easy"), ("uno", "2", "greedy"), ("uno", "2", "smart"),
        ("uno", "4", "random"), ("uno", "4", "easy"), ("uno", "4", "greedy"), ("uno", "4", "smart"),
        ("solo", "1", "random"), ("solo", "1", "easy"), ("solo", "1", "greedy"),
        ("solo", "1", "smart"),
    ]
    for c in cells:
        won, n = c[3].split("/")
        assert 0 <= int(won) <= int(n) and int(n) == {"bergen": 4, "uno": 2, "solo": 6}[c[0]]
        assert c[6] == "%d..%d" % (strength.SEED, strength.SEED + int(n) - 1)
        assert "[" in c[4] and "%" in c[4]
    assert [c[5] for c in cells if c[2] == "random"] == ["+0.0"] * 4  # the baseline's edge
