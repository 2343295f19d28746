"""The simulator's window (pygame-ce, on SDL's dummy video driver) and terminal renderer."""
import os

import pytest
import machine
import sim  # noqa: F401
from sim.console import Console
from sim.terminal import render


def test_terminal_render_shows_the_panel_with_half_blocks():
    c = Console("pico", 1, [])
    c.run()
    lines = render(c.panel())
    assert len(lines) == 32 and all(len(l) == 128 for l in lines)
    assert lines[0].count("\u2588") > 30   # the lit title bar
    assert set("".join(lines)) <= {" ", "\u2580", "\u2584", "\u2588"}


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
    w.toggle_gif()
    w.toggle_gif()
    assert any(f.endswith(".gif") for f in os.listdir(str(tmp_path)))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    with pytest.raises(SystemExit):
        w.pump(1)
    pygame.quit()
