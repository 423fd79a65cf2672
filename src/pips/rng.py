"""The project's one random generator: same seed, same numbers, on every runtime.

An additive lagged Fibonacci generator (Knuth, TAOCP vol. 2, 3.2.2, lags 24 and
55) on 28-bit words. Every value and every intermediate sum stays below 2**30,
so on a 32-bit MicroPython port nothing ever becomes a heap-allocated long int:
drawing a number allocates nothing. Seeding runs three tiny Wichmann-Hill
congruential generators whose products stay below 2**23.
"""

from pips.compat import const

_MASK = const(0xFFFFFFF)  # 28 bits
_LAGS = const(55)
_SHORT = const(31)  # 55 - 24: distance from the oldest word to X[k-24]


class Rng:
    def __init__(self, seed=0):
        self._words = [0] * _LAGS
        self._at = 0
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
        self._at = 0
        for _ in range(2 * _LAGS):
            self.next()

    def next(self):
        """The next 28-bit number."""
        words = self._words
        at = self._at
        other = at + _SHORT
        if other >= _LAGS:
            other -= _LAGS
        value = (words[at] + words[other]) & _MASK
        words[at] = value
        at += 1
        self._at = at if at < _LAGS else 0
        return value

    def below(self, n):
        """A number in 0 .. n-1 (n at most a few thousand: the bias is below 1e-5)."""
        words = self._words
        at = self._at
        other = at + _SHORT
        if other >= _LAGS:
            other -= _LAGS
        value = (words[at] + words[other]) & _MASK
        words[at] = value
        at += 1
        self._at = at if at < _LAGS else 0
        return value % n

    def shuffle(self, items, count=-1, picks=-1):
        """Shuffle the first `count` entries of a bytearray or list in place.
        With `picks`, only the first `picks` places are drawn (a partial
        Fisher-Yates: enough to deal hands off the top), the rest stays a
        uniformly random remainder in no particular order."""
        if count < 0:
            count = len(items)
        if picks < 0 or picks > count - 1:
            picks = count - 1
        words = self._words
        at = self._at
        for i in range(picks):
            other = at + _SHORT
            if other >= _LAGS:
                other -= _LAGS
            value = (words[at] + words[other]) & _MASK
            words[at] = value
            at += 1
            if at == _LAGS:
                at = 0
            j = i + value % (count - i)
            items[i], items[j] = items[j], items[i]
        self._at = at

    def fork(self):
        """A new generator seeded from this one (for a bot's own choices)."""
        return Rng(self.next())
