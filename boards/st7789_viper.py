"""The ST7789 driver's native expander (st7789.py), compiled for this CPU
when the driver is first imported.

`expand(src, start, step, dest, lut, x, w, rows)`: `rows` rows of w pixels
from byte `start` of the 4-bit buffer `src` (x odd: the first pixel is that
byte's low nibble; a row every `step` bytes), into consecutive RGB565 pixels
of `dest`, through the 16 big-endian entries of `lut`. None where no native
emitter compiles it (a port without one; CPython: NameError).

A module of its own: once compiled, its source text is garbage. Kept among the
driver's constants (a .mpy copied to the board keeps them all in RAM), it
would stay for good. Its names are ones MicroPython knows already: a new name
takes RAM for good too (an interned string).
"""

try:
    exec("""
@micropython.viper
def expand(src: ptr8, start: int, step: int, dest: ptr16, lut: ptr16, x: int, w: int, rows: int):
    pos = 0
    while rows > 0:
        i = start
        count = w
        if x & 1:
            dest[pos] = lut[src[i] & 15]
            pos += 1
            i += 1
            count -= 1
        end = i + (count >> 1)
        while i < end:
            b = src[i]
            dest[pos] = lut[b >> 4]
            dest[pos + 1] = lut[b & 15]
            pos += 2
            i += 1
        if count & 1:
            dest[pos] = lut[src[i] >> 4]
            pos += 1
        start += step
        rows -= 1
""")
except Exception:
    expand = None
