"""The handheld's screens on CPython: keys, surfaces, whole matches played
through the screens with scripted keys (DioSurface, as in the simulator),
golden screenshots, and the hand-over screen hiding every hand.

Regenerate the golden hashes (and their PNGs, for looking at) after a
deliberate change of the screens:  PIPS_UPDATE_GOLDEN=1 pytest tests/test_ui*.py
(that run fails on purpose, having checked nothing: run again without it).
"""

import hashlib
import json
import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(HERE, "golden")
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "sim"))

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from pips import games  # noqa: E402
from pips.ui import keys as K  # noqa: E402
from pips.ui import palette as P  # noqa: E402
from pips.ui.keys import Keys  # noqa: E402
from pips.games.block.game import Block  # noqa: E402
from pips_sim import simulator as sim  # noqa: E402


def button_labels(table):
    """The table's buttons as drawn: the choice's, while a human chooses."""
    return table.model.choice.labels() if table.model.choice is not None else ([], -1)


UPDATE = bool(os.environ.get("PIPS_UPDATE_GOLDEN"))


def keyfile(name):
    with open(os.path.join(GOLDEN, name + ".keys")) as f:
        return f.read().splitlines()


def ui_session(lines, width=240, height=135, seed=None):
    app = sim.make_app(width, height, sim.script_seed(lines) if seed is None else seed)
    driver = sim.run_script(app, lines, shots=[])
    return app, driver


def screen(app):
    return type(app.screen).__name__


def table_of(app):
    """The table of the match on screen (also behind a hand-over or results screen)."""
    s = app.screen
    return s if screen(app) == "TableScreen" else s.table


# -- keys -----------------------------------------------------------------------------------------
def test_keys_tap_between_frames_is_latched():
    keys = Keys()
    keys.poll(K.RIGHT, 10)  # pressed and released between two frames
    keys.poll(0, 40)
    assert keys.take() == K.RIGHT
    assert keys.take() == 0


def test_keys_debounce_ignores_bounces():
    keys = Keys()
    keys.poll(K.LEFT, 100)
    keys.poll(0, 105)  # contact bounce within the debounce time
    keys.poll(K.LEFT, 110)
    keys.poll(K.LEFT, 140)
    assert keys.take() == K.LEFT  # one press, not two
    keys.poll(0, 200)
    keys.poll(K.LEFT, 260)
    assert keys.take() == K.LEFT


def test_keys_short_a_is_a_long_a_is_b():
    keys = Keys()
    keys.poll(K.A, 0)
    assert keys.take() == 0  # A counts on release (it may become B)
    keys.poll(0, 150)
    assert keys.take() == K.A
    keys.poll(K.A, 1000)
    keys.poll(K.A, 1000 + K._LONG_MS)
    assert keys.take() == K.B
    keys.poll(0, 2000)
    assert keys.take() == 0  # the release after a long press is not a tap


def test_keys_arrows_repeat_when_held():
    keys = Keys()
    keys.poll(K.RIGHT, 0)
    assert keys.take() == K.RIGHT
    presses = 0
    for t in range(33, 1500, 33):
        keys.poll(K.RIGHT, t)
        presses += keys.take() == K.RIGHT
    assert 4 <= presses <= 10


# -- surfaces -------------------------------------------------------------------------------------
def test_dirty_rectangles_merge_and_flush_only_what_changed():
    from pips.ui.diosurface import DioSurface

    s = DioSurface(240, 135)
    s.flush()
    s.fill_rect(10, 10, 20, 10, P.RED)
    s.fill_rect(12, 12, 5, 5, P.BLUE)  # inside: merged
    s.fill_rect(200, 100, 10, 10, P.GREEN)  # far: its own window
    assert len(s.dirty) == 2
    assert s.flush() == 20 * 10 + 10 * 10
    assert s.flush() == 0
    for i in range(20):  # many scattered marks stay a handful of windows
        s.fill_rect(i * 11, (i * 37) % 135, 1, 1, P.TEXT)
    assert len(s.dirty) <= 6
    s.flush()
    # a whole screen goes out over two flushes, the top half first: no frame
    # waits for all of it
    s.fill(P.FELT)
    assert s.flush() == 240 * 68 and s.dirty == [[0, 68, 240, 135]]
    s.fill_rect(0, 0, 10, 10, P.RED)  # drawn meanwhile: goes with the rest
    assert s.flush() == 240 * 67 + 10 * 10
    assert s.flush() == 0


def test_with_a_clock_a_flush_sends_pieces_and_stops_late_in_the_frame():
    """On a board (the App passes its clock): a whole screen goes in pieces of
    whole rows, none begun once _SEND_BY_MS of the frame have passed; what is
    left stays dirty for the next frame, and every pixel goes out once."""
    from pips.ui import surface as S
    from pips.ui.diosurface import DioSurface

    s = DioSurface(240, 135)
    s.flush()
    sends = []
    t = [0]

    def clock():  # each piece takes 3 ms
        return t[0]

    def send(x, y, w, h):
        sends.append((x, y, w, h))
        t[0] += 3

    s._send = send
    s.fill(P.FELT)
    t[0] = 20  # the frame's drawing took 20 ms
    sent = s.flush(clock, 0)
    pieces = (S._SEND_BY_MS - 20 + 2) // 3  # begun at 20, 23, 26 ms
    rows = S._PIECE // 240
    assert sends == [(0, rows * i, 240, rows) for i in range(pieces)]
    assert sent == 240 * rows * pieces and s.dirty == [[0, rows * pieces, 240, 135]]
    t[0] = S._SEND_BY_MS  # a frame already late sends nothing
    assert s.flush(clock, 0) == 0 and len(sends) == pieces
    total = sent
    while s.dirty:
        t[0] = 0
        total += s.flush(clock, 0)
    assert total == 240 * 135  # every pixel once, in whole rows, top to bottom
    assert [y for x, y, w, h in sends] == sorted(set(y for x, y, w, h in sends))
    assert s.flush() == 0


