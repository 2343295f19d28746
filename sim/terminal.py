"""The simulator in a terminal: the panel as half-block characters, keys by curses.

Terminals report no key releases, so each key press becomes a short button tap.
Keys: arrows, z/Enter = A, x/Backspace = B, m = menu (A+B), q = quit.
"""
import time

_CHARS = (" ", "\u2580", "\u2584", "\u2588")  # none, upper, lower, both


def render(panel, width=128, height=64):
    """Panel bytes (VLSB pages) as lines of text, two pixel rows per character."""
    lines = []
    for y in range(0, height, 2):
        row = []
        page_a = (y >> 3) * width
        page_b = ((y + 1) >> 3) * width
        bit_a = 1 << (y & 7)
        bit_b = 1 << ((y + 1) & 7)
        for x in range(width):
            top = 1 if panel[page_a + x] & bit_a else 0
            bottom = 2 if panel[page_b + x] & bit_b else 0
            row.append(_CHARS[top | bottom])
        lines.append("".join(row))
    return lines


class Terminal:
    def __init__(self, console, stdscr):
        import curses
        self.curses = curses
        self.console = console
        self.scr = stdscr
        stdscr.nodelay(True)
        curses.curs_set(0)
        self.keys = {
            curses.KEY_UP: "UP", curses.KEY_DOWN: "DOWN", curses.KEY_LEFT: "LEFT",
            curses.KEY_RIGHT: "RIGHT", ord("z"): "A", 10: "A", 13: "A", ord("x"): "B",
            curses.KEY_BACKSPACE: "B", 127: "B", ord("m"): "MENU",
        }
        self._last = None
        console.clock.pump = self.pump
        console.pump = self.pump

    def pump(self, ms):
        while True:
            ch = self.scr.getch()
            if ch == -1:
                break
            if ch in (ord("q"), 27):
                raise SystemExit(0)
            name = self.keys.get(ch)
            if name:
                self.console.schedule_key(name, self.console.clock.now)
        self.console.apply_due(self.console.clock.now)
        self.draw()
        time.sleep(ms / 1000)

    def draw(self):
        panel = bytes(self.console.model.panel())
        if panel == self._last:
            return
        self._last = panel
        for i, line in enumerate(render(panel)):
            try:
                self.scr.addstr(i, 0, line)
            except self.curses.error:
                pass  # terminal smaller than 128x33
        try:
            self.scr.addstr(32, 0, "arrows  z=A  x=B  m=menu  q=quit")
        except self.curses.error:
            pass
        self.scr.refresh()
