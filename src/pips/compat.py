"""What differs between MicroPython, CircuitPython and CPython, in one place."""

try:
    from micropython import const
except ImportError:  # CPython: const() is just the value

    def const(value):
        return value


try:
    from time import ticks_ms, ticks_diff
except ImportError:  # CPython and CircuitPython without ticks
    from time import monotonic as _monotonic

    def ticks_ms():
        return int(_monotonic() * 1000)

    def ticks_diff(a, b):
        return a - b
