# Freezing recipe: Pips compiled into a MicroPython firmware for the Pico, so its
# code runs from flash and the game starts on power-up (`make firmware` builds
# it as build/pips-pico.uf2; by hand:
#
#   cd micropython/ports/rp2
#   make BOARD=RPI_PICO FROZEN_MANIFEST=/path/to/pips/firmware/manifest.py
#
# ). The board's filesystem may stay empty: MicroPython runs a frozen main.py
# at boot in preference to one on the filesystem (shared/runtime/pyexec.c,
# pyexec_file_if_exists), so this main.py is the one that starts.
#
# Relative paths below are resolved from this file's folder. Frozen modules are
# compiled for the port's own CPU, so nothing here needs mpy-cross's -march.

# The port's usual frozen modules first (rp2: _boot.py, asyncio, neopixel, ...).
include("$(PORT_DIR)/boards/manifest.py")

# The core and the screens: src/pips/ as the package `pips`.
package("pips", base_path="../src")

# The board: PIPS_BOARD names it (boards/board_table.py; `make firmware BOARD=...`
# sets it, the reference board without it), PIPS_BOARD_DIR holds the
# pips_board.py the build wrote for it (NAME, read by main.py).
import os

_board = os.environ.get("PIPS_BOARD", "pico_lcd_114")
module("board_table.py", base_path="../boards")
module("st7789.py", base_path="../boards")
module("st7789_viper.py", base_path="../boards")
module("st7789_slow.py", base_path="../boards")
if _board != "pico_lcd_114":
    module("kit.py", base_path="../boards")
    module("st7789_direct.py", base_path="../boards")
module(_board + ".py", base_path="../boards")
if os.environ.get("PIPS_BOARD_DIR"):
    module("pips_board.py", base_path=os.environ["PIPS_BOARD_DIR"])

# What runs at power-up: the frame loop on the reference board.
module("main.py")
