"""The real Pico firmware (build/pips-pico.uf2, `make firmware`) on an emulated
RP2040: npm rp2040js, pinned below, driven by pico_run.mjs.

    python -m pips_tools.pico bootrom PATH/TO/rp2040js/demo/bootrom.ts
    python -m pips_tools.pico session block|uno [--json FILE]   (`make bench-pico`)

A session (run_session) plays a match from the title screen to its results as
a player would: the desktop simulator's key script for the table's set-up
(pips_sim.simulator.setup_script), then A now and then, each key held on its
GPIO pin of the reference board (boards/pico_lcd_114.py) in simulated time.
The firmware boots and starts the game from its frozen main.py; the session
then stops it (Ctrl-C) and runs TRACE over the raw REPL: firmware/main.py's own
frame loop, `run()`, on the real board, with a fixed seed and a clock that
notes every time the screens read it. Each frame prints its time, the keys
read, those clock readings, the display's byte count and how long the frame's
work took (ticks_us). The desktop then plays the same frames again (REPLAY, on
the MicroPython unix port with boards/unix_sim.py: the same driver and
framebuf, so the same code must give the same bytes), feeding each frame the
device's keys and clock readings; a frame that reads the clock more or fewer
times than on the device has taken another path, and the replay says so. Both
byte streams are decoded by pips_tools.panel's ST7789 model into the panel's
240x135 window after each frame: `frames_equal` compares them.

The figures (`make bench-pico`), in simulated time on the emulated 125 MHz
RP2040: a session's frame work (`figures`: keys, update, drawing and the bytes
on the wire, as the driver's SPI writes wait for the bus) and frame period
(start to start: the work, the spare-time collection, the sleep), the smart
bots' waits in it (the first frame a bot thinks to the frame that plays its
move: the thinking goes in slices of about 12 ms a 33 ms frame), and
`decision_times`: make bench-device's decision figure (pips_bench.decisions,
bots at every seat, no screens) on this firmware.

The boot ROM: rp2040js does not ship the RP2040's; its repository has it as
demo/bootrom.ts (the B1 ROM, as 32-bit words). `bootrom` turns that into the
16 KiB binary BOOTROM (checked against BOOTROM_SHA256).
"""

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

from pips.ui.table_model import CHOOSE, THINK, WAIT  # the table's states: a human chooses, a bot thinks, a device
from pips_tools import device, fsimage, mpy, panel, uf2

ROOT = mpy.ROOT
HERE = os.path.dirname(os.path.abspath(__file__))
RUNNER = os.path.join(HERE, "pico_run.mjs")
RP2040JS = "rp2040js@1.4.1"
# where `make pico-emu` installs it (PIPS_PICO_PREFIX: another folder holding one)
PREFIX = os.environ.get("PIPS_PICO_PREFIX") or os.path.join(ROOT, ".venv", "pico")
FIRMWARE = os.environ.get("PIPS_PICO_FIRMWARE") or os.path.join(ROOT, "build", "pips-pico.uf2")
# the same MicroPython with nothing frozen (`make firmware` builds both): the
# firmware a maker flashes before copying the .mpy files (pips_tools.memory)
STOCK_FIRMWARE = (os.environ.get("PIPS_PICO_STOCK_FIRMWARE")
                  or os.path.join(ROOT, "build", "micropython-pico.uf2"))
BOOTROM = os.environ.get("PIPS_PICO_BOOTROM") or os.path.join(ROOT, "build", "pico", "bootrom-b1.bin")
# the B1 ROM as rp2040js's demo/bootrom.ts holds it (pico-bootrom 00a4a19114)
BOOTROM_SHA256 = "90b31e108faedfa6bbcfcc33ba05dac61e645108cfbbdc385f8dafc71fde44ae"
BOARD_FILE = os.path.join(ROOT, "boards", "pico_lcd_114.py")
REFERENCE = "pico_lcd_114"
# the reference board's bus as boards/pico_lcd_114.py wires it (the kit boards'
# are read from their kit.panel() call): SPI1, DC 8, CS 9, the 240x135 window
# at column 40, row 53 of the controller's RAM, landscape (MADCTL 0x70)
REFERENCE_BUS = {"spi": 1, "dc": 8, "cs": 9, "rst": True, "col": 40, "row": 53, "madctl": 0x70,
                 "direct": False}

FRAME_MS = 33  # firmware/main.py's frame
TAP_MS = 100  # a key held this long, then released as long (three frames each)
START_MS = 400  # the first key, after the session's first frames


# -- what a session needs -----------------------------------------------------------------
def rp2040js_dir():
    return os.path.join(PREFIX, "node_modules", "rp2040js")


def missing(firmware=FIRMWARE):
    """Why the emulated Pico cannot run `firmware` here (a sentence), or None
    (firmware None: whether the emulator itself runs here)."""
    if shutil.which("node") is None:
        return "no node (Node.js) on PATH"
    if not os.path.isfile(os.path.join(rp2040js_dir(), "dist", "esm", "index.js")):
        return "no rp2040js in %s (make pico-emu installs %s from npm)" % (PREFIX, RP2040JS)
    with open(os.path.join(rp2040js_dir(), "package.json")) as f:
        version = json.load(f).get("version")
    if "rp2040js@" + str(version) != RP2040JS:
        return "rp2040js %s in %s, not %s (make pico-emu)" % (version, PREFIX, RP2040JS)
    if not os.path.isfile(BOOTROM):
        return ("no RP2040 boot ROM at %s (python -m pips_tools.pico bootrom "
                "rp2040js/demo/bootrom.ts; see docs/device.md)" % BOOTROM)
    if firmware is not None and not os.path.isfile(firmware):
        return "no firmware at %s (make firmware; see docs/device.md)" % firmware
    return None


def bootrom_from_ts(text):
    """The boot ROM's bytes from rp2040js's demo/bootrom.ts (an array of 32-bit words)."""
    body = text[text.index("Uint32Array([") :]
    words = [int(w, 16) for w in re.findall(r"0x([0-9a-fA-F]+)", body)]
    data = b"".join(w.to_bytes(4, "little") for w in words)
    if len(data) != 16384:
        raise ValueError("a boot ROM is 16 KiB, this is %d bytes" % len(data))
    return data


def key_pins(board_file=BOARD_FILE):
    """{key name: GPIO pin} as the board file wires its keys: the reference
    board's Pin(...) lines, or a kit board's kit.keys() pairs, where PREV
    stands for LEFT and UP and NEXT for RIGHT and DOWN (the first pin of a
    key wired twice)."""
    with open(board_file) as f:
        text = f.read()
    pins = dict((name, int(pin)) for pin, name in
                re.findall(r"Pin\((\d+), Pin\.IN, Pin\.PULL_UP\), _keys\.(\w+)", text))
    if not pins:
        for pin, name in re.findall(r"\((-?\d+), _k\.(\w+)\)", text):
            for key in {"PREV": ("LEFT", "UP"), "NEXT": ("RIGHT", "DOWN")}.get(name, (name,)):
                pins.setdefault(key, abs(int(pin)))
    if not pins:
        raise ValueError("no keys found in %s" % board_file)
    return pins


