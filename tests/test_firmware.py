"""The firmware: deploying it (without a board), freezing it, and running it whole
under the MicroPython unix port with the unix_sim board in a Pico-sized heap."""

import atexit
import os
import re
import shlex
import shutil
import sys
import tempfile

import pytest

from mpy_support import ROOT, needs_micropython, run_micropython
from pips_sim import deploy, mpy
from pips_sim.firmware_session import SESSION, SESSIONS, session_args

# -- deploy (no board: a fake runner or --dry-run) ----------------------------

TREE = (
    "main.py",
    "st7789.mpy",
    "st7789_setup.mpy",
    "pico_lcd_114.mpy",
    "unix_sim.mpy",
    "pips/__init__.mpy",
    "pips/block.mpy",
    "pips/rng.mpy",
    "pips/ui/__init__.mpy",
    "pips/ui/app.mpy",
    "pips/ui/diosurface.mpy",
)
ON_BOARD = [p for p in TREE if p not in ("unix_sim.mpy", "pips/ui/diosurface.mpy")]


def make_tree(folder):
    for rel in TREE:
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"compiled " + rel.encode())
    return str(folder)


class FakeMpremote:
    def __init__(self, status=0):
        self.commands = []
        self.status = status

    def __call__(self, command):
        self.commands.append(command)
        return self.status

    def copies(self):
        """(local, board) pairs of every `fs cp` sent."""
        out = []
        for command in self.commands:
            for i, part in enumerate(command):
                if part == "cp":
                    rest = [p for p in command[i + 1 : i + 4] if p != "-f"]
                    out.append((rest[0], rest[1]))
        return out


def test_deploy_list_names_real_device_files():
    rules = deploy.read_list()
    plain = [p for inc, p in rules if inc and "*" not in p]
    assert "main.py" in plain
    for rel in plain:
        name = rel[:-4] + ".py" if rel.endswith(".mpy") else rel
        assert os.path.exists(os.path.join(ROOT, "boards", name)) or os.path.exists(
            os.path.join(ROOT, "firmware", name)
        ), rel


def test_deploy_selects_the_board_files_only(tmp_path):
    build = make_tree(tmp_path / "mpy")
    assert sorted(deploy.select(build, deploy.read_list())) == sorted(ON_BOARD)
    with pytest.raises(deploy.DeployError, match="make mpy"):
        os.remove(os.path.join(build, "st7789.mpy"))
        deploy.select(build, deploy.read_list())


def test_dry_run_prints_mpremote_commands_and_changes_nothing(tmp_path, capsys):
    build = make_tree(tmp_path / "mpy")
    record = tmp_path / "deployed.json"
    args = ["--port", "/dev/ttyFAKE", "--build", build, "--record", str(record), "--dry-run"]
    deploy_main = deploy.main
    # no `make mpy` here: the fake tree stands in for build/mpy
    original = deploy.mpy.build
    deploy.mpy.build = lambda out_dir: []
    try:
        assert deploy_main(args) == 0
    finally:
        deploy.mpy.build = original
    out = capsys.readouterr().out
    assert not record.exists()
    lines = [l for l in out.splitlines() if "mpremote" in l]
    assert len(lines) == 2  # the copies in one connection, then the reset
    assert "connect /dev/ttyFAKE" in lines[0] and lines[1].endswith("connect /dev/ttyFAKE reset")
    for rel in ON_BOARD:
        assert "fs cp %s :%s" % (os.path.join(build, rel), rel) in lines[0]
        assert "would send " + rel in out
    assert "unix_sim" not in out and "diosurface" not in out
    argv = shlex.split(lines[0])  # the printed line is a shell command that gives this argv
    code = argv[argv.index("exec") + 1]
    assert "os.mkdir" in code and '("/pips", "/pips/ui",)' in code
    assert argv.count("cp") == len(ON_BOARD) and argv[-1] == ":" + ON_BOARD[-1]


def test_deploy_sends_only_what_changed(tmp_path):
    build = make_tree(tmp_path / "mpy")
    record = str(tmp_path / "deployed.json")
    kw = dict(build_dir=build, record_path=record, build=False, out=lambda s: None)

    board = FakeMpremote()
    sent = deploy.deploy("/dev/ttyA", run=board, **kw)
    assert sorted(sent) == sorted(ON_BOARD)
    assert sorted(b for _, b in board.copies()) == sorted(":" + p for p in ON_BOARD)
    assert board.commands[-1][-1] == "reset"

    board = FakeMpremote()
    assert deploy.deploy("/dev/ttyA", run=board, **kw) == []
    assert board.commands == []  # nothing changed: the board is left alone

    (tmp_path / "mpy" / "pips" / "block.mpy").write_bytes(b"recompiled")
    board = FakeMpremote()
    assert deploy.deploy("/dev/ttyA", run=board, **kw) == ["pips/block.mpy"]
    assert board.copies() == [(os.path.join(build, "pips/block.mpy"), ":pips/block.mpy")]

    board = FakeMpremote()  # another board: everything
    assert len(deploy.deploy("/dev/ttyB", run=board, **kw)) == len(ON_BOARD)

    board = FakeMpremote()
    assert len(deploy.deploy("/dev/ttyA", run=board, force=True, **kw)) == len(ON_BOARD)
    assert "-f" in board.commands[0]

    board = FakeMpremote()
    assert deploy.deploy("/dev/ttyC", run=board, frozen=True, **kw) == ["main.py"]