def test_a_key_changed_while_a_frame_sends_ends_the_sending():
    """With the board's keys (peek), the flush begins no piece once they
    differ from the keys the frame read: the rest stays dirty for the next
    frame, which takes the key at once; keys held as read change nothing."""
    from pips.ui import surface as S
    from pips.ui.diosurface import DioSurface

    s = DioSurface(240, 135)
    s.flush()
    sends = []
    held = [K.A]  # the keys on the pins; the frame read A held

    def send(x, y, w, h):
        sends.append((x, y, w, h))
        if len(sends) == 2:
            held[0] = 0  # A let go while the second piece went out

    s._send = send
    s.fill(P.FELT)
    sent = s.flush(lambda: 0, 0, lambda: held[0], K.A)
    rows = S._PIECE // 240
    assert sends == [(0, 0, 240, rows), (0, rows, 240, rows)] and sent == 2 * 240 * rows
    assert s.dirty == [[0, 2 * rows, 240, 135]]
    sent = s.flush(lambda: 0, 0, lambda: held[0], 0)  # the next frame read it: on with the rest
    assert sent == S._FLUSH_MAX and sends[2] == (0, 2 * rows, 240, rows)


def test_dio_fast_fill_matches_displayio_pixels():
    """The direct writes into Blinka's packed words give the same bitmap as
    displayio's own per-pixel writes."""
    import random
    from pips.ui.diosurface import DioSurface

    fast = DioSurface(240, 135)
    slow = DioSurface(240, 135)
    slow.words = None
    r = random.Random(5)
    for _ in range(150):
        x, y = r.randrange(-10, 245), r.randrange(-10, 140)
        w, h, c = r.randrange(0, 70), r.randrange(0, 30), r.randrange(16)
        for s in (fast, slow):
            s.fill_rect(x, y, w, h, c)
            s.fill_rect(x + 1, y + 1, 1, 1, c ^ 7)
            s.text("A7+", x, y, c ^ 3)
    assert sim.indexes(fast) == bytes(slow.bitmap[x, y] for y in range(135) for x in range(240))
    assert fast.bitmap[5, 5] == fast.get_pixel(5, 5)


def test_a_layer_update_cut_short_ends_with_the_same_pixels():
    """Layer.update with `late` stops after an item it clears or draws and goes on from
    `pending`: however often it is cut, and with a new update coming before
    the old one is done, the band ends as one update in one go draws it."""
    import random
    from pips.ui.diosurface import DioSurface
    from pips.ui.layer import Layer, FILL, TEXT_AT, PIECE

    r = random.Random(7)

    def piece():
        return (r.randrange(0, 220), r.randrange(0, 60), r.randrange(8, 30),
                r.randrange(8, 30), PIECE | r.randrange(3) << 4, r.randrange(1, 16))

    def band(before=None):
        """A band of pieces overlapping now and then; after `before`: most of
        its items kept, some gone, some new ones put in among them."""
        if before is None:
            out = [piece() for _ in range(r.randrange(4, 14))]
        else:
            out = [it for it in before[1:-1] if r.random() < 0.7]
            for _ in range(r.randrange(1, 5)):
                out.insert(r.randrange(len(out) + 1), piece())
        text = (r.randrange(0, 200), r.randrange(0, 70), 30, 10, TEXT_AT | 5 << 4, "7 left")
        return [(0, 0, 240, 8, FILL, 3)] + out + [text]

    def paint_on(s):
        def paint(it, bg):
            s.fill_rect(it[0], it[1], it[2], it[3], it[5])
            s.fill_rect(it[0] + 2, it[1] + 2, it[2] - 4, 2, it[5] ^ 8)
        return paint

    for _ in range(40):
        bands = [band()]
        bands.append(band(bands[0]))
        bands.append(band(bands[1]))
        whole = DioSurface(240, 90)
        cut = DioSurface(240, 90)
        a = Layer(whole, 1, paint_on(whole))
        b = Layer(cut, 1, paint_on(cut))
        for s in (whole, cut):
            s.fill(1)
        a.update(bands[0])
        b.update(bands[0])
        a.update(bands[2])
        calls = 0
        late = lambda: r.random() < 0.5  # noqa: E731
        done = b.update(bands[1], late)  # a band cut short, then another update before it ends
        calls += 1
        done = b.update(bands[2], late)
        while not done:
            assert b.pending is bands[2]
            done = b.update(b.pending, late)
            calls += 1
            assert calls < 100
        assert b.pending is None and b.items == bands[2]
        assert sim.indexes(cut) == sim.indexes(whole)


# -- whole matches through the screens ------------------------------------------------------------
def test_block_match_through_the_screens():
    from pips.ui.table import TableScreen

    lines = sim.setup_script(0, Block, ["human", "random"], {"target": 50})
    app, d = ui_session(lines, seed=11)
    table = app.screen
    assert isinstance(table, TableScreen)
    assert table.model.match.options["target"] == 50
    assert d.until("match", 30000)
    match = table.model.match
    assert match.over and max(match.totals) >= 50
    assert match.hands_played >= 1
    ranks = app.screen.ranks
    assert sorted(ranks) in ([1, 2], [1, 1])
    # P1's tiles were laid by key presses: P1 played in the last hand
    assert table.model.game.moves > 0


def test_uno_match_through_the_screens():
    from pips.games.uno.game import Uno

    lines = sim.setup_script(1, Uno, ["human", "random", "random"], {"target": 200})
    app, d = ui_session(lines, seed=12)
    table = app.screen
    assert table.model.match.options["target"] == 200
    seen = set()
    start = d.frames
    while screen(app) != "MatchResultScreen" and d.frames - start < 40000:
        choice = table.model.choice
        if screen(app) == "TableScreen" and choice is not None:  # choosing
            for k in choice.buttons:
                if k >= 0:
                    seen.add(choice.texts[k].split(" ")[0])
        d.tap(K.A)
    assert screen(app) == "MatchResultScreen"
    assert max(table.model.match.totals) >= 200
    assert "draw" in seen  # the action buttons came up during the match


def test_bots_think_in_slices_and_their_moves_stay_on_screen():
    """A smart bot thinks over several frames (the screen keeps drawing, with
    an indicator), and its move stays shown until A skips it."""
    from pips.ui import table_model as M

    lines = sim.setup_script(0, Block, ["random", "smart"], {"target": 50})
    app, d = ui_session(lines, seed=3)
    table = app.screen
    thinking_frames = 0
    shown = False
    for _ in range(3000):
        d.step(0)
        if table.model.state == M.THINK and table.model.think_seat == 1:
            thinking_frames += 1
            assert "thinking" in table.shown["buttons"][2]
        if thinking_frames and table.model.state == M.SHOW:
            shown = True
            break
    assert thinking_frames >= 2 and shown
    waited = 0
    while table.model.state == M.SHOW and waited < 100:
        d.step(0)
        waited += 1
    assert waited * sim.FRAME_MS >= M._SHOW_MS - 2 * sim.FRAME_MS  # followable
    for _ in range(2000):  # the next bot move: A cuts its display short
        d.step(0)
        if table.model.state == M.SHOW:
            break
    assert table.model.state == M.SHOW
    d.tap(K.A)
    assert table.model.state != M.SHOW or table.model.game.moves > 0


