"""sim/ssd1306_model.py: the controller model on its own, and an independent check.

The unit tests feed raw bus bytes (written out by hand from the SSD1306
datasheet, not produced by our driver) and check GDDRAM and panel output.

The independent check draws the same scenes through Adafruit's driver
(PyPI adafruit-circuitpython-ssd1306, which has its own init sequence, sends
every command as a separate Co=1 transaction and the frame as one big 0x40
transaction) into a second model, and requires the same panel as our driver
into our model.

How adafruit_ssd1306 is imported here without hardware: it tries
``import framebuf`` first; we make that import fail while loading it, so it
falls back to its own pure-Python ``adafruit_framebuf`` (a second, independent
drawing implementation). It also imports ``busio``/``digitalio`` (Blinka) only
for type hints, and ``adafruit_bus_device`` imports ``busio`` the same way;
empty placeholder modules for ``board``, ``busio`` and ``digitalio`` are put
in sys.modules during the import so Blinka's platform detection never runs.
Its I2CDevice then only needs a bus object with try_lock/unlock/writeto/
readfrom_into/scan (FakeBlinkaI2C below).
"""

import importlib
import os
import random
import sys
import types

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _p in (ROOT, os.path.join(ROOT, "firmware"), os.path.join(ROOT, "sim", "stubs")):
    if _p not in sys.path:
        sys.path.insert(0, _p)

from hal.ssd1306 import SSD1306_I2C  # noqa: E402
from sim.ssd1306_model import SSD1306Model  # noqa: E402

# A datasheet-style init for a 128x64 module (written out by hand).
INIT = bytes([
    0xAE, 0x20, 0x00, 0x40, 0xA1, 0xA8, 0x3F, 0xC8, 0xD3, 0x00, 0xDA, 0x12,
    0xD5, 0x80, 0xD9, 0xF1, 0xDB, 0x30, 0x81, 0xFF, 0xA4, 0xA6, 0x8D, 0x14, 0xAF,
])


def cmds(m, *codes):
    m.i2c_write(bytes([0x00]) + bytes(codes))


def data(m, payload):
    m.i2c_write(b"\x40" + bytes(payload))


def ready(w=128, h=64):
    m = SSD1306Model(w, h)
    m.i2c_write(b"\x00" + INIT)
    cmds(m, 0x21, 0, 127, 0x22, 0, 7)
    data(m, bytes(1024))
    return m


def test_reset_state_and_init():
    m = SSD1306Model()
    assert not m.is_on and not m.lit and m.mode == 2 and m.contrast == 0x7F
    assert m.panel() == bytes(1024)
    m.i2c_write(b"\x00" + INIT)
    assert m.is_on and m.lit and m.charge_pump and m.mode == 0 and m.contrast == 0xFF
    assert m.seg_remap and m.com_reverse and m.mux == 64
    assert m.unknown_commands == [] and m.protocol_errors == 0
    assert m.bytes_received == 1 + len(INIT) and m.command_bytes == len(INIT)


def test_horizontal_window_and_wrap():
    m = ready()
    cmds(m, 0x21, 120, 127, 0x22, 6, 7)
    data(m, range(1, 21))  # 16 bytes fill the window, 4 wrap to its start
    p = m.panel()
    assert p[6 * 128 + 120:6 * 128 + 128] == bytes([17, 18, 19, 20, 5, 6, 7, 8])
    assert p[7 * 128 + 120:7 * 128 + 128] == bytes(range(9, 17))
    assert p[5 * 128 + 120] == 0


def test_vertical_addressing():
    m = ready()
    cmds(m, 0x20, 0x01, 0x21, 10, 11, 0x22, 2, 3)
    data(m, [1, 2, 3, 4, 5, 6])
    p = m.panel()
    assert (p[2 * 128 + 10], p[3 * 128 + 10], p[2 * 128 + 11], p[3 * 128 + 11]) == (5, 6, 3, 4)


def test_page_addressing():
    m = ready()
    cmds(m, 0x20, 0x02, 0xB3, 0x05, 0x12)  # page 3, column 0x25
    data(m, [0xAA, 0x55])
    p = m.panel()
    assert p[3 * 128 + 0x25:3 * 128 + 0x27] == b"\xaa\x55"
    # At column 127 the pointer wraps to the page-mode start column, same page.
    cmds(m, 0xB4, 0x0E, 0x17)
    data(m, [1, 2, 3])
    p = m.panel()
    assert p[4 * 128 + 126:4 * 128 + 128] == b"\x03\x02" and p[4 * 128] == 0 and p[5 * 128 + 126] == 0
    # Page-mode commands are ignored in horizontal mode.
    cmds(m, 0x20, 0x00, 0x21, 0, 127, 0x22, 0, 7, 0xB5, 0x03)
    data(m, [9])
    assert m.panel()[0] == 9


