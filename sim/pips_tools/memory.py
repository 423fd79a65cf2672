"""The house's memory budget, measured on the emulated Pico: every game's
firmware session at its largest table, in both installed forms.

    python -m pips_tools.memory [GAME ...] [--form frozen|mpy|wasm ...] [--json FILE]
                                [--lang CODE] [--board NAME]
    (make bench-memory)

--lang: the screens in that language (pips.lang.CODES), as with the setting
kept; --board: an RP2040 board of boards/board_table.py (its panel, its
profile among the .mpy files, its own frozen firmware build/pips-NAME.uf2 of
`pips_tools.firmware --board NAME`), the reference board without it. The
session's keys are the same on every board (the joystick's scheme).

The sessions. Every game of the registry (pips.games.names()) at its largest
table (the class's max_players): P1 human, the other seats smart bots, set up
from the title with the desktop simulator's key script
(pips_sim.simulator.setup_script), then A pressed every third frame; from the
title to the first results screen, drawn whole. The table's options, by one
rule for every game (`short_options`): each option whose values are all
numbers at its smallest allowed value (the smallest target, one hand, one
win, the fewest chips), each other option at its default. The session ends
at the first hand's results whatever the options, so a match that a hand
does not end (Block to 50 at four seats, Domino Uno's match to ten wins) is
measured over a single hand. The deal's seed is SEED for every game.

The forms, on the real RPI_PICO firmware in rp2040js (pips_tools.pico):
- "frozen": build/pips-pico.uf2 (`make firmware`), Pips frozen in;
- "mpy": the same MicroPython with nothing frozen (build/micropython-pico.uf2,
  `make firmware` too) and the files of `make fs-uf2` on its littlefs: the
  .mpy files a maker copies, loaded into RAM at import.
The boot runs main.py as a board does (the frozen one, or the file); once the
screens are up the session stops it and runs memory_mod.py's `Session.run`
over the raw REPL, with the boot's own `run` and `make_app`. The figures
(memory_mod.py says how they are taken): the lowest gc.mem_free() right
after a gc.collect() at the frame boundaries, and the lowest inside a bot's
decision. BUDGET_FREE is the least either may be.

The measuring module itself sits in the heap it measures: imported, it takes
2,496 bytes on the Pico (put on the filesystem as pips_memory.mpy in both
forms), so the figures are that much lower than the game's own.

"wasm": the same session on MicroPython's 32-bit webassembly port
(pips_tools.wasm) with the desktop board (boards/unix_sim.py; the match kept
in the port's in-memory filesystem, as a board keeps it on its flash) on a
clock of the session's own: the highest gc.mem_alloc() right after a
collection at the frame boundaries, the same on every run and every host
(the port collects only between calls from JavaScript: none can be made
inside a decision). CI has no firmware; tests/test_wasm.py holds these
figures to caps, a regression guard.
"""

import argparse
import json
import os
import shutil
import sys
import tempfile

from pips_tools import deploy, fsimage, mpy, pico, wasm

HERE = os.path.dirname(os.path.abspath(__file__))
DEVICE_MODULE = os.path.join(HERE, "memory_mod.py")
MODULE_FILE = "pips_memory.mpy"  # the module's name on the device

# At least this much free (gc.mem_free() after a collection, bytes) in every
# game's session, at the frame boundaries and inside the bots' decisions.
BUDGET_FREE = {"mpy": 98304, "frozen": 147456}
FORMS = ("frozen", "mpy")
SEED = 1
# The webassembly port's clock: every reading moves it on so many ms (about
# a smart bot's rollout on a Pico; pips_tools.firmware_session.READ_MS).
WASM_READ_MS = 3
END = "PIPS-MEMORY-END"
DATA = "/data"  # where the board keeps its match (boards/pico_lcd_114.py)


# -- the sessions ---------------------------------------------------------------------
# the measured session's table: its largest, P1 human and smart bots, the
# shortest options (pips_tools.pico's, which `make bench-pico` shares)
short_options = pico.short_options
table = pico.largest_table


def game_names():
    from pips import games

    return list(games.names())


