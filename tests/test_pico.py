"""The real Pico firmware (build/pips-pico.uf2, `make firmware`) on an emulated
RP2040 (rp2040js, pips_sim.pico): it boots to the title with nothing on its
filesystem, the real littlefs reads build/pips-fs.uf2's files, and whole
sessions, keys pressed on the reference board's pins in simulated time, give
the very panel images the desktop gives for the same frames.

Skipped, with the reason, without node, rp2040js (`make pico-emu`), the boot
ROM or the firmware (docs/device.md says how to get them).
"""

import os
import re

import pytest

from mpy_support import device_tree, needs_micropython
from pips_sim import deploy, fsimage, pico

WHY = pico.missing()
pytestmark = [pytest.mark.micropython, needs_micropython,
              pytest.mark.skipif(WHY is not None, reason=WHY or "")]


def desktop_title(folder):
    """The panel the unix port's firmware shows after a few title frames."""
    trace = os.path.join(folder, "title.trace")
    with open(trace, "w") as f:
        for n in range(4):
            f.write("F %d 0 0 0\n" % (33 * n))
    log, info = os.path.join(folder, "title.spi"), os.path.join(folder, "title.txt")
    rc, out, err = pico.mpy.run_micropython(
        pico.REPLAY, None, pico.mpy.source_path(), 120, (trace, log, info, 1))
    assert rc == 0, out + err
    with open(info) as f:
        lines = f.read().splitlines()
    with open(log, "rb") as f:
        shots = pico.screens(f.read(), int(lines[0].split()[1]), [int(lines[-1].split()[1])])
    assert lines[-1].split()[2] == "TitleScreen"
    return shots[-1]


def test_firmware_boots_to_the_title_with_an_empty_filesystem(tmp_path):
    summary, console, (pixels, written) = pico.boot(str(tmp_path), fs=None, sim_s=3.0)
    assert "Traceback" not in console, console
    assert re.search(r"pips: \d+ bytes free with the screens up", console), console
    assert summary["flashOps"]["erase"] > 0  # _boot.py made a filesystem on the blank flash
    want_pixels, want_written = desktop_title(str(tmp_path))
    assert all(written) and all(want_written)  # the whole panel drawn
    assert pixels == want_pixels


LIST_FILES = r"""
import os
def walk(folder):
    for name, kind, *_ in os.ilistdir(folder):
        path = folder + "/" + name if folder else name
        if kind == 0x4000:
            walk(path)
        else:
            print("FILE", path, os.stat(path)[6])
walk("")
print("LISTED")
"""


def test_the_firmware_reads_the_fs_image(tmp_path):
    tree = device_tree()
    files = deploy.select(tree, deploy.read_list())
    folder = str(tmp_path)
    script = os.path.join(folder, "list.py")
    with open(script, "w") as f:
        f.write(LIST_FILES)
    flash = os.path.join(folder, "flash.bin")
    with open(flash, "wb") as f:
        f.write(pico.flash_image(pico.FIRMWARE, fsimage.image(tree, files)))
    summary = pico.run({"flash": flash, "idleHigh": sorted(pico.key_pins().values()),
                        "interruptOn": "with the screens up", "script": script,
                        "until": "LISTED", "maxSimS": 20,
                        "consoleOut": os.path.join(folder, "console.txt")}, folder)
    with open(os.path.join(folder, "console.txt"), encoding="latin1") as f:
        console = f.read()
    assert summary["stop"] == "until", console[-2000:]
    seen = dict((p, int(n)) for p, n in re.findall(r"FILE (\S+) (\d+)", console))
    assert sorted(seen) == sorted(files)
    for rel in files:
        assert seen[rel] == os.path.getsize(os.path.join(tree, rel)), rel


@pytest.fixture(scope="module", params=sorted(pico.SESSIONS))
def session(request, tmp_path_factory):
    return request.param, pico.session(request.param, str(tmp_path_factory.mktemp(request.param)))


def test_session_plays_from_the_title_to_the_results(session):
    name, result = session
    assert result["summary"]["stop"] == "until", result["console"][-2000:]
    names = [words[2] for words in result["info"]]
    assert names[0] == "TitleScreen"
    assert "TableScreen" in names
    assert names[-1] in ("HandResultScreen", "MatchResultScreen")
    moves = max(int(words[4]) for words in result["info"])
    assert moves >= 8
    figures = pico.figures(result)
    assert figures["smart_wait_ms"]["n"] >= 3  # the smart bots played


def test_session_frames_are_the_desktops_pixel_for_pixel(session):
    name, result = session
    assert pico.frames_equal(result) is None
    # not a vacuous comparison: the frames changed the panel again and again
    distinct = set(pixels for pixels, written in result["device"])
    assert len(distinct) > 20
