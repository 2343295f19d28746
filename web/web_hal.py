"""The browser's stand-in for the HAL: the firmware, unchanged, on the MicroPython
WebAssembly port inside a Web Worker (web/worker.js).

Built like tools/headless.py: the real SSD1306 driver (hal/ssd1306.py) on a bus
object, the real Buttons (hal/buttons.py) on plain pin objects, the real Sound,
Power and FileStorage. Only the edges are the browser's, reached through the
`webhost` module that worker.js registers:

    webhost.wait(ms) -> str   block up to ms (Atomics.wait) until a button
                              changes; returns the changes, one char each:
                              chr(97 + 2 * button index + level)
    webhost.frame(hex, on, inverted, contrast, flipped)
                              what the panel shows, for the page's canvas
    webhost.persist(op, name, hex)
                              "write"/"remove"/"rename" a save: localStorage
    webhost.today() -> str    the date, "YYYY-MM-DD" (the page's ?date=, else today)

Two consoles: Console (interactive, real time) and ScriptConsole (a key
script on the virtual clock of sim/keyscript.py, exactly like the desktop
simulator's headless runs; the page's ?keys=... test hook).
"""
import binascii

import webhost  # pyright: ignore[reportMissingImports]  -- the browser worker's module (web/worker.js registers it)
from hal.keys import key_bit
from hal.buttons import Buttons
from hal.clock import Clock
from hal.device import Hal
from hal.power import Power
from hal.sound import Sound
from hal.ssd1306 import SSD1306_I2C
from hal.storage import FileStorage
from sim.keyscript import KeyScript, Done, ScriptPin, seeded_entropy

NAMES = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B")
SAVES = "/saves"

# SSD1306 commands that take arguments (the driver's init sequence and windows)
_NARGS = {0x20: 1, 0x21: 2, 0x22: 2, 0x81: 1, 0x8D: 1, 0xA8: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1,
          0xDB: 1}


class PanelBus:
    """An I2C bus with one SSD1306 on it: acknowledges everything and keeps the
    panel state the commands set (on/off, inverted, contrast, rotation)."""

    def __init__(self):
        self.on = False
        self.inverted = False
        self.contrast = 0x7F  # the chip's reset value
        self.flipped = False
        self.changed = False

    def writeto(self, addr, buf, stop=True):
        if len(buf) and not buf[0] & 0x40:  # control byte 0x00: a command stream (0x40: data)
            self._commands(buf, 1)
        return len(buf)

    def writevto(self, addr, vector, stop=True):
        return 0

    def _commands(self, buf, i):
        n = len(buf)
        while i < n:
            c = buf[i]
            a = _NARGS.get(c, 0)
            if c in (0xAE, 0xAF):
                self.on = c == 0xAF
            elif c in (0xA6, 0xA7):
                self.inverted = c == 0xA7
            elif c == 0x81 and i + 1 < n:
                self.contrast = buf[i + 1]
            elif c in (0xA0, 0xA1):
                self.flipped = c == 0xA0  # the driver's unflipped remap is 0xA1
            else:
                i += 1 + a
                continue
            self.changed = True
            i += 1 + a


class FullBattery:
    """No battery to measure in a browser: an ADC that reads full, as the simulator's does."""

    def read_u16(self):
        return 65535


class WebStorage(FileStorage):
    """FileStorage in the worker's in-memory file system, mirrored to localStorage."""

    def __init__(self, root, persist=True):
        FileStorage.__init__(self, root)
        self.persist = persist

    def write(self, name, data):
        FileStorage.write(self, name, data)
        if self.persist:
            webhost.persist("write", name, binascii.hexlify(bytes(data)).decode())

    def rename(self, old, new):
        FileStorage.rename(self, old, new)
        if self.persist:
            webhost.persist("rename", old, new)

    def remove(self, name):
        FileStorage.remove(self, name)
        if self.persist:
            webhost.persist("remove", name, "")


class WebPower(Power):
    def __init__(self, console):
        Power.__init__(self, FullBattery(), 2.0)
        self.console = console

    def nap(self, ms, screen_off=False):
        self.console.idle(ms)


class WebClock(Clock):
    """The port's real ticks_ms; sleeping waits for buttons instead of spinning."""

    def __init__(self, console):
        self.console = console

    def sleep_ms(self, n):
        self.console.idle(n)

    def today(self):
        return webhost.today()  # a browser's clock is always set


class _Base:
    def _build(self, seed, clock, persist, code):
        self.pins = {}
        pins = []
        for name in NAMES:
            p = ScriptPin()
            self.pins[name] = p
            pins.append((key_bit(name), p))
        self.bus = PanelBus()
        display = SSD1306_I2C(128, 64, self.bus)
        self.display = display
        self.hal = Hal("browser", display, Buttons(tuple(pins), clock), clock, seeded_entropy(seed),
                       WebStorage(SAVES, persist), Sound(None, clock), WebPower(self))
        self.hal.start_code = code  # the page's ?code=: the launcher opens that game's setup

    def drive(self, name, level):
        self.pins[name].drive(level)

    def post_frame(self):
        b = self.bus
        b.changed = False
        webhost.frame(binascii.hexlify(self.display.buffer).decode(), b.on, b.inverted, b.contrast,
                      b.flipped)


class Console(_Base):
    """Interactive: real time, buttons from the page, every shown frame posted."""

    def __init__(self, seed, code=None):
        self.clock = WebClock(self)
        self._build(seed, self.clock, True, code)
        display = self.display
        show = display.show
        console = self

        def show_and_post(full=False):
            show(full)
            console.post_frame()
        display.show = show_and_post
        self.post_frame()

    def idle(self, ms):
        if self.bus.changed:  # contrast, invert or power changed without a show()
            self.post_frame()
        changes = webhost.wait(ms)
        for ch in changes:
            v = ord(ch) - 97
            self.drive(NAMES[v >> 1], v & 1)

    def run(self):
        import main
        main.run(self.hal)


class ScriptConsole(_Base, KeyScript):
    """A key script on the virtual clock: the same run as `python -m sim --headless`."""

    def __init__(self, seed, keys, code=None):
        KeyScript.__init__(self, keys)
        self.clock.date = webhost.today()  # fixed for the run, as the simulator's --date
        self._build(seed, self.clock, False, code)

    def run(self):
        import main
        try:
            main.run(self.hal)
        except Done:
            pass
        self.post_frame()


def start(seed, keys=None, code=None):
    if keys is None:
        Console(seed, code).run()
    else:
        ScriptConsole(seed, keys.split(), code).run()
