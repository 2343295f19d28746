"""Battery level (optional ADC pin behind a divider), free memory, idle naps."""
import gc


class Power:
    def __init__(self, adc=None, divider=2.0, empty_v=3.3, full_v=4.1, lightsleep=None, sleep_ms=None):
        # adc: machine.ADC or None; lightsleep: machine.lightsleep or None;
        # sleep_ms: the clock's sleep, used while the screen is on (USB stays up)
        self._adc = adc
        self._scale = divider * 3.3 / 65535
        self._empty = empty_v
        self._full = full_v
        self._lightsleep = lightsleep
        self._sleep_ms = sleep_ms

    def battery_level(self):
        """0 (empty) .. 4 (full), or None when the board has no battery sense."""
        if self._adc is None:
            return None
        v = self._adc.read_u16() * self._scale
        if v <= self._empty:
            return 0
        if v >= self._full:
            return 4
        return 1 + int(3 * (v - self._empty) / (self._full - self._empty))

    def free_memory(self):
        """Free heap bytes, or -1 where the interpreter cannot tell (CPython)."""
        gc.collect()
        mem_free = getattr(gc, "mem_free", None)
        return mem_free() if mem_free is not None else -1

    def nap(self, ms, screen_off=False):
        """Idle while waiting for a button: light sleep once the screen is off."""
        if screen_off and self._lightsleep is not None:
            self._lightsleep(ms)
        elif self._sleep_ms is not None:
            self._sleep_ms(ms)
