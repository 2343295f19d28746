"""A simulated console: board wiring, SSD1306 model, virtual clock, scripted keys.

Headless runs are deterministic: time is virtual, and each scripted key is
pressed at the moment the firmware next waits for input (hal.power.nap), so a
key never lands in the middle of a computer player's move. When the script is
used up and the firmware waits again, the run ends (SimDone).
"""
import importlib
import os
import sys
import tempfile

import sim  # noqa: F401  (paths)
import machine
from core.keys import key_bit
from core.rng import Rng
from hal.power import Power
from sim.ssd1306_model import SSD1306Model

import boards as _boards

BOARDS = _boards.names()
PRESS_MS = 60
CHORD_MS = 500


def wait_ms(token):
    """WAIT is one second of no input; WAIT:5000 is 5000 ms."""
    if token == "WAIT":
        return 1000
    if token.startswith("WAIT:"):
        return int(token[5:])
    raise ValueError("unknown key '%s'" % token)


class SimDone(BaseException):  # not Exception: the launcher must not catch it
    """The key script is used up and the firmware waits for input."""


def load_board(name):
    if name not in BOARDS:
        raise ValueError("unknown board '%s' (boards: %s)" % (name, ", ".join(BOARDS)))
    board = importlib.import_module("boards." + name)
    sys.modules["board"] = board
    return board


class VirtualClock:
    def __init__(self, console):
        self.console = console
        self.now = 0

    def ticks_ms(self):
        return self.now

    def ticks_diff(self, a, b):
        return a - b

    def ticks_add(self, a, b):
        return a + b

    def sleep_ms(self, n):
        self.console.advance(n)


class SimPower(Power):
    """Power with a simulated battery and a nap that feeds the key script."""

    def __init__(self, console):
        Power.__init__(self, machine.ADC(0), 2.0)
        self.console = console

    def nap(self, ms, screen_off=False):
        self.console.idle(ms)


class Console:
    def __init__(self, board="pico", seed=1, keys=(), storage_dir=None, clock=None, pump=None, driver=None):
        # pump: for interactive front ends, pump(ms) handles input and waits in real time
        # driver: driver(console) -> list of key names (or None to stop), asked whenever the
        #   script is used up and the firmware waits: lets a test play a whole game by buttons
        machine.reset_world()
        self.board = load_board(board)
        self.model = SSD1306Model()
        machine._i2c_devices[self.board.DISPLAY_ADDR] = self.model
        self.script = list(keys)
        for k in self.script:
            if k.startswith("WAIT"):
                wait_ms(k)
            else:
                key_bit(k)  # unknown names fail now, with the list of keys
        self.events = []          # (time, gpio, level), in time order
        self.frames = []          # observers: f(console) after every show()
        self.waits = 0
        self.pump = pump
        self.driver = driver
        self.clock = clock or VirtualClock(self)
        if storage_dir is None:
            self._tmp = tempfile.TemporaryDirectory(prefix="pocket-party-")
            storage_dir = self._tmp.name
        os.makedirs(storage_dir, exist_ok=True)
        self.storage_dir = storage_dir
        from hal.device import make_hal
        self.hal = make_hal(self.board, clock=self.clock, rng=Rng(seed),
                            storage_root=os.path.join(storage_dir, "saves"), power=SimPower(self))
        display = self.hal.display
        show = display.show

        def show_and_notify(*args, **kw):
            show(*args, **kw)
            for f in self.frames:
                f(self)
        display.show = show_and_notify

    # ---- time and input ----------------------------------------------------
    def gpio_of(self, name):
        for n, gpio in self.board.BUTTONS:
            if n == name:
                return gpio
        raise ValueError("board has no %s button" % name)

    def schedule_key(self, name, at=None):
        at = self.clock.ticks_ms() if at is None else at
        if name == "MENU":
            for b in ("A", "B"):
                self.events.append((at, self.gpio_of(b), 0))
                self.events.append((at + CHORD_MS, self.gpio_of(b), 1))
        else:
            gpio = self.gpio_of(name)
            self.events.append((at, gpio, 0))
            self.events.append((at + PRESS_MS, gpio, 1))
        self.events.sort(key=lambda e: e[0])

    def apply_due(self, now):
        """Real-time front ends: apply the scheduled pin changes that are due."""
        while self.events and self.events[0][0] <= now:
            _t, gpio, level = self.events.pop(0)
            machine.set_level(gpio, level)

    def advance(self, ms):
        target = self.clock.now + ms
        while self.events and self.events[0][0] <= target:
            t, gpio, level = self.events.pop(0)
            self.clock.now = max(self.clock.now, t)
            machine.set_level(gpio, level)
        self.clock.now = target

    def idle(self, ms):
        """The firmware waits for input: play the next scripted key, or stop."""
        self.waits += 1
        if self.pump is not None:
            self.pump(ms)
            return
        if not self.events:
            if self.script and self.script[0].startswith("WAIT"):
                self.advance(wait_ms(self.script.pop(0)))
                return  # let the firmware see the time pass (e.g. sleep the screen)
            if not self.script and self.driver is not None:
                more = self.driver(self)
                if more:
                    self.script.extend(more)
                    return self.idle(ms)
            if self.script:
                self.schedule_key(self.script.pop(0))
            else:
                raise SimDone()
        self.advance(ms)

    # ---- running -------------------------------------------------------------
    def run(self):
        """Boot the launcher and play the script. Returns when the script is used up."""
        import main
        try:
            main.run(self.hal)
        except SimDone:
            pass

    def panel(self):
        return self.model.panel()

    def image(self, scale=4):
        return self.model.to_image(scale=scale)
