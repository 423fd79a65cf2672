"""The statistics: per game and bots' level, the matches played and won and
the best score (a human's total), kept as pips.save keeps a match. A match
counts for the strongest bot level at its table; a table of humans only (or
Solitaire) counts as level "human" ("no bots"). Imported when a match ends or
the statistics are shown (pips.settings writes them out): few names, and a
record of fixed-size rows, 9 bytes each: the game's place in the registry,
the level's in pips.match.LEVELS, played and won (2 bytes each), the best
score (3 bytes, signed)."""

from pips.games import names
from pips.match import LEVELS, STRENGTH


def read(store):
    """{(game name, level): [played, won, best]} kept in `store` (None: {})."""
    data = store.read("stats") if store is not None else None
    rows = {}
    games = names()
    if data is not None and len(data) % 9 == 0:
        for at in range(0, len(data), 9):
            row = data[at : at + 9]
            best = (row[6] << 16) | (row[7] << 8) | row[8]
            rows[(games[row[0]], LEVELS[row[1]])] = [
                (row[2] << 8) | row[3], (row[4] << 8) | row[5],
                best - (1 << 24) if best >> 23 else best,
            ]
    return rows


def count(store, match, levels):
    """Count a finished match with a human at its table."""
    level = 0
    best = None  # the best total of a human seat
    for s in range(match.players):
        level = max(level, STRENGTH.index(levels[s]))
        if levels[s] == "human" and (best is None or match.totals[s] > best):
            best = match.totals[s]
    if best is None:
        return
    rows = read(store)
    key = (match.game_class.name, STRENGTH[level])
    row = rows.get(key) or [0, 0, best]
    winner = match.winner()
    won = winner >= 0 and levels[winner] == "human"
    rows[key] = [row[0] + 1, row[1] + won, max(row[2], best)]
    data = bytearray()
    games = names()
    for key in rows:
        played, won, best = rows[key]
        best &= 0xFFFFFF
        data.extend(bytes((games.index(key[0]), LEVELS.index(key[1]), played >> 8, played & 255,
                           won >> 8, won & 255, best >> 16, (best >> 8) & 255, best & 255)))
    store.write("stats", (data,))
