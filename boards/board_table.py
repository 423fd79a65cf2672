"""The boards Pips runs on: one explicit table, name -> what the frame loop and
the desktop need to know before the board's file is imported.

    name: (module, width, height, keys, chip)

module   the profile in boards/ (imported by firmware/main.py on the device)
width, height   the panel as the screens see it (the simulator's size too)
keys     the key scheme: "joystick", "four" (A/B/X/Y), "two" (short press
         moves on, long press chooses) or "keyboard"
chip     "rp2040" (a firmware UF2 and pips-fs.uf2) or "esp32" (make deploy)

The device learns its own name from the module pips_board (NAME), written by
the build for the board it was built for; without it, the reference board.
"""

BOARDS = {
    "pico_lcd_114": ("pico_lcd_114", 240, 135, "joystick", "rp2040"),
    "pico_display": ("pico_display", 240, 135, "four", "rp2040"),
    "pico_display_2": ("pico_display_2", 320, 240, "four", "rp2040"),
    "picosystem": ("picosystem", 240, 240, "joystick", "rp2040"),
    "t_display": ("t_display", 240, 135, "two", "esp32"),
    "cardputer": ("cardputer", 240, 135, "keyboard", "esp32"),
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
