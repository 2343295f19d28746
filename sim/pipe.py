"""One end of a clean cable between two processes, as lean as it can be: the link port
(hal.link's open, close, readinto(buf) -> n without blocking, write(buf, n)) of
tools/headless.py --pipe, which runs a console under the heap cap, so this module sits
in the measured heap though a console does not have it (it has hal/link.py). Measured
(64-bit unix port, .mpy, the first frame of tests/test_link_pipe_apps.py's run against
the same boot without a link): 2.2 KB with its names, object, fifos and poll object
(the module alone 1.4 KB), against 7.8 KB with sim.cable's PipeEnd (noise model, UART
lines), which headless.py used before.
sim.cable.PipeEnd adds the noise model, the real clock, unplug()/plug() and shut()
(tests/link_peer.py, tests/test_link_cable.py).

Two named pipes (fifos), one each way. Both processes open the fifo from "a" to "b"
first (opening a fifo waits for the other side), so side "a" and side "b" never wait for
each other in a circle. A fifo read blocks, so poll() tells first that a byte is there;
bytes are read one at a time (MicroPython's stream readinto waits for a full buffer;
the unix port has no os.read). Runs under CPython and the MicroPython unix port alike.
"""


def unbuffered(path, mode):
    """A fifo opened so that every write goes out at once (MicroPython's files are
    unbuffered already, and their flush() would fsync, which a fifo refuses)."""
    import sys
    if sys.implementation.name == "micropython":
        return open(path, mode)
    return open(path, mode, buffering=0)


class PipeEnd:
    def __init__(self, a_to_b, b_to_a, side):
        import select
        if side == "a":
            self._w = unbuffered(a_to_b, "wb")
            self._r = unbuffered(b_to_a, "rb")
        elif side == "b":
            self._r = unbuffered(a_to_b, "rb")
            self._w = unbuffered(b_to_a, "wb")
        else:
            raise ValueError("side is 'a' or 'b'")
        self._poll = select.poll()
        self._poll.register(self._r, select.POLLIN)
        self._one = bytearray(1)
        self.plugged = True         # (sim.cable.PipeEnd's unplug() clears it)
        self.is_open = False
        self.peer_gone = False

    def open(self):
        self.is_open = True

    def close(self):
        self.is_open = False

    def readinto(self, buf):
        n = 0
        while n < len(buf) and self._poll.poll(0):
            if self._r.readinto(self._one) != 1:
                self.peer_gone = True   # the other process closed its end (it ended)
                break
            if self.is_open and self.plugged:
                buf[n] = self._one[0]
                n += 1
        return n

    def write(self, buf, n):
        if self.is_open and self.plugged:
            self._send(memoryview(buf)[:n])
        return n

    def _send(self, data):
        if self.peer_gone:
            return
        try:
            self._w.write(data)
        except OSError as e:
            if e.args[0] != 32:     # EPIPE: the other process ended (SIGPIPE is ignored)
                raise
            self.peer_gone = True
