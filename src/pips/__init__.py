"""Pips: domino and UNO games for microcontroller handhelds.

The core runs unchanged on MicroPython, CircuitPython and CPython. What
differs between them is here, in one place:

- `const()`, which MicroPython's compiler folds into the code (a module
  writes `from pips import const`; the compiler knows the call by its name,
  wherever it comes from) and CPython takes as the value itself;
- `byte_table(numbers)`, a constant table of numbers below 256 that a hot
  loop indexes: `bytes` on MicroPython, a byte an entry (Block's 56-entry
  table of pips by move: 56 bytes, against 224 for a tuple's words on a
  32-bit board), and a tuple on CPython, which reads a tuple's item faster
  than a bytes' (the same numbers either way).
"""

try:
    from micropython import const

    byte_table = bytes
except ImportError:  # CPython: const() is just the value

    def const(value):
        return value

    byte_table = tuple


__version__ = "0.1.0"
