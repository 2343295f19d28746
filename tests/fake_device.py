"""A fake MicroPython board on a pseudo-terminal, so mpremote-based tools can be tested without hardware.

    with FakeDevice() as dev:             # dev.port: /dev/pts/N to give mpremote
        subprocess.run([mpremote, "connect", dev.port, "exec", "print(1)"], timeout=30)
        dev.blocks                        # every code block received in the raw REPL, in order
        dev.fs_path("/main.py")           # where the board's /main.py lives on the host
        dev.wait_reset(5)                 # True once machine.reset() was called

It speaks the REPL protocol as MicroPython's shared/runtime/pyexec.c does:
friendly REPL (echo, `>>> ` prompt, Ctrl-C, Ctrl-D soft reboot, Ctrl-E paste
mode), raw REPL (Ctrl-A; code then Ctrl-D -> b"OK" stdout b"\\x04" traceback
b"\\x04>"; Ctrl-D on an empty buffer soft-reboots; Ctrl-B back to friendly),
and raw-paste mode (Ctrl-E 'A' Ctrl-A) with the documented flow control
(docs/reference/repl.rst), window 128 bytes. `raw_paste="legacy"` behaves
like firmware older than raw-paste (the bytes are taken as text, Ctrl-A resets
the raw REPL); `raw_paste=False` answers b"R\\x00" (understood, unsupported).

Received code runs with CPython's exec() in a namespace that stands in for
the device: `os`/`vfs`, `open`, `sys`, `select`, `io`, `hashlib`, `binascii`,
`machine`, `time`, `gc`, `micropython`, `framebuf`, `errno` and a few pure
modules, with the filesystem rooted in a host directory (`root`; a temporary
one by default). Failures are printed as MicroPython prints them (``OSError:
[Errno 2] ENOENT``, tracebacks through <stdin> and the board's own files), in
the error part of the raw REPL reply, so mpremote maps them to the right errno.

While code runs, the serial line is its stdin/stdout as on a board:
`sys.stdin.buffer.readinto(buf[, n])` blocks for what the host sends,
`sys.stdout.buffer.write(buf[, n])` goes out raw, `select.poll()` sees stdin,
and Ctrl-C raises KeyboardInterrupt (unless `micropython.kbd_intr(-1)`). The
fake checks for it where the VM would notice it soon: in sleeps, print and
sys.stdout, stdin reads and poll (a loop calling none of them runs on).

`mpremote mount` works: its hook's `os.mount(RemoteFS(...), '/remote')`
mounts a VFS object, and every path under a mount point (open, stat,
ilistdir, mkdir, remove, rename, chdir, ...) is dispatched to it as
extmod/vfs.c does ("/remote/a" -> "/a"), so RemoteFS calls back to mpremote
over the serial line, 0x18 command bytes and all. `import` looks along
sys.path (package folder, then .py, then .mpy) through the same VFS, reads the
source as mp_reader_vfs does (readinto of 249-byte chunks), compiles it with
CPython and keeps the modules in the fake sys.modules.

    dev.imports                           # [(module, "/remote/firmware/main.py"), ...] in import order
    dev.sources["/remote/boards/pico.py"] # the bytes the board compiled
    dev.mount_log                         # [("stat"|"open"|..., absolute device path), ...] into mounts
    dev.hardware                          # [("i2c", 0x3c, False), ("pin", "LED", 1), ...]
    dev.pin_levels[9] = 0                 # an input pin that reads low (a held button)
    dev.interrupts, dev.mounts, dev.mode  # Ctrl-Cs taken while code ran; mounted VFSs; REPL mode

The machine module is a bare board: inputs read their pull (buttons
released), nothing answers on I2C (OSError EIO: no display), outputs, SPI and
PWM are only recorded; framebuf.FrameBuffer can be made but draws nothing.

ROMFS, as rp2 firmware built with a ROMFS partition has it (extmod/vfs_rom.c,
ports/rp2/rp2_flash.c): `FakeDevice(romfs=N)` gives an N-byte partition
(erased flash, 0xFF) that `vfs.rom_ioctl(2, 0)` returns as a block device
(ioctl 4/5 block count and size, 6 erase, writeblocks; programming may only
clear bits, else a protocol error); at every boot a valid image in it is
mounted at /rom (read-only, `dev.rom_files()`) and /rom/lib appended to
sys.path. `romfs=0`: ROMFS support without a partition (rom_ioctl(1) is
-EINVAL); `romfs=None` (the default): stock firmware, no vfs.rom_ioctl at all.
The partition survives resets, as flash does: `dev.rom_image()`.

`.mpy` files are found on sys.path after .py as on a board, read through the
VFS (a mount, /rom, the filesystem) and their header checked (mpy 6, no native
code). CPython cannot run MicroPython bytecode, so the module then runs from the
source the test names: `FakeDevice(mpy_source=fn)`, fn(device path, .mpy bytes)
-> the .py it was compiled from (bytes). Without it, importing a .mpy fails.

Not emulated: MicroPython bytecode itself, Ctrl-C in code that never reaches
one of the checks above, the other ports' modules (network, bluetooth, ...),
and the real VM's memory limits (the host's CPython compiles and runs everything).
"""
import binascii
import builtins
import codeop
import errno
import hashlib
import io
import os
import posixpath
import select
import shutil
import struct
import tempfile
import threading
import time
import traceback
import tty
import types
import zlib

BANNER_MACHINE = "Raspberry Pi Pico with RP2040"
VERSION = "1.29.0"
BANNER = "MicroPython v%s on 2025-01-01; %s\r\nType \"help()\" for more information.\r\n"
RAW_BANNER = b"raw REPL; CTRL-B to exit\r\n"
FS_BLOCK = 4096
FS_BLOCKS = 352  # 1.4 MB, the rp2 default filesystem

CTRL_A, CTRL_B, CTRL_C, CTRL_D, CTRL_E = 1, 2, 3, 4, 5

# Modules whose CPython version behaves like MicroPython's for what tools send.
_PURE = ("struct", "json", "errno", "math", "random", "collections", "re", "array", "binascii", "heapq")

_U_ALIASES = ("uos", "utime", "uhashlib", "ubinascii", "usys", "uerrno", "ustruct", "ujson", "uio", "urandom", "ure",
              "uarray", "ucollections", "uselect")


ROMFS_HEADER = b"\xd2\xcd\x31"  # extmod/vfs_rom.c
ROM_BLOCK = 4096                # rp2 flash sector
_ROM_DIRECTORY, _ROM_FILE, _ROM_DATA_VERBATIM = 4, 5, 2


def _rom_uint(buf, i):
    value = 0
    while True:
        b = buf[i]
        i += 1
        value = (value << 7) | (b & 0x7F)
        if not b & 0x80:
            return value, i


