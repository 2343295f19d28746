"""Virtual link cables for the simulator and the tests: the other end of hal.link.

Every end here offers what hal.link.Link offers on a console (open, close,
readinto(buf) -> n without blocking, write(buf, n)), so the firmware cannot tell.

- Cable(clock): two ends in one process. Bytes take the time a UART takes (10 bits a
  byte at the baud rate) on the shared clock, arrive in order, and wait in the
  receiving end's UART ring (RX_RING bytes: newer bytes are lost when it is full, as
  on a console that does not read its port for a long time). unplug()/plug() pull
  the cable; a Noise model per direction drops, corrupts, duplicates and delays bytes.
- PipeEnd(...): one end of a cable between two processes (the MicroPython unix port
  or CPython), two named pipes (fifos) one each way (sim/pipe.py, the lean end
  tools/headless.py --pipe uses), with the process's real clock and the same Noise
  model on what it sends; unplug()/plug() for both directions.

Runs under CPython and the MicroPython unix port alike (plain classes, select.poll).
"""
from core.rng import Rng
from sim import pipe

BAUD = 115200
RX_RING = 512       # hal.link.RX_RING: the console's UART receive ring


class Noise:
    """A seeded bad cable, decided per byte sent: drop it, flip one of its bits, send it
    twice, or hold it (and every later byte: a UART keeps the order) up to delay_ms.
    Rates are fractions (0.01: one byte in a hundred)."""

    def __init__(self, seed, drop=0.0, corrupt=0.0, duplicate=0.0, delay=0.0, delay_ms=50):
        self.rng = Rng(seed)
        self.drop = int(drop * 65536)
        self.corrupt = int(corrupt * 65536)
        self.duplicate = int(duplicate * 65536)
        self.delay = int(delay * 65536)
        self.delay_ms = delay_ms
        self.dropped = self.corrupted = self.duplicated = self.delayed = 0

    def _hit(self, rate):
        return rate and self.rng.next16() < rate

    def apply(self, byte, out):
        """Append (byte, extra delay in ns) pairs for one byte sent to the list out."""
        if self._hit(self.drop):
            self.dropped += 1
            return
        extra = 0
        if self._hit(self.delay):
            self.delayed += 1
            extra = 1000000 * (1 + self.rng.next16() % self.delay_ms)
        if self._hit(self.corrupt):
            self.corrupted += 1
            byte ^= 1 << (self.rng.next16() & 7)
        out.append((byte, extra))
        if self._hit(self.duplicate):
            self.duplicated += 1
            out.append((byte, 0))


class Line:
    """One direction of a cable: bytes on the wire, each with the time it arrives, and
    the receiving UART's ring. Times are nanoseconds since the cable was made."""

    def __init__(self, now_ns, noise=None, baud=BAUD, rx_ring=RX_RING):
        self.now_ns = now_ns            # function: the time now in ns
        self.noise = noise
        self.byte_ns = 10 * 1000000000 // baud if baud else 0   # 10 bits a byte (8N1)
        self.rx_ring = rx_ring
        self.flight = []                # (arrival us, byte), in arrival order
        self.free_ns = 0                # when the wire can start the next byte
        self.ring = bytearray()
        self.overflow = 0               # bytes lost to a full ring
        self.sent = 0
        self._pairs = []

    def send(self, buf, n):
        now = self.now_ns()
        t = self.free_ns if self.free_ns > now else now
        pairs = self._pairs
        for i in range(n):
            b = buf[i]
            self.sent += 1
            if self.noise is None:
                pairs.append((b, 0))
            else:
                self.noise.apply(b, pairs)
            for byte, extra in pairs:
                t += self.byte_ns + extra
                self.flight.append((t, byte))
            del pairs[:]
        self.free_ns = t

    def arrive(self):
        """Move what has arrived by now into the ring (newest lost when it is full)."""
        now = self.now_ns()
        k = 0
        flight = self.flight
        while k < len(flight) and flight[k][0] <= now:
            if len(self.ring) < self.rx_ring:
                self.ring.append(flight[k][1])
            else:
                self.overflow += 1
            k += 1
        if k:
            del flight[:k]

    def readinto(self, buf):
        self.arrive()
        n = min(len(buf), len(self.ring))
        for i in range(n):
            buf[i] = self.ring[i]
        if n:
            self.ring[0:n] = b""    # (MicroPython's bytearray has no del of a slice)
        return n

    def clear(self):
        """Empty the ring (what the UART received so far)."""
        self.ring[0:len(self.ring)] = b""

    def cut(self):
        """The cable is pulled: what is on the wire is lost (the ring keeps what arrived)."""
        self.arrive()
        del self.flight[:]


