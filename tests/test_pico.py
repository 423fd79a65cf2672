"""The real Pico firmware (build/pips-pico.uf2, `make firmware`) on an emulated
RP2040 (rp2040js, pips_tools.pico): it boots to the title with nothing on its
filesystem, the real littlefs reads build/pips-fs.uf2's files, and whole
sessions, keys pressed on the reference board's pins in simulated time, give
the very panel images the desktop gives for the same frames.

A match switched off mid-hand, the emulated flash kept, resumes on the next
boot where it stood and plays on to the results the uninterrupted session
reaches.

Two emulated Picos in one process, UART0 TX of each wired to the other's RX
at 115,200 baud, play a linked Block match from both title screens to the
results (pips.ui.link), each device's frames the desktop's for the same
keys and the same bytes read from the cable.

The memory budget: every game's session at its largest table keeps at least
pips_tools.memory.BUDGET_FREE bytes free, at the frame boundaries and inside
the bots' decisions, with Pips frozen in and as .mpy files on the stock
firmware (build/micropython-pico.uf2).

Skipped, with the reason, without node, rp2040js (`make pico-emu`), the boot
ROM or the firmware (docs/device.md says how to get them).
"""

import os
import re

import pytest

from mpy_support import device_tree, needs_micropython
from pips_tools import deploy, fsimage, memory, pico

EMULATOR = pico.missing(firmware=None)  # node, rp2040js, the boot ROM
pytestmark = [pytest.mark.micropython, needs_micropython,
              pytest.mark.skipif(EMULATOR is not None, reason=EMULATOR or "")]
WHY = pico.missing()  # and the firmware with Pips frozen in
needs_firmware = pytest.mark.skipif(WHY is not None, reason=WHY or "")


def desktop_title(folder):
    """The panel the unix port's firmware shows after a few title frames."""
    trace = os.path.join(folder, "title.trace")
    with open(trace, "w") as f:
        for n in range(4):
            f.write("F %d 0 0 0 . .\n" % (33 * n))  # no clock readings, no peeks
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


@needs_firmware
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


@needs_firmware
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


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """played(name, board): SESSIONS' session `name` on `board` (the reference
    board without one), played once for the module."""
    done = {}

    def get(name, board=pico.REFERENCE):
        if (name, board) not in done:
            done[name, board] = pico.session(name, str(tmp_path_factory.mktemp(name + "-" + board)),
                                             board)
        return done[name, board]

    return get


@pytest.fixture(scope="module", params=sorted(pico.SESSIONS))
def session(request, played):
    return request.param, played(request.param)


@needs_firmware
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


@needs_firmware
def test_session_frames_are_the_desktops_pixel_for_pixel(session):
    name, result = session
    assert pico.frames_equal(result) is None
    # not a vacuous comparison: the frames changed the panel again and again
    distinct = set(pixels for pixels, written in result["device"])
    assert len(distinct) > 20


# -- two Picos linked by their cables ----------------------------------------------------

# A whole linked Block match to 50 on two emulators: about 25 simulated seconds,
# three minutes here (python -m pips_tools.pico_link plays the same and times it)
LINK_WHY = WHY


@pytest.fixture(scope="module")
def linked(tmp_path_factory):
    if LINK_WHY is not None:
        pytest.skip(LINK_WHY)
    return pico.play_link(str(tmp_path_factory.mktemp("link")))


def test_two_picos_on_one_cable_play_a_linked_block_match_to_the_results(linked):
    host, guest = linked["host"], linked["guest"]
    for result, end in ((host, "MatchResultScreen"), (guest, "GuestResultScreen")):
        assert result["summary"]["stop"] == "until", result["console"][-2000:]
        names = [words[2] for words in result["info"]]
        assert names[0] == "TitleScreen" and "LinkTableScreen" in names and names[-1] == end
    assert "LobbyScreen" in [w[2] for w in host["info"]]
    assert "JoinScreen" in [w[2] for w in guest["info"]]
    # both ways over the cable, and the guest played its moves (the host waited on it)
    assert min(linked["uart_bytes"]) > 500
    assert len(pico.link_times(linked)) >= 5


def test_the_linked_picos_frames_are_the_desktops_for_the_same_keys_and_cable_bytes(linked):
    for role in ("host", "guest"):
        result = linked[role]
        assert pico.frames_equal(result) is None, role
        assert len(set(pixels for pixels, written in result["device"])) > 20


# -- the other RP2040 boards' own firmware ------------------------------------------------

# The Pico Display Pack (SPI0: SCK 18, MOSI 19, DC 16, CS 17; four keys on 12-15)
# and the Pack 2.0 (the same pins, a 320x240 panel at the RAM's origin).
BOARD_SESSIONS = [
    pytest.param(board, name, id="%s-%s" % (board, name),
                 marks=pytest.mark.skipif(pico.missing(pico.board(board)["firmware"]) is not None,
                                          reason=pico.missing(pico.board(board)["firmware"]) or ""))
    for board in ("pico_display", "pico_display_2") for name in sorted(pico.SESSIONS)
]


