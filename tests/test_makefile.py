"""What the make targets run, read from `make -n` (nothing is run) in a copy of the Makefile."""
import os
import shutil
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def dry_run(tmp_path, target):
    """The commands `make TARGET` would run with nothing installed yet (-B: every target
    out of date, the venv's too), from a copy: the Makefile and the files its rules name."""
    if shutil.which("make") is None:
        pytest.skip("no make here")
    for name in os.listdir(ROOT):
        if name == "Makefile" or name.startswith("requirements") and name.endswith(".txt"):
            shutil.copy(os.path.join(ROOT, name), str(tmp_path / name))
    shutil.copytree(os.path.join(ROOT, "tools"), str(tmp_path / "tools"),
                    ignore=shutil.ignore_patterns("__pycache__"))
    done = subprocess.run(["make", "-n", "-B", target], cwd=str(tmp_path), capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_make_sim_does_not_install_the_dictionarys_system_packages(tmp_path):
    # issue 14: `make sim` installed the dictionary's system packages (apt, as root); only
    # `make dictionary` needs them (and `make test`, for the dictionary rebuild's test)
    (tmp_path / "a").mkdir()
    sim = dry_run(tmp_path / "a", "sim")
    assert "install_deps.sh" in sim and "-m sim" in sim      # the venv, then the simulator
    assert "install_system_deps" not in sim and "apt" not in sim
    with open(os.path.join(ROOT, "tools", "install_deps.sh")) as f:
        venv = f.read()
    assert "install_system_deps" not in venv and "apt" not in venv   # nor does the venv's script
    (tmp_path / "b").mkdir()
    assert "install_system_deps" in dry_run(tmp_path / "b", "dictionary")   # the look finds it where it is
