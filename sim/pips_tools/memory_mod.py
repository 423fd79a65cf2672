"""The device side of the memory figures (pips_tools.memory): a firmware
session with the heap read as it goes, on the emulated Pico (put on its
filesystem compiled, as the module `pips_memory`, and called from a line typed
at the raw REPL) and on the webassembly port (with the desktop board).

Session(board, make_app, keys, seed, data, read_ms) plays a session on
`board`'s display with firmware/main.py's `make_app` (on the board, the very
function the boot's main.py defined, so that nothing is compiled twice), from
the title to the first results screen drawn whole: `keys` holds the keys read
at each frame of the table's set-up (a byte a frame), then A is pressed every
third frame, as pips_tools.firmware_session's sessions press it.

On the Pico, `Session.run(run)` runs main.py's own frame loop `run` and reads
the heap, each reading gc.mem_free() right after a gc.collect() (the live
data, not the garbage not yet collected):
- at every frame boundary (after App.frame(), before main.py's own
  spare-time work);
- inside a bot's decision: after every step of a bot's thinking that has not
  decided yet (the table asks for a step at a time: a rollout, or a piece of a
  policy's own search), the decision's state live. The bots' classes are
  wrapped for it once the table has its bots (here, never in the product).
The App and the loop run on the board's clock less the time the readings
took (a collection and gc.mem_free() cost a Pico about 10 ms each), so the
session thinks and draws in the slices it would without them.

On the webassembly port, gc.collect() only marks a collection as due, done
once the call from JavaScript into Python returns (MicroPython's
ports/webassembly/main.c: its heap grows instead of collecting mid-call).
So there `Session.step()` plays one frame a call (main.py's loop, a frame at
a time: the keys, App.frame(), the sleep), and pips_tools/wasm_run.mjs makes
each call from the top level: a reading, gc.mem_alloc() at the start of a
call, follows a whole collection at the frame boundary. The clock is the
session's own (`read_ms` > 0), moved on `read_ms` by every reading and by
every millisecond slept: the same session on every host. No readings are
taken inside decisions there (no collection can happen mid-call).

`report()` prints one line, "PIPS-MEMORY" then: 1 if the session ran to the
results (0 if it stopped on an error, which follows), frames, the table's
moves, the heap's size at the start (free plus allocated), the lowest frame
reading and its frame, the decision readings taken, the lowest of them and
its frame. A wasm reading is gc.mem_alloc() negated: the lowest figure is the
worst on both.
"""

import gc
import time

_LOW = 1 << 29  # above any reading
_FRAME_MS = 33  # firmware/main.py's frame
_A = 16  # pips.ui.keys.A


def _model(screen):
    """The table's model (pips.ui.table_model) of the screen shown: the
    table's own, or the one behind a hand-over or results screen; None
    elsewhere (the title, the set-up)."""
    model = getattr(screen, "model", None)
    if model is None:
        model = getattr(getattr(screen, "table", None), "model", None)
    return model


