"""Pure-CPython stand-in for MicroPython's built-in ``framebuf`` module.

The simulator puts sim/stubs on sys.path so that firmware written against
MicroPython's ``framebuf`` (and hal/ssd1306.py, which subclasses
``framebuf.FrameBuffer``) runs unchanged under CPython.

Goal: the SAME pixels as MicroPython 1.2x's extmod/modframebuf.c for every
drawing call, including clipping at the edges. tests/test_display_framebuf.py
runs one long seeded script of drawing calls under the real MicroPython binary
and under this module and requires byte-identical buffers.

Formats: MONO_VLSB (alias MVLSB, the SSD1306 page layout) has fast paths
(bytes.translate per page row, whole-column ints for blit and scroll); MONO_HLSB,
MONO_HMSB, RGB565, GS2_HMSB, GS4_HMSB and GS8 use simpler per-pixel paths. All
of them are in the parity test. Blitting a buffer onto itself takes the
per-pixel path too, because the device reads pixels it has just written.

Deliberate differences from the device:
- ``text()`` raises NotImplementedError: the firmware draws text with core.font
  (the built-in 8x8 font is not shipped with the project).
- A FrameBuffer here does not expose the buffer protocol (CPython < 3.12 can't
  do that from Python code); keep a reference to the buffer you passed in.
- Arguments must be ints (or bools), as on the device: floats raise TypeError
  here too, and so do keyword arguments (the device's methods take positional
  arguments only) and a poly() coords list that isn't an array/buffer.
"""

from operator import index as _int

MONO_VLSB = 0
MVLSB = 0
RGB565 = 1
GS4_HMSB = 2
MONO_HLSB = 3
MONO_HMSB = 4
GS2_HMSB = 5
GS8 = 6

_BPP = {MVLSB: 1, RGB565: 16, GS4_HMSB: 4, MONO_HLSB: 1, MONO_HMSB: 1, GS2_HMSB: 2, GS8: 8}

# Ellipse quadrant mask bits (same meaning as on the device).
_Q_ALL = 0x0F
_Q_FILL = 0x10

# bytes.translate tables for "set these bits" / "clear these bits", keyed by
# (mask, colour != 0); built on first use.
_TABLES = {}


def _table(mask, on):
    key = (mask, on)
    t = _TABLES.get(key)
    if t is None:
        if on:
            t = bytes(i | mask for i in range(256))
        else:
            keep = ~mask & 0xFF
            t = bytes(i & keep for i in range(256))
        _TABLES[key] = t
    return t


def _cdiv(a, b):
    """C integer division (truncates toward zero), as used by poly()."""
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


