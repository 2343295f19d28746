"""Short non-blocking beeps on an optional piezo pin (PWM), honouring mute."""


class Sound:
    def __init__(self, pwm, clock):
        # pwm: a machine.PWM or None when the board has no buzzer
        self._pwm = pwm
        self._clock = clock
        self._until = None
        self.muted = False
        if pwm is not None:
            pwm.duty_u16(0)

    def beep(self, freq_hz=880, ms=30):
        if self.muted or self._pwm is None:
            return
        self._pwm.freq(freq_hz)
        self._pwm.duty_u16(32768)
        self._until = self._clock.ticks_add(self._clock.ticks_ms(), ms)

    def update(self):
        if self._until is not None and self._clock.ticks_diff(self._clock.ticks_ms(), self._until) >= 0:
            self._pwm.duty_u16(0)
            self._until = None

    def stop(self):
        if self._pwm is not None:
            self._pwm.duty_u16(0)
        self._until = None
