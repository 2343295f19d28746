"""Two consoles in one process, linked by a virtual cable (sim.cable.Cable), on one clock.

Each console runs the real firmware (main.run: launcher, session, apps) in a thread of
its own, but only one runs at a time: a console runs until it lets time pass (a nap in
wait_key or pause, any clock.sleep_ms), and then the console whose virtual clock is
behind runs, so the time the cable sees never goes back and every run of the same keys
is the same. Each console has its own modules (sys.modules is swapped at every switch):
the firmware loads and lets go of modules and keeps its live state in them
(core.table.LIVE), as on two real consoles. CPython only (threads).

    pair = Linked(seeds=(1, 2), keys=(["A"], []), saves=(dir_a, dir_b), drivers=(fa, fb))
    pair.run()              # until both scripts are used up (or limit_ms of virtual time)
    pair.a.panel(), pair.b.panel(), pair.cable.unplug()...

Used by tests/test_link_play.py, tools/headless.py --link and the simulator's LINK=1.
"""
import os
import sys
import threading

import sim  # noqa: F401  (paths)

_TOOLS = os.path.join(sim.ROOT, "tools")
if _TOOLS not in sys.path:
    sys.path.insert(0, _TOOLS)

import headless  # noqa: E402
from sim.cable import Cable  # noqa: E402
from sim.keyscript import Done, ticks_diff  # noqa: E402

# modules each console loads for itself: the firmware's own (its state lives in them),
# and the tests' drivers of the games (they use the running console's rules)
OWN = ("main", "core", "games", "board", "drive")


def _own(name):
    return name.split(".")[0] in OWN


class LinkedConsole(headless.Console):
    """A headless console (tools/headless.py) whose time passes only in turn with the other's."""

    def __init__(self, pair, name, seed, keys, saves_dir, driver, link, out):
        headless.Console.__init__(self, seed, keys, saves_dir, out, driver=driver, link=link)
        self.pair = pair
        self.name = name
        self.modules = {}       # its sys.modules while the other console runs
        self.finished = False
        self.error = None

    def advance(self, ms):
        headless.Console.advance(self, ms)
        if self.pair.watch is not None:
            self.pair.watch(self)
        self.pair.switch(self)

    def panel(self):
        """The frame buffer (MONO_VLSB, 128 x 64): what tests/screen.py reads."""
        return self.display.buffer


class PairClock:
    """The cable's clock: the time of the console that runs now (never behind the other's
    last look at the cable: the console behind always runs first)."""

    def __init__(self, pair):
        self.pair = pair

    def ticks_ms(self):
        running = self.pair.running
        return 0 if running is None else running.clock.ticks_ms()   # (0: both consoles start there)

    def ticks_diff(self, a, b):
        return ticks_diff(a, b)


class Linked:
    def __init__(self, seeds=(1, 2), keys=((), ()), saves=(None, None), drivers=(None, None),
                 noise=(None, None), out=None, limit_ms=None, grace_ms=30000, watch=None):
        # limit_ms: virtual time after which both stop; grace_ms: how long one console
        # goes on once the other's script is used up (it may wait for it for ever)
        # watch(console): called whenever a console lets time pass (a test looks at its screen)
        out = out or (lambda line: None)
        self.watch = watch
        self.running = None
        self.limit_ms = limit_ms
        self.grace_ms = grace_ms
        self.cond = threading.Condition()
        self.clock = PairClock(self)
        self.cable = Cable(self.clock, noise[0], noise[1])
        ends = (self.cable.a, self.cable.b)
        self.a, self.b = [LinkedConsole(self, "ab"[i], seeds[i], list(keys[i]), saves[i], drivers[i], ends[i], out)
                          for i in range(2)]
        self.running = self.a

    def other(self, console):
        return self.b if console is self.a else self.a

    # ---- taking turns ------------------------------------------------------------------
    def switch(self, console):
        """console let time pass: the one behind runs now (console itself if it is)."""
        other = self.other(console)
        now = console.clock.now
        if self.stopping or self.limit_ms is not None and now > self.limit_ms:
            raise Done()
        if other.finished:
            if now > self.ended_at + self.grace_ms:
                raise Done()
            return
        if now <= other.clock.now:
            return
        self._hand(console, other)

    def _hand(self, console, other):
        """Give the turn to other and wait for it to come back (called in console's thread)."""
        with self.cond:
            console.modules = dict(sys.modules)
            _install(other.modules)
            self.running = other
            self.cond.notify_all()
            while self.running is not console:
                self.cond.wait()

    def _body(self, console):
        with self.cond:
            while self.running is not console:
                self.cond.wait()
        try:
            console.run()
        except BaseException as e:   # shown by run(); a console's fault must free the other
            console.error = e
        with self.cond:
            console.finished = True
            if not self.ended_at:
                self.ended_at = console.clock.now
            other = self.other(console)
            console.modules = dict(sys.modules)
            if not other.finished:
                _install(other.modules)
                self.running = other
            else:
                self.running = None
            self.cond.notify_all()

    ended_at = 0
    stopping = False    # set to stop both consoles at their next nap (a front end's quit)

    def run(self):
        """Both consoles until their scripts are used up. Raises what either one raised."""
        base = dict(sys.modules)
        fresh = dict((k, v) for k, v in base.items() if not _own(k))
        self.a.modules = dict(fresh)
        self.b.modules = dict(fresh)
        _install(self.a.modules)
        self.running = self.a
        threads = [threading.Thread(target=self._body, args=(c,), daemon=True) for c in (self.a, self.b)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        _install(base)
        for c in (self.a, self.b):
            if c.error is not None:
                raise c.error

    def world(self, console):
        """A console's modules while it is not running (a test reads core.table.LIVE)."""
        return sys.modules if self.running is console else console.modules


def _install(modules):
    """Make sys.modules hold exactly these modules (only the entries that differ change)."""
    mods = sys.modules
    for name in [k for k in mods if k not in modules]:
        del mods[name]
    for name, module in modules.items():
        if mods.get(name) is not module:
            mods[name] = module
