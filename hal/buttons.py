"""Six push buttons to ground: debounced, edge-latched, auto-repeat, chord.

Pins are inputs with pull-ups (pressed reads 0). A falling-edge interrupt
latches every press, so a tap shorter than the scan interval is still seen.
Directions report on press and repeat while held; A and B report on release,
so that holding both is the menu chord and triggers neither A nor B.
No allocation in update() or the interrupt handler.
"""
from micropython import const
from hal.keys import K_A, K_B, K_MENU, K_DIRS

_DEBOUNCE_MS = const(20)
_CHORD_MS = const(300)
_AB = const(48)  # K_A | K_B


class Buttons:
    def __init__(self, pins, clock, repeat_delay=400, repeat_every=120):
        # pins: tuple of (key bit, machine.Pin), the pin already an input with pull-up
        self._pins = pins
        self._clock = clock
        self._latched = 0
        self._state = 0
        self._last_edge = [0] * len(pins)
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
        return self._clock.ticks_diff(self._clock.ticks_ms(), self._active_at)

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
        i = 0
        for bit, pin in pins:
            down = pin.value() == 0
            was = state & bit
            if clock.ticks_diff(now, self._last_edge[i]) >= _DEBOUNCE_MS:
                if down and not was:
                    state = self._press(state, bit, now)
                    self._last_edge[i] = now
                elif not down and was:
                    state = self._release(state, bit)
                    self._last_edge[i] = now
                elif not down and (latched & bit):
                    # pressed and released between two scans: a whole tap
                    state = self._press(state, bit, now)
                    state = self._release(state, bit)
                    self._last_edge[i] = now
            i += 1
        self._state = state
        if state:
            self._active_at = now
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
