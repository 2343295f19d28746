"""Lean SSD1306 OLED driver for pocket-party (MicroPython and the CPython simulator).

One base class drawing into a MONO_VLSB framebuf.FrameBuffer (the SSD1306 page
layout, so the buffer is streamed as is), and its I2C transport, SSD1306_I2C.
SSD1306_SPI is in hal/ssd1306_spi.py: a console loads only the bus it has.

show() sends only what changed since the previous show(): the frame is cut into
fixed blocks of 16 columns x 1 page (16 bytes), each compared with a shadow copy
of what the panel already holds. The comparisons run in C (buffer equality): the
whole frame first (a key that changed nothing costs one compare), then each page,
and only a page that changed is compared block by block, so a frame that changed
one page loops over 8 blocks in Python instead of 64. Each run of dirty blocks gets one column/page
window command, then its data. A run that starts at column 0 may continue over
page boundaries, so a full frame is one window command plus the data.

No allocation in show(): the block views, command buffers and the I2C staging
buffer are made in __init__. I2C data goes out as single-buffer writeto() calls
(control byte 0x40 + a block, or + a whole page when the run covers it):
writevto() with two buffers would allocate on ports whose I2C driver needs one
contiguous buffer (rp2 merges the pieces into a temporary m_new buffer).

Counters for benchmarks: ``bytes_sent`` (command and data bytes on the bus,
including I2C control bytes but not the I2C address byte) and ``frames``
(number of show() calls). Both wrap at 2**30 so they stay small ints on the
device; call reset_counters() before measuring.

RAM: the frame (width*pages bytes), the shadow (same), a width+1 staging buffer
and about 150 small memoryview objects: a 128x64 I2C instance measures 9.1 KB on
the 64-bit unix port, roughly half that on a 32-bit MCU.
"""

from micropython import const
import framebuf

# Fundamental / addressing / hardware configuration commands.
_SET_MEM_ADDR = const(0x20)
_SET_COL_ADDR = const(0x21)
_SET_PAGE_ADDR = const(0x22)
_SET_DISP_START_LINE = const(0x40)
_SET_CONTRAST = const(0x81)
_SET_CHARGE_PUMP = const(0x8D)
_SET_SEG_REMAP = const(0xA0)
_SET_ENTIRE_ON = const(0xA4)
_SET_NORM_INV = const(0xA6)
_SET_MUX_RATIO = const(0xA8)
_SET_DISP = const(0xAE)
_SET_COM_OUT_DIR = const(0xC0)
_SET_DISP_OFFSET = const(0xD3)
_SET_DISP_CLK_DIV = const(0xD5)
_SET_PRECHARGE = const(0xD9)
_SET_COM_PIN_CFG = const(0xDA)
_SET_VCOM_DESEL = const(0xDB)

# I2C control bytes (Co=0: the rest of the transaction is one stream).
_CTRL_CMD = const(0x00)
_CTRL_DATA = const(0x40)

_BLOCK = const(16)  # columns per dirty-check block (one page tall)
_WRAP = const(0x3FFFFFFF)  # counters wrap here: largest small int on 32-bit ports


class DisplayMissing(OSError):
    """No SSD1306 answered on the bus (raised by the constructor)."""


def _sleep_ms(ms):
    import time

    s = getattr(time, "sleep_ms", None)
    if s is not None:
        s(ms)
    else:
        time.sleep(ms / 1000)


