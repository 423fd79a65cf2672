"""The screens of the booklet's games (Draw, Matador, Bergen, Twenty-one,
Solitaire): whole matches from the title menu to the results screen, on the
displayio surface (CPython, as in the simulator) and on the framebuf surface
(the real MicroPython unix port), pass-and-play, what each table band shows,
and golden screenshots of each new table.

The drivers and the golden helpers are test_ui's and test_ui_micropython's.
Regenerate the goldens (tests/golden/dio_games.json, fb_games.json and their
PNGs) after a deliberate change of these screens:
    PIPS_UPDATE_GOLDEN=1 pytest tests/test_ui_games.py
(that run fails on purpose, having checked nothing: run again without it).
"""

import hashlib
import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from test_ui import (  # noqa: E402
    COLOURS_OF_PIECES,
    GOLDEN,
    UPDATE,
    button_labels,
    keyfile,
    load_golden,
    save_golden,
    screen,
    table_of,
    ui_session,
)
from mpy_support import needs_micropython  # noqa: E402
from pips_sim import simulator as sim  # noqa: E402
from pips import games  # noqa: E402
from pips.ui import keys as K  # noqa: E402
from pips.ui import layer as L  # noqa: E402
from pips.ui import palette as P  # noqa: E402

# game: seats, options, seed, the table module, the hands the match plays at least
MATCHES = {
    "draw": (["human", "random"], {"wins": 3}, 11, "line", 3),
    "matador": (["human", "greedy"], {"wins": 3}, 12, "matador", 3),
    "bergen": (["human", "random", "greedy", "random"], {"hands": 5}, 13, "cross", 2),
    "twentyone": (["human", "random", "smart"], {"hands": 3}, 14, "twentyone", 3),
    "solo": (["human"], {}, 15, "solo", 1),
}

GOLDEN_SCRIPTS = (
    "bergen_table",
    "bergen_arms",
    "twentyone_table",
    "twentyone_end",
    "solo_table",
    "matador_table",
)


def setup_lines(name, levels, options=None):
    """Key lines that pick game `name` on the title screen and start its table."""
    return sim.setup_script(games.names().index(name), games.get(name), levels, options)


def check_band(table, width, height, apart=False):
    """Every item of the table band lies inside the band and the screen; with
    `apart`, no two items overlap."""
    bottom = table.layout.msg_y
    items = table.table_layer.items
    for it in items:
        assert 0 <= it[0] and it[0] + it[2] <= width, it
        assert table.layout.table_y <= it[1] and it[1] + it[3] <= bottom, it
    if apart:
        for i in range(len(items)):
            a = items[i]
            for b in items[i + 1 :]:
                assert (
                    a[0] + a[2] <= b[0] or b[0] + b[2] <= a[0]
                    or a[1] + a[3] <= b[1] or b[1] + b[3] <= a[1]
                ), "overlap: %r %r" % (a, b)


def tap_to_result(app, d, limit, each=None):
    """Tap A until the match result shows; `each(table)` after every tap
    while the table is on screen. The seats that moved, in order."""
    table = table_of(app)
    played = []
    real = table.model.play

    def spy(seat, move, now):
        played.append(seat)
        real(seat, move, now)

    table.model.play = spy
    start = d.frames
    while screen(app) != "MatchResultScreen" and d.frames - start < limit:
        d.tap(K.A)
        if each is not None and app.screen is table:
            each(table)
    assert screen(app) == "MatchResultScreen", "no match result after %d frames" % limit
    return played


# -- whole matches, displayio ----------------------------------------------------------------------
@pytest.mark.parametrize("size", [(240, 135), (160, 128)])
@pytest.mark.parametrize("name", sorted(MATCHES))
def test_whole_match_from_the_menu_displayio(name, size):
    levels, options, seed, kind, hands = MATCHES[name]
    w, h = size
    app, d = ui_session(setup_lines(name, levels, options), w, h, seed=seed)
    table = table_of(app)
    assert screen(app) == "TableScreen"
    assert table.band.__module__ == "pips.ui.table_" + kind
    assert table.layout.piece.__name__ == "pips.ui.piece_tile"

    def each(table):
        check_band(table, w, h, apart=name in ("bergen", "twentyone"))
        if name == "twentyone" and table.model.choice is not None:  # hit and stand: the buttons
            assert button_labels(table)[0] == ["Hit", "Stand"]

    played = tap_to_result(app, d, 60000, each)
    match = table.model.match
    assert match.over and match.hands_played >= hands
    assert 0 in played  # P1's moves were made by key presses
    ranks = app.screen.ranks
    assert min(ranks) == 1 and len(ranks) == len(levels)


