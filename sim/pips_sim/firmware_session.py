"""The whole firmware under the MicroPython unix port: a scripted session that
plays a match through the screens, as tests/test_firmware.py runs it and as
`make bench` measures its heap.

SESSION runs `firmware/main.py` on the unix_sim board (boards/unix_sim.py):
through the menus as a player would (title, the game's table set-up with the
seats and table option asked for, Start), then A pressed every third frame (the
human P1 plays its first choice, the others are smart bots) until the match's
results show; it prints what the tests check (bytes sent to the display, moves,
frames). `session_args` works the menu key counts out from the game class.
It runs the device build's .mpy files, which the port copies into the heap
as a board does from its filesystem; SESSION_ROMFS runs them from a ROMFS
image of the build (pips_sim.mpy.romfs_image, its path the last argument) in
place, as a board runs code from flash. The image itself is read into the
heap, one block of its own size: `smallest_session_heap` leaves it out. Both
name as little as they can: every name is interned for good, in the heap
measured.

BUDGETS_K are the heaps every game's whole session must fit, in KiB, on the
64-bit unix port: with the .mpy in RAM and with the code in ROMFS.
"""

import os
import shutil
import tempfile

from pips_sim import mpy

BUDGETS_K = {"mpy": 128, "romfs": 112}

SESSIONS = {
    # game: (players, the table option set and its value, seed), P1 human
    # (keys below), the others smart bots; every game's session keeps to BUDGETS_K
    "uno": (4, ("target", 200), 6),
    "block": (2, ("target", 50), 2),
    "draw": (2, ("wins", 1), 2),
    "matador": (2, ("wins", 1), 2),
    "bergen": (3, ("hands", 1), 2),
    "twentyone": (3, ("hands", 1), 2),
    "solo": (1, None, 2),
    "domino-uno": (6, None, 2),
}


# SESSION_ROMFS's start: the ROMFS image named by the last argument, mounted
# and first on the path.
_ROMFS = r"""
import os
import sys
import vfs

rom = sys.argv.pop()
image = bytearray(os.stat(rom)[6])
with open(rom, "rb") as f:
    f.readinto(image)
vfs.mount(vfs.VfsRom(image), "/rom")
sys.path.insert(0, "/rom")
"""

SESSION = r"""
import gc
import sys

import unix_sim as board
import main
from pips.ui import keys as K

args = [int(a) for a in sys.argv[2:]]  # the menu key counts, max_hands, max_frames, seed


def press(mask, n=1):
    for _ in range(n):
        board.press(mask, 1, 2)


# Through the menus as a player would: title -> the game's table setup -> Start.
press(K.DOWN, args[0])
press(K.A)
press(K.A, args[1])
press(K.DOWN, args[2])
press(K.A, args[3])
press(K.DOWN, args[4])
press(K.A)
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
    if data[7] is None and getattr(screen, "match", None) is not None:
        data[7] = screen
        print("table:", screen.game_class.name, screen.players, "levels", " ".join(screen.levels))
    table = data[7]
    if table is None:
        return False
    game = table.game
    if game is not data[8]:
        data[8] = game
        data[9] = 0
    if screen is table:
        data[3] += sent
        data[4] += 1
    if game.moves > data[9]:
        data[1] += game.moves - data[9]
        data[9] = game.moves
    data[2] = table.match.hands_played
    if table.match.over and screen is not table:
        return True
    return data[2] >= args[5] or count >= args[6]


main.run(board, app=main.make_app(board, args[7]), on_frame=on_frame)
match = data[7].match
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


def session_args(game_name, players, setting=None, max_hands=99, max_frames=40000, seed=1):
    """The menu keys for a match of `players` seats (P1 human, the rest smart bots,
    the setup's default) with one table option set, `setting` = (key, value)
    (None: the defaults), worked out from the game class."""
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
    )


def romfs_file(tree, folder):
    """Write the ROMFS image of the device build `tree` into `folder`; its path."""
    path = os.path.join(folder, "pips.rom")
    with open(path, "wb") as f:
        f.write(mpy.romfs_image(tree))
    return path


def smallest_session_heap(game, tree, low_k=64, high_k=192, romfs=False):
    """The smallest heap (KiB) the SESSIONS[game] session plays its whole match
    in, on the device build `tree` (pips_sim.mpy.build, -O3); romfs: with the
    code in a ROMFS image of it, the image's own size left out."""
    players, setting, seed = SESSIONS[game]
    args = session_args(game, players, setting, seed=seed)
    folder = tempfile.mkdtemp(prefix="pips-romfs-") if romfs else None
    try:
        image_k = 0
        if romfs:
            rom = romfs_file(tree, folder)
            image_k = os.path.getsize(rom) // 1024
            args = args + (rom,)
        k, _ = mpy.smallest_heap(
            SESSION_ROMFS if romfs else SESSION, low_k + image_k, high_k + image_k, [tree],
            [args], 300, lambda out: "over: True" in out,
        )
    finally:
        if folder is not None:
            shutil.rmtree(folder, ignore_errors=True)
    return k - image_k
