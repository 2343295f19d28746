"""Put firmware/ on sys.path, the same way under CPython and MicroPython.

Tools are run from anywhere as `python tools/x.py` or `micropython tools/x.py`;
MicroPython has no os.path, so the paths are worked out with string operations.

PP_FIRMWARE=DIR uses another copy of the firmware instead, e.g. the .mpy tree
from `tools/build.py --mpy-tree DIR`: a device imports precompiled files, and
compiling large modules from source needs heap the console never spends.
"""
import gc
import os
import sys


def _here():
    f = globals().get("__file__") or ""
    i = f.rfind("/")
    return f[:i] if i >= 0 else "."


TOOLS = _here()
ROOT = TOOLS + "/.."
FIRMWARE = (os.getenv("PP_FIRMWARE") if hasattr(os, "getenv") else None) or ROOT + "/firmware"  # (the WebAssembly port has no getenv)
if FIRMWARE not in sys.path:
    sys.path.insert(0, FIRMWARE)


def load(modname):
    __import__(modname)
    return sys.modules[modname]


def game_modules(game_id):
    """(rules, bot) modules of a game id, or raise ValueError listing the ids."""
    ids = known_games()
    if game_id not in ids:
        raise ValueError("unknown game '%s' (known: %s)" % (game_id, ", ".join(ids)))
    # The console's heap policy: garbage (such as a compiler's parse tree) then leaves
    # no holes between the objects that stay, so compiling from source fits a much
    # smaller heap.
    from core.heap import collect_often
    collect_often()
    rules = load("games." + game_id + ".rules")
    gc.collect()
    bot = load("games." + game_id + ".bot")
    gc.collect()
    return rules, bot


def known_games():
    catalogue = load("games.catalogue")
    return catalogue.ids()


def ticks_us():
    import time
    t = getattr(time, "ticks_us", None)
    if t is not None:
        return t()
    return time.perf_counter_ns() // 1000


# mem_total(): bytes allocated so far in this interpreter (MicroPython's memory statistics),
# so a caller sees what one piece of work allocates; 0 where there is no such counter (CPython).
try:
    from micropython import mem_total  # pyright: ignore[reportAttributeAccessIssue]  -- MicroPython only; the except ImportError is CPython's
except ImportError:
    def mem_total():
        return 0


def ticks_diff(a, b):
    import time
    d = getattr(time, "ticks_diff", None)
    if d is not None:
        return d(a, b)
    return a - b
