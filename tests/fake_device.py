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
the device: `os`, `open`, `sys`, `hashlib`, `binascii`, `machine`, `time`,
`gc`, `micropython`, `errno` and a few pure modules, with the filesystem
rooted in a host directory (`root`; a temporary one by default). Failures are
printed as MicroPython prints them (``OSError: [Errno 2] ENOENT``), in the
error part of the raw REPL reply, so mpremote maps them to the right errno.

Not emulated: Ctrl-C while code runs (code runs to completion), `mpremote
mount` (its RemoteFS hook needs the device to call back over the serial
line), importing modules from the device filesystem, .mpy execution.
"""
import binascii
import builtins
import codeop
import errno
import hashlib
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

BANNER_MACHINE = "Raspberry Pi Pico with RP2040"
VERSION = "1.29.0"
BANNER = "MicroPython v%s on 2025-01-01; %s\r\nType \"help()\" for more information.\r\n"
RAW_BANNER = b"raw REPL; CTRL-B to exit\r\n"
FS_BLOCK = 4096
FS_BLOCKS = 352  # 1.4 MB, the rp2 default filesystem

CTRL_A, CTRL_B, CTRL_C, CTRL_D, CTRL_E = 1, 2, 3, 4, 5

# Modules whose CPython version behaves like MicroPython's for what tools send.
_PURE = ("struct", "json", "errno", "io", "math", "random", "collections", "re", "array", "binascii", "heapq")


class HardReset(BaseException):
    """machine.reset(): the board reboots, nothing more is sent for the running code."""


class SoftReset(BaseException):
    """machine.soft_reset()."""


class FakeDevice:
    def __init__(self, root=None, raw_paste=True, window=128, machine=BANNER_MACHINE):
        assert raw_paste in (True, False, "legacy")
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
            for c in data:
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
        self.modules = {}
        self.globals = {"__name__": "__main__", "__builtins__": self._make_builtins()}

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

    @staticmethod
    def _format_exception(e):
        lines = ["Traceback (most recent call last):"]
        if isinstance(e, SyntaxError):
            lines.append('  File "<stdin>", line %s' % (e.lineno or 1))
        for fr in traceback.extract_tb(e.__traceback__):
            if fr.filename == "<stdin>":
                lines.append('  File "<stdin>", line %d, in %s' % (fr.lineno, fr.name))
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

    def _print(self, *args, sep=" ", end="\n", file=None):
        text = sep.join(str(a) for a in args) + end
        if file is not None and not isinstance(file, _Stream):
            file.write(text)
        else:
            self._cooked(text)

    def _open(self, path, mode="r", buffering=-1, encoding=None, *args, **kw):
        host = self._host(path)
        if self.pause_on is not None and self._device_path(path) == self.pause_on:
            self.paused.set()
            self.resume.wait(30)
        if os.path.isdir(host) and not any(m in mode for m in "wax+"):
            raise self._oserror(errno.EISDIR)
        f = self._fs(builtins.open, host, mode)
        if any(m in mode for m in "wax+"):
            self.events.append(("write", self._device_path(path)))
        return f

    def _import(self, name, globals=None, locals=None, fromlist=(), level=0):
        if level:
            raise ImportError("can't perform relative import")
        base = name[1:] if name in ("uos", "utime", "uhashlib", "ubinascii", "usys", "uerrno", "ustruct",
                                    "ujson", "uio", "urandom", "ure", "uarray", "ucollections") else name
        sysmods = self.modules.get("sys")
        if sysmods is not None and name in sysmods.modules:
            return sysmods.modules[name]
        if base not in self.modules:
            maker = getattr(self, "_mod_" + base, None)
            if maker is not None:
                self.modules[base] = maker()
            elif base in _PURE:
                self.modules[base] = __import__(base)
            else:
                raise ImportError("no module named '%s'" % name)
            if "sys" in self.modules:
                self.modules["sys"].modules[base] = self.modules[base]
        return self.modules[base]

    def _mod_os(self):
        dev = self
        m = types.ModuleType("os")
        m.sep = "/"

        def stat(path):
            st = dev._fs(os.stat, dev._host(path))
            mode = 0x4000 if os.path.isdir(dev._host(path)) else 0x8000
            t = int(st.st_mtime)
            return (mode, 0, 0, 0, 0, 0, st.st_size if mode == 0x8000 else 0, t, t, t)

        def ilistdir(path=""):
            host = dev._host(path or dev.cwd)
            for name in sorted(dev._fs(os.listdir, host)):
                full = os.path.join(host, name)
                isdir = os.path.isdir(full)
                yield (name, 0x4000 if isdir else 0x8000, 0, 0 if isdir else os.path.getsize(full))

        def listdir(path=""):
            return [e[0] for e in ilistdir(path)]

        def mkdir(path):
            dev._fs(os.mkdir, dev._host(path))
            dev.events.append(("mkdir", dev._device_path(path)))

        def rmdir(path):
            dev._fs(os.rmdir, dev._host(path))
            dev.events.append(("rmdir", dev._device_path(path)))

        def remove(path):
            if os.path.isdir(dev._host(path)):
                raise dev._oserror(errno.EISDIR)
            dev._fs(os.remove, dev._host(path))
            dev.events.append(("remove", dev._device_path(path)))

        def rename(a, b):
            dev._fs(os.rename, dev._host(a), dev._host(b))
            dev.events.append(("rename", dev._device_path(b)))

        def getcwd():
            return dev.cwd

        def chdir(path):
            host = dev._host(path)
            if not os.path.isdir(host):
                raise dev._oserror(errno.ENOENT)
            dev.cwd = dev._device_path(path)

        def statvfs(path="/"):
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
        m.sync = lambda: None
        m.urandom = os.urandom
        m.dupterm = lambda *a: None
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
        m.path = ["", ".frozen", "/lib"]
        m.argv = []
        m.modules = {}
        m.stdout = _Stream(self._cooked, self._tx)
        m.stderr = m.stdout

        def exit(code=0):
            raise SystemExit(code)

        def print_exception(e, file=None):
            (file or m.stdout).write(dev._format_exception(e))

        m.exit = exit
        m.print_exception = print_exception
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
        dev = self
        m = types.ModuleType("machine")

        def reset():
            raise HardReset()

        def soft_reset():
            raise SoftReset()

        def bootloader(*a):
            dev.events.append(("bootloader", None))
            raise HardReset()

        m.reset = reset
        m.soft_reset = soft_reset
        m.bootloader = bootloader
        m.unique_id = lambda: b"\xe6\x61\x41\x04\x03\x5a\x2b\x2c"
        m.freq = lambda *a: 125000000
        m.idle = lambda: None
        m.reset_cause = lambda: 1
        return m

    def _mod_time(self):
        m = types.ModuleType("time")
        start = time.monotonic()
        m.sleep = time.sleep
        m.sleep_ms = lambda ms: time.sleep(ms / 1000)
        m.sleep_us = lambda us: time.sleep(us / 1e6)
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
        m = types.ModuleType("micropython")
        m.const = lambda x: x
        m.opt_level = lambda *a: 0
        m.kbd_intr = lambda c: None
        m.alloc_emergency_exception_buf = lambda n: None
        m.schedule = lambda f, arg: f(arg)
        m.mem_info = lambda *a: self._cooked("stack: 0 out of 7936\nGC: total: 192064, used: 12000, free: 180064\n")
        m.heap_lock = m.heap_unlock = lambda: 0
        return m


class _Stream:
    """sys.stdout/sys.stderr of the fake board: text is cooked (\\n -> \\r\\n), .buffer is raw."""

    def __init__(self, cooked, raw):
        self.write = lambda s: (cooked(s) if isinstance(s, str) else raw(bytes(s))) or len(s)
        self.buffer = types.SimpleNamespace(write=lambda b: raw(bytes(b)) or len(b))

    def flush(self):
        pass
