"""The README's screenshots, made again: `make images` (python -m pips_tools.images [out_dir]).

Each picture in docs/img/ is the headless simulator's screen after a key
script (`shot NAME` lines name the pictures): the title and the hand-over
from key files, and every game of the registry mid-hand (`game_script`: a
new game gets its picture with no edit here); simulator.png is the window:
a test makes them again and compares them with these files, so a picture that
no longer matches what the code draws fails the suite (tests/test_docs.py).
"""

import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
IMG = os.path.join(ROOT, "docs", "img")
# key files (in tests/golden/) and the pictures their `shot` lines make
KEY_FILES = (
    ("menu.keys", ("menu",)),
    ("handover.keys", ("handover",)),
)
# docs/gallery.md: every game's table on each panel size, drawn with a board of
# that size (boards/board_table.py), into docs/img/gallery/<size>/
GALLERY = (("240x135", "pico_lcd_114"), ("320x240", "pico_display_2"), ("240x240", "picosystem"))
GAME_SEED = 7  # the deals of the games' pictures
GAME_MOVES = 1  # A pressed so many times at the table (the first choice, bots' moves skipped)


def game_script(name):
    """Key lines that show the game `name` mid-hand: the title, its table with
    you and one Normal bot (its fewest seats of two or more), a few moves."""
    from pips import games
    from pips_sim import simulator

    cls = games.get(name)
    players = max(2, cls.min_players) if cls.max_players > 1 else 1
    levels = ["human"] + ["greedy"] * (players - 1)
    lines = ["seed %d" % GAME_SEED]
    lines += simulator.setup_script(games.names().index(name), cls, levels)
    for _ in range(GAME_MOVES):
        lines += ["wait 45", "A"]
    return lines + ["wait 60", "shot " + name]


def scripts():
    """[(key lines, the pictures they make)]: the menus' and every game's."""
    from pips import games

    out = []
    for keys, names in KEY_FILES:
        with open(os.path.join(ROOT, "tests", "golden", keys)) as f:
            out.append((f.read().splitlines(), names))
    for name in games.names():
        out.append((game_script(name), (name,)))
    return out


def headless(lines, out_dir, board=None):
    """Run the key lines in the headless simulator (on `board`'s panel and
    keys when given), its `shot` pictures into out_dir."""
    from pips_sim import simulator

    with tempfile.NamedTemporaryFile("w", suffix=".keys", delete=False) as f:
        f.write("\n".join(lines) + "\n")
    args = ["--headless", "--keys", f.name, "--shot-dir", out_dir]
    if board is not None:
        args += ["--board", board]
    try:
        with open(os.devnull, "w") as quiet:
            stdout = sys.stdout
            sys.stdout = quiet
            try:
                simulator.main(args)
            finally:
                sys.stdout = stdout
    finally:
        os.remove(f.name)


def gallery():
    """[(size, board, game)] of docs/gallery.md, in its order."""
    from pips import games

    return [(size, board, name) for size, board in GALLERY for name in games.names()]


def make(out_dir=IMG):
    """Write every picture into out_dir (the gallery's in gallery/<size>/);
    return their paths."""
    from pips_sim import simulator

    os.makedirs(out_dir, exist_ok=True)
    made = []
    for lines, names in scripts():
        headless(lines, out_dir)
        made.extend(os.path.join(out_dir, name + ".png") for name in names)
    for size, board, name in gallery():
        folder = os.path.join(out_dir, "gallery", size)
        os.makedirs(folder, exist_ok=True)
        headless(game_script(name), folder, board)
        made.append(os.path.join(folder, name + ".png"))
    # the window itself, keys beside the screen, on SDL's offscreen driver
    window = os.path.join(out_dir, "simulator.png")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    keys = os.path.join(ROOT, "tests", "golden", "readme_uno.keys")
    with tempfile.TemporaryDirectory() as spare:  # the key file's own shots: not wanted here
        simulator.main(
            ["--keys", keys, "--frames", "3", "--window-shot", window, "--shot-dir", spare]
        )
    made.append(window)
    return made


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    for path in make(argv[0] if argv else IMG):
        print(os.path.relpath(path, ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
