"""The whole firmware under the MicroPython unix port: a scripted session that
plays a match through the screens, as tests/test_firmware.py runs it and as
`make bench` measures its heap (64-bit figures, for information: the memory
budget is measured on the emulated Pico, pips_tools.memory).

SESSION runs `firmware/main.py` on the unix_sim board (boards/unix_sim.py):
through the menus as a player would (title, the game's table set-up with the
seats and table option asked for, each bot seat stepped from the first level,
greedy, to smart, Start), then A pressed every third frame (the human P1 plays
its first choice, the others are smart bots) until the match's results show;
it prints what the tests check (bytes sent to the display, moves, frames).
SESSION_KEEP also prints each hand's moves as kept by pips.save. `session_args` works the menu key counts out from the game class.

The board keeps its match, settings and statistics in PIPS_DATA_DIR
(`data_env`: a folder per session). A session starts by forgetting what the
folder holds, unless its first key count is -1: then it resumes the game's
match kept there (the game picked on the title, Resume) and plays it on. It ends at the match's
end, or after max_hands hands or max_frames frames.
It runs the device build's .mpy files, which the port copies into the heap
as a board does from its filesystem; SESSION_ROMFS runs them from a ROMFS
image of the build (pips_tools.mpy.romfs_image, its path the last argument) in
place, as a board runs code from flash. The image itself is read into the
heap, one block of its own size: `smallest_session_heap` leaves it out. Both
name as little as they can: every name is interned for good, in the heap
measured.
"""

import os
import shutil
import tempfile

from pips_tools import mpy

# A session's table, for every game of the registry: up to four seats, P1
# human (keys below), the others smart bots, and the option of a match's
# length (any of these names the game has) at its smallest value.
MATCH_LENGTH = ("target", "wins", "hands")
SEED = 2


def session_table(name):
    """(players, the option set as (key, value) or None, seed) of the game's session."""
    from pips import games

    cls = games.get(name)
    setting = None
    for key, default, allowed in cls.options:
        if key in MATCH_LENGTH and setting is None:
            setting = (key, min(allowed))
    return min(cls.max_players, 4), setting, SEED


def sessions():
    """{game: session_table(game)} for every registered game."""
    from pips import games

    return dict((name, session_table(name)) for name in games.names())


# SESSION_ROMFS's start: the ROMFS image named by the last argument, mounted
# and first on the path.
_ROMFS = r"""
import os
import sys
import vfs

path = sys.argv.pop()
buf = bytearray(os.stat(path)[6])  # the image (`path`, `buf`: names the firmware has anyway)
with open(path, "rb") as f:
    f.readinto(buf)
vfs.mount(vfs.VfsRom(buf), "/rom")
sys.path.insert(0, "/rom")
"""

SESSION = r"""
import gc
import sys

import unix_sim as board
import main
from pips.ui import keys as K

# one argument (pips_tools.firmware_session.session_argv): the game, then the
# menu key counts, max_hands, max_frames, seed, bots
args = [int(a) for a in sys.argv[1].split()[1:]]


def press(mask, n=1):
    for _ in range(n):
        board.press(mask, 1, 2)


if args[0] >= 0:
    if board.data is not None:  # a new session: nothing kept from another
        import os

        try:
            names = os.listdir(board.data)
        except OSError:  # not made yet
            names = ()
        for name in names:
            os.remove(board.data + "/" + name)
    # Through the menus as a player would: title -> the game's table setup -> Start.
    press(K.DOWN, args[0])
    press(K.A)
    press(K.A, args[1])
    press(K.DOWN)  # P1, human
    for _ in range(args[8]):  # each bot seat: greedy -> smart
        press(K.DOWN)
        press(K.A)
    press(K.DOWN, args[2] - 1 - args[8])
    press(K.A, args[3])
    press(K.DOWN, args[4])
    press(K.A)
else:
    press(K.DOWN, args[1])  # the game, marked on the title: its match is kept
    press(K.A)
    press(K.A)  # resume the match kept
# Then A, again and again: plays the first choice, skips the bots' moves, goes on.
board.then(lambda n: K.A if n % 3 == 0 else 0)

display = board.display
# frames, moves, hands, bytes sent at the table, frames at the table, the
# biggest frame's bytes, full frames; then the table, its hand, the hand's
# moves counted, the display's byte count at the last frame
data = [0, 0, 0, 0, 0, 0, 0, None, None, 0, display.bytes_sent]


def on_frame(app, count):
    sent = display.bytes_sent - data[10]
    data[10] = display.bytes_sent
    data[0] = count
    if sent > data[5]:
        data[5] = sent
    if sent >= board.width * board.height * 2:
        data[6] += 1
    screen = app.screen
    if data[7] is None and getattr(screen, "model", None) is not None:
        data[7] = screen
        model = screen.model
        print("table:", model.game_class.name, model.players, "levels", " ".join(model.levels))
    table = data[7]
    if table is None:
        return False
    game = table.model.game
    if game is not data[8]:
        data[8] = game
        data[9] = 0
    if screen is table:
        data[3] += sent
        data[4] += 1
    if game.moves > data[9]:
        data[1] += game.moves - data[9]
        data[9] = game.moves
    data[2] = table.model.match.hands_played
    if table.model.match.over and screen is not table:
        return True
    return data[2] >= args[5] or count >= args[6]


main.run(board, app=main.make_app(board, args[7]), on_frame=on_frame)
match = data[7].model.match
data[7] = data[8] = None
gc.collect()
print("over:", match.over, "totals", match.totals)
print(
    "biggest_frame: %d\nframes: %d\nfull_frames: %d\nhands: %d\nmoves: %d\ntable_bytes: %d\n"
    "table_frames: %d\nbytes_sent: %d\nfree_after: %d"
    % (data[5], data[0], data[6], data[2], data[1], data[3], data[4], display.bytes_sent,
       gc.mem_free())
)
"""

