"""Byte-level model of an SSD1306 OLED controller, for the simulator and tests.

Feed it exactly what a driver puts on the bus and read back what the panel
would show:

    m = SSD1306Model(128, 64)
    m.i2c_write(payload)        # one I2C transaction, the bytes after the address
    m.spi_write(dc, payload)    # one SPI transfer with the D/C# pin level
    m.panel()                   # bytes, width*height/8, MONO_VLSB page layout
    m.to_image(scale=4)         # PIL image of the panel

Modelled: the 128x8-page GDDRAM; horizontal, vertical and page addressing
(0x20), column and page windows (0x21, 0x22), page-mode start column (0x00-0x1F)
and page (0xB0-0xB7); segment remap (0xA0/0xA1, applied when data is WRITTEN,
as on the chip, so flipping needs a redraw); COM scan direction (0xC0/0xC8,
applied when displaying); start line (0x40-0x7F); display offset (0xD3);
multiplex ratio (0xA8); contrast (0x81); entire display on (0xA4/0xA5);
inverse (0xA6/0xA7); display on/off (0xAE/0xAF); charge pump (0x8D). Other
commands are consumed with their correct argument count (0xD5, 0xD9, 0xDA,
0xDB, 0xAD, 0x23, 0xD6, scrolling 0x26/0x27/0x29/0x2A/0xA3/0x2E/0x2F, NOP
0xE3); scrolling is recorded but not animated.

Panel geometry (how the glass is wired), chosen so that the usual init
(0xA1 + 0xC8, start line 0, offset 0, multiplex = height) shows the
framebuffer upright:
- panel column x is driven by segment s = 127 - col_offset - x, where
  col_offset = (128 - width) // 2 (narrow panels use the middle segments);
  data written at column address c lands in segment c (0xA0) or 127 - c (0xA1);
- panel row y is driven by COM q = height - 1 - y; with 0xC0 COM q shows row
  counter k = q, with 0xC8 k = mux - 1 - q; rows with q >= mux stay dark;
- row counter k shows GDDRAM row (k + start_line + display_offset) % 64.
The panel is dark while the display is off (0xAE) or, with internal VCC, while
the charge pump is disabled (the chip's reset state).
"""

_REV = bytes(int("{:08b}".format(i)[::-1], 2) for i in range(256))

# Argument counts of the multi-byte commands.
_NARGS = {
    0x20: 1, 0x21: 2, 0x22: 2, 0x23: 1, 0x26: 6, 0x27: 6, 0x29: 5, 0x2A: 5,
    0x81: 1, 0x8D: 1, 0xA3: 2, 0xA8: 1, 0xAD: 1, 0xD3: 1, 0xD5: 1, 0xD6: 1,
    0xD9: 1, 0xDA: 1, 0xDB: 1,
}

HORIZONTAL = 0
VERTICAL = 1
PAGE = 2


