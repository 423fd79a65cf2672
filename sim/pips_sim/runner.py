"""Bot-only matches (`pips run`): whole matches to the game's end, with statistics.

Seating rotates: in match i the bot list is shifted by i, so over a multiple of
the player count every bot sits in every seat equally often. Each match has its
own seed (seed + i) for the deal; each bot its own generator derived from it, so
the deals never depend on which bots play.
"""

import sys

from pips import bots
from pips.match import Match
from pips.rng import Rng
from pips_sim import stats

# A hand longer than this is a bug in a game (or a bot): stop instead of looping forever.
MOVE_LIMIT = 20000


def bot_rng(seed, seat):
    return Rng(seed * 1000 + 17 + seat)


def make_bots(levels, game_class, seed, rollouts=-1, seats=None):
    """One bot per seat in `seats` (default all): levels[seat] with its own generator."""
    out = {}
    for seat in seats if seats is not None else range(len(levels)):
        out[seat] = bots.make(levels[seat], bot_rng(seed, seat), game_class, rollouts)
    return out


def out_of_turn_seats(game, buf):
    """Seats other than the one to act that have legal moves now (UNO's catch), in
    seat order starting after the turn seat."""
    players = game.players
    start = game.turn if game.turn >= 0 else 0
    found = []
    for k in range(1, players + 1):
        seat = (start + k) % players
        if seat != game.turn and game.legal(seat, buf) > 0:
            found.append(seat)
    return found


def bot_out_of_turn(game, seat, bot):
    """Ask a bot whether it takes an out-of-turn move; -1 for no. Only games that
    declare `out_of_turn = True` have bots able to decide that."""
    if not getattr(type(game), "out_of_turn", False):
        return -1
    move = bot.choose(game.view(seat))
    if move is None or move < 0:
        return -1
    return move


def play_hand(game, seat_bots, buf, on_move=None):
    """Play one hand with bots in every seat; on_move(seat, move, text) after each move."""
    while game.turn >= 0:
        if game.moves > MOVE_LIMIT:
            raise RuntimeError("%s hand passed %d moves: stopped" % (game.name, MOVE_LIMIT))
        seat = game.turn
        move = seat_bots[seat].choose(game.view(seat))
        text = game.move_text(move)
        game.play(seat, move)
        if on_move is not None:
            on_move(seat, move, text)
        for other in out_of_turn_seats(game, buf):
            if game.legal(other, buf) == 0:  # an earlier out-of-turn move closed it
                continue
            move = bot_out_of_turn(game, other, seat_bots[other])
            if move >= 0:
                text = game.move_text(move)
                game.play(other, move)
                if on_move is not None:
                    on_move(other, move, text)


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
    buf = bytearray(game_class.max_moves)
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
        seat_bots = make_bots(seat_levels, game_class, match_seed, rollouts)
        match = Match(game_class, players, table, seed=match_seed)
        while not match.over:
            game = match.new_hand()
            play_hand(game, seat_bots, buf)
            match.end_hand()
            total_hands += 1
            total_moves += game.moves
            for s in range(players):
                row = rows[entrant[s]]
                row["hands"] += 1
                row["moves"] += game.moves
                row["points"] += game.scores[s]
        winner = match.winner()
        ranks = match.ranks()
        if winner < 0:
            ties += 1
        for s in range(players):
            row = rows[entrant[s]]
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
        low, high = stats.wilson(row["won"], row["matches"])
        out_rows.append(
            {
                "position": row["position"],
                "level": row["level"],
                "matches": row["matches"],
                "won": row["won"],
                "tied": row["tied"],
                "lost": row["lost"],
                "win_rate": stats.mean(row["won"], row["matches"]),
                "ci95": [low, high],
                "hands": row["hands"],
                "mean_hand_length": stats.mean(row["moves"], row["hands"]),
                "mean_points_per_hand": stats.mean(row["points"], row["hands"]),
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
        "mean_hand_length": stats.mean(total_moves, total_hands),
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
