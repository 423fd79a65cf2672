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
from pips.ui.glyph_viper import glyphs as _glyphs


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
        """Surface._text straight into the frame buffer by the native drawer."""
        self._runs_native(self.buffer, self._size, s, x, y, c)

    def _send(self, x, y, w, h):
        if self.show is not None:
            self.show(x, y, w, h)
