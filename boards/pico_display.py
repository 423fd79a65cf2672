"""Raspberry Pi Pico + Pimoroni Pico Display Pack: ST7789 240x135 on SPI0 (the
same 1.14" panel as the reference board), four keys A/B/X/Y, an RGB LED.
Pins from Pimoroni's pin map. Keys (active low): A 12 chooses, B 13 backs out
and opens the pause menu, X 14 moves back (up/left), Y 15 moves on (down/right).
"""

import time

from micropython import const

import kit
from pips.ui import keys as _k

width = const(240)
height = const(135)
keys = "four"
data = "/data"
link = ("uart", None, None)  # link play (pips.ui.link): UART0, TX GP0 to the other's RX GP1, and ground
ticks_ms = time.ticks_ms
ticks_diff = time.ticks_diff
sleep_ms = time.sleep_ms

# SPI0: SCK 18, MOSI 19; DC 16, CS 17; no reset line; 62.5 MHz (pico_lcd_114.py)
backlight = kit.backlight(20)
display = kit.panel(0, 18, 19, 16, 17, None, 62_500_000, width, height, 40, 53)
backlight(100)
read_keys = kit.keys(((12, _k.A), (13, _k.B), (14, _k.PREV), (15, _k.NEXT)))
peek_keys = read_keys  # the pins as they are: main.py looks between frames
led = (6, 7, 8)  # R, G, B: PWM, lit when low (not used yet)