SESSION_ROMFS = _ROMFS + SESSION  # argv: SESSION's, then the image's path


def _watching(session):
    """SESSION, printing also where the hand stands ("position at the table:")
    when it starts at the table and when it ends, and each hand's moves as
    pips.save keeps them ("moves of the hand:", the seat and move bytes); a
    tenth number stops it after so many moves, at the move's frame (a power
    cut). Apart from SESSION, so that its heap figures measure none of it; its
    labels are longer than ten characters, which MicroPython does not intern."""
    where = (
        "printed = [-1]  # the hand whose kept moves were printed last (MatchSave.hand)\n"
        "\n\n"
        "def where(table):\n"
        "    table = table.model\n"
        "    game = table.game\n"
        "    print('position at the table:', table.match.hands_played, game.moves, game.turn,\n"
        "          table.match.totals, [game.view(s).hand_list() for s in range(table.players)])\n"
        "\n\n"
    )
    moves = "print('moves of the hand:', bytes(table.model.kept.moves))\n"
    noted = "printed[0] = table.model.kept.hand\n"
    # (a line of SESSION, what comes before it)
    for line, added in (
        ("def on_frame(app, count):\n", where),
        ("        data[8] = game\n",
         "        if data[8] is not None and table.model.kept is not None:\n            " + moves
         + "            " + noted),
        ("        print(\"table:\"", "        where(screen)\n"),
        ("    return data[2] >= args[5]", "    if len(args) > 9 and data[1] >= args[9]:\n"
         "        return True\n"),
        ("match = data[7].model.match\n", "table = data[7]\nif table.model.kept is not None"
         " and table.model.kept.hand != printed[0]:\n    " + moves
         + "where(table)\ntable = None\n"),
    ):
        at = session.index(line)
        session = session[:at] + added + session[at:]
    return session


SESSION_KEEP = _watching(SESSION)


def _with_keys(session):
    """SESSION pressing only the keys the unix_sim board's scheme has
    (PIPS_SIM_BOARD, `board_env`): "four" moves with RIGHT (the Y key) and
    chooses with A; "two" moves with a tap of RIGHT and chooses by holding it
    (HOLD_READS reads, over the 600 ms of a long press), A never pressed;
    "keyboard" and "joystick" as SESSION. Apart from SESSION, as _watching."""
    session = session.replace(
        "def press(mask, n=1):\n    for _ in range(n):\n        board.press(mask, 1, 2)\n",
        "def press(mask, n=1):\n"
        "    for _ in range(n):\n"
        "        if board.keys == 'two' and mask == K.A:\n"
        "            board.press(K.RIGHT, %d, 2)\n"
        "        elif board.keys in ('two', 'four') and mask == K.DOWN:\n"
        "            board.press(K.RIGHT, 1, 2)\n"
        "        else:\n"
        "            board.press(mask, 1, 2)\n" % HOLD_READS,
    )
    return session.replace(
        "board.then(lambda n: K.A if n % 3 == 0 else 0)\n",
        "if board.keys == 'two':\n"
        "    board.then(lambda n: K.RIGHT if n %% %d < %d else 0)\n"
        "else:\n"
        "    board.then(lambda n: K.A if n %% 3 == 0 else 0)\n" % (HOLD_READS + 3, HOLD_READS),
    )


