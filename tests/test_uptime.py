"""A console switched on for days: MicroPython's ticks_ms() wraps at 2**30 ms (12.4 days) and
is 'negative' by ticks_diff from 6.2 days on. The simulator's clock wraps the same way
(sim.keyscript.VirtualClock), so the same key script, played on a console started a few
seconds before the wrap or 7 days in, must see the same keys and draw the same screens as
one started at 0: taps, the auto-repeat, the A+B chord, the screen going to sleep and waking.
(The MicroPython unix port cannot show the wrap: with 64-bit small ints its ticks period is
2**62; on the 32-bit consoles, RP2040 and ESP32, it is 2**30.)"""
import pytest
from sim.console import Console
from sim.keyscript import TICKS_PERIOD, VirtualClock, ticks_add, ticks_diff

DAY = 24 * 3600 * 1000
STARTS = (TICKS_PERIOD - 4000, 7 * DAY, 20 * DAY)


def run(tmp_path, start, keys, holds=()):
    """Boot, press `keys`, with `holds` ((at ms, name, how long)) held on the side; returns the
    console and every key bit the firmware read, with the frames it showed."""
    c = Console("pico", 1, keys, str(tmp_path / ("c%d" % start)), ticks_start=start)
    for at, name, ms in holds:
        c.events.append((at, name, 0))
        c.events.append((at + ms, name, 1))
    c.events.sort(key=lambda e: e[0])
    seen = []
    buttons = c.hal.buttons
    pressed = buttons.pressed

    def spy():
        k = pressed()
        if k:
            seen.append((c.clock.now, k))
        return k
    buttons.pressed = spy
    frames = []
    c.frames.append(lambda console: frames.append(bytes(console.panel())))
    c.run()
    return c, seen, frames


def test_the_virtual_clock_wraps_like_micropython():
    clock = VirtualClock(None, TICKS_PERIOD - 10)
    clock.now = 25
    assert clock.ticks_ms() == 15
    assert clock.ticks_diff(15, TICKS_PERIOD - 10) == 25 and ticks_diff(TICKS_PERIOD - 10, 15) == -25
    assert ticks_add(TICKS_PERIOD - 10, 25) == 15 and ticks_add(5, -10) == TICKS_PERIOD - 5
    assert ticks_diff(TICKS_PERIOD // 2 + 3, 0) == -(TICKS_PERIOD // 2) + 3  # more than 6.2 days apart


@pytest.mark.parametrize("start", STARTS, ids=("wrap-4s", "7days", "20days"))
def test_every_key_the_repeat_and_the_chord_work_after_days(tmp_path, start):
    # menu moves, a held DOWN (auto-repeat), Settings opened and left, then the A+B chord
    keys = "DOWN DOWN UP WAIT:1500 A B MENU WAIT:200 UP".split()
    holds = ((300, "DOWN", 900),)
    ref, ref_seen, ref_frames = run(tmp_path, 0, keys, holds)
    c, seen, frames = run(tmp_path, start, keys, holds)
    downs = [k for _t, k in ref_seen if k == 2]
    assert len(downs) >= 2 + 1 + 3  # two taps, the held press, at least three repeats
    assert any(k & 64 for _t, k in ref_seen)  # the chord (K_MENU)
    assert seen == ref_seen
    assert frames == ref_frames and c.panel() == ref.panel()


@pytest.mark.parametrize("start", STARTS, ids=("wrap-4s", "7days", "20days"))
def test_the_screen_sleeps_and_wakes_after_days(tmp_path, start):
    c, _seen, _frames = run(tmp_path, start, ["WAIT:61000"])
    assert not c.model.is_on
    c, seen, _frames = run(tmp_path, start, ["WAIT:61000", "DOWN"])
    assert c.model.is_on and len(seen) == 1  # the waking press is swallowed


def test_the_screen_wakes_after_a_week_asleep(tmp_path):
    # asleep from just before the wrap for 7 days (hourly waits): one press wakes it
    c, seen, _frames = run(tmp_path, TICKS_PERIOD - 70000, ["WAIT:61000"] + ["WAIT:3600000"] * 24 * 7 + ["DOWN"])
    assert c.model.is_on and len(seen) == 1
