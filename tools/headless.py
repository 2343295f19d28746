"""Run the real launcher with scripted keys, under CPython or MicroPython alike.

    python tools/headless.py [--seed N] [--keys "A DOWN A ..." | --keys-file F] [--saves DIR]
    micropython -X heapsize=64K tools/headless.py --keys "..." [--mem]

No `machine` needed: the pins, the I2C bus and the clock are plain objects
here, and the real SSD1306 driver, buttons, UI kit, launcher and games run on
them. Each key is pressed when the firmware next waits for input. Prints one
line per frame (`FRAME n <adler32 of the frame buffer> <bytes sent>`) and a
final `DONE` line with the frame count and display traffic, so CPython and
MicroPython runs can be compared line by line and the benchmarks can read the
bytes sent per frame. --mem collects garbage after every frame and prints
`MEM peak_alloc=<bytes>` before DONE: the most heap the session held live
(MicroPython only; `make bench` compares it across ports).

--resets: as on a console, a picked game starts after a reset. The run then
ends with `RESET keys_left=N ...` instead of DONE, and the caller starts a
fresh interpreter on the same --saves folder with the last N keys
(tools/bench.py run_with_resets), so each game gets a clean heap.
"""
import sys

try:
    import _path
except ImportError:
    from tools import _path

sys.path.append(_path.ROOT)  # hal/ (after firmware: a PP_FIRMWARE tree carries its own hal/)
if sys.implementation.name != "micropython":
    sys.path.insert(0, _path.ROOT + "/sim/stubs")  # framebuf, micropython for CPython

from hal.keys import key_bit
from core.saves import adler32
from sim.keyscript import KeyScript, ScriptPin, seeded_entropy


class FakeI2C:
    """A bus with one SSD1306 that acknowledges everything."""

    def writeto(self, addr, buf, stop=True):
        return len(buf)

    def writevto(self, addr, vector, stop=True):
        return 0


class Power:
    def __init__(self, console):
        self.console = console

    def battery_level(self):
        return 3

    def free_memory(self):
        import gc
        gc.collect()
        try:
            return gc.mem_free()
        except AttributeError:
            return 0

    def nap(self, ms, screen_off=False):
        self.console.idle(ms)


class Sound:
    muted = False

    def beep(self, freq_hz=880, ms=30):
        pass

    def update(self):
        pass


class Console(KeyScript):
    def __init__(self, seed, keys, saves_dir, out, driver=None, mem=False):
        from hal.ssd1306 import SSD1306_I2C
        from hal.buttons import Buttons
        from hal.storage import FileStorage
        from hal.device import Hal
        KeyScript.__init__(self, keys, driver)
        self.out = out
        self.pins = {}
        pins = []
        for name in ("UP", "DOWN", "LEFT", "RIGHT", "A", "B"):
            p = ScriptPin()
            self.pins[name] = p
            pins.append((key_bit(name), p))
        display = SSD1306_I2C(128, 64, FakeI2C())
        self.display = display
        self.frames = 0   # counters only: a list per frame would need ever larger blocks
        self.total = 0
        self.peak = 0 if mem else -1  # -1: not measured
        self.hal = Hal("headless", display, Buttons(tuple(pins), self.clock), self.clock, seeded_entropy(seed),
                       FileStorage(saves_dir), Sound(), Power(self))
        show = display.show
        console = self

        def show_and_log(full=False):
            before = display.bytes_sent
            show(full)
            n = display.bytes_sent - before
            console.frames += 1
            console.total += n
            console.out("FRAME %d %08x %d" % (console.frames, adler32(display.buffer), n))
            if console.peak >= 0:
                console.measure()
        display.show = show_and_log

    def measure(self):
        import gc
        gc.collect()
        a = gc.mem_alloc()
        if a > self.peak:
            self.peak = a

    def drive(self, name, level):
        self.pins[name].drive(level)

    def run(self, resets=False):
        """Boot and play the keys. With resets, a picked game starts after a reset as on a
        console: this process then ends and returns the keys left for the next boot."""
        import main
        from sim.keyscript import Done, Restart, restart
        try:
            main.run(self.hal, restart if resets else None)
        except Done:
            pass
        except Restart:
            return self.script
        return None


def _empty_folder(path):
    import os
    try:
        for name in os.listdir(path):
            os.remove(path + "/" + name)
    except OSError:
        pass


def main(argv):
    seed = 1
    keys = []
    saves = None
    mem = False
    resets = False
    i = 0
    while i < len(argv):
        if argv[i] == "--mem":
            mem = True
            i += 1
            continue
        if argv[i] == "--resets":
            resets = True
            i += 1
            continue
        if argv[i] == "--seed":
            seed = int(argv[i + 1])
        elif argv[i] == "--keys":
            keys = argv[i + 1].split()
        elif argv[i] == "--saves":
            saves = argv[i + 1]
        elif argv[i] == "--keys-file":
            # long scripts: the unix port cannot take arguments over ~255 characters
            with open(argv[i + 1]) as f:
                keys = f.read().split()
        else:
            print("usage: headless.py [--seed N] [--keys \"A DOWN ...\" | --keys-file F] [--saves DIR] [--mem] [--resets]")
            sys.exit(2)
        i += 2
    if saves is None:
        if resets:  # the next boot must find the pick: the caller keeps the folder
            print("headless.py: --resets needs --saves DIR")
            sys.exit(2)
        saves = "/tmp/pocket-party-headless-%d" % seed
        _empty_folder(saves)
    c = Console(seed, keys, saves, print, mem=mem)
    left = c.run(resets)
    if mem:
        print("MEM peak_alloc=%d" % c.peak if sys.implementation.name == "micropython" else "MEM n/a")
    if left is not None:
        # the caller boots a fresh interpreter on the same saves with the keys left
        print("RESET keys_left=%d pending=%d frames=%d bytes=%d" % (len(left), len(c.events), c.frames, c.total))
        return
    print("DONE frames=%d bytes=%d" % (c.frames, c.total))


if __name__ == "__main__":
    main(sys.argv[1:])
