"""ROMFS images of the compiled firmware: code that runs in place from flash, not from the heap.

    python tools/romfs.py --board pico     # make romfs: build/pico.romfs, its size, the partition it needs
    python tools/romfs.py --heap           # live heap with ROMFS beside with .mpy files (unix port)

A `.mpy` file copied to a board's filesystem is loaded into RAM when it is imported: its
bytecode, constants and tables live on the heap as long as the module does. MicroPython
1.25+ (ports built with a ROMFS partition) imports `.mpy` files from a ROMFS image in
place, straight from flash. The image holds every file tools/build.py builds for the
board but main.py (build.image_files), and is made with the pinned mpremote
(`mpremote romfs -o FILE build DIR`, offline). tools/flash.py --romfs deploys it.

The heap figures run the launcher (tools/headless.py) or a self-play game under the
MicroPython unix port through tools/romrun.py, twice: firmware from a ROMFS image
mounted at /rom, and from the same .mpy files in a folder. Both are the no -march tree
of build.mpy_tree (bytecode is the same for every port; the unix port cannot take the
boards' arch-tagged files). The image itself is on the unix heap, not in flash as on a
board: what it takes there is subtracted.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

import build as builder

ROOT = builder.ROOT
BUILD = os.path.join(ROOT, "build")
BLOCK = 4096        # flash erase block of the rp2 and esp32 ROMFS partitions: a partition is a multiple
HEAP_KB = 512       # -X heapsize for the heap runs: room for any session (live bytes do not depend on it)
ROMRUN = os.path.join(ROOT, "tools", "romrun.py")
MICROPYTHON = os.path.join(os.path.dirname(sys.executable), "micropython")


class HeapPair:
    """The most heap a run held live, in bytes: firmware from a ROMFS image, from .mpy files."""
    __slots__ = ("rom", "mpy")

    def __init__(self, rom, mpy):
        self.rom = rom
        self.mpy = mpy


def mpremote():
    local = os.path.join(os.path.dirname(sys.executable), "mpremote")
    return local if os.path.exists(local) else "mpremote"


def partition_bytes(image_size):
    """The smallest ROMFS partition that holds an image: whole flash blocks."""
    return -(-image_size // BLOCK) * BLOCK


def image_path(board):
    return os.path.join(BUILD, board + ".romfs")


def make_image(tree, files, image):
    """Write the ROMFS image of `files` (device paths under tree) to image; returns its size.
    The files are staged in a folder beside the image (<image without .romfs>-romfs/)."""
    stage = os.path.splitext(image)[0] + "-romfs"
    if os.path.isdir(stage):
        if not os.path.abspath(stage).startswith(BUILD + os.sep) and os.listdir(stage):
            raise builder.BuildError("%s is not empty and not under build/: not deleting it" % stage)
        shutil.rmtree(stage)
    for f in files:
        dest = os.path.join(stage, f)
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        shutil.copyfile(os.path.join(tree, f), dest)
    # --no-mpy: the files are compiled already, for the board's -march
    r = subprocess.run([mpremote(), "romfs", "--no-mpy", "-o", image, "build", stage],
                       capture_output=True, text=True)
    if r.returncode != 0 or not os.path.exists(image):
        raise builder.BuildError("mpremote romfs build failed:\n" + (r.stderr or r.stdout).strip())
    return os.path.getsize(image)


def build_image(board, out=print):
    """make romfs: build the board's tree, then its image. Returns (image, size, build folder, built files)."""
    outdir, files = builder.build(board, quiet=True)
    image = image_path(board)
    size = make_image(outdir, builder.image_files(files), image)
    need = partition_bytes(size)
    out("%s: %d bytes, %d files (all of build/%s but %s)" % (
        os.path.relpath(image, ROOT), size, len(builder.image_files(files)), board,
        ", ".join(builder.beside_image(files))))
    out("needs a ROMFS partition of at least %d bytes (%d KB, %d blocks of %d)" % (
        need, need // 1024, need // BLOCK, BLOCK))
    return image, size, outdir, files


# ----- the heap with ROMFS and with .mpy files, on the unix port ---------------------------------------------

_unix = {}


def unix_build():
    """(.mpy folder, its ROMFS image) of the no -march tree, built afresh once per process in a
    folder of its own under build/ (no module left over from an earlier tree; runs side by side)."""
    if not _unix:
        import atexit
        os.makedirs(BUILD, exist_ok=True)
        top = tempfile.mkdtemp(prefix="unix-romfs-", dir=BUILD)
        atexit.register(shutil.rmtree, top, True)
        tree = builder.mpy_tree(os.path.join(top, "mpy"))
        files = []
        for dirpath, dirnames, filenames in os.walk(tree):
            dirnames.sort()
            for fn in sorted(filenames):
                files.append(os.path.relpath(os.path.join(dirpath, fn), tree).replace(os.sep, "/"))
        image = os.path.join(top, "unix.romfs")
        make_image(tree, files, image)
        _unix.update(tree=tree, image=image)
    return _unix["tree"], _unix["image"]


def romrun(source, args, heap_kb=HEAP_KB, flags=("--mem",)):
    """tools/romrun.py under the unix port: source "rom" (the image at /rom) or "mpy" (the folder).
    Returns (exit status, stdout, stderr)."""
    tree, image = unix_build()
    where = ["--image", image] if source == "rom" else ["--tree", tree]
    if source == "rom":
        heap_kb += -(-os.path.getsize(image) // 1024) + 4  # the image is on the heap here, and one object
    cmd = [MICROPYTHON, "-X", "heapsize=%dK" % heap_kb, ROMRUN] + where + list(flags) + list(args)
    r = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=900)
    return r.returncode, r.stdout, r.stderr


def _peak(out):
    """Live peak minus the image's own heap, from romrun's ROMRUN line."""
    for line in out.splitlines():
        if line.startswith("ROMRUN peak_alloc="):
            fields = dict(f.split("=") for f in line.split()[1:])
            return int(fields["peak_alloc"]) - int(fields["image_heap"])
    return None


def _selfplay_peak(source, args):
    rc, out, err = romrun(source, ["selfplay"] + list(args))
    if rc != 0:
        raise RuntimeError("selfplay %s from %s failed:\n%s%s" % (" ".join(args), source, out[-1000:], err[-1000:]))
    return _peak(out)


def live_heap_selfplay(args):
    """HeapPair for one self-play game, e.g. ["dizzle", "--players", "4", "--seed", "1"]."""
    return HeapPair(_selfplay_peak("rom", args), _selfplay_peak("mpy", args))


def session_peaks(source, keys):
    """The live peak of each boot of a headless session (keys: one string): a picked game starts
    after a reset, in a fresh interpreter on the same saves, as on a console."""
    left = keys.split()
    peaks = []
    with tempfile.TemporaryDirectory() as d:
        saves = os.path.join(d, "saves")
        os.mkdir(saves)
        path = os.path.join(d, "keys.txt")
        while True:
            with open(path, "w") as f:
                f.write(" ".join(left))  # the unix port takes no argument longer than ~255 characters
            rc, out, err = romrun(source, ["headless", "--resets", "--keys-file", path, "--saves", saves])
            if rc != 0:
                raise RuntimeError("headless from %s failed:\n%s%s" % (source, out[-1000:], err[-1000:]))
            peaks.append(_peak(out))
            resets = [line for line in out.splitlines() if line.startswith("RESET keys_left=")]
            if not resets:
                return peaks
            n = int(resets[-1].split()[1].split("=")[1])
            left = left[len(left) - n:] if n else []


def session_peak(source, keys):
    """The most heap a headless session held live, over all its boots."""
    return max(session_peaks(source, keys))


def live_heap_session(keys):
    """HeapPair for a headless session (the launcher, and the games picked in it)."""
    return HeapPair(session_peak("rom", keys), session_peak("mpy", keys))


def heap_report(launcher_keys, games, out=print):
    """Print the live heap with ROMFS and with .mpy files: the launcher session, then a full
    self-play game of each game (its most players up to 4, seed 1). games: catalogue entries."""
    out("== Live heap: firmware from a ROMFS image / from .mpy files (64-bit unix port, KB)")
    rows = [("launcher menus", live_heap_session(launcher_keys))]
    for entry in games:
        n = min(4, entry.max_players)
        args = [entry.id, "--players", str(n), "--seed", "1"]
        rows.append(("%s, %d player%s" % (entry.id, n, "s" if n > 1 else ""), live_heap_selfplay(args)))
    for label, pair in rows:
        out("  %-24s heap with ROMFS %5.1f KB   heap with .mpy %5.1f KB   (%.1f KB less)" % (
            label, pair.rom / 1024, pair.mpy / 1024, (pair.mpy - pair.rom) / 1024))
    return rows


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--board", default="pico")
    p.add_argument("--heap", action="store_true", help="live heap with ROMFS and with .mpy files (unix port)")
    args = p.parse_args(argv)
    try:
        if args.heap:
            sys.path.insert(0, os.path.join(ROOT, "tools"))
            import bench  # the launcher's key script, as `make bench` measures it
            heap_report(bench.MENU_KEYS, bench.GAMES)
            return 0
        build_image(args.board)
    except builder.BuildError as e:
        print("romfs: %s" % e, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
