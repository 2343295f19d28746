"""The link protocol's RAM and allocations, measured in MicroPython (test-only).

    micropython tests/link_heap.py

Prints `LINKHEAP <what> <bytes>` lines: the module once imported, core.linkstate (loaded
while linking) once imported, one Channel with
all its buffers, and the bytes allocated by an idle poll, a heartbeat, a received
acknowledgement, a received action and a sent action. The two channels talk over
RingPort, a loopback that allocates nothing itself, so every byte counted is the
protocol's. tests/test_link_heap.py runs it and holds the figures to budgets.
"""
import gc
import sys

try:
    import _path    # tools/ on the path: the firmware (or PP_FIRMWARE) and the tree
except ImportError:
    here = __file__[:__file__.rfind("/")] if "/" in __file__ else "."
    sys.path.insert(0, here + "/../tools")
    import _path
sys.path.append(_path.ROOT)
sys.path.append(_path.ROOT + "/tests")

gc.collect()
before = gc.mem_alloc()
from core import link  # noqa: E402
gc.collect()
MODULE = gc.mem_alloc() - before
# core.linkstate, what a channel loads while it links and lets go of once linked
before = gc.mem_alloc()
from core import linkstate  # noqa: E402,F401
gc.collect()
STATE = gc.mem_alloc() - before


class Ring:
    def __init__(self, size):
        self.buf = bytearray(size)
        self.head = 0
        self.count = 0


class RingPort:
    """One end of a loopback cable over two preallocated rings."""

    def __init__(self, rx, tx):
        self.rx = rx
        self.tx = tx

    def open(self):
        pass

    def close(self):
        pass

    def readinto(self, buf):
        r = self.rx
        n = r.count if r.count < len(buf) else len(buf)
        size = len(r.buf)
        for i in range(n):
            buf[i] = r.buf[(r.head + i) % size]
        r.head = (r.head + n) % size
        r.count -= n
        return n

    def write(self, buf, n):
        t = self.tx
        size = len(t.buf)
        for i in range(n):
            t.buf[(t.head + t.count) % size] = buf[i]
            t.count += 1
        return n


class Clock:
    def __init__(self):
        self.now = 0

    def ticks_ms(self):
        return self.now

    def ticks_diff(self, a, b):
        return a - b

    def ticks_add(self, a, b):
        return a + b


def allocated(fn, times):
    gc.collect()
    gc.disable()
    a = gc.mem_alloc()
    for _ in range(times):
        fn()
    b = gc.mem_alloc()
    gc.enable()
    return b - a


def main():
    ab = Ring(2048)
    ba = Ring(2048)
    clock = Clock()
    versions = link.Versions("clever", 3, 1, "0.1.0")
    gc.collect()
    before = gc.mem_alloc()
    a = link.Channel(RingPort(ba, ab), clock, versions, b"AAAA")
    gc.collect()
    channel = gc.mem_alloc() - before
    b = link.Channel(RingPort(ab, ba), clock, versions, b"BBBB")
    a.open()
    b.open()
    for _ in range(10):
        clock.now += 5
        while a.poll() is not None:
            pass
        while b.poll() is not None:
            pass
    if not (a.linked() and b.linked()):
        raise SystemExit("not linked")
    a.poll()        # linked: core.linkstate is let go of
    if "core.linkstate" in sys.modules:
        raise SystemExit("core.linkstate still loaded once linked")

    def idle():
        a.poll()

    def heartbeat():
        clock.now += 1000      # a.poll() sends one, b.poll() reads it
        a.poll()
        b.poll()

    def action():
        b.send_action(1, 7, "G21")
        m = a.poll()            # the action arrives, a acknowledges it
        if m is None or m.kind != link.ACTION or m.turn != 7:
            raise SystemExit("no action")
        b.poll()                # b reads the acknowledgement

    def receive():
        m = a.poll()
        if m is None or m.kind != link.ACTION:
            raise SystemExit("no action")
        b.poll()

    print("LINKHEAP module %d" % MODULE)
    print("LINKHEAP state_module %d" % STATE)
    print("LINKHEAP channel %d" % channel)
    print("LINKHEAP idle_poll_x1000 %d" % allocated(idle, 1000))
    print("LINKHEAP heartbeat_x100 %d" % allocated(heartbeat, 100))
    # once before counting: under some firmware paths (PP_FIRMWARE; pytest's numbered
    # temporary folder changes every run) the first action after linking allocates a
    # one-off 128 bytes, with protocol 1 as with 2, which no later action repeats
    action()
    print("LINKHEAP send_and_receive_action_x100 %d" % allocated(action, 100))
    for i in range(4):  # the sending side's part, measured alone: queue them first
        b.send_action(1, i, "1@5,8")
    print("LINKHEAP receive_action_x4 %d" % allocated(receive, 4))


main()
