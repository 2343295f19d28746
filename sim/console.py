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
from hal.power import Power
from sim.keyscript import KeyScript, Done as SimDone, seeded_entropy, wait_ms  # noqa: F401 (re-exported)
from sim.ssd1306_model import SSD1306Model

import boards as _boards

BOARDS = _boards.names()


def load_board(name):
    if name not in BOARDS:
        raise ValueError("unknown board '%s' (boards: %s)" % (name, ", ".join(BOARDS)))
    board = importlib.import_module("boards." + name)
    sys.modules["board"] = board
    return board


class SimPower(Power):
    """Power with a simulated battery and a nap that feeds the key script."""

    def __init__(self, console):
        Power.__init__(self, machine.ADC(0), 2.0)
        self.console = console

    def nap(self, ms, screen_off=False):
        self.console.idle(ms)


class Console(KeyScript):
    def __init__(self, board="pico", seed=1, keys=(), storage_dir=None, clock=None, pump=None, driver=None,
                 resets=False, ticks_start=0, link=None, date=None, code=None):
        # pump: for interactive front ends, pump(ms) handles input and waits in real time
        # driver: driver(console) -> list of key names (or None to stop), asked whenever the
        #   script is used up and the firmware waits: lets a test play a whole game by buttons
        # resets: as on a console, a picked game starts after a reset (main.run's restart):
        #   the firmware boots again on the same storage and display, and counts in .resets
        # ticks_start: the virtual clock's ticks_ms() at power-on (it wraps at 2**30 like
        #   MicroPython's): start a few seconds before the wrap, or days in, to test long uptimes
        # date: "YYYY-MM-DD" the virtual clock tells (hal.clock's today()); None: a clock not set
        # code: a game code the console starts with (hal.start_code: the browser's ?code=)
        # link: hal.link, an end of a sim.cable cable (Cable(clock).a, PipeEnd); by default
        #   an end with no cable in, as a console whose link socket is empty
        self.resets = 0 if resets else -1
        machine.reset_world()
        self.board = load_board(board)
        self.model = SSD1306Model()
        machine._i2c_devices[self.board.DISPLAY_ADDR] = self.model
        KeyScript.__init__(self, keys, driver, ticks_start)
        self.frames = []          # observers: f(console) after every show()
        self.pump = pump
        if clock is not None:
            self.clock = clock
        elif date is not None:
            self.clock.date = date
        if storage_dir is None:
            self._tmp = tempfile.TemporaryDirectory(prefix="pocket-party-")
            storage_dir = self._tmp.name
        os.makedirs(storage_dir, exist_ok=True)
        self.storage_dir = storage_dir
        from hal.device import make_hal
        if link is None:
            from sim.cable import loose_end
            link = loose_end(self.clock)
        self.hal = make_hal(self.board, clock=self.clock, entropy=seeded_entropy(seed),
                            storage_root=os.path.join(storage_dir, "saves"), power=SimPower(self), link=link)
        self.hal.start_code = code
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

    def drive(self, name, level):
        machine.set_level(self.gpio_of(name), level)

    def idle(self, ms):
        if self.pump is not None:  # interactive: the front end waits and reads the keyboard
            self.waits += 1
            self.pump(ms)
            return
        KeyScript.idle(self, ms)

    # ---- running -------------------------------------------------------------
    def run(self):
        """Boot the launcher and play the script. Returns when the script is used up."""
        import main
        from sim.keyscript import Restart, restart
        while True:
            try:
                main.run(self.hal, restart if self.resets >= 0 else None)
                return
            except SimDone:
                return
            except Restart:
                self.resets += 1

    def panel(self):
        return self.model.panel()

    def image(self, scale=4):
        return self.model.to_image(scale=scale)