def board_file(name):
    return os.path.join(ROOT, "boards", name + ".py")


def board(name=REFERENCE):
    """What the emulated Pico and the desktop's replay need of an RP2040 board:
    {name, module, width, height, keys (the scheme), pins (key_pins), firmware,
    spi, dc, cs, rst (whether it has a reset line), col, row (the window's
    place in the controller's RAM), madctl, direct (no frame buffer of the
    whole screen: st7789_direct)}: the reference board's bus from
    REFERENCE_BUS, a kit board's from its kit.panel() call."""
    import ast
    import importlib.util

    spec = importlib.util.spec_from_file_location("board_table", os.path.join(ROOT, "boards", "board_table.py"))
    table = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(table)
    module, width, height, scheme, chip, frame = table.entry(name)
    if chip != "rp2040":
        raise ValueError("%s is an %s board: it cannot run on the emulated Pico" % (name, chip))
    out = {"name": name, "module": module, "width": width, "height": height,
           "keys": scheme, "pins": key_pins(board_file(module)), "buzzer": None}
    if name == REFERENCE:
        out.update(REFERENCE_BUS)
        out["firmware"] = FIRMWARE
        return out
    with open(board_file(module)) as f:
        tree = ast.parse(f.read())
    call = None
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "panel" and getattr(node.func.value, "id", "") == "kit"):
            call = node
    if call is None:
        raise ValueError("no kit.panel() call in boards/%s.py" % module)
    # kit.panel(spi_id, sck, mosi, dc, cs, rst, baud, width, height, col_offset, row_offset[, madctl])
    args = [a.value if isinstance(a, ast.Constant) else None for a in call.args]
    with open(board_file(module)) as f:
        buzzer = re.search(r"kit\.buzzer\((\d+)\)", f.read())
    out["buzzer"] = int(buzzer.group(1)) if buzzer else None
    direct = [k.value.value for k in call.keywords if k.arg == "direct"]
    out.update(spi=args[0], dc=args[3], cs=args[4], rst=args[5] is not None, col=args[9],
               row=args[10], madctl=args[11] if len(args) > 11 else 0x70,
               direct=bool(direct and direct[0]))
    out["firmware"] = os.path.join(ROOT, "build", "pips-%s.uf2" % name)
    return out


def presses(lines, pins, start_ms=START_MS, until_ms=0, every_ms=300):
    """[[pin, down_ms, up_ms], ...] for key-file lines (pips_sim.simulator's: a
    key name taps it, `wait N` waits N frames), then A tapped every `every_ms`
    up to `until_ms`."""
    out = []
    t = start_ms
    for line in lines:
        words = line.split("#", 1)[0].split()
        if not words:
            continue
        if words[0].lower() == "wait":
            t += int(words[1]) * FRAME_MS
            continue
        out.append([pins[words[0].upper()], t, t + TAP_MS])
        t += 2 * TAP_MS
    while t < until_ms:
        out.append([pins["A"], t, t + TAP_MS])
        t += every_ms
    return out


def flash_image(firmware=FIRMWARE, fs=None):
    """The flash as one flat image: the firmware's UF2, and a littlefs image
    (bytes) at the filesystem's offset when given."""
    with open(firmware, "rb") as f:
        image = bytearray(uf2.flat(f.read()))
    if fs is not None:
        end = fsimage.STORAGE_OFFSET + len(fs)
        if len(image) < end:
            image += b"\xff" * (end - len(image))
        image[fsimage.STORAGE_OFFSET : end] = fs
    return bytes(image)


def run(config, folder, timeout=3600):
    """Run pico_run.mjs with `config` (paths filled in); its JSON summary."""
    config = dict(config, rp2040js=rp2040js_dir(), bootrom=BOOTROM)
    path = os.path.join(folder, "config.json")
    with open(path, "w") as f:
        json.dump(config, f)
    done = subprocess.run(["node", RUNNER, path], capture_output=True, text=True, timeout=timeout)
    if done.returncode != 0:
        raise RuntimeError("pico_run.mjs failed:\n" + done.stdout[-2000:] + done.stderr[-3000:])
    return json.loads(done.stdout.strip().splitlines()[-1])


def bus_config(b):
    """pico_run.mjs's settings for board `b` (board()): its keys' pins held
    high, its display's SPI block and DC and CS pins."""
    return {"idleHigh": sorted(set(b["pins"].values())), "spi": b["spi"], "dc": b["dc"], "cs": b["cs"]}


def window(b):
    """The board's visible window in the controller's RAM: (column, row, width, height)."""
    return (b["col"], b["row"], b["width"], b["height"])


def boot(folder, fs=None, sim_s=4.0, b=None, firmware=None, until=None):
    """Power the firmware of board `b` (board(); the reference without it) up,
    with a littlefs image `fs` or nothing on the filesystem, and let it run
    `sim_s` simulated seconds (or until the console prints `until`). Returns
    (summary, console text, the panel's visible window at the end: RGB565
    bytes and written flags)."""
    b = b or board()
    flash = os.path.join(folder, "flash.bin")
    with open(flash, "wb") as f:
        f.write(flash_image(firmware or b["firmware"], fs))
    config = dict(bus_config(b), **{
        "flash": flash,
        "maxSimS": sim_s,
        "spiOut": os.path.join(folder, "spi.bin"),
        "consoleOut": os.path.join(folder, "console.txt"),
    })
    if until:
        config["until"] = until
    summary = run(config, folder)
    model = panel.St7789Model()
    model.keep_log = False
    with open(config["spiOut"], "rb") as f:
        for event in panel.parse_log(f.read()):
            model.feed(event[1], event[2], event[3])
    model.finish()
    with open(config["consoleOut"], encoding="latin1") as f:
        console = f.read()
    return summary, console, model.screen(window(b))


# -- the traced session on the device, and its replay -------------------------------------
START = "PIPS-TRACE-START"
END = "PIPS-TRACE-END"

