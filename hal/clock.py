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
