"""One boot of the console under the key fuzz (run by tests/fuzz.py, under MicroPython).

    micropython -X heapsize=260K tests/fuzz_boot.py --keys-file F --saves DIR --seed N

The real launcher and games (tools/headless.py's Console: the real SSD1306 driver,
buttons, UI kit) play the keys in F. A fault screen is an escape here: Ui.error, the
one way the firmware shows a fault ("Game stopped", "Out of memory", "Something went
wrong"), ends the run with an ESCAPE line instead of being shown, so the caller can
fail the sequence and name the key. The last line says how the boot ended:

    DONE used=N                   every key pressed, the console waiting for more
    RESET used=N                  a game was picked: the caller boots again with the keys left
    ESCAPE used=N <title>: <body> a fault reached the screen (the traceback is printed above)
    NESTED used=N <bytes>          the firmware waited for a key with its calls nested too deep

used: how many keys of F were pressed. An interpreter that dies prints none of these.
"""
import sys


def _root():
    f = globals().get("__file__") or ""
    i = f.rfind("/")
    here = f[:i] if i >= 0 else "."
    return here + "/.."


ROOT = _root()
sys.path.insert(0, ROOT + "/tools")
import _path  # noqa: E402  (firmware, or PP_FIRMWARE, on sys.path)

sys.path.append(ROOT)
import headless  # noqa: E402
from micropython import stack_use  # noqa: E402

# The deepest the firmware's calls go while it waits for a key, in bytes of this port's
# stack: at most 11.5 KB in 1,000 sequences over every game (about 25 nested calls);
# the Dizzle screens that reopened each other on B reached 28 KB within 12 sequences.
STACK_LIMIT = 20 * 1024


class Escape(BaseException):  # not Exception: nothing in the firmware may catch it
    """args: (the word of the last line, what to say)."""


def _fault_is_an_escape(ui, title, body):
    raise Escape("ESCAPE", title + ": " + body)


class FuzzConsole(headless.Console):
    """Counts how deep the firmware's calls go each time it waits for a key: screens that
    open screens without returning (B answered by opening the screen before) grow it."""
    deepest = 0

    def idle(self, ms):
        used = stack_use()
        if used > self.deepest:
            self.deepest = used
        if used > STACK_LIMIT:
            raise Escape("NESTED", "%d bytes of stack while waiting for a key" % used)
        headless.Console.idle(self, ms)


# The keys file holds one character a key (tests/fuzz.py writes it), read as bytes and
# handed to the console one key at a time: a list of 2,000 key names held for the whole
# boot took 17-34 KB of the very heap the fuzz caps (a list here, its copy in KeyScript).
KEY_NAMES = {ord("A"): "A", ord("B"): "B", ord("U"): "UP", ord("D"): "DOWN", ord("L"): "LEFT",
             ord("R"): "RIGHT", ord("M"): "MENU", ord("w"): "WAIT", ord("W"): "WAIT:61000"}


class Feed:
    """The console's driver: the next key when its script runs out."""

    def __init__(self, codes):
        self.codes = codes
        self.given = 0

    def __call__(self, console):
        if self.given >= len(self.codes):
            return None
        self.given += 1
        return [KEY_NAMES[self.codes[self.given - 1]]]


def main(argv):
    opts = {"--keys-file": None, "--saves": None, "--seed": "1"}
    for i in range(0, len(argv) - 1, 2):
        opts[argv[i]] = argv[i + 1]
    with open(opts["--keys-file"], "rb") as f:
        feed = Feed(f.read())
    from core.ui import Ui
    Ui.error = _fault_is_an_escape
    console = FuzzConsole(int(opts["--seed"]), [], opts["--saves"], lambda line: None, driver=feed)
    try:
        left = console.run(resets=True)
    except Escape as e:
        print("%s used=%d deepest=%d %s" % (e.args[0], feed.given - len(console.script), console.deepest, e.args[1]))
        return
    if left is None:
        print("DONE used=%d deepest=%d" % (feed.given, console.deepest))
    else:
        print("RESET used=%d deepest=%d" % (feed.given - len(left), console.deepest))


main(sys.argv[1:])
