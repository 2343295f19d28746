"""Six push buttons to ground: debounced, edge-latched, auto-repeat, chord.

Pins are inputs with pull-ups (pressed reads 0). A falling-edge interrupt
latches every press, so a tap shorter than the scan interval is still seen.
Directions report on press and repeat while held; A and B report on release,
so that holding both is the menu chord and triggers neither A nor B.
No allocation in update() or the interrupt handler.

Times are MicroPython ticks: ticks_ms() wraps at 2**30 ms (12.4 days) and two ticks
compare only through ticks_diff, which is right for gaps under 2**29 ms (6.2 days).
So no time is kept longer than that: a pin's last edge counts only while it bounces
(the _settling bits), and the idle time stops growing at _IDLE_CAP.
"""
from micropython import const
from hal.keys import K_A, K_B, K_MENU, K_DIRS

_DEBOUNCE_MS = const(20)
_CHORD_MS = const(300)
_AB = const(48)  # K_A | K_B
_IDLE_CAP = const(0x10000000)  # 2**28 ms, 3.1 days: far above any screen-off delay, below 2**29


class Buttons:
    def __init__(self, pins, clock, repeat_delay=400, repeat_every=120):
        # pins: tuple of (key bit, machine.Pin), the pin already an input with pull-up
        self._pins = pins
        self._clock = clock
        self._latched = 0
        self._state = 0
        self._last_edge = [0] * len(pins)
        self._settling = 0  # bits of the pins whose last edge is under _DEBOUNCE_MS old
        self._out = 0
        self._repeat_bit = 0
        self._repeat_at = 0
        self._chord_since = -1
        self._chord_done = False
        self._chord_used = False
        self._active_at = clock.ticks_ms()
        self.set_repeat(repeat_delay, repeat_every)
        handler = self._irq
        for _bit, pin in pins:
            try:
                pin.irq(trigger=pin.IRQ_FALLING, handler=handler)
            except (AttributeError, TypeError):
                pass  # no interrupts on this pin type: scanning alone

    def set_repeat(self, delay_ms, every_ms):
        self._repeat_delay = delay_ms
        self._repeat_every = every_ms

    def _irq(self, pin):
        for bit, p in self._pins:
            if p is pin:
                self._latched |= bit

    def held(self):
        return self._state

    def idle_ms(self):
        """Milliseconds since the last press (at most _IDLE_CAP, however long)."""
        return self._idle(self._clock.ticks_ms())

    def _idle(self, now):
        clock = self._clock
        idle = clock.ticks_diff(now, self._active_at)
        if idle > _IDLE_CAP or idle < 0:  # (negative: the gap passed 2**29 ms between two looks)
            self._active_at = clock.ticks_add(now, -_IDLE_CAP)
            idle = _IDLE_CAP
        return idle

    def touch(self):
        """Count as activity now (e.g. after waking the screen)."""
        self._active_at = self._clock.ticks_ms()

    def update(self):
        clock = self._clock
        now = clock.ticks_ms()
        latched = self._latched
        self._latched = 0
        pins = self._pins
        state = self._state
        settling = self._settling
        last_edge = self._last_edge
        i = 0
        for bit, pin in pins:
            # a pin still bouncing (its last edge under _DEBOUNCE_MS old) is not read
            if not (settling & bit and 0 <= clock.ticks_diff(now, last_edge[i]) < _DEBOUNCE_MS):
                settling &= ~bit
                down = pin.value() == 0
                was = state & bit
                edge = True
                if down and not was:
                    state = self._press(state, bit, now)
                elif not down and was:
                    state = self._release(state, bit)
                elif not down and (latched & bit):
                    # pressed and released between two scans: a whole tap
                    state = self._press(state, bit, now)
                    state = self._release(state, bit)
                else:
                    edge = False
                if edge:
                    last_edge[i] = now
                    settling |= bit
            i += 1
        self._state = state
        self._settling = settling
        if state:
            self._active_at = now
        else:
            self._idle(now)  # keeps the idle time within reach of ticks_diff
        # auto-repeat of the direction key held last
        rb = self._repeat_bit
        if rb and (state & rb) and clock.ticks_diff(now, self._repeat_at) >= 0:
            self._out |= rb
            self._repeat_at = clock.ticks_add(now, self._repeat_every)
        # chord: A and B held together
        if state & _AB == _AB:
            if self._chord_since < 0:
                self._chord_since = now
            self._chord_used = True
            if not self._chord_done and clock.ticks_diff(now, self._chord_since) >= _CHORD_MS:
                self._out |= K_MENU
                self._chord_done = True
        else:
            self._chord_since = -1
            self._chord_done = False

    def _press(self, state, bit, now):
        self._active_at = now
        if bit & K_DIRS:
            self._out |= bit
            self._repeat_bit = bit
            self._repeat_at = self._clock.ticks_add(now, self._repeat_delay)
        return state | bit

    def _release(self, state, bit):
        state &= ~bit
        if bit & _AB:
            if not self._chord_used:
                self._out |= bit
            if not (state & _AB):
                self._chord_used = False
        elif bit == self._repeat_bit:
            self._repeat_bit = 0
        return state

    def pressed(self):
        """Key bits pressed since the last call (and clears them)."""
        out = self._out
        self._out = 0
        return out

    def clear(self):
        self._out = 0
        self._latched = 0
