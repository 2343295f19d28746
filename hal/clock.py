"""Monotonic milliseconds and sleeping, on MicroPython's time module."""
import time


class Clock:
    def ticks_ms(self):
        return time.ticks_ms()

    def ticks_diff(self, a, b):
        return time.ticks_diff(a, b)

    def ticks_add(self, a, b):
        return time.ticks_add(a, b)

    def sleep_ms(self, n):
        time.sleep_ms(n)

    def today(self):
        """The date, "YYYY-MM-DD", or None when the clock was never set: MicroPython's
        clock then starts at 2000-01-01, so a year before 2024 means not set."""
        now = time.localtime()
        year, month, day = now[0], now[1], now[2]  # (a struct_time on CPython: the same order)
        if year < 2024:
            return None
        return "%04d-%02d-%02d" % (year, month, day)
