"""make build: every device file compiles with mpy-cross for every board; errors name file and line."""
import os
import subprocess
import sys

import pytest
import build

ROOT = build.ROOT


@pytest.mark.parametrize("board", build.boards())
def test_every_device_file_compiles(board, tmp_path):
    out, files = build.build(board, str(tmp_path / board), quiet=True)
    assert "main.py" in files and "board.mpy" in files
    assert "core/launcher.mpy" in files and "hal/ssd1306.mpy" in files
    for f in files:
        assert os.path.getsize(os.path.join(out, f)) > 0
    # every game with screens ships its app
    from core.launcher import available_games
    for entry in available_games():
        assert "games/%s/app.mpy" % entry.id in files


def test_mpy_files_are_for_micropython_1_23_or_newer(tmp_path):
    out, files = build.build("pico", str(tmp_path / "p"), quiet=True)
    with open(os.path.join(out, "core/rng.mpy"), "rb") as f:
        head = f.read(4)
    assert head[0] == ord("M") and head[1] == 6  # mpy format 6.x (6.3 since MicroPython 1.23)


def test_build_never_wipes_a_folder_it_does_not_own(tmp_path):
    keep = tmp_path / "precious.txt"
    keep.write_text("mine")
    with pytest.raises(build.BuildError) as e:
        build.build("pico", str(tmp_path), quiet=True)
    assert "not deleting" in str(e.value) and keep.read_text() == "mine"


def test_a_file_micropython_cannot_compile_fails_with_file_and_line(tmp_path, monkeypatch):
    bad = tmp_path / "bad.py"
    bad.write_text("x = 1\ndef f(:\n    pass\n")
    real = build.device_files
    monkeypatch.setattr(build, "device_files", lambda board: real(board) + [(str(bad), "core/bad.py")])
    with pytest.raises(build.BuildError) as e:
        build.build("pico", str(tmp_path / "out"), quiet=True)
    assert "bad.py" in str(e.value) and "line 2" in str(e.value)


def test_make_build_prints_sizes_and_rejects_unknown_boards():
    r = subprocess.run([sys.executable, "tools/build.py", "--board", "pico"],
                       cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "core/rng.mpy" in r.stdout and "total for pico" in r.stdout
    r = subprocess.run([sys.executable, "tools/build.py", "--board", "arduino"], cwd=ROOT,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "unknown BOARD=arduino" in r.stderr and "pico2" in r.stderr


def test_a_romfs_image_takes_every_built_file_but_main_py():
    """build.py says what goes into a ROMFS image and what stays on the filesystem beside it."""
    files = ["board.mpy", "core/ui.mpy", "games/words/words.dawg", "main.py"]
    assert build.image_files(files) == ["board.mpy", "core/ui.mpy", "games/words/words.dawg"]
    assert build.beside_image(files) == ["main.py"]
    assert build.BOOT_FILE == "main.py"
