"""SSD1306 on 4-wire SPI: the transport beside hal/ssd1306.py's SSD1306_I2C.

Its own file so that a console with an I2C display never loads it.
"""

from micropython import const
from hal.ssd1306 import SSD1306, _sleep_ms, _staging

_WRAP = const(0x3FFFFFFF)  # as in hal/ssd1306.py: counters stay small ints on 32-bit ports


class _CallPin:
    # Adapts a plain callable pin, f(v), to the .value(v) interface.
    def __init__(self, fn):
        self._fn = fn

    def value(self, v):
        self._fn(v)


def _pin(p, v):
    if p is None:
        return None
    if not hasattr(p, "value"):
        p = _CallPin(p)
    elif hasattr(p, "init") and hasattr(p, "OUT"):
        p.init(p.OUT, value=v)
    p.value(v)
    return p


class SSD1306_SPI(SSD1306):
    """SSD1306 on 4-wire SPI: spi.write(buf); dc/res/cs are machine.Pin objects
    (anything with .value(v)) or callables; res and cs may be None."""

    def __init__(self, width, height, spi, dc, res, cs, external_vcc=False):
        self.spi = spi
        self.dc = _pin(dc, 0)
        self.res = _pin(res, 1)
        self.cs = _pin(cs, 1)
        self._stage, self._tx = _staging(width, 1)     # (no control byte on SPI)
        if self.res is not None:
            _sleep_ms(1)
            self.res.value(0)
            _sleep_ms(10)
            self.res.value(1)
        super().__init__(width, height, external_vcc)

    def _command(self, buf, body):
        cs = self.cs
        self.dc.value(0)
        if cs is not None:
            cs.value(0)
        self.spi.write(body)
        if cs is not None:
            cs.value(1)
        self.bytes_sent = (self.bytes_sent + len(body)) & _WRAP

    def write_data(self, buf):
        cs = self.cs
        self.dc.value(1)
        if cs is not None:
            cs.value(0)
        self.spi.write(buf)
        if cs is not None:
            cs.value(1)
        self.bytes_sent = (self.bytes_sent + len(buf)) & _WRAP

    def _write_window(self, p0, p1, c0, n):
        # columns c0..c0+n-1 of pages p0..p1, copied page by page into the staging buffer
        # (a slice of the frame would make a memoryview each)
        spi = self.spi
        cs = self.cs
        frame = self.buffer
        stage = self._stage
        copy = self._copy
        tx = self._tx[n]
        width = self.width
        sent = 0
        self.dc.value(1)
        if cs is not None:
            cs.value(0)
        for page in range(p0, p1 + 1):
            copy(stage, frame, page * width + c0, n)
            spi.write(tx)
            sent += n
        if cs is not None:
            cs.value(1)
        self.bytes_sent = (self.bytes_sent + sent) & _WRAP
