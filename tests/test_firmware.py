"""The firmware: deploying it (without a board), freezing it, and running it whole
under the MicroPython unix port with the unix_sim board. (Its memory budget
is measured on the emulated Pico: tests/test_pico.py.)"""

import atexit
import os
import re
import shlex
import shutil
import sys
import tempfile

import pytest

from mpy_support import ROOT, device_tree, needs_micropython, run_micropython
from pips_tools import deploy, mpy
from pips_tools.firmware_session import (
    SESSION,
    SESSION_KEEP,
    SESSION_ROMFS,
    session_table,
    sessions,
    data_env,
    resume_args,
    romfs_file,
    session_args,
    session_argv,
)

# -- deploy (no board: a fake runner or --dry-run) ----------------------------

TREE = (
    "main.py",
    "st7789.mpy",
    "st7789_viper.mpy",
    "st7789_slow.mpy",
    "pico_lcd_114.mpy",
    "board_table.mpy",
    "unix_sim.mpy",
    "pips/__init__.mpy",
    "pips/rng.mpy",
    "pips/games/block.mpy",
    "pips/ui/__init__.mpy",
    "pips/ui/app.mpy",
    "pips/ui/diosurface.mpy",
)
ON_BOARD = [p for p in TREE if p not in ("unix_sim.mpy", "pips/ui/diosurface.mpy")]
OTHER_BOARDS = ("kit.mpy", "t_display.mpy", "pico_display.mpy")


def make_tree(folder):
    for rel in TREE + OTHER_BOARDS:
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


def test_deploy_list_takes_every_device_module_of_the_package():
    """A package folder added under src/pips reaches the board (make deploy,
    make fs-uf2, mip): every device source is picked unless the list drops it
    by name as desktop-only."""
    dropped = {p for inc, p in deploy.read_list() if not inc}
    built = sorted(mpy._target("", rel).lstrip("/") for src, rel in mpy.device_sources())
    picked = set(deploy.pick(built, deploy.read_list()))
    missing = [p for p in built if p.startswith("pips/") and p not in picked and p not in dropped]
    assert missing == []


def test_deploy_list_takes_every_data_file_of_the_mpy_build():
    """The tables the .mpy build keeps in data files (the fonts' runs, the
    catalogues' phrases: pips_tools.datafiles) reach the board with their
    modules (make deploy, make fs-uf2), every one of them."""
    from pips_tools import datafiles

    data = sorted(datafiles.data_name(rel) for src, rel in mpy.device_sources()
                  if datafiles.table_of(rel))
    assert "pips/ui/font8.dat" in data and "pips/lang/fa.dat" in data
    assert "pips/games/uno/words_cs.dat" in data
    built = sorted(mpy._target("", rel).lstrip("/") for src, rel in mpy.device_sources())
    picked = deploy.pick(built + data, deploy.read_list())
    assert [p for p in data if p not in picked] == []


def test_deploy_selects_the_board_files_only(tmp_path):
    build = make_tree(tmp_path / "mpy")
    assert sorted(deploy.select(build, deploy.read_list())) == sorted(ON_BOARD)
    with pytest.raises(deploy.DeployError, match="make mpy"):
        os.remove(os.path.join(build, "st7789.mpy"))
        deploy.select(build, deploy.read_list())


def test_deploy_for_another_board_sends_its_profile_and_names_it(tmp_path):
    build = make_tree(tmp_path / "mpy")
    files = deploy.board_files(build, deploy.select(build, deploy.read_list()), "t_display")
    assert "pico_lcd_114.mpy" not in files and "pico_display.mpy" not in files
    assert {"kit.mpy", "t_display.mpy", "board_table.mpy", "pips_board.py"} <= set(files)
    with open(os.path.join(build, "pips_board.py")) as f:
        assert f.read() == "NAME = 't_display'\n"
    with pytest.raises(deploy.DeployError, match="no board 'nope'"):
        deploy.board_files(build, files, "nope")


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
    assert "os.mkdir" in code and '("/pips", "/pips/games", "/pips/ui",)' in code
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

    (tmp_path / "mpy" / "pips" / "games" / "block.mpy").write_bytes(b"recompiled")
    board = FakeMpremote()
    assert deploy.deploy("/dev/ttyA", run=board, **kw) == ["pips/games/block.mpy"]
    assert board.copies() == [
        (os.path.join(build, "pips/games/block.mpy"), ":pips/games/block.mpy")
    ]

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
    for name in ("st7789.py", "st7789_viper.py", "st7789_slow.py", "pico_lcd_114.py"):
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
board.display.ready()
print("ready", board.display.bytes_sent, board.display._spi.bytes)
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
    # at import the reset only (a reset line: a pulse, no SWRESET); the set-up
    # once the screens are made (ready()): 5 commands, 2 arguments, no clear
    assert "sent 0 0" in out
    assert "ready 7 7" in out
    for n in (8, 9, 12):  # DC, CS, RST are outputs
        assert "out %d True" % n in out
    assert "backlight 13 65535" in out and "half 32767" in out
    assert "idle 0" in out
    wanted = {15: K.A, 17: K.B, 2: K.UP, 18: K.DOWN, 16: K.LEFT, 20: K.RIGHT, 3: K.MENU}
    for n, bit in wanted.items():
        assert "key %d %d" % (n, bit) in out
    assert "two True" in out


