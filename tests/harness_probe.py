"""What the key fuzz's harness keeps in the heap it shares with the firmware (tests/fuzz.py).

    PP_FIRMWARE=build/mpy micropython tests/harness_probe.py

A fuzz boot (tests/fuzz_boot.py) runs the firmware inside a harness: tools/_path.py,
tools/headless.py, sim/keyscript.py and fuzz_boot.py itself, compiled from source, and
their objects (the scripted pins and clock, the console, the keys read from the file).
They sit in the same capped heap as the firmware, though a console does not load them:
the fuzz adds what they hold to the console's cap, so the firmware gets what a console
has. This probe imports the firmware modules the harness pulls in first (they count as
the firmware's), then the harness modules as fuzz_boot does, and builds the harness
objects it can without booting the firmware; it prints, after gc.collect():

    HARNESS modules=<bytes> objects=<bytes> total=<bytes>

and fails (exit 1) when the harness brought in a module it does not know, so a module
that slips in is named (as the firmware's, to import first, or as the harness's).
"""
import gc
import os
import sys

KEYS = 2000     # the codes of a long sequence (make fuzz), held for the whole boot

# the firmware modules the harness imports (hal/ after the firmware, as tools/headless.py
# puts it): loaded by every boot of the console anyway, so they are not the harness's
FIRMWARE = ("micropython", "hal", "hal.keys", "core", "core.jsonout", "core.saves", "core.rng", "core.heap",
            "hal.ssd1306", "hal.buttons", "hal.storage", "hal.device", "core.ui")
HARNESS = ("_path", "headless", "sim", "sim.keyscript", "fuzz_boot")


def _root():
    f = globals().get("__file__") or ""
    i = f.rfind("/")
    return (f[:i] if i >= 0 else ".") + "/.."


def used():
    gc.collect()
    gc.collect()
    return gc.mem_alloc()


def main():
    root = _root()
    firmware = os.getenv("PP_FIRMWARE") or root + "/firmware"
    sys.path.insert(0, firmware)    # as tools/_path.py, which comes later
    sys.path.append(root)
    for name in FIRMWARE:
        __import__(name)
    before = set(sys.modules)
    start = used()
    import fuzz_boot   # noqa: F401  (it imports _path, headless and sim.keyscript as a boot does)
    modules = used() - start
    new = [name for name in sys.modules if name not in before]
    unknown = [name for name in new if name not in HARNESS]
    if unknown:
        print("harness_probe: the harness imported %s: name them in FIRMWARE or HARNESS" % ", ".join(unknown))
        sys.exit(1)

    start = used()
    from core.ui import Ui
    Ui.error = fuzz_boot._fault_is_an_escape
    fuzz_boot._note_screens(Ui)
    feed = fuzz_boot.Feed(bytes(KEYS), "words", "Word Cards", True)
    saves = "/tmp/pp-harness-probe"
    try:
        os.mkdir(saves)
    except OSError:
        pass
    console = fuzz_boot.FuzzConsole(1, [], saves, lambda line: None, driver=feed)
    built = used() - start
    # the firmware's part of the console: its display, buttons, storage and Hal, built
    # again on the harness's pins and clock
    from hal.ssd1306 import SSD1306_I2C
    from hal.buttons import Buttons
    from hal.storage import FileStorage
    from hal.device import Hal
    from hal.keys import key_bit
    start = used()
    pins = tuple([(key_bit(name), console.pins[name]) for name in ("UP", "DOWN", "LEFT", "RIGHT", "A", "B")])
    display = SSD1306_I2C(128, 64, sys.modules["headless"].FakeI2C())
    hal = Hal("headless", display, Buttons(pins, console.clock), console.clock, console.hal.entropy,
              FileStorage(saves), console.hal.sound, console.hal.power, link=None)
    firmware_part = used() - start
    objects = built - firmware_part
    print("HARNESS modules=%d objects=%d total=%d" % (modules, objects, modules + objects))
    return hal


main()