class SSD1306(framebuf.FrameBuffer):
    """Base class: drawing (inherited from FrameBuffer), panel commands, show().

    Command buffers keep a leading slot for the I2C control byte; subclasses
    implement _command(buf, body) (buf with the slot, body without it) and
    _write_blocks(first, end).
    """

    def __init__(self, width, height, external_vcc=False):
        if height % 8 or not 0 < height <= 64 or not 0 < width <= 128:
            raise ValueError("SSD1306 size must be up to 128x64 with height a multiple of 8")
        self.width = width
        self.height = height
        self.external_vcc = external_vcc
        self.pages = height // 8
        # Narrow panels (64x48, 72x40, ...) are wired to the middle segments.
        self.col_offset = (128 - width) // 2
        self.buffer = bytearray(self.pages * width)
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)
        self.bytes_sent = 0
        self.frames = 0
        self.flipped = False
        self._full = True  # the next show() resends everything
        self._shadow = bytearray(len(self.buffer))
        nb = (width + _BLOCK - 1) // _BLOCK
        self._nb = nb
        buf = memoryview(self.buffer)
        sh = memoryview(self._shadow)
        blocks = []
        shadows = []
        for p in range(self.pages):
            for b in range(nb):
                a = p * width + b * _BLOCK
                e = min(a + _BLOCK, (p + 1) * width)
                blocks.append(buf[a:e])
                shadows.append(sh[a:e])
        self._blocks = blocks
        self._shadows = shadows
        self._rows = [buf[p * width:(p + 1) * width] for p in range(self.pages)]
        self._shadow_rows = [sh[p * width:(p + 1) * width] for p in range(self.pages)]
        self._win = bytearray((_CTRL_CMD, _SET_COL_ADDR, 0, 0, _SET_PAGE_ADDR, 0, 0))
        self._win_body = memoryview(self._win)[1:]
        self._cmd1 = bytearray(2)
        self._cmd1_body = memoryview(self._cmd1)[1:]
        self._cmd2 = bytearray(3)
        self._cmd2_body = memoryview(self._cmd2)[1:]
        self._probe()
        self.init_display()

    # ----------------------------------------------------------- commands --
    def _probe(self):
        pass

    def init_display(self):
        """Full init sequence (charge pump, horizontal addressing), then a full frame."""
        seg = 0x00 if self.flipped else 0x01
        com = 0x00 if self.flipped else 0x08
        seq = bytes(
            (
                _CTRL_CMD,
                _SET_DISP,  # display off while configuring
                _SET_MEM_ADDR, 0x00,  # horizontal addressing
                _SET_DISP_START_LINE | 0x00,
                _SET_SEG_REMAP | seg,  # column 127 -> SEG0 unless flipped
                _SET_MUX_RATIO, self.height - 1,
                _SET_COM_OUT_DIR | com,  # scan COM[N-1] -> COM0 unless flipped
                _SET_DISP_OFFSET, 0x00,
                _SET_COM_PIN_CFG, 0x02 if self.width > 2 * self.height else 0x12,
                _SET_DISP_CLK_DIV, 0x80,
                _SET_PRECHARGE, 0x22 if self.external_vcc else 0xF1,
                _SET_VCOM_DESEL, 0x30,
                _SET_CONTRAST, 0xFF,
                _SET_ENTIRE_ON,  # follow RAM
                _SET_NORM_INV,  # not inverted
                _SET_CHARGE_PUMP, 0x10 if self.external_vcc else 0x14,
                _SET_DISP | 0x01,  # display on
            )
        )
        self._command(seq, memoryview(seq)[1:])  # pyright: ignore[reportAttributeAccessIssue]  -- each bus's subclass defines it
        self._full = True
        self.show()

    def write_cmd(self, cmd):
        """Send one command byte."""
        c = self._cmd1
        c[0] = _CTRL_CMD
        c[1] = cmd
        self._command(c, self._cmd1_body)  # pyright: ignore[reportAttributeAccessIssue]  -- each bus's subclass defines it

    def poweroff(self):
        """Panel off (sleep); RAM is kept, so poweron() needs no redraw."""
        self.write_cmd(_SET_DISP)

    def poweron(self):
        self.write_cmd(_SET_DISP | 0x01)

    def contrast(self, value):
        """Brightness 1..255 (clamped: 0 turns some panels fully off)."""
        if value < 1:
            value = 1
        elif value > 255:
            value = 255
        c = self._cmd2
        c[0] = _CTRL_CMD
        c[1] = _SET_CONTRAST
        c[2] = value
        self._command(c, self._cmd2_body)  # pyright: ignore[reportAttributeAccessIssue]  -- each bus's subclass defines it

    def invert(self, invert):
        self.write_cmd(_SET_NORM_INV | (1 if invert else 0))

    def flip(self, flip):
        """Rotate the picture 180 degrees (segment remap + COM scan direction).

        The segment remap only applies to data written afterwards, so the next
        show() resends the whole frame.
        """
        flip = bool(flip)
        if flip != self.flipped:
            self._full = True
        self.flipped = flip
        c = self._cmd2
        c[0] = _CTRL_CMD
        c[1] = _SET_SEG_REMAP | (0 if flip else 1)
        c[2] = _SET_COM_OUT_DIR | (0 if flip else 0x08)
        self._command(c, self._cmd2_body)  # pyright: ignore[reportAttributeAccessIssue]  -- each bus's subclass defines it

    def invalidate(self):
        """Forget what the panel holds: the next show() sends the whole frame."""
        self._full = True

    def reset_counters(self):
        self.bytes_sent = 0
        self.frames = 0

    # --------------------------------------------------------------- show --
    def show(self, full=False):
        """Send the blocks that changed since the last show() (all if full)."""
        if self._full:
            full = True
            self._full = False
        if not full and self.buffer == self._shadow:  # nothing changed (one compare in C)
            self.frames = (self.frames + 1) & _WRAP
            return
        blocks = self._blocks
        shadows = self._shadows
        rows = self._rows
        shadow_rows = self._shadow_rows
        nb = self._nb
        n = len(blocks)
        i = 0
        try:
            while i < n:
                if not full:
                    if i % nb == 0 and rows[i // nb] == shadow_rows[i // nb]:
                        i += nb  # this page is unchanged: its blocks need no compare
                        continue
                    if blocks[i] == shadows[i]:
                        i += 1
                        continue
                # A run of dirty blocks from i; it may cross into the next page
                # only if it started at column 0 (its window is then full width).
                span = i % nb == 0
                j = i + 1
                while j < n and (full or blocks[j] != shadows[j]) and (span or j % nb):
                    j += 1
                self._send_run(i, j)
                for k in range(i, j):
                    shadows[k][:] = blocks[k]
                i = j
        except BaseException:
            self._full = True  # the panel's state is unknown: resend next time
            raise
        self.frames = (self.frames + 1) & _WRAP

    def _send_run(self, i, j):
        nb = self._nb
        p0 = i // nb
        p1 = (j - 1) // nb
        c0 = (i % nb) * _BLOCK
        if p1 > p0:
            c1 = self.width - 1
        else:
            c1 = c0 + (j - i) * _BLOCK - 1
            if c1 >= self.width:
                c1 = self.width - 1
        w = self._win
        w[2] = c0 + self.col_offset
        w[3] = c1 + self.col_offset
        w[5] = p0
        w[6] = p1
        self._command(w, self._win_body)  # pyright: ignore[reportAttributeAccessIssue]  -- each bus's subclass defines it
        self._write_blocks(i, j)  # pyright: ignore[reportAttributeAccessIssue]  -- each bus's subclass defines it


class SSD1306_I2C(SSD1306):
    """SSD1306 on I2C: needs i2c.writeto(addr, buf) (machine.I2C or SoftI2C)."""

    def __init__(self, width, height, i2c, addr=0x3C, external_vcc=False):
        self.i2c = i2c
        self.addr = addr
        # Staging buffer: control byte 0x40, then one block or one page row.
        stage = bytearray(width + 1)
        stage[0] = _CTRL_DATA
        sv = memoryview(stage)
        short = width % _BLOCK or _BLOCK
        self._st_row = sv[1:]
        self._st_row_tx = sv
        self._st_blk = sv[1:1 + min(_BLOCK, width)]
        self._st_blk_tx = sv[:1 + min(_BLOCK, width)]
        self._st_short = sv[1:1 + short]
        self._st_short_tx = sv[:1 + short]
        self._vec = [b"\x40", b""]
        super().__init__(width, height, external_vcc)

    def _probe(self):
        try:
            self.write_cmd(_SET_DISP)
        except OSError:
            raise DisplayMissing(
                "No display answered at I2C address 0x%02X: check SDA/SCL wiring and power" % self.addr
            )

    def _command(self, buf, body):
        self.i2c.writeto(self.addr, buf)
        self.bytes_sent = (self.bytes_sent + len(buf)) & _WRAP

    def write_data(self, buf):
        """Send display data from any buffer (not used by show(); may allocate:
        it uses writevto, which some ports implement with a temporary buffer)."""
        v = self._vec
        v[1] = buf
        self.i2c.writevto(self.addr, v)
        v[1] = b""
        self.bytes_sent = (self.bytes_sent + 1 + len(buf)) & _WRAP

    def _write_blocks(self, i, j):
        nb = self._nb
        blocks = self._blocks
        i2c = self.i2c
        addr = self.addr
        sent = 0
        k = i
        while k < j:
            if k % nb == 0 and j - k >= nb:
                # The run covers this whole page row: one transaction.
                self._st_row[:] = self._rows[k // nb]
                tx = self._st_row_tx
                k += nb
            else:
                blk = blocks[k]
                if len(blk) == _BLOCK:
                    self._st_blk[:] = blk
                    tx = self._st_blk_tx
                else:
                    self._st_short[:] = blk
                    tx = self._st_short_tx
                k += 1
            i2c.writeto(addr, tx)
            sent += len(tx)
        self.bytes_sent = (self.bytes_sent + sent) & _WRAP
