"""The simulator's window (pygame-ce, on SDL's dummy video driver) and terminal renderer."""
import os

import pytest
import machine
import sim  # noqa: F401
from sim.console import Console
from sim.terminal import render, render_dots, layout


def test_terminal_render_shows_the_panel_with_half_blocks():
    c = Console("pico", 1, [])
    c.run()
    lines = render(c.panel())
    assert len(lines) == 32 and all(len(l) == 128 for l in lines)
    assert lines[0].count("\u2588") > 30   # the lit title bar
    assert set("".join(lines)) <= {" ", "\u2580", "\u2584", "\u2588"}


def test_a_small_terminal_shows_every_pixel_as_braille_or_says_what_it_needs():
    c = Console("pico", 1, [])
    c.run()
    lines = render_dots(c.panel())
    assert len(lines) == 16 and all(len(l) == 64 for l in lines)
    assert lines[0].count("\u28ff") > 30   # the lit title bar: all eight dots
    # every pixel is kept: the dots give the panel back
    panel = bytes(c.panel())
    for x, y in ((0, 0), (5, 3), (64, 20), (127, 63), (30, 40)):
        dot = ((0x01, 0x02, 0x04, 0x40), (0x08, 0x10, 0x20, 0x80))[x % 2][y % 4]
        lit = bool((ord(lines[y // 4][x // 2]) - 0x2800) & dot)
        assert lit == bool(panel[(y >> 3) * 128 + x] >> (y & 7) & 1)
    assert layout(80, 24) == "dots" and layout(128, 33) == "full" and layout(60, 24) == "small"


class FakeScreen:
    """What curses' window gives the Terminal: its size, and the lines drawn."""

    def __init__(self, lines, columns):
        self.size = (lines, columns)
        self.text = {}

    def getmaxyx(self):
        return self.size

    def erase(self):
        self.text = {}

    def addstr(self, y, x, s):
        self.text[y] = s

    def refresh(self):
        pass

    def nodelay(self, flag):
        pass


def test_the_terminal_front_end_fits_an_80x24_terminal(monkeypatch):
    import curses
    from sim.terminal import Terminal
    monkeypatch.setattr(curses, "curs_set", lambda n: None)
    c = Console("pico", 1, [])
    c.run()
    for size, first_line, widest in (((24, 80), None, 64), ((40, 140), None, 128), ((10, 40), "pocket-party needs", 40)):
        scr = FakeScreen(*size)
        Terminal(c, scr).draw()
        assert max(len(t) for t in scr.text.values()) <= min(widest, size[1])
        assert len(scr.text) <= size[0]
        if first_line:
            assert scr.text[0].startswith(first_line) and "64x17" in scr.text[1]


def test_the_terminal_shows_every_pixel_column_at_exactly_the_sizes_it_needs(monkeypatch):
    # 128x33 and 64x17, the sizes the README names: every line was cut one short, so the
    # half blocks showed 127 of the 128 pixel columns and the Braille dots 126
    import curses
    from sim.terminal import Terminal, render, render_dots, HELP
    monkeypatch.setattr(curses, "curs_set", lambda n: None)
    c = Console("pico", 1, [])
    c.run()
    panel = bytes(c.panel())
    for size, drawn in (((33, 128), render(panel)), ((17, 64), render_dots(panel))):
        scr = FakeScreen(*size)
        Terminal(c, scr).draw()
        assert [scr.text[i] for i in range(size[0])] == drawn + [HELP], size
        assert len(drawn[0]) == size[1]


_IN_A_PTY = """
import curses, json, sys
sys.path[:0] = sys.argv[3].split(",")
import sim
from sim import terminal
from sim.console import Console

# curses reads back one byte a cell (instr): the blocks and dots drawn as ASCII letters
real = (terminal.render, terminal.render_dots)
def ascii(lines):
    return ["".join(chr(48 + ord(ch) % 64) for ch in line) for line in lines]
terminal.render = lambda panel: ascii(real[0](panel))
terminal.render_dots = lambda panel: ascii(real[1](panel))

def main(scr):
    c = Console("pico", 1, [])
    c.run()
    terminal.Terminal(c, scr).draw()
    lines, columns = scr.getmaxyx()
    shown = [scr.instr(y, 0, columns).decode() for y in range(lines)]
    want = (terminal.render if columns >= 128 else terminal.render_dots)(c.panel()) + [terminal.HELP]
    return [len(want), sum(shown[y].rstrip() == want[y] for y in range(len(want))), len(shown[0])]
with open(sys.argv[1], "w") as f:
    json.dump(curses.wrapper(main), f)
"""


@pytest.mark.parametrize("size", [(33, 128), (17, 64)])
def test_curses_draws_the_last_column_of_a_terminal_without_wrapping(tmp_path, size):
    # why the lines are not cut one short: in a real terminal of exactly that size, curses
    # draws every line of the panel whole, its last column too, without the terminal wrapping
    pty = pytest.importorskip("pty")
    import fcntl
    import json
    import struct
    import subprocess
    import sys
    import termios
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = str(tmp_path / "shown.json")
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", size[0], size[1], 0, 0))
    env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8")
    p = subprocess.Popen([sys.executable, "-c", _IN_A_PTY, out, "", ",".join(sys.path)],
                         stdin=follower, stdout=follower, stderr=subprocess.PIPE, env=env, cwd=root)
    os.close(follower)
    try:
        while True:     # the terminal's output is read, or the child blocks writing it
            try:
                if not os.read(leader, 65536):
                    break
            except OSError:
                break
    finally:
        os.close(leader)
    err = p.communicate(timeout=60)[1]
    if p.returncode and b"setupterm" in err:
        pytest.skip("no terminfo here")
    assert p.returncode == 0, err.decode()
    with open(out) as f:
        lines, whole, width = json.load(f)
    assert lines == size[0] and whole == lines and width == size[1]


def test_window_draws_the_panel_and_maps_keys(monkeypatch, tmp_path):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    pygame = pytest.importorskip("pygame")
    from sim.realtime import RealClock
    from sim.window import Window
    c = Console("pico", 1, [], str(tmp_path), clock=RealClock())
    w = Window(c, scale=2, outdir=str(tmp_path))
    # a DOWN key press through pygame's event queue reaches the DOWN button's pin
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN))
    w.pump(1)
    assert machine._levels[c.gpio_of("DOWN")] == 0
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_DOWN))
    w.pump(1)
    assert machine._levels[c.gpio_of("DOWN")] == 1
    # M holds A and B together (the menu chord)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m))
    w.pump(1)
    assert machine._levels[c.gpio_of("A")] == 0 and machine._levels[c.gpio_of("B")] == 0
    w.screenshot()
    assert any(f.endswith(".png") for f in os.listdir(str(tmp_path)))
    # by default, beside the saves in the home folder, never in the working tree
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert Window(c, scale=2).outdir == str(tmp_path / "home" / ".pocket-party" / "shots")
    w.toggle_gif()
    w.toggle_gif()
    assert any(f.endswith(".gif") for f in os.listdir(str(tmp_path)))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    with pytest.raises(SystemExit):
        w.pump(1)
    pygame.quit()
