"""Buttons: debounce, latched taps, auto-repeat, A/B on release, the A+B chord, on a clock
that wraps like MicroPython's (ticks_ms modulo 2**30, so after 6.2 days of uptime a tick is
'before' 0 by ticks_diff), started at 1 s, a few seconds before the wrap, or 7 days in."""
import pytest
import machine
from hal.keys import K_UP, K_DOWN, K_A, K_B, K_MENU, K_LEFT
from hal.buttons import Buttons

PERIOD = 1 << 30
DAY = 24 * 3600 * 1000
STARTS = (1000, PERIOD - 3000, 7 * DAY)

PINS = {"UP": 2, "DOWN": 3, "LEFT": 6, "RIGHT": 7, "A": 8, "B": 9}
BITS = {"UP": 1, "DOWN": 2, "LEFT": 4, "RIGHT": 8, "A": 16, "B": 32}


class Clock:
    """MicroPython's time.ticks_*: ticks_ms() in [0, 2**30), ticks_diff on that ring."""

    def __init__(self, start):
        self.elapsed = 0
        self.start = start

    def ticks_ms(self):
        return (self.start + self.elapsed) % PERIOD

    def ticks_diff(self, a, b):
        return (a - b + PERIOD // 2) % PERIOD - PERIOD // 2

    def ticks_add(self, a, b):
        return (a + b) % PERIOD


@pytest.fixture(params=STARTS, ids=("1s", "wrap-3s", "7days"))
def start(request):
    return request.param


def make(start=STARTS[0]):
    machine.reset_world()
    clock = Clock(start)
    pins = tuple((BITS[n], machine.Pin(g, machine.Pin.IN, machine.Pin.PULL_UP)) for n, g in PINS.items())
    return Buttons(pins, clock, 400, 100), clock


def step(b, clock, ms=10, times=1):
    out = 0
    for _ in range(times):
        clock.elapsed += ms
        b.update()
        out |= b.pressed()
    return out


def test_direction_reports_on_press_once(start):
    b, clock = make(start)
    machine.set_level(PINS["UP"], 0)
    assert step(b, clock) == K_UP
    assert step(b, clock, times=5) == 0  # held, before the repeat delay


def test_bounce_is_ignored(start):
    b, clock = make(start)
    seen = 0
    for level in (0, 1, 0, 1, 0):  # contact bounce within 20 ms
        machine.set_level(PINS["LEFT"], level)
        seen += 1 if step(b, clock, ms=3) & K_LEFT else 0
    assert seen == 1


def test_auto_repeat_while_held(start):
    b, clock = make(start)
    machine.set_level(PINS["UP"], 0)
    count = 0
    for _ in range(100):  # 1 s held
        if step(b, clock) & K_UP:
            count += 1
    assert count == 1 + 6  # press, then every 100 ms after 400 ms


def test_tap_between_scans_is_latched_by_the_interrupt(start):
    b, clock = make(start)
    machine.set_level(PINS["A"], 0)  # falling edge: the irq latches it
    machine.set_level(PINS["A"], 1)  # released before any scan
    assert step(b, clock) == K_A


def test_a_reports_on_release(start):
    b, clock = make(start)
    machine.set_level(PINS["A"], 0)
    assert step(b, clock, times=3) == 0
    machine.set_level(PINS["A"], 1)
    assert step(b, clock) == K_A


def test_chord_gives_menu_and_swallows_a_and_b(start):
    b, clock = make(start)
    machine.set_level(PINS["A"], 0)
    machine.set_level(PINS["B"], 0)
    got = step(b, clock, times=40)  # 400 ms held together
    machine.set_level(PINS["A"], 1)
    machine.set_level(PINS["B"], 1)
    got |= step(b, clock, times=5)
    assert got == K_MENU
    # and the next plain B works again
    machine.set_level(PINS["B"], 0)
    step(b, clock, times=3)
    machine.set_level(PINS["B"], 1)
    assert step(b, clock, times=3) == K_B


def test_idle_time_counts_from_the_last_activity(start):
    b, clock = make(start)
    step(b, clock, ms=500, times=4)
    assert b.idle_ms() >= 1500
    machine.set_level(PINS["DOWN"], 0)
    step(b, clock)
    assert b.idle_ms() == 0


def test_the_clock_model_is_micropythons():
    clock = Clock(PERIOD - 5)
    assert clock.ticks_ms() == PERIOD - 5
    clock.elapsed = 10
    assert clock.ticks_ms() == 5 and clock.ticks_diff(5, PERIOD - 5) == 10
    assert clock.ticks_diff(PERIOD - 5, 5) == -10 and clock.ticks_add(PERIOD - 5, 10) == 5


def test_a_press_after_a_week_untouched_is_seen(start):
    b, clock = make(start)
    machine.set_level(PINS["DOWN"], 0)  # a press and release: every edge time is set
    step(b, clock)
    machine.set_level(PINS["DOWN"], 1)
    step(b, clock, times=3)
    step(b, clock, ms=3600 * 1000, times=7 * 24)  # a week of hourly scans (the screen asleep)
    for name, bit in (("DOWN", K_DOWN), ("UP", K_UP)):  # used and never used before
        machine.set_level(PINS[name], 0)
        assert step(b, clock) == bit, name
        machine.set_level(PINS[name], 1)
        step(b, clock, times=3)


def test_idle_time_stays_positive_after_weeks(start):
    b, clock = make(start)
    step(b, clock, ms=3600 * 1000, times=24 * 14)
    assert b.idle_ms() >= 180000  # longer than any screen-off delay, never wrapped to negative
    clock.elapsed += 24 * 3600 * 1000  # and without a scan in between
    assert b.idle_ms() >= 180000
