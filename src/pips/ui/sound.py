"""Short tones on a board with a buzzer: the board's `tone(hz)` (a square
wave on a PWM pin until the next call; 0 Hz: silence, boards/kit.py) played
note by note from the frames, so a tone costs a frame nothing.

    Sound(tone)          tone None: a board without a buzzer, always silent
    sound.cue(TURN, now) a cue begins (the one playing is cut short)
    sound.frame(now)     each frame: the next note when the last one is over
    sound.on             the Sound setting (pips.settings keeps it)

A note lasts at least its time, rounded up to the frame that ends it.
"""

from pips import const
from pips.ui.keys import ticks_diff

TURN = const(0)  # a human's turn begins
DRAW = const(1)  # the player holding the device drew
PENALTY = const(2)  # cards or tiles put on that player
WIN = const(3)  # that player won the hand

# (hz, ms) a note, the notes of each cue in the order of the cues above
CUES = (
    ((988, 60),),
    ((659, 50),),
    ((220, 90), (165, 150)),
    ((523, 80), (659, 80), (784, 160)),
)


class Sound:
    def __init__(self, tone=None):
        self.tone = tone
        self.on = tone is not None  # silent by default on a board without a buzzer
        self.notes = ()
        self.at = 0  # the next note's index in `notes`
        self.until = 0  # when the note sounding ends (ms)
        self.sounding = False

    def cue(self, which, now):
        if self.tone is None or not self.on:
            return
        self.notes = CUES[which]
        self.at = 0
        self.sounding = False
        self.frame(now, True)

    def frame(self, now, first=False):
        if not self.notes:
            return
        if not first and self.sounding and ticks_diff(now, self.until) < 0:
            return
        if self.at >= len(self.notes):
            self.tone(0)
            self.notes = ()
            self.sounding = False
            return
        hz, ms = self.notes[self.at]
        self.at += 1
        self.tone(hz)
        self.sounding = True
        self.until = now + ms
