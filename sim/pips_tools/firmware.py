"""`make firmware`: MicroPython for the Raspberry Pi Pico (BOARD=RPI_PICO) with
Pips frozen in through firmware/manifest.py, as build/pips-pico.uf2; and the
same MicroPython with nothing of Pips frozen in (the port's own frozen
modules only), as build/micropython-pico.uf2: the firmware a maker flashes
before copying the .mpy files, which the memory budget measures too
(pips_tools.memory).

    python -m pips_tools.firmware --micropython DIR --picotool DIR [--out FILE] [-j N]
    python -m pips_tools.firmware --fetch FOLDER [--git-base URL]
    ... [--board NAME]   (make firmware BOARD=NAME)

--board        an RP2040 board of boards/board_table.py (default pico_lcd_114,
               the reference board: build/pips-pico.uf2); another board's
               firmware is build/pips-NAME.uf2, built in build/rp2-NAME with
               its profile frozen in and build/board-NAME/pips_board.py naming it.

--micropython  a MicroPython work tree whose ports/rp2 builds for the Pico, with
               the submodules the port needs checked out (lib/pico-sdk,
               lib/tinyusb, lib/micropython-lib): `git submodule update --init`
               of those three. MICROPY_COMMIT is the commit this was built and
               tested with (its pico-sdk is 2.2.0).
--picotool     picotool, the host tool pico-sdk 2.x runs on every image: either
               an installed picotool (a folder holding picotool/picotoolConfig.cmake)
               or its source tree (tag PICOTOOL_TAG), which is built here without
               USB support (-DPICOTOOL_NO_LIBUSB=1: only its image tools are used).
--frozen-only  build build/pips-pico.uf2 only.
--fetch        where the network allows: clone MicroPython at MICROPY_COMMIT with
               those submodules, and picotool at PICOTOOL_TAG, into FOLDER; then
               build with --micropython FOLDER/micropython --picotool FOLDER/picotool.

Needs arm-none-eabi-gcc with newlib, cmake, make and a host C/C++ compiler
(Debian/Ubuntu: gcc-arm-none-eabi libnewlib-arm-none-eabi cmake g++). The rp2
builds go to build/rp2 and build/rp2-stock (about 75 s each on two cores the
first time; make rebuilds only what changed). Nothing is written into the
MicroPython tree but its own mpy-cross build.
"""

import argparse
import os
import shutil
import subprocess
import sys

from pips_tools import mpy

ROOT = mpy.ROOT
MANIFEST = os.path.join(ROOT, "firmware", "manifest.py")
BUILD = os.path.join(ROOT, "build", "rp2")
OUT = os.path.join(ROOT, "build", "pips-pico.uf2")
STOCK_BUILD = os.path.join(ROOT, "build", "rp2-stock")
STOCK_OUT = os.path.join(ROOT, "build", "micropython-pico.uf2")
BOARD = "RPI_PICO"

# v1.29.0-preview-585: the last commit that pins pico-sdk 2.2.0 (later ones want
# pico-sdk 2.3.0 and a tinyusb fork).
MICROPY_COMMIT = "af47daf3b02b9f391cced3fc2ac6e9bf688b4639"
MICROPY_URL = "micropython/micropython"
PICOTOOL_TAG = "2.2.0"
PICOTOOL_URL = "raspberrypi/picotool"
SUBMODULES = ("lib/pico-sdk", "lib/tinyusb", "lib/micropython-lib")
# a file each submodule must have once checked out
_SUBMODULE_FILES = {
    "lib/pico-sdk": "pico_sdk_init.cmake",
    "lib/tinyusb": "src/tusb.h",
    "lib/micropython-lib": "python-stdlib",
}
TOOLS = ("arm-none-eabi-gcc", "cmake", "make", "c++")


class FirmwareError(RuntimeError):
    pass


