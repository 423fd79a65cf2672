"""Sound (pips.ui.sound): short tones on a board with a buzzer for a human's
turn, a draw, a penalty and a win, a Sound setting kept with the settings,
and silence on a board without one. The tones' pin on the emulated Pico:
tests/test_pico.py."""

from pips import games
from pips.ui import keys as K
from pips.ui import sound
from pips.ui.app import App
from pips.ui.diosurface import DioSurface
from pips_sim import simulator as sim


class Buzzer:
    """A board's tone(hz): what was asked, and when (the app's frame time)."""

    def __init__(self):
        self.calls = []
        self.now = 0

    def __call__(self, hz, ms=0):
        self.calls.append((self.now, hz))


def app_with(tone, seed=3, data=None):
    return App(DioSurface(240, 135), 240, 135, None, seed, data, tone=tone)


def cues_of(buzzer):
    """The cues heard: each run of notes that ends in silence, as its notes' tuple."""
    out = []
    notes = []
    for _t, hz in buzzer.calls:
        if hz:
            notes.append(hz)
        elif notes:
            out.append(tuple(notes))
            notes = []
    return out


def play(app, buzzer, name, levels, options, frames=4000, press_every=7):
    cls = games.get(name)
    lines = sim.setup_script(list(games.names()).index(name), cls, levels, options)
    sim.run_script(app, lines, shots=[])
    now = 100000
    for i in range(frames):
        buzzer.now = now
        app.frame(K.A if i % press_every == 0 else 0, now)
        now += 33
        if type(app.screen).__name__ in ("HandResultScreen", "MatchResultScreen"):
            break
    for i in range(20):  # the last cue's notes run out on the results screen
        now += 33
        buzzer.now = now
        app.frame(0, now)
    return type(app.screen).__name__


def notes(cue):
    return tuple(hz for hz, ms in sound.CUES[cue])


def test_a_cue_plays_its_notes_for_their_time_then_silence():
    buzzer = Buzzer()
    s = sound.Sound(buzzer)
    s.cue(sound.WIN, 0)
    t = 0
    while s.notes:
        t += 10
        buzzer.now = t
        s.frame(t)
    heard = [hz for _t, hz in buzzer.calls]
    assert heard == list(notes(sound.WIN)) + [0]
    starts = [t for t, hz in buzzer.calls]
    lengths = [b - a for a, b in zip(starts, starts[1:])]
    assert lengths == [ms for hz, ms in sound.CUES[sound.WIN]]  # each note its time (10 ms frames)


def test_uno_at_the_table_turn_draw_penalty_and_a_win_are_heard():
    buzzer = Buzzer()
    app = app_with(buzzer, seed=5)
    end = play(app, buzzer, "uno", ["human", "random"], {"mode": "single"}, press_every=5)
    assert end in ("HandResultScreen", "MatchResultScreen")
    heard = cues_of(buzzer)
    assert notes(sound.TURN) in heard
    assert notes(sound.DRAW) in heard  # A on the first button draws when nothing else is played
    assert notes(sound.PENALTY) in heard  # this deal puts a +2 on P1 (seed 5)
    game = app.screen.table.model.game if hasattr(app.screen, "table") else None
    won = game is not None and game.winner == 0
    assert (notes(sound.WIN) in heard) == won


def test_a_board_without_a_buzzer_and_the_setting_off_are_silent(tmp_path):
    app = app_with(None)
    assert not app.sound.on  # nothing to play: off, and no Sound row
    from pips.ui.settings_screen import SettingsScreen

    app.open(SettingsScreen)
    app.frame(0, 0)
    assert not any("Sound" in item for item in app.screen.items())
    app.sound.cue(sound.TURN, 0)  # nothing to call
    buzzer = Buzzer()
    app = app_with(buzzer, data=str(tmp_path))
    assert app.sound.on  # on by default where there is a buzzer
    app.open(SettingsScreen)
    app.frame(0, 0)
    items = app.screen.items()
    row = [i for i, item in enumerate(items) if item.startswith("Sound")]
    assert items[row[0]] == "Sound: on"
    app.screen.pick(row[0])
    assert app.screen.items()[row[0]] == "Sound: off" and not app.sound.on
    app.screen.back()  # kept with the settings
    again = app_with(Buzzer(), data=str(tmp_path))
    assert not again.sound.on
    end = play(again, buzzer, "uno", ["human", "random"], {"mode": "single"})
    assert end in ("HandResultScreen", "MatchResultScreen")
    assert buzzer.calls == []  # the setting off: never a tone


