"""`make flash` and `make run` against a fake MicroPython board (tests/fake_device.py) on a pseudo-terminal.

The real mpremote talks to the fake over the pty: raw REPL, raw-paste, fs cp with
hash checks, reset; `make flash ROMFS=1` (romfs query and deploy) on boards with and
without a ROMFS partition, then the firmware booting from /rom; and for `make run`,
`mpremote mount` with the board importing the compiled tree build/pico through RemoteFS,
then Ctrl-C. The fake runs each .mpy it imports from the source build.py compiled it from
(see mpy_source). No hardware needed. Every subprocess has a time limit and
runs in its own process group, killed whole (mpremote included) if it overstays.
Each flash rebuilds build/pico, so the flashes here run one build at a time.
"""
import ast
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
import tty
import types

import pytest

import build
import flash
from fake_device import FakeDevice

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENV_PY = os.path.join(ROOT, ".venv", "bin", "python")
PY = VENV_PY if os.path.exists(VENV_PY) else sys.executable
FLASH = os.path.join(ROOT, "tools", "flash.py")
BUILD = os.path.join(ROOT, "build", "pico")
IMAGE = os.path.join(ROOT, "build", "pico.romfs")
BOARDS = ("pico", "pico2", "esp32s3", "esp32c3")
PROGRESS = re.compile(r"^\[(\d+)/(\d+)\] (\S+)$")
# -o: make must not (re)install the venv from inside the tests; `make test` has done that already.
MAKE = ["make", "--no-print-directory", "-C", ROOT, "-o", ".venv/.installed"]

needs_mpremote = pytest.mark.skipif(
    not os.path.exists(os.path.join(os.path.dirname(PY), "mpremote")) and not shutil.which("mpremote"),
    reason="mpremote is not installed (make installs it into .venv)")
needs_make = pytest.mark.skipif(not shutil.which("make"), reason="make is not installed")


def _env(**extra):
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    env.update(extra)
    return env


def _start(cmd, env=None, **kw):
    kw.setdefault("stdout", subprocess.PIPE)
    kw.setdefault("stderr", subprocess.STDOUT)
    return subprocess.Popen(cmd, stdin=subprocess.DEVNULL, start_new_session=True, env=env or _env(), **kw)


def _children(pid):
    kids = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open("/proc/%s/stat" % entry) as f:
                    stat = f.read()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                kids.append(int(entry))
    return kids


def _kill_group(proc):
    """End a command started by _start and everything under it: the deepest processes first, so each
    parent (flash.py, make) reaps its child and exits on its own; then whatever is left of the group."""
    if proc.poll() is None:
        stack, leaves = [proc.pid], []
        while stack:
            pid = stack.pop()
            kids = _children(pid)
            stack.extend(kids)
            if not kids and pid != proc.pid:
                leaves.append(pid)
        for pid in leaves:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            pass
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def run(cmd, timeout, env=None):
    """(exit status, stdout+stderr); a command that overstays is killed with its children and fails the test."""
    proc = _start(cmd, env=env, text=True)
    try:
        out, _ = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        _kill_group(proc)
        out, _ = proc.communicate()
        pytest.fail("`%s` did not finish within %d s (hung); output:\n%s" % (" ".join(cmd), timeout, out))
    return proc.returncode, out


def wait_until(pred, timeout):
    deadline = time.monotonic() + timeout
    while not pred():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


class Terminal:
    """A pty standing in for the user's terminal: what a command shows there, as it shows it."""

    def __init__(self):
        self.master, self.slave = os.openpty()
        self.data = bytearray()
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self):
        while True:
            try:
                chunk = os.read(self.master, 4096)
            except OSError:  # EIO: every writer has gone
                return
            if not chunk:
                return
            self.data.extend(chunk)

    def text(self):
        return bytes(self.data).decode("utf-8", "replace").replace("\r\n", "\n")

    def close(self):
        if self.slave is not None:
            os.close(self.slave)
            self.slave = None
        self._thread.join(5)
        os.close(self.master)
        assert not self._thread.is_alive()


def tree(top):
    """({folders}, {file: bytes}) under top, as device paths without the leading /."""
    dirs, files = set(), {}
    for dirpath, dirnames, filenames in os.walk(top):
        rel = os.path.relpath(dirpath, top).replace(os.sep, "/")
        if rel != ".":
            dirs.add(rel)
        for fn in filenames:
            with open(os.path.join(dirpath, fn), "rb") as f:
                files[fn if rel == "." else rel + "/" + fn] = f.read()
    return dirs, files