def slow_clock(app):
    """A board clock for `app` that moves 3 ms a reading (a rollout's time
    on a Pico), from the frame's start (app.now)."""
    tick = [0, 0]  # the frame's now, ms since

    def clock():
        if tick[0] != app.now:
            tick[0] = app.now
            tick[1] = 0
        tick[1] += 3
        return tick[0] + tick[1]

    return clock


def test_with_a_clock_a_bot_thinks_by_time_and_decides_the_same(monkeypatch):
    """Given a clock (the board's ticks_ms: App.clock_ms), a bot's slice is as
    many rollouts as fit table_model._THINK_MS, a move decided late in a slice is
    played the next frame, and a long frame leaves bands to the next; the
    decisions are those of fixed slices: the same match to its end."""
    from pips import bots
    from pips.ui import table as T
    from pips.ui import table_model as M

    calls = []  # this frame's step() calls: (slice, answer)
    step = bots.SmartBot.step

    def counted(bot, n=8):
        move = step(bot, n)
        calls.append((n, move))
        return move

    monkeypatch.setattr(bots.SmartBot, "step", counted)
    lines = sim.setup_script(0, Block, ["human", "smart"], {"target": 50})
    results = []
    for clocked in (False, True):
        app, d = ui_session(lines, seed=5)
        table = app.screen
        if clocked:
            app.clock_ms = slow_clock(app)
        per_frame = []
        sizes = set()  # the slices asked of step()
        deferred = left = 0
        while screen(app) != "MatchResultScreen" and d.frames < 40000:
            del calls[:]
            thinking = table.model.state == M.THINK
            moves = table.model.game.moves
            d.step(K.A if d.frames % 3 == 0 else 0)
            sizes.update(n for n, _ in calls)
            if thinking and calls:
                per_frame.append(len(calls))
                if calls[-1][1] >= 0 and table.model.game.moves == moves:
                    deferred += 1  # decided late in the slice: played next frame
            if app.screen is table and table.shown.get(T._DRAWN, 0) is None:
                left += 1  # a long frame left bands to the next one
        if clocked:
            assert sizes == {1}  # one rollout a step, as many as fit the budget
            assert max(per_frame) == M._THINK_MS // 3  # 3 ms a rollout: 4 fit
            assert deferred > 0 and left > 0
        else:
            assert max(per_frame) == 1 and sizes == {M._SLICE}  # step(_SLICE), once a frame
            assert deferred == left == 0  # no clock: a move played and drawn in its frame
        match = table.model.match
        results.append((match.totals, match.hands_played, table.model.game.moves))
    assert results[0] == results[1]


def test_on_a_slow_clock_every_band_is_drawn_the_hand_too():
    """A frame leaves its later bands to the next once 4 ms have passed
    (table._DRAW_MS), but only after drawing one itself, and a band's update
    stops after an item once the frame is late: on a clock that moves 3 ms a
    reading (every frame late after its sixth) the player's hand is still
    drawn, within four frames (the status strip, the table, the hand, one of
    them cut once more), and shows the hand held."""
    from pips.ui import table_model as M
    from pips.ui.layer import PIECE

    lines = sim.setup_script(0, Block, ["human", "smart"], {"target": 50})
    app, d = ui_session(lines, seed=5)
    table = app.screen
    app.clock_ms = slow_clock(app)
    choosing = drawn = 0
    while table.model.game.moves < 12 and d.frames < 5000:
        moves = table.model.game.moves
        d.step(K.A if d.frames % 3 == 0 else 0)
        if table.model.state == M.CHOOSE and table.model.game.moves == moves:
            choosing += 1
            for _ in range(4):  # the bands left over (A let go plays a move: the hand held then)
                d.step(0)
                held = sorted(table.model.view_of(table.model.viewer).hand_list())
                pieces = sorted(it[5] for it in table.hand_layer.items if it[4] & 15 == PIECE)
                if pieces == held:
                    drawn += 1
                    break
    assert choosing >= 3 and drawn == choosing


def test_long_press_opens_pause_and_resign_ends_the_match():
    lines = sim.setup_script(0, Block, ["human", "random"], {"target": 50})
    app, d = ui_session(lines + ["wait 60", "hold A 25"], seed=3)
    assert screen(app) == "PauseScreen"
    sim.run_script(app, ["RIGHT", "RIGHT", "A", "RIGHT", "A"], driver=d)  # Resign, Yes
    assert d.until("match", 200)
    assert app.screen.ranks[0] == 2  # the resigned seat ranks last


def test_quit_and_resign_ask_first_and_a_match_ends_with_play_again():
    lines = sim.setup_script(0, Block, ["human", "random"], {"target": 50})
    app, d = ui_session(lines + ["wait 60", "hold A 25"], seed=3)
    table = app.screen.table
    sim.run_script(app, ["RIGHT", "RIGHT", "RIGHT", "A"], driver=d)  # Quit to menu
    assert screen(app) == "ConfirmScreen" and app.screen.title == "Quit the match?"
    sim.run_script(app, ["A"], driver=d)  # No (the cursor starts there)
    assert screen(app) == "PauseScreen"
    sim.run_script(app, ["LEFT", "A"], driver=d)  # Resign: asks too; No keeps the seat in
    assert app.screen.title == "Resign the match?"
    sim.run_script(app, ["A"], driver=d)
    assert screen(app) == "PauseScreen" and not table.model.match.resigned
    sim.run_script(app, ["A", "RIGHT", "A"], driver=d)  # Resign, Yes
    assert table.model.match.resigned == [0] or 0 in table.model.match.resigned
    assert table.model.lines[-1] == "P1 resigned"
    assert d.until("match", 200)
    sim.run_script(app, ["A", "wait 2"], driver=d)  # play again: a new match at the same table
    again = app.screen
    assert screen(app) == "TableScreen" and again is not table
    assert again.model.levels == table.model.levels
    assert again.model.match.options == table.model.match.options
    assert again.model.match.hands_played == 0 and not again.model.match.resigned