# The Cardputer's speaker (kit.speaker) on the unix port: a stand-in for
# machine.I2S that sends each buffer written at once and calls the irq
# callback, as the driver does when it has sent it. What it heard: the
# samples of each write, as written.
SPEAKER = r"""
import sys


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 1

    def __init__(self, n, mode=None, pull=None, value=None):
        self.n = n


class I2S:
    TX = 1
    MONO = 0
    made = []

    def __init__(self, i2s_id, sck=None, ws=None, sd=None, mode=None, bits=0, format=None, rate=0, ibuf=0):
        print("i2s", i2s_id, sck.n, ws.n, sd.n, mode, bits, format, rate)
        self.callback = None
        self.writes = []
        self.pending = 0  # buffers written and not yet sent
        I2S.made.append(self)

    def irq(self, handler):
        self.callback = handler

    def write(self, buf):
        self.writes.append(bytes(buf))
        self.pending += 1
        return len(buf)

    def send(self):
        # the driver has sent the buffers written: its callback, once each
        n = self.pending
        self.pending = 0
        for _ in range(n):
            self.callback(self)


class Machine:
    pass


machine = Machine()
machine.Pin = Pin
machine.I2S = I2S
machine.PWM = None
machine.SPI = None
sys.modules["machine"] = machine

import kit

tone = kit.speaker(0, 41, 43, 42)
audio = I2S.made[0]


def heard(writes):
    for data in writes:
        samples = [int.from_bytes(data[i:i + 2], "little") for i in range(0, len(data), 2)]
        samples = [v - 65536 if v >= 32768 else v for v in samples]
        rises = sum(1 for a, b in zip([samples[-1]] + samples, samples) if a < 0 <= b)
        print("wave", len(samples), rises, min(samples), max(samples))


tone(988)
audio.send()
audio.send()
print("playing", len(audio.writes))
heard(audio.writes)
audio.writes = []
tone(220)  # a new tone while one plays: written by the callback, not at once
print("at once", len(audio.writes))
audio.send()  # the old buffer's end
audio.send()
heard(audio.writes)
tone(0)
audio.writes = []
audio.send()  # the last buffer ends: nothing follows
print("after silence", len(audio.writes))
tone(659)
print("again", len(audio.writes))
"""


def test_the_cardputer_speaker_plays_tones_through_i2s_on_the_unix_port():
    """kit.speaker (the Cardputer's I2S amplifier, boards/cardputer.py) on the
    unix port with a stand-in I2S: a tone is a square wave of whole periods
    at its pitch, written again from the irq callback while it lasts; a new
    tone follows the buffer being sent; 0 Hz stops the writes, and the next
    tone starts them at once. (Not heard on a board: nothing here emulates an
    ESP32-S3.)"""
    import pytest

    sys_path = __import__("sys").path
    sys_path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
    from mpy_support import HAVE_MICROPYTHON, run_micropython

    if not HAVE_MICROPYTHON:
        pytest.skip("no MicroPython unix port")
    rc, out, err = run_micropython(SPEAKER, heap="96K", from_mpy=False)
    assert rc == 0, (err + out)[-2000:]
    assert "i2s 0 41 43 42 1 16 0 16000" in out, out
    waves = [[int(w) for w in line.split()[1:]] for line in out.splitlines() if line.startswith("wave")]
    assert len(waves) == 5, out
    # 988 Hz: 39 periods in 631 samples (16000 a second), one rise a period,
    # as loud down as up; the tone's first buffer and two more from the callback
    assert "playing 3" in out
    for n, rises, low, high in waves[:3]:
        assert (n, rises) == (631, 39) and high == -low > 0
    # a new tone is not written at once: the callback writes it after the
    # buffer in flight, 220 Hz, 8 periods in 581 samples
    assert "at once 0" in out
    assert [w[:2] for w in waves[3:]] == [[581, 8], [581, 8]]
    assert "after silence 0" in out and "again 1" in out
