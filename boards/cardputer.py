"""M5Stack Cardputer (ESP32-S3): ST7789V2 240x135 (the reference board's
panel size), a 56-key keyboard, a speaker (an I2S amplifier: BCLK 41, LRCK
43, DATA 42; the table's tones through machine.I2S, kit.speaker; not yet
heard on a board). Pins from M5Stack's pin map: MOSI 35, SCLK 36, CS
37, DC 34, RST 33, backlight 38; keyboard: a 74HC138 picks one of 8 lines
(address A0 8, A1 9, A2 11) and 7 inputs read it (13, 15, 3, 4, 5, 6, 7,
active low with pull-ups). Keys: the arrows printed on ; , . / move, Enter
chooses, the ` (Esc) key backs out and opens the pause menu.
"""

import time

from machine import Pin
from micropython import const

import kit
from pips.ui import keys as _k

width = const(240)
height = const(135)
keys = "keyboard"
data = "/data"
link = ("espnow", None, None)  # link play (pips.ui.link): ESP-NOW to the other board (untested on hardware)
ticks_ms = time.ticks_ms
ticks_diff = time.ticks_diff
sleep_ms = time.sleep_ms

backlight = kit.backlight(38)
display = kit.panel(1, 36, 35, 34, 37, 33, 40_000_000, width, height, 40, 53)
backlight(100)
tone = kit.speaker(0, 41, 43, 42)  # the cues of pips.ui.sound (I2S 0: BCLK, LRCK, DATA)

_ADDRESS = tuple(Pin(p, Pin.OUT, value=0) for p in (8, 9, 11))
_INPUTS = tuple(Pin(p, Pin.IN, Pin.PULL_UP) for p in (13, 15, 3, 4, 5, 6, 7))
# (line, input) -> logical key, from the keyboard's row and column: line i
# (0..7) and input j (0..6) are row 3 - (i & 3), column 2j + (1 if i < 4 else 0)
# on the 4x14 grid ` 1..= del / tab q..\ / fn shift a..' enter / ctrl opt alt
# z..m , . / space. To confirm on a board: only the grid positions are used.
_MAP = {}
for _key, _row, _col in ((_k.UP, 2, 11), (_k.DOWN, 3, 12), (_k.LEFT, 3, 11),
                         (_k.RIGHT, 3, 13), (_k.A, 2, 13), (_k.B, 0, 0)):
    _line = (3 - _row) | (0 if _col & 1 else 4)
    _MAP[(_line, _col >> 1)] = _key


def read_keys():
    mask = 0
    for line in range(8):
        for bit in range(3):
            _ADDRESS[bit].value((line >> bit) & 1)
        for j in range(7):
            if not _INPUTS[j].value():
                mask |= _MAP.get((line, j), 0)
    return mask