def assert_same_tree(built, board_root):
    dirs, files = built
    got_dirs, got_files = tree(board_root)
    assert got_dirs == dirs, "folders on the board differ: missing %s, extra %s" % (
        sorted(dirs - got_dirs), sorted(got_dirs - dirs))
    missing = sorted(set(files) - set(got_files))
    extra = sorted(set(got_files) - set(files))
    differ = sorted(f for f in set(files) & set(got_files) if files[f] != got_files[f])
    assert not (missing or extra or differ), "board != build/pico: missing %s, extra %s, different %s" % (
        missing, extra, differ)


def progress(out):
    return [(int(m.group(1)), int(m.group(2)), m.group(3))
            for m in (PROGRESS.match(line.strip()) for line in out.splitlines()) if m]


def assert_progress(out, files):
    lines = progress(out)
    n = len(files)
    assert [i for i, _, _ in lines] == list(range(1, n + 1)), "want [1/%d] .. [%d/%d], got:\n%s" % (n, n, n, out)
    assert {total for _, total, _ in lines} == {n}
    names = [name for _, _, name in lines]
    assert sorted(names) == sorted(files), "progress names != files of build/pico"
    assert names[-1] == "main.py", "main.py must be copied last (a cut copy never boots half a firmware)"
    return names


def mpy_source(board_name="pico"):
    """FakeDevice's mpy_source: the .py that tools/build.py compiles to a built .mpy, wherever the board finds
    the .mpy (/rom/core/ui.mpy, /remote/core/ui.mpy, /core/ui.mpy -> firmware/core/ui.py)."""
    sources = {dev[:-3] + ".mpy": src for src, dev in build.device_files(board_name) if dev.endswith(".py")}

    def source(where, data):
        for prefix in ("/rom/", "/remote/", "/"):
            if where.startswith(prefix) and where[len(prefix):] in sources:
                with open(sources[where[len(prefix):]], "rb") as f:
                    return f.read()
        return None
    return source


# ----- one board, flashed through make, then flashed again ---------------------------------------------------

@pytest.fixture(scope="module")
def board():
    dev = FakeDevice().start()
    yield dev
    dev.close()
    assert not dev.alive


@pytest.fixture(scope="module")
def first_flash(board):
    """`make flash BOARD=pico PORT=<fake>` as typed in a shell: output on a terminal, PYTHONUNBUFFERED unset.

    The board stalls when main.py (the last file) is first touched, long enough to look at the terminal.
    """
    if not shutil.which("make"):
        pytest.skip("make is not installed")
    env = _env()
    env.pop("PYTHONUNBUFFERED", None)
    term = Terminal()
    board.pause_on = "/main.py"
    proc = _start(MAKE + ["flash", "BOARD=pico", "PORT=" + board.port], env=env, stdout=term.slave,
                  stderr=term.slave)
    try:
        os.close(term.slave)
        term.slave = None
        shown_at_main = None
        if wait_until(lambda: board.paused.is_set() or proc.poll() is not None, 120) and board.paused.is_set():
            wait_until(lambda: b"] main.py" in term.data, 5)
            shown_at_main = term.text()
        board.resume.set()
        try:
            rc = proc.wait(120)
        except subprocess.TimeoutExpired:
            _kill_group(proc)
            rc = proc.wait(5)
            pytest.fail("make flash hung; terminal:\n%s" % term.text())
    finally:
        board.resume.set()
        board.pause_on = None
        _kill_group(proc)
        term.close()
    built = tree(BUILD)  # right away: what this flash built and copied
    board.wait_reset(5)
    return types.SimpleNamespace(rc=rc, out=term.text(), shown_at_main=shown_at_main, built=built,
                                 events=list(board.events), blocks=list(board.blocks), errors=list(board.errors))