def test_mpremote_parses_the_commands(tmp_path, monkeypatch):
    """mpremote's own command-line parsing (the pinned version) accepts every
    command deploy runs, as the chain of commands we mean; the handlers are
    stubbed, so no board is needed."""
    mpremote_main = pytest.importorskip("mpremote.main")
    build = make_tree(tmp_path / "mpy")
    commands, _ = deploy.plan("/dev/ttyFAKE", build, ON_BOARD, {})
    assert len(commands) == 2
    for command in commands:
        ran = []
        fake = {}
        for name, (handler, parser) in mpremote_main._COMMANDS.items():
            fake[name] = ((lambda state, args, name=name: ran.append((name, args))), parser)
        monkeypatch.setattr(mpremote_main, "_COMMANDS", fake)
        monkeypatch.setattr(mpremote_main, "do_repl", lambda state, args: False)
        no_config = type("Config", (), {"commands": {}})()
        monkeypatch.setattr(mpremote_main, "load_user_config", lambda: no_config)
        at = command.index("mpremote")
        assert command[at - 1] == "-m"
        monkeypatch.setattr(sys, "argv", ["mpremote"] + command[at + 1 :])
        assert mpremote_main.main() == 0
        names = [name for name, _ in ran]
        assert names[0] == "connect" and ran[0][1].device == ["/dev/ttyFAKE"]
        if command is commands[0]:
            assert names[1] == "exec"
            copies = [args.path for name, args in ran if name == "fs"]
            assert all(args.command == ["cp"] for name, args in ran if name == "fs")
            assert copies == [
                [os.path.join(build, p), ":" + p] for p in deploy.select(build, deploy.read_list())
            ]
        else:
            assert names[1:] == ["exec"] and "machine.reset()" in ran[1][1].expr[0]


def test_a_failed_copy_is_not_recorded(tmp_path):
    build = make_tree(tmp_path / "mpy")
    record = str(tmp_path / "deployed.json")
    kw = dict(build_dir=build, record_path=record, build=False, out=lambda s: None)
    with pytest.raises(deploy.DeployError, match="mpremote failed"):
        deploy.deploy("/dev/ttyA", run=FakeMpremote(status=1), **kw)
    board = FakeMpremote()
    assert len(deploy.deploy("/dev/ttyA", run=board, **kw)) == len(ON_BOARD)


def test_manifest_freezes_the_package_and_the_board(tmp_path):
    """Run firmware/manifest.py with stand-ins for the manifest functions and
    check what it names exists (MicroPython's tools/manifestfile.py resolves
    relative paths from the manifest's folder)."""
    calls = []
    folder = os.path.join(ROOT, "firmware")

    def resolve(base, name):
        return os.path.normpath(os.path.join(folder, base, name))

    env = {
        "include": lambda path, **kw: calls.append(("include", path)),
        "package": lambda name, files=None, base_path=".", opt=None: calls.append(
            ("package", resolve(base_path, name))
        ),
        "module": lambda name, base_path=".", opt=None: calls.append(
            ("module", resolve(base_path, name))
        ),
    }
    with open(os.path.join(folder, "manifest.py")) as f:
        exec(compile(f.read(), "manifest.py", "exec"), env)
    assert calls[0] == ("include", "$(PORT_DIR)/boards/manifest.py")
    kinds = dict((path, kind) for kind, path in calls[1:])
    assert kinds[os.path.join(ROOT, "src", "pips")] == "package"
    assert os.path.exists(os.path.join(ROOT, "src", "pips", "__init__.py"))
    for name in ("st7789.py", "st7789_setup.py", "pico_lcd_114.py"):
        path = os.path.join(ROOT, "boards", name)
        assert kinds[path] == "module" and os.path.exists(path)


# -- the whole firmware under MicroPython ------------------------------------

def parse_stats(out):
    return {k: int(v) for k, v in re.findall(r"^(\w+): (-?\d+)$", out, re.M)}


# -- the Pico board file, with a stand-in `machine` -----------------------------