# Run over the raw REPL once the boot's own game is stopped: firmware/main.py's
# run() on the board as it is, the App seeded, every clock reading noted.
TRACE = r"""
import gc
import time
from array import array
import main
import %(module)s as board

SEED = %(seed)d
DATA = %(data)r  # the App's folder (None: nothing kept)
CUT = %(cut)d  # print CUT_MARK at the table's first still frame a human chooses after CUT moves
LINK = %(link)d  # 1: link play on the board's cable (UART0), every byte read noted
ENDS = %(ends)r  # the screens that end the run
ticks_ms = time.ticks_ms
ticks_us = time.ticks_us
ticks_diff = time.ticks_diff
display = board.display
reads = array("i", bytes(4 * 2048))
count = [0]
# the keys read this frame, the frame's start (us), the results shown, cut, bytes sent by the last frame's end
held = [0, 0, 0, 0, 0]


def clock():
    t = ticks_ms()
    i = count[0]
    if i < 2048:
        reads[i] = t
    count[0] = i + 1
    return t


def read_keys():
    held[1] = ticks_us()
    keys = board.read_keys()
    held[0] = keys
    return keys


peeks = []  # what the App's peeks at the keys answered this frame (its flush stops on a change)


def noted_peek():
    keys = board.peek_keys()
    peeks.append(keys)
    return keys


class Loop:  # what run() takes of a board: the real clock and sleep, the keys noted
    ticks_ms = ticks_ms
    ticks_diff = ticks_diff
    sleep_ms = time.sleep_ms
    read_keys = read_keys
    peek_keys = getattr(board, "peek_keys", None)  # not noted: the frames read the keys


class TracedUart:  # the cable's UART0: the bytes each read returns printed (a "W" line)
    def __init__(self):
        from machine import UART, Pin

        self.uart = UART(0, 115200, tx=Pin(0), rx=Pin(1))
        self.k = 0  # the reads this frame

    def any(self):
        return 1

    def write(self, data):
        return self.uart.write(data)

    def read(self):
        n = self.uart.any()
        data = self.uart.read(n) if n else b""
        if data:
            print("W", self.k, hexlify(data).decode())
        self.k += 1
        return data


if LINK:
    from binascii import hexlify

    cable = TracedUart()


class Screens:  # what the App takes of a board: the display, the clock noted
    display = display
    width = board.width
    height = board.height
    keys = getattr(board, "keys", None)
    ticks_ms = clock
    data = DATA
    backlight = board.backlight
    link = ("uart", cable, cable) if LINK else None
    peek_keys = noted_peek if getattr(board, "peek_keys", None) else None


def on_frame(app, n):
    work = ticks_diff(ticks_us(), held[1])
    now = app.now
    m = count[0]
    if m > 2048:
        print("PIPS-TRACE-OVERFLOW", n, m)
        return True
    print("F", now, held[0], display.bytes_sent, work,
          ",".join([str(ticks_diff(reads[i], now)) for i in range(m)]) or ".",
          ",".join([str(k) for k in peeks]) or ".")
    count[0] = 0
    if LINK:
        cable.k = 0
    del peeks[:]
    screen = app.screen
    name = type(screen).__name__
    if name in ENDS:
        held[2] += 1
    elif (CUT >= 0 and not held[3] and name == "TableScreen" and screen.model.game.moves >= CUT
          and screen.model.state == %(choose)d and not app.surface.dirty
          and display.bytes_sent == held[4]):
        # still: this frame sent nothing (a long frame leaves the table's last
        # bands to the next one, so a frame with nothing left dirty may not
        # have drawn the whole table yet)
        held[3] = 1
        print("%(cut_mark)s", n)  # the run stops here: the power is cut, the loop running
    held[4] = display.bytes_sent
    if LINK:  # on to the last message's acknowledgement (the match's end, to the other device)
        linked = app.linked
        return held[2] > 0 and not app.surface.dirty and (linked is None or linked.idle()) or held[2] > 900
    return held[2] > 0 and not app.surface.dirty or held[2] > 3


app = main.make_app(Screens, SEED)
count[0] = 0
gc.collect()
print("%(start)s", display.bytes_sent)
main.run(Loop, app=app, on_frame=on_frame)
print("%(end)s")
"""

# The same frames on the unix port: argv = trace file, bus log out, info out, seed,
# the App's data folder ("-": nothing kept), and the board's panel and keys:
# width, height, RAM column, RAM row, MADCTL, whether it has a reset line, key
# scheme ("-": none) (the reference board's without them), the cable's reads
# ("-": none), and 1 for a panel without a frame buffer (st7789_direct).
REPLAY = r"""
import sys
import unix_sim as board
import st7789
import main
from pips.ui.palette import rgb565_table

trace_path, log_path, info_path, seed = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
folder = sys.argv[5] if len(sys.argv) > 5 and sys.argv[5] != "-" else None
panel = [int(a) for a in sys.argv[6:12]] or [240, 135, 40, 53, 0x70, 1]
scheme = sys.argv[12] if len(sys.argv) > 12 and sys.argv[12] != "-" else None
wires_path = sys.argv[13] if len(sys.argv) > 13 and sys.argv[13] != "-" else None
driver = st7789.ST7789
if len(sys.argv) > 14 and sys.argv[14] == "1":
    from st7789_direct import ST7789Direct as driver
display = driver(board.bus, board.dc, board.cs, board.rst if panel[5] else None, board.sleep_ms,
                 panel[0], panel[1], panel[2], panel[3], panel[4], lut=rgb565_table(), init=False)
values = []
at = [0]
peeks = []  # the device's peeks at the keys this frame, answered in turn
peeked = [0, 0]  # how many were asked, the keys the frame read


def clock():
    i = at[0]
    at[0] = i + 1
    if i < len(values):
        return values[i]
    return values[-1] if values else 0


class ReplayUart:  # the cable: each read returns what the device's read did, writes go nowhere
    def __init__(self):
        self.k = 0
        self.frame = {}

    def any(self):
        return 1

    def write(self, data):
        return len(data)

    def read(self):
        data = self.frame.get(self.k, b"")
        self.k += 1
        return data


wires = {}  # frame -> {read: bytes}
cable = None
if wires_path is not None:
    from binascii import unhexlify

    cable = ReplayUart()
    for line in open(wires_path):
        words = line.split()
        if words:
            wires.setdefault(int(words[0]), {})[int(words[1])] = unhexlify(words[2])


def peek_keys():
    i = peeked[0]
    peeked[0] = i + 1
    return peeks[i] if i < len(peeks) else peeked[1]


class Screens:
    display = display
    width = panel[0]
    height = panel[1]
    keys = scheme
    ticks_ms = clock
    backlight = board.backlight
    data = folder
    link = ("uart", cable, cable) if cable is not None else None
    peek_keys = peek_keys


log = open(log_path, "wb")
head = bytearray(4)


def dump():
    for dc, cs, data in board.bus.record:
        n = len(data)
        head[0] = (dc << 1) | cs
        head[1] = n >> 16
        head[2] = (n >> 8) & 255
        head[3] = n & 255
        log.write(head)
        log.write(data)
    board.bus.record = []


base = display.bytes_sent  # the log's byte counts start here
board.bus.record = []
display.init()  # the controller set up, into the log
dump()
info = open(info_path, "w")
info.write("start %d\n" % (display.bytes_sent - base))
app = main.make_app(Screens, seed)
n = 0
for line in open(trace_path):
    words = line.split()
    if not words or words[0] != "F":
        continue
    now = int(words[1])
    values = [now + int(d) for d in words[5].split(",")] if words[5] != "." else []
    peeks = [int(k) for k in words[6].split(",")] if words[6] != "." else []
    at[0] = 0
    if cable is not None:
        cable.frame = wires.get(n, {})
        cable.k = 0
    peeked[0] = 0
    peeked[1] = int(words[2])
    app.frame(int(words[2]), now)
    dump()
    n += 1
    screen = app.screen
    model = getattr(screen, "model", None)  # the table's
    game = model.game if model is not None else None
    info.write("%d %d %s %d %d %d %d\n" % (
        n, display.bytes_sent - base, type(screen).__name__,
        getattr(model, "state", -1), game.moves if game is not None else -1, at[0] - len(values),
        peeked[0] - len(peeks)))
log.close()
info.close()
"""

CUT_MARK = "PIPS-POWER-CUT"
DATA = "/data"  # boards/pico_lcd_114.py's data folder


