"""Lean SSD1306 OLED driver for pocket-party (MicroPython and the CPython simulator).

One base class drawing into a MONO_VLSB framebuf.FrameBuffer (the SSD1306 page
layout, so the buffer is streamed as is), and its I2C transport, SSD1306_I2C.
SSD1306_SPI is in hal/ssd1306_spi.py: a console loads only the bus it has.

show() sends only what changed since the previous show(): the frame is cut into
fixed blocks of 16 columns x 1 page (16 bytes), each compared with a shadow copy
of what the panel already holds. The whole frame is compared first, in C (a key
that changed nothing costs one compare); then hal/ssd1306_frame.py's windows()
(viper code where the port has the emitter) finds the runs of changed blocks on each
page and copies them into the shadow. Each run gets one column/page window command,
then its data, a page's share in one transaction; runs with the same blocks on
pages one below the other share a window, so a full frame is one window command plus
the data.

No allocation in show(): the run list, command buffers, the I2C staging buffer
and its views are made in __init__. I2C data goes out as single-buffer writeto()
calls (control byte 0x40 + the run's columns on a page, copied into the staging
buffer): writevto() with two buffers would allocate on ports whose I2C driver
needs one contiguous buffer (rp2 merges the pieces into a temporary m_new buffer).

Counters for benchmarks: ``bytes_sent`` (command and data bytes on the bus,
including I2C control bytes but not the I2C address byte) and ``frames``
(number of show() calls). Both wrap at 2**30 so they stay small ints on the
device; call reset_counters() before measuring.

RAM: the frame (width*pages bytes), the shadow (same), a width+1 staging buffer
and its views (one per transaction size, about 16), the window list.
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


def _staging(width, start):
    """A staging buffer for a page's share of a run (width + 1 bytes: the first is the I2C
    control byte's slot) and its views from start, by the run's bytes: whole blocks, or
    up to the page's end (its last block may be short), made once: a slice would make one
    a transaction."""
    stage = bytearray(width + 1)
    sv = memoryview(stage)
    sizes = [m * _BLOCK for m in range(width // _BLOCK + 1)] + [width - m * _BLOCK for m in range(width // _BLOCK + 1)]
    return stage, dict((n, sv[start:1 + n]) for n in sizes if 0 < n <= width)


class SSD1306(framebuf.FrameBuffer):
    """Base class: drawing (inherited from FrameBuffer), panel commands, show().

    Command buffers keep a leading slot for the I2C control byte; subclasses
    implement _command(buf, body) (buf with the slot, body without it) and
    _write_window(first page, last page, first column, columns).
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
        self._wins = bytearray(4 * nb * self.pages)  # show(): the windows to send (hal/ssd1306_frame.py)
        self._changed = bytearray(nb)            # ... its scratch: a page's changed blocks
        self._win = bytearray((_CTRL_CMD, _SET_COL_ADDR, 0, 0, _SET_PAGE_ADDR, 0, 0))
        self._win_body = memoryview(self._win)[1:]
        self._cmd1 = bytearray(2)
        self._cmd1_body = memoryview(self._cmd1)[1:]
        self._cmd2 = bytearray(3)
        self._cmd2_body = memoryview(self._cmd2)[1:]
        self._probe()
        from hal.ssd1306_frame import stage, windows   # viper code: once a display answered
        self._find = windows
        self._copy = stage
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
        wins = self._wins
        try:
            n = self._find(self.buffer, self._shadow, self.width, self.pages, 1 if full else 0, wins, self._changed)
            for r in range(n):
                self._send_window(wins[4 * r], wins[4 * r + 1], wins[4 * r + 2], wins[4 * r + 3])
        except BaseException:
            self._full = True  # the panel's state is unknown: resend next time
            raise
        self.frames = (self.frames + 1) & _WRAP

    def _send_window(self, p0, p1, b0, b1):
        # pages p0..p1, blocks b0..b1-1: the window command, then the bus's data
        c0 = b0 * _BLOCK
        c1 = min(b1 * _BLOCK, self.width) - 1
        w = self._win
        w[2] = c0 + self.col_offset
        w[3] = c1 + self.col_offset
        w[5] = p0
        w[6] = p1
        self._command(w, self._win_body)  # pyright: ignore[reportAttributeAccessIssue]  -- each bus's subclass defines it
        self._write_window(p0, p1, c0, c1 - c0 + 1)  # pyright: ignore[reportAttributeAccessIssue]  -- each bus's subclass defines it


class SSD1306_I2C(SSD1306):
    """SSD1306 on I2C: needs i2c.writeto(addr, buf) (machine.I2C or SoftI2C)."""

    def __init__(self, width, height, i2c, addr=0x3C, external_vcc=False):
        self.i2c = i2c
        self.addr = addr
        # a transaction: control byte 0x40, then a page's share of a run (up to a row)
        self._stage, self._tx = _staging(width, 0)
        self._stage[0] = _CTRL_DATA
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

    def _write_window(self, p0, p1, c0, n):
        # columns c0..c0+n-1 of pages p0..p1, a page a transaction: control byte 0x40, then
        # its n bytes (the panel's address moves on through the window)
        i2c = self.i2c
        addr = self.addr
        frame = self.buffer
        stage = self._stage
        copy = self._copy
        tx = self._tx[n]
        width = self.width
        sent = 0
        for page in range(p0, p1 + 1):
            copy(stage, frame, page * width + c0, n)
            i2c.writeto(addr, tx)
            sent += n + 1
        self.bytes_sent = (self.bytes_sent + sent) & _WRAP
