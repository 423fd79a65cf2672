"""Test-wide setup: `import mpy_support` works from any test file, whatever
the import mode (the MicroPython helpers live there, see its docstring)."""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)

# What `pips play` and the window keep (pips.save) goes to a folder of the
# test run's own, never the user's data folder.
if "PIPS_DATA_DIR" not in os.environ:
    import atexit
    import shutil
    import tempfile

    os.environ["PIPS_DATA_DIR"] = tempfile.mkdtemp(prefix="pips-data-tests-")
    atexit.register(shutil.rmtree, os.environ["PIPS_DATA_DIR"], True)
