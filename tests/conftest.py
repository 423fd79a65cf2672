"""Test-wide setup: `import mpy_support` works from any test file, whatever
the import mode (the MicroPython helpers live there, see its docstring)."""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)