class CableEnd:
    """One console's end: what its hal.link is."""

    def __init__(self, cable, out, into):
        self.cable = cable
        self.out = out      # the Line this end sends on
        self.into = into    # the Line this end receives from
        self.is_open = False

    def open(self):
        self.is_open = True
        self.into.arrive()
        self.into.clear()    # as Link.open(): what came before is stale

    def close(self):
        self.is_open = False

    def readinto(self, buf):
        if not self.is_open:
            return 0
        return self.into.readinto(buf)

    def write(self, buf, n):
        if self.is_open and self.cable.plugged:
            self.out.send(buf, n)
        return n

    def inject(self, data):
        """Bytes this end receives as if the other end had sent them (a peer sending garbage)."""
        self.into.send(data, len(data))


class Cable:
    """Two ends in one process on one clock (hal.clock's interface: ticks_ms, ticks_diff)."""

    def __init__(self, clock, noise_ab=None, noise_ba=None, baud=BAUD, rx_ring=RX_RING):
        self.clock = clock
        self.epoch = clock.ticks_ms()
        self.plugged = True
        ab = Line(self.now_ns, noise_ab, baud, rx_ring)
        ba = Line(self.now_ns, noise_ba, baud, rx_ring)
        self.lines = (ab, ba)
        self.a = CableEnd(self, ab, ba)
        self.b = CableEnd(self, ba, ab)

    def now_ns(self):
        return self.clock.ticks_diff(self.clock.ticks_ms(), self.epoch) * 1000000

    def unplug(self):
        self.plugged = False
        for line in self.lines:
            line.cut()

    def plug(self):
        self.plugged = True


def loose_end(clock):
    """A console's hal.link with no cable in: what it sends goes nowhere, nothing comes."""
    cable = Cable(clock)
    cable.plugged = False
    return cable.a


class RealClock:
    """hal.clock's interface on the process's own clock (MicroPython's time, or CPython's)."""

    def __init__(self):
        import time
        self._time = time
        self._ms = getattr(time, "ticks_ms", None)

    def ticks_ms(self):
        if self._ms is not None:
            return self._ms()
        return int(self._time.monotonic() * 1000) & ((1 << 30) - 1)

    def today(self):
        t = self._time.localtime()
        return "%04d-%02d-%02d" % (t[0], t[1], t[2])

    def ticks_diff(self, a, b):
        return ((a - b + (1 << 29)) & ((1 << 30) - 1)) - (1 << 29)

    def ticks_add(self, a, b):
        return (a + b) & ((1 << 30) - 1)

    def sleep_ms(self, n):
        if hasattr(self._time, "sleep_ms"):
            self._time.sleep_ms(n)  # pyright: ignore[reportAttributeAccessIssue]  -- only where the time module has it (MicroPython)
        else:
            self._time.sleep(n / 1000)


class PipeEnd(pipe.PipeEnd):
    """sim.pipe.PipeEnd (one end of a cable between two processes, over two fifos) with
    the noise model on what it sends and the process's real clock (.clock)."""

    def __init__(self, a_to_b, b_to_a, side, noise=None, clock=None):
        pipe.PipeEnd.__init__(self, a_to_b, b_to_a, side)
        self.clock = clock or RealClock()
        self.epoch = self.clock.ticks_ms()
        # what it sends waits here only when the noise delays it (a pipe is fast; Cable
        # models a UART's timing)
        self.out = Line(self.now_ns, noise, None, 1 << 20)  # pyright: ignore[reportArgumentType]  -- unannotated: baud None is a pipe, no UART timing

    def now_ns(self):
        return self.clock.ticks_diff(self.clock.ticks_ms(), self.epoch) * 1000000

    def unplug(self):
        self.plugged = False
        self.out.cut()
        self.out.clear()

    def plug(self):
        self.plugged = True

    def shut(self):
        self._w.close()
        self._r.close()

    def _flush(self):
        line = self.out
        line.arrive()
        if line.ring:
            data = bytes(line.ring)
            line.clear()
            self._send(data)

    def readinto(self, buf):
        self._flush()
        return pipe.PipeEnd.readinto(self, buf)

    def write(self, buf, n):
        if self.is_open and self.plugged:
            self.out.send(buf, n)
            self._flush()
        return n
