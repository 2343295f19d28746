"""pocket-party: the console's entry point (runs at power-on as /main.py).

Holding B at power-on skips the launcher (safe mode), so mpremote can always
reach the REPL. A missing display is reported on the serial console and by a
blinking LED instead of a traceback loop. The simulator calls run(hal).
"""


def run(hal, restart=None):
    """The launcher, then the games picked in it, for ever.

    restart: on a console, machine.soft_reset. A picked game is then written down
    and started after the reset, in a clean heap: unloading a module frees its code
    but not the names it interned, so games played one after another would otherwise
    each need room for the names of all the others. None (scripted simulator runs,
    the browser, `make run` over a mount that a reset would end): games start in
    this heap. `make sim` and `tools/headless.py --resets` pass a reset of their own.
    """
    import sys
    from core.heap import collect_often
    collect_often()
    from core.session import LAUNCH, Session, load_module, unload, unload_new
    session = Session(hal)
    picked = None
    if session.saves.exists(LAUNCH):  # a game picked before the last reset
        before = set(sys.modules)
        picked = load_module("core.launch").take(session)
        unload_new(before)  # (only then: its names would stay interned for nothing)
    while True:
        if picked is None:
            before = set(sys.modules)
            picked = load_module("core.launcher").Launcher(session).choose()
            unload_new(before)  # the menus (and setup screens they read) need not stay in RAM during the game
            if restart is not None:
                if load_module("core.launch").request(session, picked[0], picked[1]):
                    restart()  # does not return on a console
                    return
                unload("core.launch")  # the storage would not keep the pick: start it here
        session.launch(*picked)
        picked = None


def _b_held(board):
    import machine
    for name, gpio in board.BUTTONS:
        if name == "B":
            return machine.Pin(gpio, machine.Pin.IN, machine.Pin.PULL_UP).value() == 0
    return False


def _blink_forever(board, message, rounds=-1):
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
    run(hal, _soft_reset() if _run_at_boot() else None)


def _run_at_boot():
    """main.py run by MicroPython itself at power-on, which runs it again after a soft
    reset. Not `make run` (imported from the mount: a reset would end it), nor
    `mpremote run` or an IDE (the raw REPL, where a soft reset does not run main.py)."""
    return __name__ == "__main__" and globals().get("__file__") in ("main.py", "/main.py")


def _soft_reset():
    import machine
    return getattr(machine, "soft_reset", None)


if __name__ == "__main__":
    boot()