@needs_make
@needs_mpremote
def test_make_flash_copies_every_file_and_resets(board, first_flash):
    out, (dirs, files), events = first_flash.out, first_flash.built, first_flash.events
    assert first_flash.rc == 0, out
    assert len(files) > 10 and "main.py" in files and "board.mpy" in files
    names = assert_progress(out, files)
    assert "done: %d files" % len(files) in out

    # Byte for byte what build/pico holds, folders included.
    assert_same_tree(first_flash.built, board.root)

    # Folders first (one exec), then each file once in the order shown, main.py last, then the reset.
    mkdirs = [p for kind, p in events if kind == "mkdir"]
    writes = [p for kind, p in events if kind == "write"]
    assert sorted(mkdirs) == sorted("/" + d for d in dirs)
    first_write = next(i for i, (kind, _) in enumerate(events) if kind == "write")
    assert all(kind != "mkdir" for kind, _ in events[first_write:]), "a folder was made after copying began"
    assert writes == ["/" + n for n in names]
    assert board.resets == 1, "the board was not reset at the end"
    assert events[-1] == ("reset", None), "something happened after the reset: %s" % events[-3:]
    assert "machine.reset()" in first_flash.blocks[-1]
    assert board.soft_resets == 1  # mpremote's soft reset on connect, nothing else

    # The fake saw no protocol trouble; the only errors are the probes (stat, hash) of files not there yet.
    assert board.protocol_errors == []
    assert board.raw_paste_blocks > 0
    assert all(e.strip().endswith("OSError: [Errno 2] ENOENT") for e in first_flash.errors), first_flash.errors
    assert len(first_flash.errors) <= 2 * len(files)


@needs_make
@needs_mpremote
def test_progress_is_shown_while_copying(first_flash):
    """In a terminal each [n/total] line shows as its file is copied, not all at once when mpremote exits."""
    assert first_flash.shown_at_main is not None, "the board never got to main.py:\n%s" % first_flash.out
    files = first_flash.built[1]
    assert progress(first_flash.shown_at_main)[-1:] == [(len(files), len(files), "main.py")], (
        "while the board was busy with main.py (the last file) the terminal showed no [%d/%d] main.py line: "
        "mpremote's output reaches flash.py only when mpremote exits (block-buffered pipe). Terminal then:\n%s"
        % (len(files), len(files), first_flash.shown_at_main))


@needs_make
@needs_mpremote
def test_second_flash_with_nothing_changed_copies_nothing(board, first_flash):
    assert first_flash.rc == 0, "the first flash failed"
    before = len(board.events)
    paste_blocks = board.raw_paste_blocks
    board.raw_paste = "legacy"  # this time: firmware without raw-paste, mpremote's plain raw REPL path
    try:
        rc, out = run([PY, FLASH, "--board", "pico", "--port", board.port], timeout=120)
        built = tree(BUILD)
        assert rc == 0, out
        assert board.wait_reset(5, count=2), "no reset after the second flash"
    finally:
        board.raw_paste = True
    names = assert_progress(out, built[1])
    # Files edited since the first flash (only when someone works on the tree meanwhile) are copied again.
    before_files = first_flash.built[1]
    changed = [n for n in names if before_files.get(n) != built[1][n]]
    for name in names:
        if name not in changed:
            assert "Up to date: /%s" % name in out, "%s was not recognised as identical (hash check)" % name
    new = board.events[before:]
    assert [p for kind, p in new if kind == "write"] == ["/" + n for n in changed], "only changed files are copied"
    assert sorted(p for kind, p in new if kind == "mkdir") == sorted("/" + d for d in built[0] - first_flash.built[0])
    assert [e for e in new if e[0] == "remove"] == []
    assert new[-1] == ("reset", None)
    assert board.raw_paste_blocks == paste_blocks
    assert sum("h.update(" in b for b in board.blocks) >= len(names)  # every file hashed on the board
    assert_same_tree(built, board.root)


# ----- make flash ROMFS=1: the image in the ROMFS partition, main.py beside it ---------------------------------

ROM_PARTITION = 512 * 1024  # a rp2 build's MICROPY_HW_ROMFS_BYTES (the stock Pico firmware has none)
B_PIN = 9                   # GP9 is B on the Pico wiring
BOOT = "import main\nmain.boot()"  # what MicroPython does with /main.py at power-on (but as `import`)


def _leave_an_earlier_flash_and_a_save(dev):
    """What a flash without ROMFS and some play left on the filesystem: compiled copies, a save."""
    for path, data in (("core/ui.mpy", b"old"), ("games/words/words.dawg", b"old"), ("board.mpy", b"old"),
                       ("saves/settings", b"keep")):
        os.makedirs(os.path.dirname(dev.fs_path("/" + path)), exist_ok=True)
        with open(dev.fs_path("/" + path), "wb") as f:
            f.write(data)


