# Freezing recipe: Pips compiled into a custom MicroPython firmware, so its
# code runs from flash: the installed form on a device.
#
#   cd micropython/ports/rp2
#   make BOARD=RPI_PICO FROZEN_MANIFEST=/path/to/pips/firmware/manifest.py
#
# Flash the resulting firmware.uf2, then put only main.py on the board's
# filesystem (MicroPython runs main.py from the filesystem, never a frozen one):
#   python -m pips_sim.deploy --port /dev/ttyACM0 --frozen
#
# Relative paths below are resolved from this file's folder. Frozen modules are
# compiled for the port's own CPU, so nothing here needs mpy-cross's -march.

# The port's usual frozen modules first (rp2: _boot.py, asyncio, neopixel, ...).
include("$(PORT_DIR)/boards/manifest.py")

# The core and the screens: src/pips/ as the package `pips`.
package("pips", base_path="../src")

# The reference board: the display driver and the board file.
module("st7789.py", base_path="../boards")
module("pico_lcd_114.py", base_path="../boards")
