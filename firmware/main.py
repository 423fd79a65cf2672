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
# ask how much heap is free only when at least this much of the frame is left:
# gc.mem_free() itself takes about 9 ms of a Pico's time with a 200 KB heap
_FREE_MS = const(14)

gc.collect()
print("pips: %d bytes free before the board and the screens" % gc.mem_free())


def make_app(board, seed=-1, language=None):
    """The surface on the board's display and the App on it (seed -1: the App
    seeds its shuffles from the clock; tests pass one to replay a session).
    The match, the settings and the statistics are kept in the board's
    folder `data` (pips.save), when it names one; the language is the
    settings' (`language`: another to start in, for measurements)."""
    from pips.ui.app import App
    from pips.ui.fbsurface import FbSurface

    return App(
        FbSurface(board.display), board.width, board.height, board.ticks_ms, seed,
        getattr(board, "data", None), board.backlight, getattr(board, "keys", None), language,
    )


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
    count = 0
    while app.running and count != frames:
        start = ticks_ms()
        app.frame(read_keys(), start)  # draws, then flushes the dirty areas to the panel
        count += 1
        if on_frame is not None and on_frame(app, count):
            break
        spare = _FRAME_MS - ticks_diff(ticks_ms(), start)
        if spare > _FRAME_MS - 9 or (spare >= _FREE_MS and gc.mem_free() < threshold):
            # the collector's pause falls in time the frame has to wait anyway
            gc.collect()
        # gc.mem_free() walks the whole heap's table (about 9 ms on a Pico): the
        # time left is read again after it, collection or not
        spare = _FRAME_MS - ticks_diff(ticks_ms(), start)
        if spare > 0:
            board.sleep_ms(spare)
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