def test_co1_single_bytes_and_mixed_transaction():
    m = ready()
    # Co=1 command bytes, then a Co=0 data stream, all in one transaction.
    m.i2c_write(bytes([0x80, 0x21, 0x80, 50, 0x80, 51, 0x80, 0x22, 0x80, 1, 0x80, 1, 0x40, 7, 8]))
    # Co=1 data byte followed by a Co=1 command byte.
    m.i2c_write(bytes([0xC0, 0x99, 0x80, 0xA7]))
    p = m.panel()
    # The window is 2 columns wide, so the Co=1 data byte wrapped onto column 50.
    assert p[128 + 50] == 0x99 ^ 0xFF and p[128 + 51] == 8 ^ 0xFF and m.inverted
    assert m.gddram()[128 + 127 - 51] == 8  # 0xA1: column address c is segment 127 - c
    assert m.protocol_errors == 0


def test_multibyte_arguments_are_not_commands():
    m = ready()
    # Scroll set-up and other commands whose arguments look like commands.
    cmds(m, 0x26, 0x00, 0xAE, 0x00, 0xAE, 0x00, 0xFF)  # horizontal scroll set-up (6 args)
    cmds(m, 0x29, 0x00, 0xAE, 0x00, 0xAE, 0x01)  # vertical+horizontal (5 args)
    cmds(m, 0xA3, 0xAE, 0xAE, 0xD5, 0xAE, 0xD9, 0xAE, 0xDA, 0xAE, 0xDB, 0xAE, 0xAD, 0xAE, 0xE3)
    assert m.is_on
    cmds(m, 0x2F)
    assert m.scrolling
    cmds(m, 0x2E)
    assert not m.scrolling and m.unknown_commands == []
    # A command split over transactions (as Co=1 senders do) still gets its argument.
    m.i2c_write(b"\x80\x81")
    m.i2c_write(b"\x80\x10")
    assert m.contrast == 0x10
    cmds(m, 0xFE)
    assert m.unknown_commands == [0xFE]


def test_segment_remap_applies_when_writing():
    m = ready()
    cmds(m, 0x21, 0, 127, 0x22, 0, 0)
    data(m, [0xFF])
    assert m.panel()[0] == 0xFF
    cmds(m, 0xA0)  # only data written from now on is mirrored
    assert m.panel()[0] == 0xFF
    cmds(m, 0x21, 0, 0, 0x22, 0, 0)
    data(m, [0x0F])
    p = m.panel()
    assert p[0] == 0xFF and p[127] == 0x0F


def test_com_direction_start_line_offset_mux():
    m = ready()
    cmds(m, 0x21, 3, 3, 0x22, 0, 0)
    data(m, [0x01])  # RAM row 0 at column 3
    assert m.pixel(3, 0) == 1
    cmds(m, 0xC0)  # normal COM scan: image upside down
    assert m.pixel(3, 63) == 1 and m.pixel(3, 0) == 0
    cmds(m, 0xC8, 0x41)  # start line 1: RAM row 0 becomes the last row
    assert m.pixel(3, 63) == 1
    cmds(m, 0x40, 0xD3, 0x01)  # display offset 1 shifts the same way (datasheet 10.1.15)
    assert m.pixel(3, 63) == 1
    cmds(m, 0xD3, 0x00, 0xA8, 0x1F)  # 32-row multiplex on a 64-row glass
    p = m.panel()
    assert m.pixel(3, 32) == 1 and p[:4 * 128] == bytes(512)


def test_entire_on_invert_off_and_charge_pump():
    m = ready()
    cmds(m, 0xA5)
    assert m.panel() == b"\xff" * 1024
    cmds(m, 0xA4, 0xA7)
    assert m.panel() == b"\xff" * 1024 and m.inverted
    cmds(m, 0xAE)
    assert m.panel() == bytes(1024) and not m.lit
    cmds(m, 0xAF, 0x8D, 0x10)  # charge pump off with internal VCC: dark
    assert not m.lit and m.panel() == bytes(1024)
    ext = SSD1306Model(external_vcc=True)
    ext.i2c_write(b"\x00" + INIT[:-3] + bytes([0x8D, 0x10, 0xAF]))
    assert ext.lit


