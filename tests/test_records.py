"""Game records do not change by accident: whole bot matches, every level,
2 and 4 players, checked against records kept in tests/golden/records.json
(match record digests, moves, totals, ranks and hands played of
pips.selfplay.record_match for seeds 0-99, default options).

The suite replays a sample (every level, a few seeds each); the smart and
mixed matches of all 100 seeds take some minutes, so `PIPS_ALL_RECORDS=1`
turns the sample into the whole file. A change that alters the smart bot's
decisions on purpose (its budget, its rule, a game's rollouts) makes the smart
and mixed entries again: record_match(..., keep=False) for every key, one key
a line; random and greedy entries never change with it."""

import json
import os

import pytest

from pips import games, selfplay

HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, "golden", "records.json")) as f:
    RECORDS = json.load(f)

# seeds per level in the sample: smart matches cost seconds each
SAMPLE = {"random": 10, "greedy": 10, "smart": 2, "mixed": 2}


def levels_for(level, players):
    """One level for every seat, or "mixed": seat s plays smart, greedy, random in turn."""
    if level == "mixed":
        return tuple(("smart", "greedy", "random")[s % 3] for s in range(players))
    return level


def _keys():
    every = os.environ.get("PIPS_ALL_RECORDS") == "1"
    out = []
    for key in sorted(RECORDS):
        name, players, level, seed = key.split("/")
        if every or int(seed) < SAMPLE[level]:
            out.append(key)
    return out


def test_the_kept_records_cover_every_game_level_and_table():
    tables = {tuple(k.split("/")[:3]) for k in RECORDS}
    assert tables == {(g, p, l) for g in ("block", "uno") for p in ("2", "4") for l in SAMPLE}
    assert len(RECORDS) == len(tables) * 100


@pytest.mark.parametrize("key", _keys())
def test_a_match_record_is_the_kept_one(key):
    name, players, level, seed = key.split("/")
    players = int(players)
    r = selfplay.record_match(
        games.get(name), players, int(seed), levels_for(level, players), keep=False
    )
    got = [r["digest"], r["moves"], r["totals"], r["ranks"], r["hands_played"]]
    assert got == RECORDS[key], key
