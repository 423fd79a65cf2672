"""LilyGO T-Display (ESP32): ST7789 135x240 turned to 240x135 (the reference
board's panel, the same RAM offsets), two keys. Pins from LilyGO's pin map:
MOSI 19, SCLK 18, CS 5, DC 16, RST 23, backlight 4; keys GPIO 0 (left, pull-up
inside) and GPIO 35 (right, pull-up on the board: the ESP32 has none there).
Two keys (pips.ui.keys, scheme "two"): the right key tapped moves on, held
chooses; the left key tapped moves back, held backs out (on the table: the
pause menu).
"""

import time

from micropython import const

import kit
from pips.ui import keys as _k

width = const(240)
height = const(135)
keys = "two"
data = "/data"
link = ("espnow", None, None)  # link play (pips.ui.link): ESP-NOW to the other board (untested on hardware)
ticks_ms = time.ticks_ms
ticks_diff = time.ticks_diff
sleep_ms = time.sleep_ms

# SPI 2 (the ESP32 port's hardware SPI with any pins through the GPIO matrix)
backlight = kit.backlight(4)
display = kit.panel(2, 18, 19, 16, 5, 23, 40_000_000, width, height, 40, 53)
backlight(100)
read_keys = kit.keys(((0, _k.LEFT), (-35, _k.RIGHT)))
peek_keys = read_keys  # the pins as they are: main.py looks between frames
