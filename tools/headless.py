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

--timing (for `make bench`, tools/keytiming.py reads it): before each FRAME line
`TIME <us> <after_wait> <key> <busy>`: the firmware's work since it last came back from
waiting for input (its nap) or sent the frame before, whichever is later, up to
this frame sent (the harness's own logging is not counted); after_wait 1 if it
waited for input since the frame before, key 1 if a scripted key was pressed
since then; busy 1 if the frame shows the kit's busy mark (core.ui.busy_mark).
A CALIBRATION line (tools/devtime.py) comes first and last. At the first nap or sleep
after a frame, `AFTER <us>`: the work done after that frame was sent before the console listened
again (a turn's save put off until the frame is up, the idle collection: core.heap.idle).
--alloc: before each FRAME line `ALLOC <bytes> <collects>`: the bytes the firmware
allocated over the same stretch, read with automatic collection off (run it with
a heap of some MB), and the gc.collect() calls it made there (counted, not done);
`AFTER_ALLOC <bytes> <collects>` the same for the work after a frame.
With --resets, the stretch cut short by the reset ends the run as `TIME_TAIL <us>`
or `ALLOC_TAIL <bytes> <collects>`.

--link: two consoles linked by a virtual cable (CPython only: sim/linked.py), the
first with --keys, the second with --keys-b (or --keys-file-b); their lines start
with `A ` and `B `. --saves-b is the second one's folder.

--pipe A2B,B2A,SIDE: this console's link is one end (SIDE a or b) of a cable between
two processes (sim.pipe.PipeEnd over two fifos), under MicroPython too; its time then
runs at a quarter of the wall clock's pace (PIPE_PACE), so the other process's silence
while it works is not taken for a pulled cable.

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
            return gc.mem_free()  # pyright: ignore[reportAttributeAccessIssue]  -- runs under MicroPython too (gc.mem_alloc/mem_free are its own)
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


class GcCounter:
    """Stands in for the gc module (--alloc): the firmware's gc.collect() calls are
    counted, not done, so gc.mem_alloc() differences are the bytes it allocated."""

    def __init__(self, gc):
        self._gc = gc
        self.collects = 0

    def collect(self):
        self.collects += 1

    def __getattr__(self, name):
        return getattr(self._gc, name)


class Stretches:
    """The work between waits and frames (--timing) and what it allocates (--alloc)."""

    def __init__(self, out, timing, alloc):
        self.out = out
        self.timing = timing
        self.alloc = alloc
        self.waited = 0
        self.key = 0
        self.display = None       # set by the Console: the frame sent is looked at for the busy mark
        self.framed = False       # a frame was sent since the last nap (before_wait reports once)
        if timing:
            self.busy_ref = busy_reference()
        self.mark = _path.ticks_us()
        if alloc is not None:
            self.real_gc = alloc._gc
            self.real_gc.disable()
            self.alloc_mark = self.real_gc.mem_alloc()
            self.collects_mark = alloc.collects

    def before_wait(self):
        """At a nap or a sleep (ui.pause polls the buttons as it sleeps): the work done
        since the last frame was sent, before the console listens again (put-off work: a
        turn's save, the idle collection). Printed once
        after a frame, as `AFTER <us>` / `AFTER_ALLOC <bytes> <collects>`: a key pressed
        then waits for it."""
        if not self.framed:
            return
        self.framed = False
        if self.timing:
            self.out("AFTER %d" % _path.ticks_diff(_path.ticks_us(), self.mark))
        if self.alloc is not None:
            self.out("AFTER_ALLOC %d %d" % (self.real_gc.mem_alloc() - self.alloc_mark,
                                            self.alloc.collects - self.collects_mark))

    def after_wait(self):
        self.waited = 1
        if self.alloc is not None:
            gc = self.real_gc
            if gc.mem_free() < ALLOC_ROOM:  # garbage is dropped only between stretches
                gc.collect()
            self.alloc_mark = gc.mem_alloc()
            self.collects_mark = self.alloc.collects
        self.mark = _path.ticks_us()

    def frame_sent(self):
        t = _path.ticks_us()
        if self.timing:
            busy = 1 if self.display is not None and shows_busy(self.display.buffer, self.busy_ref) else 0
            self.out("TIME %d %d %d %d" % (_path.ticks_diff(t, self.mark), self.waited, self.key, busy))
        if self.alloc is not None:
            self.out("ALLOC %d %d" % (self.real_gc.mem_alloc() - self.alloc_mark,
                                      self.alloc.collects - self.collects_mark))
        self.waited = 0
        self.key = 0
        self.framed = True

    def restart(self):
        if self.timing:
            self.out("TIME_TAIL %d" % _path.ticks_diff(_path.ticks_us(), self.mark))
        if self.alloc is not None:
            self.out("ALLOC_TAIL %d %d" % (self.real_gc.mem_alloc() - self.alloc_mark,
                                           self.alloc.collects - self.collects_mark))

    def resume(self):
        """After the harness's own logging: the next stretch starts now."""
        if self.alloc is not None:
            if self.real_gc.mem_free() < ALLOC_ROOM:
                self.real_gc.collect()
            self.alloc_mark = self.real_gc.mem_alloc()
            self.collects_mark = self.alloc.collects
        self.mark = _path.ticks_us()


PIPE_PACE = 4               # --pipe: virtual time runs this many times faster than the wall clock
ALLOC_ROOM = 8 * 1024 * 1024  # --alloc collects between stretches when less is free
BUSY_COLUMNS = 11             # core.ui.busy_mark: the top right 11 x 9 pixels


def busy_reference():
    """The display bytes of core.ui.busy_mark: page 0 and page 1 (its bottom row, bit 0)
    of the 11 columns at the right, drawn by the kit itself on a scratch frame."""
    import framebuf
    from core.ui import busy_mark, W
    buf = bytearray(W * 2)
    busy_mark(framebuf.FrameBuffer(buf, W, 16, framebuf.MONO_VLSB))
    return bytes(buf[W - BUSY_COLUMNS:W]) + bytes(b & 1 for b in buf[2 * W - BUSY_COLUMNS:])


def shows_busy(buf, ref, width=128):
    """Whether the 128-wide MONO_VLSB frame buf shows the busy mark (busy_reference)."""
    n = BUSY_COLUMNS
    for i in range(n):
        if buf[width - n + i] != ref[i] or buf[2 * width - n + i] & 1 != ref[n + i]:
            return False
    return True


class Console(KeyScript):
    def __init__(self, seed, keys, saves_dir, out, driver=None, mem=False, stretches=None, link=None):
        # link: hal.link, an end of a sim.cable cable (None: no link port)
        self.stretches = stretches
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
        if stretches is not None:
            stretches.display = display
        self.frames = 0   # counters only: a list per frame would need ever larger blocks
        self.total = 0
        self.peak = 0 if mem else -1  # -1: not measured
        self.hal = Hal("headless", display, Buttons(tuple(pins), self.clock), self.clock, seeded_entropy(seed),
                       FileStorage(saves_dir), Sound(), Power(self), link=link)
        show = display.show
        console = self

        def show_and_log(full=False):
            before = display.bytes_sent
            show(full)
            if console.stretches is not None:
                console.stretches.frame_sent()
            n = display.bytes_sent - before
            console.frames += 1
            console.total += n
            console.out("FRAME %d %08x %d" % (console.frames, adler32(display.buffer), n))
            if console.peak >= 0:
                console.measure()
            if console.stretches is not None:
                console.stretches.resume()
        display.show = show_and_log

    def measure(self):
        import gc
        gc.collect()
        a = gc.mem_alloc()  # pyright: ignore[reportAttributeAccessIssue]  -- runs under MicroPython too (gc.mem_alloc/mem_free are its own)
        if a > self.peak:
            self.peak = a

    def drive(self, name, level):
        self.pins[name].drive(level)

    def schedule_key(self, name, at=None):
        if self.stretches is not None:
            self.stretches.key = 1
        KeyScript.schedule_key(self, name, at)

    def idle(self, ms):
        if self.stretches is not None:
            self.stretches.before_wait()
        KeyScript.idle(self, ms)
        if self.stretches is not None:
            self.stretches.after_wait()

    pace = 0    # --pipe: real ms slept per virtual ms x this (0: virtual time only)

    def advance(self, ms):
        # the firmware sleeps (a pause, which polls the buttons as it goes): the work
        # after the frame ends here as at a nap
        if self.stretches is not None:
            self.stretches.before_wait()
        KeyScript.advance(self, ms)
        if self.pace:
            import time
            time.sleep(ms / self.pace / 1000)

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
            if self.stretches is not None:
                self.stretches.restart()
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
    timing = False
    alloc = False
    linked = False
    pipe = None
    keys_b = []
    saves_b = None
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
        if argv[i] == "--timing":
            timing = True
            i += 1
            continue
        if argv[i] == "--alloc":
            alloc = True
            i += 1
            continue
        if argv[i] == "--link":
            linked = True
            i += 1
            continue
        if argv[i] == "--seed":
            seed = int(argv[i + 1])
        elif argv[i] == "--keys":
            keys = argv[i + 1].split()
        elif argv[i] == "--saves":
            saves = argv[i + 1]
        elif argv[i] == "--pipe":
            pipe = argv[i + 1].split(",")
        elif argv[i] == "--keys-b":
            keys_b = argv[i + 1].split()
        elif argv[i] == "--saves-b":
            saves_b = argv[i + 1]
        elif argv[i] == "--keys-file-b":
            with open(argv[i + 1]) as f:
                keys_b = f.read().split()
        elif argv[i] == "--keys-file":
            # long scripts: the unix port cannot take arguments over ~255 characters
            with open(argv[i + 1]) as f:
                keys = f.read().split()
        else:
            print("usage: headless.py [--seed N] [--keys \"A DOWN ...\" | --keys-file F] [--saves DIR] [--mem] [--resets]"
                  " [--timing] [--alloc] [--link [--keys-b \"...\" | --keys-file-b F] [--saves-b DIR]]")
            sys.exit(2)
        i += 2
    if linked:
        run_linked(seed, keys, keys_b, saves, saves_b)
        return
    if saves is None:
        if resets:  # the next boot must find the pick: the caller keeps the folder
            print("headless.py: --resets needs --saves DIR")
            sys.exit(2)
        saves = "/tmp/pocket-party-headless-%d" % seed
        _empty_folder(saves)
    stretches = None
    if timing or alloc:
        if timing:
            import devtime
            print(devtime.calibrate().line())
        counter = None
        if alloc:
            import gc
            counter = GcCounter(gc)
            sys.modules["gc"] = counter  # before the firmware imports it  # pyright: ignore[reportArgumentType]  -- a stand-in module, on purpose
        stretches = Stretches(print, timing, counter)
    end = None
    if pipe is not None:
        from sim.pipe import PipeEnd    # the lean end: it sits in the measured heap
        end = PipeEnd(pipe[0], pipe[1], pipe[2])
    c = Console(seed, keys, saves, print, mem=mem, stretches=stretches, link=end)
    if end is not None:
        c.pace = PIPE_PACE
    left = c.run(resets)
    if timing:
        print(devtime.calibrate().line())
    if mem:
        print("MEM peak_alloc=%d" % c.peak if sys.implementation.name == "micropython" else "MEM n/a")
    if left is not None:
        # the caller boots a fresh interpreter on the same saves with the keys left
        print("RESET keys_left=%d pending=%d frames=%d bytes=%d" % (len(left), len(c.events), c.frames, c.total))
        return
    print("DONE frames=%d bytes=%d" % (c.frames, c.total))


def run_linked(seed, keys, keys_b, saves, saves_b):
    """Two linked consoles (sim/linked.py), each line prefixed with its console."""
    from sim.linked import Linked
    folders = []
    for folder, n in ((saves, seed), (saves_b, seed + 1)):
        if folder is None:
            folder = "/tmp/pocket-party-headless-%d" % n
            _empty_folder(folder)
        folders.append(folder)
    pair = Linked(seeds=(seed, seed + 1), keys=(keys, keys_b), saves=folders, out=None, grace_ms=60000)
    for name, console in (("A", pair.a), ("B", pair.b)):
        console.out = _prefixed(name)
    pair.run()
    for name, console in (("A", pair.a), ("B", pair.b)):
        print("%s DONE frames=%d bytes=%d" % (name, console.frames, console.total))


def _prefixed(name):
    def out(line):
        print(name + " " + line)
    return out


if __name__ == "__main__":
    main(sys.argv[1:])
