"""A surface on MicroPython's `framebuf` in GS4_HMSB (4 bits a pixel, palette
indexes): 240x135 takes 16,200 bytes.

    FbSurface(display)            the board's driver: a framebuf.FrameBuffer
                                  subclass with width, height and show(x, y, w, h)
    FbSurface(None, 240, 135)     an off-screen buffer of its own (tests, CPython
                                  with a framebuf stand-in)

flush() calls display.show(x, y, w, h) once per dirty rectangle. Text is the
framebuf's built-in 8x8 font.
"""

from pips.ui.surface import Surface


class FbSurface(Surface):
    char_w = 8
    char_h = 8

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
        self.fb = display
        self.width = width
        self.height = height
        Surface.__init__(self)

    def _fill(self, x, y, w, h, c):
        self.fb.fill_rect(x, y, w, h, c)

    def _pixel(self, x, y, c):
        self.fb.pixel(x, y, c)

    def _text(self, s, x, y, c):
        self.fb.text(s, x, y, c)

    def _send(self, x, y, w, h):
        if self.show is not None:
            self.show(x, y, w, h)

    def get_pixel(self, x, y):
        return self.fb.pixel(x, y)