@pytest.mark.parametrize("board,name", BOARD_SESSIONS)
def test_each_boards_firmware_plays_to_the_results_as_the_desktop_does(board, name, played):
    """The board's own firmware (make firmware BOARD=...), its keys pressed on
    its pins and its panel read from its SPI block: the title, the table, the
    results, every frame the desktop's pixel for pixel with the same profile
    (the panel's size and place in RAM, the key scheme)."""
    b = pico.board(board)
    result = played(name, board)
    assert result["summary"]["stop"] == "until", result["console"][-2000:]
    names = [words[2] for words in result["info"]]
    assert names[0] == "TitleScreen" and "TableScreen" in names
    assert names[-1] in ("HandResultScreen", "MatchResultScreen")
    assert max(int(words[4]) for words in result["info"]) >= 8
    assert pico.figures(result)["smart_wait_ms"]["n"] >= 3
    assert pico.frames_equal(result) is None
    pixels, written = result["device"][-1]
    assert len(written) == b["width"] * b["height"] and all(written)  # the whole panel, its size
    assert len(set(pixels for pixels, written in result["device"])) > 20
    # the board's keys were read: the four-key scheme's NEXT (RIGHT and DOWN at once) reached the App
    assert any(frame[1] & 0b1010 == 0b1010 for frame in result["frames"])


def board_firmware(name):
    """skipif mark: the board's firmware is not built here."""
    why = pico.missing(pico.board(name)["firmware"])
    return pytest.mark.skipif(why is not None, reason=why or "")


@board_firmware("picosystem")
def test_the_picosystems_piezo_plays_each_cue_at_its_pitch_for_its_time(tmp_path):
    """pips.ui.sound's cues through the PicoSystem's tone() (PWM on GPIO 11),
    read back from the pin's edges on the emulated Pico: each note's pitch
    within 1%, its time within a step of the 10 ms loop that moves them on."""
    from pips.ui import sound

    b = pico.board("picosystem")
    assert b["buzzer"] == 11
    heard = pico.tones(str(tmp_path), b)
    print(heard)
    assert len(heard) == len(sound.CUES)
    for notes, cue in zip(heard, sound.CUES):
        assert len(notes) == len(cue), (notes, cue)
        for (hz, ms), (want_hz, want_ms) in zip(notes, cue):
            assert abs(hz - want_hz) <= want_hz // 100
            assert want_ms - 8 <= ms <= want_ms + 16


# -- switched off mid-hand, and resumed -------------------------------------------------


@pytest.fixture(scope="module")
def resumed(tmp_path_factory):
    return pico.resume_session(str(tmp_path_factory.mktemp("resume")))


@needs_firmware
def test_a_match_switched_off_mid_hand_is_kept_on_the_flash(resumed):
    before, after = resumed
    assert before["summary"]["stop"] == "until", before["console"][-2000:]
    names = [words[2] for words in before["info"]]
    assert names[0] == "TitleScreen" and "HandResultScreen" not in names
    last = before["info"][-1]  # the frame the power went after
    assert last[2] == "TableScreen" and int(last[3]) == pico.CHOOSE
    assert int(last[4]) >= pico.RESUME_CUT  # mid-hand: moves played, the hand not over
    assert pico.frames_equal(before) is None
    on_device, on_desktop = before["kept"]
    assert any(name.startswith("match-" + pico.RESUME) for name in on_device)  # the game's own record
    assert on_device == on_desktop  # the very records the desktop keeps


def first_still_table(result):
    """The index of the first frame at the table where a human chooses, the
    table drawn whole (the next frame sends nothing)."""
    frames, info = result["frames"], result["info"]
    for i in range(len(info) - 1):
        if (info[i][2] == "TableScreen" and int(info[i][3]) == pico.CHOOSE
                and frames[i + 1][2] == frames[i][2]):
            return i
    raise AssertionError("no still frame at the table")


def bands():
    """The resumed session's table bands on the panel, as the desktop lays them
    out: (the table's top, the message band's, the buttons')."""
    from pips import games
    from pips_sim import simulator as sim

    players, levels, options, seed = pico.SESSIONS[pico.RESUME]
    cls = games.get(pico.RESUME)
    lines = sim.setup_script(list(games.names()).index(pico.RESUME), cls, levels, options)
    app = sim.make_app(240, 135, seed)
    sim.run_script(app, lines, shots=[])
    layout = app.screen.layout
    return layout.table_y, layout.msg_y, layout.button_y


def drawn(pixels, top, bottom):
    """The rows top..bottom of an RGB565 panel cut to what is drawn on their
    background (the commonest pixel): the rows, and the left column."""
    rows = [pixels[y * 480 : (y + 1) * 480] for y in range(top, bottom)]
    cells = [row[x : x + 2] for row in rows for x in range(0, 480, 2)]
    ground = max(set(cells), key=cells.count)
    used = [x for row in rows for x in range(0, 480, 2) if row[x : x + 2] != ground]
    lo, hi = min(used), max(used) + 2
    return [row[lo:hi] for row in rows], lo // 2


