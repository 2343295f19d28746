"""Scripted buttons on a virtual clock: the core of both headless consoles
(sim/console.py on CPython, tools/headless.py on either interpreter).

Each key is pressed at the moment the firmware next waits for input (its
`hal.power.nap`), so a key never lands in the middle of a computer player's
move; when the script is used up and the firmware waits again, the run ends
with Done. Runs under MicroPython too: plain classes, no CPython-only modules.
"""
from hal.keys import key_bit

PRESS_MS = 60   # how long a scripted key is held
CHORD_MS = 500  # how long MENU holds A+B


def wait_ms(token):
    """WAIT is one second of no input; WAIT:5000 is 5000 ms."""
    if token == "WAIT":
        return 1000
    if token.startswith("WAIT:"):
        return int(token[5:])
    raise ValueError("unknown key '%s'" % token)


def check_keys(keys):
    """Fail now, with the list of keys, on a name the script cannot press."""
    for k in keys:
        if k.startswith("WAIT"):
            wait_ms(k)
        else:
            key_bit(k)


class Done(BaseException):  # not Exception: the launcher must not catch it
    """The key script is used up and the firmware waits for input."""


class Restart(BaseException):  # not Exception: nothing in the firmware may catch it
    """The firmware asked for a reset (main.run's restart): the console boots again."""


def restart():
    raise Restart()


class ScriptPin:
    """A pulled-up button input for a scripted console: level 1 released, 0 pressed;
    a falling edge calls the interrupt handler, as machine.Pin would."""
    IRQ_FALLING = 4

    def __init__(self):
        self.level = 1
        self.handler = None

    def value(self, v=None):
        return self.level

    def irq(self, trigger=4, handler=None):
        self.handler = handler

    def drive(self, level):
        fall = self.level == 1 and level == 0
        self.level = level
        if fall and self.handler is not None:
            self.handler(self)


def seeded_entropy(seed):
    """The stand-in for os.urandom (hal.entropy) of a scripted console: bytes from a
    generator seeded with the run's seed, so every run of the same seed and keys is the same."""
    from core.rng import Rng
    rng = Rng(seed)

    def entropy(n):
        return bytes([rng.next16() & 0xFF for _ in range(n)])
    return entropy


TICKS_PERIOD = 1 << 30   # MicroPython's ticks_ms() counts modulo 2**30 (wraps after 12.4 days)
_TICKS_MASK = TICKS_PERIOD - 1
_TICKS_HALF = TICKS_PERIOD >> 1


def ticks_add(a, b):
    return (a + b) & _TICKS_MASK


def ticks_diff(a, b):
    """a - b on the 2**30 ring, as MicroPython's time.ticks_diff: in [-2**29, 2**29)."""
    return ((a - b + _TICKS_HALF) & _TICKS_MASK) - _TICKS_HALF


class VirtualClock:
    """Virtual time. `now` is the milliseconds since the console started (it never wraps:
    the key script's events are timed on it); ticks_ms() is what MicroPython would return,
    starting at `start` (a test may start a few seconds before the wrap, or days in) and
    wrapping at 2**30 like the real one, so only ticks_diff/ticks_add compare correctly."""

    def __init__(self, script, start=0):
        self.script = script
        self.now = 0
        self.start = start & _TICKS_MASK
        self.date = None    # today(): "YYYY-MM-DD", or None as a console whose clock is not set

    def today(self):
        return self.date

    def ticks_ms(self):
        return (self.start + self.now) & _TICKS_MASK

    def ticks_diff(self, a, b):
        return ticks_diff(a, b)

    def ticks_add(self, a, b):
        return ticks_add(a, b)

    def sleep_ms(self, n):
        self.script.advance(n)


class KeyScript:
    """Pending key presses and releases; subclasses say how a button is driven."""

    def __init__(self, keys, driver=None, ticks_start=0):
        # ticks_start: the clock's ticks_ms() at the start (see VirtualClock)
        check_keys(keys)
        self.script = list(keys)
        self.driver = driver      # driver(self) -> more keys, or None to stop
        self.events = []          # (time, button name, level), in time order
        self.clock = VirtualClock(self, ticks_start)
        self.waits = 0

    def drive(self, name, level):
        raise NotImplementedError

    def schedule_key(self, name, at=None):
        """Press a key at `at` (the clock's `now`, not its ticks_ms), or now."""
        at = self.clock.now if at is None else at
        names = ("A", "B") if name == "MENU" else (name,)
        hold = CHORD_MS if name == "MENU" else PRESS_MS
        for n in names:
            self.events.append((at, n, 0))
            self.events.append((at + hold, n, 1))
        self.events.sort(key=lambda e: e[0])

    def apply_due(self, now):
        """Apply the pin changes due at `now` (the clock's `now`; real-time front ends)."""
        while self.events and self.events[0][0] <= now:
            _t, name, level = self.events.pop(0)
            self.drive(name, level)

    def advance(self, ms):
        clock = self.clock
        target = clock.now + ms
        while self.events and self.events[0][0] <= target:
            t, name, level = self.events.pop(0)
            if t > clock.now:
                clock.now = t
            self.drive(name, level)
        clock.now = target

    def idle(self, ms):
        """The firmware waits for input: play the next scripted key, or stop."""
        self.waits += 1
        if not self.events:
            if not self.script and self.driver is not None:
                more = self.driver(self)
                if more:
                    check_keys(more)
                    self.script.extend(more)
            if self.script and self.script[0].startswith("WAIT"):
                self.advance(wait_ms(self.script.pop(0)))
                return  # let the firmware see the time pass (e.g. sleep the screen)
            if not self.script:
                raise Done()
            self.schedule_key(self.script.pop(0))
        self.advance(ms)
