"""Pips: domino and UNO games for microcontroller handhelds.

The core runs unchanged on MicroPython, CircuitPython and CPython. What
differs between them is here, in one place: `const()`, which MicroPython's
compiler folds into the code (a module writes `from pips import const`; the
compiler knows the call by its name, wherever it comes from) and CPython
takes as the value itself.
"""

try:
    from micropython import const
except ImportError:  # CPython: const() is just the value

    def const(value):
        return value


__version__ = "0.1.0"