class SSD1306Model:
    def __init__(self, width=128, height=64, external_vcc=False):
        if width < 1 or width > 128 or height < 8 or height > 64 or height % 8:
            raise ValueError("panel must be up to 128x64 with height a multiple of 8")
        self.width = width
        self.height = height
        self.external_vcc = external_vcc
        self.col_offset = (128 - width) // 2
        self.bytes_received = 0
        self.data_bytes = 0
        self.command_bytes = 0
        self.transactions = 0
        self.reset()

    def reset(self):
        """Hardware reset: registers to their datasheet reset values.

        GDDRAM is not cleared by a reset on the real chip; here it starts as
        noise so that a driver that forgets to write a full frame is caught.
        """
        seed = 0x1D872B41
        ram = bytearray(1024)
        for i in range(1024):
            seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
            ram[i] = (seed >> 16) & 0xFF
        self.ram = ram
        self.is_on = False
        self.contrast = 0x7F
        self.inverted = False
        self.entire_on = False
        self.seg_remap = False
        self.com_reverse = False
        self.start_line = 0
        self.display_offset = 0
        self.mux = 64
        self.charge_pump = False
        self.scrolling = False
        self.mode = PAGE
        self.col_start = 0
        self.col_end = 127
        self.page_start = 0
        self.page_end = 7
        self.col = 0
        self.page = 0
        self.page_col_start = 0
        self.unknown_commands = []
        self.protocol_errors = 0
        self._cmd = None
        self._args = []

    # ------------------------------------------------------------- input --
    def i2c_write(self, data):
        """One I2C write transaction: the bytes after the address byte.

        Each control byte is Co|D/C#|000000: Co=0 means every following byte
        of the transaction is data (D/C#=1) or command (D/C#=0); Co=1 means
        one byte follows, then another control byte.
        """
        data = bytes(data)
        self.bytes_received += len(data)
        self.transactions += 1
        i = 0
        n = len(data)
        while i < n:
            ctrl = data[i]
            i += 1
            if ctrl & 0x3F:
                self.protocol_errors += 1
            if ctrl & 0x80:
                if i < n:
                    if ctrl & 0x40:
                        self._data(data[i:i + 1])
                    else:
                        self._commands(data[i:i + 1])
                    i += 1
            else:
                if ctrl & 0x40:
                    self._data(data[i:])
                else:
                    self._commands(data[i:])
                break

    def spi_write(self, dc, data):
        """One SPI transfer; dc is the D/C# pin level (0 command, 1 data)."""
        data = bytes(data)
        self.bytes_received += len(data)
        self.transactions += 1
        if dc:
            self._data(data)
        else:
            self._commands(data)

    # ----------------------------------------------------------- commands --
    def _commands(self, data):
        self.command_bytes += len(data)
        for b in data:
            if self._cmd is not None:
                self._args.append(b)
                if len(self._args) == _NARGS[self._cmd]:
                    cmd = self._cmd
                    self._cmd = None
                    self._execute(cmd, self._args)
                    self._args = []
            elif b in _NARGS:
                self._cmd = b
                self._args = []
            else:
                self._execute(b, ())

    def _execute(self, c, a):
        if c == 0x20:
            mode = a[0] & 3
            if mode != 3:
                self.mode = mode
        elif c == 0x21:
            self.col_start = a[0] & 0x7F
            self.col_end = a[1] & 0x7F
            self.col = self.col_start
        elif c == 0x22:
            self.page_start = a[0] & 7
            self.page_end = a[1] & 7
            self.page = self.page_start
        elif c == 0x81:
            self.contrast = a[0]
        elif c == 0x8D:
            self.charge_pump = bool(a[0] & 0x04)
        elif c == 0xA8:
            if (a[0] & 0x3F) >= 15:
                self.mux = (a[0] & 0x3F) + 1
        elif c == 0xD3:
            self.display_offset = a[0] & 0x3F
        elif c in (0x26, 0x27, 0x29, 0x2A):
            pass  # scroll set-up: recorded only by activation
        elif c in _NARGS:
            pass  # timing / electrical settings: no effect on the image
        elif c <= 0x0F:
            if self.mode == PAGE:
                self.page_col_start = (self.page_col_start & 0xF0) | c
                self.col = self.page_col_start
        elif c <= 0x1F:
            if self.mode == PAGE:
                self.page_col_start = ((c & 0x07) << 4) | (self.page_col_start & 0x0F)
                self.col = self.page_col_start
        elif c == 0x2E:
            self.scrolling = False
        elif c == 0x2F:
            self.scrolling = True
        elif 0x40 <= c <= 0x7F:
            self.start_line = c & 0x3F
        elif c in (0xA0, 0xA1):
            self.seg_remap = c == 0xA1
        elif c in (0xA4, 0xA5):
            self.entire_on = c == 0xA5
        elif c in (0xA6, 0xA7):
            self.inverted = c == 0xA7
        elif c in (0xAE, 0xAF):
            self.is_on = c == 0xAF
        elif 0xB0 <= c <= 0xB7:
            if self.mode == PAGE:
                self.page = c & 7
        elif 0xC0 <= c <= 0xCF:
            self.com_reverse = bool(c & 0x08)
        elif c == 0xE3:
            pass  # NOP
        else:
            if len(self.unknown_commands) < 256:
                self.unknown_commands.append(c)

    # --------------------------------------------------------------- data --
    def _data(self, data):
        self.data_bytes += len(data)
        ram = self.ram
        i = 0
        n = len(data)
        while i < n:
            if self.mode == VERTICAL:
                self._put(self.col, self.page, data[i])
                i += 1
                if self.page >= self.page_end:
                    self.page = self.page_start
                    self.col = self.col_start if self.col >= self.col_end else self.col + 1
                else:
                    self.page += 1
                continue
            # Horizontal and page modes write along a page: do it in chunks.
            end = self.col_end if self.mode == HORIZONTAL else 127
            if self.col > end:
                end = 127
            k = min(n - i, end - self.col + 1)
            chunk = data[i:i + k]
            base = self.page * 128
            if self.seg_remap:
                s1 = 127 - self.col
                ram[base + s1 - k + 1:base + s1 + 1] = chunk[::-1]
            else:
                ram[base + self.col:base + self.col + k] = chunk
            i += k
            self.col += k
            if self.col > end:
                if self.mode == HORIZONTAL:
                    self.col = self.col_start
                    self.page = self.page_start if self.page >= self.page_end else self.page + 1
                else:
                    self.col = self.page_col_start

    def _put(self, col, page, b):
        s = 127 - col if self.seg_remap else col
        self.ram[page * 128 + s] = b

    # ------------------------------------------------------------- output --
    @property
    def lit(self):
        """True when the panel emits light at all (display on and powered)."""
        return self.is_on and (self.charge_pump or self.external_vcc)

    def gddram(self):
        """Raw GDDRAM, 8 pages x 128 bytes, indexed by segment (physical column)."""
        return bytes(self.ram)

    def _column(self, s):
        # 64 row bits of segment s as the panel rows see them (bit y = row y).
        H = self.height
        mux = self.mux
        bits = int.from_bytes(self.ram[s::128], "little")
        if self.entire_on:
            bits = (1 << 64) - 1
        rot = (self.start_line + self.display_offset) % 64
        if rot:
            bits = ((bits >> rot) | (bits << (64 - rot))) & ((1 << 64) - 1)
        bits &= (1 << mux) - 1  # row counters k < mux
        if self.com_reverse:
            sh = H - mux
            bits = bits << sh if sh >= 0 else bits >> -sh
        else:
            bits = int.from_bytes(bits.to_bytes(8, "little").translate(_REV), "big")
            bits >>= 64 - H
        active = ((1 << H) - 1) ^ ((1 << max(H - mux, 0)) - 1)
        if self.inverted and not self.entire_on:
            bits ^= active
        return bits & active

    def panel(self):
        """What the panel shows: width*height/8 bytes, MONO_VLSB page layout."""
        W = self.width
        H = self.height
        pages = H // 8
        out = bytearray(W * pages)
        if not self.lit:
            return bytes(out)
        top = 127 - self.col_offset
        for x in range(W):
            bits = self._column(top - x)
            if bits:
                out[x::W] = bits.to_bytes(pages, "little")
        return bytes(out)

    def pixel(self, x, y):
        p = self.panel()
        return (p[(y >> 3) * self.width + x] >> (y & 7)) & 1

    def ascii(self, on="#", off="."):
        """The panel as text lines (for test failure messages)."""
        p = self.panel()
        W = self.width
        return "\n".join(
            "".join(on if (p[(y >> 3) * W + x] >> (y & 7)) & 1 else off for x in range(W))
            for y in range(self.height)
        )

    def to_image(self, scale=4, on=(235, 245, 255), off=(10, 12, 16)):
        """PIL RGB image of the panel, each pixel scale x scale.

        Contrast modulates the lit colour a little (from 60% at contrast 0 to
        100% at 255), like a real OLED's brightness setting.
        """
        from PIL import Image

        W = self.width
        H = self.height
        p = self.panel()
        mono = Image.new("1", (W, H), 0)
        for page in range(H // 8):
            # Each byte is 8 vertical pixels, bit 0 on top: decode a page as an
            # 8-wide, W-tall image (LSB first), then transpose it into place.
            strip = Image.frombytes("1", (8, W), p[page * W:(page + 1) * W], "raw", "1;R")
            mono.paste(strip.transpose(Image.Transpose.TRANSPOSE), (0, page * 8))
        k = 0.6 + 0.4 * (self.contrast / 255.0)
        lit = tuple(int(off[i] + (on[i] - off[i]) * k) for i in range(3))
        img = Image.new("RGB", (W, H), off)
        img.paste(lit, (0, 0, W, H), mono)
        if scale != 1:
            img = img.resize((W * scale, H * scale), Image.Resampling.NEAREST)
        return img
