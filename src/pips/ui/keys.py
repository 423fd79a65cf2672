"""Logical keys. A board reports raw pressed keys as a bit mask of these; the
screens need only LEFT, RIGHT and A (a long press of A is B)."""

from pips import const

try:
    from time import ticks_diff
except ImportError:  # CPython and CircuitPython: plain milliseconds, no wrap-around

    def ticks_diff(a, b):
        return a - b


LEFT = const(1)
RIGHT = const(2)
UP = const(4)
DOWN = const(8)
A = const(16)
B = const(32)
MENU = const(64)

PREV = const(LEFT | UP)  # what moves a cursor back, and on
NEXT = const(RIGHT | DOWN)
_DEBOUNCE_MS = const(25)  # after a change, bounces this long are ignored
_LONG_MS = const(600)  # holding A this long is B
_REPEAT_DELAY_MS = const(450)
_REPEAT_MS = const(160)
_STEPS = const(LEFT | RIGHT | UP | DOWN)  # keys that repeat while held


# Keys that mean one thing tapped and another held (raw key, tapped, held),
# by key scheme (boards/board_table.py). Every scheme: a held A is B, so a
# board with LEFT, RIGHT and A alone still has B. "two" (two keys, such as
# the T-Display's): the right key taps on to the next choice and held
# chooses; the left key taps back to the previous one and held is B, which
# backs out of a screen and opens the pause menu on the table.
_LONG_A = ((A, A, B),)
_LONG_TWO = ((A, A, B), (RIGHT, RIGHT, A), (LEFT, LEFT, B))


class Keys:
    """Turns raw key masks into presses.

    `poll(raw, now_ms)` may be called as often as the board likes (every frame,
    or faster from a timer); presses gather until `take()` collects them, so a
    tap between two frames is never lost. A change of the raw state counts at
    once; changes in the debounce time after it are contact bounce, ignored.
    A is reported when released (a short tap), or as B once held for _LONG_MS,
    so a board with only LEFT, RIGHT and A still has B. Arrows repeat when held.
    """

    def __init__(self, scheme=None):
        self.longs = _LONG_TWO if scheme == "two" else _LONG_A
        self.slow = 0  # raw keys that wait for their release or their long press
        for raw, _tap, _held in self.longs:
            self.slow |= raw
        self.since = [-1] * len(self.longs)  # when each went down, -1 when up or long
        self.stable = 0  # debounced state
        self.changed_at = -1000  # when the debounced state last changed
        self.pending = 0
        self.repeat_at = 0

    def poll(self, raw, now):
        # A change counts at once, then the keys are deaf to bounces for the
        # debounce time: a tap seen by a single poll still counts.
        # (ticks_diff: a device's millisecond clock wraps round)
        if raw != self.stable and ticks_diff(now, self.changed_at) >= _DEBOUNCE_MS:
            down = raw & ~self.stable
            up = self.stable & ~raw
            self.stable = raw
            self.changed_at = now
            self.pending |= down & ~self.slow
            since = self.since
            for i in range(len(since)):
                raw_key = self.longs[i][0]
                if down & raw_key:
                    since[i] = now
                if up & raw_key:
                    if since[i] >= 0:
                        self.pending |= self.longs[i][1]
                    since[i] = -1
            if down & _STEPS & ~self.slow:
                self.repeat_at = now + _REPEAT_DELAY_MS
        since = self.since
        for i in range(len(since)):
            if since[i] >= 0 and ticks_diff(now, since[i]) >= _LONG_MS:
                self.pending |= self.longs[i][2]
                since[i] = -1  # the release that follows is not a tap
        held = self.stable & _STEPS & ~self.slow
        if held and ticks_diff(now, self.repeat_at) >= 0:
            self.pending |= held
            self.repeat_at = now + _REPEAT_MS

    def take(self):
        """The presses since the last take, as a mask."""
        p = self.pending
        self.pending = 0
        return p


# The words of a hint on each key scheme (the screens write the joystick's):
# (words written, words shown) in order.
# A word "key.*" is the catalogue's (pips.lang): "hold A" said in the language.
_WORDS = {
    "four": (("key.hold_a", "B"),),
    "keyboard": (("key.hold_a", "Esc"), ("A:", "Enter:")),
    "two": (("key.hold_a", "key.hold_prev"), ("A:", "key.hold_next:")),
}


def hint(text, scheme):
    """`text` (a hint naming the joystick's keys, in the language chosen) in
    the keys of `scheme`."""
    words = _WORDS.get(scheme)
    if words is None:
        return text
    from pips import lang

    for old, new in words:
        if old.startswith("key."):
            old = lang.text(old)
        if new.startswith("key."):  # "key.hold_next:": the phrase, then the colon
            new = lang.text(new.rstrip(":")) + new[len(new.rstrip(":")):]
        text = text.replace(old, new)
    return text
