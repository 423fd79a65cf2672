"""Bot-only matches (`pips run`): whole matches to the game's end, with statistics.

Seating rotates: in match i the bot list is shifted by i, so over a multiple of
the player count every bot sits in every seat equally often. Match i is dealt
from seed + i and played by pips.selfplay.record_match, as every bots-only
match is: the turn loop of pips.match, and one generator for the table's bots
(pips.bots.bot_rng), apart from the deal's, so the deals never depend on which
bots play.
"""

import sys

from pips.selfplay import record_match
from pips_sim import rates

# A match longer than this many hands is a bug in a game: stop instead of looping on.
HAND_LIMIT = 10000


class Progress:
    """A text bar on stderr, redrawn in place; silent when stderr is not a terminal."""

    def __init__(self, total, stream=None, width=30):
        self.total = total
        self.stream = stream if stream is not None else sys.stderr
        self.width = width
        self.enabled = hasattr(self.stream, "isatty") and self.stream.isatty()

    def update(self, done):
        if not self.enabled:
            return
        filled = self.width * done // self.total if self.total else self.width
        self.stream.write(
            "\r[%s%s] %d/%d" % ("#" * filled, "." * (self.width - filled), done, self.total)
        )
        self.stream.flush()

    def close(self):
        if self.enabled:
            self.stream.write("\n")
            self.stream.flush()


def run(game_class, levels, games, seed=0, options=None, rollouts=-1, progress=None):
    """Play `games` matches among the bots `levels` (one per seat, len = players).

    Returns a dict of results, per bot position in the list (see `pips run --json`)."""
    players = len(levels)
    game_class.check_players(players)
    table = game_class.table(options)
    rows = []
    for position, level in enumerate(levels):
        rows.append(
            {
                "position": position,
                "level": level,
                "matches": 0,
                "won": 0,
                "tied": 0,
                "lost": 0,
                "hands": 0,
                "moves": 0,
                "points": 0,
                "seats": [0] * players,
            }
        )
    total_hands = 0
    total_moves = 0
    ties = 0
    for i in range(games):
        match_seed = seed + i
        # seat s is taken by the bot at position (s + i) % players of the list
        entrant = [(s + i) % players for s in range(players)]
        seat_levels = [levels[entrant[s]] for s in range(players)]
        r = record_match(
            game_class, players, match_seed, seat_levels, rollouts, table, False, HAND_LIMIT
        )
        hands = r["hands_played"]
        if hands >= HAND_LIMIT:
            raise RuntimeError("%s match passed %d hands: stopped" % (game_class.name, hands))
        total_hands += hands
        total_moves += r["moves"]
        ranks = r["ranks"]
        winner = ranks.index(1) if ranks.count(1) == 1 else -1  # as Match.winner
        if winner < 0:
            ties += 1
        for s in range(players):
            row = rows[entrant[s]]
            row["hands"] += hands
            row["moves"] += r["moves"]
            row["points"] += r["totals"][s]
            row["matches"] += 1
            row["seats"][s] += 1
            if s == winner:
                row["won"] += 1
            elif winner < 0 and ranks[s] == 1:
                row["tied"] += 1
            else:
                row["lost"] += 1
        if progress is not None:
            progress.update(i + 1)
    if progress is not None:
        progress.close()
    out_rows = []
    for row in rows:
        low, high = rates.wilson(row["won"], row["matches"])
        out_rows.append(
            {
                "position": row["position"],
                "level": row["level"],
                "matches": row["matches"],
                "won": row["won"],
                "tied": row["tied"],
                "lost": row["lost"],
                "win_rate": rates.mean(row["won"], row["matches"]),
                "ci95": [low, high],
                "hands": row["hands"],
                "mean_hand_length": rates.mean(row["moves"], row["hands"]),
                "mean_points_per_hand": rates.mean(row["points"], row["hands"]),
                "seats": row["seats"],
            }
        )
    return {
        "game": game_class.name,
        "players": players,
        "games": games,
        "seed": seed,
        "rollouts": rollouts,
        "options": table,
        "hands": total_hands,
        "ties": ties,
        "mean_hand_length": rates.mean(total_moves, total_hands),
        "bots": out_rows,
    }


def format_table(result):
    """The results as a plain text table."""
    lines = [
        "%s, %d players, %d matches (seeds %d..%d), %d hands, %d tied matches"
        % (
            result["game"],
            result["players"],
            result["games"],
            result["seed"],
            result["seed"] + result["games"] - 1,
            result["hands"],
            result["ties"],
        ),
        "%-4s %-7s %6s %5s %6s %15s %9s %9s %6s"
        % ("bot", "level", "won", "tied", "rate", "95% interval", "moves/h", "points/h", "hands"),
    ]
    for row in result["bots"]:
        lines.append(
            "%-4d %-7s %6d %5d %6.3f  [%5.3f, %5.3f] %9.1f %9.1f %6d"
            % (
                row["position"],
                row["level"],
                row["won"],
                row["tied"],
                row["win_rate"],
                row["ci95"][0],
                row["ci95"][1],
                row["mean_hand_length"],
                row["mean_points_per_hand"],
                row["hands"],
            )
        )
    return "\n".join(lines)