def _boot(dev, b_held):
    """main.boot() on the board over mpremote (B held: safe mode, it returns)."""
    dev.pin_levels[B_PIN] = 0 if b_held else 1
    return run([PY, "-m", "mpremote", "connect", dev.port, "exec", BOOT], timeout=60)


@pytest.fixture(scope="module")
def rom_board():
    dev = FakeDevice(romfs=ROM_PARTITION, mpy_source=mpy_source()).start()
    yield dev
    dev.close()
    assert not dev.alive


@pytest.fixture(scope="module")
def rom_flash(rom_board):
    if not shutil.which("make"):
        pytest.skip("make is not installed")
    _leave_an_earlier_flash_and_a_save(rom_board)
    rc, out = run(MAKE + ["flash", "BOARD=pico", "PORT=" + rom_board.port, "ROMFS=1"], timeout=300)
    with open(IMAGE, "rb") as f:
        image = f.read()
    built = tree(BUILD)
    rom_board.wait_reset(5)
    return types.SimpleNamespace(rc=rc, out=out, image=image, built=built, events=list(rom_board.events))


@needs_mpremote
def test_make_flash_romfs_writes_the_image_and_only_main_py_beside_it(rom_board, rom_flash):
    out = rom_flash.out
    assert rom_flash.rc == 0, out
    assert "build/pico.romfs: %d bytes" % len(rom_flash.image) in out, out
    assert "needs a ROMFS partition of at least" in out and "image 100%" in out, out
    assert "done: ROMFS image of" in out and "copying .mpy files" not in out, out
    # The partition holds the image `make romfs` built; mounted at /rom it is build/pico but main.py.
    assert rom_board.rom_image() == rom_flash.image
    _, files = rom_flash.built
    assert rom_board.rom_files() == {"/rom/" + f: data for f, data in files.items() if f != "main.py"}
    # The filesystem: main.py as built, the save as it was; the compiled copies and their folders gone.
    assert tree(rom_board.root) == ({"saves"}, {"main.py": files["main.py"], "saves/settings": b"keep"})
    assert rom_board.protocol_errors == []  # flash programmed only where erased, raw-paste windows kept
    assert rom_board.resets == 1 and rom_flash.events[-1] == ("reset", None)


@needs_mpremote
def test_the_firmware_boots_from_rom_in_safe_mode_too(rom_board, rom_flash):
    """B held at power-on: main.py (from the filesystem) finds board.mpy in /rom and stops at safe mode."""
    assert rom_flash.rc == 0, rom_flash.out
    before = len(rom_board.imports)
    rc, out = _boot(rom_board, b_held=True)
    assert rc == 0 and "pocket-party: safe mode" in out, out
    assert rom_board.imports[before:] == [("main", "/main.py"), ("board", "/rom/board.mpy")]
    assert rom_board.sources["/rom/board.mpy"] == rom_flash.built[1]["board.mpy"]
    assert ("open", "/rom/board.mpy") in rom_board.mount_log


@needs_mpremote
def test_the_firmware_runs_from_rom(rom_board, rom_flash):
    """B up: the HAL comes from /rom too; with no display on the bus the firmware says so and blinks."""
    assert rom_flash.rc == 0, rom_flash.out
    before = len(rom_board.imports)
    rom_board.pin_levels[B_PIN] = 1
    proc = _start([PY, "-m", "mpremote", "connect", rom_board.port, "exec", BOOT], text=True)
    try:
        blinked = wait_until(lambda: sum(1 for h in rom_board.hardware if h[:2] == ("pin", "LED")) >= 2, 30)
    finally:
        _kill_group(proc)
        out, _ = proc.communicate()
    assert blinked, out
    imported = rom_board.imports[before:]
    assert ("hal.device", "/rom/hal/device.mpy") in imported and ("hal.ssd1306", "/rom/hal/ssd1306.mpy") in imported
    assert all(path.startswith("/rom/") for name, path in imported if name != "main"), imported
    # stop the blinking firmware as `make run` does, for the next test
    rc, out = run([PY, "-m", "mpremote", "connect", rom_board.port, "soft-reset"], timeout=60)
    assert rc == 0, out


