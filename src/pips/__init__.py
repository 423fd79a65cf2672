"""Pips: domino and UNO games for microcontroller handhelds.

The core runs unchanged on MicroPython, CircuitPython and CPython.
"""

__version__ = "0.1.0"
