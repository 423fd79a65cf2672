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
