"""pocket-party: the console's entry point (runs at power-on as /main.py).

Holding B at power-on skips the launcher (safe mode), so mpremote can always
reach the REPL. The console is imported from a ROMFS image (/rom) or frozen modules
when the firmware has them. A missing display is reported on the serial console and by a
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

    No fault ends this loop: a fault in a game is handled by the session; one in the
    launcher (out of memory, a storage or display error, a bug) is logged, shown,
    and the launcher starts again. Safe mode (B held at power-on) is the way to the REPL.
    """
    import sys
    from core.heap import collect_often
    collect_often()
    from core.ui import please_wait
    try:
        please_wait(hal.display)    # before the rest of the kit loads (core.ui.please_wait)
        hal.display.show()
        shown = True
    except OSError:
        shown = False               # the display glitched: the kit's Ui draws it, and reconnects
    from core.session import LAUNCH, Session, load_module, unload, unload_new
    session = Session(hal, shown)
    base = set(sys.modules)     # what stays loaded: everything else is let go between screens
    picked = None
    played = False              # a game ran in this heap since the power-on or the last reset
    if session.saves.exists(LAUNCH):  # a game picked before the last reset
        try:
            picked = load_module("core.launch").take(session)
        except Exception as e:
            session.fault(e)
        unload_new(base)  # (only then: its names would stay interned for nothing)
    while True:
        try:
            if picked is None:
                picked = load_module("core.launcher").Launcher(session).choose()
                unload_new(base)  # the menus (and setup screens they read) need not stay in RAM during the game
                if restart is not None:
                    if load_module("core.launch").request(session, picked[0], picked[1]):
                        restart()  # does not return on a console
                        return
                    unload("core.launch")  # the storage would not keep the pick: start it here
            game, picked = picked, None
            played = True
            session.launch(*game)
        except MemoryError:
            picked = None
            unload_new(base)
            if restart is not None and played:
                # what the games left interned fills the heap: a reset gives the launcher
                # the clean heap it boots with (not when it fails in a clean heap: no loop)
                print("pocket-party: out of memory in the launcher; resetting")
                restart()
                return
            print("pocket-party: out of memory in the launcher")
            session.fault(None, "Out of memory")
        except Exception as e:
            picked = None
            unload_new(base)
            session.fault(e)


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
    _modules_from_flash()
    import board
    if _b_held(board):
        print("pocket-party: safe mode (B held at power-on). The REPL is yours.")
        return
    hal = _make_hal(board)
    if hal is not None:
        run(hal, _soft_reset() if _run_at_boot() else None)


def _make_hal(board, tries=5):
    """The board's HAL. An I2C glitch while the display is set up (a panel still waking at
    power-on) is tried again a few times; a display that never answers is said on the
    serial console and by the blinking LED (None: nothing to run)."""
    import time
    from hal.ssd1306 import DisplayMissing
    for _ in range(tries):
        try:
            return board.make_hal()
        except OSError as e:  # DisplayMissing (the probe), or a write of the set-up
            error = e
            time.sleep_ms(100)
    if not isinstance(error, DisplayMissing):
        error = "the display (or another part) did not answer at power-on (%s)" % (error,)
    _blink_forever(board, "pocket-party: %s" % error)


def _modules_from_flash():
    """Import the console from flash in place, not from copies on the filesystem that load into
    the heap (Dizzle's rules: 26 KB of heap from a ROMFS image, 41 KB from a .mpy file, 64-bit
    unix port): /rom (the image `make flash ROMFS=1` deploys; MicroPython mounts it but
    searches only /rom/lib, after the filesystem), then .frozen (a firmware built with
    manifest.py) go just before '', the filesystem at power-on (after a folder put first on
    purpose, such as `make run`'s mount). Not when the filesystem has its own board.mpy: a
    `make flash` without ROMFS came later, and its files are the ones to run."""
    import os
    import sys
    try:
        os.stat("/board.mpy")
        return
    except OSError:
        pass
    path = sys.path
    first = [".frozen"] if ".frozen" in path else []
    try:
        os.stat("/rom/board.mpy")
        first.insert(0, "/rom")
    except OSError:
        pass
    for p in first:
        if p in path:
            path.remove(p)
    i = path.index("") if "" in path else 0
    path[i:i] = first


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
