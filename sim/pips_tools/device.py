"""`make bench-device`: the bots and the firmware timed on an emulated Cortex-M0.

    MICROPY_DIR=/path/to/micropython python -m pips_tools.device [--quick] [--skip-heap]
        [--game NAME ...] [--decisions N] [--json build/bench-device.json]

MicroPython's qemu port is built for qemu's `microbit` machine (a Cortex-M0),
enlarged to 256 KB of SRAM and 1 MB of flash, with a GC heap of HEAP_BYTES
(192 KiB, about what a Pico's firmware leaves free) and with the project
frozen in: the modules firmware/manifest.py lists (read from that file, so it
follows the package as it moves), the desktop board boards/unix_sim.py (the
real ST7789 driver on a fake SPI bus that counts bytes), firmware/main.py as
`pips_main`, and the bench module pips_tools/device_bench_mod.py as
`pips_bench`. qemu runs it with `-icount shift=3`: every instruction is 8 ns
of virtual time, so time.ticks_us() in the guest reads a 125 MHz core at one
instruction a cycle, the same on every run whatever the host's load. Scripts
go in over the raw REPL (MicroPython's tools/pyboard.py, which needs
pyserial) and only call frozen code.

A Pico takes about 1.65 times the emulated time (RP2040 cycle counts of this
kind of work: see docs/device-bench.md).

Measured, per game (every registered game, or those of --game) and table
size (2 and 4 players where the game allows them, its largest table up to 6,
Solitaire's one seat):
  - random-play games (pips.selfplay.random_games), time a game;
  - greedy and smart decision times, median / p90 / max, bots at every seat;
  - the smallest heap a bots-only smart match fits in (rebuilt at smaller heaps);
and per scripted firmware session (pips_tools.firmware_session: its games, seats,
seeds and key script):
  - frame times, median / p95 / max: the emulated time of one App.frame()
    and of the spare-time gc.collect() after it (firmware/main.py), plus the
    wire time of the bytes it sent, at the board's SPI clock
    (boards/pico_lcd_114.py's _BAUDRATE); the slowest frames, with their
    screen, the table's state and where their time went;
  - the smallest heap the whole session fits in.

    python -m pips_tools.device --frames-only     only the sessions' frames (~1 min)

Only firmware/main.c depends on the heap size, so a heap probe recompiles it
and relinks (a few seconds) instead of building the whole firmware again.
"""

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HERE = os.path.dirname(os.path.abspath(__file__))
BUILD = os.path.join(ROOT, "build", "device")
JSON_OUT = os.path.join(ROOT, "build", "bench-device.json")

# The MicroPython commit these figures were measured with (v1.29.0-preview,
# `git describe`: v1.28.0-732-g1c3c201149), micropython-lib at its submodule pin.
MICROPY_COMMIT = "1c3c201149f37fe8d81246191b3127bb198d6306"

NEEDS = (
    "make bench-device needs MICROPY_DIR=/path/to/micropython (a MicroPython work tree "
    "with lib/micropython-lib, commit %s), arm-none-eabi-gcc and qemu-system-arm; "
    "see docs/device-bench.md" % MICROPY_COMMIT[:10]
)

HEAP_BYTES = 192 * 1024
CPU_HZ = 125_000_000  # -icount shift=3: 2**3 ns an instruction
QEMU_MACHINE = (
    "qemu-system-arm -machine microbit -global nrf51-soc.flash-size=1048576 "
    "-global nrf51-soc.sram-size=262144 -nographic -monitor null -semihosting "
    "-icount shift=3 -serial pty -kernel "
)
# qemu clocks the nRF51's core at 16 MHz of virtual time: without CPU_FREQ_HZ the
# port's ticks_us() runs 1.5625 times slow. Computed goto and -O2 on the VM and
# the GC: what the rp2 (Pico) build does.
CFLAGS_EXTRA = "-DCPU_FREQ_HZ=16000000u -DMICROPY_OPT_COMPUTED_GOTO=1 -DMICROPY_EMIT_THUMB=1"

TABLES = (2, 4)  # the table sizes measured, within each game's own range


