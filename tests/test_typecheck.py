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


def named(names):
    return "{name} wins".format_map(names)
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
        # CPython's str has it, MicroPython's not: taken out of the stubs (typecheck.trim_builtins)
        assert "firmware/core/bad.py:11:26: error: Cannot access attribute \"format_map\"" in r.stdout, r.stdout
        assert r.stdout.count("bad.py") == 3, r.stdout      # the rest of the copy is clean


def test_the_stubs_lose_the_builtin_methods_micropython_lacks_and_keep_the_rest():
    _ready()
    exe = typecheck.micropython()
    if exe is None:
        pytest.skip("no MicroPython unix port to ask")
    missing = typecheck.missing_methods(exe)
    assert "format_map" in missing["str"] and "zfill" in missing["str"]
    assert "format" not in missing["str"] and "startswith" not in missing["str"]
    assert "insert" not in missing["bytearray"]     # the stub's MutableSequence needs it
    for family in typecheck.FAMILIES:
        with open(os.path.join(typecheck.stubs_dir(family), "stdlib", "builtins.pyi")) as f:
            stub = f.read()
        assert "def format_map(" not in stub and "def zfill(" not in stub
        assert "def startswith(" in stub and "def format(" in stub
