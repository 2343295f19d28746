"""A wall-clock Clock for the interactive simulator front ends."""
import time

from sim.keyscript import TICKS_PERIOD, ticks_add, ticks_diff


class RealClock:
    """Wall-clock time; ticks_ms() wraps at 2**30 like MicroPython's (see VirtualClock),
    from `start`; `now` is the plain milliseconds since the start."""

    def __init__(self, start=0):
        self.pump = None  # set by the front end: pump(ms) handles input while waiting
        self._t0 = time.monotonic()
        self.start = start % TICKS_PERIOD

    @property
    def now(self):
        return int((time.monotonic() - self._t0) * 1000)

    def today(self):
        """The computer's date (hal.clock's today())."""
        return time.strftime("%Y-%m-%d")

    def ticks_ms(self):
        return (self.start + self.now) % TICKS_PERIOD

    def ticks_diff(self, a, b):
        return ticks_diff(a, b)

    def ticks_add(self, a, b):
        return ticks_add(a, b)

    def sleep_ms(self, n):
        if self.pump is not None:
            self.pump(n)
        else:
            time.sleep(n / 1000)