# a long press on the unix_sim board: its frames are 33 ms at least, so 20
# reads are 660 ms or more, over pips.ui.keys' 600
HOLD_READS = 20
SESSION_KEYS = _with_keys(SESSION)


def session_args(game_name, players, setting=None, max_hands=99, max_frames=40000, seed=1):
    """The menu keys for a match of `players` seats (P1 human, the rest smart bots:
    one A each from the setup's first level) with one table option set,
    `setting` = (key, value) (None: the defaults), worked out from the game
    class."""
    from pips import games

    cls = games.get(game_name)
    title_downs = list(games.names()).index(game_name)
    option_names = [o[0] for o in cls.options]
    at = 0  # the option row the keys go to (the first, left as it is, for none)
    target_presses = 0
    if setting is not None:
        key, value = setting
        at = option_names.index(key)
        allowed = cls.options[at][2]
        target_presses = (allowed.index(value) - allowed.index(cls.options[at][1])) % len(allowed)
    downs_to_target = players + 1 + at  # Seats, P1..Pn, options
    downs_to_start = len(option_names) - at + 1  # ..., Rules, Start
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
        players - 1,
    )


def session_argv(fields, *more):
    """The command line of a session run with the code inline (`-c`, see
    pips_tools.mpy.run_micropython): `fields` (session_args' or resume_args')
    as one argument, then `more` (SESSION_ROMFS's image). The unix port
    interns every argument as a name, in the heap measured: one, not ten."""
    return (" ".join(str(a) for a in fields),) + more


def resume_args(game_name, max_hands=99, max_frames=40000, seed=1):
    """SESSION's arguments that resume the game's match kept in the data folder
    (picked on the title, then resumed)."""
    from pips import games

    title_downs = list(games.names()).index(game_name)
    return ("resume", -1, title_downs, 0, 0, 0, max_hands, max_frames, seed, 0)


# The unix_sim board's clock in a session: each reading moves it on 3 ms (about
# a smart bot's rollout on a Pico), whatever the host: the same session, frame
# for frame, and the same heap, on a fast host and on a busy one.
READ_MS = 3


def data_env(folder):
    """The environment of a session: the unix_sim board keeps its records in
    `folder`, and runs on its own clock (READ_MS)."""
    return {"PIPS_DATA_DIR": folder, "PIPS_SIM_READ_MS": str(READ_MS)}


def board_env(folder, board):
    """data_env, the unix_sim board standing in for `board` (boards/board_table.py):
    its panel's size and its keys."""
    env = data_env(folder)
    env["PIPS_SIM_BOARD"] = board
    return env


def romfs_file(folder):
    """Build the device build for a ROMFS image (pips_tools.mpy.build, -O3, its
    modules named as imported from mpy.ROMFS_MOUNT) in `folder`, and write the
    image there; its path."""
    tree = os.path.join(folder, "rom-tree")
    mpy.build(tree, opt=mpy.DEVICE_OPT, prefix=mpy.ROMFS_MOUNT + "/")
    path = os.path.join(folder, "pips.rom")
    with open(path, "wb") as f:
        f.write(mpy.romfs_image(tree))
    return path


def smallest_session_heap(game, tree, low_k=64, high_k=192, romfs=False):
    """The smallest heap (KiB) the game's session plays its whole match
    in, on the device build `tree` (pips_tools.mpy.build, -O3); romfs: with the
    code in a ROMFS image of it, the image's own size left out."""
    players, setting, seed = session_table(game)
    args = session_args(game, players, setting, seed=seed)
    folder = tempfile.mkdtemp(prefix="pips-session-")  # the image, the board's records
    try:
        image_k = 0
        if romfs:
            rom = romfs_file(folder)
            image_k = os.path.getsize(rom) // 1024
            argv = session_argv(args, rom)
        else:
            argv = session_argv(args)
        data = os.path.join(folder, "data")
        # every run as the first: no folder of records yet (a run leaves its
        # records behind, and a session that finds some clears them first,
        # which the heap would pay for)
        k, _ = mpy.smallest_heap(
            SESSION_ROMFS if romfs else SESSION, low_k + image_k, high_k + image_k, [tree],
            [argv], 300, lambda out: "over: True" in out, data_env(data), inline=True,
            before=lambda: shutil.rmtree(data, ignore_errors=True),
        )
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return k - image_k
