"""Raspberry Pi Pico + Pimoroni Pico Display Pack 2.0: ST7789 320x240 on SPI0,
the same pins, keys and RGB LED as the Pico Display Pack (pico_display.py).
No frame buffer of the whole screen: a 4-bit one would be 320x240/2 = 37.5
KiB, more than the heap spares beside the game with the code in RAM (the
`.mpy` form); the screens' drawing is queued and sent straight to the panel
(st7789_direct.py, pips.ui.directsurface).
"""

import time

from micropython import const

import kit
from pips.ui import keys as _k

width = const(320)
height = const(240)
keys = "four"
data = "/data"
link = ("uart", None, None)  # link play (pips.ui.link): UART0, TX GP0 to the other's RX GP1, and ground
ticks_ms = time.ticks_ms
ticks_diff = time.ticks_diff
sleep_ms = time.sleep_ms

# a 240x320 panel turned (MX | MV | ML, as the reference board), no RAM offset
backlight = kit.backlight(20)
display = kit.panel(0, 18, 19, 16, 17, None, 62_500_000, width, height, 0, 0, direct=True)
backlight(100)
read_keys = kit.keys(((12, _k.A), (13, _k.B), (14, _k.PREV), (15, _k.NEXT)))
peek_keys = read_keys  # the pins as they are: main.py looks between frames
led = (6, 7, 8)  # R, G, B: PWM, lit when low (not used yet)
