"""ROMFS and frozen firmware: the image `make romfs` builds, the firmware run from it under the
MicroPython unix port (mounted with vfs.VfsRom at /rom, the source tree off sys.path) with the
same transcripts as CPython, the heap it saves, main.boot()'s search order, and manifest.py.

Deploying the image to a board (the fake one) is in tests/test_flash.py."""
import os
import subprocess
import sys
import types

import pytest

import build
import mpy
import romfs
from fake_device import parse_romfs
from games.catalogue import GAMES

ROOT = build.ROOT
HEAP_KB = 96           # the parity cap (tests/test_parity.py); the image comes on top, being on the heap here
LAUNCHER_HEAP_KB = 160
KEYS = "DOWN UP A A A RIGHT A LEFT LEFT A UP UP A RIGHT RIGHT RIGHT RIGHT RIGHT RIGHT RIGHT A B B B DOWN A RIGHT DOWN A"


def _files(top):
    out = {}
    for dirpath, _, filenames in os.walk(top):
        for fn in filenames:
            path = os.path.join(dirpath, fn)
            with open(path, "rb") as f:
                out[os.path.relpath(path, top).replace(os.sep, "/")] = f.read()
    return out


def _flat(tree, prefix=""):
    out = {}
    for name, item in tree.items():
        if isinstance(item, dict):
            out.update(_flat(item, prefix + name + "/"))
        else:
            out[prefix + name] = item
    return out


def test_make_romfs_image_holds_the_build_but_main_py(capsys):
    image, size, outdir, files = romfs.build_image("pico")
    printed = capsys.readouterr().out
    with open(image, "rb") as f:
        data = f.read()
    assert size == len(data) and image == os.path.join(ROOT, "build", "pico.romfs")
    built = _files(outdir)
    assert set(built) == set(files)
    assert _flat(parse_romfs(data)) == {f: b for f, b in built.items() if f != "main.py"}
    need = romfs.partition_bytes(size)
    assert need % 4096 == 0 and size <= need < size + 4096
    assert "build/pico.romfs: %d bytes" % size in printed
    assert "needs a ROMFS partition of at least %d bytes" % need in printed


