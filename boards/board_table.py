"""The boards Pips runs on: one explicit table, name -> what the frame loop and
the desktop need to know before the board's file is imported.

    name: (module, width, height, keys, chip, frame)

module   the profile in boards/ (imported by firmware/main.py on the device)
width, height   the panel as the screens see it (the simulator's size too)
keys     the key scheme: "joystick", "four" (A/B/X/Y), "two" (short press
         moves on, long press chooses) or "keyboard"
chip     "rp2040" (a firmware UF2 and pips-fs.uf2) or "esp32" (make deploy)
frame    True: the screens draw in a 4-bit frame buffer of the whole screen
         (st7789.py, pips.ui.fbsurface); False: their drawing is queued and
         sent straight to the panel (st7789_direct.py, pips.ui.directsurface),
         for a panel whose frame buffer the heap cannot spare with the code in
         RAM. The board's file makes its display so (kit.panel's `direct`).

The device learns its own name from the module pips_board (NAME), written by
the build for the board it was built for; without it, the reference board.
"""

BOARDS = {
    "pico_lcd_114": ("pico_lcd_114", 240, 135, "joystick", "rp2040", True),
    "pico_display": ("pico_display", 240, 135, "four", "rp2040", True),
    "pico_display_2": ("pico_display_2", 320, 240, "four", "rp2040", False),
    "picosystem": ("picosystem", 240, 240, "joystick", "rp2040", False),
    "t_display": ("t_display", 240, 135, "two", "esp32", True),
    "cardputer": ("cardputer", 240, 135, "keyboard", "esp32", True),
}

DEFAULT = "pico_lcd_114"


def board_name():
    """This device's board: pips_board.NAME when the build wrote it, else the default."""
    try:
        from pips_board import NAME
    except ImportError:
        return DEFAULT
    return NAME


def entry(name):
    """The table's row for `name`; a clear error for a name not in it."""
    try:
        return BOARDS[name]
    except KeyError:
        raise ValueError("no board %r (boards: %s)" % (name, ", ".join(sorted(BOARDS))))
