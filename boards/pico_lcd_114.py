"""Raspberry Pi Pico (RP2040) + Waveshare Pico-LCD-1.14: ST7789V 240x135, a
five-way joystick and two keys (pins from docs/boards.md).

The interface every board file offers (after circuitpython-stage's ugame.py):

    display          the ST7789 driver: a 4-bit framebuf.FrameBuffer with show()
    width, height    240, 135
    read_keys()      bit mask of the logical keys held (pips.ui.keys)
    peek_keys()      the same, looked at while main.py sleeps out a frame (a
                     change begins the next frame at once); optional
    ticks_ms(), ticks_diff(a, b), sleep_ms(ms)
    backlight(percent)
    data             the folder the match, settings and statistics are kept in

Keys: key A (GP15) is A, key B (GP17) is B, the joystick's four directions are
UP/DOWN/LEFT/RIGHT and pressing the joystick (GP3) is MENU. The screens play
with LEFT, RIGHT and A alone; the real B key backs out, and the joystick press
gives the pause menu a key of its own (the screens' fallback is a long B).
"""

import time

from machine import PWM, SPI, Pin
from micropython import const

import st7789
from pips.ui import keys as _keys
from pips.ui.palette import rgb565_table

width = const(240)
height = const(135)

_DC = const(8)
_CS = const(9)
_SCK = const(10)
_MOSI = const(11)
_RST = const(12)
_BL = const(13)

# The RP2040's SPI clock is at most half the peripheral clock: 62.5 MHz at the
# default 125 MHz. The ST7789V's serial write cycle is 16 ns minimum (serial
# interface timing table; confirm the page), i.e. 62.5 MHz: the two limits meet.
# machine.SPI rounds down to the nearest divisor the hardware can make.
_BAUDRATE = const(62_500_000)

# The module never reads the panel: no MISO. On the rp2 port miso=None keeps
# the port's default MISO pin for SPI1 in SPI mode (GP8 or GP12 depending on
# the version: this module's DC and RST), so the DC, CS and RST pin objects are
# made after the bus, which gives those pins back as plain outputs. Waveshare's
# demo relies on the same order.
_spi = SPI(1, baudrate=_BAUDRATE, polarity=0, phase=0, sck=Pin(_SCK), mosi=Pin(_MOSI), miso=None)
_dc = Pin(_DC, Pin.OUT, value=1)
_cs = Pin(_CS, Pin.OUT, value=1)
_rst = Pin(_RST, Pin.OUT, value=1)

_bl = PWM(Pin(_BL))
_bl.freq(1000)
_bl.duty_u16(0)  # dark while the controller resets

data = "/data"  # on the board's flash file system
link = ("uart", None, None)  # link play (pips.ui.link): UART0, TX GP0 to the other's RX GP1, and ground

ticks_ms = time.ticks_ms
ticks_diff = time.ticks_diff
sleep_ms = time.sleep_ms

display = st7789.ST7789(_spi, _dc, _cs, _rst, time.sleep_ms, width, height, lut=rgb565_table(),
                        ticks_ms=time.ticks_ms)


def backlight(percent):
    """Backlight brightness, 0..100."""
    if percent < 0:
        percent = 0
    elif percent > 100:
        percent = 100
    _bl.duty_u16(percent * 65535 // 100)


backlight(100)

# Active low with the internal pull-up: a pressed key reads 0.
_KEYS = (
    (Pin(15, Pin.IN, Pin.PULL_UP), _keys.A),
    (Pin(17, Pin.IN, Pin.PULL_UP), _keys.B),
    (Pin(2, Pin.IN, Pin.PULL_UP), _keys.UP),
    (Pin(18, Pin.IN, Pin.PULL_UP), _keys.DOWN),
    (Pin(16, Pin.IN, Pin.PULL_UP), _keys.LEFT),
    (Pin(20, Pin.IN, Pin.PULL_UP), _keys.RIGHT),
    (Pin(3, Pin.IN, Pin.PULL_UP), _keys.MENU),
)


def read_keys():
    """The logical keys held now, as a bit mask. Read once a frame (about every
    33 ms), longer than a key's contact bounce, so no debouncing here."""
    mask = 0
    for pin, bit in _KEYS:
        if not pin.value():
            mask |= bit
    return mask


peek_keys = read_keys  # the pins as they are: main.py looks at them between frames
