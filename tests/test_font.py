"""Fonts, icons and core/font.py text drawing.

The glyph sources are the ASCII art in data/font5x7.txt, data/font3x5.txt and
data/icons.txt; this file re-reads them with its own small parser, so the
pixel checks do not trust tools/build_font.py.

core/font.py needs a `framebuf` module under CPython: the simulator's stub
(sim/stubs/framebuf.py) when it exists, otherwise the small reference
FrameBuffer below (MONO_VLSB only). MicroPython runs use the real framebuf.
"""
import importlib.util
import os
import shutil
import subprocess
import sys
import types

import pytest

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
FIRMWARE = os.path.join(ROOT, "firmware")
DATA = os.path.join(ROOT, "data")
STUB = os.path.join(ROOT, "sim", "stubs", "framebuf.py")
MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")
SPECIMEN_PNG = "/tmp/pocket-party-font-specimen.png"
ICONS_PNG = "/tmp/pocket-party-icons.png"

MONO_VLSB = 0  # value used by the reference FrameBuffer below


class RefFrameBuffer:
    """Minimal, obviously-correct MONO_VLSB FrameBuffer (reference for the tests)."""

    def __init__(self, buf, width, height, fmt=MONO_VLSB, stride=None):
        self.buf = buf
        self.width = width
        self.height = height
        self.stride = stride or width

    def _get(self, x, y):
        return (self.buf[(y >> 3) * self.stride + x] >> (y & 7)) & 1

    def pixel(self, x, y, c=None):
        if not (0 <= x < self.width and 0 <= y < self.height):
            return None
        if c is None:
            return self._get(x, y)
        i = (y >> 3) * self.stride + x
        if c:
            self.buf[i] |= 1 << (y & 7)
        else:
            self.buf[i] &= ~(1 << (y & 7)) & 0xFF

    def fill(self, c):
        for i in range(len(self.buf)):
            self.buf[i] = 0xFF if c else 0

    def fill_rect(self, x, y, w, h, c):
        for yy in range(y, y + h):
            for xx in range(x, x + w):
                self.pixel(xx, yy, c)

    def blit(self, src, x, y, key=-1, palette=None):
        if isinstance(src, tuple):
            src = RefFrameBuffer(bytearray(src[0]), src[1], src[2], src[3])
        for sy in range(src.height):
            for sx in range(src.width):
                col = src._get(sx, sy)
                if palette is not None:
                    col = palette._get(col, 0)
                if col != key:
                    self.pixel(x + sx, y + sy, col)


def _ref_module():
    m = types.ModuleType("framebuf")
    m.FrameBuffer = RefFrameBuffer
    m.MONO_VLSB = MONO_VLSB
    return m


def _load_framebuf():
    """The framebuf that core.font will import under CPython."""
    if "framebuf" in sys.modules:
        return sys.modules["framebuf"]
    if os.path.exists(STUB):
        spec = importlib.util.spec_from_file_location("framebuf", STUB)
        mod = importlib.util.module_from_spec(spec)
        sys.modules["framebuf"] = mod
        spec.loader.exec_module(mod)
        return mod
    sys.modules["framebuf"] = _ref_module()
    return sys.modules["framebuf"]


framebuf = _load_framebuf()
if FIRMWARE not in sys.path:
    sys.path.insert(0, FIRMWARE)
from core import font  # noqa: E402
from core import font_data  # noqa: E402
from core import icon_data  # noqa: E402

USING_STUB = framebuf.FrameBuffer is not RefFrameBuffer


# ---------------------------------------------------------------- sources

def read_art(path):
    """{header: [rows]} straight from an ASCII-art source file."""
    out = {}
    with open(path, encoding="utf-8") as f:
        blocks = f.read().split("\n== ")[1:]
    for b in blocks:
        lines = b.split("\n")
        header = lines[0][:-3].strip()
        rows = []
        for line in lines[1:]:
            if not line.strip() or line.startswith(("@", "==")):
                break
            rows.append(line)
        out[header] = rows
    return out


