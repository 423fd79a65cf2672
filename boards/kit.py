"""What the board profiles share on a real board (machine): the panel on its
SPI bus, a PWM backlight, keys on pins, a PWM buzzer. A profile says only its
pins and numbers (boards/pico_lcd_114.py is the reference, written out in full).
"""

import time

from machine import PWM, SPI, Pin

import st7789
from pips.ui.palette import rgb565_table


def panel(spi_id, sck, mosi, dc, cs, rst, baud, width, height, col_offset, row_offset,
          madctl=0x70, direct=False):
    """The ST7789 driver (a 4-bit frame buffer) on SPI `spi_id`. The pins are
    made after the bus (see pico_lcd_114.py: the bus may claim a default MISO).
    direct: no frame buffer of the whole screen (st7789_direct.py), for a
    panel whose frame buffer the heap cannot spare."""
    spi = SPI(spi_id, baudrate=baud, polarity=0, phase=0, sck=Pin(sck), mosi=Pin(mosi),
              miso=None)
    dc = Pin(dc, Pin.OUT, value=1)
    cs = Pin(cs, Pin.OUT, value=1)
    rst = None if rst is None else Pin(rst, Pin.OUT, value=1)
    if direct:
        from st7789_direct import ST7789Direct as driver
    else:
        driver = st7789.ST7789
    return driver(spi, dc, cs, rst, time.sleep_ms, width, height, col_offset, row_offset,
                  madctl, lut=rgb565_table(), ticks_ms=time.ticks_ms)


def backlight(pin):
    """backlight(percent) on a PWM pin, dark until the first call."""
    pwm = PWM(Pin(pin))
    pwm.freq(1000)
    pwm.duty_u16(0)

    def set_level(percent):
        percent = 0 if percent < 0 else 100 if percent > 100 else percent
        pwm.duty_u16(percent * 65535 // 100)

    return set_level


def keys(pairs, pull=True):
    """read_keys() for active-low keys: pairs of (GPIO, logical key bit). A pin
    without an internal pull-up (ESP32 GPIO 34-39) has one on the board: pull=False
    for it by giving its GPIO as a negative number."""
    table = []
    for gpio, bit in pairs:
        if gpio < 0:
            table.append((Pin(-gpio, Pin.IN), bit))
        else:
            table.append((Pin(gpio, Pin.IN, Pin.PULL_UP if pull else None), bit))
    table = tuple(table)

    def read_keys():
        mask = 0
        for pin, bit in table:
            if not pin.value():
                mask |= bit
        return mask

    return read_keys


def buzzer(pin):
    """tone(hz, ms): a square wave on a PWM pin for about `ms` (0 Hz: silence).
    The wave runs on while the frame loop goes on; the next call (or a tone of
    0) stops it, so a tone costs the frame nothing."""
    pwm = PWM(Pin(pin))
    pwm.duty_u16(0)

    def tone(hz, ms=0):
        if hz <= 0:
            pwm.duty_u16(0)
            return
        pwm.freq(hz)
        pwm.duty_u16(32768)

    return tone


def speaker(i2s_id, sck, ws, sd, rate=16000, level=6000):
    """tone(hz, ms) as buzzer()'s, on an I2S amplifier (the Cardputer's
    speaker): a square wave of `hz` at `rate` samples a second, 16-bit mono,
    `level` loud, played through machine.I2S in its non-blocking mode (a
    buffer of whole periods written again each time the driver has sent it,
    from its irq callback) until the next call; 0 Hz: silence. Two buffers
    take turns, so a new tone never rewrites the one being sent."""
    from machine import I2S

    audio = I2S(i2s_id, sck=Pin(sck), ws=Pin(ws), sd=Pin(sd), mode=I2S.TX, bits=16,
                format=I2S.MONO, rate=rate, ibuf=4096)
    most = rate // 25  # samples a buffer holds at most: 40 ms
    buffers = (bytearray(2 * most), bytearray(2 * most))
    playing = [None, 0]  # the buffer that repeats (None: silence), which of the two is next

    def again(_audio):
        wave = playing[0]
        if wave is not None:
            audio.write(wave)

    audio.irq(again)

    def tone(hz, ms=0):
        if hz <= 0:
            playing[0] = None  # the buffer being sent ends, and nothing follows
            return
        # whole periods, as many as fit the buffer, so that its end meets its start
        periods = most * hz // rate
        if periods < 1:
            periods = 1
        n = periods * rate // hz
        buf = buffers[playing[1]]
        playing[1] ^= 1
        high = level & 0xFFFF
        low = -level & 0xFFFF
        for i in range(n):
            v = high if (2 * i * hz // rate) & 1 == 0 else low
            buf[2 * i] = v & 0xFF  # little-endian samples
            buf[2 * i + 1] = v >> 8
        wave = memoryview(buf)[: 2 * n]
        idle = playing[0] is None
        playing[0] = wave
        if idle:
            audio.write(wave)  # the callback keeps it going

    return tone