def rom_image_size(data):
    """Bytes of the ROMFS image at the start of data (header included), or None if there is none."""
    if bytes(data[:3]) != ROMFS_HEADER:
        return None
    size, i = _rom_uint(data, 3)
    return i + size


def parse_romfs(data):
    """{name: bytes (a file) | dict (a folder)} of a ROMFS image, as extmod/vfs_rom.c reads it."""
    end = rom_image_size(data)
    if end is None:
        raise ValueError("not a ROMFS image")
    _, start = _rom_uint(data, 3)
    return _rom_records(bytes(data[:end]), start, end)


def _rom_records(img, i, end):
    out = {}
    while i < end:
        kind, i = _rom_uint(img, i)
        size, i = _rom_uint(img, i)
        stop = i + size
        if kind in (_ROM_DIRECTORY, _ROM_FILE):
            n, j = _rom_uint(img, i)
            name = img[j:j + n].decode()
            j += n
            if kind == _ROM_DIRECTORY:
                out[name] = _rom_records(img, j, stop)
            else:
                dkind, j = _rom_uint(img, j)
                dsize, j = _rom_uint(img, j)
                if dkind != _ROM_DATA_VERBATIM:
                    raise ValueError("ROMFS data record kind %d (mpremote writes only verbatim data)" % dkind)
                out[name] = img[j:j + dsize]
        i = stop  # padding and unused records are skipped
    return out


class HardReset(BaseException):
    """machine.reset(): the board reboots, nothing more is sent for the running code."""


class SoftReset(BaseException):
    """machine.soft_reset()."""


