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