def frame_keys(name):
    """The keys read at each frame of the set-up (a byte a frame): the desktop
    simulator's key script, each key down for one frame and up for two."""
    from pips import games
    from pips.ui import keys
    from pips_sim import simulator

    cls = games.get(name)
    players, levels, options = table(name)
    lines = simulator.setup_script(list(games.names()).index(name), cls, levels, options)
    out = bytearray()
    for line in lines:
        words = line.split("#", 1)[0].split()
        if not words:
            continue
        if words[0].lower() == "wait":
            out += bytes(int(words[1]))
        else:
            out += bytes((getattr(keys, words[0].upper()), 0, 0))
    return bytes(out)


def build_tree(folder):
    """The device build (mpy.build, as `make mpy`) with the measuring module
    compiled in as MODULE_FILE, in `folder`; its path."""
    tree = os.path.join(folder, "mpy")
    mpy.build(tree)
    mpy.compile_one(DEVICE_MODULE, os.path.join(tree, MODULE_FILE), MODULE_FILE[:-4] + ".py",
                    opt=mpy.DEVICE_OPT)
    return tree


def parse(console):
    """The PIPS-MEMORY line's figures as a dict, or None."""
    for line in console.splitlines():
        words = line.split()
        if words and words[0] == "PIPS-MEMORY" and len(words) == 10:
            n = [int(w) for w in words[1:]]
            return {"completed": bool(n[0]), "frames": n[1], "moves": n[2], "heap": n[3],
                    "frame_low": n[4], "frame_low_at": n[5], "decision_readings": n[6],
                    "decision_low": n[7] if n[6] else None, "decision_low_at": n[8]}
    return None


# -- on the emulated Pico -------------------------------------------------------------
def missing(form, board=None):
    """Why the `form` session (of `board`: the reference without one) cannot
    run here (a sentence), or None."""
    if form == "mpy":
        return pico.missing(pico.STOCK_FIRMWARE)
    return pico.missing(pico.board(board or pico.REFERENCE)["firmware"])


def pico_session(name, form, folder, tree=None, max_sim_s=3600, board=None, language=None):
    """Play `name`'s session on the emulated Pico in `form` ("frozen" or
    "mpy"); parse()'s dict, with the run's summary (simulated and host time).
    `board`: an RP2040 board of the board table (its own firmware frozen, its
    profile among the .mpy files); the reference board without one."""
    from pips_tools import deploy

    os.makedirs(folder, exist_ok=True)
    if tree is None:
        tree = build_tree(folder)
    b = pico.board(board or pico.REFERENCE)
    if form == "mpy":
        firmware = pico.STOCK_FIRMWARE
        files = fsimage.device_files(tree, build=False)
        if board is not None:
            files = deploy.board_files(tree, files, board)
        files = files + [MODULE_FILE]
    else:
        firmware = b["firmware"]
        files = [MODULE_FILE]
    flash = os.path.join(folder, "flash.bin")
    with open(flash, "wb") as f:
        f.write(pico.flash_image(firmware, fsimage.image(tree, files)))
    script = os.path.join(folder, "memory.py")
    with open(script, "w") as f:
        # BOARD, run and make_app: main.py's, in the REPL's globals since the boot ran it
        f.write("board = __import__(BOARD)\nimport pips_memory\n"
                "pips_memory.Session(board, make_app, %r, %d, board.data, 0, %r).run(run)\n"
                "print(%r)\n" % (frame_keys(name), SEED, language, END))
    console = os.path.join(folder, "console.txt")
    summary = pico.run({"flash": flash, "idleHigh": sorted(set(b["pins"].values())),
                        "interruptOn": "with the screens up", "script": script,
                        "until": END, "maxSimS": max_sim_s, "consoleOut": console}, folder)
    with open(console, encoding="latin1") as f:
        text = f.read()
    figures = parse(text)
    if summary["stop"] != "until" or figures is None or not figures["completed"]:
        raise RuntimeError("%s (%s): the session did not finish:\n%s" % (name, form, text[-3000:]))
    figures["sim_s"] = round(summary["simS"], 1)
    figures["wall_s"] = round(summary["wallS"], 1)
    return figures


