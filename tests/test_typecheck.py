"""make typecheck: the device code against MicroPython's stubs (rp2 and esp32), the host code
against CPython (tools/typecheck.py, issue 18); and proof that the check can fail."""
import os
import shutil
import subprocess
import sys

import pytest
import typecheck

ROOT = typecheck.ROOT


def _ready():
    try:
        typecheck.setup()
    except typecheck.SetupError as e:
        pytest.skip("the type checker could not be installed: %s" % e)


def test_device_and_host_code_pass_the_type_check():
    _ready()
    found = typecheck.check(quiet=True)
    assert not found, "make typecheck finds:\n" + "\n".join(found)


def _device_copy(top):
    """firmware/, hal/ and boards/ as they are (their .py files), to spoil one."""
    for d in typecheck.DEVICE_DIRS:
        shutil.copytree(os.path.join(ROOT, d), os.path.join(top, d),
                        ignore=lambda folder, names: [n for n in names if not n.endswith(".py")
                                                      and not os.path.isdir(os.path.join(folder, n))])


BAD = """import dataclasses
import random


def deal(cards):
    random.shuffle(cards)
    return cards
"""


def test_a_cpython_only_api_in_a_device_file_fails_the_check_naming_the_line(tmp_path):
    _ready()
    _device_copy(str(tmp_path))
    with open(os.path.join(str(tmp_path), "firmware", "core", "bad.py"), "w") as f:
        f.write(BAD)
    for family in typecheck.FAMILIES:
        r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "typecheck.py"), "--only", family,
                            "--tree", str(tmp_path)], capture_output=True, text=True)
        assert r.returncode == 1, r.stdout + r.stderr
        assert "firmware/core/bad.py:1:8: error: Import \"dataclasses\" could not be resolved" in r.stdout, r.stdout
        assert "firmware/core/bad.py:6:12: error: \"shuffle\" is not a known attribute of module \"random\"" in r.stdout
        assert r.stdout.count("bad.py") == 2, r.stdout      # the rest of the copy is clean