@needs_mpremote
def test_a_flash_without_romfs_afterwards_wins_over_the_image(rom_board, rom_flash):
    """The image stays in its partition, but the .mpy files a later plain flash copies are what boots."""
    assert rom_flash.rc == 0, rom_flash.out
    rc, out = run([PY, FLASH, "--board", "pico", "--port", rom_board.port], timeout=300)
    assert rc == 0, out
    rom_board.wait_reset(5, count=2)
    assert rom_board.rom_image() == rom_flash.image
    before = len(rom_board.imports)
    rc, out = _boot(rom_board, b_held=True)
    assert rc == 0 and "pocket-party: safe mode" in out, out
    assert rom_board.imports[before:] == [("main", "/main.py"), ("board", "/board.mpy")]


class _RomIoctlFails(FakeDevice):
    """Firmware whose vfs.rom_ioctl raises (a port's ROMFS driver gone wrong)."""

    def _mod_vfs(self):
        m = super()._mod_vfs()

        def rom_ioctl(*args):
            raise OSError(5, "EIO")
        m.rom_ioctl = rom_ioctl
        return m


@needs_mpremote
@pytest.mark.parametrize("make,says", [(lambda: FakeDevice(romfs=None), "ROMFS is not enabled on this device"),
                                       (lambda: FakeDevice(romfs=0), "No ROMFS partitions available"),
                                       (lambda: FakeDevice(romfs=8192), "the partition has 8192 bytes, the image "),
                                       (lambda: _RomIoctlFails(romfs=ROM_PARTITION), "query failed on the board: OSError: [Errno 5] EIO")],
                         ids=["stock", "no-partition", "too-small", "query-fails"])
def test_flash_romfs_without_a_usable_partition_copies_mpy_files(make, says):
    """Stock firmware (no ROMFS), ROMFS without a partition, a partition too small, a query that fails on
    the board: one line says so, then the .mpy files are copied as without ROMFS=1."""
    dev = make().start()
    try:
        rc, out = run([PY, FLASH, "--board", "pico", "--romfs", "--port", dev.port], timeout=300)
        built = tree(BUILD)
        assert rc == 0, out
        told = [line for line in out.splitlines() if "copying .mpy files instead" in line]
        assert len(told) == 1 and says in told[0], out
        assert_progress(out, built[1])
        assert dev.wait_reset(5)
        assert_same_tree(built, dev.root)
        assert dev.rom_image() is None and dev.protocol_errors == []
    finally:
        dev.close()


def test_romfs_query_answers_are_read_right():
    assert flash.romfs_partition(["ROMFS0 partition has size 262144 bytes (64 blocks of 4096 bytes each)",
                                  "  Raw contents: ff:ff ...", "  Not a valid ROMFS"]) == (262144, "")
    assert flash.romfs_partition(["ROMFS is not enabled on this device"])[0] is None
    assert flash.romfs_partition(["No ROMFS partitions available"])[0] is None
    assert flash.romfs_partition([])[0] is None


def test_clean_code_removes_only_the_built_copies_and_empty_folders():
    dev = FakeDevice()  # not started: only the board's Python and filesystem
    try:
        _leave_an_earlier_flash_and_a_save(dev)
        with open(dev.fs_path("/games/mine.txt"), "wb") as f:
            f.write(b"not ours")
        code = flash.clean_code(["board.mpy", "core/ui.mpy", "core/rng.mpy", "games/words/words.dawg"])
        assert dev.execute(code) == ""
        assert dev.execute(code) == "", "running it twice must not fail"
        assert tree(dev.root) == ({"games", "saves"}, {"games/mine.txt": b"not ours", "saves/settings": b"keep"})
    finally:
        dev.close()


# ----- failures ---------------------------------------------------------------------------------------------

@needs_make
def test_make_flash_unknown_board_names_the_boards():
    rc, out = run(MAKE + ["flash", "BOARD=nope"], timeout=60)
    assert rc != 0
    assert "unknown BOARD=nope" in out, out
    for name in BOARDS:
        assert name in out
    assert "flashing" not in out  # stopped before mpremote