def run_on_device_build(code, heap, args=(), timeout=300, folder=None):
    """Run on the device build, the board keeping its records in `folder`
    (None: a new folder, gone after the run); the code inline
    (pips_tools.firmware_session.session_argv)."""
    if folder is not None:
        return mpy.run_micropython(
            code, heap, [device_tree()], timeout, args, data_env(folder), inline=True
        )
    folder = tempfile.mkdtemp(prefix="pips-session-")
    try:
        return run_on_device_build(code, heap, args, timeout, os.path.join(folder, "data"))
    finally:
        shutil.rmtree(folder, ignore_errors=True)


_ROMFS = []


def device_romfs():
    """The device build as a ROMFS image (its path), once per session."""
    if not _ROMFS:
        folder = tempfile.mkdtemp(prefix="pips-romfs-")
        atexit.register(shutil.rmtree, folder, True)
        _ROMFS.append(romfs_file(folder))
    return _ROMFS[0]


def check_session(game, out):
    players = session_table(game)[0]
    stats = parse_stats(out)
    levels = " ".join(["human"] + ["smart"] * (players - 1))
    assert "table: %s %d levels %s" % (game, players, levels) in out
    assert "over: True" in out, out  # the match ran to its end, results shown
    assert stats["hands"] >= 1 and stats["moves"] >= 1  # (a Twenty-one hand may take 2 moves)
    return stats


@needs_micropython
@pytest.mark.micropython
@pytest.mark.parametrize("game", sorted(sessions()))
def test_whole_firmware_plays_a_match_half_a_screen_a_frame_at_most(game):
    """main.py on the unix_sim board, from the device build's .mpy: title, table
    setup, a whole match (P1 pressing A, the rest smart bots) and its results.
    (The memory budget is the emulated Pico's: tests/test_pico.py.)"""
    players, setting, seed = session_table(game)
    args = session_args(game, players, setting, seed=seed)
    rc, out, err = run_on_device_build(SESSION, None, session_argv(args))
    assert rc == 0, (err + out)[-3000:]
    stats = check_session(game, out)
    # the screens send windows, not frames; a whole screen (the title, the
    # set-up, the results) goes out over two frames, half a screen a frame
    # (pips.ui.surface's _FLUSH_MAX), windows of 11 bytes of commands and
    # 2 bytes a pixel; with the board's clock in pieces of about _PIECE
    # pixels (11 rows of 240: seven for half a screen), a few more windows;
    # and a menu's row shown pressed at once (pips.ui.menu) in the frame of the press
    full = 240 * 135 * 2 + 11
    half = 240 * 68 * 2
    row = 236 * 11 * 2 + 11
    assert half - 2 * 240 < stats["biggest_frame"] <= half + 12 * 11 + row
    assert stats["full_frames"] == 0
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
def test_the_romfs_session_runs_the_code_from_the_image():
    code = SESSION_ROMFS.split("import gc")[0] + (
        "import pips.ui.table, st7789\nprint(pips.ui.table.__file__, st7789.__file__)\n"
    )
    rc, out, err = run_on_device_build(code, "512K", ("block", device_romfs()))
    assert rc == 0, err + out
    assert out.split() == ["/rom/pips/ui/table.mpy", "st7789.mpy"]


# -- the memory policy ------------------------------------------------------------

# What loading and unloading modules by hand looks like: none of it on the device.
_JUGGLING = re.compile(
    r"del\s+sys\.modules|sys\.modules\s*\[[^\]]*\]\s*=|sys\.modules\.(pop|clear|update|setdefault)"
    r"|\bforget\(|gc\.threshold\("
)


def test_modules_are_unloaded_in_one_place_only():
    """A module is imported when first needed and unloaded in one place
    only: pips.ui.app's drop() of its MENUS table, with the .mpy files in
    RAM (pips.datafile.IN_RAM). Nothing else under src/, boards/ or
    firmware/ edits sys.modules or sets the collector's threshold."""
    found = []
    for top in ("src", "boards", "firmware"):
        for folder, _, names in os.walk(os.path.join(ROOT, top)):
            for name in names:
                if not name.endswith(".py"):
                    continue
                path = os.path.join(folder, name)
                with open(path) as f:
                    for number, line in enumerate(f, 1):
                        if _JUGGLING.search(line.split("#")[0]):
                            where = os.path.relpath(path, ROOT)
                            found.append("%s: %s" % (where, line.strip()))
    assert found == ["src/pips/ui/app.py: del sys.modules[full]"], "\n".join(found)
    with open(os.path.join(ROOT, "src", "pips", "ui", "app.py")) as f:
        app = f.read()
    assert "if IN_RAM and " in app and app.count("drop(") == 2  # called once, defined once