def test_make_romfs_rejects_unknown_boards():
    r = subprocess.run([sys.executable, "tools/romfs.py", "--board", "arduino"], cwd=ROOT, capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 2 and "unknown BOARD=arduino" in r.stderr


# ----- the firmware from the image, under the MicroPython unix port -----------------------------------------

def _transcript(out):
    return "".join(line for line in out.splitlines(True) if not line.startswith("ROMRUN "))


def _outside(out):
    lines = [line for line in out.splitlines() if line.startswith("ROMRUN outside=")]
    assert len(lines) == 1, out[-2000:]
    return lines[0][len("ROMRUN outside="):]


def _same_as_cpython(tool, args, heap_kb, tmp_path):
    """tool (headless | selfplay) with args under CPython, then from the ROMFS image: same output,
    and every firmware module the run loaded came from /rom."""
    mpy.require()
    cargs = [a if a != "SAVES" else str(tmp_path / "c") for a in args]
    margs = [a if a != "SAVES" else str(tmp_path / "m") for a in args]
    for d in ("c", "m"):
        (tmp_path / d).mkdir()
    r = subprocess.run([sys.executable, "tools/%s.py" % tool] + cargs, cwd=ROOT, capture_output=True, text=True,
                       timeout=600)
    assert r.returncode == 0, r.stderr
    rc, out, err = romfs.romrun("rom", [tool] + margs, heap_kb, flags=("--where",))
    assert rc == 0, "from ROMFS under a %d KB heap (plus the image):\n%s%s" % (heap_kb, out[-2000:], err[-2000:])
    assert _outside(out) == "", "loaded from outside /rom: " + _outside(out)
    got, want = _transcript(out), r.stdout
    if got != want:
        a, b = want.splitlines(), got.splitlines()
        for i in range(min(len(a), len(b))):
            assert a[i] == b[i], "transcripts differ at line %d:\nCPython: %s\nROMFS:   %s" % (i + 1, a[i], b[i])
        pytest.fail("transcripts differ in length: %d vs %d lines" % (len(a), len(b)))
    return want


def test_launcher_from_romfs_draws_what_cpython_draws(tmp_path):
    out = _same_as_cpython("headless", ["--keys", KEYS, "--saves", "SAVES"], LAUNCHER_HEAP_KB, tmp_path)
    assert out.count("FRAME") > 20


@pytest.mark.parametrize("game,players", [(e.id, min(4, e.max_players)) for e in GAMES])
def test_selfplay_from_romfs_is_the_cpython_game(game, players, tmp_path):
    out = _same_as_cpython("selfplay", [game, "--players", str(players), "--seed", "1"], HEAP_KB, tmp_path)
    assert out.splitlines()[-1].startswith("RESULT ")


def test_romrun_names_modules_loaded_from_elsewhere(monkeypatch):
    """The check above is not blind: romrun.outside() lists the firmware modules whose file is not
    under the location, and only those (it runs under CPython as under MicroPython)."""
    import romrun
    mods = {"main": "/rom/main.mpy", "core.ui": "/rom/core/ui.mpy", "hal.keys": "hal/keys.py",
            "games.dice.rules": "/tmp/games/dice/rules.mpy", "headless": "tools/headless.py",
            "board": None, "sys": None}
    fake = {name: types.SimpleNamespace(**({"__file__": f} if f else {})) for name, f in mods.items()}
    monkeypatch.setattr(romrun.sys, "modules", fake)
    assert romrun.outside("/rom") == ["board:?", "games.dice.rules:/tmp/games/dice/rules.mpy", "hal.keys:hal/keys.py"]


def test_the_heap_with_romfs_is_smaller_than_with_mpy_files():
    """The code of a ROMFS module stays in the image: a whole game of Dizzle holds less live heap
    from the image than from .mpy files (the image's own heap here subtracted)."""
    mpy.require()
    pair = romfs.live_heap_selfplay(["dizzle", "--players", "4", "--seed", "1"])
    assert 0 < pair.rom < pair.mpy, (pair.rom, pair.mpy)
    assert pair.mpy - pair.rom > 8 * 1024, "Dizzle's rules alone take 15 KB less from an image"


def test_heap_session_counts_every_boot():
    """A session whose pick resets the console: the peak is over both boots (the game's is the larger)."""
    import screen
    mpy.require()
    menu_only = romfs.session_peaks("rom", "DOWN UP")
    with_game = romfs.session_peaks("rom", " ".join(screen.open_game_keys("dice") + ["A", "A", "RIGHT", "A"]))
    assert len(menu_only) == 1 and len(with_game) == 2, (menu_only, with_game)
    assert 0 < menu_only[0] and romfs.session_peak("rom", "DOWN UP") == menu_only[0]


# ----- main.boot(): flash before the filesystem on sys.path -------------------------------------------------

def _order(monkeypatch, path, files):
    import main
    monkeypatch.setattr(sys, "path", list(path))

    def stat(p):
        if p in files:
            return (0x8000, 0, 0, 0, 0, 0, 1, 0, 0, 0)
        raise OSError(2, "ENOENT")
    monkeypatch.setattr(os, "stat", stat)
    main._modules_from_flash()
    return sys.path


def test_rom_and_frozen_go_before_the_filesystem(monkeypatch):
    default = ["", ".frozen", "/lib", "/rom/lib"]  # MicroPython's, with a ROMFS image mounted
    assert _order(monkeypatch, default, {"/rom/board.mpy"}) == ["/rom", ".frozen", "", "/lib", "/rom/lib"]
    # make run: the mount goes first on purpose, and stays first
    assert _order(monkeypatch, ["/remote"] + default, {"/rom/board.mpy"})[:4] == ["/remote", "/rom", ".frozen", ""]
    # a frozen console (manifest.py), no image: .frozen before the folder holding the dictionary
    assert _order(monkeypatch, ["", ".frozen", "/lib"], set()) == [".frozen", "", "/lib"]
    # an image that is not the console's: left where MicroPython put it
    assert _order(monkeypatch, default, set())[:2] == [".frozen", ""]


def test_a_later_flash_without_romfs_wins(monkeypatch):
    default = ["", ".frozen", "/lib", "/rom/lib"]
    assert _order(monkeypatch, default, {"/rom/board.mpy", "/board.mpy"}) == default


# ----- manifest.py: freezing the console --------------------------------------------------------------------

class Manifest:
    """A tiny stand-in for MicroPython's tools/manifestfile.py (freeze mode): include() resolves
    $(VAR)s and runs the included manifest in its own folder; package() takes every .py under
    base_path/package_path as package_path/...; module() one file as its name."""

    def __init__(self, path_vars):
        self.path_vars = path_vars
        self.frozen = {}       # target path on the device -> absolute source
        self.included = []

    def _resolve(self, path):
        for name, value in self.path_vars.items():
            path = path.replace("$(%s)" % name, value)
        return os.path.abspath(path)

    def include(self, path, **kw):
        path = self._resolve(path)
        if os.path.isdir(path):
            path = os.path.join(path, "manifest.py")
        try:
            with open(path) as f:
                text = f.read()
        except OSError as e:
            raise RuntimeError("Error in manifest file: %s: %s" % (path, e))
        self.included.append(path)
        here = os.getcwd()
        os.chdir(os.path.dirname(path))
        try:
            exec(compile(text, path, "exec"), {"include": self.include, "package": self.package,
                                              "module": self.module, "freeze": self.freeze,
                                              "options": types.SimpleNamespace(), "__name__": "manifest"})
        finally:
            os.chdir(here)

    def package(self, package_path, files=None, base_path=".", opt=None):
        assert files is None
        base = self._resolve(base_path)
        for dirpath, _, filenames in os.walk(os.path.join(base, package_path)):
            for fn in filenames:
                if fn.endswith(".py"):
                    full = os.path.join(dirpath, fn)
                    self.frozen[os.path.relpath(full, base).replace(os.sep, "/")] = full

    def module(self, module_path, base_path=".", opt=None):
        assert module_path.endswith(".py")
        self.frozen[module_path] = os.path.join(self._resolve(base_path), module_path)

    def freeze(self, path, script=None, opt=None):
        self.frozen[script or path] = self._resolve(os.path.join(path, script or ""))


def _port(tmp_path, board_manifest):
    port = tmp_path / "ports" / "rp2"
    (port / "boards" / "RPI_PICO").mkdir(parents=True)
    (port / "boards" / "manifest.py").write_text('freeze("$(PORT_DIR)/modules", "_boot.py")\n')
    if board_manifest:
        (port / "boards" / "RPI_PICO" / "manifest.py").write_text('freeze("$(BOARD_DIR)", "board_extra.py")\n')
    return {"PORT_DIR": str(port), "BOARD_DIR": str(port / "boards" / "RPI_PICO"), "MPY_DIR": str(tmp_path)}


@pytest.mark.parametrize("board", build.boards())
def test_the_manifest_freezes_every_module_build_compiles(board, tmp_path, monkeypatch):
    monkeypatch.setenv("PP_BOARD", board)
    m = Manifest(_port(tmp_path, board_manifest=False))
    m.include(os.path.join(ROOT, "manifest.py"))
    port_default = m.frozen.pop("_boot.py")  # the port's own boot modules come along, as without FROZEN_MANIFEST
    assert port_default.endswith(os.path.join("ports", "rp2", "modules", "_boot.py"))
    compiled = {dev for _, dev in build.device_files(board) if dev.endswith(".py") and dev != build.BOOT_FILE}
    assert set(m.frozen) == compiled
    for dev, src in m.frozen.items():
        want = dict((d, s) for s, d in build.device_files(board))[dev]
        with open(src, "rb") as a, open(want, "rb") as b:
            assert a.read() == b.read(), "%s is frozen from %s, not %s" % (dev, src, want)
    assert not any(dev.endswith(build.DATA_SUFFIXES) for dev in m.frozen)  # words.dawg stays a file


def test_the_manifest_takes_the_boards_own_manifest_when_there_is_one(tmp_path, monkeypatch):
    monkeypatch.delenv("PP_BOARD", raising=False)
    m = Manifest(_port(tmp_path, board_manifest=True))
    m.include(os.path.join(ROOT, "manifest.py"))
    assert "board_extra.py" in m.frozen and "_boot.py" not in m.frozen
    with open(m.frozen["board.py"], "rb") as a, open(os.path.join(ROOT, "boards", "pico.py"), "rb") as b:
        assert a.read() == b.read()  # PP_BOARD unset: the Pico


def test_the_manifest_names_the_boards_for_a_wrong_one(tmp_path, monkeypatch):
    monkeypatch.setenv("PP_BOARD", "arduino")
    with pytest.raises(ValueError) as e:
        Manifest(_port(tmp_path, board_manifest=False)).include(os.path.join(ROOT, "manifest.py"))
    assert "PP_BOARD=arduino" in str(e.value) and "pico2" in str(e.value)
