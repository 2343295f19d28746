"""Run the headless launcher or a self-play game under the MicroPython unix port with the
firmware imported as a console imports it: from a ROMFS image mounted at /rom, or from a
folder of .mpy files. tools/romfs.py drives it; tests/test_romfs.py holds its transcripts
to CPython's.

    micropython tools/romrun.py --image FILE [--mem] [--where] headless ARGS...
    micropython tools/romrun.py --tree DIR   [--mem] [--where] selfplay GAME ARGS...

--image: the image is read into a bytearray and mounted with vfs.VfsRom at /rom, and /rom
goes first on sys.path; the firmware's source folder is taken off it. Its .mpy files then
run in place from the image, as on a board from flash. --tree: the folder goes first.
Everything printed before the ROMRUN lines is what headless.py / selfplay.py print.
--mem: collect after every line printed; end with `ROMRUN peak_alloc=<bytes>
image_heap=<bytes>`: the most heap held live, and what the image itself holds of it (on a
board the image is flash, not heap: tools/romfs.py subtracts it).
--where: end with `ROMRUN outside=<firmware modules not loaded from the image or tree>`.
"""
import gc
import os
import sys

FIRMWARE_TOPS = ("main", "board", "core", "games", "hal")
ROM = "/rom"


def _mount(image):
    """The image on the heap (as small as it gets: one block, no copy), mounted at /rom;
    returns the heap it takes."""
    import vfs  # pyright: ignore[reportMissingImports]  -- MicroPython's module: this runs under it
    gc.collect()
    before = gc.mem_alloc()  # pyright: ignore[reportAttributeAccessIssue]  -- runs under MicroPython too (gc.mem_alloc/mem_free are its own)
    data = bytearray(os.stat(image)[6])
    with open(image, "rb") as f:
        f.readinto(data)
    vfs.mount(vfs.VfsRom(data), ROM)
    gc.collect()
    return gc.mem_alloc() - before  # pyright: ignore[reportAttributeAccessIssue]  -- runs under MicroPython too (gc.mem_alloc/mem_free are its own)


class Peak:
    """print that collects after each line and keeps the most heap held live."""

    def __init__(self):
        self.bytes = 0

    def print(self, *args, **kw):
        print(*args, **kw)
        gc.collect()
        a = gc.mem_alloc()  # pyright: ignore[reportAttributeAccessIssue]  -- runs under MicroPython too (gc.mem_alloc/mem_free are its own)
        if a > self.bytes:
            self.bytes = a


def outside(location):
    """Firmware modules loaded from anywhere but location."""
    out = []
    for name in sorted(sys.modules):
        if name.split(".")[0] in FIRMWARE_TOPS:
            f = getattr(sys.modules[name], "__file__", "") or ""
            if not f.startswith(location + "/"):
                out.append("%s:%s" % (name, f or "?"))
    return out


def usage():
    print("usage: romrun.py --image FILE | --tree DIR [--mem] [--where] headless|selfplay ARGS...")
    sys.exit(2)


def main(argv):
    image = tree = None
    mem = where = False
    i = 0
    while i < len(argv) and argv[i].startswith("--"):
        if argv[i] == "--mem":
            mem = True
        elif argv[i] == "--where":
            where = True
        elif argv[i] in ("--image", "--tree") and i + 1 < len(argv):
            if argv[i] == "--image":
                image = argv[i + 1]
            else:
                tree = argv[i + 1]
            i += 1
        else:
            usage()
        i += 1
    if (image is None) == (tree is None) or i >= len(argv) or argv[i] not in ("headless", "selfplay"):
        usage()
    tool, args = argv[i], argv[i + 1:]
    image_heap = _mount(image) if image else 0
    location = ROM if image else tree
    import _path  # the tools' helpers; it puts a firmware folder first on sys.path: not this run's
    if _path.FIRMWARE in sys.path and _path.FIRMWARE != location:
        sys.path.remove(_path.FIRMWARE)
    sys.path.insert(0, location)  # pyright: ignore[reportArgumentType]  -- unannotated: location is set by then
    peak = Peak()
    mod = __import__(tool)
    if mem:
        mod.print = peak.print  # the tool's own print: its module globals come before the builtins
    mod.main(args)
    if mem:
        print("ROMRUN peak_alloc=%d image_heap=%d" % (peak.bytes, image_heap))
    if where:
        print("ROMRUN outside=%s" % ",".join(outside(location)))


if __name__ == "__main__":
    main(sys.argv[1:])
