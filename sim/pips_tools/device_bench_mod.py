"""The device side of `make bench-device`: frozen into the emulated Cortex-M0's
firmware as the module `pips_bench` (pips_tools.device writes the manifest), and
called from a line or two typed at the raw REPL, so everything timed here runs
as frozen bytecode from flash, as it would on a Pico.

It uses only the core's stable entry points: pips.games.get, pips.bots.make,
pips.rng.Rng, pips.selfplay.random_games / record_match, and the game protocol
(cls(players, None, rng), turn, legal, play, view, max_moves). The firmware
session drives the frozen firmware/main.py (as `pips_main`) on the unix_sim
board, with the key script of pips_tools.firmware_session.

Every function prints lines of words, the first word a tag, which the host
parses (pips_tools.device). Times are emulated microseconds (time.ticks_us: with
qemu's -icount shift=3, 8 ns an instruction, the same on every run).
"""

import gc
from time import ticks_diff, ticks_us

from micropython import const

_LAGS = const(55)  # pips.rng.LAGS, folded as the game modules fold it


def _align():
    """Restart the SysTick period (write SYST_CVR): the guest's ms ticks then fall
    at the same instruction on every run. Before a script starts, the REPL has
    waited for the host's bytes for however long they took, which moves the
    tick's phase; a session compares ms readings (main.py's spare time, the
    screens' timers), and a changed phase could change a garbage collection."""
    import machine

    machine.mem32[0xE000E018] = 0


def memory():
    """The heap's size and what is free now."""
    gc.collect()
    print("heap", gc.mem_free() + gc.mem_alloc(), gc.mem_free())


def random_games(name, players, games, seed=1):
    """`games` hands of uniformly random legal moves (pips.selfplay.random_games)."""
    from pips import games as registry
    from pips import selfplay

    cls = registry.get(name)
    selfplay.random_games(cls, players, 1, seed + 99)  # warm: imports, interned names
    gc.collect()
    _align()
    t0 = ticks_us()
    done, moves = selfplay.random_games(cls, players, games, seed)
    dt = ticks_diff(ticks_us(), t0)
    print("random", done, moves, dt)


def draws(count=2000):
    """What the generator's inline draw (pips.rng's docstring) saves: `count`
    numbers drawn by Rng.below(), then inline, then the bare loop. Prints the
    three times in microseconds."""
    from pips.rng import Rng

    rng = Rng(1)
    _align()
    t0 = ticks_us()
    for _ in range(count):
        rng.below(7)
    called = ticks_diff(ticks_us(), t0)
    words = rng.words
    at = rng.at
    t0 = ticks_us()
    for _ in range(count):
        if at == _LAGS:
            rng.refill()
            at = 0
        r = words[at] % 7
        at += 1
    inline = ticks_diff(ticks_us(), t0)
    rng.at = at
    t0 = ticks_us()
    for _ in range(count):
        pass
    loop = ticks_diff(ticks_us(), t0)
    print("draws", count, called, inline, loop)


def decisions(name, players, level, count, seed=1, rollouts=-1, threshold=0):
    """The decision time of `level` bots, one per seat, hand after hand until
    `count` decisions with more than one legal move were timed (forced moves
    are answered without thinking). threshold > 0: gc.threshold(threshold), as
    the firmware sets it. Prints the samples in microseconds."""
    from pips import bots
    from pips import games as registry
    from pips.rng import Rng

    cls = registry.get(name)
    _align()
    if threshold > 0:
        gc.threshold(threshold)
    out_of_turn = getattr(cls, "out_of_turn", False)
    buf = bytearray(cls.max_moves)
    samples = []
    while len(samples) < count:
        game = cls(players, None, Rng(seed))
        seats = [bots.make(level, Rng(seed * 1000 + 17 + s), cls, rollouts) for s in range(players)]
        while game.turn >= 0 and len(samples) < count:
            seat = game.turn
            _decide(game, seat, seats[seat], buf, samples)
            if not out_of_turn:
                continue
            for other in range(players):
                if game.turn >= 0 and other != game.turn and game.legal(other, buf) > 0:
                    _decide(game, other, seats[other], buf, samples)
        seats = game = None
        seed += 1
    if threshold > 0:
        gc.threshold(-1)
    print("samples", level, " ".join([str(s) for s in samples]))


def _decide(game, seat, bot, buf, samples):
    view = game.view(seat)
    n = game.legal(seat, buf)
    t0 = ticks_us()
    move = bot.choose(view)
    dt = ticks_diff(ticks_us(), t0)
    if n > 1:
        samples.append(dt)
    if move >= 0:
        game.play(seat, move)


def match(name, players, seed, rollouts=-1, levels="smart"):
    """A whole bots-only match (pips.selfplay.record_match, no move texts kept):
    prints its digest, moves and hands, which CPython's must equal."""
    from pips import games as registry
    from pips import selfplay

    cls = registry.get(name)
    r = selfplay.record_match(cls, players, seed, levels, rollouts, keep=False)
    print("match", r["digest"], r["moves"], r["hands_played"])


class _TimedGc:
    """gc for main.py's frame loop: times its spare-time collect() into last[2]."""

    def __init__(self, last):
        self.last = last

    def collect(self):
        t0 = ticks_us()
        gc.collect()
        self.last[2] += ticks_diff(ticks_us(), t0)

    def mem_free(self):
        return gc.mem_free()

    def mem_alloc(self):
        return gc.mem_alloc()