def parse_trace(console, wires=None):
    """(start byte count, [(now, keys, bytes_sent, work_us, reads, peeks)])
    from the console, up to the power cut's mark when there is one; `wires`,
    a list, gets the cable's reads: (frame, read, hex of the bytes)."""
    start = None
    frames = []
    for line in console.splitlines():
        words = line.split()
        if not words:
            continue
        if words[0] == CUT_MARK:
            break
        if words[0] == START:
            start = int(words[1])
        elif words[0] == "F" and start is not None:
            reads = [int(d) for d in words[5].split(",")] if words[5] != "." else []
            peeks = [int(k) for k in words[6].split(",")] if words[6] != "." else []
            frames.append((int(words[1]), int(words[2]), int(words[3]), int(words[4]), reads, peeks))
        elif words[0] == "W" and start is not None and wires is not None and len(words) == 3:
            wires.append((len(frames), int(words[1]), words[2]))
    return start, frames


def screens(log, start, ends, window=None):
    """The panel's visible window (panel.St7789Model.screen's; the reference
    board's without one) after each of `ends` (byte counts from the stream's
    beginning): [(RGB565 bytes, written flags)], the flags counting only what
    was written after the first `start` bytes."""
    model = panel.St7789Model()
    model.keep_log = False
    marks = [start] + list(ends)
    out = []
    k = 0
    done = 0

    def reach(everything=False):
        nonlocal k
        while k < len(marks) and (everything or marks[k] <= done):
            if k == 0:
                model.written[:] = bytes(len(model.written))
            else:
                out.append(model.screen(window))
            k += 1

    for event in panel.parse_log(log):
        if event[0] != "spi":
            continue
        data = event[3]
        i = 0
        while i < len(data):
            reach()
            step = len(data) - i
            if k < len(marks):
                step = min(step, marks[k] - done)
            model.feed(event[1], event[2], data[i : i + step])
            i += step
            done += step
    reach(True)
    return out


def run_session(game, players, levels, options, seed, folder, max_sim_s=900, fs=None, b=None):
    """Play the session on the emulated Pico of board `b` (board(); the
    reference without it) and on the desktop. Returns a dict: summary (the
    emulator's), frames (the device trace), info (the replay's per-frame
    lines), device and desktop (the panel after each frame)."""
    b = b or board()
    keys = setup_keys(game, levels, options, max_sim_s * 1000, b["pins"])
    return play(folder, flash_image(b["firmware"], fs), keys, seed, max_sim_s, b=b)


def setup_keys(game, levels, options, until_ms, pins=None):
    """presses() for the desktop simulator's key script that sets the table
    up from the title, then A now and then (on the keys' `pins`: key_pins()'s,
    the reference board's without them)."""
    from pips import games
    from pips_sim import simulator

    cls = games.get(game)
    lines = simulator.setup_script(list(games.names()).index(game), cls, levels, options)
    return presses(lines, pins or key_pins(), until_ms=until_ms)


def play(folder, flash, keys, seed, max_sim_s, desktop_data=None, cut=-1, b=None):
    """Run TRACE on the emulated Pico from the flash image `flash` (bytes), the
    keys `keys` (presses()) pressed, then replay its frames on the desktop.
    With `desktop_data` (a folder), the App keeps its match on both: in DATA
    on the device's filesystem, in that folder on the desktop; the run's flash
    is then kept too (the result's "flash": its path). With `cut` >= 0 the
    device is switched off (the emulator stopped, its flash kept) at the
    first still frame after `cut` moves where a human chooses: the trace,
    and the desktop's replay, end with that frame. The result is run_session's."""
    b = b or board()
    config = device_config(folder, flash, keys, seed, max_sim_s, desktop_data, cut, b)
    summary = run(config, folder)
    return replay(folder, config, summary, keys, seed, desktop_data, b)


ENDS = ("HandResultScreen", "MatchResultScreen")  # a session's run ends at the first results
LINK_ENDS = ("MatchResultScreen", "GuestResultScreen")  # a linked match's, at the match's


def device_config(folder, flash, keys, seed, max_sim_s, desktop_data=None, cut=-1, b=None, link=False):
    """pico_run.mjs's config of one device's traced run (play()'s), its
    files in `folder`; `link`: on the board's cable (UART0), to the match's
    results."""
    b = b or board()
    os.makedirs(folder, exist_ok=True)
    script = os.path.join(folder, "trace.py")
    with open(script, "w") as f:
        f.write(TRACE % {"module": b["module"], "seed": seed, "start": START, "end": END, "cut": cut, "cut_mark": CUT_MARK,
                         "choose": CHOOSE, "data": None if desktop_data is None else DATA,
                         "link": int(link), "ends": LINK_ENDS if link else ENDS})
    path = os.path.join(folder, "flash.bin")
    with open(path, "wb") as f:
        f.write(flash)
    config = dict(bus_config(b), **{
        "flash": path,
        "presses": keys,
        "interruptOn": "with the screens up",
        "script": script,
        "startMark": START,
        "until": END if cut < 0 else CUT_MARK,
        "maxSimS": max_sim_s,
        "spiOut": os.path.join(folder, "device.spi"),
        "consoleOut": os.path.join(folder, "console.txt"),
        "idleOut": os.path.join(folder, "idle.bin"),
        "burstsOut": os.path.join(folder, "bursts.json"),
    })
    if desktop_data is not None:
        config["flashOut"] = os.path.join(folder, "flash-out.bin")
        config["flashBytes"] = fsimage.FLASH_BYTES
    return config


def replay(folder, config, summary, keys, seed, desktop_data=None, b=None):
    """The device's run (config, its summary) replayed on the desktop, frame
    by frame (with the cable's reads, on a linked run): play()'s result."""
    b = b or board()
    with open(os.path.join(folder, "summary.json"), "w") as f:
        json.dump(summary, f)
    with open(config["consoleOut"], encoding="latin1") as f:
        console = f.read()
    wires = []
    start, frames = parse_trace(console, wires)
    if start is None or not frames:
        raise RuntimeError("no trace from the device:\n" + console[-3000:])
    trace = os.path.join(folder, "trace.txt")
    with open(trace, "w") as f:
        for now, keys_read, sent, work, reads, peeks in frames:
            f.write("F %d %d %d %d %s %s\n" % (now, keys_read, sent, work, ",".join(map(str, reads)) or ".",
                                              ",".join(map(str, peeks)) or "."))
    wires_path = "-"
    if wires:
        wires_path = os.path.join(folder, "wires.txt")
        with open(wires_path, "w") as f:
            for frame, k, data in wires:
                f.write("%d %d %s\n" % (frame, k, data))
    replay_log = os.path.join(folder, "desktop.spi")
    info_path = os.path.join(folder, "replay.txt")
    args = (trace, replay_log, info_path, seed, desktop_data or "-", b["width"], b["height"],
            b["col"], b["row"], b["madctl"], int(bool(b["rst"])), b["keys"] or "-", wires_path,
            int(b["direct"]))
    rc, out, err = mpy.run_micropython(REPLAY, None, mpy.source_path(), 1800, args)
    if rc != 0:
        raise RuntimeError("the replay failed:\n" + out[-3000:] + err[-3000:])
    with open(info_path) as f:
        info_lines = f.read().splitlines()
    replay_start = int(info_lines[0].split()[1])
    info = [line.split() for line in info_lines[1:]]
    with open(config["spiOut"], "rb") as f:
        device = screens(f.read(), start, [frame[2] for frame in frames], window(b))
    with open(replay_log, "rb") as f:
        desktop = screens(f.read(), replay_start, [int(words[1]) for words in info], window(b))
    with open(config["burstsOut"]) as f:
        bursts = json.load(f)
    return {"summary": summary, "frames": frames, "info": info, "device": device,
            "desktop": desktop, "console": console, "flash": config.get("flashOut"),
            "presses": keys, "bursts": bursts, "idle": read_idle(config["idleOut"]), "board": b}