@needs_mpremote
def test_flash_fails_cleanly_where_no_board_answers(tmp_path):
    """No MicroPython at the port: a path that does not exist, a serial port that stays silent
    (a pty reached through a symlink, which mpremote polls like /dev/ttyACM0 and gives up on after
    10 s), and a bare silent /dev/pts/N, which mpremote reads with blocking reads: only flash.py
    can bound that one (its wait for a first answer is shortened here with FLASH_ANSWER_TIMEOUT).
    Each must end non-zero, with flash.py's message, in bounded time.
    """
    silent = []
    for _ in range(2):
        master, slave = os.openpty()
        tty.setraw(slave)
        silent.append((master, slave))
    link = tmp_path / "ttyUSB7"
    os.symlink(os.ttyname(silent[0][1]), link)
    ports = {"silent serial port": str(link), "silent pty": os.ttyname(silent[1][1])}
    procs = {}
    try:
        for kind, port in ports.items():
            procs[kind] = _start([PY, FLASH, "--board", "pico", "--port", port], env=_env(FLASH_ANSWER_TIMEOUT="5"),
                                 text=True)
            # One at a time through the build (each rebuilds build/pico), then all wait together.
            first = procs[kind].stdout.readline()
            assert first.startswith("flashing"), first
        t0 = time.monotonic()
        results = {}
        for kind, proc in procs.items():
            try:
                rest, _ = proc.communicate(timeout=max(1, 20 - (time.monotonic() - t0)))
                results[kind] = (proc.returncode, rest)
            except subprocess.TimeoutExpired:
                _kill_group(proc)
                results[kind] = None
        hung = ["%s (%s)" % (k, ports[k]) for k, r in results.items() if r is None]
        assert not hung, "flash.py hung on %s: it must give up with a message" % ", ".join(hung)
        for kind, (rc, out) in results.items():
            assert rc != 0, (kind, out)
            assert "mpremote failed" in out and "is the board plugged in" in out, (kind, out)
    finally:
        for proc in procs.values():
            _kill_group(proc)
            proc.communicate(timeout=5)
        for master, slave in silent:
            os.close(master)
            os.close(slave)


# ----- the pieces flash.py puts together ---------------------------------------------------------------------

def test_folder_code_makes_parents_before_children():
    """The mkdir code of the flash creates every folder a file lands in, nested ones included."""
    files = ["board.mpy", "core/ui.mpy", "lib/vendor/driver.mpy", "games/words/words.dawg", "main.py"]
    cmds = flash.flash_commands("/out", files)
    assert cmds[:1] == ["exec"] and cmds[-2:] == ["+", "reset"]
    copies = [cmds[i + 1:i + 3] for i, c in enumerate(cmds) if c == "cp"]
    assert copies == [[os.path.join("/out", f), ":/" + f] for f in files]
    dev = FakeDevice()  # not started: only the board's Python and filesystem
    try:
        assert dev.execute(cmds[1]) == ""
        assert dev.execute(cmds[1]) == "", "running it twice (a re-flash) must not fail"
        for d in ("core", "lib", "lib/vendor", "games", "games/words"):
            assert os.path.isdir(dev.fs_path("/" + d)), "/%s was not created by:\n%s" % (d, cmds[1])
    finally:
        dev.close()


def test_mount_runs_the_compiled_tree(monkeypatch):
    calls, built = [], []

    def fake_build(board, outdir=None, quiet=False):
        build.board_module(board)  # a wrong BOARD= still fails here
        built.append(board)
        return os.path.join(ROOT, "build", board), ["main.py", "board.mpy"]
    monkeypatch.setattr(flash.builder, "build", fake_build)
    monkeypatch.setattr(flash.subprocess, "Popen",
                        lambda cmd, **kw: calls.append(cmd) or types.SimpleNamespace(
                            wait=lambda timeout=None: 0, poll=lambda: 0, stdout=open(os.devnull, "rb")))
    monkeypatch.setattr(flash, "find_board", lambda port, out: 0)  # (no board on this machine)
    assert flash.main(["--board", "pico2", "--port", "/dev/ttyACM3", "--mount"]) == 0
    (cmd,) = calls
    assert built == ["pico2"], "make run must build the tree it mounts"
    code = flash.mount_code()
    assert cmd[-6:] == ["connect", "/dev/ttyACM3", "mount", os.path.join(ROOT, "build", "pico2"), "exec", code]
    compile(code, "<mount>", "exec")
    # /remote (the build folder) first, then main.boot() as at power-on: board.mpy and main.py are at its top
    assert "sys.path.insert(0, '/remote')" in code and code.endswith("import main\nmain.boot()")

    calls.clear()
    assert flash.main(["--board", "nope", "--mount"]) == 2
    assert calls == []  # a wrong BOARD= stops before mpremote


# ----- make run: the firmware runs from this tree over `mpremote mount`, end to end -----------------------------

