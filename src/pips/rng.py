"""The project's one random generator: same seed, same numbers, on every runtime.

An additive lagged Fibonacci generator (Knuth, TAOCP vol. 2, 3.2.2, lags 24 and
55) on 28-bit words: X[n] = (X[n-55] + X[n-24]) mod 2**28. Every value and every
intermediate sum stays below 2**30, so on a 32-bit MicroPython port nothing ever
becomes a heap-allocated long int: drawing a number allocates nothing. Seeding
runs three tiny Wichmann-Hill congruential generators whose products stay
below 2**23.

Drawing inline, the one API a hot loop may use besides the methods: the
words are made LAGS (55) at a time into the list `words` and handed out in
order from index `at`; `refill()` makes the next 55 and sets `at` to 0. A
loop that draws many numbers reads `words` and `at` into locals once, and
for each number does

    if at == LAGS:
        rng.refill()
        at = 0
    r = words[at]
    at += 1

then stores `rng.at = at` back before anything else draws: exactly the
numbers next() would give, without a call a number: 12 us a number on the
emulated Cortex-M0 against 24 us a call of below() (make bench-device's
pips_bench.draws, 2,000 numbers each way). Block's, Reserve's and UNO's
rollouts, which draw a number at most every move, the tiles' dealing
(pips.games.domino.deal_mask) and random play (pips.selfplay.random_games)
draw so.
"""

from pips import const

_MASK = const(0xFFFFFFF)  # 28 bits
LAGS = const(55)  # words made at a time (public: the inline draw above)
STATE_SIZE = const(221)  # state(): the place of the next word, then 55 words of 4 bytes
_SHORT = const(24)
_GAP = const(31)  # LAGS - _SHORT, written out: CPython would add it up each time


class Rng:
    def __init__(self, seed=0):
        self.words = [0] * LAGS
        self.at = LAGS  # the next word to hand out; LAGS: refill first
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
        words = self.words
        for i in range(LAGS):
            a = 171 * a % 30269
            b = 172 * b % 30307
            c = 170 * c % 30323
            # a also feeds the low bits, which b and c alone leave the same for
            # nearby seeds (every below(2) would draw alike)
            words[i] = ((a << 13) ^ (b << 6) ^ c ^ a) & _MASK
        words[0] |= 1  # at least one odd word gives the full period
        self.refill()  # two rounds discarded: the seeding's traces fade
        self.refill()
        self.at = LAGS

    def refill(self):
        """The next 55 words, in place: words[i] holds X[n-55] and, for i < 24,
        words[i + 31] still holds X[n-24]; from i = 24 on, X[n-24] is the new
        words[i - 24]."""
        words = self.words
        for i in range(_SHORT):
            words[i] = (words[i] + words[i + _GAP]) & _MASK
        for i in range(_SHORT, LAGS):
            words[i] = (words[i] + words[i - _SHORT]) & _MASK
        self.at = 0

    def next(self):
        """The next 28-bit number."""
        at = self.at
        if at == LAGS:
            self.refill()
            at = 0
        self.at = at + 1
        return self.words[at]

    def below(self, n):
        """A number in 0 .. n-1 (n at most a few thousand: the bias is below 1e-5)."""
        at = self.at
        if at == LAGS:
            self.refill()
            at = 0
        self.at = at + 1
        return self.words[at] % n

    def shuffle(self, items, count=-1, picks=-1):
        """Shuffle the first `count` entries of a bytearray or list in place.
        With `picks`, only the first `picks` places are drawn (a partial
        Fisher-Yates: enough to deal hands off the top), the rest stays a
        uniformly random remainder in no particular order."""
        if count < 0:
            count = len(items)
        if picks < 0 or picks > count - 1:
            picks = count - 1 if count > 0 else 0  # nothing to shuffle: nothing drawn
        words = self.words
        at = self.at
        if at + picks <= LAGS:
            # the words needed are all made (the usual case: a deal off the
            # top): no refill to look out for, a third faster on CPython
            for i in range(picks):
                j = i + words[at + i] % (count - i)
                items[i], items[j] = items[j], items[i]
            self.at = at + picks
            return
        for i in range(picks):
            if at == LAGS:
                self.refill()
                at = 0
            j = i + words[at] % (count - i)
            at += 1
            items[i], items[j] = items[j], items[i]
        self.at = at

    def mark(self):
        """Remember the state: rewind() then draws the same numbers again (a bot
        trying its moves on the same luck). Allocates only on the first call."""
        if self._saved is None:
            self._saved = list(self.words)
        else:
            self._saved[:] = self.words
        self._saved_at = self.at

    def rewind(self):
        """Back to the state of the last mark()."""
        self.words[:] = self._saved
        self.at = self._saved_at

    def state(self, out=None):
        """The state as bytes, in `out` (a bytearray of STATE_SIZE, made when
        None), returned: the place of the next word, then the 55 words, 4
        bytes each (what pips.save keeps; set_state reads it back)."""
        if out is None:
            out = bytearray(STATE_SIZE)
        out[0] = self.at
        at = 1
        for w in self.words:
            out[at] = w >> 24
            out[at + 1] = (w >> 16) & 255
            out[at + 2] = (w >> 8) & 255
            out[at + 3] = w & 255
            at += 4
        return out


    def set_state(self, data, at=0):
        """Take the state state() wrote at data[at:]; return the place after
        it. ValueError for bytes no generator wrote (nothing is changed)."""
        if len(data) < at + STATE_SIZE or data[at] > LAGS:
            raise ValueError("not a generator state")
        odd = 0
        for i in range(at + 1, at + STATE_SIZE, 4):
            w = (data[i] << 24) | (data[i + 1] << 16) | (data[i + 2] << 8) | data[i + 3]
            if w > _MASK:
                raise ValueError("not a generator state")
            odd |= w
        if not odd & 1:
            raise ValueError("not a generator state")  # every state keeps an odd word
        words = self.words
        for i in range(LAGS):
            j = at + 1 + 4 * i
            words[i] = (data[j] << 24) | (data[j + 1] << 16) | (data[j + 2] << 8) | data[j + 3]
        self.at = data[at]
        return at + STATE_SIZE