# -- whole matches, framebuf on MicroPython --------------------------------------------------------
PASS_AND_PLAY = ("twentyone", ["human", "human"], {"hands": 3}, 16)


@needs_micropython
@pytest.mark.micropython
def test_whole_matches_from_the_menu_framebuf():
    """Each game's match (and a pass-and-play one) in the MicroPython unix port
    on FbSurface, in a fixed heap: the results screen."""
    from test_ui_micropython import run_scripts

    scripts = []
    for name in sorted(MATCHES):
        levels, options, seed, kind, hands = MATCHES[name]
        scripts.append((setup_lines(name, levels, options) + ["until match 60000"], seed))
    name, levels, options, seed = PASS_AND_PLAY
    scripts.append((setup_lines(name, levels, options) + ["until match 60000"], seed))
    # every game's modules in one heap: 8 KiB over test_ui_micropython's since
    # the title has the settings, the table keeps its match (192 KiB fails)
    # and the card drawing loads with UNO's table, amid the other games'
    # modules, not with the title (196 KiB fails); with the larger pieces and
    # the table's events merged, 200 KiB fails and 208 passes: 216 leaves the
    # host clock's KiB of play; the fonts' tables and the screens' catalogue
    # (in flash on a board, in RAM in this tests tree) and the sound cues take
    # it to test_ui_micropython's HEAP plus 8 KiB (a room for this port, not the
    # device's budget: that is the emulated Pico's, tests/test_pico.py)
    shots, ends = run_scripts(scripts, heap="248K")
    assert [end[1] for end in ends] == ["MatchResultScreen"] * len(scripts)
    for end in ends:
        assert int(end[2]) > 100  # frames: a match was played


# -- pass-and-play ---------------------------------------------------------------------------------
@pytest.mark.parametrize("name, levels, options", [
    ("twentyone", ["human", "human", "random"], {"hands": 3}),
    ("matador", ["human", "human"], {"wins": 1}),
])
def test_pass_and_play_hides_the_hands(name, levels, options, monkeypatch):
    """Two humans at one device: the hand-over screen draws no piece and no
    piece colour; Twenty-one's total (private) shows only while a player
    holds the device, and always that player's own."""
    from pips.ui import piece_tile, table_twentyone

    drawn = []
    real = piece_tile.tile

    def spy(*args, **kw):
        drawn.append(1)
        return real(*args, **kw)

    monkeypatch.setattr(piece_tile, "tile", spy)
    app, d = ui_session(setup_lines(name, levels, options), seed=21)
    table = table_of(app)
    handovers = 0
    for _ in range(3000):
        if screen(app) == "HandOverScreen":
            if not handovers or drawn:
                handovers += 1
            drawn.clear()
            d.wait(3)  # it stays, drawing nothing, until A
            assert drawn == []
            pixels = sim.indexes(app.surface)
            for c in COLOURS_OF_PIECES:
                assert pixels.count(bytes([c])) == 0, "colour %d on the hand-over screen" % c
        d.tap(K.A)
        if app.screen is table and name == "twentyone":
            bigs = [it for it in table.table_layer.items if it[4] & 15 == table_twentyone.BIG]
            if table.model.viewer < 0:
                assert bigs == []  # nobody holds the device: no total shows
            else:
                total = table.model.game.totals[table.model.viewer]
                assert [it[5] for it in bigs] == ["%d" % total]
        if screen(app) == "MatchResultScreen":
            break
    assert screen(app) == "MatchResultScreen"
    assert handovers >= 3