def _host_file(device_path):
    """The file of build/pico that the board sees as device_path under /remote."""
    assert device_path.startswith("/remote/"), device_path
    return os.path.join(BUILD, *device_path[len("/remote/"):].split("/"))


BOOT_MODULES = (("board", "/remote/board.mpy"), ("main", "/remote/main.py"))
HAL_MODULES = (("hal.device", "/remote/hal/device.mpy"), ("hal.ssd1306", "/remote/hal/ssd1306.mpy"),
               ("hal.keys", "/remote/hal/keys.mpy"))


def _assert_imported_through_the_mount(board, started, required):
    """Every module the board loaded came from build/pico, fetched over the serial line by RemoteFS:
    main.py as source, everything else as the .mpy files a flash copies."""
    imported = dict(board.imports)
    for name, path in required:
        assert imported.get(name) == path, "the board did not import %s from %s: %s" % (name, path, board.imports)
    opened = {p for op, p in board.mount_log if op == "open"}
    for name, path in board.imports:
        assert path in opened, "%s (%s) was not read through the mount" % (name, path)
        with open(_host_file(path), "rb") as f:
            host = f.read()
        if board.sources[path] != host:  # someone may be editing the tree right now: only then may it differ
            assert os.path.getmtime(_host_file(path)) >= started, "%s on the board != this tree's file" % path
        assert path == "/remote/main.py" or path.endswith(".mpy"), "%s: the board compiled a source file" % path


@pytest.fixture
def bare_board():
    """A fresh fake Pico with nothing flashed and nothing on its I2C bus (no display)."""
    dev = FakeDevice(mpy_source=mpy_source()).start()
    yield dev
    dev.close()
    assert not dev.alive


@needs_make
@needs_mpremote
def test_make_run_boots_the_compiled_tree_and_ctrl_c_stops_it(bare_board):
    """`make run BOARD=pico PORT=<fake>` in a terminal, then Ctrl-C, with the real mpremote.

    The board has no display, so the firmware of build/pico reports it ("pocket-party: ...") and blinks
    the LED until Ctrl-C: that message can only come from main.py and the HAL running from /remote.
    Ctrl-C (SIGINT to the foreground process group, as a terminal sends it) must stop the board too.
    """
    board = bare_board
    started = time.time() - 1
    term = Terminal()
    proc = _start(MAKE + ["run", "BOARD=pico", "PORT=" + board.port], stdout=term.slave, stderr=term.slave)
    try:
        os.close(term.slave)
        term.slave = None
        led = lambda: sum(1 for h in board.hardware if h[:2] == ("pin", "LED"))  # noqa: E731
        shown = wait_until(lambda: "pocket-party: " in term.text() and led() >= 2 or proc.poll() is not None, 90)
        before_stop = term.text()
        assert shown and proc.poll() is None, "make run ended or showed nothing; terminal:\n%s" % before_stop
        os.killpg(proc.pid, signal.SIGINT)  # Ctrl-C in the terminal
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            pytest.fail("make run did not end after Ctrl-C; terminal:\n%s" % term.text())
    finally:
        _kill_group(proc)
        term.close()
    out = term.text()

    # What the terminal showed while it ran: mpremote's mount line, then the firmware's own report.
    assert "Local directory %s is mounted at /remote" % BUILD in before_stop, before_stop
    reports = [line for line in before_stop.splitlines() if line.startswith("pocket-party: ")]
    assert reports and "safe mode" not in reports[0], before_stop
    assert flash.mount_code() in board.blocks, "the board did not get flash.mount_code()"

    _assert_imported_through_the_mount(board, started, BOOT_MODULES + HAL_MODULES)
    # The firmware drove the board's hardware as boards/pico.py (compiled to the board.mpy it read) says.
    with open(os.path.join(ROOT, "boards", "pico.py")) as f:
        pico = {n.targets[0].id: ast.literal_eval(n.value) for n in ast.parse(f.read()).body
                if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name)
                and n.targets[0].id in ("DISPLAY_ADDR", "LED")}
    assert ("i2c", pico["DISPLAY_ADDR"], False) in board.hardware, "no probe of the display"
    assert ("pin", pico["LED"], 1) in board.hardware and ("pin", pico["LED"], 0) in board.hardware, "no blinking"

    # Ctrl-C: the blinking loop of main.py (from /remote) was interrupted on the board, the mount is gone,
    # the board is idle at its friendly REPL, and the terminal shows flash.py's word on it, no traceback.
    assert board.interrupts >= 1, "the board never got a Ctrl-C"
    assert "KeyboardInterrupt" in board.errors[-1] and 'File "/remote/main.py"' in board.errors[-1], (
        board.errors)
    assert board.mounts == {} and board.mode == "friendly"
    assert board.soft_resets == 2  # mpremote's on connect, then the one that stops the board
    assert "stopped: the board is idle at its REPL" in out, out
    assert "Traceback" not in out, out
    assert board.protocol_errors == []
    assert all("KeyboardInterrupt" in e for e in board.errors), board.errors


