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
        # The seed goes through a 32-bit avalanche (murmur3's finaliser) before it
        # becomes the state: xorshift alone kept neighbouring seeds related (seeds s
        # and s+1 rolled the same first die 0.24% of the time instead of 1 in 6).
        # Seeding happens once a game, so its few large intermediates cost nothing.
        h = int(seed) & 0xFFFFFFFF
        h ^= h >> 16
        h = (h * 0x85EBCA6B) & 0xFFFFFFFF
        h ^= h >> 13
        h = (h * 0xC2B2AE35) & 0xFFFFFFFF
        h ^= h >> 16
        hi = h >> 16
        lo = h & _MASK16
        if not (hi or lo):  # xorshift must never be all-zero
            lo = 1
        self.hi = hi
        self.lo = lo

    @classmethod
    def from_entropy(cls, data):
        """A generator seeded from four bytes of the platform's entropy (hal.entropy)."""
        return cls((data[0] << 24) | (data[1] << 16) | (data[2] << 8) | data[3])

    def new_seed(self):
        """A seed for another generator (a game's dice, its computer players), drawn
        from this one: 30 bits, so it stays a small int on a 32-bit console and in a save."""
        return (self.next16() << 14) ^ self.next16()

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
