"""The simulator in a terminal: the panel as block characters, keys by curses.

A terminal of 128x33 or more shows every pixel as half blocks (two pixel rows a
character); a smaller one, down to 64x17 (an 80x24 terminal fits), shows every
pixel as Braille dots (2x4 pixels a character); smaller still, it says what size it
needs. Terminals report no key releases, so each key press becomes a short button tap.
Keys: arrows, z/Enter = A, x/Backspace = B, m = menu (A+B), q = quit.
"""
import time

_CHARS = (" ", "\u2580", "\u2584", "\u2588")  # none, upper, lower, both
# a Braille character's dot bits for the pixels (column, row) of its 2x4 cell
_DOTS = ((0x01, 0x02, 0x04, 0x40), (0x08, 0x10, 0x20, 0x80))
HELP = "arrows  z=A  x=B  m=menu  q=quit"
FULL = (128, 33)        # columns, lines: half blocks, and the help line
SMALL = (64, 17)        # Braille, and the help line


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


def render_dots(panel, width=128, height=64):
    """Panel bytes as lines of Braille characters, 2x4 pixels a character."""
    lines = []
    for y in range(0, height, 4):
        page = (y >> 3) * width
        shift = y & 7           # 0 or 4: the four rows are in one page byte
        row = []
        for x in range(0, width, 2):
            bits = 0
            for dx in (0, 1):
                column = panel[page + x + dx] >> shift
                dots = _DOTS[dx]
                for dy in range(4):
                    if column >> dy & 1:
                        bits |= dots[dy]
            row.append(chr(0x2800 + bits))
        lines.append("".join(row))
    return lines


def layout(columns, lines):
    """How a terminal of this size shows the panel: "full" (half blocks), "dots"
    (Braille), or "small" (a message saying what it needs)."""
    if columns >= FULL[0] and lines >= FULL[1]:
        return "full"
    if columns >= SMALL[0] and lines >= SMALL[1]:
        return "dots"
    return "small"


def take_screen(stdscr):
    """Keys read without waiting, no cursor: (the curses module, the button of each key)."""
    import curses
    stdscr.nodelay(True)
    curses.curs_set(0)
    return curses, {
        curses.KEY_UP: "UP", curses.KEY_DOWN: "DOWN", curses.KEY_LEFT: "LEFT",
        curses.KEY_RIGHT: "RIGHT", ord("z"): "A", 10: "A", 13: "A", ord("x"): "B",
        curses.KEY_BACKSPACE: "B", 127: "B", ord("m"): "MENU",
    }


class Terminal:
    def __init__(self, console, stdscr):
        self.curses, self.keys = take_screen(stdscr)
        self.console = console
        self.scr = stdscr
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
        lines, columns = self.scr.getmaxyx()
        shape = (panel, lines, columns)
        if shape == self._last:
            return
        self._last = shape
        self.scr.erase()
        how = layout(columns, lines)
        if how == "small":
            text = ["pocket-party needs a terminal of at", "least %dx%d (this one is %dx%d)" % (
                SMALL[0], SMALL[1], columns, lines)]
        else:
            text = (render(panel) if how == "full" else render_dots(panel)) + [HELP]
        # Each line is cut to the width, not one less: curses draws the last column
        # without the terminal wrapping (ncurses turns the terminal's auto-margin off for
        # the bottom-right cell), and a cut there lost a pixel column at exactly 128
        # columns and two at exactly 64. Only the bottom-right cell reports an error,
        # after it is drawn (the help line, the last, is shorter than the width).
        for i, line in enumerate(text):
            try:
                self.scr.addstr(i, 0, line[:columns])
            except self.curses.error:
                pass
        self.scr.refresh()