COLOURS_OF_PIECES = (P.IVORY, P.PIP, P.RED, P.YELLOW, P.GREEN, P.BLUE, P.WILD, P.WHITE)


@pytest.mark.parametrize("game_index", [0, 1])
def test_handover_screen_never_draws_a_hand(game_index, monkeypatch):
    """Pass-and-play between two humans: whenever the hand-over screen shows,
    no piece was drawn since it came up and no piece colour is on the screen."""
    from pips.ui import piece_card, piece_tile
    from pips import games

    game_class = games.get(games.names()[game_index])
    drawn = []
    for module, name in ((piece_tile, "tile"), (piece_card, "face"), (piece_card, "back")):
        real = getattr(module, name)

        def spy(*args, _real=real, _name=name, **kw):
            drawn.append(_name)
            return _real(*args, **kw)

        monkeypatch.setattr(module, name, spy)
    target = {"target": 200} if game_index else {"target": 50}
    lines = sim.setup_script(game_index, game_class, ["human", "human"], target)
    app, d = ui_session(lines, seed=21)
    handovers = 0
    for _ in range(400):
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
        if screen(app) == "MatchResultScreen":
            break
    assert handovers >= 3


def test_long_line_keeps_both_ends_in_view():
    from pips.ui.table import TableScreen
    from pips.ui import table_line

    lines = sim.setup_script(0, Block, ["random", "random", "random", "random"])
    for width, height in ((240, 135), (160, 128)):
        app, d = ui_session(lines, width, height, seed=8)
        table = app.screen
        assert isinstance(table, TableScreen)
        longest = 0
        while screen(app) == "TableScreen" and table.model.game.turn >= 0:
            d.step(K.A if d.frames % 2 else 0)
            pairs = table.model.game.view(0).line_pairs()
            if len(pairs) > longest:
                longest = len(pairs)
                table.shown.pop("table", None)
                table.draw()
                left, right = table.band.shown
                assert left >= 1
                items = table.table_layer.items
                for it in items:  # nothing cut off
                    assert 0 <= it[0] and it[0] + it[2] <= width
                tiles = [it for it in items if it[4] & 15 == table_line.TILE]
                # both ends in view: the first and the last tile of the line
                assert divmod(tiles[0][5], 8) == pairs[0]
                assert divmod(tiles[-1][5], 8) == pairs[-1]
                if right:  # too long: the middle is counted, not drawn
                    assert left + right == len(tiles) < len(pairs)
                    assert any(it[5] == "+%d" % (len(pairs) - len(tiles)) for it in items)
                # the tiles as large as the width lets the whole line be: 13-pixel
                # halves while it fits so, else the hand's 10
                lying = {it[2] for it in tiles if not it[4] >> 4 & 1}
                big = sum(15 if a == b else 29 for a, b in pairs) + len(pairs) - 1
                room = width - 2 * (app.surface.char_w + 5)
                assert lying <= ({29} if big <= room else {23}), (len(pairs), lying)
                for it in tiles:  # and within the table band
                    assert table.layout.table_y <= it[1] and it[1] + it[3] <= table.layout.msg_y
        assert longest >= 8


def test_the_pile_fills_the_middle_of_the_table():
    """UNO's top card and draw pile are as tall as the table band allows
    (taller than a card in hand), in its middle, inside the band."""
    from pips.ui import piece_card

    app, d, table, game = uno_table(["human", "random"], [], 1)
    d.wait(2)
    items = table.band.items(game.view(0))
    cards = [it for it in items if it[4] in (8, 9)]  # the top card, the draw pile
    assert len(cards) == 2
    for it in cards:
        assert it[3] > piece_card.H and it[3] >= table.layout.table_h - 8
        assert table.layout.table_y <= it[1] - 3 and it[1] + it[3] + 3 <= table.layout.msg_y
    assert cards[0][0] < app.width // 2 < cards[1][0] + cards[1][2]


@pytest.mark.parametrize("size", [(240, 135), (160, 128)])
def test_layout_fits_the_screen(size):
    from pips.games.uno.game import Uno

    w, h = size
    for game_index, game_class, seats in ((0, Block, 4), (1, Uno, 6)):
        lines = sim.setup_script(game_index, game_class, ["human"] + ["random"] * (seats - 1))
        app, d = ui_session(lines, w, h, seed=2)
        t = app.screen
        # the bands' heights: message char_h + 2, buttons char_h + 4, hand a piece
        # in hand + 6: a tile of halves of 13 where the panel has 135 rows
        ch = app.surface.char_h
        assert t.layout.table_h >= t.layout.piece.H + 6  # a card or a standing double fits
        layout = t.layout
        assert layout.msg_y + ch + 2 <= layout.button_y and layout.button_y + ch + 4 <= layout.hand_y
        big = game_class is Block and h >= 135
        assert t.layout.hand_piece == ((29, 15) if big else (t.layout.piece.W, t.layout.piece.H))
        assert t.layout.hand_y + t.layout.hand_piece[1] + 6 == h
        d.until("match", 300)  # plays on at this size without error


