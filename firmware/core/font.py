"""Text and icon drawing for every screen. Runs unchanged on MicroPython and
CPython (the simulator supplies a `framebuf` module).

    from core import font
    x = font.text(fb, "Score: 12", 0, 0)          # lit text, returns the next x
    font.text(fb, "OK", 2, 2, 0)                  # dark text (on a lit box)
    font.text(fb, "P1 42", 0, 58, 1, font.FONT3x5)
    font.text_center(fb, "Pocket Party", 64, 28)  # centred on column 64
    font.text_right(fb, "3/6", 128, 0)            # ink ends at column 127
    for i, line in enumerate(font.wrap(msg, 120)):
        font.text(fb, line, 4, 12 + i * font.LINE_H)
    font.icon(fb, icon_data.DIE6_9, 10, 20)
    font.text(fb, font.BTN_A + " roll", 0, 56)    # extra glyphs are str constants

Fonts (glyph data in core/font_data.py, built by tools/build_font.py):
  FONT5x7  5x7 glyphs (+1 descender row), advance 6, line height 8, ASCII 32-126
           plus the extra UI glyphs below.
  FONT3x5  3x5 glyphs, advance 4, line height 6: digits, A-Z (a-z are drawn as
           A-Z), space and ! " # % ' ( ) * + , - . / : ; < = > ? [ ] _
Characters a font lacks (and every non-ASCII character) draw as a box.
'\\n' starts a new line at the starting x, LINE_H lower.

Extra 5x7 glyphs (one-character strings): CHECK CROSS ARROW_UP ARROW_DOWN
ARROW_LEFT ARROW_RIGHT HEART STAR BTN_A BTN_B CIRCLE_FILLED CIRCLE_HOLLOW PIP
DIE ELLIPSIS TRI_RIGHT TRI_LEFT TRI_UP TRI_DOWN.

Colour: c=1 sets the glyph's pixels, c=0 clears them; the pixels around the
glyph are never touched (transparent), so dark text needs a lit box first.

Drawing allocates nothing per character: each glyph of a font is a small
FrameBuffer made at its first use and kept, blitted with a transparent key (dark text through a
palette that swaps the two colours). Clipping at every edge is done by
framebuf.blit.

The drawing functions are native code (@micropython.native) where the port has the
emitter (a Pico, the unix port; the simulator's stub and the browser's build leave them
plain Python). Not for their speed alone: a bytecode function whose frame is over 11
words (these have 5 or 6 arguments and a loop) gets that frame from the heap at every
call, and although it is freed on return, it counts towards the console's collection
threshold (core.heap: one collection per 4 KB allocated then). Drawn as bytecode, every 9th
line of text collected the whole heap on the unix port; native code keeps its frame
on the machine stack.
"""
import framebuf

from core import font_data as _fd
from core.font_data import (  # noqa: F401  (re-exported)
    CHECK, CROSS, ARROW_UP, ARROW_DOWN, ARROW_LEFT, ARROW_RIGHT, HEART, STAR,
    BTN_A, BTN_B, CIRCLE_FILLED, CIRCLE_HOLLOW, PIP, DIE, ELLIPSIS,
    TRI_RIGHT, TRI_LEFT, TRI_UP, TRI_DOWN,
)

_VLSB = framebuf.MONO_VLSB