def session(args, timed=True):
    """The scripted firmware session of pips_tools.firmware_session on the unix_sim
    board: `args` is its session_args() (title_downs, seat_presses,
    downs_to_target, target_presses, downs_to_start, max_hands, max_frames,
    seed, bots) without the game's name. Timed: after every frame prints
    "f <us> <bytes>", the emulated time of App.frame() and the bytes it handed
    to the bus. Ends with the session's figures, "over: True" once the match
    is over."""
    import unix_sim as board
    import pips_main as main
    from pips.ui import keys as K

    title_downs, seat_presses, downs_to_target, target_presses, downs_to_start = args[:5]
    max_hands, max_frames, seed, bots = args[5:9]
    for mask, n in (
        (K.DOWN, title_downs),
        (K.A, 1),
        (K.A, seat_presses),
        (K.DOWN, 1),  # P1, human
    ) + ((K.DOWN, 1), (K.A, 1)) * bots + (  # each bot seat: greedy -> smart
        (K.DOWN, downs_to_target - 1 - bots),
        (K.A, target_presses),
        (K.DOWN, downs_to_start),
        (K.A, 1),
    ):
        for _ in range(n):
            board.press(mask, 1, 2)
    # Then A, again and again: plays the first choice, skips the bots' moves, goes on.
    board.then(lambda n: K.A if n % 3 == 0 else 0)

    bus = board.bus
    _align()
    app = main.make_app(board, seed)
    # the last frame's time, bytes, spare-time gc, flush and thinking (us)
    last = [0, 0, 0, 0, 0]
    if timed:
        frame = app.frame
        surface = app.surface
        flush = surface.flush

        def timed_flush(*args):  # the App's arguments (clock, start, peek, keys) passed on
            t0 = ticks_us()
            r = flush(*args)
            last[3] += ticks_diff(ticks_us(), t0)
            return r

        surface.flush = timed_flush
        from pips import bots

        step = bots.SmartBot.step

        def timed_step(bot, n=8):
            t0 = ticks_us()
            r = step(bot, n)
            last[4] += ticks_diff(ticks_us(), t0)
            return r

        bots.SmartBot.step = timed_step
        main.gc = _TimedGc(last)

        def timed_frame(raw, now):
            b0 = bus.bytes
            last[3] = last[4] = 0
            t0 = ticks_us()
            frame(raw, now)
            last[0] = ticks_diff(ticks_us(), t0)
            last[1] = bus.bytes - b0

        app.frame = timed_frame
    state = [None, 0]  # the table screen, hands played

    def on_frame(app, count):
        screen = app.screen
        if timed:
            # the spare-time gc of the frame before this one ran after its line
            print("f", last[0], last[1], last[2], last[3], last[4],
                  type(screen).__name__, getattr(getattr(screen, "model", None), "state", -1))
            last[2] = 0
        table = state[0]
        if table is None:
            if getattr(screen, "model", None) is None:
                return count >= max_frames
            table = state[0] = screen
        state[1] = table.model.match.hands_played
        if table.model.match.over and screen is not table:
            return True
        return state[1] >= max_hands or count >= max_frames

    app = main.run(board, app=app, on_frame=on_frame)
    table = state[0]
    gc.collect()
    print("frames:", app.frames)
    print("hands:", state[1])
    print("bytes_sent:", bus.bytes)
    print("free_after:", gc.mem_free())
    print("over:", table is not None and table.model.match.over)
    if table is not None:  # the same match whatever the frames: the bots' decisions are the same
        print("totals:", " ".join([str(t) for t in table.model.match.totals]))


# -- profile: where a slow frame's time goes ------------------------------------

_PROFILED = (
    ("pips.ui.table", "TableScreen", ("draw", "draw_status", "draw_buttons", "draw_hand", "enter")),
    ("pips.ui.table_model", "TableModel", ("next_actor", "play", "choose")),
    ("pips.ui.layer", "Layer", ("update",)),
    ("pips.ui.table_line", "Band", ("items",)),
    ("pips.ui.table_pile", "Band", ("items",)),
    ("pips.ui.table_choose", "Choice", ("__init__", "keys")),
    ("pips.ui.results", "HandResultScreen", ("enter", "frame")),
    ("pips.ui.paged", "PagedScreen", ("enter", "frame")),
    ("pips.bots", "SmartBot", ("begin",)),
    ("pips.match", "Turns", ("next",)),
    ("pips.match", "Match", ("new_hand", "end_hand")),
)


def _wrap(cls, name, acc):
    fn = getattr(cls, name)

    def timed(*args):
        t0 = ticks_us()
        r = fn(*args)
        acc[name] = acc.get(name, 0) + ticks_diff(ticks_us(), t0)
        return r

    setattr(cls, name, timed)


def profile(args, over_us=15000, more=()):
    """The timed session with the methods of _PROFILED timed too: after every
    frame whose App.frame() took over `over_us`, prints "p <frame> name=us ...",
    each method's inclusive time in that frame."""
    acc = {}
    for module, cls_name, names in _PROFILED + tuple(more):
        try:
            mod = __import__(module, None, None, ("*",))
        except ImportError:
            continue
        cls = getattr(mod, cls_name)
        for name in names:
            _wrap(cls, name, acc)
    import pips_main as main

    run = main.run

    def profiled_run(board, frames=-1, app=None, on_frame=None):
        def on(app, count):
            # "f" is printed by session's on_frame; App.frame's time is in its line
            r = on_frame(app, count)
            free = gc.mem_free()
            if free > last_free[0]:  # more free than the frame before: the heap was collected
                acc["collected"] = free - last_free[0]
            last_free[0] = free
            total = sum(acc.values())
            if acc and total > 0:
                print("p", count, " ".join(["%s=%d" % kv for kv in acc.items() if kv[1] > 300]))
            acc.clear()
            return r

        return run(board, frames, app, on)

    last_free = [gc.mem_free()]
    main.run = profiled_run
    session(args, True)
