"""The screen an uncaught error leaves (firmware/main.py): a handheld may have
no console attached. Imported once something has gone wrong.
"""

from pips.ui import palette


def show(board, error):
    """The error's type and message on the panel, wrapped to its width (in
    framebuf's 8x8 font: the screens' fonts may be what failed)."""
    display = board.display
    # a panel without a frame buffer of the whole screen (st7789_direct): each
    # line drawn in its strip and sent where it belongs
    strip = getattr(display, "fill_window", None) is not None
    if strip:
        display.fill_window(0, 0, board.width, board.height, palette.BLACK)
    else:
        display.fill(palette.BLACK)
    lines = ["Pips stopped:"]
    text = "%s: %s" % (type(error).__name__, error)
    while text and 10 * len(lines) + 18 < board.height:
        lines.append(text[:29])
        text = text[29:]
    y = 4
    for line in lines:
        colour = palette.WARNING if y == 4 else palette.TEXT
        if strip:
            display.fill_rect(0, 0, board.width, 8, palette.BLACK)
            display.text(line, 4, 0, colour)
            display.show_strip(0, y, board.width, 8)
        else:
            display.text(line, 4, y, colour)
        y += 16 if y == 4 else 10
    if not strip:
        display.show()