ART5 = read_art(os.path.join(DATA, "font5x7.txt"))
ART3 = read_art(os.path.join(DATA, "font3x5.txt"))
ICON_ART = read_art(os.path.join(DATA, "icons.txt"))


def char_art(art, ch):
    return art["'%s'" % ch]


def extra_art(art, name):
    for k, v in art.items():
        if k.startswith("0x") and k.split()[1] == name:
            return v
    raise KeyError(name)


def lit(rows, ox=0, oy=0):
    """Set of (x, y) lit by ASCII-art rows drawn at (ox, oy)."""
    return {(ox + x, oy + y) for y, r in enumerate(rows) for x, ch in enumerate(r) if ch == "#"}


def new_fb(w=128, h=64):
    buf = bytearray(w * ((h + 7) // 8))
    return buf, framebuf.FrameBuffer(buf, w, h, framebuf.MONO_VLSB)


def pixels(buf, w=128, h=64, value=1):
    return {(x, y) for y in range(h) for x in range(w)
            if ((buf[(y >> 3) * w + x] >> (y & 7)) & 1) == value}


def glyph_bytes(f, ch):
    o = f.glyph_offset(ch)
    return bytes(f.data[o:o + f.w])


# ---------------------------------------------------------------- builder

def test_generated_modules_match_a_fresh_build(tmp_path):
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "build_font.py"),
                        "--out", str(tmp_path)], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    for name in ("font_data.py", "icon_data.py"):
        with open(os.path.join(FIRMWARE, "core", name), "rb") as f:
            committed = f.read()
        with open(os.path.join(str(tmp_path), name), "rb") as f:
            fresh = f.read()
        assert fresh == committed, "%s is stale: run tools/build_font.py" % name
        assert b"GENERATED by tools/build_font.py" in committed


def test_builder_is_deterministic():
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    try:
        import build_font
    finally:
        sys.path.pop(0)
    assert build_font.outputs() == build_font.outputs()


# ---------------------------------------------------------------- glyph set

PRINTABLE = [chr(c) for c in range(32, 127)]


def test_every_printable_ascii_glyph_is_designed_and_distinct():
    f = font.FONT5x7
    box = glyph_bytes(f, "\x00")
    seen = {}
    for ch in PRINTABLE:
        assert "'%s'" % ch in ART5, "no glyph for %r in font5x7.txt" % ch
        g = glyph_bytes(f, ch)
        if ch != " ":
            assert any(g), "%r is blank" % ch
            assert g != box, "%r looks like the replacement box" % ch
        assert g not in seen, "%r and %r have the same glyph" % (ch, seen.get(g))
        seen[g] = ch


def test_glyph_bytes_match_the_ascii_art():
    f = font.FONT5x7
    for ch in PRINTABLE:
        rows = char_art(ART5, ch)
        assert len(rows) == 8 and all(len(r) == 5 for r in rows), ch
        g = glyph_bytes(f, ch)
        assert lit(rows) == {(x, y) for x in range(5) for y in range(8) if g[x] >> y & 1}, ch


def test_extra_glyphs_exist_and_are_distinct():
    names = ("CHECK", "CROSS", "ARROW_UP", "ARROW_DOWN", "ARROW_LEFT", "ARROW_RIGHT",
             "HEART", "STAR", "BTN_A", "BTN_B", "CIRCLE_FILLED", "CIRCLE_HOLLOW",
             "PIP", "DIE", "ELLIPSIS", "TRI_RIGHT", "TRI_LEFT", "TRI_UP", "TRI_DOWN")
    f = font.FONT5x7
    box = glyph_bytes(f, "\x00")
    printable = {glyph_bytes(f, ch) for ch in PRINTABLE}
    seen = set()
    for name in names:
        s = getattr(font, name)
        assert s == getattr(font_data, name)
        assert isinstance(s, str) and len(s) == 1 and ord(s) < 32 and ord(s) not in range(9, 14)
        g = glyph_bytes(f, s)
        assert g != box and any(g) and g not in printable and g not in seen, name
        assert lit(extra_art(ART5, name)) == {(x, y) for x in range(5) for y in range(8)
                                              if g[x] >> y & 1}, name
        seen.add(g)


