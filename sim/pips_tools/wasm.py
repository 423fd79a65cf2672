"""The MicroPython webassembly port, a second real MicroPython for the tests.

`make test` installs the pinned npm package
`@micropython/micropython-webassembly-pyscript` into `.venv/wasm` (see the
Makefile); `run_wasm` runs a script on it under Node.js through
`wasm_run.mjs`, with a compiled tree (pips_tools.mpy.build) as its /lib.

Unlike the unix port this one is 32-bit: small ints end at 2**30, as on a
Pico, so a record that matches CPython's here shows the core's numbers never
needed long ints. Its heap grows as it needs, and it collects garbage only
between calls from JavaScript (`run_wasm`'s `repeat`): what a session holds
is read here with gc.mem_alloc() (pips_tools.memory), a regression guard;
the budget itself is the emulated Pico's.
"""

import json
import os
import shutil
import subprocess
import tempfile

from pips_tools.mpy import ROOT

PACKAGE = "@micropython/micropython-webassembly-pyscript"
VERSION = "1.27.0"  # the Makefile installs this one
PREFIX = os.path.join(ROOT, ".venv", "wasm")
RUNNER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "wasm_run.mjs")


def _package_dir():
    return os.path.join(PREFIX, "node_modules", *PACKAGE.split("/"))


def installed_version():
    """The version of the package in .venv/wasm, or None."""
    try:
        with open(os.path.join(_package_dir(), "package.json")) as f:
            return json.load(f).get("version")
    except (OSError, ValueError):
        return None


def port_module():
    """The port's micropython.mjs, or None when it is not installed."""
    path = os.path.join(_package_dir(), "micropython.mjs")
    return path if os.path.exists(path) else None


def node():
    return shutil.which("node")


def missing():
    """Why the port cannot run here (a sentence), or None when it can."""
    if node() is None:
        return "no Node.js on this machine (the webassembly port runs under it)"
    if port_module() is None:
        return "%s is not installed in %s (run make)" % (PACKAGE, PREFIX)
    if installed_version() != VERSION:
        return "%s %s is installed, the tests pin %s (run make clean, then make)" % (
            PACKAGE,
            installed_version(),
            VERSION,
        )
    return None


def run_wasm(code_or_path, tree, args=(), timeout=300, repeat=None):
    """Run a script (a path, or code) on the webassembly port with `tree` as its
    /lib; returns (returncode, stdout, stderr). `repeat`: the name of a
    function of the script's to call afterwards, again and again, each call
    from the top level (where this port collects its garbage), while it
    returns true (wasm_run.mjs)."""
    why = missing()
    if why is not None:
        raise RuntimeError(why)
    folder = None
    script = code_or_path
    if not os.path.isfile(code_or_path):
        folder = tempfile.mkdtemp(prefix="pips-wasm-")
        script = os.path.join(folder, "script.py")
        with open(script, "w") as f:
            f.write(code_or_path)
    try:
        cmd = [node(), RUNNER] + (["--repeat", repeat] if repeat else [])
        cmd += [port_module(), tree, script] + [str(a) for a in args]
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    finally:
        if folder is not None:
            shutil.rmtree(folder, True)
    return done.returncode, done.stdout, done.stderr
