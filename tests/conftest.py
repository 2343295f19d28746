"""Test set-up: the firmware, the stubs and the tools on sys.path, as the simulator has them."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for p in (os.path.join(ROOT, "tools"), ROOT, os.path.join(ROOT, "firmware"), os.path.join(ROOT, "sim", "stubs")):
    if p not in sys.path:
        sys.path.insert(0, p)

MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")