def games_and_tables():
    """(game name, players) for every registered game: 2 and 4 players where
    the game allows them, its largest table up to 6 (Domino Uno's), and its
    one size for a game of one (Solitaire)."""
    from pips import games

    out = []
    for name in games.names():
        cls = games.get(name)
        sizes = [p for p in TABLES if cls.min_players <= p <= cls.max_players]
        if cls.max_players <= 6 and cls.max_players not in sizes:
            sizes.append(cls.max_players)
        out.extend((name, p) for p in sizes)
    return out
FRAME_BUDGET_MS = 33  # a frame at ~30 fps (firmware/main.py's FRAME_MS)


class DeviceError(RuntimeError):
    pass


# -- the MicroPython tree ----------------------------------------------------------


def micropy_dir(path=None):
    """The MicroPython work tree (MICROPY_DIR), checked; DeviceError(NEEDS) if absent."""
    path = path or os.environ.get("MICROPY_DIR")
    if not path:
        raise DeviceError(NEEDS)
    path = os.path.abspath(path)
    for need in ("ports/qemu/Makefile", "tools/pyboard.py", "lib/micropython-lib/python-stdlib"):
        if not os.path.exists(os.path.join(path, need)):
            raise DeviceError("%s has no %s. %s" % (path, need, NEEDS))
    for tool in ("arm-none-eabi-gcc", "qemu-system-arm"):
        if shutil.which(tool) is None:
            raise DeviceError("no %s on PATH. %s" % (tool, NEEDS))
    return path


def tree_commit(mp):
    """(commit, `git describe`) of the MicroPython tree ("unknown" without git)."""

    def git(*args):
        done = subprocess.run(["git", "-C", mp] + list(args), capture_output=True, text=True)
        return done.stdout.strip() if done.returncode == 0 else "unknown"

    return git("rev-parse", "HEAD"), git("describe", "--always", "--tags")


# -- the bench manifest -------------------------------------------------------------


def manifest_entries(path=os.path.join(ROOT, "firmware", "manifest.py")):
    """What a manifest freezes, as (function, args, kwargs) calls with every
    base_path made absolute; included manifests are followed, except the port's
    own ($(PORT_DIR)/...: the qemu port has none). Read by running the manifest
    with stand-ins for the manifest functions, so the list is the file's own."""
    calls = []
    folder = os.path.dirname(os.path.abspath(path))

    def absolute(kwargs):
        kwargs = dict(kwargs)
        kwargs["base_path"] = os.path.normpath(os.path.join(folder, kwargs.get("base_path", ".")))
        return kwargs

    def include(manifest, **kwargs):
        if "$(" in manifest:
            return  # a port's manifest ($(PORT_DIR)/boards/manifest.py)
        manifest = os.path.join(folder, manifest)
        if os.path.isdir(manifest):
            manifest = os.path.join(manifest, "manifest.py")
        calls.extend(manifest_entries(manifest))

    def recorder(name):
        def record(*args, **kwargs):
            if name in ("package", "module"):
                kwargs = absolute(kwargs)
            elif name in ("freeze", "freeze_as_str", "freeze_as_mpy", "freeze_mpy"):
                args = (os.path.normpath(os.path.join(folder, args[0])),) + tuple(args[1:])
            calls.append((name, tuple(args), kwargs))

        return record

    scope = {"include": include, "options": _Options(), "metadata": lambda **kw: None}
    for name in ("package", "module", "require", "freeze", "freeze_as_str", "freeze_as_mpy", "freeze_mpy"):
        scope[name] = recorder(name)
    with open(path) as f:
        exec(compile(f.read(), path, "exec"), scope)
    return calls


class _Options:
    def __getattr__(self, name):
        return None


def _call_text(name, args, kwargs):
    parts = [repr(a) for a in args] + ["%s=%r" % (k, v) for k, v in sorted(kwargs.items())]
    return "%s(%s)" % (name, ", ".join(parts))


