"""Two linked consoles in one terminal (`make sim LINK=1`, `python -m sim --link`): two panes
side by side, the consoles on one virtual cable (sim/linked.py), run at the wall clock's pace.

Keys go to the console whose pane is marked (Tab moves to the other): arrows, z/Enter = A,
x/Backspace = B, m = menu (A+B), q = quit. Each pane shows its panel as Braille dots
(2x4 pixels a character: 64 columns), so two fit a terminal of 130x18.
"""
import time

from sim.keyscript import Done
from sim.linked import Linked
from sim.terminal import render_dots, take_screen

HELP = "Tab: other console  arrows z=A x=B m=menu q=quit"
FRAME_MS = 40       # the panes are drawn at most this often


class Panes:
    def __init__(self, pair, stdscr, pace=True):
        # pace: keep to the wall clock (a test runs as fast as it can)
        self.curses, self.keys = take_screen(stdscr)
        self.pair = pair
        self.scr = stdscr
        self.focus = pair.a
        self.t0 = time.monotonic()
        self.drawn_at = -FRAME_MS
        self.pace = pace

    def __call__(self, console):
        """The pair's watch: after every nap of either console, the keys, the panes, the pace."""
        pair = self.pair
        while True:
            ch = self.scr.getch()
            if ch == -1:
                break
            if ch in (ord("q"), 27):
                pair.stopping = True    # the other console stops at its next nap
                raise Done()
            if ch == 9:
                self.focus = pair.other(self.focus)
            name = self.keys.get(ch)
            if name:
                self.focus.schedule_key(name, self.focus.clock.now)
        now = min(pair.a.clock.now, pair.b.clock.now)
        if now - self.drawn_at >= FRAME_MS:
            self.drawn_at = now
            self.draw()
        ahead = now / 1000.0 - (time.monotonic() - self.t0)
        if ahead > 0 and self.pace:
            time.sleep(ahead)

    def draw(self):
        scr = self.scr
        scr.erase()
        for i, console in enumerate((self.pair.a, self.pair.b)):
            x = i * 66
            title = ("> host <" if i == 0 else "> guest <") if console is self.focus else ("host" if i == 0 else "guest")
            self._put(0, x, title)
            for row, line in enumerate(render_dots(bytes(console.panel()))):
                self._put(row + 1, x, line)
        self._put(18, 0, HELP)
        scr.refresh()

    def _put(self, y, x, text):
        try:
            self.scr.addstr(y, x, text)
        except self.curses.error:   # a terminal too small shows what fits
            pass


def keep_going(console):
    """A driver that never runs out: the console waits for the keys the panes give it."""
    return ["WAIT:20"]


def run(saves, seed):
    """Both consoles until q; saves: the host's folder (the guest's is saves + "-b")."""
    import curses
    import os
    folders = (saves, saves + "-b")
    for folder in folders:
        os.makedirs(folder, exist_ok=True)

    def inside(stdscr):
        pair = Linked(seeds=(seed, seed + 1), saves=folders, drivers=(keep_going, keep_going))
        pair.watch = Panes(pair, stdscr)
        pair.run()
    curses.wrapper(inside)