class Session:
    def __init__(self, board, make_app, keys, seed, data, read_ms=0, language=None):
        self.keys = keys
        self.read_ms = read_ms
        self.now = 0  # the session's own clock (read_ms > 0)
        self.held_us = 0  # the readings' time (read_ms 0)
        self.frames = 0
        self.moves = 0
        self.results = 0  # frames at a results screen
        self.completed = 0
        self.over = False
        self.frame_low = _LOW
        self.frame_low_at = 0
        self.decisions = 0
        self.decision_low = _LOW
        self.decision_low_at = 0
        self.wrapped = []

        session = self

        class Screens:  # what the App takes of a board
            display = board.display
            width = board.width
            height = board.height
            backlight = board.backlight

            def ticks_ms():
                return session.clock()

        Screens.data = data
        # the screens in another language (pips.lang): only its catalogue loaded,
        # as with the setting kept (main.py's make_app of this tree takes it)
        self.app = make_app(Screens, seed, language) if language else make_app(Screens, seed)
        gc.collect()
        self.heap = gc.mem_free() + gc.mem_alloc()

    def clock(self):
        if self.read_ms:
            self.now += self.read_ms
            return self.now
        return time.ticks_add(time.ticks_ms(), -(self.held_us // 1000))

    def sleep_ms(self, ms):
        if self.read_ms:
            if ms > 0:
                self.now += ms
        else:
            time.sleep_ms(ms)

    def read_keys(self):
        n = self.frames
        keys = self.keys
        if n < len(keys):
            return keys[n]
        return _A if (n - len(keys)) % 3 == 0 else 0

    def reading(self):
        if self.read_ms:
            return -gc.mem_alloc()  # collected when the last call returned
        gc.collect()
        return gc.mem_free()

    def note_frame(self, value):
        if value < self.frame_low:
            self.frame_low = value
            self.frame_low_at = self.frames

    def decision_probe(self):
        t0 = time.ticks_us()
        value = self.reading()
        self.decisions += 1
        if value < self.decision_low:
            self.decision_low = value
            self.decision_low_at = self.frames
        self.held_us += time.ticks_diff(time.ticks_us(), t0)

    def wrap(self, cls):
        step = cls.step
        session = self

        def stepping(bot, rollouts=8):
            move = step(bot, rollouts)
            if move < 0:  # still thinking: the decision's state is live
                session.decision_probe()
            return move

        cls.step = stepping
        self.wrapped.append(cls)

    def wrap_bots(self, app):
        """Each kind of bot at the table read inside its thinking from now on."""
        model = _model(app.screen)
        for bot in (model.bots if model is not None else ()):
            if bot is not None and type(bot) not in self.wrapped:
                self.wrap(type(bot))

    def after_frame(self, app):
        """Notes the table's moves; True once the results are drawn whole."""
        screen = app.screen
        model = _model(screen)
        if model is not None and model.game is not None and not self.results:
            # the match's moves until its results (after them, A may open a new table)
            self.moves = model.game.moves
        name = type(screen).__name__
        if name == "HandResultScreen" or name == "MatchResultScreen":
            self.results += 1
        return self.results > 0 and not app.surface.dirty or self.results > 3

    def on_frame(self, app, count):
        t0 = time.ticks_us()
        self.frames = count
        self.note_frame(self.reading())
        self.wrap_bots(app)
        done = self.after_frame(app)
        self.held_us += time.ticks_diff(time.ticks_us(), t0)
        return done

    def run(self, run):
        """The whole session in main.py's frame loop `run` (the Pico)."""
        session = self

        class Loop:  # what run() takes of a board
            ticks_diff = time.ticks_diff

            def ticks_ms():
                return session.clock()

            def sleep_ms(ms):
                session.sleep_ms(ms)

            def read_keys():
                return session.read_keys()

        try:
            run(Loop, app=self.app, on_frame=self.on_frame)
            self.completed = 1
        finally:
            self.report()

    def step(self):
        """One frame of main.py's loop (the webassembly port), called from
        the top level; False once the session is over, its figures printed.
        Each call first reads the heap as the last one left it, collected."""
        app = self.app
        if self.frames:
            self.note_frame(self.reading())
        if self.over:
            self.completed = 1 if self.results else 0
            self.report()
            return False
        self.wrap_bots(app)
        start = self.clock()
        app.frame(self.read_keys(), start)
        self.frames += 1
        self.over = self.after_frame(app) or not app.running
        self.sleep_ms(_FRAME_MS - time.ticks_diff(self.clock(), start))
        gc.collect()  # due: done once this call returns
        return True

    def report(self):
        print("PIPS-MEMORY", self.completed, self.frames, self.moves, self.heap, self.frame_low,
              self.frame_low_at, self.decisions, self.decision_low, self.decision_low_at)