# -- two emulated Picos linked by their cables (UART0 to UART0) ------------------------
LINK_SEEDS = (1, 2)  # the host's App, the guest's
LINK_BAUD = 115200  # pips.link.wire.BAUD


def link_keys(role, until_ms, pins=None):
    """presses() of a linked Block match from the title: the host's (Link,
    Host a table, Block, target 50, Start, then the lobby's Start row) or
    the guest's (Link, Join a table); then A now and then on both."""
    from pips import games

    lines = ["RIGHT"] * (len(games.names()) + 1) + ["A"]  # the title's Link row (after Settings)
    if role == "host":
        lines += ["A", "A"]  # host a table: Block
        lines += ["RIGHT"] * 3 + ["A"] + ["RIGHT"] * 2 + ["A", "wait 3", "RIGHT", "RIGHT"]
    else:
        lines += ["RIGHT", "A"]  # join a table
    return presses(lines, pins or key_pins(), until_ms=until_ms)


def play_link(folder, max_sim_s=900, b=None, baud=LINK_BAUD, log=None):
    """Two emulated Picos of board `b` in one process, each UART0's TX wired
    to the other's RX at `baud`, playing a linked Block match from their
    title screens to the results; each device's run replayed on the desktop
    with the bytes its cable read (play()'s result per device, under "host"
    and "guest"; "uart_bytes": the bytes each sent)."""
    b = b or board()
    flash = flash_image(b["firmware"])
    devices = []
    for role, seed in zip(("host", "guest"), LINK_SEEDS):
        sub = os.path.join(folder, role)
        keys = link_keys(role, max_sim_s * 1000, b["pins"])
        devices.append((role, seed, sub, keys, device_config(sub, flash, keys, seed, max_sim_s, b=b, link=True)))
    summary = run({"pair": [d[4] for d in devices], "maxSimS": max_sim_s, "baud": baud}, folder)
    out = {"uart_bytes": summary["uartBytes"]}
    for (role, seed, sub, keys, config), one in zip(devices, summary["pair"]):
        out[role] = replay(sub, config, one, keys, seed, None, b)
    return out


def link_times(result):
    """The simulated ms from the release of each guest's key that played a
    move (a tap of A is taken as it is let go: held, A is B) to the end of
    the host's frame that played that move on its table (the host waited on
    the guest, and its moves grew): a list, one a guest's move. The devices'
    clocks both count from the pair's power-on."""
    guest, host = result["guest"], result["host"]
    g_frames, g_info = guest["frames"], guest["info"]
    h_frames, h_info = host["frames"], host["info"]
    keys_from = guest["summary"]["keysFromS"] * 1000
    pin_a = guest["board"]["pins"]["A"]
    ups = sorted(keys_from + up for pin, down, up in guest["presses"] if pin == pin_a)
    out = []
    j = 1
    for k in range(1, len(g_info)):
        if not (int(g_info[k - 1][3]) == CHOOSE and int(g_info[k][3]) != CHOOSE
                and g_info[k][2] == "LinkTableScreen"):
            continue
        frame_at = g_frames[k][0]
        released = [u for u in ups if u <= frame_at]
        if not released:
            continue
        at = released[-1]
        while j < len(h_info) - 1 and not (
                h_frames[j][0] >= at and int(h_info[j - 1][3]) == WAIT
                and int(h_info[j][4]) > int(h_info[j - 1][4])):
            j += 1
        if j >= len(h_info) - 1:
            break
        out.append(h_frames[j + 1][0] - at)
        j += 1
    return out


def read_idle(path):
    """pico_run.mjs's idleOut: the core's idle ns, cumulative, at each simulated ms."""
    from array import array

    out = array("d")
    with open(path, "rb") as f:
        out.frombytes(f.read())
    if sys.byteorder != "little":
        out.byteswap()
    return out


def kept_files(flash):
    """{path: bytes} of the files in DATA on a flash image's filesystem."""
    with open(flash, "rb") as f:
        data = f.read()
    # a filesystem the firmware made itself, on a blank flash: in the newest
    # on-disk format its littlefs writes (disk_version 0: whichever it is)
    files = fsimage.read_image(data[fsimage.STORAGE_OFFSET :], disk_version=0)
    prefix = DATA.strip("/") + "/"
    return dict((path[len(prefix):], content) for path, content in files.items()
                if path.startswith(prefix))


def folder_files(folder):
    """{name: bytes} of the files in `folder`."""
    out = {}
    for name in sorted(os.listdir(folder)):
        with open(os.path.join(folder, name), "rb") as f:
            out[name] = f.read()
    return out


def frames_equal(result):
    """The first frame (1-based) whose panel differs between the device and the
    desktop, with why; None when every frame is the same."""
    device, desktop, info = result["device"], result["desktop"], result["info"]
    if len(device) != len(desktop):
        return (0, "%d frames on the device, %d on the desktop" % (len(device), len(desktop)))
    for n, (d, s, words) in enumerate(zip(device, desktop, info), 1):
        if int(words[5]) != 0:
            return (n, "the desktop read the clock %+d times more than the device" % int(words[5]))
        if int(words[6]) != 0:
            return (n, "the desktop peeked at the keys %+d times more than the device" % int(words[6]))
        if d[1] != s[1]:
            return (n, "not the same pixels written")
        if d[0] != s[0]:
            differ = sum(1 for i in range(0, len(d[0]), 2)
                         if d[1][i >> 1] and d[0][i : i + 2] != s[0][i : i + 2])
            if differ:
                return (n, "%d pixels differ" % differ)
    return None


def figures(result):
    """A session's figures, simulated milliseconds: frame work (keys, update,
    drawing, the bytes on the wire), frame period (from one frame's start to
    the next's: the work, the spare-time collection, the sleep), and the smart
    bots' waits (the first frame a bot thinks to the frame that plays its move)."""
    frames, info = result["frames"], result["info"]
    work = [f[3] / 1000.0 for f in frames]
    period = [b[0] - a[0] for a, b in zip(frames, frames[1:])]
    waits = []
    since = None
    last = None
    for (now, keys, sent, w, reads, peeks), words in zip(frames, info):
        state, moves = int(words[3]), int(words[4])
        if since is not None and last is not None and moves != last:
            waits.append(now - since)
            since = None
        if state == THINK and since is None:
            since = now
        elif state != THINK:
            since = None  # left the table (the pause menu) without a move
        last = moves
    out = {
        "frames": len(work),
        "work_ms": device.summary(work, 95),
        "period_ms": device.summary(period, 95),
        "work_over_33ms": sum(1 for w in work if w > 33),
        "period_over_34ms": sum(1 for p in period if p > 34),
        "sim_s": round(result["summary"]["simS"], 1),
        "wall_s": round(result["summary"]["wallS"], 1),
    }
    if waits:
        out["smart_wait_ms"] = device.summary(waits, 90)
    return out