def test_spi_and_narrow_panel():
    m = SSD1306Model(64, 48)
    m.spi_write(0, INIT.replace(b"\xa8\x3f", b"\xa8\x2f"))
    m.spi_write(0, bytes([0x21, 32, 95, 0x22, 0, 5]))
    m.spi_write(1, bytes(range(1, 65)) * 6)
    p = m.panel()
    assert len(p) == 64 * 6 and p[:64] == bytes(range(1, 65)) and p[5 * 64:] == bytes(range(1, 65))
    assert m.bytes_received == len(INIT) + 6 + 384


def test_to_image():
    pytest.importorskip("PIL")
    m = ready()
    cmds(m, 0x21, 5, 5, 0x22, 1, 1)
    data(m, [0x01])  # pixel (5, 8)
    img = m.to_image(scale=3, on=(200, 100, 0), off=(0, 0, 20))
    assert img.size == (384, 192) and img.mode == "RGB"
    assert img.getpixel((5 * 3 + 1, 8 * 3 + 1)) == (200, 100, 0)
    assert img.getpixel((6 * 3 + 1, 8 * 3 + 1)) == (0, 0, 20)
    assert img.getpixel((5 * 3 + 1, 9 * 3 + 1)) == (0, 0, 20)
    cmds(m, 0x81, 0x00)
    dim = m.to_image(scale=1, on=(200, 100, 0), off=(0, 0, 20)).getpixel((5, 8))
    assert dim[0] < 200 and dim[0] >= 100


# ------------------------------------------------------------- Adafruit --

class FakeBlinkaI2C:
    """The busio.I2C surface that adafruit_bus_device.I2CDevice uses."""

    def __init__(self, model, addr=0x3C):
        self.model = model
        self.addr = addr
        self.locked = False

    def try_lock(self):
        if self.locked:
            return False
        self.locked = True
        return True

    def unlock(self):
        self.locked = False

    def scan(self):
        return [self.addr]

    def writeto(self, addr, buf, *, start=0, end=None):
        assert self.locked, "write without the bus lock"
        if addr != self.addr:
            raise OSError(19)
        self.model.i2c_write(bytes(buf[start:end if end is not None else len(buf)]))

    def readfrom_into(self, addr, buf, *, start=0, end=None):
        if addr != self.addr:
            raise OSError(19)
        end = len(buf) if end is None else end
        for i in range(start, end):
            buf[i] = 0


def _placeholder(name):
    # Stand-ins for Blinka's modules: Adafruit's code imports them only for
    # type annotations (evaluated at definition time, so the names must exist).
    mod = types.ModuleType(name)
    for attr in {"busio": ("I2C", "SPI"), "digitalio": ("DigitalInOut",)}.get(name, ()):
        setattr(mod, attr, type(attr, (), {}))
    return mod


@pytest.fixture(scope="module")
def adafruit_ssd1306():
    pytest.importorskip("adafruit_framebuf")
    saved = {k: sys.modules.get(k) for k in ("framebuf", "board", "busio", "digitalio", "adafruit_ssd1306")}
    try:
        sys.modules["framebuf"] = None  # import framebuf -> ImportError: use adafruit_framebuf
        for k in ("board", "busio", "digitalio"):
            if saved[k] is None:
                sys.modules[k] = _placeholder(k)
        sys.modules.pop("adafruit_ssd1306", None)
        mod = importlib.import_module("adafruit_ssd1306")
    except ImportError as e:
        pytest.skip("adafruit_ssd1306 not importable: %s" % e)
    finally:
        for k, v in saved.items():
            if k == "adafruit_ssd1306":
                continue
            if v is None:
                sys.modules.pop(k, None)
            else:
                sys.modules[k] = v
    assert mod.framebuf.__name__ == "adafruit_framebuf"
    yield mod
    sys.modules.pop("adafruit_ssd1306", None)
    if saved["adafruit_ssd1306"] is not None:
        sys.modules["adafruit_ssd1306"] = saved["adafruit_ssd1306"]


class ModelI2C:
    def __init__(self, model):
        self.model = model

    def writeto(self, addr, buf, stop=True):
        self.model.i2c_write(bytes(buf))

    def writevto(self, addr, vector, stop=True):
        self.model.i2c_write(b"".join(bytes(v) for v in vector))


