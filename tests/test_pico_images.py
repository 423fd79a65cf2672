"""The images a maker flashes on a Pico: build/pips-fs.uf2 (`make fs-uf2`, the
device files on a littlefs image) and the UF2 writer behind it, package.json
for mip, and what the emulated Pico's harness (pips_tools.pico) takes from the
project. The firmware image itself (`make firmware`) is booted in
tests/test_pico.py."""

import os
import struct

import pytest

from mpy_support import device_tree, needs_micropython  # noqa: F401 (puts sim/ on sys.path)
from pips_tools import deploy, fsimage, pico, uf2

ROOT = deploy.ROOT
littlefs = pytest.importorskip("littlefs", reason="littlefs-python is not installed (run make)")


def test_uf2_blocks_follow_the_format():
    data = bytes(range(256)) * 2 + b"tail"
    out = uf2.blocks(data, 0x100A0000)
    assert len(out) == 3 * 512
    for n in range(3):
        block = out[n * 512 : (n + 1) * 512]
        words = struct.unpack_from("<8I", block)
        assert words[:2] == (0x0A324655, 0x9E5D5157)
        assert words[2] & 0x2000  # a family ID is given: the RP2040's
        assert words[3] == 0x100A0000 + 256 * n
        assert words[4] == 256 and words[5] == n and words[6] == 3
        assert words[7] == 0xE48BFF56
        assert struct.unpack_from("<I", block, 508)[0] == 0x0AB16F30
    assert out[2 * 512 + 32 : 2 * 512 + 36] == b"tail"
    assert out[2 * 512 + 36 : 2 * 512 + 32 + 256] == b"\xff" * 252  # erased flash
    assert uf2.flat(out, 0x100A0000)[: len(data)] == data
    with pytest.raises(ValueError):
        uf2.blocks(data, 0x100A0001)
    with pytest.raises(ValueError):
        uf2.image(out[:-1])


def test_fs_image_holds_exactly_the_deploy_files(tmp_path):
    tree = device_tree()
    files = deploy.select(tree, deploy.read_list())
    assert "main.py" in files and "pips/ui/app.mpy" in files
    data = fsimage.image(tree, files)
    assert len(data) == 352 * 4096
    path = tmp_path / "pips-fs.uf2"
    path.write_bytes(fsimage.to_uf2(data))
    raw = path.read_bytes()
    first = struct.unpack_from("<8I", raw)
    assert first[3] == 0x10000000 + 0xA0000  # where the rp2 port mounts its filesystem
    assert len(raw) == 512 * (352 * 4096 // 256)
    found = fsimage.read_image(fsimage.from_uf2(raw))  # littlefs-python mounts it
    assert sorted(found) == sorted(files)
    for rel in files:
        with open(os.path.join(tree, rel), "rb") as f:
            assert found[rel] == f.read(), rel
    # and so does a littlefs of today's on-disk format, given only the geometry
    fs = littlefs.LittleFS(block_size=4096, block_count=352, mount=False)
    fs.context.buffer[:] = fsimage.from_uf2(raw)
    fs.mount()
    assert sorted(fs.listdir("/")) == sorted(set(rel.split("/")[0] for rel in files))


def test_package_json_lists_the_deploy_files_for_mip():
    """package.json (`mpremote mip install github:OWNER/REPO`) is the deploy
    list's files as sources: the same paths on the board, .py for .mpy."""
    import json

    with open(os.path.join(deploy.ROOT, "package.json")) as f:
        package = json.load(f)
    assert package == deploy.package_json()  # regenerate: python -m pips_tools.deploy --package-json
    tree = device_tree()
    # the .mpy form's data files stay out: a source module carries its tables itself
    on_board = [rel for rel in deploy.select(tree, deploy.read_list()) if not rel.endswith(".dat")]
    assert len(on_board) < len(deploy.select(tree, deploy.read_list()))  # there are some
    dests = [dest for dest, url in package["urls"]]
    assert sorted(d[:-3] + ".mpy" if d != "main.py" else d for d in dests) == sorted(on_board)
    for dest, url in package["urls"]:
        assert os.path.isfile(os.path.join(deploy.ROOT, url)), url
        assert os.path.basename(dest) == os.path.basename(url)


def test_rp2040js_pin_is_the_makefiles():
    with open(os.path.join(ROOT, "Makefile")) as f:
        assert "PICO_EMU_PACKAGE := %s\n" % pico.RP2040JS in f.read()


def test_key_pins_are_the_reference_boards():
    # docs/boards.md: key A GP15, key B GP17, joystick up GP2, down GP18,
    # left GP16, right GP20, press GP3
    assert pico.key_pins() == {"A": 15, "B": 17, "UP": 2, "DOWN": 18, "LEFT": 16,
                               "RIGHT": 20, "MENU": 3}


def test_the_thinking_state_is_the_tables():
    from pips.ui import table_model

    assert table_model.THINK == pico.THINK
