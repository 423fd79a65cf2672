"""What differs between MicroPython, CircuitPython and CPython, and the one way
to let a module go, in one place.

Every core module imports this, so on a small heap it stays tiny (the
screens' clock helpers are in pips.ui.keys)."""

import sys

try:
    from micropython import const
except ImportError:  # CPython: const() is just the value

    def const(value):
        return value


def forget(name):
    """Drop a module from sys.modules and from its package: its bytecode and
    globals are freed once nothing else refers to them (a later import loads
    it again). The screens let go of what they no longer show with it, and
    a few core modules of what runs once a hand or a match."""
    del sys.modules[name]
    dot = name.rfind(".")
    package = sys.modules.get(name[:dot]) if dot > 0 else None
    if package is not None and hasattr(package, name[dot + 1 :]):
        delattr(package, name[dot + 1 :])
