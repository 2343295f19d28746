"""The desktop simulator: the unchanged firmware with a swapped HAL.

Importing this package under CPython puts the stub modules (framebuf,
micropython, machine) and the firmware on sys.path the way the device has
them. Under MicroPython (tools/headless.py) only sim.keyscript is used and
the paths are already set.
"""
import sys

if sys.implementation.name != "micropython":
    import os

    ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    STUBS = os.path.join(ROOT, "sim", "stubs")
    FIRMWARE = os.path.join(ROOT, "firmware")

    for _p in (ROOT, FIRMWARE, STUBS):
        if _p not in sys.path:
            sys.path.insert(0, _p)
