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


# -- every game: tests/golden/game_records.json (pips_tools.golden_records) --------------
from pips_tools import golden_records  # noqa: E402

with open(golden_records.PATH) as f:
    GAME_RECORDS = json.load(f)

# seeds of the smart and mixed tables the suite replays (all 20 with PIPS_ALL_RECORDS=1);
# random and greedy tables are replayed for every seed
GAME_SAMPLE = {"random": 20, "greedy": 20, "smart": 5, "mixed": 5}


def test_every_game_has_its_records_at_each_table_size_level_and_seed():
    """A game added to the registry without records fails here: run the generator."""
    assert sorted(GAME_RECORDS) == sorted(golden_records.keys())


def _game_keys():
    every = os.environ.get("PIPS_ALL_RECORDS") == "1"
    return [k for k in golden_records.keys()
            if every or int(k.split("/")[3]) < GAME_SAMPLE[k.split("/")[2]]]


def test_every_game_s_records_are_the_kept_ones():
    """Compared in one test (each record takes milliseconds); the message
    names every record that differs."""
    differ = [k for k in _game_keys() if golden_records.record(k) != GAME_RECORDS.get(k)]
    assert not differ, "records changed (python -m pips_tools.golden_records): %s" % differ