def write_manifest(out_dir=BUILD):
    """Write out_dir/manifest.py, the bench firmware's: firmware/manifest.py's
    modules, boards/unix_sim.py, firmware/main.py as pips_main and the bench
    module as pips_bench (both copied to out_dir/frozen). Returns its path and
    a fingerprint of everything frozen (for the firmware cache)."""
    frozen = os.path.join(out_dir, "frozen")
    os.makedirs(frozen, exist_ok=True)
    for src, name in (
        (os.path.join(ROOT, "firmware", "main.py"), "pips_main.py"),
        (os.path.join(HERE, "device_bench_mod.py"), "pips_bench.py"),
    ):
        _copy_if_changed(src, os.path.join(frozen, name))
    lines = ["# Written by pips_tools.device: firmware/manifest.py's modules and the bench's."]
    lines += [_call_text(*c) for c in manifest_entries()]
    lines.append(_call_text("module", ("unix_sim.py",), {"base_path": os.path.join(ROOT, "boards")}))
    lines.append(_call_text("module", ("pips_main.py",), {"base_path": frozen}))
    lines.append(_call_text("module", ("pips_bench.py",), {"base_path": frozen}))
    text = "\n".join(lines) + "\n"
    path = os.path.join(out_dir, "manifest.py")
    old = open(path).read() if os.path.exists(path) else None
    if old != text:
        with open(path, "w") as f:
            f.write(text)
    digest = hashlib.sha1(text.encode())
    for source in _frozen_files(text):
        with open(source, "rb") as f:
            digest.update(source.encode() + b"\0" + f.read())
    return path, digest.hexdigest()[:12]


def _copy_if_changed(src, dst):
    with open(src, "rb") as f:
        data = f.read()
    if os.path.exists(dst):
        with open(dst, "rb") as f:
            if f.read() == data:
                return
    with open(dst, "wb") as f:
        f.write(data)


def _frozen_files(manifest_text):
    """Every .py file the written manifest freezes (packages walked), sorted."""
    out = []
    for line in manifest_text.splitlines():
        m = re.match(r"(package|module)\('([^']+)'.*base_path='([^']+)'", line)
        if not m:
            continue
        kind, name, base = m.groups()
        path = os.path.join(base, name)
        if kind == "module":
            out.append(path)
            continue
        for folder, dirs, names in os.walk(path):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            out += [os.path.join(folder, n) for n in sorted(names) if n.endswith(".py")]
    return sorted(out)


# -- building -------------------------------------------------------------------


def _make(mp, build_dir, manifest, heap, log):
    cmd = [
        "make", "-C", os.path.join(mp, "ports", "qemu"), "BOARD=MICROBIT",
        "BUILD=" + build_dir, "-j%d" % (os.cpu_count() or 2),
        "MICROPY_HEAP_SIZE=%d" % heap, "CSUPEROPT=-O2",
        "CFLAGS_EXTRA=" + CFLAGS_EXTRA, "FROZEN_MANIFEST=" + manifest,
    ]  # fmt: skip
    with open(log, "a") as f:
        done = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT)
    if done.returncode != 0:
        with open(log) as f:
            tail = f.read()[-3000:]
        raise DeviceError("the firmware build failed (log: %s):\n%s" % (log, tail))


