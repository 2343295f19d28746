"""A wall-clock Clock for the interactive simulator front ends."""
import time


class RealClock:
    def __init__(self):
        self.pump = None  # set by the front end: pump(ms) handles input while waiting
        self._t0 = time.monotonic()

    @property
    def now(self):
        return self.ticks_ms()

    def ticks_ms(self):
        return int((time.monotonic() - self._t0) * 1000)

    def ticks_diff(self, a, b):
        return a - b

    def ticks_add(self, a, b):
        return a + b

    def sleep_ms(self, n):
        if self.pump is not None:
            self.pump(n)
        else:
            time.sleep(n / 1000)
