"""The project's one random generator: same seed, same numbers, on every runtime.

An additive lagged Fibonacci generator (Knuth, TAOCP vol. 2, 3.2.2, lags 24 and
55) on 28-bit words: X[n] = (X[n-55] + X[n-24]) mod 2**28. Every value and every
intermediate sum stays below 2**30, so on a 32-bit MicroPython port nothing ever
becomes a heap-allocated long int: drawing a number allocates nothing. Seeding
runs three tiny Wichmann-Hill congruential generators whose products stay
below 2**23.

The words are made 55 at a time (`_refill`, two plain loops) and handed out in
order, so drawing a number is an index and a compare. A rollout's hot loop
(Block.playout) draws inline that way, from `_words` and `_at`, calling
`_refill()` at 55, and stores `_at` back: the same numbers, without a call;
so does the dealing of tiles into a mask (pips.games.domino.deal_mask).
"""

from pips import const

_MASK = const(0xFFFFFFF)  # 28 bits
_LAGS = const(55)
_SHORT = const(24)
_GAP = const(31)  # _LAGS - _SHORT, written out: CPython would add it up each time


class Rng:
    def __init__(self, seed=0):
        self._words = [0] * _LAGS
        self._at = _LAGS  # the next word to hand out; _LAGS: refill first
        self._saved = None  # mark()'s copy of the words, made on the first mark
        self._saved_at = 0
        self.seed(seed)

    def seed(self, seed):
        seed = int(seed)
        if seed < 0:
            seed = -seed
        a = 1 + seed % 30268
        b = 1 + (seed // 30268) % 30306
        c = 1 + (seed // 917302008) % 30322
        words = self._words
        for i in range(_LAGS):
            a = 171 * a % 30269
            b = 172 * b % 30307
            c = 170 * c % 30323
            # a also feeds the low bits, which b and c alone leave the same for
            # nearby seeds (every below(2) would draw alike)
            words[i] = ((a << 13) ^ (b << 6) ^ c ^ a) & _MASK
        words[0] |= 1  # at least one odd word gives the full period
        self._refill()  # two rounds discarded: the seeding's traces fade
        self._refill()
        self._at = _LAGS

    def _refill(self):
        """The next 55 words, in place: words[i] holds X[n-55] and, for i < 24,
        words[i + 31] still holds X[n-24]; from i = 24 on, X[n-24] is the new
        words[i - 24]."""
        words = self._words
        for i in range(_SHORT):
            words[i] = (words[i] + words[i + _GAP]) & _MASK
        for i in range(_SHORT, _LAGS):
            words[i] = (words[i] + words[i - _SHORT]) & _MASK
        self._at = 0

    def next(self):
        """The next 28-bit number."""
        at = self._at
        if at == _LAGS:
            self._refill()
            at = 0
        self._at = at + 1
        return self._words[at]

    def below(self, n):
        """A number in 0 .. n-1 (n at most a few thousand: the bias is below 1e-5)."""
        at = self._at
        if at == _LAGS:
            self._refill()
            at = 0
        self._at = at + 1
        return self._words[at] % n

    def shuffle(self, items, count=-1, picks=-1):
        """Shuffle the first `count` entries of a bytearray or list in place.
        With `picks`, only the first `picks` places are drawn (a partial
        Fisher-Yates: enough to deal hands off the top), the rest stays a
        uniformly random remainder in no particular order."""
        if count < 0:
            count = len(items)
        if picks < 0 or picks > count - 1:
            picks = count - 1 if count > 0 else 0  # nothing to shuffle: nothing drawn
        words = self._words
        at = self._at
        if at + picks <= _LAGS:
            # the words needed are all made (the usual case: a deal off the
            # top): no refill to look out for, a third faster on CPython
            for i in range(picks):
                j = i + words[at + i] % (count - i)
                items[i], items[j] = items[j], items[i]
            self._at = at + picks
            return
        for i in range(picks):
            if at == _LAGS:
                self._refill()
                at = 0
            j = i + words[at] % (count - i)
            at += 1
            items[i], items[j] = items[j], items[i]
        self._at = at

    def mark(self):
        """Remember the state: rewind() then draws the same numbers again (a bot
        trying its moves on the same luck). Allocates only on the first call."""
        if self._saved is None:
            self._saved = list(self._words)
        else:
            self._saved[:] = self._words
        self._saved_at = self._at

    def rewind(self):
        """Back to the state of the last mark()."""
        self._words[:] = self._saved
        self._at = self._saved_at

    def state(self, out=None):
        """The state as bytes, in `out` (a bytearray of 221, made when None),
        returned: the place of the next word, then the 55 words, 4 bytes each
        (pips.restore reads them)."""
        if out is None:
            out = bytearray(221)
        out[0] = self._at
        at = 1
        for w in self._words:
            out[at] = w >> 24
            out[at + 1] = (w >> 16) & 255
            out[at + 2] = (w >> 8) & 255
            out[at + 3] = w & 255
            at += 4
        return out

