"""Buttons: debounce, latched taps, auto-repeat, A/B on release, the A+B chord."""
import machine
from hal.keys import K_UP, K_A, K_B, K_MENU, K_LEFT
from hal.buttons import Buttons

PINS = {"UP": 2, "DOWN": 3, "LEFT": 6, "RIGHT": 7, "A": 8, "B": 9}
BITS = {"UP": 1, "DOWN": 2, "LEFT": 4, "RIGHT": 8, "A": 16, "B": 32}


class Clock:
    def __init__(self):
        self.now = 1000

    def ticks_ms(self):
        return self.now

    def ticks_diff(self, a, b):
        return a - b

    def ticks_add(self, a, b):
        return a + b


def make():
    machine.reset_world()
    clock = Clock()
    pins = tuple((BITS[n], machine.Pin(g, machine.Pin.IN, machine.Pin.PULL_UP)) for n, g in PINS.items())
    return Buttons(pins, clock, 400, 100), clock


def step(b, clock, ms=10, times=1):
    out = 0
    for _ in range(times):
        clock.now += ms
        b.update()
        out |= b.pressed()
    return out


def test_direction_reports_on_press_once():
    b, clock = make()
    machine.set_level(PINS["UP"], 0)
    assert step(b, clock) == K_UP
    assert step(b, clock, times=5) == 0  # held, before the repeat delay


def test_bounce_is_ignored():
    b, clock = make()
    seen = 0
    for level in (0, 1, 0, 1, 0):  # contact bounce within 20 ms
        machine.set_level(PINS["LEFT"], level)
        seen += 1 if step(b, clock, ms=3) & K_LEFT else 0
    assert seen == 1


def test_auto_repeat_while_held():
    b, clock = make()
    machine.set_level(PINS["UP"], 0)
    count = 0
    for _ in range(100):  # 1 s held
        if step(b, clock) & K_UP:
            count += 1
    assert count == 1 + 6  # press, then every 100 ms after 400 ms


def test_tap_between_scans_is_latched_by_the_interrupt():
    b, clock = make()
    machine.set_level(PINS["A"], 0)  # falling edge: the irq latches it
    machine.set_level(PINS["A"], 1)  # released before any scan
    assert step(b, clock) == K_A


def test_a_reports_on_release():
    b, clock = make()
    machine.set_level(PINS["A"], 0)
    assert step(b, clock, times=3) == 0
    machine.set_level(PINS["A"], 1)
    assert step(b, clock) == K_A


def test_chord_gives_menu_and_swallows_a_and_b():
    b, clock = make()
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


def test_idle_time_counts_from_the_last_activity():
    b, clock = make()
    step(b, clock, ms=500, times=4)
    assert b.idle_ms() >= 1500
    machine.set_level(PINS["DOWN"], 0)
    step(b, clock)
    assert b.idle_ms() == 0