@needs_firmware
def test_the_match_resumes_where_it_stood(resumed):
    """The power cut and the boot after it: the title, the resume screen once
    the game is picked, and A
    brings back the table as it stood, every band the same but the events'
    lines (a resumed table starts them anew) and the line of tiles' place:
    the same tiles, moved sideways (the table band lays the line out anew,
    around its left end, not where the opening tile sat)."""
    before, after = resumed
    assert after["summary"]["stop"] == "until", after["console"][-2000:]
    names = [words[2] for words in after["info"]]
    assert names[0] == "TitleScreen"  # the boot: the title, the game with a match kept marked
    assert "KeptScreen" in names[: names.index("TableScreen")]  # resume offered once the game is picked
    assert pico.frames_equal(after) is None  # the desktop resumes alike, pixel for pixel
    i = first_still_table(after)
    assert after["info"][i][4] == before["info"][-1][4]  # the moves of the hand
    stood, again = before["device"][-1], after["device"][i]
    assert all(stood[1]) and all(again[1])  # the whole panel drawn, both times
    stood, again = stood[0], again[0]
    table_y, msg_y, button_y = bands()
    assert stood[: table_y * 480] == again[: table_y * 480]  # seats, counts, turn
    # the buttons, the hand (from the buttons band's second row: the message's
    # last line reaches its first with the descenders of p, y, g)
    assert stood[(button_y + 1) * 480 :] == again[(button_y + 1) * 480 :]
    (line, x), (line_again, x_again) = drawn(stood, table_y, msg_y), drawn(again, table_y, msg_y)
    assert line == line_again  # the same tiles in the same line
    print("the line of tiles drawn from x=%d before the cut, x=%d resumed" % (x, x_again))


@needs_firmware
def test_the_resumed_match_plays_on_to_the_uninterrupted_results(resumed, played):
    before, after = resumed
    whole = played(pico.RESUME)
    names = [words[2] for words in after["info"]]
    assert names[-1] in ("HandResultScreen", "MatchResultScreen")
    assert after["info"][-1][2:5] == whole["info"][-1][2:5]
    assert after["device"][-1] == whole["device"][-1]


# -- the memory budget --------------------------------------------------------------------


def memory_cases():
    """(form, game) for both installed forms and every game of the registry;
    a form whose firmware is not here is skipped, saying why."""
    out = []
    for form in memory.FORMS:
        why = memory.missing(form)
        marks = (pytest.mark.skip(reason=why),) if why else ()
        for name in memory.game_names():
            out.append(pytest.param(form, name, marks=marks, id="%s-%s" % (form, name)))
    return out


def language_cases():
    """(form, game, language): the lowest games on the Pico (UNO's ten seats,
    Matador) in the other languages, both forms."""
    out = []
    for form in memory.FORMS:
        why = memory.missing(form)
        marks = (pytest.mark.skip(reason=why),) if why else ()
        for name in ("uno", "matador"):
            for code in ("cs", "pl", "fa"):
                out.append(pytest.param(form, name, code, marks=marks,
                                        id="%s-%s-%s" % (form, name, code)))
    return out


@pytest.mark.parametrize("form,name,code", language_cases())
def test_the_lowest_games_keep_the_memory_budget_in_every_language(form, name, code, memory_tree,
                                                                   tmp_path):
    """As below, the screens in Czech, Polish or Persian (the setting kept):
    only that language's catalogue is loaded, from its data file in the
    .mpy form."""
    figures = memory.pico_session(name, form, str(tmp_path), memory_tree, language=code)
    budget = memory.BUDGET_FREE[form]
    print("%s %s in %s: lowest free %d at the frames, %s inside decisions; budget %d"
          % (form, name, code, figures["frame_low"], figures["decision_low"], budget))
    assert figures["moves"] >= 1 and figures["decision_readings"] > 0
    assert figures["frame_low"] >= budget and figures["decision_low"] >= budget


@pytest.mark.parametrize("form,name", memory_cases())
def test_every_game_keeps_the_memory_budget(form, name, memory_tree, tmp_path):
    """The game's session at its largest table (P1 pressing A, the others
    smart bots, the shortest options), from the title to the results, on the
    real firmware: gc.mem_free() right after a collection, at every frame
    boundary and inside every step of a bot's thinking, never below the
    budget (98,304 bytes with the .mpy in RAM, 147,456 frozen)."""
    figures = memory.pico_session(name, form, str(tmp_path), memory_tree)
    budget = memory.BUDGET_FREE[form]
    players = memory.table(name)[0]
    print("%s %s, %s: lowest free %d at the frames, %s inside decisions; budget %d"
          % (form, name, memory.describe(name), figures["frame_low"], figures["decision_low"],
             budget))
    assert figures["moves"] >= 1 and figures["frames"] > 30  # played, to the results
    assert figures["frame_low"] >= budget
    if players > 1:  # bots at the table: their thinking was read too
        assert figures["decision_readings"] > 0
        assert figures["decision_low"] >= budget