def bytes_end_ms(bursts, count):
    """The simulated ms at which the display's bus had carried `count` bytes
    (pico_run.mjs's bursts: the end of the burst that holds the count-th byte)."""
    import bisect

    ends = [burst[3] for burst in bursts]
    i = bisect.bisect_left(ends, count)
    if i == len(bursts):
        return None
    return bursts[i][1] / 1e6


# keys that act when released (a held one is another key): A on every scheme,
# the arrows too on the two-key scheme (pips.ui.keys)
_SLOW = {None: 16, "joystick": 16, "four": 16, "keyboard": 16, "two": 16 | 1 | 2}
SHOWN_WITHIN_MS = 500  # a press with nothing sent in this long changed nothing on the panel


def key_latency(result):
    """How long a key press takes to show on the panel, in simulated ms: from
    the key's edge that acts (the press, or the release of a key that acts
    then: A) to the last byte of the first frame from the one that reads it
    that sends anything. Presses while a bot thinks are left out (a tap then
    need change nothing), and so are presses that change nothing within
    SHOWN_WITHIN_MS (counted as `unseen`). ({screen: [ms, ...]}, unseen
    count, [(ms, screen, frame index)] of the five slowest)."""
    frames, info, bursts = result["frames"], result["info"], result["bursts"]
    slow = _SLOW.get(result["board"]["keys"], 16)
    t0 = result["summary"]["keysFromS"] * 1000
    edges = sorted(t0 + t for _pin, down, up in result["presses"] for t in (down, up))
    out = {}
    unseen = 0
    prev = 0
    slowest = []
    import bisect

    for n, frame in enumerate(frames):
        mask = frame[1]
        down, up = mask & ~prev, prev & ~mask
        prev = mask
        if not ((down & ~slow) or (up & slow)) or n == 0:
            continue
        before = info[n - 1]
        if before[2] == "TableScreen" and int(before[3]) == THINK:
            continue
        # the edge this frame read: the latest before it read the keys, which is
        # within a millisecond or two of `now` (ticks_ms, whole ms; the keys
        # are read just after it). Edges are 100 ms apart: no other is that near.
        i = bisect.bisect_right(edges, frame[0] + 2) - 1
        if i < 0:
            continue
        edge = edges[i]
        shown = None
        for m in range(n, len(frames)):
            if frames[m][0] - frame[0] > SHOWN_WITHIN_MS:
                break
            if frames[m][2] != frames[m - 1][2]:
                shown = bytes_end_ms(bursts, frames[m][2])
                break
        if shown is None:
            unseen += 1
            continue
        out.setdefault(before[2], []).append(shown - edge)
        slowest.append((round(shown - edge, 1), before[2], n))
    return out, unseen, sorted(slowest, reverse=True)[:5]


def idle_share(result):
    """The core's idle share (asleep in WFI/WFE) of the simulated time while
    the table waits for a human (the frames a human chooses at the table:
    from each such frame's start to the next frame's), of those frames that
    send nothing (the panel still: the wait itself, without the drawing of
    what came before it), and over the whole session. Frame times are the
    device's ticks_ms, which rp2040js's timer gives as simulated time."""
    frames, info, idle = result["frames"], result["info"], result["idle"]

    def at(ms):
        ms = int(ms)
        return idle[min(ms, len(idle) - 1)] / 1e6

    waiting = busy = still = still_idle = 0.0
    for n in range(1, len(frames) - 1):
        if info[n][2] == "TableScreen" and int(info[n][3]) == CHOOSE:
            a, b = frames[n][0], frames[n + 1][0]
            waiting += b - a
            busy += at(b) - at(a)
            if frames[n][2] == frames[n - 1][2]:
                still += b - a
                still_idle += at(b) - at(a)
    a, b = frames[0][0], frames[-1][0]
    return {"human_waits_s": round(waiting / 1000, 2),
            "idle_share_waiting": round(busy / waiting, 3) if waiting else None,
            "idle_share_still": round(still_idle / still, 3) if still else None,
            "idle_share_session": round((at(b) - at(a)) / (b - a), 3)}


def title_time(folder, b=None, form="frozen"):
    """Simulated seconds from power-on to the title whole on the panel (the
    last byte of the first frame after which the panel shows what it shows
    three seconds on), with Pips frozen in the board's firmware ("frozen"),
    or as .mpy files from the board's pips-fs.uf2 image on the stock
    MicroPython ("fs")."""
    b = b or board()
    os.makedirs(folder, exist_ok=True)
    fs = None
    firmware = b["firmware"]
    if form == "fs":
        from pips_tools import deploy

        firmware = STOCK_FIRMWARE
        files = deploy.board_files(mpy.DEFAULT_OUT, fsimage.device_files(), b["name"])
        fs = fsimage.image(mpy.DEFAULT_OUT, files)
    flash = os.path.join(folder, "flash.bin")
    with open(flash, "wb") as f:
        f.write(flash_image(firmware, fs))
    config = dict(bus_config(b), flash=flash, maxSimS=3.0, spiOut=os.path.join(folder, "boot.spi"),
                  burstsOut=os.path.join(folder, "bursts.json"),
                  consoleOut=os.path.join(folder, "console.txt"))
    summary = run(config, folder)
    with open(config["burstsOut"]) as f:
        bursts = json.load(f)
    with open(config["spiOut"], "rb") as f:
        log = f.read()
    shots = screens(log, 0, [burst[3] for burst in bursts], window(b))
    final = shots[-1]
    for burst, shot in zip(bursts, shots):
        if shot[0] == final[0] and all(shot[1]):
            return round(burst[1] / 1e9, 3)
    raise RuntimeError("no title on the panel: %r" % summary)


TONES_DONE = "PIPS-TONES-DONE"
# Run over the raw REPL on a board with a buzzer: every cue of pips.ui.sound
# through the board's tone(), its notes moved on every 10 ms by the real clock.
TONES = r"""
import time
import %(module)s as board
from pips.ui import sound

s = sound.Sound(board.tone)
for cue in range(len(sound.CUES)):
    s.cue(cue, time.ticks_ms())
    while s.notes:
        time.sleep_ms(10)
        s.frame(time.ticks_ms())
    time.sleep_ms(150)
print("%(done)s")
"""


