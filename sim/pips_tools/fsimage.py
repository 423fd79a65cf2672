"""`make fs-uf2`: the device files as a littlefs image in a UF2 file, for a Pico
that already runs MicroPython (build/pips-fs.uf2).

    python -m pips_tools.fsimage [--out build/pips-fs.uf2] [--img FILE]

The files are those `make deploy` copies (firmware/deploy.txt over the .mpy
tree of `make mpy`, which this brings up to date), each at the same path. The
image is what the rp2 port's own `_boot.py` mounts: littlefs v2 (on-disk
format 2.0, which every MicroPython with littlefs v2 reads) on the last
1408 KiB of the Pico's 2 MiB flash (flash offset 0xA0000, 352 blocks of 4 KiB,
programmed 256 bytes at a time). Dropped on the Pico's BOOTSEL drive it
replaces the whole filesystem: what was on the board before is gone.

Needs littlefs-python (requirements.txt) and nothing from MicroPython.
"""

import argparse
import os
import sys

from pips_tools import deploy, mpy, uf2

# The rp2 port's RPI_PICO board: MICROPY_HW_FLASH_STORAGE_BYTES at the end of
# 2 MiB of flash, mounted by ports/rp2/modules/_boot.py as VfsLfs2(progsize=256)
# with littlefs's other settings at MicroPython's defaults (extmod/vfs_lfs.c).
FLASH_BYTES = 2 * 1024 * 1024
STORAGE_BYTES = 1408 * 1024
STORAGE_OFFSET = FLASH_BYTES - STORAGE_BYTES  # 0xA0000
BLOCK_SIZE = 4096
BLOCK_COUNT = STORAGE_BYTES // BLOCK_SIZE
# littlefs's on-disk format 2.0: what every MicroPython with littlefs v2 mounts
# (format 2.1 needs littlefs 2.6, MicroPython 1.21 and later).
DISK_VERSION = 0x00020000
LFS_SETTINGS = dict(
    block_size=BLOCK_SIZE, block_count=BLOCK_COUNT, read_size=32, prog_size=256,
    lookahead_size=32, disk_version=DISK_VERSION,
)
OUT = os.path.join(mpy.ROOT, "build", "pips-fs.uf2")


def littlefs(**extra):
    from littlefs import LittleFS

    return LittleFS(**dict(LFS_SETTINGS, **extra))


def device_files(build_dir=mpy.DEFAULT_OUT, deploy_list=deploy.DEPLOY_LIST, build=True):
    """The deploy list's files of the .mpy tree (brought up to date first)."""
    if build:
        mpy.build(build_dir)
    return deploy.select(build_dir, deploy.read_list(deploy_list))


def image(build_dir=mpy.DEFAULT_OUT, files=None):
    """The littlefs image (bytes, the whole storage area) holding `files`
    (paths in build_dir; default: the deploy list's)."""
    if files is None:
        files = device_files(build_dir)
    fs = littlefs()
    for folder in deploy.folders_of(files):
        fs.mkdir("/" + folder)
    for rel in files:
        with open(os.path.join(build_dir, rel), "rb") as src, fs.open("/" + rel, "wb") as dst:
            dst.write(src.read())
    return bytes(fs.context.buffer)


def read_image(data, **extra):
    """{path: content} of every file in a littlefs image of these settings
    (`extra`: other ones, as littlefs-python names them)."""
    fs = littlefs(mount=False, **extra)
    fs.context.buffer[:] = data
    fs.mount()
    out = {}
    for top, dirs, names in fs.walk("/"):
        for name in names:
            path = (top.rstrip("/") + "/" + name).lstrip("/")
            with fs.open("/" + path, "rb") as f:
                out[path] = f.read()
    return out


def to_uf2(data):
    return uf2.blocks(data, uf2.FLASH_BASE + STORAGE_OFFSET)


def from_uf2(uf2_bytes):
    """The storage area back from a UF2 written by to_uf2()."""
    flat = uf2.flat(uf2_bytes)
    return flat[STORAGE_OFFSET : STORAGE_OFFSET + STORAGE_BYTES]


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m pips_tools.fsimage", description=__doc__.split("\n\n")[0])
    p.add_argument("--out", default=OUT, help="the UF2 file (build/pips-fs.uf2)")
    p.add_argument("--img", help="also write the raw image (for an emulator or picotool)")
    p.add_argument("--board", help="an RP2040 board of boards/board_table.py (default: the "
                   "reference; another's image is build/pips-fs-BOARD.uf2)")
    args = p.parse_args(argv)
    if args.board and args.out == OUT and args.board != "pico_lcd_114":
        args.out = os.path.join(mpy.ROOT, "build", "pips-fs-%s.uf2" % args.board)
    try:
        files = device_files()
        if args.board:
            files = deploy.board_files(mpy.DEFAULT_OUT, files, args.board)
    except (deploy.DeployError, mpy.MpyError) as e:
        print("fsimage: %s" % e, file=sys.stderr)
        return 1
    data = image(mpy.DEFAULT_OUT, files)
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "wb") as f:
        f.write(to_uf2(data))
    if args.img:
        with open(args.img, "wb") as f:
            f.write(data)
    size = sum(os.path.getsize(os.path.join(mpy.DEFAULT_OUT, rel)) for rel in files)
    print("wrote %s: %d files, %d bytes, at flash 0x%X"
          % (os.path.relpath(args.out), len(files), size, STORAGE_OFFSET))
    return 0


if __name__ == "__main__":
    sys.exit(main())