@needs_mpremote
def test_make_run_gives_up_where_no_board_answers(tmp_path):
    """`flash.py --mount` on a silent /dev/pts/N (mpremote would wait forever for a raw REPL) and on a
    port that does not exist: each ends non-zero with flash.py's message, in bounded time."""
    master, slave = os.openpty()
    tty.setraw(slave)
    ports = {"silent pty": os.ttyname(slave), "missing port": str(tmp_path / "ttyACM9")}
    outs = {}
    try:
        for kind, port in ports.items():
            rc, outs[kind] = run([PY, FLASH, "--board", "pico", "--mount", "--port", port],
                                 timeout=60, env=_env(FLASH_ANSWER_TIMEOUT="5"))
            assert rc != 0, (kind, outs[kind])
        assert "mpremote failed" in outs["silent pty"] and "is the board plugged in" in outs["silent pty"], outs
        assert "no answer from %s within 5 s" % ports["silent pty"] in outs["silent pty"], outs
        # a port that is not there is said before anything is built or sent
        assert "the port %s does not exist" % ports["missing port"] in outs["missing port"], outs
        assert "running build" not in outs["missing port"], outs
    finally:
        os.close(master)
        os.close(slave)


@needs_mpremote
def test_mount_session_ends_by_itself_when_the_firmware_returns(bare_board):
    """B held at power-on: main.boot() (from /remote) prints the safe-mode line and returns, so
    `flash.py --mount` ends on its own: mpremote unmounts /remote and exits 0."""
    board = bare_board
    started = time.time() - 1
    board.pin_levels[9] = 0  # GP9 is B on the Pico wiring: pressed
    rc, out = run([PY, FLASH, "--board", "pico", "--mount", "--port", board.port], timeout=90)
    assert rc == 0, out
    assert "pocket-party: safe mode" in out, out
    assert "Traceback" not in out and board.errors == [], (out, board.errors)
    _assert_imported_through_the_mount(board, started, BOOT_MODULES)
    assert not any(name.startswith("hal.") for name, _ in board.imports)
    assert ("mount", "/remote") in board.events and board.events[-1] == ("umount", "/remote")
    assert board.mounts == {} and board.interrupts == 0
    assert not any(h[0] == "i2c" for h in board.hardware), "safe mode must not touch the display"


@pytest.fixture(autouse=True, scope="module")
def _nothing_left_running():
    yield
    left = [t.name for t in threading.enumerate() if t.name == "fake-micropython" and t.is_alive()]
    assert left == [], "fake boards still running"


def test_a_missing_port_or_no_board_is_said_before_anything_is_built(monkeypatch, capsys):
    # issue 14: "flashing 79 files..." came before the failure, and a port that does not
    # exist got mpremote's "may be in use by another program"
    built = []
    monkeypatch.setattr(flash.builder, "build", lambda *a, **k: built.append(a))
    monkeypatch.setattr(flash, "serial_ports", lambda: [("/dev/ttyS0", False)])
    assert flash.main(["--board", "pico", "--port", "/dev/ttyACM9-not-here"]) == 2
    out = capsys.readouterr().out
    assert "the port /dev/ttyACM9-not-here does not exist" in out and "/dev/ttyS0" in out
    assert flash.main(["--board", "pico"]) == 1
    out = capsys.readouterr().out
    assert "no board found" in out and "serial ports: /dev/ttyS0" in out and "PORT=" in out
    assert flash.main(["--board", "pico", "--mount"]) == 1
    assert built == [] and "flashing" not in capsys.readouterr().out
    # a USB serial port: mpremote's connect auto is tried
    monkeypatch.setattr(flash, "serial_ports", lambda: [("/dev/ttyACM0", True)])
    assert flash.find_board(None, print) == 0