# -- a power cut mid-hand, and the match resumed ---------------------------------


def _hands(out):
    """The hands' moves as the session printed them, and its last position."""
    hands = [l for l in out.splitlines() if l.startswith("moves of the hand:")]
    places = [l for l in out.splitlines() if l.startswith("position at the table:")]
    return hands, places


@needs_micropython
@pytest.mark.micropython
@pytest.mark.parametrize("game,cut", [("block", 23), ("uno", 41)])
def test_a_match_cut_mid_hand_resumes_where_it_stood_and_ends_alike(game, cut, tmp_path):
    """main.py on the unix_sim board keeps its match in PIPS_DATA_DIR. A
    session stopped after `cut` moves (the power goes, mid-hand) leaves the
    record; the next start offers to resume it, A resumes it at the same
    position, and the match played on to its end is move for move the one an
    uninterrupted session plays (the same totals)."""
    players, setting, seed = session_table(game)
    args = session_args(game, players, setting, seed=seed)
    heap = None  # the port's default
    rc, whole, err = run_on_device_build(
        SESSION_KEEP, heap, session_argv(args), folder=str(tmp_path / "a")
    )
    assert rc == 0 and "over: True" in whole, (err + whole)[-3000:]
    want, _ = _hands(whole)
    assert len(want) >= 2

    folder = str(tmp_path / "b")
    rc, first, err = run_on_device_build(
        SESSION_KEEP, heap, session_argv(args + (cut,)), folder=folder
    )
    assert rc == 0 and "over: False" in first, (err + first)[-3000:]
    done, places = _hands(first)
    stood = places[-1]
    hands_played, moves, turn = [int(w) for w in stood.split(":")[1].split()[:3]]
    assert moves > 0 and turn >= 0  # cut mid-hand
    assert os.listdir(folder)  # the record is there

    rc, second, err = run_on_device_build(
        SESSION_KEEP, heap, session_argv(resume_args(game, seed=seed)), folder=folder
    )
    assert rc == 0 and "over: True" in second, (err + second)[-3000:]
    again, places = _hands(second)
    assert places[0] == stood  # the same position: hands, moves, turn, totals, every hand
    # the hands before the cut, then the resumed hand (its moves before the cut
    # replayed) and the rest: the uninterrupted match's
    assert done[:-1] + again == want
    total = [l for l in whole.splitlines() if l.startswith("over:")]
    assert [l for l in second.splitlines() if l.startswith("over:")] == total
    assert not [n for n in os.listdir(folder) if n.startswith("match")]  # over: forgotten


BAD_RECORDS = r"""
import unix_sim as board
import main
from pips.ui import keys as K

board.press(K.A)  # Block, marked: its match is kept
board.press(K.A)  # resume it
seen = []


def on_frame(app, count):
    name = type(app.screen).__name__
    if not seen or seen[-1] != name:
        seen.append(name)
    return count >= 40


app = main.run(board, 40, main.make_app(board, 1), on_frame)
print("screens", " ".join(seen))
print("kept", " ".join(app.kept))
print("note", getattr(app.screen, "note", None))
"""


@needs_micropython
@pytest.mark.micropython
@pytest.mark.parametrize("damage", ["garbage", "forged seat", "a folder"])
def test_the_firmware_comes_up_to_the_title_with_a_bad_record(damage, tmp_path):
    """A bad record in the board's folder (garbage, a forged move whose
    checksum is right, a folder where the file goes): main.py on the unix
    port comes up to the title. A record file marks the game, and resuming
    it says the match could not be read and offers a new one; a folder is
    no record: the game opens its set-up. Nothing hangs."""
    from pips.save import Store, match_record
    from save_cuts import records

    folder = tmp_path / "data"
    folder.mkdir()
    record = folder / match_record("block")
    if damage == "garbage":
        record.write_bytes(b"Pp\x00\x00\x10" + bytes(range(40)))
    elif damage == "a folder":
        record.mkdir()
    else:
        good = records(3)[5]
        forged = good[:-2] + bytes((good[-2] ^ 1,)) + good[-1:]  # the other seat
        Store(str(folder)).write(match_record("block"), (forged,))
    rc, out, err = run_on_device_build(BAD_RECORDS, None, (), 120, folder=str(folder))
    assert rc == 0, (out + err)[-2000:]
    lines = out.splitlines()
    assert lines[-2].strip() == "kept"  # forgotten once found unreadable
    if damage == "a folder":
        assert "screens TitleScreen SetupScreen" in lines and lines[-1] == "note None"
    else:
        assert "screens TitleScreen KeptScreen" in lines
        assert lines[-1].startswith("note the last save was damaged and could not be read")