class FrameBuffer:
    """FrameBuffer(buffer, width, height, format[, stride])"""

    def __init__(self, buffer, width, height, format, stride=None):
        self._fb_setup(buffer, width, height, format, stride, True)

    # ------------------------------------------------------------ set-up --
    def _fb_setup(self, buffer, width, height, fmt, stride, writable):
        width = _int(width)
        height = _int(height)
        fmt = _int(fmt)
        stride = width if stride is None else _int(stride)
        if width < 1 or height < 1 or width > 0xFFFF or height > 0xFFFF or stride > 0xFFFF or stride < width:
            raise ValueError("invalid FrameBuffer geometry")
        if fmt not in _BPP:
            raise ValueError("invalid format")
        bpp = _BPP[fmt]
        height_req = height
        width_req = width
        strides_req = height - 1
        if fmt == MVLSB:
            height_req = (height + 7) & ~7
            strides_req = height_req - 8
        elif fmt in (MONO_HLSB, MONO_HMSB):
            stride = (stride + 7) & ~7
            width_req = (width + 7) & ~7
        elif fmt == GS2_HMSB:
            stride = (stride + 3) & ~3
            width_req = (width + 3) & ~3
        elif fmt == GS4_HMSB:
            stride = (stride + 1) & ~1
            width_req = (width + 1) & ~1
        if isinstance(buffer, bytearray):
            buf = buffer
        else:
            mv = memoryview(buffer)
            if writable and mv.readonly:
                raise TypeError("object with buffer protocol required (writable)")
            buf = mv.cast("B") if (mv.format != "B" or mv.ndim != 1) else mv
        need = (strides_req * stride + (height_req - strides_req) * width_req) * bpp // 8
        if need > len(buf):
            raise ValueError("buffer too small")
        self._fb_obj = buffer
        self._fb_buf = buf
        self._fb_w = width
        self._fb_h = height
        self._fb_fmt = fmt
        self._fb_stride = stride

    # ------------------------------------------------- per-format pixels --
    # Unchecked: callers clip first, as the C code does.
    def _get(self, x, y):
        f = self._fb_fmt
        buf = self._fb_buf
        s = self._fb_stride
        if f == MVLSB:
            return (buf[(y >> 3) * s + x] >> (y & 7)) & 1
        if f == MONO_HLSB or f == MONO_HMSB:
            off = (x & 7) if f == MONO_HMSB else 7 - (x & 7)
            return (buf[(x + y * s) >> 3] >> off) & 1
        if f == GS8:
            return buf[x + y * s]
        if f == RGB565:
            i = (x + y * s) * 2
            return buf[i] | (buf[i + 1] << 8)
        if f == GS4_HMSB:
            b = buf[(x + y * s) >> 1]
            return b & 0x0F if x & 1 else b >> 4
        # GS2_HMSB
        shift = (x & 3) << 1
        return (buf[(x + y * s) >> 2] >> shift) & 3

    def _set(self, x, y, c):
        f = self._fb_fmt
        buf = self._fb_buf
        s = self._fb_stride
        if f == MVLSB:
            i = (y >> 3) * s + x
            if c:
                buf[i] |= 1 << (y & 7)
            else:
                buf[i] &= ~(1 << (y & 7)) & 0xFF
        elif f == MONO_HLSB or f == MONO_HMSB:
            off = (x & 7) if f == MONO_HMSB else 7 - (x & 7)
            i = (x + y * s) >> 3
            if c:
                buf[i] |= 1 << off
            else:
                buf[i] &= ~(1 << off) & 0xFF
        elif f == GS8:
            buf[x + y * s] = c & 0xFF
        elif f == RGB565:
            i = (x + y * s) * 2
            buf[i] = c & 0xFF
            buf[i + 1] = (c >> 8) & 0xFF
        elif f == GS4_HMSB:
            i = (x + y * s) >> 1
            if x & 1:
                buf[i] = (c & 0x0F) | (buf[i] & 0xF0)
            else:
                buf[i] = ((c & 0x0F) << 4) | (buf[i] & 0x0F)
        else:  # GS2_HMSB
            i = (x + y * s) >> 2
            shift = (x & 3) << 1
            buf[i] = ((c & 3) << shift) | (buf[i] & ~(3 << shift) & 0xFF)

    def _set_checked(self, x, y, c):
        if 0 <= x < self._fb_w and 0 <= y < self._fb_h:
            self._set(x, y, c)

    # ------------------------------------------------------------- rects --
    def _fill_rect(self, x, y, w, h, c):
        fw = self._fb_w
        fh = self._fb_h
        if h < 1 or w < 1 or x + w <= 0 or y + h <= 0 or y >= fh or x >= fw:
            return
        xend = fw if x + w > fw else x + w
        yend = fh if y + h > fh else y + h
        if x < 0:
            x = 0
        if y < 0:
            y = 0
        w = xend - x
        f = self._fb_fmt
        buf = self._fb_buf
        s = self._fb_stride
        if f == MVLSB:
            on = c != 0
            solid = (b"\xff" if on else b"\x00") * w
            page = y >> 3
            last = (yend - 1) >> 3
            while page <= last:
                top = page << 3
                r0 = y - top if y > top else 0
                r1 = yend - top if yend - top < 8 else 8
                mask = ((1 << (r1 - r0)) - 1) << r0
                a = page * s + x
                if mask == 0xFF:
                    buf[a:a + w] = solid
                else:
                    buf[a:a + w] = bytes(buf[a:a + w]).translate(_table(mask, on))
                page += 1
        elif f == GS8:
            row = bytes((c & 0xFF,)) * w
            for yy in range(y, yend):
                a = yy * s + x
                buf[a:a + w] = row
        elif f == RGB565:
            row = bytes((c & 0xFF, (c >> 8) & 0xFF)) * w
            for yy in range(y, yend):
                a = (yy * s + x) * 2
                buf[a:a + 2 * w] = row
        else:
            st = self._set
            for yy in range(y, yend):
                for xx in range(x, xend):
                    st(xx, yy, c)

    # -------------------------------------------------- column helpers ----
    # MONO_VLSB only: a column as one int, bit n = row (8 * first_page + n).
    def _col_read(self, x, p0, p1):
        s = self._fb_stride
        return int.from_bytes(self._fb_buf[p0 * s + x:p1 * s + x + 1:s], "little")

    def _col_write(self, x, p0, p1, bits):
        s = self._fb_stride
        self._fb_buf[p0 * s + x:p1 * s + x + 1:s] = bits.to_bytes(p1 - p0 + 1, "little")

    # --------------------------------------------------------- public API --
    def fill(self, c, /):
        self._fill_rect(0, 0, self._fb_w, self._fb_h, _int(c))

    def fill_rect(self, x, y, w, h, c, /):
        self._fill_rect(_int(x), _int(y), _int(w), _int(h), _int(c))

    def pixel(self, x, y, c=None, /):
        x = _int(x)
        y = _int(y)
        if 0 <= x < self._fb_w and 0 <= y < self._fb_h:
            if c is None:
                return self._get(x, y)
            self._set(x, y, _int(c))
        return None

    def hline(self, x, y, w, c, /):
        self._fill_rect(_int(x), _int(y), _int(w), 1, _int(c))

    def vline(self, x, y, h, c, /):
        self._fill_rect(_int(x), _int(y), 1, _int(h), _int(c))

    def rect(self, x, y, w, h, c, f=False, /):
        x = _int(x)
        y = _int(y)
        w = _int(w)
        h = _int(h)
        c = _int(c)
        if f:
            self._fill_rect(x, y, w, h, c)
        else:
            self._fill_rect(x, y, w, 1, c)
            self._fill_rect(x, y + h - 1, w, 1, c)
            self._fill_rect(x, y, 1, h, c)
            self._fill_rect(x + w - 1, y, 1, h, c)

    def line(self, x1, y1, x2, y2, c, /):
        self._line(_int(x1), _int(y1), _int(x2), _int(y2), _int(c))

    def _line(self, x1, y1, x2, y2, c):
        # Bresenham exactly as the C code steps it (the end point is drawn
        # last, separately).
        dx = x2 - x1
        if dx > 0:
            sx = 1
        else:
            dx = -dx
            sx = -1
        dy = y2 - y1
        if dy > 0:
            sy = 1
        else:
            dy = -dy
            sy = -1
        steep = dy > dx
        if steep:
            x1, y1 = y1, x1
            dx, dy = dy, dx
            sx, sy = sy, sx
        fw = self._fb_w
        fh = self._fb_h
        st = self._set
        e = 2 * dy - dx
        for _ in range(dx):
            if steep:
                if 0 <= y1 < fw and 0 <= x1 < fh:
                    st(y1, x1, c)
            elif 0 <= x1 < fw and 0 <= y1 < fh:
                st(x1, y1, c)
            while e >= 0:
                y1 += sy
                e -= 2 * dx
            x1 += sx
            e += 2 * dy
        if 0 <= x2 < fw and 0 <= y2 < fh:
            st(x2, y2, c)

    def ellipse(self, x, y, xr, yr, c, f=False, m=_Q_ALL, /):
        cx = _int(x)
        cy = _int(y)
        a = _int(xr)
        b = _int(yr)
        c = _int(c)
        mask = (_Q_FILL if f else 0) | (_int(m) & _Q_ALL)
        if a == 0 and b == 0:
            if mask & _Q_ALL:
                self._set_checked(cx, cy, c)
            return
        two_a2 = 2 * a * a
        two_b2 = 2 * b * b
        # First set of points: slope > -1.
        px = a
        py = 0
        xchange = b * b * (1 - 2 * a)
        ychange = a * a
        err = 0
        stop_x = two_b2 * a
        stop_y = 0
        while stop_x >= stop_y:
            self._ellipse_points(cx, cy, px, py, c, mask)
            py += 1
            stop_y += two_a2
            err += ychange
            ychange += two_a2
            if 2 * err + xchange > 0:
                px -= 1
                stop_x -= two_b2
                err += xchange
                xchange += two_b2
        # Second set of points: slope < -1.
        px = 0
        py = b
        xchange = b * b
        ychange = a * a * (1 - 2 * b)
        err = 0
        stop_x = 0
        stop_y = two_a2 * b
        while stop_x <= stop_y:
            self._ellipse_points(cx, cy, px, py, c, mask)
            px += 1
            stop_x += two_b2
            err += xchange
            xchange += two_b2
            if 2 * err + ychange > 0:
                py -= 1
                stop_y -= two_a2
                err += ychange
                ychange += two_a2

    def _ellipse_points(self, cx, cy, x, y, c, mask):
        # Quadrants: Q2 Q1 / Q3 Q4.
        if mask & _Q_FILL:
            fr = self._fill_rect
            if mask & 1:
                fr(cx, cy - y, x + 1, 1, c)
            if mask & 2:
                fr(cx - x, cy - y, x + 1, 1, c)
            if mask & 4:
                fr(cx - x, cy + y, x + 1, 1, c)
            if mask & 8:
                fr(cx, cy + y, x + 1, 1, c)
        else:
            sc = self._set_checked
            if mask & 1:
                sc(cx + x, cy - y, c)
            if mask & 2:
                sc(cx - x, cy - y, c)
            if mask & 4:
                sc(cx - x, cy + y, c)
            if mask & 8:
                sc(cx + x, cy + y, c)

    def poly(self, x, y, coords, c, f=False, /):
        x = _int(x)
        y = _int(y)
        # Like the device: coords must support the buffer protocol (array('h', ...)).
        try:
            pts = memoryview(coords).tolist()
        except TypeError:
            raise TypeError("object with buffer protocol required") from None
        n = len(pts) // 2
        if n == 0:
            return
        c = _int(c)
        if not f:
            # Outline: edges p0-p(n-1), p(n-1)-p(n-2), ..., p1-p0.
            px1 = pts[0]
            py1 = pts[1]
            i = n * 2 - 1
            while i >= 0:
                py2 = pts[i]
                px2 = pts[i - 1]
                i -= 2
                self._line(x + px1, y + py1, x + px2, y + py2, c)
                px1 = px2
                py1 = py2
            return
        # Filled: integer scan-line fill, same rules (and rounding) as the C
        # code: bottom pixel of each edge excluded, local minima patched.
        ys = pts[1::2]
        for row in range(min(ys), max(ys) + 1):
            nodes = []
            px1 = pts[0]
            py1 = pts[1]
            i = n * 2 - 1
            while i >= 0:
                py2 = pts[i]
                px2 = pts[i - 1]
                i -= 2
                if py1 != py2 and ((py1 > row >= py2) or (py1 <= row < py2)):
                    num = _cdiv(32 * (px2 - px1) * (row - py1), py2 - py1)
                    nodes.append(_cdiv(32 * px1 + num + 16, 32))
                elif row == (py1 if py1 > py2 else py2):
                    if py1 < py2:
                        self._set_checked(x + px2, y + py2, c)
                    elif py2 < py1:
                        self._set_checked(x + px1, y + py1, c)
                    else:
                        self._line(x + px1, y + py1, x + px2, y + py2, c)
                px1 = px2
                py1 = py2
            if not nodes:
                continue
            nodes.sort()
            for k in range(0, len(nodes) - 1, 2):
                self._fill_rect(x + nodes[k], y + row, nodes[k + 1] - nodes[k] + 1, 1, c)

    def scroll(self, xstep, ystep, /):
        xstep = _int(xstep)
        ystep = _int(ystep)
        fw = self._fb_w
        fh = self._fb_h
        # Same no-op cases as the device.
        if xstep < 0:
            if fw + xstep <= 0:
                return
        elif xstep - 1 >= fw - 1:
            return
        if ystep < 0:
            if fh + ystep <= 0:
                return
        elif ystep - 1 >= fh - 1:
            return
        # Result: new(x, y) = old(x - xstep, y - ystep) inside the target
        # region; pixels outside it keep their old values.
        xa = xstep if xstep > 0 else 0
        xb = fw + xstep if xstep < 0 else fw
        ya = ystep if ystep > 0 else 0
        yb = fh + ystep if ystep < 0 else fh
        if self._fb_fmt == MVLSB:
            last = (fh - 1) >> 3
            cols = [self._col_read(cx, 0, last) for cx in range(fw)]
            mask = ((1 << (yb - ya)) - 1) << ya
            keep = ~mask
            for cx in range(xa, xb):
                src = cols[cx - xstep]
                src = src << ystep if ystep >= 0 else src >> -ystep
                new = (cols[cx] & keep) | (src & mask)
                if new != cols[cx]:
                    self._col_write(cx, 0, last, new)
            return
        get = self._get
        st = self._set
        old = [[get(cx, cy) for cx in range(fw)] for cy in range(fh)]
        for cy in range(ya, yb):
            row = old[cy - ystep]
            for cx in range(xa, xb):
                st(cx, cy, row[cx - xstep])

    def blit(self, fbuf, x, y, key=-1, palette=None, /):
        src = _source(fbuf)
        x = _int(x)
        y = _int(y)
        key = _int(key) & 0xFFFFFFFF
        pal = None if palette is None else _source(palette)
        fw = self._fb_w
        fh = self._fb_h
        sw = src._fb_w
        sh = src._fb_h
        if x >= fw or y >= fh or -x >= sw or -y >= sh:
            return
        x0 = x if x > 0 else 0
        y0 = y if y > 0 else 0
        x1 = -x if x < 0 else 0
        y1 = -y if y < 0 else 0
        x0end = fw if x + sw > fw else x + sw
        y0end = fh if y + sh > fh else y + sh
        if x0 >= x0end or y0 >= y0end:
            return
        # Blitting a buffer onto itself reads pixels the same call has already
        # written; only the pixel-by-pixel path reproduces the device's order.
        same = src is self or src._fb_obj is self._fb_obj
        if not same and self._fb_fmt == MVLSB and src._fb_fmt in (MVLSB, MONO_HLSB, MONO_HMSB):
            self._blit_mono(src, x0, y0, x1, y1, x0end, y0end, key, pal)
            return
        sget = src._get
        st = self._set
        pget = None if pal is None else pal._get
        sy = y1
        for dy in range(y0, y0end):
            sx = x1
            for dx in range(x0, x0end):
                col = sget(sx, sy)
                if pget is not None:
                    col = pget(col, 0)
                if col != key:
                    st(dx, dy, col)
                sx += 1
            sy += 1

    def _blit_mono(self, src, x0, y0, x1, y1, x0end, y0end, key, pal):
        # What a 0 and a 1 source pixel become: None (transparent), 0 or 1.
        out = []
        for v in (0, 1):
            col = v if pal is None else pal._get(v, 0)
            out.append(None if col == key else (1 if col else 0))
        w0, w1 = out
        if w0 is None and w1 is None:
            return
        n = y0end - y0
        nmask = (1 << n) - 1
        dp0 = y0 >> 3
        dp1 = (y0end - 1) >> 3
        shift = y0 - (dp0 << 3)
        region = nmask << shift
        vlsb = src._fb_fmt == MVLSB
        if vlsb:
            sp0 = y1 >> 3
            sp1 = (y1 + n - 1) >> 3
            sshift = y1 - (sp0 << 3)
        else:
            sget = src._get
        sx = x1
        for dx in range(x0, x0end):
            if vlsb:
                bits = (src._col_read(sx, sp0, sp1) >> sshift) & nmask
            else:
                bits = 0
                for r in range(n):
                    if sget(sx, y1 + r):
                        bits |= 1 << r
            ones = bits << shift
            zeros = ~ones & region
            set_m = 0
            clr_m = 0
            if w1 == 1:
                set_m |= ones
            elif w1 == 0:
                clr_m |= ones
            if w0 == 1:
                set_m |= zeros
            elif w0 == 0:
                clr_m |= zeros
            old = self._col_read(dx, dp0, dp1)
            new = (old | set_m) & ~clr_m
            if new != old:
                self._col_write(dx, dp0, dp1, new)
            sx += 1

    def text(self, s, x, y, c=1, /):
        raise NotImplementedError(
            "framebuf.text() (MicroPython's built-in 8x8 font) is not used by this "
            "project and not simulated: draw text with core.font instead"
        )


def _source(obj):
    """A FrameBuffer, or a read-only one built from (buffer, w, h, format[, stride])."""
    if isinstance(obj, FrameBuffer):
        return obj
    if isinstance(obj, (tuple, list)):
        if len(obj) < 4 or len(obj) > 5:
            raise ValueError("blit source tuple must be (buffer, width, height, format[, stride])")
        fb = FrameBuffer.__new__(FrameBuffer)
        fb._fb_setup(obj[0], obj[1], obj[2], obj[3], obj[4] if len(obj) == 5 else None, False)
        return fb
    raise TypeError("blit source must be a FrameBuffer or a (buffer, w, h, format[, stride]) tuple")
