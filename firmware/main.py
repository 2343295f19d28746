"""pocket-party: the console's entry point (runs at power-on as /main.py).

Holding B at power-on skips the launcher (safe mode), so mpremote can always
reach the REPL. A missing display is reported on the serial console and by a
blinking LED instead of a traceback loop. The simulator calls run(hal).
"""


def run(hal):
    import sys
    from core.heap import collect_often
    collect_often()
    from core.session import Session, load_module, unload_new
    session = Session(hal)
    while True:
        before = set(sys.modules)
        picked = load_module("core.launcher").Launcher(session).choose()
        unload_new(before)  # the menus (and setup screens they read) need not stay in RAM during the game
        session.launch(*picked)


def _b_held(board):
    import machine
    for name, gpio in board.BUTTONS:
        if name == "B":
            return machine.Pin(gpio, machine.Pin.IN, machine.Pin.PULL_UP).value() == 0
    return False


def _blink_forever(board, message, rounds=-1):
    import machine
    import time
    from hal.device import make_led
    led = make_led(board)
    on = 0
    while rounds != 0:
        rounds -= 1
        print(message)
        for _ in range(10):
            on ^= 1
            if led is not None:
                led.value(on)
            time.sleep_ms(250)


def boot():
    import board
    if _b_held(board):
        print("pocket-party: safe mode (B held at power-on). The REPL is yours.")
        return
    from hal.ssd1306 import DisplayMissing
    try:
        hal = board.make_hal()
    except DisplayMissing as e:
        _blink_forever(board, "pocket-party: %s" % e)
        return
    run(hal)


if __name__ == "__main__":
    boot()