# -- what each table shows -------------------------------------------------------------------------
def arm_items(table, view):
    """Bergen's band items by arm (N E S W): the tiles, and the hidden count's text."""
    from pips.ui import table_cross as C

    items = table.table_layer.items
    tiles = [it for it in items if it[4] & 15 == C.TILE]
    centre = [it for it in tiles if it[5] == 6 * 8 + 6][0]
    cx0, cy0 = centre[0], centre[1]
    cx1, cy1 = cx0 + centre[2], cy0 + centre[3]
    arms = ([], [], [], [])
    for it in tiles:
        if it is centre:
            continue
        if it[1] + it[3] <= cy0:
            arms[0].append(it)
        elif it[0] >= cx1:
            arms[1].append(it)
        elif it[1] >= cy1:
            arms[2].append(it)
        else:
            assert it[0] + it[2] <= cx0
            arms[3].append(it)
    texts = [it[5] for it in items if it[4] & 15 in (L.TEXT_AT, L.CENTER)]
    return arms, texts


@pytest.mark.parametrize("size", [(240, 135), (160, 128)])
def test_bergen_cross_shows_every_arm_by_its_open_end(size):
    """Each arm's outermost tile shows the arm's open end farthest from the
    centre; an arm too long for its room shows its end tiles and the count
    of the hidden ones; the letters N E S W stand by the arms."""
    w, h = size
    lines = setup_lines("bergen", ["random", "random", "random", "random"], {"hands": 5})
    app, d = ui_session(lines, w, h, seed=8)
    table = table_of(app)
    seen_hidden = set()
    checked = 0
    while screen(app) != "MatchResultScreen" and d.frames < 30000:
        d.step(K.A if d.frames % 2 else 0)
        if app.screen is not table or table.model.game.phase == 0:
            continue
        view = table.model.game.view(0)
        table.shown.pop("table", None)
        table.draw()
        check_band(table, w, h, apart=True)
        arms, texts = arm_items(table, view)
        for arm in range(4):
            pairs = view.arm_pairs(arm)
            drawn = arms[arm]
            assert "NESW"[arm] in texts
            assert (len(drawn) >= 1) == (len(pairs) >= 1)  # an arm with tiles shows one
            if not pairs:
                continue
            if arm == 0:  # the outermost: the top one of N, the right one of E...
                outer = min(drawn, key=lambda it: it[1])
                end = outer[5] >> 3  # the outer half on top
            elif arm == 1:
                outer = max(drawn, key=lambda it: it[0])
                end = outer[5] & 7
            elif arm == 2:
                outer = max(drawn, key=lambda it: it[1])
                end = outer[5] & 7
            else:
                outer = min(drawn, key=lambda it: it[0])
                end = outer[5] >> 3
            assert end == view.ends[arm] == pairs[-1][1]
            assert table.band.shown[arm] == len(drawn)
            hidden = len(pairs) - len(drawn)
            if hidden:
                seen_hidden.add("NESW"[arm])
                assert "+%d" % hidden in texts
        checked += 1
    assert checked > 20
    assert {"N", "S"} <= seen_hidden  # the short arms were counted


def test_bergen_marks_the_arm_being_picked():
    app, d = ui_session(keyfile("bergen_arms"), seed=2)
    table = table_of(app)
    from pips.ui import table_cross as C

    assert button_labels(table) == (["6-4 N", "6-4 E", "6-4 S", "6-4 W"], 1)
    slots = [it for it in table.table_layer.items if it[4] & 15 == C.SLOT]
    lit = [it for it in slots if it[5] == P.HIGHLIGHT]
    assert len(slots) == 4 and len(lit) == 1
    centre = [it for it in table.table_layer.items if it[4] & 15 == C.TILE][0]
    assert lit[0][0] > centre[0] + centre[2]  # the E side's outline


def test_solitaire_face_up_tiles_are_the_hand_and_the_legal_ones_raised():
    from pips import tiles
    from pips.ui import table_solo

    app, d = ui_session(setup_lines("solo", ["human"]), seed=3)
    table = table_of(app)
    buf = bytearray(64)
    steps = 0
    while screen(app) == "TableScreen" and steps < 400:
        d.wait(1)
        choice = table.model.choice
        if choice is not None and choice.alts is None:
            view = table.model.game.view(0)
            assert sorted(view.hand_list()) == tiles.codes(table.model.game.faceup)
            assert choice.hand == view.hand_list()
            n = view.legal(buf)
            fits = {view.move_piece(buf[i]) for i in range(n)}
            hand = [it for it in table.hand_layer.items if it[4] & 15 == L.PIECE]
            assert [it[5] for it in hand] == choice.hand
            for it in hand:
                raised = it[1] == table.layout.hand_y + 1
                assert raised == (it[5] in fits)
            # the stock's count, top left of the band
            texts = [it[5] for it in table.table_layer.items if it[4] & 15 == L.TEXT_AT]
            assert "%d" % view.stock in texts
            assert any(it[4] & 15 == table_solo.BACK for it in table.table_layer.items)
        d.tap(K.A)
        steps += 1
    assert screen(app) == "HandResultScreen"
    assert steps > 3


