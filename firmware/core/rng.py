"""The project's own seeded random source, identical under CPython and MicroPython.

A 32-bit xorshift (Marsaglia 13/17/5) kept as two 16-bit halves, so every
intermediate stays below 2**30 and is a small int on a 32-bit microcontroller
(no bigint allocation per draw). Dice use rejection sampling, so every face is
exactly equally likely. The state is two ints and goes into every save, so a
resumed game continues identically.
"""

_MASK16 = 0xFFFF


class Rng:
    __slots__ = ("hi", "lo")

    def __init__(self, seed=1):
        self.seed(seed)

    def seed(self, seed):
        # Spread the seed over both halves; xorshift must never be all-zero.
        seed = int(seed)
        lo = (seed ^ 0x9E37) & _MASK16
        hi = ((seed >> 16) ^ 0x79B9) & _MASK16
        if not (hi or lo):
            lo = 1
        self.hi = hi
        self.lo = lo
        # Discard a few outputs so nearby seeds diverge quickly.
        for _ in range(8):
            self.next16()

    @classmethod
    def from_hardware(cls):
        """A generator seeded from the platform's entropy source (os.urandom)."""
        import os
        b = os.urandom(4)
        return cls(((b[0] & 0x3F) << 24) | (b[1] << 16) | (b[2] << 8) | b[3])

    def getstate(self):
        return (self.hi, self.lo)

    def setstate(self, state):
        hi, lo = state
        hi &= _MASK16
        lo &= _MASK16
        if not (hi or lo):
            raise ValueError("rng state is all zero")
        self.hi = hi
        self.lo = lo

    def next16(self):
        """Advance the generator; return 16 random bits (the high half)."""
        hi = self.hi
        lo = self.lo
        # x ^= x << 13
        hi ^= ((hi << 13) | (lo >> 3)) & _MASK16
        lo ^= (lo << 13) & _MASK16
        # x ^= x >> 17
        lo ^= hi >> 1
        # x ^= x << 5
        hi ^= ((hi << 5) | (lo >> 11)) & _MASK16
        lo ^= (lo << 5) & _MASK16
        self.hi = hi
        self.lo = lo
        return hi

    def randbelow(self, n):
        """Uniform integer in [0, n) by rejection sampling; 1 <= n <= 2**16."""
        if n < 1 or n > 0x10000:
            raise ValueError("randbelow range")
        limit = 0x10000 - (0x10000 % n)  # largest multiple of n not above 2**16
        while True:
            r = self.next16()
            if r < limit:
                return r % n

    def randint(self, lo, hi):
        """Uniform integer in [lo, hi], both ends included."""
        return lo + self.randbelow(hi - lo + 1)

    def roll(self, sides=6):
        """One fair die: 1..sides."""
        return 1 + self.randbelow(sides)

    def choice(self, seq):
        return seq[self.randbelow(len(seq))]

    def shuffle(self, items):
        """Fisher-Yates shuffle of a list, in place."""
        i = len(items) - 1
        while i > 0:
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]
            i -= 1
