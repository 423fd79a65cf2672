"""The device bench (pips_tools.device, `make bench-device`): its manifest, and a
short check on the emulated Cortex-M0 when MICROPY_DIR names a MicroPython
work tree (skipped otherwise, saying so)."""

import os
import subprocess

import pytest

from mpy_support import ROOT, needs_micropython
from pips_tools import device, mpy
from pips_tools.firmware_session import session_args


def test_bench_manifest_freezes_the_firmware_modules_and_the_bench():
    calls = device.manifest_entries()
    kinds = [(c[0], c[1][0]) for c in calls]
    assert ("package", "pips") in kinds  # read from firmware/manifest.py, not listed here
    path, fingerprint = device.write_manifest()
    text = open(path).read()
    assert "$(PORT_DIR)" not in text  # the qemu port has no boards/manifest.py
    for name, args, kwargs in calls:
        assert device._call_text(name, args, kwargs) in text
    for module in ("unix_sim.py", "pips_main.py", "pips_bench.py"):
        assert "module(%r" % module in text
    assert device.write_manifest() == (path, fingerprint)  # unchanged: same fingerprint


@needs_micropython
@pytest.mark.micropython
def test_the_benchs_timed_session_runs_on_the_unix_port(tmp_path):
    """The bench's session (device_bench_mod.session, timed) wraps the App's frame,
    the surface's flush and the smart bot's step: run here on the unix port with
    the same names the bench firmware freezes, a Block hand to its results, so a
    change of those signatures fails in CI and not first on the emulated M0."""
    import shutil

    shutil.copy(os.path.join(ROOT, "firmware", "main.py"), str(tmp_path / "pips_main.py"))
    shutil.copy(os.path.join(ROOT, "sim", "pips_tools", "device_bench_mod.py"),
                str(tmp_path / "pips_bench.py"))
    args = session_args("block", 2, None, 1, 400, 1)[1:]
    code = ("import pips_bench\n"
            "pips_bench._align = lambda: None  # the M0's SysTick: no such register here\n"
            "pips_bench.session(%r, True)\n" % (tuple(args),))
    rc, out, err = mpy.run_micropython(code, None, [str(tmp_path)] + mpy.source_path(), 300)
    assert rc == 0, out[-2000:] + err[-2000:]
    frames = [line.split() for line in out.splitlines() if line.startswith("f ")]
    assert len(frames) > 50
    assert "TableScreen" in [f[6] for f in frames]
    assert frames[-1][6] == "HandResultScreen"
    assert sum(int(f[2]) for f in frames) > 0  # the bytes each frame sent are counted


def test_make_bench_device_says_what_it_needs():
    done = subprocess.run(
        ["make", "--no-print-directory", "bench-device", "MICROPY_DIR="],
        cwd=ROOT, capture_output=True, text=True,
    )  # fmt: skip
    assert done.returncode != 0
    said = (done.stdout + done.stderr).strip().splitlines()
    assert len(said) == 1 and "needs MICROPY_DIR=" in said[0], said


def _micropy_dir():
    if not os.environ.get("MICROPY_DIR"):
        pytest.skip("set MICROPY_DIR to a MicroPython work tree to run the device check (%s)"
                    % device.NEEDS)  # fmt: skip
    pytest.importorskip("serial", reason="pyboard.py needs pyserial (requirements-bench.txt)")
    try:
        return device.micropy_dir()
    except device.DeviceError as e:
        pytest.skip(str(e))


@pytest.fixture(scope="module")
def firmware():
    mp = _micropy_dir()
    return mp, device.build(mp, out=lambda s: None)


def test_device_random_game_and_smart_decision(firmware):
    mp, elf = firmware
    r = device.random_games(mp, elf, "block", 2, 1)
    assert r["games"] == 1 and r["moves"] > 0 and r["ms_per_game"] > 0
    d = device.decisions(mp, elf, "block", 2, 1, levels=("smart",))
    assert d["smart"]["n"] == 1 and d["smart"]["median"] > 0
    # the guest's clock counts instructions: the same figures on every run
    assert device.random_games(mp, elf, "block", 2, 1) == r