# -- on the webassembly port --------------------------------------------------------------
# then wasm_run.mjs calls step() from the top level, a frame a call
WASM_SCRIPT = """
import unix_sim as board
import main
import pips_memory
step = pips_memory.Session(board, main.make_app, %r, %d, %r, %d, %r).step
"""


def wasm_session(name, tree, language=None):
    """Play `name`'s session on the webassembly port with the unix_sim board
    (in `language`, pips.lang.CODES; English without one); parse()'s dict
    (the readings are gc.mem_alloc() negated)."""
    # the match kept in DATA as on the board: in the port's in-memory filesystem
    code = WASM_SCRIPT % (frame_keys(name), SEED, DATA, WASM_READ_MS, language)
    rc, out, err = wasm.run_wasm(code, tree, timeout=900, repeat="step")
    figures = parse(out)
    if rc != 0 or figures is None or not figures["completed"]:
        raise RuntimeError("%s (wasm): the session did not finish:\n%s" % (name, (out + err)[-3000:]))
    return figures


def wasm_highest(figures):
    """The highest gc.mem_alloc() after a collection, at the frame boundaries."""
    return -figures["frame_low"]


# -- the command --------------------------------------------------------------------------
def describe(name):
    players, levels, options = table(name)
    shown = ", ".join("%s=%s" % kv for kv in sorted(options.items())) or "default options"
    return "%d player%s, %s" % (players, "s" if players > 1 else "", shown)


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m pips_tools.memory",
                                description=__doc__.split("\n\n")[0])
    p.add_argument("games", nargs="*", help="the games (default: every game of the registry)")
    p.add_argument("--form", action="append", choices=FORMS + ("wasm",),
                   help="frozen, mpy (the emulated Pico) or wasm; repeat for more (default: all)")
    p.add_argument("--json", help="write the figures there too")
    p.add_argument("--keep", help="keep each session's files (flash, console) under this folder")
    p.add_argument("--lang", help="the screens' language (pips.lang.CODES; default English)")
    p.add_argument("--board", help="an RP2040 board of boards/board_table.py for the Pico sessions "
                   "(its firmware: pips_tools.firmware --board NAME; default the reference board)")
    args = p.parse_args(argv)
    names = args.games or game_names()
    for name in names:
        if name not in game_names():
            p.error("no game %r (%s)" % (name, ", ".join(game_names())))
    forms = args.form or list(FORMS) + ["wasm"]
    folder = args.keep or tempfile.mkdtemp(prefix="pips-memory-")
    results = {}
    failed = False
    try:
        tree = build_tree(folder)
        for form in forms:
            why = wasm.missing() if form == "wasm" else missing(form, args.board)
            if why:
                print("%s: skipped, %s" % (form, why))
                continue
            for name in names:
                try:
                    if form == "wasm":
                        figures = wasm_session(name, tree, args.lang)
                        line = "highest gc.mem_alloc() %d at the frames (%d frames)" % (
                            wasm_highest(figures), figures["frames"])
                    else:
                        figures = pico_session(name, form, os.path.join(folder, form, name), tree,
                                               board=args.board, language=args.lang)
                        budget = BUDGET_FREE[form]
                        lows = [figures["frame_low"]]
                        line = "lowest gc.mem_free() %d at the frames" % figures["frame_low"]
                        if figures["decision_readings"]:
                            lows.append(figures["decision_low"])
                            line += ", %d inside decisions (%d readings)" % (
                                figures["decision_low"], figures["decision_readings"])
                        else:
                            line += ", no bot decides"
                        ok = min(lows) >= budget
                        failed = failed or not ok
                        line += "; budget %d: %s (%.0f s simulated, %.0f s here)" % (
                            budget, "ok" if ok else "MISSED", figures["sim_s"], figures["wall_s"])
                except RuntimeError as e:
                    figures = {"error": str(e)}
                    line = "FAILED: " + str(e).splitlines()[0]
                    failed = True
                figures["table"] = describe(name)
                results.setdefault(form, {})[name] = figures
                print("%-6s %-10s %s: %s" % (form, name, figures["table"], line), flush=True)
    finally:
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)
    if args.json:
        os.makedirs(os.path.dirname(os.path.abspath(args.json)), exist_ok=True)
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