PICO_SCRIPT = r"""
import sys


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 2
    made = {}

    def __init__(self, n, mode=-1, pull=-1, value=None):
        self.n = n
        self.mode = mode
        self.pull = pull
        self.level = 1 if value is None else value
        Pin.made[n] = self

    def __call__(self, level=None):
        if level is None:
            return self.level
        self.level = level

    value = __call__


class SPI:
    def __init__(self, bus, baudrate=0, polarity=0, phase=0, sck=None, mosi=None, miso=0):
        print("spi", bus, baudrate, polarity, phase, sck.n, mosi.n, miso)
        self.bytes = 0

    def write(self, data):
        assert Pin.made[9].level == 0, "CS high while writing"
        self.bytes += len(data)


class PWM:
    def __init__(self, pin):
        self.pin = pin
        self.duty = -1

    def freq(self, f):
        self.f = f

    def duty_u16(self, d):
        self.duty = d


class Machine:
    pass


machine = Machine()
machine.Pin = Pin
machine.SPI = SPI
machine.PWM = PWM
sys.modules["machine"] = machine

import pico_lcd_114 as board
from pips.ui import keys as K

print("size", board.width, board.height)
print("sent", board.display.bytes_sent, board.display._spi.bytes)
for n in (8, 9, 12):
    print("out", n, Pin.made[n].mode == Pin.OUT)
print("backlight", board._bl.pin.n, board._bl.duty)
board.backlight(50)
print("half", board._bl.duty)
print("idle", board.read_keys())
for n in (15, 17, 2, 18, 16, 20, 3):
    p = Pin.made[n]
    assert p.mode == Pin.IN and p.pull == Pin.PULL_UP, n
    p.level = 0
    print("key", n, board.read_keys())
    p.level = 1
Pin.made[16].level = 0
Pin.made[15].level = 0
print("two", board.read_keys() == K.LEFT | K.A)
"""


@needs_micropython
@pytest.mark.micropython
def test_pico_board_file_wires_the_pins_of_boards_md():
    rc, out, err = run_micropython(PICO_SCRIPT, heap="96K")
    assert rc == 0, err + out
    from pips.ui import keys as K

    assert "spi 1 62500000 0 0 10 11 None" in out  # SPI1, SCK GP10, MOSI GP11, no MISO
    assert "size 240 135" in out
    init = 9 + 11 + 240 * 135 * 2  # the init commands and a cleared frame
    assert "sent %d %d" % (init, init) in out
    for n in (8, 9, 12):  # DC, CS, RST are outputs
        assert "out %d True" % n in out
    assert "backlight 13 65535" in out and "half 32767" in out
    assert "idle 0" in out
    wanted = {15: K.A, 17: K.B, 2: K.UP, 18: K.DOWN, 16: K.LEFT, 20: K.RIGHT, 3: K.MENU}
    for n, bit in wanted.items():
        assert "key %d %d" % (n, bit) in out
    assert "two True" in out


_DEVICE_TREE = []


def device_tree():
    """The device build: compiled as `make mpy` and `make deploy` compile it
    (pips_sim.mpy.DEVICE_OPT, -O3: no line numbers), which is what the board
    holds in RAM. The heap caps below are measured on it; the other tests use
    mpy_support's tree, which keeps line numbers for their tracebacks."""
    if not _DEVICE_TREE:
        out = tempfile.mkdtemp(prefix="pips-mpy-device-")
        atexit.register(shutil.rmtree, out, True)
        mpy.build(out, opt=mpy.DEVICE_OPT)
        _DEVICE_TREE.append(out)
    return _DEVICE_TREE[0]


def run_on_device_build(code, heap, args=(), timeout=300):
    return mpy.run_micropython(code, heap, [device_tree()], timeout, args)


