"""The one 16-colour palette every screen draws with (a 4-bit frame buffer).

Colours are indexes 0..15. RGB888 values feed displayio; RGB565 (big-endian
bytes, as the ST7789 takes them) feeds the framebuf drivers' lookup table.
"""

from pips import const

FELT = const(0)  # table background
IVORY = const(1)  # tile face
PIP = const(2)  # pips, tile outline
RED = const(3)
YELLOW = const(4)
GREEN = const(5)
BLUE = const(6)
HINT = const(7)  # hints and older lines: text at 4.5:1 or more on FELT, FELT_DARK, PANEL
TEXT = const(8)
HIGHLIGHT = const(9)  # cursor, selection
DIM = const(10)  # not playable, hidden: greyed pieces, empty slots (never text)
WARNING = const(11)
PANEL = const(12)  # status strip, dialogs
WHITE = const(13)
BLACK = const(14)
FELT_DARK = const(15)
WILD = PIP  # a wild card's black: the pips' (the palette has 16 places)

RGB888 = (
    0x0B5A2A,  # FELT
    0xF4EFDC,  # IVORY
    0x1A1A1A,  # PIP
    0xD7263D,  # RED
    0xF5C518,  # YELLOW
    0x2BA84A,  # GREEN
    0x1F6FD1,  # BLUE
    0xB8C8BE,  # HINT
    0xF0F0F0,  # TEXT
    0xFFB000,  # HIGHLIGHT
    0x6E7B74,  # DIM
    0xFF5A1F,  # WARNING
    0x123B24,  # PANEL
    0xFFFFFF,  # WHITE
    0x000000,  # BLACK
    0x07401D,  # FELT_DARK
)


def rgb565_table():
    """32 bytes: the palette as big-endian RGB565, a driver's lookup table."""
    out = bytearray(32)
    for i in range(16):
        rgb = RGB888[i]
        c = ((rgb >> 8) & 0xF800) | ((rgb >> 5) & 0x07E0) | ((rgb >> 3) & 0x001F)
        out[2 * i] = c >> 8
        out[2 * i + 1] = c & 0xFF
    return out
