"""The boards: the board table and its profiles, the key schemes, and every
game played to its results on the unix port standing in for a board of each
scheme (its panel's size, only its keys)."""

import importlib.util
import os

import pytest

from mpy_support import ROOT, device_tree, needs_micropython
from pips.ui import keys as K
from pips_tools import mpy, pico
from pips_tools.firmware import FirmwareError, board_paths, boards
from pips_tools.firmware_session import (
    SESSION_KEYS,
    board_env,
    session_args,
    session_argv,
    session_table,
    sessions,
)

TABLE = boards()


def test_every_board_in_the_table_has_its_profile_and_a_panel_the_screens_know():
    sizes = set()
    for name, (module, width, height, scheme, chip, frame) in TABLE.BOARDS.items():
        path = os.path.join(ROOT, "boards", module + ".py")
        assert os.path.isfile(path), name
        with open(path) as f:
            text = f.read()
        # the profile says the size the table says, and its key scheme
        assert "width = const(%d)" % width in text and "height = const(%d)" % height in text
        assert name == TABLE.DEFAULT or 'keys = "%s"' % scheme in text
        assert chip in ("rp2040", "esp32")
        # its display has a frame buffer of the whole screen as the table says
        assert ("direct=True" in text) == (not frame), name
        if chip == "rp2040":
            assert pico.board(name)["direct"] == (not frame), name
        sizes.add((width, height))
    assert sizes == {(240, 135), (320, 240), (240, 240)}


def test_firmware_and_images_are_named_for_the_board_and_esp32_boards_refused():
    assert board_paths("pico_lcd_114")[0].endswith("build/pips-pico.uf2")
    assert board_paths("pico_display_2")[0].endswith("build/pips-pico_display_2.uf2")
    with pytest.raises(FirmwareError, match="make deploy BOARD=t_display"):
        board_paths("t_display")
    with pytest.raises(FirmwareError, match="no board 'nope'"):
        board_paths("nope")


def presses(keys, script, step=33):
    """Feed raw masks (one per 33 ms frame) and collect the presses, frame by frame."""
    out = []
    now = 0
    for raw in script:
        keys.poll(raw, now)
        out.append(keys.take())
        now += step
    return out


def test_two_keys_tap_moves_on_hold_chooses_and_the_left_held_backs_out():
    got = presses(K.Keys("two"), [K.RIGHT, 0, 0])
    assert got[0] == 0 and got[1] == K.RIGHT  # a tap counts on its release
    got = presses(K.Keys("two"), [K.RIGHT] * 20 + [0, 0])
    assert [p for p in got if p] == [K.A]  # held: chooses, and its release is no tap
    got = presses(K.Keys("two"), [K.LEFT] * 20 + [0, 0])
    assert [p for p in got if p] == [K.B]
    got = presses(K.Keys("two"), [K.LEFT, 0, 0])
    assert [p for p in got if p] == [K.LEFT]
    # no repeat of a held RIGHT: holding it is choosing
    assert K.RIGHT not in presses(K.Keys("two"), [K.RIGHT] * 40)


def test_the_joystick_and_four_keys_keep_their_presses():
    keys = K.Keys("four")
    got = presses(keys, [K.RIGHT] * 20 + [0])
    assert got[0] == K.RIGHT and got.count(K.RIGHT) > 2  # at once, then repeats
    got = presses(K.Keys(), [K.A] * 20 + [0])
    assert [p for p in got if p] == [K.B]


def test_the_simulator_takes_the_boards_panel(tmp_path):
    from pips_sim import simulator

    for name, (module, width, height, scheme, chip, _frame) in TABLE.BOARDS.items():
        shot = tmp_path / (name + ".png")
        assert simulator.main(["--board", name, "--headless", "--shot", str(shot)]) == 0
        with open(shot, "rb") as f:
            head = f.read(24)
        assert int.from_bytes(head[16:20], "big") == 2 * width  # --scale 2
        assert int.from_bytes(head[20:24], "big") == 2 * height


@needs_micropython
@pytest.mark.micropython
@pytest.mark.parametrize("board", ["pico_display", "t_display", "pico_display_2", "cardputer"])
@pytest.mark.parametrize("game", sorted(sessions()))
def test_every_game_played_to_its_results_with_the_boards_keys(game, board, tmp_path):
    """main.py on unix_sim standing in for `board`: title, set-up, a whole match
    (P1 choosing its first choice with the board's keys, smart bots) and its
    results. Four keys (pico_display), two (t_display), 320x240 (pico_display_2)
    and the keyboard's board."""
    players, setting, seed = session_table(game)
    args = session_args(game, players, setting, seed=seed)
    rc, out, err = mpy.run_micropython(
        SESSION_KEYS, None, [device_tree()], 600, session_argv(args),
        board_env(str(tmp_path / "data"), board), inline=True)
    assert rc == 0, (err + out)[-3000:]
    levels = " ".join(["human"] + ["smart"] * (players - 1))
    assert "table: %s %d levels %s" % (game, players, levels) in out, out[-2000:]
    assert "over: True" in out, out[-2000:]


def test_each_screen_names_the_keys_of_its_board():
    assert K.hint("A: choose  hold A: back", None) == "A: choose  hold A: back"
    assert K.hint("A: choose  hold A: back", "four") == "A: choose  B: back"
    assert K.hint("A: choose  hold A: back", "two") == "hold >: choose  hold <: back"
    assert K.hint("A: choose  hold A: back", "keyboard") == "Enter: choose  Esc: back"
    # on the screens: the set-up's hint on the two keys' board
    from pips_sim.simulator import make_app

    app = make_app(keys="two")
    for _ in range(3):
        app.frame(0, 0)
    assert app.key_scheme == "two"
    assert K.hint(app.screen.hint, "two").startswith("hold >:")