def tone_notes(changes, gap_ms=50):
    """The notes a pin played, from its level changes ([[ns, level], ...]):
    [[(hz, ms), ...] a cue], a cue ending where the pin stays still for
    `gap_ms`; a note is a run of periods (rising edge to rising edge) within
    3% of each other, `hz` from their mean, `ms` from its first rising edge
    to the next note's (or to the cue's last edge)."""
    rises = [ns for ns, level in changes if level == 1]
    cues = []
    notes = []
    start = None
    periods = []

    def close(end):
        # a run of fewer than 3 periods is the wave changing pitch mid-period: no note
        if start is not None and len(periods) >= 3:
            mean = sum(periods) / len(periods)
            notes.append((round(1e9 / mean), round((end - start) / 1e6, 1)))
        elif notes and start is not None:  # its time goes to the note before
            hz, ms = notes[-1]
            notes[-1] = (hz, round(ms + (end - start) / 1e6, 1))

    for a, b in zip(rises, rises[1:]):
        period = b - a
        if period > gap_ms * 1e6:  # silence: the cue is over
            close(a + (sum(periods) / len(periods) if periods else 0))
            cues.append(notes)
            notes, start, periods = [], None, []
            continue
        if start is None:
            start = a
        elif abs(period - periods[-1]) > 0.03 * periods[-1]:
            close(a)
            start, periods = a, []
        periods.append(period)
    if periods:
        close(rises[-1] + sum(periods) / len(periods))
    if notes:
        cues.append(notes)
    return cues


def tones(folder, b):
    """Every sound cue played on board `b`'s firmware, read from its buzzer's
    PWM pin: tone_notes()'s list of cues."""
    os.makedirs(folder, exist_ok=True)
    flash = os.path.join(folder, "flash.bin")
    with open(flash, "wb") as f:
        f.write(flash_image(b["firmware"]))
    script = os.path.join(folder, "tones.py")
    with open(script, "w") as f:
        f.write(TONES % {"module": b["module"], "done": TONES_DONE})
    config = dict(bus_config(b), flash=flash, interruptOn="with the screens up", script=script,
                  until=TONES_DONE, maxSimS=20, watchPins=[b["buzzer"]],
                  pinsOut=os.path.join(folder, "pins.json"),
                  consoleOut=os.path.join(folder, "console.txt"))
    summary = run(config, folder)
    with open(config["consoleOut"], encoding="latin1") as f:
        console = f.read()
    if summary["stop"] != "until":
        raise RuntimeError("the tones did not play:\n" + console[-2000:])
    with open(config["pinsOut"]) as f:
        changes = json.load(f)[str(b["buzzer"])]
    return tone_notes(changes)


DECISIONS_DONE = "PIPS-DECISIONS-DONE"


def decision_times(name, players, count, folder, seed=1, b=None):
    """make bench-device's decision figure on the emulated Pico: `count` smart
    decisions (pips_bench.decisions, sim/pips_tools/device_bench_mod.py, put on
    the filesystem compiled), bots at every seat, as the firmware runs them.
    {median, p90, max} in ms of simulated time."""
    b = b or board()
    tree = os.path.join(folder, "bench")
    os.makedirs(tree, exist_ok=True)
    mpy.compile_one(os.path.join(HERE, "device_bench_mod.py"), os.path.join(tree, "pips_bench.mpy"),
                    "pips_bench.py", opt=mpy.DEVICE_OPT)
    flash = os.path.join(folder, "flash.bin")
    with open(flash, "wb") as f:
        f.write(flash_image(b["firmware"], fsimage.image(tree, ["pips_bench.mpy"])))
    script = os.path.join(folder, "decisions.py")
    with open(script, "w") as f:
        f.write("print()\nimport pips_bench\npips_bench.decisions(%r, %d, 'smart', %d, %d)\nprint(%r)\n"
                % (name, players, count, seed, DECISIONS_DONE))
    console = os.path.join(folder, "console.txt")
    summary = run(dict(bus_config(b), **{
        "flash": flash, "interruptOn": "with the screens up", "script": script,
        "until": DECISIONS_DONE, "maxSimS": 60 + count * 3, "consoleOut": console}), folder)
    with open(console, encoding="latin1") as f:
        text = f.read()
    samples = device.lines(text, "samples")
    if summary["stop"] != "until" or not samples:
        raise RuntimeError("no decision times from the device:\n" + text[-2000:])
    ms = [int(w) / 1000.0 for w in samples[0][1:]]
    return dict((k, round(v, 1)) for k, v in device.summary(ms).items())


# The sessions the tests play and `make bench-pico` measures: P1 human (the key
# script), the other seats smart bots; from the title to the first results screen.
SESSIONS = {
    "block": (2, ["human", "smart"], {"target": 50}, 3),
    "uno": (4, ["human", "smart", "smart", "smart"], {"mode": "single"}, 12),
}


def short_options(cls):
    """The table options of the measured session: every option whose allowed
    values are all numbers at the smallest of them; the others (words: UNO's
    mode, Domino Uno's scoring) at their defaults."""
    out = {}
    for key, default, allowed in cls.options:
        if all(isinstance(v, int) and not isinstance(v, bool) for v in allowed):
            out[key] = min(allowed)
    return out


def largest_table(name):
    """(players, levels, options) of a game's measured session: its largest
    table, P1 human and smart bots, short_options."""
    from pips import games

    cls = games.get(name)
    players = cls.max_players
    return players, ["human"] + ["smart"] * (players - 1), short_options(cls)


def session_of(name):
    """(players, levels, options, seed) of a game's session: SESSIONS', or for
    another game its largest table with P1 human and smart bots, its shortest
    options (largest_table, the memory budget's too)."""
    if name in SESSIONS:
        return SESSIONS[name]
    players, levels, options = largest_table(name)
    return players, levels, options, 3


def session(name, folder, board_name=REFERENCE):
    players, levels, options, seed = session_of(name)
    return run_session(name, players, levels, options, seed, folder, b=board(board_name))


def rp2040_boards():
    """The RP2040 boards of the board table, the reference first."""
    b = board()
    import importlib.util

    spec = importlib.util.spec_from_file_location("board_table", os.path.join(ROOT, "boards", "board_table.py"))
    table = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(table)
    names = [n for n, row in table.BOARDS.items() if row[4] == "rp2040"]
    return [b["name"]] + sorted(n for n in names if n != b["name"])


def game_names():
    from pips import games

    return list(games.names())


# the bars of make bench-pico (issue 27's)
BAR_FRAME_MS = 33
BAR_KEY_MS = 50
BAR_TITLE_S = 1.0
BAR_IDLE = 0.80
BAR_DECISION_MS = (250, 410)  # median, p90


def session_figures(result):
    """figures(), the key presses' latency and the idle share, as bench-pico reports them."""
    out = figures(result)
    out["identical"] = frames_equal(result) is None
    latency, unseen, slowest = key_latency(result)
    everything = [ms for values in latency.values() for ms in values]
    out["key_ms"] = dict((screen, {"n": len(v), "max": round(max(v), 1)})
                         for screen, v in sorted(latency.items()))
    out["key_ms_max"] = round(max(everything), 1) if everything else None
    out["keys_over_50ms"] = sum(1 for ms in everything if ms > BAR_KEY_MS)
    out["keys_unseen"] = unseen
    out["keys_slowest"] = slowest
    out.update(idle_share(result))
    return out