class Font:
    """A fixed-advance bitmap font (see core/font_data.py for the data layout).

    Attributes: w, h (glyph cell), advance, line_h, first, last, fold, data, and
    glyphs: one FrameBuffer a glyph (glyphs[0] is the box drawn for a missing one).
    """

    def __init__(self, data, metrics):
        w, h, advance, line_h, first, last, fold = metrics
        self.data = data
        self.w = w
        self.h = h
        self.advance = advance
        self.line_h = line_h
        self.first = first
        self.last = last
        self.fold = fold
        # A FrameBuffer per glyph: a character is then one blit, six times faster than
        # copying its columns into one shared cell first (text of 20 characters: 57 us
        # against 9 us on the unix port). Each is made the first time its character is
        # drawn (68 bytes a glyph on a 32-bit console: the FrameBuffer, its bytearray),
        # so only the characters the screens use take heap: all 192 of both fonts took
        # 20 KB of the launcher's heap on the 64-bit unix port.
        self.glyphs = [None] * (len(data) // w)

    def glyph(self, i):
        """The FrameBuffer of glyph i (made now if this is its first use)."""
        fb = self.glyphs[i]
        if fb is None:
            w = self.w
            fb = framebuf.FrameBuffer(bytearray(self.data[i * w:(i + 1) * w]), w, self.h, _VLSB)
            self.glyphs[i] = fb
        return fb

    def glyph_offset(self, ch):
        """Offset in self.data of the glyph drawn for character ch (a str or code)."""
        n = ch if isinstance(ch, int) else ord(ch)
        if self.fold and 97 <= n <= 122:
            n -= 32
        if self.first <= n <= self.last:
            return (n - self.first + 1) * self.w
        return 0


# dark text: a lit glyph pixel (1) becomes 0, its background (0) becomes 1 = the key
_SWAP = framebuf.FrameBuffer(bytearray(2), 2, 1, _VLSB)
_SWAP.pixel(0, 0, 1)

FONT5x7 = Font(_fd.F5X7, _fd.F5X7_METRICS)
FONT3x5 = Font(_fd.F3X5, _fd.F3X5_METRICS)

LINE_H = FONT5x7.line_h        # 8
CHAR_W = FONT5x7.advance       # 6
LINE_H3x5 = FONT3x5.line_h     # 6
CHAR_W3x5 = FONT3x5.advance    # 4


def ptr8(buf):
    """The viper cast to a byte pointer: compiled away in viper code, plain indexing
    where the function runs as Python (the simulator, the browser's port)."""
    return buf


class micropython:  # noqa: N801
    """Where MicroPython compiles @micropython.native / @micropython.viper itself it never
    looks this name up; under CPython both leave the function as it is (the `micropython`
    module there may be Adafruit Blinka's, which refuses viper)."""
    native = ptr8
    viper = ptr8


# Text on the display itself is drawn by _text below, straight into its buffer (MONO_VLSB:
# a byte is 8 rows of a column, a page of `stride` bytes a row of bytes); any other
# FrameBuffer by one framebuf.blit a character. As viper code a line of 20 characters takes
# 1.8 us on the unix port against 18 us for the blits (each blit parses its arguments and
# reads and writes every pixel through the format's functions): the event pages and menus
# draw 5-10 lines a key, 10-20 ms est. Pico before (docs/performance.md).
_display = None         # the FrameBuffer drawn through _text (use_display)
_pixels = None          # ... its buffer (128 bytes a page)
_pages = 0              # ... its height / 8


def use_display(fb):
    """Draw text on fb, the console's display (hal/README.md: 128 columns, MONO_VLSB, its
    bytes in .buffer, a page of 128 after the other), straight into its buffer; on any
    other frame text() blits."""
    global _display, _pixels, _pages
    _display = fb
    _pixels = fb.buffer
    _pages = len(fb.buffer) // 128


@micropython.viper
def _text(buf, stride: int, pages: int, s, n: int, x: int, y: int, c: int,
          data, w: int, adv: int, first: int, last: int, fold: int, line_h: int) -> int:
    # text()'s glyphs OR-ed into (c=1) or cleared from (c=0) the frame buffer column by
    # column, each column byte shifted over the two pages the row y falls on, clipped at
    # every edge as blit clips. s: a str (its UTF-8 bytes read in place; in plain Python
    # its encoding), n: its length in characters; a character outside ASCII draws the box.
    p = ptr8(buf)
    g = ptr8(data)
    src = ptr8(s)
    x0 = x
    i = 0
    k = 0
    while k < n:
        ch = int(src[i])
        i += 1
        k += 1
        if ch >= 0x80:          # a lead byte: its continuation bytes skipped
            if ch >= 0xF0:
                i += 3
            elif ch >= 0xE0:
                i += 2
            else:
                i += 1
            ch = 0x7F00         # past every font's last: the box
        if ch == 32:
            x += adv
            continue
        if ch == 10:
            x = x0
            y += line_h
            continue
        if fold and 97 <= ch and ch <= 122:
            ch -= 32
        off = (ch - first + 1) * w if first <= ch and ch <= last else 0
        page = y >> 3
        shift = y & 7
        col = 0
        while col < w:
            at = x + col
            if 0 <= at and at < stride:
                bits = int(g[off + col]) << shift
                if 0 <= page and page < pages and bits & 0xFF:
                    j = page * stride + at
                    if c:
                        p[j] = p[j] | (bits & 0xFF)
                    else:
                        p[j] = p[j] & (0xFF ^ (bits & 0xFF))
                if shift and -1 <= page and page + 1 < pages and bits >> 8:
                    j = (page + 1) * stride + at
                    if c:
                        p[j] = p[j] | (bits >> 8)
                    else:
                        p[j] = p[j] & (0xFF ^ (bits >> 8))
            col += 1
        x += adv
    return x


@micropython.viper
def _first_byte(s) -> int:
    return int(ptr8(s)[0])


try:                    # viper reads a str's bytes in place; plain Python indexes its characters
    _IN_PLACE = _first_byte("A") == 65
except ValueError:
    _IN_PLACE = False


@micropython.native
def text(fb, s, x, y, c=1, font=FONT5x7):
    """Draw s with its top-left at (x, y); return the x after the last character."""
    if fb is _display:
        return _text(_pixels, 128, _pages, s if _IN_PLACE else s.encode(), len(s), x, y, c,
                     font.data, font.w, font.advance, font.first, font.last, font.fold, font.line_h)
    glyphs = font.glyphs
    adv = font.advance
    first = font.first
    last = font.last
    fold = font.fold
    x0 = x
    for ch in s:
        n = ord(ch)
        if n == 32:
            x += adv
            continue
        if n == 10:
            x = x0
            y += font.line_h
            continue
        if fold and 97 <= n <= 122:
            n -= 32
        i = n - first + 1 if first <= n <= last else 0
        glyph = glyphs[i]
        if glyph is None:
            glyph = font.glyph(i)
        if c:
            fb.blit(glyph, x, y, 0)
        else:
            fb.blit(glyph, x, y, 1, _SWAP)
        x += adv
    return x


def width(s, font=FONT5x7):
    """Advance width of s in pixels: len(s) * advance (the widest line if s has '\\n').

    Includes the blank column after the last glyph; the lit part is
    width(s) - 1 pixels wide for both fonts.
    """
    if "\n" in s:
        m = 0
        for line in s.split("\n"):
            n = len(line)
            if n > m:
                m = n
        return m * font.advance
    return len(s) * font.advance


def _ink(s, font):
    return len(s) * font.advance - (font.advance - font.w)


@micropython.native
def text_right(fb, s, x, y, c=1, font=FONT5x7):
    """Draw s so that its last lit column is x - 1 (x = 128 hugs the right edge).

    Returns the x where the text starts (of the last line if s has '\\n').
    """
    if "\n" in s:
        start = x
        for line in s.split("\n"):
            start = text_right(fb, line, x, y, c, font)
            y += font.line_h
        return start
    start = x - _ink(s, font)
    text(fb, s, start, y, c, font)
    return start


@micropython.native
def text_center(fb, s, cx, y, c=1, font=FONT5x7):
    """Draw s with its lit part centred on column cx (cx = 64 centres on screen).

    Returns the x where the text starts (of the last line if s has '\\n').
    """
    if "\n" in s:
        start = cx
        for line in s.split("\n"):
            start = text_center(fb, line, cx, y, c, font)
            y += font.line_h
        return start
    start = cx - _ink(s, font) // 2
    text(fb, s, start, y, c, font)
    return start


@micropython.native
def wrap(s, max_width, font=FONT5x7):
    """Split s into lines that fit in max_width pixels when drawn with text().

    Words are separated by spaces and kept whole when they fit; a word longer
    than a line is broken into line-sized pieces. '\\n' forces a line break, so
    empty lines in s stay empty lines. Runs of spaces collapse. wrap("") == [].

    The words are found by their places in s and a line is one slice of s (its
    words and the single spaces between them are already there): wrapping makes the
    lines and their list, not a string per word and two per word joined. Native code,
    as text(): its frame (15 locals) stays off the heap. Five event texts, wrapped as
    a "What happened" page does: 7,680 -> 1,408 bytes; 1,000 wraps under the console's
    collection policy (gc.threshold(4096), 100 KB live): 91 -> 14 ms, 29 ms as bytecode
    (64-bit unix port).
    """
    n = (max_width + font.advance - font.w) // font.advance
    if n < 1:
        n = 1
    lines = []
    if not s:
        return lines
    if "\t" in s or "\x0b" in s or "\x0c" in s or "\r" in s:
        return _wrap_words(s, n)    # what split() also splits at (no screen's text has it)
    end = len(s)
    i = 0
    while True:                         # a paragraph: up to the next '\n'
        stop = s.find("\n", i)
        if stop < 0:
            stop = end
        a = b = k = 0                   # the line so far: s[a:b], k characters once collapsed
        while True:
            while i < stop and s.startswith(" ", i):
                i += 1
            if i >= stop:
                break
            j = s.find(" ", i, stop)    # the word is s[i:j]
            if j < 0:
                j = stop
            w = j - i
            if w > n:
                if k:
                    lines.append(_line(s, a, b, k))
                while w > n:
                    lines.append(s[i:i + n])
                    i += n
                    w -= n
                a, b, k = i, j, w
            elif not k:
                a, b, k = i, j, w
            elif k + 1 + w <= n:
                b = j
                k += 1 + w
            else:
                lines.append(_line(s, a, b, k))
                a, b, k = i, j, w
            i = j
        lines.append(_line(s, a, b, k) if k else "")
        if stop >= end:
            return lines
        i = stop + 1


def _line(s, a, b, k):
    """The line s[a:b] whose words take k characters with one space between each."""
    return s[a:b] if b - a == k else " ".join(s[a:b].split())


def _wrap_words(s, n):
    """wrap() word by word, for text with whitespace other than spaces and newlines."""
    lines = []
    for para in s.split("\n"):
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


# Icons are blitted straight from their data: framebuf.blit takes a (buffer, w, h,
# format) tuple as its source and reads it in place (bytes will do; a FrameBuffer would
# need a writable copy). That tuple is made once an icon, at its first use, and kept
# here, so drawing an icon allocates nothing, as drawing text does, and is one blit:
# copying its bytes into a shared cell first cost 5 times as much (two 9x9 dice, one lit
# and one dark: 15 us against 3 us on the unix port). The icons are the few of
# core/icon_data.py.
_icon_sources = {}


@micropython.native
def icon(fb, ic, x, y, c=1):
    """Draw an icon tuple (w, h, data) from core/icon_data.py; return x + w.

    c=1 sets the icon's lit pixels, c=0 clears them; other pixels untouched.
    """
    src = _icon_sources.get(ic)
    if src is None:
        w, h, data = ic
        src = (data, w, h, _VLSB)
        _icon_sources[ic] = src
    if c:
        fb.blit(src, x, y, 0)
    else:  # dark: through the palette that swaps the colours, the background is the key
        fb.blit(src, x, y, 1, _SWAP)
    return x + src[1]