def check_tree(tree):
    """Raise FirmwareError saying what a MicroPython tree lacks for the rp2 build."""
    if not os.path.isfile(os.path.join(tree, "ports", "rp2", "Makefile")):
        raise FirmwareError("%s is not a MicroPython work tree (no ports/rp2/Makefile)" % tree)
    missing = [
        sub for sub in SUBMODULES if not os.path.exists(os.path.join(tree, sub, _SUBMODULE_FILES[sub]))
    ]
    if missing:
        raise FirmwareError(
            "%s lacks the submodules %s: run `git submodule update --init %s` in it"
            % (tree, ", ".join(missing), " ".join(missing))
        )


def check_tools():
    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    if missing:
        raise FirmwareError(
            "not found: %s (apt: gcc-arm-none-eabi libnewlib-arm-none-eabi cmake g++)"
            % " ".join(missing)
        )


def _run(cmd, log=None, **kw):
    if log is None:
        done = subprocess.run(cmd, **kw)
        if done.returncode != 0:
            raise FirmwareError("failed (exit %d): %s" % (done.returncode, " ".join(cmd)))
        return
    with open(log, "a") as f:
        done = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT, **kw)
    if done.returncode != 0:
        with open(log) as f:
            tail = f.read()[-3000:]
        raise FirmwareError("failed (exit %d): %s\n%s\n(the whole log: %s)"
                            % (done.returncode, " ".join(cmd), tail, log))


def picotool_install(picotool, sdk, jobs=2, log=None):
    """The folder to hand pico-sdk as PICOTOOL_FETCH_FROM_GIT_PATH: `picotool` itself
    when it is an installed picotool, else the install of its source tree built
    under build/picotool."""
    if os.path.isfile(os.path.join(picotool, "picotool", "picotoolConfig.cmake")):
        return os.path.abspath(picotool)
    if not os.path.isfile(os.path.join(picotool, "CMakeLists.txt")):
        raise FirmwareError(
            "%s is neither an installed picotool (picotool/picotoolConfig.cmake) nor its source"
            % picotool
        )
    install = os.path.join(ROOT, "build", "picotool")
    if os.path.isfile(os.path.join(install, "picotool", "picotoolConfig.cmake")):
        return install
    work = os.path.join(ROOT, "build", "picotool-build")
    _run(["cmake", "-S", picotool, "-B", work, "-DPICO_SDK_PATH=" + sdk, "-DPICOTOOL_NO_LIBUSB=1",
          "-DPICOTOOL_FLAT_INSTALL=1", "-DCMAKE_INSTALL_PREFIX=" + install,
          "-DCMAKE_BUILD_TYPE=Release"], log)
    _run(["make", "-C", work, "-j%d" % jobs], log)
    _run(["make", "-C", work, "install"], log)
    return install


def boards():
    """The board table (boards/board_table.py), loaded from its file."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "board_table", os.path.join(ROOT, "boards", "board_table.py"))
    table = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(table)
    return table


def board_paths(name):
    """(uf2, build folder, folder of pips_board.py) for an RP2040 board; a clear
    error for a board not in the table or not an RP2040."""
    table = boards()
    try:
        row = table.entry(name)
    except ValueError as e:
        raise FirmwareError(str(e))
    if row[4] != "rp2040":
        raise FirmwareError("%s is an %s board: its files go over USB (make deploy BOARD=%s PORT=...)"
                            % (name, row[4].upper(), name))
    if name == table.DEFAULT:
        return OUT, BUILD, os.path.join(ROOT, "build", "board-" + name)
    return (os.path.join(ROOT, "build", "pips-%s.uf2" % name),
            os.path.join(ROOT, "build", "rp2-" + name), os.path.join(ROOT, "build", "board-" + name))


def write_board_name(name, folder):
    """pips_board.py in `folder`: the board's name for main.py (NAME)."""
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "pips_board.py"), "w") as f:
        f.write("NAME = %r\n" % name)
    return folder


