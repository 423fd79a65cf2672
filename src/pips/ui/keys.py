"""Logical keys. A board reports raw pressed keys as a bit mask of these; the
screens need only LEFT, RIGHT and A (a long press of A is B)."""

from pips.compat import const

LEFT = const(1)
RIGHT = const(2)
UP = const(4)
DOWN = const(8)
A = const(16)
B = const(32)
MENU = const(64)

NAMES = ("LEFT", "RIGHT", "UP", "DOWN", "A", "B", "MENU")
