"""Test-wide setup: `import mpy_support` works from any test file, whatever
the import mode (the MicroPython helpers live there, see its docstring)."""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)

import pytest


@pytest.fixture(autouse=True)
def data_folder(tmp_path, monkeypatch):
    """What `pips play` and the window keep (pips.save) goes to a folder of
    each test's own: never the user's data folder, and never a match another
    test left."""
    folder = tmp_path / "pips-data"
    monkeypatch.setenv("PIPS_DATA_DIR", str(folder))
    return folder


@pytest.fixture(autouse=True)
def language(monkeypatch):
    """Every test starts in English with LANG set to a plain locale, whatever
    the machine's own (a test of another language sets it itself), and the
    language is English again after it."""
    from pips import lang

    monkeypatch.setenv("LANG", "C.UTF-8")
    lang.use("en")
    yield
    lang.use("en")


@pytest.fixture(scope="session")
def memory_tree(tmp_path_factory):
    """The device build with the measuring module (pips_tools.memory), for the
    memory figures on the emulated Pico and the webassembly port."""
    import mpy_support  # noqa: F401 (puts sim/ on sys.path)
    from pips_tools import memory

    return memory.build_tree(str(tmp_path_factory.mktemp("memory")))
