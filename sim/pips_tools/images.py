"""The README's screenshots, made again: `make images` (python -m pips_tools.images [out_dir]).

Each picture in docs/img/ is the headless simulator's screen after a key file
(`shot NAME` lines name the pictures), and simulator.png the window itself:
a test makes them again and compares them with these files, so a picture that
no longer matches what the code draws fails the suite (tests/test_docs.py).
"""

import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
IMG = os.path.join(ROOT, "docs", "img")
# key files (in tests/golden/) and the pictures their `shot` lines make
SCRIPTS = (
    ("menu.keys", ("menu",)),
    ("readme_block.keys", ("block",)),
    ("readme_uno.keys", ("uno",)),
    ("handover.keys", ("handover",)),
)


def make(out_dir=IMG):
    """Write every picture into out_dir; return their paths."""
    from pips_sim import simulator

    os.makedirs(out_dir, exist_ok=True)
    made = []
    for keys, names in SCRIPTS:
        path = os.path.join(ROOT, "tests", "golden", keys)
        with open(os.devnull, "w") as quiet:
            stdout = sys.stdout
            sys.stdout = quiet
            try:
                simulator.main(["--headless", "--keys", path, "--shot-dir", out_dir])
            finally:
                sys.stdout = stdout
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