def test_bytes_sent_per_move_are_a_fraction_of_a_frame(capsys):
    """Redraw only what changed: a bot's move sends far less than a whole frame."""
    from pips.games.uno.game import Uno

    report = []
    for game_index, game_class in ((0, Block), (1, Uno)):
        lines = sim.setup_script(game_index, game_class, ["human", "random"])
        app, d = ui_session(lines, seed=6)
        table = app.screen
        full = app.width * app.height
        per_move = []
        for _ in range(3000):  # the moves of the match's hands until a dozen are seen
            game = table.model.game
            moves = game.moves
            d.step(0 if d.frames % 4 else K.A)
            if screen(app) == "MatchResultScreen" or len(per_move) >= 12:
                break
            if screen(app) == "TableScreen" and table.model.game is game and game.moves != moves:
                per_move.append(app.surface.last_flush)
        assert len(per_move) >= 5
        per_move.sort()
        typical = per_move[len(per_move) // 2]
        assert typical < full // 2
        report.append(
            "%s: median %d pixels = %d bytes RGB565 a move (full frame %d bytes)"
            % (game_class.title, typical, typical * 2, full * 2)
        )
    with capsys.disabled():
        print("\n" + "\n".join(report))


# -- every text's box covers its ink ---------------------------------------------------------------
# A band redraws by difference (pips.ui.layer): an item gone is cleared over its box, so
# a text drawn wider than its box leaves ink behind when it moves. Every game, a short
# match with random seats, at each panel size.
INK_MATCHES = {
    "block": (["human", "random"], {"target": 50}),
    "uno": (["human", "random", "random", "random"], {"mode": "single"}),
    "draw": (["human", "random"], {"wins": 1}),
    "matador": (["human", "random"], {"wins": 1}),
    "bergen": (["human", "random", "random", "random"], {"hands": 1}),
    "twentyone": (["human", "random", "random"], {"hands": 1}),
    "solo": (["human"], {}),
    "domino-uno": (["human", "random", "random", "random"], {}),
}


@pytest.mark.parametrize("size", [(240, 135), (320, 240), (240, 240)])
@pytest.mark.parametrize("name", sorted(INK_MATCHES))
def test_every_text_item_covers_its_ink(name, size, monkeypatch):
    from pips.ui import layer as L

    too_narrow = []
    real = L.Layer.update

    def update(self, items, *rest):
        for it in items:
            if it[4] & 15 == L.TEXT_AT and self.s.text_width(it[5]) > it[2]:
                too_narrow.append((it, self.s.text_width(it[5])))
        real(self, items, *rest)

    monkeypatch.setattr(L.Layer, "update", update)
    levels, options = INK_MATCHES[name]
    lines = sim.setup_script(games.names().index(name), games.get(name), levels, options)
    app, d = ui_session(lines, size[0], size[1], seed=5)
    assert screen(app) == "TableScreen"
    for _ in range(3000):
        if screen(app) in ("HandResultScreen", "MatchResultScreen"):
            break
        d.tap(K.A if _ % 4 else K.RIGHT)
    assert screen(app) in ("HandResultScreen", "MatchResultScreen")
    assert not too_narrow, too_narrow[:4]


# -- golden screenshots ---------------------------------------------------------------------------
GOLDEN_SCRIPTS = (
    "menu",
    "setup",
    "block_table",
    "uno_table",
    "handover",
    "pause",
    "results",
    "readme_block",
    "readme_uno",
)


def load_golden(name):
    path = os.path.join(GOLDEN, name)
    if os.path.exists(path):
        with open(path) as f:
            return json.load(f)
    return {}


def save_golden(name, data):
    with open(os.path.join(GOLDEN, name), "w") as f:
        json.dump(data, f, indent=1, sort_keys=True)
        f.write("\n")


def test_golden_screens_displayio():
    golden = load_golden("dio.json")
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
        save_golden("dio.json", got)
        # a run that rewrites the goldens checks nothing: it must never pass
        pytest.fail("golden images rewritten: tests/golden/dio.json and %d dio_*.png (%s); "
                    "look at them, then run again without PIPS_UPDATE_GOLDEN" % (len(got), GOLDEN))
    assert set(got) == set(golden), "run with PIPS_UPDATE_GOLDEN=1 after adding a screen"
    changed = [n for n in got if got[n] != golden[n]]
    assert not changed, "screens changed: %s (PIPS_UPDATE_GOLDEN=1 to accept)" % changed


# -- UNO's prompts, through the generic buttons ---------------------------------------------------
def uno_table(levels, deal_front, first, seed=1):
    """An UNO table from the set-up screen, its hand replaced by a stacked deal:
    `deal_front` (kinds) first, then the rest of the deck."""
    from pips import cards
    from pips.rng import Rng
    from pips.games.uno.game import Uno

    lines = sim.setup_script(1, Uno, levels)
    app, d = ui_session(lines, seed=seed)
    table = app.screen
    if screen(app) == "HandOverScreen":
        table = table.table
    rest = list(cards.deck())
    for k in deal_front:
        rest.remove(k)
    game = Uno(len(levels), table.model.match.options, Rng(seed), list(deal_front) + rest, first)
    table.model.match.game = game
    table.model.start_hand()
    app.go(table)
    return app, d, table, game


def press_stop(d, table, wanted):
    """Move the cursor to the stop `wanted` (a hand index or a button) and press A."""
    choice = table.model.choice
    target = choice.stops.index(wanted)
    while choice.cursor != target:
        d.tap(K.RIGHT)
    d.tap(K.A)


def press_button(d, table, text):
    """Move the cursor to the button labelled `text` and press A (the buttons
    are the last cursor stops, in the order they show)."""
    labels, _ = button_labels(table)
    choice = table.model.choice
    target = len(choice.stops) - len(labels) + labels.index(text)
    while choice.cursor != target:
        d.tap(K.RIGHT)
    d.tap(K.A)


def test_uno_toggle_calls_uno_with_the_card():
    """Going down to one card: the UNO! button is pressed before the card, as
    the rule page's table has it, and the card is played calling UNO."""
    red = list(range(1, 8))  # R1..R7 to each player, R9 turned up
    app, d, table, game = uno_table(["human", "human"], red + red + [9], first=1)
    for k in range(1, 6):  # both lay R1..R5 in turn: P1 keeps R6 R7
        game.play_text(0, "R%d" % k)
        game.play_text(1, "R%d" % k)
    table.model.start_hand()
    app.go(table)
    d.wait(2)
    if app.screen is not table:  # pass-and-play: the hand-over first
        d.tap(K.A)
    choice = table.model.choice
    assert choice is not None and choice.seat == 0 == game.turn
    assert choice.call == "uno"
    labels, _ = button_labels(table)
    assert "UNO!" in labels
    press_button(d, table, "UNO!")
    assert choice.calling
    assert "[UNO!]" in button_labels(table)[0]
    press_stop(d, table, choice.hand.index(6))  # R6
    assert game.view(0).sizes[0] == 1
    assert "UNO!" in table.model.lines[-1]  # "P1: R6 UNO!"


def test_uno_catch_prompt_and_bot_catch(monkeypatch):
    """P1 forgets UNO: P1 is offered the late call (or to let it be), then the
    bot P3 catches before P2 takes the turn, and P1 draws the penalty. (The
    bots' reaction chance is made certain here: the chance itself is
    test_bots' matter, the screens' flow this one's.)"""
    from pips.bots import uno as uno_policy

    monkeypatch.setattr(uno_policy.POLICY, "reaction", {"random": 100, "greedy": 100, "smart": 100})

    red = list(range(1, 8))
    yellow = list(range(14, 21))
    app, d, table, game = uno_table(
        ["human", "random", "random"], red + red + yellow + [9], first=2
    )
    for k in range(1, 6):  # P1 and P2 lay R1..R5, P3 draws
        game.play_text(0, "R%d" % k)
        game.play_text(1, "R%d" % k)
        game.play_text(2, "draw")
        if game.turn == 2:
            game.play_text(2, "keep")
    table.model.start_hand()
    app.go(table)
    d.wait(2)
    press_stop(d, table, table.model.choice.hand.index(6))  # R6 without UNO!
    assert game.view(0).sizes[0] == 1
    for _ in range(60):
        d.step(0)
        if table.model.choice is not None:
            break
    assert table.model.choice.seat == 0 != table.model.game.turn  # out of turn: the late call
    labels, _ = button_labels(table)
    assert labels == ["UNO!", "Go on"]
    assert table.shown["buttons"][2] == "P1: out of turn?"
    press_button(d, table, "Go on")
    for _ in range(5):
        d.step(0)
    # the catch and its penalty; the cards taken, to their holder alone
    assert table.model.lines[-2] == "P3: Catch P1, you take 4"
    lines = table.model.lines
    assert lines[-1].startswith("into your hand: ") and len(lines[-1].split()) == 7
    assert game.view(0).sizes[0] == 5


def test_out_of_turn_only_the_viewer_is_asked_and_a_bot_may_let_it_pass(monkeypatch):
    """Who acts comes from pips.match: after P1 (human) lays its second last
    card without calling UNO, P1, the human holding the device, is asked
    out of turn; P2, a human not holding it, is not (its catch passes); the
    bot P3 is offered the catch once and lets it pass; then the turn goes on
    to P2, through the hand-over screen."""
    from pips.bots import uno as uno_policy
    from pips.match import Turns

    monkeypatch.setattr(uno_policy.POLICY, "reaction", {"random": 0, "greedy": 0, "smart": 0})
    red = list(range(1, 8))
    yellow = list(range(14, 21))
    app, d, table, game = uno_table(
        ["human", "human", "random"], red + red + yellow + [9], first=2
    )
    assert isinstance(table.model.turns, Turns) and table.model.turns.game is game
    for k in range(1, 6):  # P1 and P2 lay R1..R5, P3 draws
        game.play_text(0, "R%d" % k)
        game.play_text(1, "R%d" % k)
        game.play_text(2, "draw")
        if game.turn == 2:
            game.play_text(2, "keep")
    table.model.start_hand()
    app.go(table)
    offers = []
    bot = table.model.bots[2]
    real = bot.choose

    def spy(view):
        offers.append((view.seat, view.turn))
        return real(view)

    monkeypatch.setattr(bot, "choose", spy)
    d.wait(2)
    assert screen(app) == "HandOverScreen" and app.screen.seat == 0
    d.tap(K.A)
    press_stop(d, table, table.model.choice.hand.index(6))  # R6 without UNO!
    for _ in range(30):
        d.step(0)
        if table.model.choice is not None:
            break
    assert table.model.choice.seat == 0 and game.turn == 1  # P1 asked out of turn
    assert button_labels(table)[0] == ["UNO!", "Go on"]
    press_button(d, table, "Go on")
    assert screen(app) == "HandOverScreen" and app.screen.seat == 1
    assert offers == [(2, 1)]  # the bot, once, out of turn; it let the catch pass
    assert game.view(0).sizes[0] == 1  # nobody caught P1
    d.tap(K.A)
    assert table.model.choice.seat == 1 == game.turn and "Go on" not in button_labels(table)[0]


def test_uno_plus4_challenge_reveals_the_hand_to_the_challenger():
    from pips.ui import layer as L
    from pips.ui import table_model as M

    # P2 (after the dealer P1) gets W+4 and red cards, P1 blue ones, R9 turned up
    p2 = [53, 1, 2, 3, 4, 5, 6]
    p1 = [40, 41, 42, 43, 44, 45, 46]
    app, d, table, game = uno_table(["human", "human"], p2 + p1 + [9], first=0)
    game.play_text(1, "W+4:Y")  # a bluff: P2 holds red
    table.model.start_hand()
    app.go(table)
    d.wait(2)
    if app.screen is not table:
        d.tap(K.A)
    assert table.model.choice.seat == 0
    labels, _ = button_labels(table)
    assert labels == ["Accept", "Challenge"]
    press_button(d, table, "Challenge")
    assert table.model.state == M.REVEAL
    d.step(0)
    shown = [it[5] for it in table.table_layer.items if it[4] & 15 == L.PIECE]
    assert sorted(shown) == sorted(game.view(0).reveal) == [1, 2, 3, 4, 5, 6]
    d.tap(K.A)
    assert table.model.state != M.REVEAL


# -- the simulator --------------------------------------------------------------------------------
def png_size(path):
    import struct

    with open(path, "rb") as f:
        head = f.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", head[16:24])


def test_headless_simulator_saves_the_shots_of_a_key_file(tmp_path):
    keys = os.path.join(GOLDEN, "handover.keys")
    last = str(tmp_path / "last.png")
    argv = ["--headless", "--keys", keys, "--shot-dir", str(tmp_path), "--shot", last]
    assert sim.main(argv) == 0
    assert png_size(str(tmp_path / "handover.png")) == (480, 270)  # scaled 2x
    assert png_size(last) == (480, 270)


def test_key_file_errors_name_the_line():
    app = sim.make_app()
    with pytest.raises(ValueError, match="line 2"):
        sim.run_script(app, ["A", "JUMP"])


def test_simulator_window_opens_and_closes(tmp_path):
    """The window (Blinka displayio + PyGameDisplay) under SDL's dummy driver."""
    import subprocess

    shot = str(tmp_path / "window.png")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pips_sim.simulator",
            "--frames",
            "8",
            "--seed",
            "3",
            "--window-shot",
            shot,
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert png_size(shot) == (240 * 3 + 200, 135 * 3)


def test_the_registry_names_each_games_own_title():
    """The title screen lists each game's card (its package's NAME and TITLE),
    so that no game is imported to list it; the class says the same."""
    from pips import games

    assert len(set(games.names())) == len(games.names()) > 0
    for name in games.names():
        game_class = games.get(name)
        assert (game_class.name, game_class.title) == (name, games.title(name))
    with pytest.raises(ValueError):
        games.get("chess")


def test_title_says_so_when_a_game_is_not_on_the_board(monkeypatch):
    from pips import games

    def missing(name):
        raise ImportError("no module named 'pips.%s'" % name)

    monkeypatch.setattr(games, "get", missing)
    app, d = ui_session(["RIGHT", "A", "wait 2"])
    assert screen(app) == "TitleScreen"
    footer = sim.indexes(app.surface)[-12 * 240 :]
    assert footer.count(bytes([P.WARNING])) > 20  # "not on this board"


def test_rules_page_wraps_and_pages(monkeypatch):
    from pips.ui.rules import RulesScreen, wrap

    assert wrap("one two three four", 9, len) == ["one two", "three", "four"]
    assert all(len(line) <= 5 for line in wrap("abcdefghijkl mn", 5, len))
    # right to left (visual order): the rightmost words are read first, so they lead
    assert wrap("ddd ccc bbb aaa", 7, len, True) == ["bbb aaa", "ddd ccc"]
    text = tuple("line %d of the rules, long enough to be wrapped on screen" % i for i in range(12))
    monkeypatch.setattr(Block, "rules", classmethod(lambda cls: text))
    lines = ["A"] + ["RIGHT"] * 4 + ["A"]  # Block's set-up, then the Rules row
    app, d = ui_session(lines, seed=1)
    rules = app.screen
    assert isinstance(rules, RulesScreen)
    assert rules.pages >= 2 and len(rules.lines) > len(text)  # wrapped
    d.tap(K.RIGHT)
    assert rules.page == 1
    d.tap(K.A)
    assert screen(app) == "SetupScreen"


def test_ten_seats_fit_with_paged_results():
    from pips.games.uno.game import Uno

    lines = sim.setup_script(1, Uno, ["human"] + ["random"] * 9) + ["until hand 20000"]
    app, d = ui_session(lines, 160, 128, seed=5)
    result = app.screen
    assert screen(app) == "HandResultScreen"
    # a row per seat, and one more with the pieces of each seat that holds some
    holding = sum(1 for seat in range(10) if result.table.model.game.view(seat).sizes[seat])
    assert len(result.rows) == 10 + holding and holding >= 8
    assert result.pages >= 3
    d.tap(K.RIGHT)
    assert result.page == 1
    table = result.table
    # a two-line status strip above the table
    assert table.layout.table_y == 2 * (app.surface.char_h + 2)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_keys_never_break_the_screens(seed):
    """A monkey on the keys (every key, long presses, the pause menu, resigning,
    quitting, set-ups of every size) for thousands of frames: no screen may
    raise, and the app always stays on a screen."""
    import random

    r = random.Random(seed)
    app = sim.make_app(240 if seed != 2 else 160, 135 if seed != 2 else 128, seed)
    d = sim.Driver(app)
    names = set()
    keys = [K.A] * 6 + [K.RIGHT] * 4 + [K.LEFT, K.UP, K.DOWN, K.B, K.MENU]
    while d.frames < 6000:
        if not app.running:  # Quit was picked: a fresh start, as a board would reboot
            app = sim.make_app(240, 135, seed)
            d = sim.Driver(app)
            d.frames = 6000 - 1500
        if r.random() < 0.03:
            d.tap(K.A, 25)  # a long press: B
        else:
            d.tap(r.choice(keys), 1 + r.randrange(3))
        names.add(screen(app))
    assert {"TitleScreen", "SetupScreen", "TableScreen", "PauseScreen", "RulesScreen"} <= names


def test_pause_from_the_handover_comes_back_to_it_and_resigns_its_seat():
    lines = sim.setup_script(0, Block, ["human", "human"], {"target": 50}) + ["wait 5"]
    app, d = ui_session(lines, seed=3)
    handover = app.screen
    assert screen(app) == "HandOverScreen"
    d.tap(K.MENU)
    assert screen(app) == "PauseScreen"
    d.tap(K.A)  # Resume: back to the hand-over, not to a hand
    assert app.screen is handover
    d.tap(K.MENU)
    sim.run_script(app, ["RIGHT", "RIGHT", "A", "RIGHT", "A"], driver=d)  # Resign, Yes
    assert d.until("match", 200)
    ranks = app.screen.ranks
    assert ranks[handover.seat] == 2 and ranks[1 - handover.seat] == 1


def _first_step(choice, stop):
    """Press A on cursor stop `stop` of a Choice: the move it plays at once,
    or None when a second step asks which of the piece's moves."""
    choice.cursor = stop
    move = choice.keys(K.A)
    if move >= 0:
        return move
    assert choice.alternative() is not None
    choice.back()
    return None


def test_moves_that_mirror_each_other_are_not_asked_about():
    """The opening tile plays as it is picked, and so does a tile against a
    lone double (L and R give the same line, mirrored); a tile fitting two
    different ends still asks. The game's legal moves are unchanged: both
    orientations, both ends."""
    from pips.games.domino_uno.game import DominoUno
    from pips.games.draw.game import Draw
    from pips.tiles import code
    from pips.ui.table_choose import Choice

    seat0 = [code(5, 3), code(3, 1), code(1, 0), code(6, 4), code(4, 2), code(2, 0), code(6, 3)]
    seat1 = [code(5, 5), code(6, 6), code(4, 4), code(3, 3), code(2, 2), code(1, 1), code(5, 1)]
    order = seat0 + seat1 + [t for t in range(28) if t not in seat0 + seat1]
    buf = bytearray(64)
    for cls in (Block, Draw, DominoUno):
        # the opening: every tile plays at once, though both orientations are legal
        game = cls(2, None, None, deal=order, first=0)
        assert game.legal(0, buf) == 14
        choice = Choice(game.view(0), buf)
        assert len(choice.stops) == 7
        for i in range(7):
            move = _first_step(choice, i)
            assert move is not None and game.move_piece(move) == choice.hand[i], cls.name
        # against a lone double: 5-3 plays at once, though both ends are legal
        game = cls(2, None, None, deal=order, first=1)
        n = game.legal(1, buf)
        game.play(1, [buf[i] for i in range(n) if game.move_text(buf[i]) == "5-5"][0])
        n = game.legal(0, buf)
        texts = [game.move_text(buf[i]) for i in range(n)]
        assert "5-3 L" in texts and "5-3 R" in texts, texts
        choice = Choice(game.view(0), buf)
        move = _first_step(choice, choice.stops.index(choice.hand.index(code(5, 3))))
        assert move is not None and game.move_text(move) in ("5-3 L", "5-3 R"), cls.name
        # ends 1 and 3: 3-1 fits both, two different lines: asked
        game.play(0, move)
        n = game.legal(1, buf)
        game.play(1, [buf[i] for i in range(n) if game.move_text(buf[i]).startswith("5-1")][0])
        assert (game.left, game.right) in ((1, 3), (3, 1))
        choice = Choice(game.view(0), buf)
        assert _first_step(choice, choice.stops.index(choice.hand.index(code(3, 1)))) is None


def _colours_in(s, x0, y0, w, h):
    return {s.get_pixel(x, y) for y in range(y0, y0 + h) for x in range(x0, x0 + w)}


def test_a_wild_names_its_colour_on_swatches():
    """Picking a wild offers its four colours as swatches (buttons filled in
    the colour, its letter on it); the colour picked is named."""
    from pips.ui import piece_card

    reds = list(range(1, 7))  # R1..R6, a W for P1; Y1..Y7 for P2; R9 turned up
    app, d, table, game = uno_table(["human", "random"], [52] + reds + list(range(14, 21)) + [9], 1)
    d.wait(2)
    choice = table.model.choice
    assert choice is not None and game.turn == 0
    press_stop(d, table, choice.hand.index(52))
    labels, at = button_labels(table)
    assert labels == ["W:R", "W:Y", "W:G", "W:B"] and at == 0
    assert [piece_card.swatch(t) for t in labels] == [P.RED, P.YELLOW, P.GREEN, P.BLUE]
    assert [piece_card.swatch(t) for t in ("Draw", "Catch P2", "R7 UNO!", "Accept")] == [-1] * 4
    d.wait(1)
    s = app.surface
    band = _colours_in(s, 0, table.layout.button_y, 240, s.char_h + 4)
    assert {P.RED, P.YELLOW, P.GREEN, P.BLUE, P.HIGHLIGHT} <= band
    d.tap(K.RIGHT)
    d.tap(K.RIGHT)
    d.tap(K.A)  # W:G
    assert game.color == 2 and "W:G" in table.model.lines[-1]


def test_a_coloured_card_carries_its_letter():
    """Each colour's card draws its letter in the corner: the corner cell of
    a red card holds red and white pixels, a yellow card's yellow and black;
    a wild has no letter there."""
    from pips.ui import piece_card
    from pips.ui.diosurface import DioSurface

    s = DioSurface(60, 40)
    for color, ink in ((0, P.WHITE), (1, P.BLACK), (2, P.WHITE), (3, P.WHITE)):
        s.fill_rect(0, 0, 60, 40, P.FELT)
        piece_card.face(s, 2, 2, color, "7", P.FELT)
        corner = _colours_in(s, 4, 4, s.char_w, s.char_h)
        assert corner == {piece_card.COLORS[color], ink}, color


@pytest.mark.parametrize("players", [6, 7, 10])
def test_the_status_band_names_every_seat_within_its_cell(players):
    """Ten seats at 240 pixels: two rows of cells, each naming its seat and
    its cards ("P10 7"), none running into the next."""
    from pips.games.uno.game import Uno

    app, d = ui_session(sim.setup_script(1, Uno, ["human"] + ["random"] * (players - 1)), seed=2)
    table = app.screen
    written = []
    real_text = table.s.text

    def spy(text, x, y, *rest):
        written.append((text, x, y))
        return real_text(text, x, y, *rest)

    table.s.text = spy
    table.shown = {}
    table.draw_status(table.model.view_of(0))
    table.s.text = real_text
    layout = table.layout
    sizes = table.model.view_of(0).sizes
    assert layout.table_y >= layout.cell_h * ((players + layout.per_row - 1) // layout.per_row)
    for seat in range(players):
        x0 = seat % layout.per_row * layout.cell_w
        y0 = seat // layout.per_row * layout.cell_h
        mine = [w for w in written if x0 <= w[1] < x0 + layout.cell_w and y0 <= w[2] < y0 + layout.cell_h]
        first = mine[0][0]
        name = "P%d" % (seat + 1)
        assert first.split()[0].rstrip("*") in (name, name[1:]), (seat, mine)
        assert str(sizes[seat]) in first.split()[1:2] or players <= 6, (seat, mine)
        for text, x, y in mine:
            assert x + len(text) * table.s.char_w <= x0 + layout.cell_w, (seat, text)


def _luminance(rgb):
    def channel(v):
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    return (0.2126 * channel(rgb >> 16 & 255) + 0.7152 * channel(rgb >> 8 & 255)
            + 0.0722 * channel(rgb & 255))


def contrast(a, b):
    """WCAG's contrast ratio of two palette colours."""
    la, lb = sorted((_luminance(P.RGB888[a]), _luminance(P.RGB888[b])), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_hint_text_reads_at_4_5_to_1_wherever_it_is_drawn():
    """Every text the screens draw in the hint colour, over the title, the
    set-up, every game's table, the pause menu, the results and the
    hand-over: the colours under its glyphs are each at 4.5:1 or more from
    it; and no text is drawn in DIM (greyed pieces' colour)."""
    from pips.ui.surface import Surface
    from pips_tools import images

    seen = {}  # background colour -> a text drawn over it in HINT
    dim_texts = []
    real_text = Surface.text

    def spy(surface, text, x, y, c, bg=-1):
        real_text(surface, text, x, y, c, bg)
        if c == P.DIM and text.strip():
            dim_texts.append(text)
        if c != P.HINT or not hasattr(surface, "get_pixel"):
            return
        for yy in range(max(y, 0), min(y + surface.char_h, surface.height)):
            for xx in range(max(x, 0), min(x + surface.text_width(text), surface.width)):
                colour = surface.get_pixel(xx, yy)
                if colour != c:
                    seen.setdefault(colour, text)

    Surface.text = spy
    try:
        scripts = [lines for lines, _ in images.scripts()]
        for name in GOLDEN_SCRIPTS:
            scripts.append(keyfile(name))
        for lines in scripts:
            app = sim.make_app(seed=sim.script_seed(lines))
            sim.run_script(app, lines + ["wait 30", "A", "wait 60"], shots=[])
    finally:
        Surface.text = real_text
    assert seen and not dim_texts, dim_texts
    for colour, text in seen.items():
        assert contrast(P.HINT, colour) >= 4.5, (colour, text)
    assert P.FELT in seen and P.FELT_DARK in seen
