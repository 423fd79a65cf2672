"""The screen an uncaught error leaves (firmware/main.py): a handheld may have
no console attached. Imported once something has gone wrong.
"""

from pips.ui import palette


def show(board, error):
    """The error's type and message on the panel, wrapped to its width."""
    display = board.display
    display.fill(palette.BLACK)
    display.text("Pips stopped:", 4, 4, palette.WARNING)
    text = "%s: %s" % (type(error).__name__, error)
    y = 20
    while text and y < board.height - 8:
        display.text(text[:29], 4, y, palette.TEXT)
        text = text[29:]
        y += 10
    display.show()