def test_matador_marks_matadors_and_the_blank_end():
    from pips.ui import table_line, table_matador as M
    from pips.tiles import HI, LO

    app, d = ui_session(setup_lines("matador", ["human", "random"], {"wins": 3}), seed=9)
    table = table_of(app)
    in_line = blank = in_hand = 0
    while screen(app) != "MatchResultScreen" and d.frames < 30000:
        d.tap(K.A)
        if app.screen is not table:
            continue
        view = table.model.game.view(0)
        items = table.table_layer.items
        tiles = [it for it in items if it[4] & 15 in (table_line.TILE, M.MTILE)]
        line = [it for it in tiles if it[1] > table.layout.table_y + 16]  # not the tiles set aside
        for it in line:
            a, b = it[5] >> 3, it[5] & 7
            mat = a + b == 7 or a == b == 0
            assert (it[4] & 15 == M.MTILE and it[4] >> 4 & 4 != 0) == mat
            in_line += mat
        ends = view.ends
        texts = [it[5] for it in items if it[4] & 15 == L.CENTER]
        if ends and 0 in ends:
            blank += 1
            assert any("matador only" in t for t in texts)
            if ends[0] == 0:
                assert line[0][4] >> 4 & 8
            if ends[1] == 0:
                assert line[-1][4] >> 4 & 16
        else:
            assert not any("matador only" in t for t in texts)
        for it in table.hand_layer.items:  # a matador in hand: framed red
            if it[4] & 15 == L.PIECE:
                t = it[5]
                mat = HI[t] + LO[t] == 7 or t == 0
                assert (app.surface.get_pixel(it[0] + 1, it[1] + 1) == P.RED) == mat
                in_hand += mat
    assert in_line and blank and in_hand


@pytest.mark.parametrize("name", sorted(MATCHES))
def test_picture_tiles_draw_every_tile_of_the_table(name, monkeypatch):
    """With the display setting on, a whole match draws every tile with
    pictures and none with pips: the line, Bergen's cross, Matador's line and
    hand (its matadors framed as with pips), the hand of every game."""
    from pips.ui import piece_picture, piece_tile
    from pips.tiles import HI, LO

    drawn = {"tile": 0, "picture": 0}
    for module, key in ((piece_tile, "tile"), (piece_picture, "picture")):
        def spy(*args, _real=module.tile, _key=key, **kw):
            drawn[_key] += 1
            return _real(*args, **kw)

        monkeypatch.setattr(module, "tile", spy)
    levels, options, seed, kind, hands = MATCHES[name]
    lines = setup_lines(name, levels, options)
    app = sim.make_app(240, 135, seed)
    app.picture_tiles = True
    d = sim.run_script(app, lines, shots=[])
    table = table_of(app)
    assert table.layout.piece is piece_picture
    framed = []

    def each(table):
        for it in table.hand_layer.items:
            if it[4] & 15 == L.PIECE and HI[it[5]] + LO[it[5]] == 7:
                framed.append(app.surface.get_pixel(it[0] + 1, it[1] + 1) == P.RED)

    drawn.update(tile=0, picture=0)  # the title's decoration is not a table's
    tap_to_result(app, d, 60000, each)
    assert drawn["picture"] > 10 and drawn["tile"] == 0
    if name == "matador":
        assert framed and all(framed)


