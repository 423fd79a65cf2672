"""Pips on the device: the board's display and keys driving the screens.

MicroPython runs this file at boot. It imports the board file that the board
table (boards/board_table.py) names for BOARD (boards/pico_lcd_114.py on the
reference board), puts a 4-bit frame-buffer
surface on its display, and runs the screens' App at about 30 frames a second:
read the keys, let the App update and draw (its frame() ends by sending the
dirty areas to the panel), then spend what is left of the frame collecting
garbage (when the heap runs low) and sleeping.

Tests import this module on the unix port and call `run(board)` with the
unix_sim board (and a frame limit); `__name__` is "__main__" only at boot.
"""

import gc

from micropython import const

from board_table import board_name, entry

BOARD = board_name()  # the build writes pips_board.NAME; without it, the reference board
_FRAME_MS = const(33)  # ~30 fps
# ask how much heap is free only when at least this much of the frame is left,
# and at most once in _TIDY_FRAMES frames: gc.mem_free() walks the heap's whole
# allocation table, about 10 ms of a Pico's time with a 230 KB heap (a
# collection takes 4): asked after every frame with room for it, it took 17% of
# the core's work in Matador's session on the emulated Pico (pips_tools.pico's
# samplePc)
_FREE_MS = const(14)
# a light frame collects the garbage when one since the last collection was
# heavy (it made garbage), else once in this many frames: collecting after
# every light frame kept an emulated Pico waiting for a human busy 28% of the
# time (pips_tools.pico, docs/figures.md), the collection itself the most of it
_TIDY_FRAMES = const(30)
_HEAVY_MS = const(9)  # a frame that worked this long made garbage
# while sleeping out a frame, the keys are looked at this often (a board with
# peek_keys): a change begins the next frame at once
_PEEK_MS = const(8)

gc.collect()
print("pips: %d bytes free before the board and the screens" % gc.mem_free())


def make_app(board, seed=-1, language=None):
    """The surface on the board's display and the App on it (seed -1: the App
    seeds its shuffles from the clock; tests pass one to replay a session).
    The match, the settings and the statistics are kept in the board's
    folder `data` (pips.save), when it names one; the language is the
    settings' (`language`: another to start in, for measurements). Link play
    goes over the board's wire (`link`: UART0 on the RP2040 boards, ESP-NOW on
    the ESP32 ones; pips.ui.link)."""
    from pips.ui.app import App

    if hasattr(board.display, "fill_window"):
        # a panel without a frame buffer of the whole screen (st7789_direct)
        from pips.ui.directsurface import DirectSurface as surface
    else:
        from pips.ui.fbsurface import FbSurface as surface
    app = App(
        surface(board.display), board.width, board.height, board.ticks_ms, seed,
        getattr(board, "data", None), board.backlight, getattr(board, "keys", None),
        getattr(board, "tone", None), language, getattr(board, "link", None),
        getattr(board, "peek_keys", None),
    )
    # the panel's set-up after its reset (boards/st7789.py), whose wait went by
    # while the screens were imported: now, not in the first frame
    ready = getattr(board.display, "ready", None)
    if ready is not None:
        ready()
    return app


def run(board, frames=-1, app=None, on_frame=None):
    """The frame loop, until the App stops or `frames` frames have run (-1: no
    limit). on_frame(app, frame_number), if given, runs after each frame (tests
    and measurements) and stops the loop by returning True. Returns the App."""
    if app is None:
        app = make_app(board)
    gc.collect()
    print("pips: %d bytes free with the screens up" % gc.mem_free())
    # Collect in a frame's spare time after a light frame (a menu, a human
    # choosing: little garbage, and the heap stays tidy for the next drawing),
    # or once less than a quarter of the heap is free. Not after a bot's
    # thinking slice: collecting after every one makes its next rollouts
    # slower (the allocator searches the holes), and its slices are timed
    # anyway, a collection included.
    threshold = (gc.mem_free() + gc.mem_alloc()) // 4
    ticks_ms = board.ticks_ms
    ticks_diff = board.ticks_diff
    read_keys = board.read_keys
    # the keys as they are, without taking them (a board's pins; a scripted
    # board has none: its reads are its script)
    peek = getattr(board, "peek_keys", None)
    sleep_ms = board.sleep_ms
    count = 0
    untidy = 0  # frames since the last collection; _TIDY_FRAMES once a heavy one came
    unlooked = 0  # frames since gc.mem_free() was last asked
    while app.running and count != frames:
        start = ticks_ms()
        keys = read_keys()
        app.frame(keys, start)  # draws, then flushes the dirty areas to the panel
        count += 1
        if on_frame is not None and on_frame(app, count):
            break
        spare = _FRAME_MS - ticks_diff(ticks_ms(), start)
        untidy += 1
        unlooked += 1
        if peek is not None and peek() != keys:
            # a key pressed or let go during the frame (its sending stopped
            # for it): the next frame takes it now, the tidying waits (a
            # gc.mem_free() here delayed such a key by 17 ms, pips_tools.pico)
            if spare <= _FRAME_MS - _HEAVY_MS:
                untidy = _TIDY_FRAMES
            continue
        if spare > _FRAME_MS - _HEAVY_MS:
            if untidy >= _TIDY_FRAMES:
                # a light frame after garbage was made: the collector's pause
                # falls in time the frame has to wait anyway
                gc.collect()
                untidy = 0
        elif spare >= _FREE_MS:
            if unlooked >= _TIDY_FRAMES:
                unlooked = 0
                if gc.mem_free() < threshold:
                    gc.collect()
                    untidy = 0
        else:
            untidy = _TIDY_FRAMES  # the next light frame collects
        if app.entered is not app.screen:
            continue  # a screen to enter: at once, so that the key that opened it shows soon
        # gc.mem_free() walks the whole heap's table (about 9 ms on a Pico): the
        # time left is read again after it, collection or not
        spare = _FRAME_MS - ticks_diff(ticks_ms(), start)
        if peek is None:
            if spare > 0:
                sleep_ms(spare)
            continue
        while spare > 0:
            sleep_ms(spare if spare < _PEEK_MS else _PEEK_MS)
            if peek() != keys:
                break  # a key pressed or let go: the next frame takes it now
            spare = _FRAME_MS - ticks_diff(ticks_ms(), start)
    return app


def boot():
    board = __import__(entry(BOARD)[0])
    try:
        run(board)
    except Exception as error:  # KeyboardInterrupt (Ctrl-C from mpremote) passes through
        # Show it on the panel: a handheld may have no console attached.
        gc.collect()
        from pips.ui.crash import show

        show(board, error)
        raise


if __name__ == "__main__":
    boot()