class FakeDevice:
    def __init__(self, root=None, raw_paste=True, window=128, machine=BANNER_MACHINE, romfs=None,
                 mpy_source=None):
        assert raw_paste in (True, False, "legacy")
        assert romfs is None or (romfs >= 0 and romfs % ROM_BLOCK == 0)
        self.romfs = romfs
        self._rom = _RomPartition(self, romfs) if romfs else None  # flash: survives every reset
        self.mpy_source = mpy_source
        self.raw_paste = raw_paste
        self.window = window
        self.machine_name = machine
        self._own_root = root is None
        self.root = os.path.realpath(root or tempfile.mkdtemp(prefix="fake-board-"))
        os.makedirs(self.root, exist_ok=True)
        # What happened, for the tests.
        self.blocks = []          # code received in the raw REPL (str), in order
        self.lines = []           # code entered at the friendly REPL
        self.events = []          # ("mkdir"|"write"|"remove"|"rmdir"|"rename"|"reset"|"soft_reset", path)
        self.errors = []          # traceback text of every block that failed
        self.protocol_errors = []  # host misbehaviour seen by the fake (e.g. a raw-paste window overrun)
        self.resets = 0
        self.soft_resets = 0
        self.raw_paste_blocks = 0
        self.imports = []         # (module name, absolute device path of the .py it was compiled from)
        self.sources = {}         # absolute device path -> the bytes the board compiled
        self.mount_log = []       # (op, absolute device path): every call the board made into a mounted VFS
        self.hardware = []        # ("i2c", addr, ok) | ("pin", id, value) | ("pwm", ...): what the firmware drove
        self.pin_levels = {}      # GPIO -> level an input reads (a held button: {9: 0}); others read their pull
        self.interrupts = 0       # Ctrl-C received (while code ran, with kbd_intr on) -> KeyboardInterrupt
        self._rx = bytearray()    # received, not consumed yet (by the REPL or by the running code's stdin)
        self._pending_intr = False
        self._device_files = set()  # file names of code compiled from the board's filesystem (for tracebacks)
        self._reset_cond = threading.Condition()
        self.pause_on = None      # a device path: opening it makes the board stall until resume is set
        self.paused = threading.Event()
        self.resume = threading.Event()
        self._stop = threading.Event()
        self._master = self._slave = None
        self._thread = None
        self._boot()

    # ----- life cycle -------------------------------------------------------

    def start(self):
        self._master, self._slave = os.openpty()
        tty.setraw(self._slave)  # no echo, no line discipline: bytes pass as they are
        os.set_blocking(self._master, False)
        self.port = os.ttyname(self._slave)
        self._thread = threading.Thread(target=self._serve, name="fake-micropython", daemon=True)
        self._thread.start()
        return self

    def close(self):
        self._stop.set()
        self.resume.set()  # a board stalled on pause_on goes on, sees the stop and ends
        if self._thread is not None:
            self._thread.join(10)
        for fd in (self._master, self._slave):
            if fd is not None:
                try:
                    os.close(fd)
                except OSError:
                    pass
        self._master = self._slave = None
        if self._own_root:
            shutil.rmtree(self.root, ignore_errors=True)

    @property
    def alive(self):
        return self._thread is not None and self._thread.is_alive()

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.close()

    def wait_reset(self, timeout, count=1):
        """True once machine.reset() has run `count` times (mpremote does not wait for it)."""
        with self._reset_cond:
            return self._reset_cond.wait_for(lambda: self.resets >= count, timeout)

    def fs_path(self, device_path):
        return self._host(device_path)

    def writes(self):
        return [p for kind, p in self.events if kind == "write"]

    def rom_image(self):
        """The ROMFS image in the partition (bytes), or None when it holds none."""
        size = rom_image_size(self._rom) if self._rom is not None else None
        return None if size is None else bytes(self._rom[:size])

    def rom_files(self):
        """{device path: bytes} of the image mounted at /rom, or {} when none is."""
        rom = self.mounts.get("/rom")
        out = {}

        def walk(folder, prefix):
            for name, item in folder.items():
                if isinstance(item, dict):
                    walk(item, prefix + name + "/")
                else:
                    out[prefix + name] = item
        if isinstance(rom, _RomFs):
            walk(rom.tree, "/rom/")
        return out

    def execute(self, code):
        """Run code on the board directly (no serial line): the error text MicroPython would print, or ""."""
        self.blocks.append(code)
        return self._execute(code, "exec")[0]

    # ----- the wire ---------------------------------------------------------

    def _serve(self):
        while not self._stop.is_set():
            try:
                ready, _, _ = select.select([self._master], [], [], 0.05)
            except (OSError, ValueError):
                return
            if not ready:
                continue
            try:
                data = os.read(self._master, 4096)
            except BlockingIOError:
                continue
            except OSError:  # EIO: no one has the terminal open
                time.sleep(0.05)
                continue
            self._rx.extend(data)
            # One byte at a time: code run by a byte reads what follows from self._rx (its stdin).
            while self._rx and not self._stop.is_set():
                c = self._rx[0]
                del self._rx[0]
                self._feed(c)

    def _tx(self, data):
        """Send to the host; like a USB CDC with no reader, give up after a while rather than block."""
        if isinstance(data, str):
            data = data.encode()
        deadline = time.monotonic() + 2
        while data and self._master is not None and not self._stop.is_set():
            try:
                n = os.write(self._master, data)
                data = data[n:]
            except BlockingIOError:
                if time.monotonic() > deadline:
                    return
                select.select([], [self._master], [], 0.05)
            except OSError:
                return

    def _cooked(self, text):
        self._tx(text.replace("\r\n", "\n").replace("\n", "\r\n"))

    # ----- REPL state machine (pyexec.c) --------------------------------------

    def _boot(self):
        """Power-on or soft reboot: fresh interpreter, friendly REPL unless a soft reboot from raw."""
        self.mode = "friendly"
        self.line = bytearray()
        self.cont = False
        self._paste = None
        self.cwd = "/"
        self.mounts = {}          # mount point ("/remote") -> VFS object (os.mount)
        self._intr_char = -1      # micropython.kbd_intr: 3 while code runs, -1 at the REPL
        self.modules = {}
        self.globals = {"__name__": "__main__", "__builtins__": self._make_builtins()}
        if self._rom is not None and rom_image_size(self._rom) is not None:
            try:  # mp_vfs_mount_romfs_protected(): a broken image is left unmounted
                self.mounts["/rom"] = _RomFs(parse_romfs(self._rom))
            except (ValueError, IndexError):
                pass

    def _soft_reboot(self, raw):
        self.soft_resets += 1
        self.events.append(("soft_reset", None))
        self._tx(b"MPY: soft reboot\r\n")
        self._boot()
        if raw:
            self.mode = "raw"
            self._tx(RAW_BANNER + b">")
        else:
            self._tx(BANNER % (VERSION, self.machine_name))
            self._tx(b">>> ")

    def _feed(self, c):
        if self.mode == "rawpaste":
            self._feed_raw_paste(c)
        elif self.mode == "raw":
            self._feed_raw(c)
        elif self.mode == "paste":
            self._feed_paste(c)
        else:
            self._feed_friendly(c)

    def _feed_raw(self, c):
        if c == CTRL_A:
            if len(self.line) == 2 and self.line[0] == CTRL_E and self.raw_paste != "legacy":
                command, self.line = self.line[1], bytearray()
                self._raw_paste_request(command)
                return
            self.line = bytearray()
            self._tx(RAW_BANNER + b">")
        elif c == CTRL_B:
            self.line = bytearray()
            self.mode = "friendly"
            self._tx(b"\r\n")
            self._tx(BANNER % (VERSION, self.machine_name))
            self._tx(b">>> ")
        elif c == CTRL_C:
            self.line = bytearray()
        elif c == CTRL_D:
            code, self.line = bytes(self.line), bytearray()
            self._tx(b"OK")
            if not code:
                self._tx(b"\r\n")
                self._soft_reboot(raw=True)
                return
            self._run_raw(code)
        else:
            self.line.append(c)

    def _raw_paste_request(self, command):
        """Ctrl-E <command> Ctrl-A in the raw REPL: 'A' enters raw-paste mode (or is refused)."""
        if command == ord("A") and self.raw_paste is True:
            self._tx(b"R\x01" + struct.pack("<H", self.window) + b"\x01")
            self.mode = "rawpaste"
            self._paste = bytearray()
            self._paste_allowed = 2 * self.window  # the header grants one window, the 0x01 another
            self._paste_used = 0
        elif command == ord("A"):
            self._tx(b"R\x00")  # understood, not supported: the host falls back to the plain raw REPL
        else:
            self._tx(b"R\x00>")  # unknown command (pyexec.c answers this, then prompts again)

    def _feed_raw_paste(self, c):
        if c in (CTRL_C, CTRL_D):
            self._tx(b"\x04")  # end of data acknowledged
            code, self._paste = bytes(self._paste), None
            self.mode = "raw"
            if c == CTRL_C:
                self._tx(b"\x04Traceback (most recent call last):\r\nKeyboardInterrupt: \r\n\x04>")
                return
            self.raw_paste_blocks += 1
            self._run_raw(code)
            return
        self._paste_used += 1
        if self._paste_used > self._paste_allowed:
            self.protocol_errors.append("raw-paste: host sent more than the flow-control window allows")
        self._paste.append(c)
        if self._paste_used % self.window == 0:
            self._paste_allowed += self.window
            self._tx(b"\x01")  # another window is free

    def _run_raw(self, code):
        """Compile and run one raw-REPL block: stdout, 0x04, error text, 0x04, then the '>' prompt."""
        text = code.decode("utf-8", "replace")
        self.blocks.append(text)
        err, reset = self._execute(text, "exec")
        if reset == "hard":
            return
        self._tx(b"\x04")
        if err:
            self._cooked(err)
        self._tx(b"\x04")
        if reset in ("soft", "exit"):
            self._soft_reboot(raw=True)
            return
        self._tx(b">")

    def _feed_friendly(self, c):
        if c == CTRL_A and not self.cont:
            self.line = bytearray()
            self.mode = "raw"
            self._tx(b"\r\n" + RAW_BANNER + b">")
        elif c == CTRL_B and not self.cont:
            self.line = bytearray()
            self._tx(b"\r\n" + (BANNER % (VERSION, self.machine_name)).encode() + b">>> ")
        elif c == CTRL_C:
            self.line = bytearray()
            self.cont = False
            self._tx(b"\r\n>>> ")
        elif c == CTRL_D and not self.cont and not self.line:
            self._tx(b"\r\n")
            self._soft_reboot(raw=False)
        elif c == CTRL_E and not self.cont:
            self.line = bytearray()
            self.mode = "paste"
            self._tx(b"\r\npaste mode; Ctrl-C to cancel, Ctrl-D to finish\r\n=== ")
        elif c in (8, 127):
            if self.line and self.line[-1:] != b"\n":
                self.line.pop()
                self._tx(b"\x08 \x08")
        elif c == 13 or (c == CTRL_D and self.cont):
            self._tx(b"\r\n")
            src = bytes(self.line).decode("utf-8", "replace")
            try:
                more = src.strip() and codeop.compile_command(src, "<stdin>", "single") is None
            except (SyntaxError, ValueError, OverflowError):
                more = False
            if more and c == 13:
                self.line.append(10)
                self.cont = True
                self._tx(b"... ")
                return
            self.line = bytearray()
            self.cont = False
            if src.strip():
                self.lines.append(src)
                err, reset = self._execute(src, "single")
                if reset == "hard":
                    return
                if err:
                    self._cooked(err)
                if reset in ("soft", "exit"):
                    self._soft_reboot(raw=False)
                    return
            self._tx(b">>> ")
        elif c == 27 or c < 32 and c not in (9,):
            pass  # escape sequences, other control characters: ignored
        else:
            self.line.append(c)
            self._tx(bytes([c]))

    def _feed_paste(self, c):
        if c == CTRL_C:
            self.line = bytearray()
            self.mode = "friendly"
            self._tx(b"\r\n>>> ")
        elif c == CTRL_D:
            src = bytes(self.line).decode("utf-8", "replace")
            self.line = bytearray()
            self.mode = "friendly"
            self._tx(b"\r\n")
            self.lines.append(src)
            err, reset = self._execute(src, "exec")
            if reset == "hard":
                return
            if err:
                self._cooked(err)
            if reset in ("soft", "exit"):
                self._soft_reboot(raw=False)
                return
            self._tx(b">>> ")
        else:
            self.line.append(c)
            self._tx(b"\r\n=== " if c == 13 else bytes([c]))

    # ----- running code ---------------------------------------------------------

    def _execute(self, src, kind):
        """Run src on the 'device': (error text or "", "hard"|"soft"|"exit"|None). Output is sent as it comes."""
        self._intr_char, self._pending_intr = CTRL_C, False  # pyexec.c: Ctrl-C interrupts running code
        try:
            return self._execute_unguarded(src, kind)
        finally:
            self._intr_char, self._pending_intr = -1, False

    def _execute_unguarded(self, src, kind):
        try:
            if kind == "single":
                try:
                    code = compile(src, "<stdin>", "eval")
                except SyntaxError:
                    code = None
                if code is not None:
                    value = eval(code, self.globals)
                    if value is not None:
                        self.globals["_"] = value
                        self._cooked(repr(value) + "\n")
                    return "", None
            exec(compile(src, "<stdin>", "exec"), self.globals)
            return "", None
        except HardReset:
            self.events.append(("reset", None))
            self._boot()  # the board restarts; over USB the host just loses the port for a moment
            with self._reset_cond:
                self.resets += 1
                self._reset_cond.notify_all()
            return "", "hard"
        except SoftReset:
            return "", "soft"
        except SystemExit:
            return "", "exit"
        except BaseException as e:  # noqa: B902 - everything the code raises is the device's business
            err = self._format_exception(e)
            self.errors.append(err)
            return err, None

    def _format_exception(self, e):
        lines = ["Traceback (most recent call last):"]
        if isinstance(e, SyntaxError):
            lines.append('  File "%s", line %s' % (e.filename or "<stdin>", e.lineno or 1))
        for fr in traceback.extract_tb(e.__traceback__):
            if fr.filename == "<stdin>" or fr.filename in self._device_files:  # not the fake's own frames
                lines.append('  File "%s", line %d, in %s' % (fr.filename, fr.lineno, fr.name))
        if isinstance(e, OSError):
            name = "OSError"
            code = e.errno if e.errno is not None else (e.args[0] if e.args else None)
            msg = ("[Errno %d] %s" % (code, errno.errorcode.get(code, code))) if isinstance(code, int) else str(e)
        else:
            name = type(e).__name__
            msg = e.msg if isinstance(e, SyntaxError) else str(e)
        lines.append("%s: %s" % (name, msg))
        return "\n".join(lines) + "\n"

    # ----- the device's Python environment ------------------------------------

    def _host(self, path):
        if isinstance(path, bytes):
            path = path.decode()
        if not isinstance(path, str):
            raise TypeError("can't convert '%s' object to str implicitly" % type(path).__name__)
        p = posixpath.normpath(posixpath.join(self.cwd, path))
        rel = p.lstrip("/")
        return os.path.join(self.root, rel) if rel else self.root

    def _device_path(self, path):
        rel = os.path.relpath(self._host(path), self.root).replace(os.sep, "/")
        return "/" if rel == "." else "/" + rel

    def _abs(self, path):
        """The absolute, normalised device path (relative ones from the current directory)."""
        if isinstance(path, bytes):
            path = path.decode()
        if not isinstance(path, str):
            raise TypeError("can't convert '%s' object to str implicitly" % type(path).__name__)
        p = posixpath.normpath(posixpath.join(self.cwd, path))
        return "/" + p.lstrip("/")

    def _vfs(self, path):
        """(VFS object, path inside it, absolute path) for a path under an os.mount point, else (None, None, path).

        As extmod/vfs.c: "/remote/a/b" -> "/a/b" and "/remote" -> "/" for a VFS mounted at /remote.
        """
        p = self._abs(path)
        for point, obj in self.mounts.items():
            if p == point:
                return obj, "/", p
            if p.startswith(point + "/"):
                return obj, p[len(point):], p
        return None, None, p

    def _on_mount(self, op, p, fn, *args):
        """Call into a mounted VFS object (for mpremote's RemoteFS: a round trip over the serial line)."""
        self.mount_log.append((op, p))
        try:
            return fn(*args)
        except OSError as e:
            if e.errno is None and e.args and isinstance(e.args[0], int):
                raise self._oserror(abs(e.args[0])) from None  # MicroPython: OSError(2).errno == 2
            raise

    @staticmethod
    def _oserror(code):
        return OSError(code, errno.errorcode.get(code, str(code)))

    def _fs(self, fn, *args):
        try:
            return fn(*args)
        except OSError as e:
            raise self._oserror(e.errno or errno.EIO) from None

    def _make_builtins(self):
        b = dict(builtins.__dict__)
        b["open"] = self._open
        b["print"] = self._print
        b["__import__"] = self._import
        b["input"] = lambda prompt="": (_ for _ in ()).throw(OSError(errno.EIO, "EIO"))
        return b

    # ----- input while code runs: stdin, Ctrl-C, sleeping ----------------------

    def _poll_input(self, timeout):
        """Take what the host sends within `timeout` s into self._rx (the running code's stdin).

        The interrupt character (micropython.kbd_intr, Ctrl-C while code runs) is not stored: as in
        the ports' receive handlers it schedules a KeyboardInterrupt, raised at the next _check_intr().
        """
        if self._stop.is_set():
            raise _Stopped()
        timeout = max(timeout, 0)
        fd = self._master
        if fd is None:  # not started (execute() only): nothing will ever come
            time.sleep(timeout)
            return
        try:
            ready = select.select([fd], [], [], timeout)[0]
            data = os.read(fd, 4096) if ready else b""
        except BlockingIOError:
            data = b""
        except (OSError, ValueError):  # EIO: no host on the line
            time.sleep(min(timeout, 0.05))
            data = b""
        for c in data:
            if c == self._intr_char:
                self._pending_intr = True
                self.interrupts += 1
            else:
                self._rx.append(c)

    def _check_intr(self):
        """A point where the VM would raise a pending KeyboardInterrupt. The fake has these in sleeps,
        print/sys.stdout, stdin reads and select.poll: a loop that calls none of them cannot be interrupted."""
        if self._stop.is_set():
            raise _Stopped()
        if self._intr_char >= 0 and not self._pending_intr:
            self._poll_input(0)
        if self._pending_intr:
            self._pending_intr = False
            raise KeyboardInterrupt()

    def _sleep(self, seconds):
        deadline = time.monotonic() + max(seconds, 0)
        while True:
            self._check_intr()
            left = deadline - time.monotonic()
            if left <= 0:
                return
            self._poll_input(min(left, 0.05))

    def _stdin_readinto(self, buf, n=None):
        """sys.stdin.buffer.readinto(buf[, n]): blocks for n bytes, like mp_hal_stdin_rx_chr() in a loop."""
        mv = memoryview(buf).cast("B")
        n = len(mv) if n is None else min(n, len(mv))
        while len(self._rx) < n:
            self._check_intr()
            self._poll_input(0.05)
        mv[:n] = self._rx[:n]
        del self._rx[:n]
        return n

    def _stdout_text(self, text):
        self._check_intr()
        self._cooked(text)

    def _print(self, *args, sep=" ", end="\n", file=None):
        text = sep.join(str(a) for a in args) + end
        if file is not None and not isinstance(file, _Stream):
            file.write(text)
        else:
            self._stdout_text(text)

    # ----- files, through the VFS ----------------------------------------------

    def _open(self, path, mode="r", buffering=-1, encoding=None, *args, **kw):
        obj, inner, p = self._vfs(path)
        if self.pause_on is not None and p == self.pause_on:
            self.paused.set()
            self.resume.wait(30)
        if obj is not None:
            return self._on_mount("open", p, obj.open, inner, mode)
        host = self._host(path)
        if os.path.isdir(host) and not any(m in mode for m in "wax+"):
            raise self._oserror(errno.EISDIR)
        f = self._fs(builtins.open, host, mode)
        if any(m in mode for m in "wax+"):
            self.events.append(("write", self._device_path(path)))
        return f

    def _mount(self, obj, point, *, readonly=False, mkfs=False):
        point = self._abs(point)
        if point in self.mounts:
            raise self._oserror(errno.EPERM)
        obj.mount(readonly, mkfs)
        self.mounts[point] = obj
        self.events.append(("mount", point))

    def _umount(self, target):
        for point, obj in list(self.mounts.items()):
            if target is obj or (isinstance(target, str) and self._abs(target) == point):
                del self.mounts[point]
                if self.cwd == point or self.cwd.startswith(point + "/"):
                    self.cwd = "/"  # vfs.c: the current VFS is gone, back to the root
                self.events.append(("umount", point))
                obj.umount()
                return
        raise self._oserror(errno.EINVAL)

    # ----- import: built-in modules, then .py files along sys.path (through the VFS) --------------

    def _builtin(self, name):
        base = name[1:] if name in _U_ALIASES else name
        if base not in self.modules:
            maker = getattr(self, "_mod_" + base, None)
            if maker is not None:
                self.modules[base] = maker()
            elif base in _PURE:
                self.modules[base] = __import__(base)
            else:
                return None
            if "sys" in self.modules:
                self.modules["sys"].modules[base] = self.modules[base]
        return self.modules[base]

    def _import(self, name, globals=None, locals=None, fromlist=(), level=0):
        if level:
            g = globals or {}
            pkg = g.get("__name__", "") if "__path__" in g else g.get("__name__", "").rpartition(".")[0]
            for _ in range(level - 1):
                pkg = pkg.rpartition(".")[0]
            if not pkg:
                raise ImportError("can't perform relative import")
            name = pkg + "." + name if name else pkg
        mod = self._import_dotted(name)
        if fromlist:
            if hasattr(mod, "__path__"):  # from package import submodule
                for attr in fromlist:
                    if attr != "*" and not hasattr(mod, attr):
                        try:
                            self._import_dotted(name + "." + attr)
                        except ImportError:
                            pass  # not a submodule: the from-import reports the missing name
            return mod
        return self._import_dotted(name.partition(".")[0]) if "." in name else mod

    def _import_dotted(self, name):
        sysmod = self._builtin("sys")
        if name in sysmod.modules:
            return sysmod.modules[name]
        parent_name, _, leaf = name.rpartition(".")
        if parent_name:
            parent = self._import_dotted(parent_name)
            if name in sysmod.modules:  # the package's __init__ imported it
                return sysmod.modules[name]
            if not hasattr(parent, "__path__"):
                raise ImportError("no module named '%s'" % name)
            search = [parent.__path__]
        else:
            mod = self._builtin(name)
            if mod is not None:
                return mod
            search = list(sysmod.path)
        # py/builtinimport.c: for each entry, <entry>/<name> as a package folder, then .py, then .mpy.
        for entry in search:
            base = entry.rstrip("/") + "/" + leaf if entry else leaf
            kind = self._kind(base)
            if kind == "dir":
                init = next((base + "/__init__" + ext for ext in (".py", ".mpy")
                             if self._kind(base + "/__init__" + ext) == "file"), None)
                return self._load(name, init, base)
            for ext in (".py", ".mpy"):
                if self._kind(base + ext) == "file":
                    return self._load(name, base + ext, None)
        raise ImportError("no module named '%s'" % name)

    def _kind(self, path):
        try:
            mode = self._builtin("os").stat(path)[0]
        except OSError:
            return None
        return "dir" if mode & 0xF000 == 0x4000 else "file"

    def _load(self, name, path, pkgdir):
        """Compile a module from the board's filesystem (or a mount) and run it, as MicroPython does."""
        sysmod = self._builtin("sys")
        mod = types.ModuleType(name)
        mod.__dict__["__builtins__"] = self.globals["__builtins__"]
        if pkgdir is not None:
            mod.__path__ = pkgdir
        if path is not None:
            mod.__file__ = path
        sysmod.modules[name] = mod
        try:
            if path is not None:
                src = self._read_source(path)
                where = self._abs(path)
                self.imports.append((name, where))
                self.sources[where] = src
                if path.endswith(".mpy"):
                    src = self._mpy_as_source(where, src)
                self._device_files.add(path)
                exec(compile(src, path, "exec", dont_inherit=True), mod.__dict__)
        except BaseException:
            sysmod.modules.pop(name, None)  # a failed import leaves nothing behind
            raise
        parent, _, leaf = name.rpartition(".")
        if parent:
            setattr(sysmod.modules[parent], leaf, mod)
        return mod

    def _mpy_as_source(self, where, data):
        """A .mpy as persistentcode.c checks it; then the source it was compiled from (see mpy_source)."""
        if len(data) < 4 or data[0] != ord("M") or data[1] != 6:
            raise ValueError("incompatible .mpy file")
        if data[2] >> 2:
            raise ValueError("incompatible .mpy arch")  # native code: the fake runs none
        src = self.mpy_source(where, data) if self.mpy_source is not None else None
        if src is None:
            raise ImportError("the fake board cannot run %s: no mpy_source for it" % where)
        return src

    def _read_source(self, path):
        """Read a .py as mp_reader_vfs does: open "rb", readinto() chunks of the stream's buffer size."""
        f = self._open(path, "rb")
        try:
            out = bytearray()
            buf = bytearray(249)  # RemoteFile.ioctl(BUFFER_SIZE) in mpremote's hook
            while True:
                n = f.readinto(buf)
                if not n:
                    return bytes(out)
                out += buf[:n]
        finally:
            f.close()

    # ----- built-in modules ---------------------------------------------------------

    def _mod_os(self):
        dev = self
        m = types.ModuleType("os")
        m.sep = "/"

        def stat(path):
            obj, inner, p = dev._vfs(path)
            if obj is not None:
                return dev._on_mount("stat", p, obj.stat, inner)
            st = dev._fs(os.stat, dev._host(path))
            mode = 0x4000 if os.path.isdir(dev._host(path)) else 0x8000
            t = int(st.st_mtime)
            return (mode, 0, 0, 0, 0, 0, st.st_size if mode == 0x8000 else 0, t, t, t)

        def ilistdir(path=""):
            obj, inner, p = dev._vfs(path or ".")
            if obj is not None:
                return dev._on_mount("ilistdir", p, obj.ilistdir, inner)
            host = dev._host(path or ".")
            entries = []
            for name in sorted(dev._fs(os.listdir, host)):
                full = os.path.join(host, name)
                isdir = os.path.isdir(full)
                entries.append((name, 0x4000 if isdir else 0x8000, 0, 0 if isdir else os.path.getsize(full)))
            return iter(entries)

        def listdir(path=""):
            return [e[0] for e in ilistdir(path)]

        def mkdir(path):
            obj, inner, p = dev._vfs(path)
            if obj is not None:
                return dev._on_mount("mkdir", p, obj.mkdir, inner)
            dev._fs(os.mkdir, dev._host(path))
            dev.events.append(("mkdir", dev._device_path(path)))

        def rmdir(path):
            obj, inner, p = dev._vfs(path)
            if obj is not None:
                return dev._on_mount("rmdir", p, obj.rmdir, inner)
            dev._fs(os.rmdir, dev._host(path))
            dev.events.append(("rmdir", dev._device_path(path)))

        def remove(path):
            obj, inner, p = dev._vfs(path)
            if obj is not None:
                return dev._on_mount("remove", p, obj.remove, inner)
            if os.path.isdir(dev._host(path)):
                raise dev._oserror(errno.EISDIR)
            dev._fs(os.remove, dev._host(path))
            dev.events.append(("remove", dev._device_path(path)))

        def rename(a, b):
            obj_a, inner_a, _ = dev._vfs(a)
            obj_b, inner_b, p = dev._vfs(b)
            if obj_a is not obj_b:
                raise dev._oserror(errno.EXDEV)
            if obj_a is not None:
                return dev._on_mount("rename", p, obj_a.rename, inner_a, inner_b)
            dev._fs(os.rename, dev._host(a), dev._host(b))
            dev.events.append(("rename", dev._device_path(b)))

        def getcwd():
            return dev.cwd

        def chdir(path):
            obj, inner, p = dev._vfs(path)
            if obj is not None:
                dev._on_mount("chdir", p, obj.chdir, inner)
                dev.cwd = p
                return
            host = dev._host(path)
            if not os.path.isdir(host):
                raise dev._oserror(errno.ENOENT)
            dev.cwd = dev._device_path(path)

        def statvfs(path="/"):
            obj, inner, p = dev._vfs(path)
            if obj is not None:
                return dev._on_mount("statvfs", p, obj.statvfs, inner)
            used = 0
            for dirpath, dirnames, filenames in os.walk(dev.root):
                used += 1 + sum(-(-os.path.getsize(os.path.join(dirpath, f)) // FS_BLOCK) for f in filenames)
            free = max(FS_BLOCKS - used, 0)
            return (FS_BLOCK, FS_BLOCK, FS_BLOCKS, free, free, 0, 0, 0, 0, 255)

        def uname():
            return types.SimpleNamespace(sysname="rp2", nodename="rp2", release=VERSION,
                                         version="v%s on 2025-01-01" % VERSION, machine=dev.machine_name)

        for fn in (stat, ilistdir, listdir, mkdir, rmdir, remove, rename, getcwd, chdir, statvfs, uname):
            setattr(m, fn.__name__, fn)
        m.unlink = remove
        m.mount = dev._mount
        m.umount = dev._umount
        m.sync = lambda: None
        m.urandom = os.urandom
        m.dupterm = lambda *a: None
        return m

    def _mod_vfs(self):
        dev = self
        m = types.ModuleType("vfs")
        m.mount = self._mount
        m.umount = self._umount

        def VfsRom(buf):
            return _RomFs(parse_romfs(memoryview(buf).cast("B")))

        m.VfsRom = VfsRom
        if self.romfs is not None:
            def rom_ioctl(op, *args):
                """ports/rp2/rp2_flash.c: 1 -> number of partitions, 2 -> partition 0 as a block device."""
                if dev._rom is not None and op == 1:
                    return 1
                if dev._rom is not None and op == 2 and (not args or args[0] == 0):
                    return dev._rom
                return -errno.EINVAL
            m.rom_ioctl = rom_ioctl
        return m

    def _mod_deflate(self):
        """deflate.DeflateIO for reading (mpremote's compressed romfs deploy)."""
        m = types.ModuleType("deflate")
        m.AUTO, m.RAW, m.ZLIB, m.GZIP = 0, 1, 2, 3

        class DeflateIO:
            def __init__(self, stream, format=0, wbits=0, close=False):
                bits = {1: -(wbits or 8), 2: wbits or 15, 3: 16 + (wbits or 15)}.get(format, 32 + 15)
                self._data = zlib.decompressobj(bits).decompress(stream.read())
                self._pos = 0

            def read(self, n=-1):
                end = len(self._data) if n is None or n < 0 else self._pos + n
                out, self._pos = self._data[self._pos:end], min(end, len(self._data))
                return out

        m.DeflateIO = DeflateIO
        return m

    def _mod_sys(self):
        dev = self
        m = types.ModuleType("sys")
        m.platform = "rp2"
        m.byteorder = "little"
        m.maxsize = 2 ** 30 - 1
        m.version = "3.4.0; MicroPython v%s on 2025-01-01" % VERSION
        m.version_info = (3, 4, 0)
        m.implementation = types.SimpleNamespace(name="micropython", version=(1, 29, 0, ""),
                                                 _machine=self.machine_name, _mpy=0x2506)
        m.path = ["", ".frozen", "/lib"] + (["/rom/lib"] if "/rom" in self.mounts else [])
        m.argv = []
        m.modules = {}
        m.stdout = _Stream(self._stdout_text, self._tx)
        m.stderr = m.stdout
        m.stdin = _Stdin(self)

        def exit(code=0):
            raise SystemExit(code)

        def print_exception(e, file=None):
            (file or m.stdout).write(dev._format_exception(e))

        m.exit = exit
        m.print_exception = print_exception
        return m

    def _mod_io(self):
        m = types.ModuleType("io")
        m.StringIO = io.StringIO
        m.BytesIO = io.BytesIO
        m.open = self._open

        class IOBase:
            """MicroPython's io.IOBase: a plain base for streams written in Python (no finaliser)."""

        m.IOBase = IOBase
        return m

    def _mod_select(self):
        dev = self
        m = types.ModuleType("select")
        m.POLLIN, m.POLLOUT, m.POLLERR, m.POLLHUP = 1, 4, 8, 16

        class Poll:
            """select.poll() for the board's own streams: stdin is readable when the host has sent something."""

            def __init__(self):
                self._objs = {}

            def register(self, obj, eventmask=m.POLLIN | m.POLLOUT):
                self._objs[id(obj)] = (obj, eventmask)

            def modify(self, obj, eventmask):
                if id(obj) not in self._objs:
                    raise dev._oserror(errno.ENOENT)
                self._objs[id(obj)] = (obj, eventmask)

            def unregister(self, obj):
                self._objs.pop(id(obj), None)

            def poll(self, timeout=-1):
                deadline = None if timeout is None or timeout < 0 else time.monotonic() + timeout / 1000
                while True:
                    ready = []
                    for obj, mask in self._objs.values():
                        stdin = getattr(obj, "_fake_stdin", False)
                        ev = (m.POLLIN if mask & m.POLLIN and stdin and dev._rx else 0) | (
                            m.POLLOUT if mask & m.POLLOUT and not stdin else 0)
                        if ev:
                            ready.append((obj, ev))
                    if ready:
                        return ready
                    left = 0.05 if deadline is None else deadline - time.monotonic()
                    if left <= 0:
                        return []
                    dev._check_intr()
                    dev._poll_input(min(left, 0.05))

            def ipoll(self, timeout=-1, flags=0):
                return iter(self.poll(timeout))

        m.poll = Poll
        return m

    def _mod_hashlib(self):
        m = types.ModuleType("hashlib")
        m.sha256 = hashlib.sha256
        m.sha1 = hashlib.sha1
        m.md5 = hashlib.md5
        return m

    def _mod_binascii(self):
        return binascii

    def _mod_machine(self):
        """The board's peripherals as the firmware finds them on a bare Pico: buttons read released
        (pull-ups), nothing answers on I2C (no display), outputs and PWM are recorded in self.hardware."""
        dev = self
        m = types.ModuleType("machine")

        def reset():
            raise HardReset()

        def soft_reset():
            raise SoftReset()

        def bootloader(*a):
            dev.events.append(("bootloader", None))
            raise HardReset()

        class Pin:
            IN, OUT, OPEN_DRAIN, ALT = 0, 1, 2, 3
            PULL_UP, PULL_DOWN = 1, 2
            IRQ_FALLING, IRQ_RISING = 4, 8

            def __init__(self, id, mode=-1, pull=-1, *, value=None, **kw):
                self.id = id
                self._v = 0
                self.init(mode, pull, value=value)

            def init(self, mode=-1, pull=-1, *, value=None, **kw):
                if pull == Pin.PULL_UP:
                    self._v = 1  # nothing pulls the line down: a button reads released
                if mode == Pin.IN and self.id in dev.pin_levels:
                    self._v = dev.pin_levels[self.id]
                if value is not None:
                    self.value(value)

            def value(self, v=None):
                if v is None:
                    return self._v
                self._v = 1 if v else 0
                dev.hardware.append(("pin", self.id, self._v))

            __call__ = value

            def on(self):
                self.value(1)

            def off(self):
                self.value(0)

            def toggle(self):
                self.value(1 - self._v)

            def irq(self, *a, **kw):
                return None

        class I2C:
            def __init__(self, id=0, *, scl=None, sda=None, freq=400000, **kw):
                self.id = id

            def scan(self):
                return []

            def _nack(self, addr):
                dev.hardware.append(("i2c", addr, False))
                raise dev._oserror(errno.EIO)  # rp2: no ACK -> OSError: [Errno 5] EIO

            def writeto(self, addr, buf, stop=True):
                self._nack(addr)

            def writevto(self, addr, vector, stop=True):
                self._nack(addr)

            def readfrom(self, addr, nbytes, stop=True):
                self._nack(addr)

            def readfrom_into(self, addr, buf, stop=True):
                self._nack(addr)

            def writeto_mem(self, addr, memaddr, buf, **kw):
                self._nack(addr)

            def readfrom_mem(self, addr, memaddr, nbytes, **kw):
                self._nack(addr)

        class SPI:
            def __init__(self, id=0, *a, **kw):
                self.id = id

            def write(self, buf):
                dev.hardware.append(("spi", self.id, len(buf)))

        class PWM:
            def __init__(self, pin, **kw):
                self.pin = pin

            def freq(self, f=None):
                if f is None:
                    return 1000
                dev.hardware.append(("pwm", getattr(self.pin, "id", self.pin), "freq", f))

            def duty_u16(self, d=None):
                if d is None:
                    return 0
                dev.hardware.append(("pwm", getattr(self.pin, "id", self.pin), "duty", d))

            def deinit(self):
                pass

        class ADC:
            def __init__(self, pin, **kw):
                self.pin = pin

            def read_u16(self):
                return 26000  # about 4.0 V behind the Pico's VSYS/3 divider

        m.reset = reset
        m.soft_reset = soft_reset
        m.bootloader = bootloader
        m.Pin, m.I2C, m.SoftI2C, m.SPI, m.SoftSPI, m.PWM, m.ADC = Pin, I2C, I2C, SPI, SPI, PWM, ADC
        m.unique_id = lambda: b"\xe6\x61\x41\x04\x03\x5a\x2b\x2c"
        m.freq = lambda *a: 125000000
        m.idle = lambda: None
        m.reset_cause = lambda: 1
        return m

    def _mod_framebuf(self):
        m = types.ModuleType("framebuf")
        for i, name in enumerate(("MONO_VLSB", "RGB565", "GS4_HMSB", "MONO_HLSB", "MONO_HMSB", "GS2_HMSB", "GS8")):
            setattr(m, name, i)

        class FrameBuffer:
            """Construction only: the fake board has no display, nothing is ever drawn."""

            def __init__(self, buffer, width, height, format, stride=None):
                self._fb = (buffer, width, height, format, stride or width)

        m.FrameBuffer = FrameBuffer
        return m

    def _mod_time(self):
        m = types.ModuleType("time")
        start = time.monotonic()
        m.sleep = self._sleep
        m.sleep_ms = lambda ms: self._sleep(ms / 1000)
        m.sleep_us = lambda us: self._sleep(us / 1e6)
        m.ticks_ms = lambda: int((time.monotonic() - start) * 1000) & 0x3FFFFFFF
        m.ticks_us = lambda: int((time.monotonic() - start) * 1e6) & 0x3FFFFFFF
        m.ticks_add = lambda t, d: (t + d) & 0x3FFFFFFF
        m.ticks_diff = lambda a, b: ((a - b + 0x20000000) & 0x3FFFFFFF) - 0x20000000
        m.time = lambda: int(time.time())
        m.time_ns = time.time_ns
        m.localtime = lambda *a: time.localtime(*a)[:8]
        m.gmtime = lambda *a: time.gmtime(*a)[:8]
        return m

    def _mod_gc(self):
        m = types.ModuleType("gc")
        m.collect = lambda: None
        m.enable = m.disable = lambda: None
        m.mem_free = lambda: 180000
        m.mem_alloc = lambda: 12000
        m.threshold = lambda *a: -1
        return m

    def _mod_micropython(self):
        dev = self
        m = types.ModuleType("micropython")
        m.const = lambda x: x
        m.opt_level = lambda *a: 0

        def kbd_intr(c):
            dev._intr_char = c

        m.kbd_intr = kbd_intr
        m.alloc_emergency_exception_buf = lambda n: None
        m.schedule = lambda f, arg: f(arg)
        m.mem_info = lambda *a: self._cooked("stack: 0 out of 7936\nGC: total: 192064, used: 12000, free: 180064\n")
        m.heap_lock = m.heap_unlock = lambda: 0
        return m


class _RomPartition(bytearray):
    """The ROMFS partition of a rp2 board: memory-mapped flash (the buffer protocol) that is also a
    block device. Erasing sets a block to 0xFF; programming can only clear bits."""

    def __init__(self, dev, size):
        super().__init__(b"\xff" * size)
        self._dev = dev

    def ioctl(self, op, arg):
        if op == 4:
            return len(self) // ROM_BLOCK
        if op == 5:
            return ROM_BLOCK
        if op == 6:
            self[arg * ROM_BLOCK:(arg + 1) * ROM_BLOCK] = b"\xff" * ROM_BLOCK
            return 0
        return 0 if op in (1, 2, 3) else None

    def readblocks(self, block, buf, offset=0):
        start = block * ROM_BLOCK + offset
        mv = memoryview(buf).cast("B")
        mv[:] = self[start:start + len(mv)]

    def writeblocks(self, block, buf, offset=None):
        data = bytes(memoryview(buf).cast("B"))
        if offset is None:  # rp2: a write without an offset erases its blocks first
            for b in range(block, block + -(-len(data) // ROM_BLOCK)):
                self.ioctl(6, b)
            offset = 0
        start = block * ROM_BLOCK + offset
        if start + len(data) > len(self):
            raise OSError(errno.EINVAL, "EINVAL")
        old = self[start:start + len(data)]
        if any(o & d != d for o, d in zip(old, data)):
            self._dev.protocol_errors.append("ROMFS: programmed flash at %d that was not erased" % start)
        self[start:start + len(data)] = bytes(o & d for o, d in zip(old, data))


class _RomFs:
    """vfs.VfsRom of the fake: a read-only filesystem over a parsed ROMFS image."""

    def __init__(self, tree):
        self.tree = tree
        self._cwd = "/"

    def _find(self, path):
        item = self.tree
        for part in posixpath.normpath(posixpath.join(self._cwd, path)).strip("/").split("/"):
            if not part:
                continue
            if not isinstance(item, dict) or part not in item:
                raise OSError(errno.ENOENT, "ENOENT")
            item = item[part]
        return item

    def mount(self, readonly, mkfs):
        pass

    def umount(self):
        pass

    def stat(self, path):
        item = self._find(path)
        if isinstance(item, dict):
            return (0x4000, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        return (0x8000, 0, 0, 0, 0, 0, len(item), 0, 0, 0)

    def ilistdir(self, path):
        item = self._find(path)
        if not isinstance(item, dict):
            raise OSError(errno.ENOTDIR, "ENOTDIR")
        return iter([(name, 0x4000 if isinstance(v, dict) else 0x8000, 0,
                      0 if isinstance(v, dict) else len(v)) for name, v in item.items()])

    def open(self, path, mode):
        if any(m in mode for m in "wax+"):
            raise OSError(errno.EROFS, "EROFS")
        item = self._find(path)
        if isinstance(item, dict):
            raise OSError(errno.EISDIR, "EISDIR")
        return io.BytesIO(item) if "b" in mode else io.StringIO(item.decode())

    def chdir(self, path):
        if not isinstance(self._find(path), dict):
            raise OSError(errno.ENOTDIR, "ENOTDIR")
        self._cwd = posixpath.normpath(posixpath.join(self._cwd, path))

    def getcwd(self):
        return self._cwd

    def statvfs(self, path):
        return (ROM_BLOCK, ROM_BLOCK, 0, 0, 0, 0, 0, 0, 0, 255)

    def _read_only(self, *args):
        raise OSError(errno.EROFS, "EROFS")

    mkdir = rmdir = remove = rename = _read_only


class _Stopped(BaseException):
    """The fake board is being closed: unwinds code still running on it."""


class _Stream:
    """sys.stdout/sys.stderr of the fake board: text is cooked (\\n -> \\r\\n), .buffer is raw."""

    def __init__(self, cooked, raw):
        self.write = lambda s: (cooked(s) if isinstance(s, str) else raw(bytes(s))) or len(s)
        self.buffer = _RawOut(raw)

    def flush(self):
        pass


class _RawOut:
    def __init__(self, raw):
        self._raw = raw

    def write(self, buf, n=None):
        """MicroPython streams take an optional length: write(buf, n) sends buf[:n]."""
        data = bytes(memoryview(buf).cast("B")[:n]) if n is not None else bytes(buf)
        self._raw(data)
        return len(data)

    def flush(self):
        pass


class _StdinBuffer:
    _fake_stdin = True

    def __init__(self, dev):
        self._dev = dev

    def readinto(self, buf, n=None):
        return self._dev._stdin_readinto(buf, n)

    def read(self, n=1):
        buf = bytearray(n)
        self.readinto(buf)
        return bytes(buf)


class _Stdin:
    """sys.stdin while code runs: what the host sends (the raw REPL has taken the code up to its Ctrl-D)."""
    _fake_stdin = True

    def __init__(self, dev):
        self.buffer = _StdinBuffer(dev)

    def read(self, n=1):
        return self.buffer.read(n).decode("utf-8", "replace")
