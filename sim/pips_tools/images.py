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


def make(out_dir=IMG):
    """Write every picture into out_dir; return their paths."""
    from pips_sim import simulator

    os.makedirs(out_dir, exist_ok=True)
    made = []
    for lines, names in scripts():
        with tempfile.NamedTemporaryFile("w", suffix=".keys", delete=False) as f:
            f.write("\n".join(lines) + "\n")
        try:
            with open(os.devnull, "w") as quiet:
                stdout = sys.stdout
                sys.stdout = quiet
                try:
                    simulator.main(["--headless", "--keys", f.name, "--shot-dir", out_dir])
                finally:
                    sys.stdout = stdout
        finally:
            os.remove(f.name)
        made.extend(os.path.join(out_dir, name + ".png") for name in names)
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
