"""What differs between MicroPython, CircuitPython and CPython, in one place.

Only `const` lives here: every core module imports this, so on a small heap it
stays tiny (the screens' clock helpers are in pips.ui.keys)."""

try:
    from micropython import const
except ImportError:  # CPython: const() is just the value

    def const(value):
        return value
