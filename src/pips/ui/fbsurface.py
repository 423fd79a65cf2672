"""The surface on MicroPython's `framebuf` in GS4_HMSB (4 bits a pixel,
palette indexes): 240x135 takes 16,200 bytes.

    FbSurface(display)            the board's driver: a framebuf.FrameBuffer
                                  subclass with width, height and show(x, y, w, h)
    FbSurface(None, 240, 135)     an off-screen buffer of its own (tests, CPython
                                  with a framebuf stand-in)

flush() calls display.show(x, y, w, h) once per dirty rectangle. Text is
drawn by the surface in the panel's bitmap font (pips.ui.font), not in the
framebuf's 8x8 one.
"""

from pips.ui.surface import Surface

# the native text drawer (None where no native emitter compiles it: the
# runs are then a fill_rect each, Surface._text)
from pips.ui.glyph_viper import glyphs as _glyphs, NOT_ASCII as _NOT_ASCII


class FbSurface(Surface):
    def __init__(self, display=None, width=0, height=0):
        import framebuf  # only here: the screens never import framebuf

        if display is None:
            self.buffer = bytearray((width * height + 1) // 2)
            display = framebuf.FrameBuffer(self.buffer, width, height, framebuf.GS4_HMSB)
            self.show = None
        else:
            width = width or display.width
            height = height or display.height
            self.buffer = getattr(display, "buffer", None)
            self.show = display.show
        self.width = width
        self.height = height
        # the primitives are the framebuf's own methods, bound once: no method
        # of this class stands in between (a call more for every fill and pixel)
        self._fill = display.fill_rect
        self._pixel = display.pixel
        self.get_pixel = display.pixel  # pixel(x, y) without a colour reads it
        Surface.__init__(self)
        self._size = (width << 16) | height
        # the native drawer reads the runs from the font's table: not where they
        # stay in a data file (the .mpy form, pips.ui.font.open_runs)
        if _glyphs is not None and self.buffer is not None and self._runs_file is None:
            self._text = self._text_native

    def _text_native(self, s, x, y, c):
        """Surface._text drawn by the native drawer (pips.ui.glyph_viper)
        straight into the frame buffer: printable ASCII in one call, other
        text a call a glyph."""
        font = self.font
        glyphs = font.GLYPHS
        runs = font.RUNS
        buf = self.buffer
        size = self._size
        yc = (y << 4) | (c & 15)
        if _glyphs(buf, size, glyphs, runs, s, len(s) << 16, x, yc) != _NOT_ASCII:
            return
        for ch in s:
            k = ord(ch) - 32
            if k < 0 or k > 94:
                k = self._glyph(k + 32)
            x = _glyphs(buf, size, glyphs, runs, s, k, x, yc)

    def _send(self, x, y, w, h):
        if self.show is not None:
            self.show(x, y, w, h)