def test_adafruit_driver_gives_the_same_panel(adafruit_ssd1306):
    ours_m = SSD1306Model()
    theirs_m = SSD1306Model()
    ours = SSD1306_I2C(128, 64, ModelI2C(ours_m))
    theirs = adafruit_ssd1306.SSD1306_I2C(128, 64, FakeBlinkaI2C(theirs_m))
    assert theirs_m.unknown_commands == [] and theirs_m.protocol_errors == 0
    assert ours_m.panel() == theirs_m.panel()
    rng = random.Random(2024)
    ours_m.bytes_received = theirs_m.bytes_received = 0

    def both(name, *args):
        getattr(ours, name)(*args)
        getattr(theirs, name)(*args)

    for step in range(150):
        r = rng.randrange(30)
        c = rng.randrange(2)
        if r < 6:
            both("fill_rect", rng.randrange(-10, 130), rng.randrange(-10, 66), rng.randrange(1, 40), rng.randrange(1, 30), c)
        elif r < 9:
            both("hline", rng.randrange(-10, 128), rng.randrange(64), rng.randrange(1, 60), c)
        elif r < 12:
            both("vline", rng.randrange(128), rng.randrange(-10, 64), rng.randrange(1, 40), c)
        elif r < 15:
            for _ in range(rng.randrange(1, 20)):
                both("pixel", rng.randrange(128), rng.randrange(64), c)
        elif r < 17:
            # Fully on screen: Adafruit's rect() differs from MicroPython's only
            # when clipped (it draws the clipped edge).
            x, y = rng.randrange(100), rng.randrange(40)
            w, h = rng.randrange(1, 128 - x), rng.randrange(1, 64 - y)
            f = rng.randrange(2)
            ours.rect(x, y, w, h, c, f)
            theirs.rect(x, y, w, h, c, fill=bool(f))
        elif r < 21:
            # Shapes only MicroPython's framebuf has: draw ours, then copy the
            # changed pixels into Adafruit's through its pixel() API.
            kind = rng.randrange(3)
            if kind == 0:
                ours.ellipse(rng.randrange(128), rng.randrange(64), rng.randrange(1, 30), rng.randrange(1, 20), c, rng.randrange(2))
            elif kind == 1:
                ours.line(rng.randrange(-20, 150), rng.randrange(-20, 80), rng.randrange(-20, 150), rng.randrange(-20, 80), c)
            else:
                ours.blit((bytes(rng.randrange(256) for _ in range(16)), 16, 8, 0), rng.randrange(-8, 128), rng.randrange(-8, 64), 0)
            _sync_by_pixels(ours, theirs)
        elif r == 21:
            both("fill", c)
        elif r == 22:
            both("invert", rng.randrange(2))
        elif r == 23:
            both("contrast", rng.randrange(1, 256))
        elif r == 24:
            # Adafruit (like micropython-lib) keeps its init orientation for
            # rotate(True) and turns the picture 180 degrees for rotate(False).
            f = rng.randrange(2)
            ours.flip(f)
            theirs.rotate(not f)
        elif r == 25:
            both("poweroff")
        elif r == 26:
            both("poweron")
        else:
            dx, dy = rng.randrange(-3, 4), rng.randrange(-3, 4)
            both("scroll", dx, dy)
        ours.show()
        theirs.show()
        if ours_m.panel() != theirs_m.panel():
            same_fb = all(ours.pixel(x, y) == theirs.pixel(x, y) for x in range(128) for y in range(64))
            pytest.fail("panels differ at step %d (r=%d; framebuffers %s)\nours:\n%s\nadafruit:\n%s"
                        % (step, r, "equal" if same_fb else "differ", ours_m.ascii(), theirs_m.ascii()))
        assert (ours_m.contrast, ours_m.is_on, ours_m.inverted) == (theirs_m.contrast, theirs_m.is_on, theirs_m.inverted)
    assert theirs_m.unknown_commands == [] and ours_m.unknown_commands == []
    # Same pictures, far fewer bytes: Adafruit resends the whole frame every time.
    assert ours_m.bytes_received * 3 < theirs_m.bytes_received


def _sync_by_pixels(ours, theirs):
    for y in range(64):
        for x in range(128):
            v = ours.pixel(x, y)
            if theirs.pixel(x, y) != v:
                theirs.pixel(x, y, v)