def build(mp, heap=HEAP_BYTES, out=print):
    """The bench firmware with a `heap`-byte GC heap: the path of its firmware.elf,
    cached per heap size and per content of everything frozen."""
    os.makedirs(BUILD, exist_ok=True)
    manifest, fingerprint = write_manifest()
    key = "%s-%s" % (fingerprint, hashlib.sha1((mp + CFLAGS_EXTRA).encode()).hexdigest()[:6])
    elf = os.path.join(BUILD, "elf", key, "firmware-%d.elf" % heap)
    if os.path.exists(elf):
        return elf
    cross = os.path.join(mp, "mpy-cross", "build", "mpy-cross")
    log = os.path.join(BUILD, "build.log")
    with open(log, "w") as f:
        f.write("heap %d\n" % heap)
    if not os.path.exists(cross):
        out("building mpy-cross (once) ...")
        with open(log, "a") as f:
            subprocess.run(["make", "-C", os.path.join(mp, "mpy-cross"),
                            "-j%d" % (os.cpu_count() or 2)], stdout=f, stderr=subprocess.STDOUT, check=True)  # fmt: skip
    build_dir = os.path.join(BUILD, "qemu")
    # make does not see a change of CFLAGS_EXTRA: a build made with others starts over
    stamp = os.path.join(build_dir, "pips-cflags")
    if os.path.isdir(build_dir) and (not os.path.exists(stamp) or open(stamp).read() != CFLAGS_EXTRA):
        shutil.rmtree(build_dir)
    # Only main.c uses MICROPY_HEAP_SIZE: a new size recompiles it and relinks.
    for stale in ("main.o", "main.d", "firmware.elf"):
        path = os.path.join(build_dir, stale)
        if os.path.exists(path):
            os.remove(path)
    t0 = time.time()
    _make(mp, build_dir, manifest, heap, log)
    with open(stamp, "w") as f:
        f.write(CFLAGS_EXTRA)
    os.makedirs(os.path.dirname(elf), exist_ok=True)
    shutil.copyfile(os.path.join(build_dir, "firmware.elf"), elf)
    out("  built firmware, %d KiB heap (%.0f s)" % (heap // 1024, time.time() - t0))
    return elf


# -- running ----------------------------------------------------------------------


class Output(str):
    """What a run printed; `error` is the guest's traceback ("" if none)."""

    error = ""


def run(mp, elf, code, timeout=1800):
    """Boot `elf` under qemu, run `code` at the raw REPL, return what it printed
    (an Output; its .error holds a traceback, e.g. a MemoryError). timeout: the
    longest silence allowed, in host seconds."""
    sys.path.insert(0, os.path.join(mp, "tools"))
    try:
        import pyboard
    finally:
        sys.path.pop(0)
    try:
        board = pyboard.Pyboard("execpty:" + QEMU_MACHINE + elf)
    except ImportError as e:
        raise DeviceError("pyboard.py needs pyserial (requirements-bench.txt): %s" % e)
    chunks = []
    try:
        board.enter_raw_repl(soft_reset=False)
        _, err = board.exec_raw(code, timeout=timeout, data_consumer=chunks.append)
    finally:
        board.close()
    text = Output(b"".join(chunks).replace(b"\x04", b"").decode("utf-8", "replace"))
    text.error = err.decode("utf-8", "replace")
    return text


def run_ok(mp, elf, code, timeout=1800):
    text = run(mp, elf, code, timeout)
    if text.error:
        raise DeviceError("the device script failed:\n%s\n%s" % (text[-2000:], text.error))
    return text


def lines(text, tag):
    """The words after `tag` of every output line that starts with it."""
    return [line.split()[1:] for line in text.splitlines() if line.split()[:1] == [tag]]


def smallest_heap(mp, script, passes, low_k, high_k, out=print, label=""):
    """The smallest heap in KiB (1 KiB resolution) in which `script` runs without
    an error and passes(output) holds,
    by bisection between low_k (assumed to fail) and high_k (checked to pass);
    each probe is a firmware rebuilt at that heap size."""

    def probe(k):
        text = run(mp, build(mp, k * 1024, out=lambda s: None), script)
        ok = not text.error and passes(text)
        out("  %s: %d KiB %s" % (label, k, "fits" if ok else "fails"))
        return ok

    if not probe(high_k):
        raise DeviceError("%s does not fit even %d KiB" % (label, high_k))
    lo, hi = low_k, high_k
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if probe(mid):
            hi = mid
        else:
            lo = mid
    return hi


# -- the measurements ---------------------------------------------------------------


def spi_hz():
    """The reference board's SPI clock (boards/pico_lcd_114.py's _BAUDRATE)."""
    with open(os.path.join(ROOT, "boards", "pico_lcd_114.py")) as f:
        m = re.search(r"^_BAUDRATE\s*=\s*const\(([\d_]+)\)", f.read(), re.M)
    return int(m.group(1).replace("_", ""))


def percentile(sorted_values, p):
    """The value below which p per cent of the samples lie (nearest rank)."""
    n = len(sorted_values)
    return sorted_values[min(n - 1, (n * p) // 100)]


def summary(values, p=90):
    v = sorted(values)
    return {"n": len(v), "median": v[len(v) // 2], "p%d" % p: percentile(v, p), "max": v[-1]}


def decisions(mp, elf, name, players, count, levels=("greedy", "smart"), seed=1):
    """{level: summary in ms} of `count` decisions per level."""
    code = "import pips_bench\n" + "".join(
        "pips_bench.decisions(%r, %d, %r, %d, %d)\n" % (name, players, level, count, seed)
        for level in levels
    )
    text = run_ok(mp, elf, code)
    out = {}
    for words in lines(text, "samples"):
        ms = [int(w) / 1000.0 for w in words[1:]]
        out[words[0]] = dict((k, round(v, 2)) for k, v in summary(ms).items())
    return out


def random_games(mp, elf, name, players, games, seed=1):
    text = run_ok(mp, elf, "import pips_bench\npips_bench.random_games(%r, %d, %d, %d)\n"
                  % (name, players, games, seed))  # fmt: skip
    done, moves, us = [int(w) for w in lines(text, "random")[0]]
    return {"games": done, "moves": moves, "ms_per_game": round(us / 1000.0 / done, 3),
            "us_per_move": round(us / float(moves), 1)}  # fmt: skip


def match_script(name, players, seed, rollouts):
    return "import pips_bench\npips_bench.match(%r, %d, %d, %d)\n" % (name, players, seed, rollouts)


def cpython_match(name, players, seed, rollouts):
    """The same match on CPython: (digest, moves, hands), what the device must print."""
    from pips import games, selfplay

    r = selfplay.record_match(games.get(name), players, seed, "smart", rollouts, keep=False)
    return [r["digest"], r["moves"], r["hands_played"]]


def match_heap(mp, name, players, seed, rollouts, out=print, low_k=4, high_k=64):
    want = cpython_match(name, players, seed, rollouts)
    label = "match %s %dp" % (name, players)

    def passes(text):
        got = [[int(w) for w in words] for words in lines(text, "match")]
        if got and got[0] != want:
            raise DeviceError("%s: the device played %r, CPython %r" % (label, got[0], want))
        return bool(got)

    return smallest_heap(mp, match_script(name, players, seed, rollouts), passes, low_k, high_k,
                         out, label)  # fmt: skip


def session_script(name, timed, max_hands=99, max_frames=40000):
    from pips_tools.firmware_session import session_args, session_table

    players, target, seed = session_table(name)
    args = session_args(name, players, target, max_hands, max_frames, seed)[1:]
    return "import pips_bench\npips_bench.session(%r, %s)\n" % (tuple(args), timed)


# the table's states (pips.ui.table), for the report
TABLE_STATES = {0: "next actor", 1: "move shown", 2: "bot thinking", 3: "human choosing", 4: "reveal"}


def session_frames(mp, elf, name, hz, slowest=5):
    """Frame times of the scripted session of `name`, in ms: App.frame(), the
    spare-time gc after it (firmware/main.py) and the wire time of the bytes it
    handed to the bus. With the `slowest` frames and what they did."""
    text = run_ok(mp, elf, session_script(name, True))
    # "f us bytes gc_us flush_us think_us screen state"; a frame's spare-time
    # gc runs after its line is printed: it is on the next frame's line
    rows = lines(text, "f")
    frames = []
    for i, w in enumerate(rows):
        us, nbytes, flush_us, think_us = int(w[0]), int(w[1]), int(w[3]), int(w[4])
        gc_us = int(rows[i + 1][2]) if i + 1 < len(rows) else 0
        wire = nbytes * 8 * 1000.0 / hz
        frames.append({
            "frame": i + 1, "ms": round(us / 1000.0 + gc_us / 1000.0 + wire, 2),
            "think": round(think_us / 1000.0, 2), "flush": round(flush_us / 1000.0, 2),
            "other": round((us - think_us - flush_us) / 1000.0, 2), "gc": round(gc_us / 1000.0, 2),
            "wire": round(wire, 2), "bytes": nbytes, "screen": w[5],
            "state": TABLE_STATES.get(int(w[6]), "") if w[5] == "TableScreen" else "",
        })  # fmt: skip
    ms = [f["ms"] for f in frames]
    res = dict((k, round(v, 2)) for k, v in summary(ms, 95).items())
    res["compute_max"] = round(max(f["think"] + f["flush"] + f["other"] for f in frames), 2)
    res["gc_collections"] = sum(1 for f in frames if f["gc"] > 0)
    res["over_33ms"] = sum(1 for v in ms if v > FRAME_BUDGET_MS)
    res["over_60ms"] = sum(1 for v in ms if v > 60)
    res["bytes_sent"] = sum(f["bytes"] for f in frames)
    res["slowest"] = sorted(frames, key=lambda f: -f["ms"])[:slowest]
    res["over"] = "over: True" in text
    totals = lines(text, "totals:")
    res["totals"] = [int(t) for t in totals[0]] if totals else []
    return res


def session_heap(mp, name, out=print, low_k=16, high_k=128):
    label = "session %s" % name
    script = session_script(name, False)
    return smallest_heap(mp, script, lambda text: "over: True" in text, low_k, high_k, out, label)


def measure(mp, quick=False, heap=True, out=print, match_rollouts=16, match_seed=1, games=True,
            only=(), decide=None):
    """Every figure, as a dict. only: the games measured (names; empty: every
    game); decide: decisions timed per level (default 40, 5 when quick)."""
    commit, described = tree_commit(mp)
    out("MicroPython %s (%s), pinned %s%s" % (commit[:10], described, MICROPY_COMMIT[:10],
        "" if commit == MICROPY_COMMIT else "  <- NOT the pinned commit: figures may differ"))  # fmt: skip
    elf = build(mp, HEAP_BYTES, out)
    res = {
        "micropython": {"commit": commit, "describe": described, "pinned": MICROPY_COMMIT},
        "method": {
            "machine": "qemu microbit (Cortex-M0), 256 KB SRAM, 1 MB flash, -icount shift=3",
            "clock_hz": CPU_HZ, "heap_bytes": HEAP_BYTES, "spi_hz": spi_hz(),
            "pico_factor": "a Pico takes about 1.65x the emulated time",
            "match_heap_rollouts": match_rollouts, "quick": quick,
        },
        "games": {},
        "sessions": {},
    }  # fmt: skip
    memory = run_ok(mp, elf, "import pips_bench\npips_bench.memory()\n")
    res["method"]["heap_free_at_boot"] = int(lines(memory, "heap")[0][1])
    n_decide = decide if decide else 5 if quick else 40
    tables = [t for t in games_and_tables() if not only or t[0] in only] if games else []
    for name, players in tables:
        t0 = time.time()
        # UNO's random hands run to a thousand moves: fewer of them
        n_random = (2 if quick else 10) if name == "uno" else (10 if quick else 200)
        try:
            row = {"random": random_games(mp, elf, name, players, n_random)}
            row.update(decisions(mp, elf, name, players, n_decide))
        except DeviceError as e:  # a game that fails on the device is reported, not hidden
            last = [line for line in str(e).splitlines() if line.strip()][-1:]
            row = {"error": last[0] if last else "failed"}
        res["games"].setdefault(name, {})[str(players)] = row
        out("  %s %dp: random and decisions (%.0f s)" % (name, players, time.time() - t0))
    hz = spi_hz()
    from pips_tools.firmware_session import session_table, sessions

    names = [name for name in sessions() if not only or name in only]
    for name in names:
        t0 = time.time()
        try:
            frames = session_frames(mp, elf, name, hz)
        except DeviceError as e:
            last = [line for line in str(e).splitlines() if line.strip()][-1:]
            frames = {"error": last[0] if last else "failed"}
        res["sessions"][name] = {"players": session_table(name)[0], "frames": frames}
        out("  %s session frames (%.0f s)" % (name, time.time() - t0))
    if heap:
        for name, players in tables:
            if "error" in res["games"][name][str(players)]:
                continue
            k = match_heap(mp, name, players, match_seed, match_rollouts, out)
            res["games"][name][str(players)]["match_heap_k"] = k
        for name in names:
            if "error" not in res["sessions"][name]["frames"]:
                res["sessions"][name]["heap_k"] = session_heap(mp, name, out)
    return res


# -- the report ---------------------------------------------------------------------


def table(res):
    rows = []
    m = res["micropython"]
    rows.append("Emulated Cortex-M0 at 125 MHz (a Pico takes ~1.65x), MicroPython %s (%s), "
                "heap %d KiB" % (m["commit"][:10], m["describe"], res["method"]["heap_bytes"] // 1024))  # fmt: skip
    rows.append("")
    head = "%-9s %10s %22s %24s %10s" % ("game", "random", "greedy ms", "smart ms", "match")
    rows.append(head)
    rows.append("%-9s %10s %22s %24s %10s" % ("", "ms/game", "median / p90 / max", "median / p90 / max", "heap KiB"))
    for name, per in res["games"].items():
        for players, row in sorted(per.items()):
            if "error" in row:
                rows.append("%-9s %s" % ("%s %sp" % (name, players), "fails on the device: " + row["error"]))
                continue
            g, s = row.get("greedy", {}), row.get("smart", {})
            rows.append("%-9s %10.2f %22s %24s %10s" % (
                "%s %sp" % (name, players), row["random"]["ms_per_game"],
                "%.2f / %.2f / %.2f" % (g["median"], g["p90"], g["max"]),
                "%.1f / %.1f / %.1f" % (s["median"], s["p90"], s["max"]),
                row.get("match_heap_k", "-")))  # fmt: skip
    rows.append("")
    rows.append("%-9s %7s %26s %9s %9s %10s" % ("session", "frames", "frame ms median / p95 / max",
                                             "> 33 ms", "> 60 ms", "heap KiB"))  # fmt: skip
    for name, s in res["sessions"].items():
        f = s["frames"]
        if "error" in f:
            rows.append("%-9s %s" % ("%s %dp" % (name, s["players"]), "fails on the device: " + f["error"]))
            continue
        rows.append("%-9s %7d %26s %9d %9d %10s" % (
            "%s %dp" % (name, s["players"]), f["n"],
            "%.1f / %.1f / %.1f" % (f["median"], f["p95"], f["max"]),
            f["over_33ms"], f["over_60ms"], s.get("heap_k", "-")))  # fmt: skip
    rows.append("")
    rows.append("slowest frames, ms: think + flush (expand, to the bus) + other (keys, moves, "
                "drawing) + gc + wire")  # fmt: skip
    for name, s in res["sessions"].items():
        for f in s["frames"].get("slowest", [])[:3] if "error" not in s["frames"] else ():
            rows.append("  %-6s #%-5d %5.1f = %4.1f + %4.1f + %4.1f + %3.1f + %3.1f  %s %s" % (
                name, f["frame"], f["ms"], f["think"], f["flush"], f["other"], f["gc"], f["wire"],
                f["screen"], f["state"]))  # fmt: skip
    return "\n".join(rows)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="few samples (a smoke test)")
    parser.add_argument("--skip-heap", action="store_true", help="no heap bisection")
    parser.add_argument("--frames-only", action="store_true",
                        help="only the firmware sessions' frames (no bots, no heaps)")  # fmt: skip
    parser.add_argument("--game", action="append", default=[], metavar="NAME",
                        help="measure this game only (repeatable; default: every game)")  # fmt: skip
    parser.add_argument("--decisions", type=int, default=0, metavar="N",
                        help="decisions timed per level and table (default 40, 5 with --quick)")  # fmt: skip
    parser.add_argument("--json", default=JSON_OUT, help="where to write the results")
    args = parser.parse_args(argv)
    from pips import games as registry

    for name in args.game:
        if name not in registry.names():
            parser.error("no game %r (try: %s)" % (name, ", ".join(registry.names())))
    try:
        mp = micropy_dir()
    except DeviceError as e:
        print(e)
        return 2
    if args.frames_only and args.json == JSON_OUT:  # leave the whole bench's figures be
        args.json = JSON_OUT.replace(".json", "-frames.json")
    elif args.game and args.json == JSON_OUT:
        args.json = JSON_OUT.replace(".json", "-%s.json" % "-".join(args.game))
    t0 = time.time()
    res = measure(mp, quick=args.quick, heap=not (args.skip_heap or args.frames_only),
                  games=not args.frames_only, only=tuple(args.game),
                  decide=args.decisions)  # fmt: skip
    res["host_seconds"] = round(time.time() - t0)
    os.makedirs(os.path.dirname(os.path.abspath(args.json)), exist_ok=True)
    with open(args.json, "w") as f:
        json.dump(res, f, indent=1, sort_keys=True)
    print()
    print(table(res))
    print("written: %s" % os.path.relpath(args.json))
    return 0


if __name__ == "__main__":
    sys.exit(main())
