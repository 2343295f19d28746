"""hal.link: the console's serial line to a second console (link play, docs/link.md).

A byte pipe and nothing more: the protocol (firmware/core/link.py) frames, checks and
resends. The UART is made on open(), not at boot, so a console that never plays linked
spends only this small object (and its TX pin stays an idle input); the UART driver's receive ring (RX_RING bytes, filled by
its interrupt) is the preallocated buffer that holds what arrives between two polls, and
readinto() copies from it into the caller's buffer: nothing is allocated when a frame
is received or sent (write(buf, n) is the stream write with a length, no slice).

The simulator's cable ends (sim/cable.py) have the same five methods.
"""

BAUD = 115200       # 11.5 bytes a millisecond: an action frame (~16 bytes) takes 1.4 ms
RX_RING = 512       # 44 ms of bytes at full speed; the protocol keeps at most 4 frames
                    # (4 x 127 bytes) in flight, and a console polls every ~20 ms nap


class Link:
    def __init__(self, uart_id, tx, rx, baud=BAUD, rx_ring=RX_RING):
        self.uart_id = uart_id
        self.tx = tx
        self.rx = rx
        self.baud = baud
        self.rx_ring = rx_ring
        self._uart = None

    def open(self):
        """Start the UART (once) and drop what waited in its ring: it is stale."""
        if self._uart is None:
            import machine
            self._uart = machine.UART(self.uart_id, baudrate=self.baud, bits=8, parity=None, stop=1,
                                      tx=machine.Pin(self.tx), rx=machine.Pin(self.rx),
                                      rxbuf=self.rx_ring, timeout=0, timeout_char=0)
        u = self._uart
        while u.any():
            u.read()

    def close(self):
        """Stop the UART (its receive interrupt too); open() starts it again."""
        if self._uart is not None:
            self._uart.deinit()
            self._uart = None

    def readinto(self, buf):
        """Bytes waiting (up to len(buf)) into buf from its start; how many, 0 when none.
        Never waits: timeout=0, and any() first."""
        u = self._uart
        if u is None or not u.any():
            return 0
        return u.readinto(buf) or 0

    def write(self, buf, n):
        """The first n bytes of buf; waits only while the driver's send buffer is full."""
        if self._uart is None:
            return 0
        return self._uart.write(buf, n) or 0  # pyright: ignore[reportCallIssue]  -- stub's fault: MicroPython streams take write(buf, n)