# Heap caps: the smallest heap under which each session below passed, found
# with pips_sim.mpy.smallest_heap (a bisection over whole sessions, 1 KiB steps)
# on the 64-bit unix port and the device build, plus 4 KiB of margin (every heap
# from there up to the cap passed too). The goal is 96 KiB: the rest is the
# game modules, the frame buffer and the driver, and the qstr pools.
# Measured 1 December 2026, main.py collecting every 4 KiB and at each change of
# screen, the screens loading their modules as they show and letting them go:
# UNO 4 players seed 6 (4 hands, 231 moves): 127 KiB (145 before the screens
# came and went); Block 2 players seed 2: 114 KiB (137 before).
# Then (same day) 121 and 104 KiB; now UNO 105 KiB, Block 102 KiB (UNO: as at
# 121, 254 moves in 4 hands; Block: 148 in 12), mostly from staying under a qstr pool's
# edge: every name and short string a module loads is interned for good, in
# pools of 20, 40, 80, 160, 320, 640 entries, and the 621st interned string
# costs a 7 KiB pool at once (the UNO session interned 632: 121 KiB; 590 now,
# this script's own ~45 included). Check micropython.qstr_info() after a
# session before adding names to the modules a table loads. The rest: the
# table's rare parts (resigning, the hand-over, a revealed hand) and UNO's
# refusal texts, resignation and notation reading in modules loaded when
# needed, fewer one-caller functions, the next hand dealt once the results
# screen has gone, one view at a time while a bot thinks, a 960-byte line
# buffer in the driver.
# Then (same day) UNO 101 KiB, Block 100, the same sessions (606 names interned
# by the UNO one: 14 short of the next pool): one side's code at a time at the
# table. While a bot thinks, the human side (pips.ui.table_choose) is gone;
# while a human chooses or the results show, UNO's rollouts and View.sample
# (pips.uno_think, Uno.bot_module, with its remembered deal) are. Code that
# runs once is loaded and dropped around that moment: the driver's set-up
# (st7789_setup), UNO's deal (pips.uno_deal), the table's
# (pips.ui.table_begin), the crash screen. Peak live memory after a frame: UNO
# 96.0 KiB (was 101, while a bot thinks), Block 95.1 KiB (while the human
# chooses).
# Then (same day) UNO 96 KiB, the goal, and Block 98, the same sessions (the UNO
# one interns 604 names, 16 under the next pool; Block 581): each side of the
# table holds only what it uses. While a bot thinks the table holds neither the
# text module (Uno.text_module: the views' hand_list and pending moved into
# pips.uno, so nothing keeps it) nor the piece and table modules, which draw()
# loads again once the bot has moved (the hand's signature no longer changes
# with the state outside a choice, so thinking starts without drawing it);
# once a bot has decided, or a human chooses, the bots' code and their rollout
# world go (TableScreen.bots_go: Block's world too); once a human has played, the human side
# does, and the text module goes while a human chooses, once the choices'
# texts are made. The buttons band is drawn by the human side
# (pips.ui.table_choose). Less held throughout: Layer items of six fields
# (two heap blocks, not three), each status cell's signature one small int,
# three table attributes fewer (47: MicroPython's next attribute table is 59
# slots), an UNO hand keeps no copy of its option dict, the framebuf
# primitives bound once (no FbSurface methods), no Game.playout that no game
# used, no UnoView.winner, the greedy bot and make() in pips.bot_levels (loaded
# on first use). Peak live memory after a frame: UNO 90.4 KiB (was 96.0; now
# while a human chooses), Block 94.2 KiB (was 95.1, while the human chooses).
SESSION_HEAP_K = {"uno": 100, "block": 102}


@needs_micropython
@pytest.mark.micropython
@pytest.mark.parametrize("game", sorted(SESSIONS))
def test_whole_firmware_plays_a_match_in_a_small_heap(game):
    """main.py on the unix_sim board, from the device build's .mpy: title, table
    setup, a whole match (P1 pressing A, the rest smart bots) and its results,
    with the heap capped.
    On this 64-bit port every object pointer takes 8 bytes (4 on the Pico's
    RP2040), so what passes here needs no more heap on the Pico."""
    players, target, seed = SESSIONS[game]
    args = session_args(game, players, target, seed=seed)
    heap = "%dK" % SESSION_HEAP_K[game]
    rc, out, err = run_on_device_build(SESSION, heap, args)
    assert rc == 0, (err + out)[-3000:]
    stats = parse_stats(out)
    levels = " ".join(["human"] + ["smart"] * (players - 1))
    assert "table: %s %d levels %s" % (game, players, levels) in out
    assert "over: True" in out, out  # the match ran to its end, results shown
    assert stats["hands"] >= 1 and stats["moves"] >= 5 * stats["hands"]
    # the screens send windows, not frames: a full frame is the exception
    full = 240 * 135 * 2 + 11
    assert stats["biggest_frame"] == full  # the title and the hand-over screens
    assert stats["table_bytes"] < stats["table_frames"] * full // 4
    print(
        "%s: %d moves, %d bytes to the display at the table, %d per move, %d full frames"
        % (
            game,
            stats["moves"],
            stats["table_bytes"],
            stats["table_bytes"] // stats["moves"],
            stats["full_frames"],
        )
    )


@needs_micropython
@pytest.mark.micropython
def test_the_heap_cap_bites():
    """The same session in far too small a heap fails with MemoryError: the caps
    above are real limits, not decoration."""
    args = session_args("uno", 4, 200, seed=1, max_frames=50)
    rc, out, err = run_on_device_build(SESSION, "48K", args, timeout=60)
    assert rc != 0 and "MemoryError" in err + out
