"""Pimoroni PicoSystem (RP2040): ST7789 240x240 on SPI0, a d-pad and A/B/X/Y,
a piezo. Pins from pico-sdk's board header pimoroni_picosystem.h: LCD RST 4,
CS 5, SCLK 6, MOSI 7, VSYNC 8, DC 9, piezo 11, backlight 12, LED G13 R14 B15;
keys (active low) Y 16, X 17, A 18, B 19, DOWN 20, RIGHT 21, LEFT 22, UP 23.
A chooses, B backs out and opens the pause menu, X is the pause menu's own key,
the d-pad moves. No frame buffer of the whole screen (a 240x240 one is 28,800
bytes): the drawing goes straight to the panel, as on the Pico Display Pack
2.0 (pico_display_2.py).
"""

import time

from micropython import const

import kit
from pips.ui import keys as _k

width = const(240)
height = const(240)
keys = "joystick"
data = "/data"
link = ("uart", None, None)  # link play (pips.ui.link): UART0, TX GP0 to the other's RX GP1, and ground
ticks_ms = time.ticks_ms
ticks_diff = time.ticks_diff
sleep_ms = time.sleep_ms

# portrait as the panel is made (MADCTL 0), no RAM offset
backlight = kit.backlight(12)
display = kit.panel(0, 6, 7, 9, 5, 4, 62_500_000, width, height, 0, 0, 0, direct=True)
backlight(100)
read_keys = kit.keys(((18, _k.A), (19, _k.B), (17, _k.MENU), (16, _k.MENU), (23, _k.UP),
                      (20, _k.DOWN), (22, _k.LEFT), (21, _k.RIGHT)))
peek_keys = read_keys  # the pins as they are: main.py looks between frames
tone = kit.buzzer(11)