def build(tree, picotool, out=OUT, jobs=2, build_dir=BUILD, log=None, manifest=MANIFEST,
          board=None):
    """Build the firmware with `manifest` frozen in (None: the port's own
    manifest alone, nothing of Pips); copy its UF2 to `out`; return `out`."""
    tree = os.path.abspath(tree)
    check_tree(tree)
    check_tools()
    os.makedirs(build_dir, exist_ok=True)
    if log is None:
        log = os.path.join(build_dir, "build.log")
    with open(log, "w"):
        pass
    install = picotool_install(os.path.abspath(picotool), os.path.join(tree, "lib", "pico-sdk"),
                               jobs, log)
    _run(["make", "-C", os.path.join(tree, "mpy-cross"), "-j%d" % jobs], log)
    env = dict(os.environ, PICOTOOL_FETCH_FROM_GIT_PATH=install)
    if board is not None:
        env["PIPS_BOARD"] = board
        env["PIPS_BOARD_DIR"] = write_board_name(board, board_paths(board)[2])
    frozen = ["FROZEN_MANIFEST=" + manifest] if manifest else []
    _run(["make", "-C", os.path.join(tree, "ports", "rp2"), "BOARD=" + BOARD] + frozen
         + ["BUILD=" + os.path.abspath(build_dir), "-j%d" % jobs], log, env=env)
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    shutil.copyfile(os.path.join(build_dir, "firmware.uf2"), out)
    return out


def fetch(folder, git_base="https://github.com"):
    """Clone the pinned sources into `folder` (network needed); return
    (micropython tree, picotool source)."""
    folder = os.path.abspath(folder)
    os.makedirs(folder, exist_ok=True)
    tree = os.path.join(folder, "micropython")
    tool = os.path.join(folder, "picotool")
    if not os.path.isdir(os.path.join(tree, ".git")):
        _run(["git", "clone", "--filter=blob:none", "--no-checkout",
              "%s/%s" % (git_base, MICROPY_URL), tree])
    _run(["git", "-C", tree, "checkout", "-q", MICROPY_COMMIT])
    _run(["git", "-C", tree, "submodule", "update", "--init", "--filter=blob:none"] + list(SUBMODULES))
    if not os.path.isdir(os.path.join(tool, ".git")):
        _run(["git", "clone", "--filter=blob:none", "%s/%s" % (git_base, PICOTOOL_URL), tool])
    _run(["git", "-C", tool, "checkout", "-q", PICOTOOL_TAG])
    return tree, tool


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m pips_tools.firmware",
                                description=__doc__.split("\n\n")[0])
    p.add_argument("--micropython", help="a MicroPython work tree with its rp2 submodules")
    p.add_argument("--picotool", help="an installed picotool, or its source tree")
    p.add_argument("--fetch", metavar="FOLDER", help="clone the pinned sources there first")
    p.add_argument("--git-base", default="https://github.com", help="where --fetch clones from")
    p.add_argument("--board", default="pico_lcd_114", help="the board (boards/board_table.py)")
    p.add_argument("--out", help="the UF2 to write (build/pips-pico.uf2, or build/pips-BOARD.uf2)")
    p.add_argument("--stock-out", default=STOCK_OUT,
                   help="the UF2 of MicroPython without Pips (build/micropython-pico.uf2)")
    p.add_argument("--frozen-only", action="store_true", help="leave the stock firmware out")
    p.add_argument("-j", "--jobs", type=int, default=2)
    args = p.parse_args(argv)
    try:
        board_paths(args.board)  # an unknown or ESP32 board is refused before any work
        if args.fetch:
            tree, tool = fetch(args.fetch, args.git_base)
            args.micropython = args.micropython or tree
            args.picotool = args.picotool or tool
        if not args.micropython or not args.picotool:
            p.error("give --micropython and --picotool (or --fetch FOLDER)")
        out, build_dir, _ = board_paths(args.board)
        outs = [build(args.micropython, args.picotool, args.out or out, args.jobs, build_dir,
                      board=args.board)]
        if not args.frozen_only:
            outs.append(build(args.micropython, args.picotool, args.stock_out, args.jobs,
                              STOCK_BUILD, manifest=None))
    except FirmwareError as e:
        print("firmware: %s" % e, file=sys.stderr)
        return 1
    for out in outs:
        print("wrote %s (%d bytes)" % (os.path.relpath(out), os.path.getsize(out)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
