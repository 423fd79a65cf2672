"""What differs between MicroPython, CircuitPython and CPython, in one place."""

try:
    from micropython import const
except ImportError:  # CPython: const() is just the value

    def const(value):
        return value
