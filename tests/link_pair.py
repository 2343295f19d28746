"""Two link channels on a virtual cable in one process, on one virtual clock.

Test-only: the harness of tests/test_link_*.py (and tests/link_peer.py's solo run).
Runs under CPython and the MicroPython unix port.
"""
from core import link
from sim.cable import Cable

TICKS_MASK = (1 << 30) - 1
HALF = 1 << 29


class ManualClock:
    """hal.clock on virtual time: `now` ms since the start; ticks_ms() wraps at 2**30
    like MicroPython's, from `start`."""

    def __init__(self, start=0):
        self.now = 0
        self.start = start

    def ticks_ms(self):
        return (self.start + self.now) & TICKS_MASK

    def ticks_diff(self, a, b):
        return ((a - b + HALF) & TICKS_MASK) - HALF

    def ticks_add(self, a, b):
        return (a + b) & TICKS_MASK

    def sleep_ms(self, n):
        self.now += n


VERSIONS = link.Versions("clever", 3, 1, "0.1.0")


class Side:
    """A channel and what its poll() returned: actions (seat, turn, text) and events."""

    def __init__(self, name, end, clock, versions=VERSIONS, nonce=None, timing=None):
        self.name = name
        self.end = end
        self.clock = clock
        self.channel = link.Channel(end, clock, versions, nonce or (name * 4)[:4].encode(), timing)
        self.actions = []
        self.events = []        # (kind, text, new_peer, dropped)
        self.others = []        # (kind, payload summary) of NEW_GAME, RESUME, BYE
        self.busy_until = -1    # clock.now before which it does not poll (a computer thinking)

    def poll(self):
        if self.clock.now < self.busy_until:
            return
        ch = self.channel
        while True:
            m = ch.poll()
            if m is None:
                return
            if m.kind == link.ACTION:
                self.actions.append((m.seat, m.turn, m.text()))
            elif m.kind == link.NEW_GAME:
                g = m.new_game
                self.others.append((m.kind, (g.game, g.seed, [(s.mine, s.kind, s.name) for s in g.seats],
                                             sorted(g.options.items()))))
            elif m.kind == link.RESUME:
                self.others.append((m.kind, (m.turn, m.state_hash)))
            elif m.kind == link.BYE:
                self.others.append((m.kind, m.text()))
            else:
                self.events.append((m.kind, m.text(), m.new_peer, m.dropped))

    def kinds(self):
        return [e[0] for e in self.events]


class Pair:
    def __init__(self, noise_ab=None, noise_ba=None, start=0, timing=None, versions_b=VERSIONS, step=5):
        self.clock = ManualClock(start)
        self.cable = Cable(self.clock, noise_ab, noise_ba)
        self.a = Side("A", self.cable.a, self.clock, timing=timing)
        self.b = Side("B", self.cable.b, self.clock, versions=versions_b, timing=timing)
        self.step = step

    def open(self):
        self.a.channel.open()
        self.b.channel.open()

    def tick(self):
        self.clock.now += self.step
        self.a.poll()
        self.b.poll()

    def run(self, ms):
        end = self.clock.now + ms
        while self.clock.now < end:
            self.tick()

    def until(self, done, limit_ms=600000):
        """Tick until done() or fail after limit_ms of virtual time."""
        end = self.clock.now + limit_ms
        while not done():
            if self.clock.now >= end:
                raise AssertionError("not done after %d ms" % limit_ms)
            self.tick()

    def linked(self):
        self.open()
        self.until(lambda: self.a.channel.linked() and self.b.channel.linked(), 60000)
        self.run(50)   # the second LINKED event is read