def bench(folder, boards=None, every_game=True, decisions=30, log=print):
    """make bench-pico: for every RP2040 board whose firmware is built, Block
    and UNO (and on the reference board every game): session_figures; the
    title's time from power-on, frozen and from pips-fs.uf2; on the reference
    board, every game's smart decisions. A board without its firmware is
    named as missing. Returns {board: {...}}."""
    import time

    results = {}
    for name in boards or rp2040_boards():
        b = board(name)
        why = missing(b["firmware"])
        if why:
            results[name] = {"missing": why}
            log("%s: %s" % (name, why))
            continue
        out = results[name] = {"title_s": {}}
        for form in ("frozen", "fs"):
            if form == "fs" and missing(STOCK_FIRMWARE):
                out["title_s"][form] = None
                continue
            out["title_s"][form] = title_time(os.path.join(folder, name, "title-" + form), b, form)
        log("%s: title %s s" % (name, out["title_s"]))
        games_here = game_names() if (every_game and name == REFERENCE) else ["block", "uno"]
        out["sessions"] = {}
        out["decisions_ms"] = {}
        for game in games_here:
            started = time.time()
            result = session(game, os.path.join(folder, name, game), name)
            figures_ = out["sessions"][game] = session_figures(result)
            log("%s %s: %s (%.0f s)" % (name, game, json.dumps(figures_), time.time() - started))
            if decisions and name == REFERENCE and session_of(game)[0] > 1:
                out["decisions_ms"][game] = decision_times(
                    game, session_of(game)[0], decisions, os.path.join(folder, name, game + "-bots"), b=b)
                log("%s %s: smart decisions %s" % (name, game, out["decisions_ms"][game]))
    return results


def report(results):
    """The bench's table, a line a session, and the bars' verdicts."""
    lines = ["board          game         frames >33ms max  bot wait med/p90  key max >50 unseen  "
             "idle: waiting still  same"]
    for name, out in results.items():
        if "missing" in out:
            lines.append("%-14s %s" % (name, out["missing"]))
            continue
        for game, f in out["sessions"].items():
            wait = f.get("smart_wait_ms") or {}
            lines.append("%-14s %-12s %6d %5d %4.1f  %7s/%-7s  %7s %3d %6d  %13s %5s  %s" % (
                name, game, f["frames"], f["work_over_33ms"], f["work_ms"]["max"],
                wait.get("median", "-"), wait.get("p90", "-"), f["key_ms_max"], f["keys_over_50ms"],
                f["keys_unseen"], f["idle_share_waiting"], f["idle_share_still"],
                "yes" if f["identical"] else "NO"))
        lines.append("%-14s title from power-on: %s s frozen, %s s from pips-fs.uf2" % (
            name, out["title_s"].get("frozen"), out["title_s"].get("fs")))
        for game, d in out["decisions_ms"].items():
            lines.append("%-14s %-12s smart decisions ms: median %s, p90 %s, max %s" % (
                name, game, d["median"], d["p90"], d["max"]))
    return "\n".join(lines)


def run_bench(args):
    import time

    started = time.time()
    folder = args.keep or tempfile.mkdtemp(prefix="pips-bench-pico-")
    try:
        results = bench(folder, args.board or None, not args.board_games_only, args.decisions)
    finally:
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)
    print(report(results))
    took = time.time() - started
    print("bench-pico took %.0f s of this host's time" % took)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(dict(results, took_s=round(took)), f, indent=1)
    return 0


# The session switched off mid-hand (tests/test_pico.py): SESSIONS' Block match,
# kept as it goes, the power cut at the first still frame where P1 chooses
# after RESUME_CUT moves of the first hand.
RESUME = "block"
RESUME_CUT = 6


def resume_session(folder, name=RESUME, cut=RESUME_CUT, max_sim_s=900):
    """A match switched off mid-hand, then resumed on the same flash: play()'s
    results of the run from the title to the power cut ("before"), and of the
    run booted again from the flash it left, A pressed on the resume screen
    and then now and then, to the results ("after"). The desktop replays
    both runs' frames with one data folder, as the device keeps one
    filesystem. "before" also holds "kept": the files in the data folder at
    the cut, (on the device's flash, on the desktop)."""
    players, levels, options, seed = SESSIONS[name]
    data = os.path.join(folder, "desktop-data")
    keys = setup_keys(name, levels, options, max_sim_s * 1000)
    before = play(os.path.join(folder, "before"), flash_image(FIRMWARE), keys, seed, max_sim_s,
                  data, cut)
    before["kept"] = (kept_files(before["flash"]), folder_files(data))
    with open(before["flash"], "rb") as f:
        flash = f.read()
    keys = presses([], key_pins(), until_ms=max_sim_s * 1000)
    after = play(os.path.join(folder, "after"), flash, keys, seed, max_sim_s, data)
    return before, after


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m pips_tools.pico", description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="command", required=True)
    b = sub.add_parser("bootrom", help="make the boot ROM binary from rp2040js's demo/bootrom.ts")
    b.add_argument("ts")
    b.add_argument("--out", default=BOOTROM)
    s = sub.add_parser("session", help="play a session on the emulated Pico; print its figures")
    s.add_argument("names", nargs="+", choices=game_names())
    s.add_argument("--json", help="write the figures there too")
    s.add_argument("--keep", help="keep the session's files (trace, bus logs) in this folder")
    s.add_argument("--decisions", type=int, default=30, help="smart decisions timed per game")
    s.add_argument("--board", default=REFERENCE, help="an RP2040 board (boards/board_table.py)")
    c = sub.add_parser("bench", help="make bench-pico: every RP2040 board, Block and UNO, every "
                       "game on the reference board; the bars' figures")
    c.add_argument("--board", action="append", help="only this board (repeat for more)")
    c.add_argument("--board-games-only", action="store_true", help="Block and UNO on every board")
    c.add_argument("--decisions", type=int, default=30, help="smart decisions timed per game")
    c.add_argument("--json", help="write the figures there too")
    c.add_argument("--keep", help="keep every run's files in this folder")
    args = p.parse_args(argv)
    if args.command == "bootrom":
        with open(args.ts) as f:
            data = bootrom_from_ts(f.read())
        digest = hashlib.sha256(data).hexdigest()
        if digest != BOOTROM_SHA256:
            print("bootrom: not the RP2040 B1 boot ROM (sha256 %s)" % digest, file=sys.stderr)
            return 1
        os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
        with open(args.out, "wb") as f:
            f.write(data)
        print("wrote %s" % args.out)
        return 0
    why = missing(None)
    if why:
        print("pico: %s" % why, file=sys.stderr)
        return 1
    if args.command == "bench":
        return run_bench(args)
    b = board(args.board)
    why = missing(b["firmware"])
    if why:
        print("pico: %s" % why, file=sys.stderr)
        return 1
    results = {}
    for name in args.names:
        folder = args.keep or tempfile.mkdtemp(prefix="pips-pico-")
        os.makedirs(folder, exist_ok=True)
        result = session(name, folder, args.board)
        bad = frames_equal(result)
        results[name] = session_figures(result)
        if args.decisions:
            results[name]["smart_decision_ms"] = decision_times(
                name, session_of(name)[0], args.decisions, folder, b=b)
        print(name, json.dumps(results[name]))
        if bad:
            print("  frame %d: %s" % bad)
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