# -- golden screenshots ----------------------------------------------------------------------------
def test_golden_game_tables_displayio():
    golden = load_golden("dio_games.json")
    got = {}
    for script in GOLDEN_SCRIPTS:
        lines = keyfile(script)
        app = sim.make_app(240, 135, sim.script_seed(lines))
        shots = []
        sim.run_script(app, lines, shots=shots)
        for name, pixels in shots:
            got[name] = hashlib.sha1(pixels).hexdigest()
            if UPDATE:
                sim.write_png(os.path.join(GOLDEN, "dio_%s.png" % name), 240, 135, pixels, 1)
    if UPDATE:
        save_golden("dio_games.json", got)
        pytest.fail("golden images rewritten: tests/golden/dio_games.json and %d dio_*.png; "
                    "look at them, then run again without PIPS_UPDATE_GOLDEN" % len(got))
    assert set(got) == set(golden), "run with PIPS_UPDATE_GOLDEN=1 after adding a screen"
    changed = [n for n in got if got[n] != golden[n]]
    assert not changed, "screens changed: %s (PIPS_UPDATE_GOLDEN=1 to accept)" % changed


@needs_micropython
@pytest.mark.micropython
def test_golden_game_tables_framebuf():
    from test_ui_micropython import MONKEY_HEAP, fb_indexes, run_scripts

    scripts = []
    for name in GOLDEN_SCRIPTS:
        lines = keyfile(name)
        scripts.append((lines, sim.script_seed(lines)))
    # Every game's table in one process, the tests tree's bytecode in RAM on
    # the 64-bit port: room enough to run, not a budget (the budget is the
    # emulated Pico's, tests/test_pico.py)
    shots, ends = run_scripts(scripts, heap=MONKEY_HEAP)
    got = {name: hashlib.sha1(data).hexdigest() for name, data in shots.items()}
    if UPDATE:
        for name, data in shots.items():
            path = os.path.join(GOLDEN, "fb_%s.png" % name)
            sim.write_png(path, 240, 135, fb_indexes(data, 240, 135), 1)
        save_golden("fb_games.json", got)
        pytest.fail("golden images rewritten: tests/golden/fb_games.json and %d fb_*.png; "
                    "look at them, then run again without PIPS_UPDATE_GOLDEN" % len(got))
    golden = load_golden("fb_games.json")
    assert set(got) == set(golden), "run with PIPS_UPDATE_GOLDEN=1 after adding a screen"
    changed = [n for n in got if got[n] != golden[n]]
    assert not changed, "screens changed: %s (PIPS_UPDATE_GOLDEN=1 to accept)" % changed


def _hand_result(name, levels, options, seed):
    """Play a session to its first results screen (P1 presses A); return the
    screen's (heads, rows) texts and the hand."""
    app, d = ui_session(setup_lines(name, levels, options), seed=seed)
    while screen(app) != "HandResultScreen" and d.frames < 30000:
        d.tap(K.A)
    assert screen(app) == "HandResultScreen"
    heads, rows = app.screen.content()
    return [_row_text(r) for r in heads], [_row_text(r) for r in rows], app.screen.table.model.game


def _row_text(row):
    """A results row's text: a line, or its cells in columns, space-separated."""
    return row[0] if isinstance(row[0], str) else " ".join(row[0])


def test_results_say_what_each_game_adds_once_the_hand_is_over():
    from pips import tiles

    heads, rows, g = _hand_result("solo", ["human"], None, 3)
    laid = tiles.count(g.laid)
    assert g.winner == -1 and laid < 28
    assert heads[0] == "lost: %d of 28 tiles in the line" % laid  # not "tied"
    assert not any("tied" in h or "wins" in h for h in heads)

    heads, rows, g = _hand_result("matador", ["human", "random"], {"wins": 1}, 9)
    out = "out of play: " + " ".join(tiles.mask_text(g.out))
    assert len(tiles.codes(g.out)) == 3 and out in heads

    heads, rows, g = _hand_result("twentyone", ["human", "random", "random"], {"hands": 1}, 4)
    for seat in range(3):  # a seat's line, then its tiles and total
        total = g.totals[seat]
        word = "= %d over" % total if total > 21 else "= %d" % total
        assert rows[2 * seat].startswith("P%d" % (seat + 1))
        assert rows[2 * seat + 1].endswith(" " + word), (seat, rows)
        assert rows[2 * seat + 1].split()[:-2 - (total > 21)] == tiles.mask_text(g.hands[seat])
