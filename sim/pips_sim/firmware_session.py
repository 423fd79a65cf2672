"""The whole firmware under the MicroPython unix port: a scripted session that
plays a match through the screens, as tests/test_firmware.py runs it and as
`make bench` measures its heap.

SESSION runs `firmware/main.py` on the unix_sim board (boards/unix_sim.py):
through the menus as a player would (title, the game's table set-up with the
seats and target asked for, Start), then A pressed every third frame (the
human P1 plays its first choice, the others are smart bots) until the match's
results show; it prints what the tests check (bytes sent to the display, moves,
frames). `session_args` works the menu key counts out from the game class.
"""

from pips_sim import mpy

SESSIONS = {
    # game: (players, target, seed), P1 human (keys below), the others smart bots
    "uno": (4, 200, 6),
    "block": (2, 50, 2),
}


SESSION = r"""
import gc
import sys

import unix_sim as board
import main
from pips.ui import keys as K

game_name = sys.argv[1]
numbers = [int(a) for a in sys.argv[2:]]
title_downs, seat_presses, downs_to_target, target_presses, downs_to_start = numbers[:5]
max_hands, max_frames, seed = numbers[5:]


def press(mask, n=1):
    for _ in range(n):
        board.press(mask, 1, 2)


# Through the menus as a player would: title -> the game's table setup -> Start.
press(K.DOWN, title_downs)
press(K.A)
press(K.A, seat_presses)
press(K.DOWN, downs_to_target)
press(K.A, target_presses)
press(K.DOWN, downs_to_start)
press(K.A)
# Then A, again and again: plays the first choice, skips the bots' moves, goes on.
board.then(lambda n: K.A if n % 3 == 0 else 0)

display = board.display
stats = {"frames": 0, "moves": 0, "hands": 0, "table_bytes": 0, "table_frames": 0,
         "biggest_frame": 0, "full_frames": 0}
state = {"table": None, "game": None, "moves_seen": 0, "bytes": display.bytes_sent}
FULL = board.width * board.height * 2


def on_frame(app, count):
    sent = display.bytes_sent - state["bytes"]
    state["bytes"] = display.bytes_sent
    stats["frames"] = count
    if sent > stats["biggest_frame"]:
        stats["biggest_frame"] = sent
    if sent >= FULL:
        stats["full_frames"] += 1
    screen = app.screen
    if state["table"] is None and getattr(screen, "match", None) is not None:
        state["table"] = screen
        print("table:", screen.game_class.name, screen.players, "levels", " ".join(screen.levels))
    table = state["table"]
    if table is None:
        return False
    game = table.game
    if game is not state["game"]:
        state["game"] = game
        state["moves_seen"] = 0
    if screen is table:
        stats["table_bytes"] += sent
        stats["table_frames"] += 1
    if game.moves > state["moves_seen"]:
        stats["moves"] += game.moves - state["moves_seen"]
        state["moves_seen"] = game.moves
    stats["hands"] = table.match.hands_played
    if table.match.over and screen is not table:
        return True
    return stats["hands"] >= max_hands or count >= max_frames


app = main.run(board, app=main.make_app(board, seed), on_frame=on_frame)
gc.collect()
table = state["table"]
print("over:", table.match.over, "totals", table.match.totals)
for key in sorted(stats):
    print("%s: %d" % (key, stats[key]))
print("bytes_sent: %d" % display.bytes_sent)
print("free_after: %d" % gc.mem_free())
"""


def session_args(game_name, players, target, max_hands=99, max_frames=40000, seed=1):
    """The menu keys for a match of `players` seats (P1 human, the rest smart bots,
    the setup's default) with the given target, worked out from the game class."""
    from pips import games

    cls = games.get(game_name)
    title_downs = list(games.names()).index(game_name)
    option_names = [o[0] for o in cls.options]
    allowed = cls.options[option_names.index("target")][2]
    default = cls.options[option_names.index("target")][1]
    target_presses = (allowed.index(target) - allowed.index(default)) % len(allowed)
    downs_to_target = players + 1 + option_names.index("target")  # Seats, P1..Pn, options
    downs_to_start = len(option_names) - option_names.index("target") + 1  # ..., Rules, Start
    return (
        game_name,
        title_downs,
        players - cls.min_players,
        downs_to_target,
        target_presses,
        downs_to_start,
        max_hands,
        max_frames,
        seed,
    )


def smallest_session_heap(game, tree, low_k=64, high_k=160):
    """The smallest heap (KiB) the SESSIONS[game] session plays its whole match
    in, on the device build `tree` (pips_sim.mpy.build, -O3)."""
    players, target, seed = SESSIONS[game]
    args = session_args(game, players, target, seed=seed)
    k, _ = mpy.smallest_heap(
        SESSION, low_k, high_k, [tree], [args], 300, lambda out: "over: True" in out
    )
    return k