def test_3x5_font_covers_score_sheet_characters():
    f = font.FONT3x5
    need = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ+-/:.()#*=?!"
    box = glyph_bytes(f, "\x00")
    seen = {}
    for ch in need:
        rows = char_art(ART3, ch)
        assert len(rows) == 5 and all(len(r) == 3 for r in rows), ch
        g = glyph_bytes(f, ch)
        assert g != box and any(g), ch
        assert lit(rows) == {(x, y) for x in range(3) for y in range(5) if g[x] >> y & 1}, ch
        assert g not in seen, "%r and %r share a glyph" % (ch, seen.get(g))
        seen[g] = ch
    assert glyph_bytes(f, " ") == b"\x00\x00\x00"
    for lower in "abcxyz":
        assert glyph_bytes(f, lower) == glyph_bytes(f, lower.upper())
    for missing in "@$&{}~\x7f\u00e9":
        assert glyph_bytes(f, missing) == box


def test_metrics():
    assert (font.FONT5x7.w, font.FONT5x7.h, font.FONT5x7.advance, font.FONT5x7.line_h) == (5, 8, 6, 8)
    assert (font.FONT3x5.w, font.FONT3x5.h, font.FONT3x5.advance, font.FONT3x5.line_h) == (3, 5, 4, 6)
    assert font.LINE_H == 8 and font.LINE_H3x5 == 6 and font.CHAR_W == 6 and font.CHAR_W3x5 == 4
    assert len(font_data.F5X7) == 5 * (font.FONT5x7.last - font.FONT5x7.first + 2)
    assert len(font_data.F3X5) == 3 * (font.FONT3x5.last - font.FONT3x5.first + 2)


# ---------------------------------------------------------------- width / wrap

def test_width():
    for s in ("", "a", "...", "Hello, World!", "x" * 40):
        assert font.width(s) == 6 * len(s)
        assert font.width(s, font.FONT3x5) == 4 * len(s)
    assert font.width("ab\nabcd\nc") == 24
    assert font.width(font.CHECK + " OK") == 24


def test_wrap():
    w = font.wrap
    assert w("", 120) == []
    assert w("hello", 120) == ["hello"]
    # 60 px hold (60 + 1) // 6 = 10 characters
    assert w("hello world this is a test of wrapping", 60) == [
        "hello", "world this", "is a test", "of", "wrapping"]
    assert w("abcdefghij", 58) == ["abcdefghi", "j"]  # 10 glyphs need 59 px of ink
    assert w("abcdefghij", 59) == ["abcdefghij"]
    assert w("a supercalifragilistic word", 60) == ["a", "supercalif", "ragilistic", "word"]
    assert w("one\n\ntwo  three", 120) == ["one", "", "two three"]
    assert w("   ", 120) == [""]
    assert w("abc", 1) == ["a", "b", "c"]
    for line in w("The quick brown fox jumps over the lazy dog, again and again!", 50):
        assert font.width(line) - 1 <= 50
    # 3x5: 24 px hold (24 + 1) // 4 = 6 characters
    assert w("SCORE 12 BONUS 3", 24, font.FONT3x5) == ["SCORE", "12", "BONUS", "3"]


