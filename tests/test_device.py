"""The device bench (pips_tools.device, `make bench-device`): its manifest, and a
short check on the emulated Cortex-M0 when MICROPY_DIR names a MicroPython
work tree (skipped otherwise, saying so)."""

import os
import subprocess

import pytest

from mpy_support import ROOT
from pips_tools import device


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