def _wrap_by_words(s, max_width, f=font.FONT5x7):
    """wrap() as it was written before it sliced lines out of s: word by word."""
    n = max(1, (max_width + f.advance - f.w) // f.advance)
    lines = []
    for para in s.split("\n") if s else []:
        line = ""
        for word in para.split():
            if len(word) > n:
                if line:
                    lines.append(line)
                while len(word) > n:
                    lines.append(word[:n])
                    word = word[n:]
                line = word
            elif not line:
                line = word
            elif len(line) + 1 + len(word) <= n:
                line = line + " " + word
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def test_wrap_makes_the_lines_it_made_word_by_word():
    # runs of spaces, newlines, long words, glyph characters, and (rarely) tabs
    from core.rng import Rng
    r = Rng(5)
    alphabet = "ab cd  e\n" + font.STAR + font.CHECK + "xyz \t"
    for t in range(4000):
        s = "".join(alphabet[r.randbelow(len(alphabet) - (t % 3 > 0))] for _ in range(r.randbelow(40)))
        width = r.randbelow(60)
        for f in (font.FONT5x7, font.FONT3x5):
            assert font.wrap(s, width, f) == _wrap_by_words(s, width, f), (s, width)


# ---------------------------------------------------------------- drawing

def hello_pixels(ox, oy):
    want = set()
    for i, ch in enumerate("Hello"):
        want |= lit(char_art(ART5, ch), ox + 6 * i, oy)
    return want


def test_hello_lights_exactly_the_glyph_pixels():
    buf, fb = new_fb()
    assert font.text(fb, "Hello", 0, 0) == 30
    got = pixels(buf)
    assert got == hello_pixels(0, 0)
    # spot checks against the art: the H's left stem and bar, the e's bar
    assert {(0, 0), (0, 6), (2, 3), (4, 3)} <= got and (2, 0) not in got
    assert {(6, 4), (10, 4), (7, 2)} <= got and (7, 0) not in got
    assert not any(x >= 30 or y >= 7 for x, y in got)


def test_dark_text_clears_only_glyph_pixels():
    buf, fb = new_fb()
    fb.fill(1)
    font.text(fb, "Hello", 3, 9, 0)
    assert pixels(buf, value=0) == hello_pixels(3, 9)


def test_newline_and_return_value():
    buf, fb = new_fb()
    assert font.text(fb, "He\nllo", 2, 1) == 2 + 18
    want = lit(char_art(ART5, "H"), 2, 1) | lit(char_art(ART5, "e"), 8, 1)
    for i, ch in enumerate("llo"):
        want |= lit(char_art(ART5, ch), 2 + 6 * i, 9)
    assert pixels(buf) == want


def test_missing_characters_draw_the_replacement_box():
    box = lit(extra_art(ART5, "REPLACEMENT"))
    for s in ("\x7f", "\u00e9", "\x0b", "\u2603"):
        buf, fb = new_fb()
        font.text(fb, s, 0, 0)
        assert pixels(buf) == box, repr(s)
    buf, fb = new_fb()
    font.text(fb, "@", 0, 0, 1, font.FONT3x5)
    assert pixels(buf) == lit(extra_art(ART3, "REPLACEMENT"))


def test_small_font_lowercase_draws_uppercase():
    a_buf, a = new_fb()
    b_buf, b = new_fb()
    font.text(a, "Round 3/6: ok!", 1, 1, 1, font.FONT3x5)
    font.text(b, "ROUND 3/6: OK!", 1, 1, 1, font.FONT3x5)
    assert a_buf == b_buf and any(a_buf)


def test_clipping_at_every_edge_does_not_crash():
    buf, fb = new_fb()
    s = "Clip me " + font.HEART + " gjpqy"
    for x, y in ((125, 60), (127, 63), (-3, -4), (-200, 0), (0, -7), (120, 0), (1000, 1000), (0, 62)):
        for f in (font.FONT5x7, font.FONT3x5):
            font.text(fb, s, x, y, 1, f)
            font.text(fb, s, x, y, 0, f)
            font.text_right(fb, s, x, y, 1, f)
            font.text_center(fb, s, x, y, 0, f)
        font.icon(fb, icon_data.DIE6_9, x, y)
        font.icon(fb, icon_data.DIE6_9, x, y, 0)
    # the part that is on screen is drawn exactly
    buf, fb = new_fb()
    font.text(fb, "AB", 124, 60)
    want = {(x, y) for x, y in lit(char_art(ART5, "A"), 124, 60) | lit(char_art(ART5, "B"), 130, 60)
            if x < 128 and y < 64}
    assert pixels(buf) == want and want


def test_right_and_centre_alignment():
    buf, fb = new_fb()
    assert font.text_right(fb, "12", 128, 0) == 128 - 11
    xs = {x for x, _ in pixels(buf)}
    assert max(xs) == 127
    buf, fb = new_fb()
    start = font.text_center(fb, "I", 64, 0)  # 'I' is .###. : ink columns 1-3
    assert start == 62 and {x for x, _ in pixels(buf)} == {63, 64, 65}
    buf, fb = new_fb()
    font.text_center(fb, "OO", 64, 0)
    xs = {x for x, _ in pixels(buf)}
    assert min(xs) + max(xs) in (127, 128)


def icon_pixels(name, ox=0, oy=0):
    return lit(ICON_ART["%s %dx%d" % ((name,) + getattr(icon_data, name)[:2])], ox, oy)


def test_icons_draw_exactly_their_art_both_colours():
    for name in icon_data.NAMES:
        w, h, data = getattr(icon_data, name)
        assert len(data) == w * ((h + 7) // 8), name
        buf, fb = new_fb()
        assert font.icon(fb, getattr(icon_data, name), 5, 3) == 5 + w
        assert pixels(buf) == icon_pixels(name, 5, 3), name
        buf, fb = new_fb()
        fb.fill(1)
        font.icon(fb, getattr(icon_data, name), 100, 50, 0)
        assert pixels(buf, value=0) == icon_pixels(name, 100, 50), name


EXPECTED_ICONS = {
    (9, 9): ["DIE%d_9" % i for i in range(1, 7)] + ["JOKER_9", "BTN_A_9", "BTN_B_9"],
    (7, 7): ["DIE%d_7" % i for i in range(1, 7)] + ["JOKER_7"]
    + ["DZ_" + n for n in ("GEM", "PUZZLE", "FLAG", "BOMB", "ROCKET", "KEY", "LOCK", "PLANET", "PILE", "X")]
    + ["CK_" + n for n in ("COOKIE", "BUTTER", "SANDWICH", "GINGER", "JAM", "MACARON", "SPRINKLE", "STAR", "WAFER")]
    + ["WC_" + n for n in ("CIRCLE", "SQUARE", "TRIANGLE", "DIAMOND", "JOKER", "ACTION")],
    (8, 8): ["CL_" + n for n in ("BALLOON", "CANDLE", "PRESENT", "CUPCAKE", "DONUT", "CAKE", "STAR", "BONUS")],
    (11, 7): ["BAT_%d" % i for i in range(4)],
    (9, 7): ["SPK_ON", "SPK_OFF"],
}


def test_icon_set_sizes_and_distinctness():
    listed = set()
    for size, names in EXPECTED_ICONS.items():
        datas = set()
        for n in names:
            ic = getattr(icon_data, n)
            assert ic[:2] == size, n
            assert ic[2] not in datas, "%s duplicates another icon" % n
            datas.add(ic[2])
            listed.add(n)
    assert listed == set(icon_data.NAMES)
    assert icon_data.DICE_9 == tuple(getattr(icon_data, "DIE%d_9" % i) for i in range(1, 7))
    assert icon_data.DICE_7 == tuple(getattr(icon_data, "DIE%d_7" % i) for i in range(1, 7))
    assert len(icon_data.COOKIES) == 9 and len(icon_data.BATTERY) == 4
    # dice faces: pip count = face value (the 1 is drawn as a larger pip)
    for i in range(2, 7):
        interior = [r[2:7] for r in ICON_ART["DIE%d_9 9x9" % i][2:7]]
        assert sum(r.count("#") for r in interior) == i


# ---------------------------------------------------------------- MicroPython parity

SCENE = r'''
def scene(fb, font, I):
    font.text(fb, "Hello, World! gjpqy", 0, 0)
    font.text(fb, "".join([chr(c) for c in range(32, 80)]), -2, 8)
    font.text(fb, "".join([chr(c) for c in range(80, 127)]), 0, 16)
    fb.fill_rect(0, 24, 70, 9, 1)
    font.text(fb, font.CHECK + font.BTN_A + font.HEART + " dark\x7f", 1, 25, 0)
    font.text_right(fb, "12:34 " + font.STAR, 128, 25)
    font.text(fb, "SCORE 0123456789 +-/:.()#*=?! lower", 0, 34, 1, font.FONT3x5)
    font.text_center(fb, "Centred\nlines", 64, 41)
    x = 0
    for ic in I.DICE_9 + (I.JOKER_9,):
        x = font.icon(fb, ic, x, 57) + 1
    fb.fill_rect(72, 55, 30, 9, 1)
    font.icon(fb, I.DIE5_9, 73, 55, 0)
    font.icon(fb, I.CK_GINGER, 84, 56, 0)
    font.icon(fb, I.BAT_2, 118, 58)
    font.text(fb, "edge", 122, 60)
    font.text(fb, "top", 30, -3)
'''

MP_SCRIPT = r'''
import sys
sys.path.insert(0, %r)
import framebuf, micropython
from core import font
from core import icon_data as I
buf = bytearray(1024)
fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
%s
scene(fb, font, I)
print("".join(["%%02x" %% b for b in buf]))
# no allocation while drawing ASCII text (any colour, either font), once each glyph
# has been drawn (its FrameBuffer is made at its first use and kept)
s = "Hello, World! 0123 ~" + font.CHECK
for f in (font.FONT5x7, font.FONT3x5):
    font.text(fb, s, 3, 10, 1, f)
ok = 1
for c in (1, 0):
    for f in (font.FONT5x7, font.FONT3x5):
        micropython.heap_lock()
        try:
            font.text(fb, s, 3, 10, c, f)
        except MemoryError:
            ok = 0
        micropython.heap_unlock()
# nor while drawing icons, lit or cleared, once each has been drawn (its blit source
# is made at its first use and kept)
for ic in (I.DIE5_9, I.JOKER_7, I.CL_BALLOON, I.BAT_2):
    font.icon(fb, ic, 50, 20)
    for c in (1, 0):
        micropython.heap_lock()
        try:
            font.icon(fb, ic, 50, 20, c)
        except MemoryError:
            ok = 0
        micropython.heap_unlock()
print("noalloc" if ok else "ALLOC")
# the display's own path (core.font.use_display: viper code into its buffer) draws what
# the blits draw: the scene, then random text at random places, both fonts and colours
%s
class Shown(framebuf.FrameBuffer):
    def __init__(self):
        self.buffer = bytearray(1024)
        super().__init__(self.buffer, 128, 64, framebuf.MONO_VLSB)
shown = Shown()
font.use_display(shown)
scene(shown, font, I)
print("".join(["%%02x" %% b for b in shown.buffer]))
print("differ %%d" %% differing(font, shown, fb, buf))
faces = (font.FONT5x7, font.FONT3x5)
micropython.heap_lock()
try:
    for c in (1, 0):
        for f in faces:
            font.text(shown, s, -3, 13, c, f)
    ok = 1
except MemoryError:
    ok = 0
micropython.heap_unlock()
print("noalloc" if ok else "ALLOC")
'''

# random texts drawn on the display (core.font.use_display) and by blits on another frame
FUZZ = r'''
def differing(font, shown, fb, buf):
    chars = [chr(n) for n in range(1, 127)] + ["\u00e9", "\u20ac", "\U0001f600", "\n", " ", " "]
    seed = [12345]

    def rand(n):
        seed[0] = (seed[0] * 1103515245 + 12345) & 0x7FFFFFFF
        return (seed[0] >> 16) % n
    bad = 0
    buf[:] = shown.buffer
    for trial in range(600):
        f = (font.FONT5x7, font.FONT3x5)[rand(2)]
        s = "".join([chars[rand(len(chars))] for _ in range(rand(24))])
        x = rand(160) - 24
        y = rand(84) - 12
        c = rand(2)
        if rand(4) == 0:
            shown.fill(1)
            fb.fill(1)
        a = font.text(shown, s, x, y, c, f)
        b = font.text(fb, s, x, y, c, f)
        if a != b or shown.buffer != buf:
            bad += 1
            buf[:] = shown.buffer
    return bad
'''


def _run_scene_cpython(fb_module):
    """Run SCENE with core.font bound to the given framebuf module."""
    saved = sys.modules.get("framebuf")
    sys.modules["framebuf"] = fb_module
    names = ("core.font",)
    saved_mods = {n: sys.modules.pop(n) for n in names if n in sys.modules}
    import core
    saved_attr = core.__dict__.get("font")
    try:
        import core.font as f2
        buf = bytearray(1024)
        fb = fb_module.FrameBuffer(buf, 128, 64, fb_module.MONO_VLSB)
        ns = {}
        exec(SCENE, ns)
        ns["scene"](fb, f2, icon_data)
        return bytes(buf)
    finally:
        for n in names:
            sys.modules.pop(n, None)
        sys.modules.update(saved_mods)
        if saved_attr is not None:
            core.font = saved_attr
        if saved is None:
            sys.modules.pop("framebuf", None)
        else:
            sys.modules["framebuf"] = saved


@pytest.fixture(scope="module")
def micropython_scene():
    if not (os.path.exists(MICROPYTHON) or shutil.which("micropython")):
        pytest.skip("no MicroPython unix port in .venv/bin")
    exe = MICROPYTHON if os.path.exists(MICROPYTHON) else shutil.which("micropython")
    r = subprocess.run([exe, "-c", MP_SCRIPT % (FIRMWARE, SCENE, FUZZ)],
                       capture_output=True, text=True, timeout=30)
    assert r.returncode == 0, r.stdout + r.stderr
    out = r.stdout.split()
    return bytes.fromhex(out[0]), out[1], bytes.fromhex(out[2]), int(out[4]), out[5]


def test_micropython_drawing_matches_reference(micropython_scene):
    mp_buf = micropython_scene[0]
    ref = _run_scene_cpython(_ref_module())
    assert any(ref)
    assert mp_buf == ref


def test_micropython_text_does_not_allocate(micropython_scene):
    assert micropython_scene[1] == "noalloc"
    assert micropython_scene[4] == "noalloc"     # on the display too (viper code)


def test_micropython_text_on_the_display_draws_what_blits_draw(micropython_scene):
    mp_buf, _, shown, differ, _ = micropython_scene
    assert shown == mp_buf
    assert differ == 0


def test_text_on_the_display_draws_what_blits_draw_in_plain_python():
    # the simulator and the browser run _text as plain Python (no viper)
    ns = {}
    exec(FUZZ, ns)
    import core.font as f2
    buf = bytearray(1024)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)

    class Shown(framebuf.FrameBuffer):
        def __init__(self):
            self.buffer = bytearray(1024)
            super().__init__(self.buffer, 128, 64, framebuf.MONO_VLSB)
    shown = Shown()
    kept = f2._display, f2._pixels, f2._pages
    f2.use_display(shown)
    try:
        assert not f2._IN_PLACE
        assert ns["differing"](f2, shown, fb, buf) == 0
    finally:
        f2._display, f2._pixels, f2._pages = kept


def test_micropython_drawing_matches_simulator_stub(micropython_scene):
    if not os.path.exists(STUB):
        pytest.skip("sim/stubs/framebuf.py does not exist yet: stub parity not checked")
    mp_buf = micropython_scene[0]
    assert _run_scene_cpython(framebuf if USING_STUB else _stub_module()) == mp_buf


def _stub_module():
    spec = importlib.util.spec_from_file_location("framebuf_stub", STUB)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


# ---------------------------------------------------------------- specimen (for a human)

def _save_png(buf, w, h, path, scale=4):
    from PIL import Image
    img = Image.new("RGB", (w * scale, h * scale), (0, 0, 0))
    px = img.load()
    for y in range(h):
        for x in range(w):
            if buf[(y >> 3) * w + x] >> (y & 7) & 1:
                for dy in range(scale - 1):
                    for dx in range(scale - 1):
                        px[x * scale + dx, y * scale + dy] = (120, 200, 255)
    img.save(path)


def test_render_specimen_pngs():
    pytest.importorskip("PIL")
    w, h = 128, 128
    buf = bytearray(w * h // 8)
    fb = framebuf.FrameBuffer(buf, w, h, framebuf.MONO_VLSB)
    y = 0
    for lo in range(32, 127, 21):
        font.text(fb, "".join(chr(c) for c in range(lo, min(lo + 21, 127))), 0, y)
        y += font.LINE_H
    extras = "".join(getattr(font, n) for n in (
        "CHECK", "CROSS", "ARROW_UP", "ARROW_DOWN", "ARROW_LEFT", "ARROW_RIGHT", "HEART",
        "STAR", "BTN_A", "BTN_B", "CIRCLE_FILLED", "CIRCLE_HOLLOW", "PIP", "DIE",
        "ELLIPSIS", "TRI_RIGHT", "TRI_LEFT", "TRI_UP", "TRI_DOWN"))
    font.text(fb, extras + "\x7f", 0, y)
    y += font.LINE_H + 1
    for line in font.wrap("Roll the dice, then pick a colour. Jumpy quizzing by gifted waxy "
                          "folk: 12:45 (+3) 7/9 #1 50%!", 128):
        font.text(fb, line, 0, y)
        y += font.LINE_H
    fb.fill_rect(0, y, 128, 9, 1)
    font.text(fb, font.BTN_A + " Roll  " + font.BTN_B + " Back", 1, y + 1, 0)
    font.text_right(fb, "3/6", 127, y + 1, 0)
    y += 10
    for s in ("0123456789 +-/:.()#*=?!", "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "P1 SCORE 42 (X2) BONUS=+5 12:45"):
        font.text(fb, s, 0, y, 1, font.FONT3x5)
        y += font.LINE_H3x5
    _save_png(buf, w, h, SPECIMEN_PNG)

    ibuf = bytearray(128 * 64 // 8)
    ifb = framebuf.FrameBuffer(ibuf, 128, 64, framebuf.MONO_VLSB)
    x, y = 1, 1
    for name in icon_data.NAMES:
        ic = getattr(icon_data, name)
        if x + ic[0] > 127:
            x, y = 1, y + 11
        x = font.icon(ifb, ic, x, y) + 3
    _save_png(ibuf, 128, 64, ICONS_PNG)
    assert os.path.getsize(SPECIMEN_PNG) > 0 and os.path.getsize(ICONS_PNG) > 0


def test_a_glyph_is_made_at_its_first_use_and_kept():
    f = font.Font(font._fd.F3X5, font._fd.F3X5_METRICS)
    buf = bytearray(1024)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    assert all(g is None for g in f.glyphs)          # nothing made before it is drawn
    font.text(fb, "AB", 0, 0, 1, f)
    made = [g for g in f.glyphs if g is not None]
    assert len(made) == 2
    font.text(fb, "BA", 0, 10, 0, f)
    assert [g for g in f.glyphs if g is not None] == made   # the same objects, kept
