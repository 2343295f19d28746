# DawgLexicon: one word list of words.dawg, read in place from flash.
#
# The file is a minimal DAWG (directed acyclic word graph) of the relaxed list whose
# word ends carry a mask of the lists holding the word (strict and kids are subsets
# of relaxed); tools/build_dictionary.py writes it, docs/dictionary.md has the layout.
# The graph stays on flash: the lexicons open on one file share one _File, which
# holds the file's first pages with the hot table and a small page cache
# (dawgwalk.Pages), so the RAM a lookup or a search needs does not depend on the size
# of the dictionary. The lookups and searches are in dawgwalk.py (native code where the
# port has it); this module opens and checks the file.
try:
    from micropython import const  # pyright: ignore[reportAssignmentType]  -- the CPython fallback below redefines const
except ImportError:
    def const(x):
        return x

from games.words.lexbase import LISTS, DictionaryError, damaged
from games.words import dawgwalk

_MAGIC = b"PPDW"
_VERSION = const(2)
HEADER_SIZE = const(44)
# Cache slots of 512-byte pages (dawgwalk). Fewer slots, more reads: an 8 tiles + joker
# search (40 hands, median/max) reads 954/2274 pages with 4 slots, 778/1791 with 8 and
# 635/1383 with 16 (the joker opens branches all over the file); a normal computer
# decision 23/326 (2 players) and 34/440 (4 players) with 4 slots, 19/290 and 29/425
# with 8. The heap decides: a 4-player game compiled from source needs 95 KB with 4
# slots, 97 KB with 8 (budget 96 KB, tests/test_parity.py). A read costs the unix port
# about 1 us whatever its size up to 2 KB, a Pico a file-system call and the copy.
SLOTS = const(4)
# The file's first pages kept in RAM (the header, the hot table and the nodes most often
# reached by a pointer: tools/build_dictionary.py, PINNED_BYTES), read once at open and
# never again: 1,544 bytes, in the RAM the hot table alone took before (512 entries, 1,536
# bytes; now 128, in the prefix). The suffix nodes every branch of a search shares are
# there, so an 8 tiles + 1 joker search reads 739 pages at most instead of 2,341 (the
# 40 hands of tools/bench_dictionary.py; docs/dictionary.md).
PINNED_PAGES = const(3)


def _u16(b, i):
    return (b[i] << 8) | b[i + 1]


def _u32(b, i):
    # (b[i] << 24) could leave the small-int range on a 32-bit port: build via * 65536
    return ((b[i] << 8) | b[i + 1]) * 65536 + ((b[i + 2] << 8) | b[i + 3])


try:
    from binascii import crc32 as _crc32
except ImportError:          # pragma: no cover - ports without binascii.crc32
    _crc32 = None

_CRC_TABLE = None


def crc32(data, crc=0):
    # CRC-32 (zlib polynomial); the C version where the port has one.
    if _crc32 is not None:
        return _crc32(data, crc) & 0xFFFFFFFF
    global _CRC_TABLE
    if _CRC_TABLE is None:
        t = []
        for n in range(256):
            c = n
            for _ in range(8):
                c = (c >> 1) ^ 0xEDB88320 if c & 1 else c >> 1
            t.append(c)
        _CRC_TABLE = t
    t = _CRC_TABLE
    crc ^= 0xFFFFFFFF
    for x in data:
        crc = t[(crc ^ x) & 0xFF] ^ (crc >> 8)
    return crc ^ 0xFFFFFFFF


class _File:
    # words.dawg open once for every list read from it: the header's fields and the
    # page cache (pages).

    def __init__(self, path, name):
        self.path = path
        self.name = name
        self.users = 0
        self.verified = False
        try:
            self.f = open(path, "rb")
        except OSError:
            raise DictionaryError("Dictionary '%s' is missing: reinstall the game files" % name)
        try:
            self._header()
        except DictionaryError:
            self.close()
            raise

    def _header(self):
        f = self.f
        h = bytearray(HEADER_SIZE)
        try:
            n = f.readinto(h)
            f.seek(0, 2)
            size = f.tell()
        except OSError:
            raise damaged(self.name, "unreadable")
        if n != HEADER_SIZE or h[0:4] != _MAGIC:
            raise damaged(self.name, "not a dictionary file")
        if h[4] != _VERSION:
            raise damaged(self.name, "format version %d, expected %d" % (h[4], _VERSION))
        if crc32(h[0:HEADER_SIZE - 4]) != _u32(h, HEADER_SIZE - 4):
            raise damaged(self.name, "header checksum")
        self.size = _u32(h, 8)
        self.crc = _u32(h, 12)
        if size != self.size:
            raise damaged(self.name, "size %d, expected %d" % (size, self.size))
        if h[5] != len(LISTS):
            raise damaged(self.name, "holds %d lists" % h[5])
        self.min_len = h[6]
        self.max_len = h[7]
        self.counts = [_u32(h, 28 + 4 * i) for i in range(len(LISTS))]
        wbits = h[16]
        hbits = h[17]
        hot_n = _u16(h, 18)
        hot_off = _u32(h, 20)
        root = _u32(h, 24)
        if (wbits > 24 or hbits > 16 or hot_n > (1 << hbits) or self.max_len > dawgwalk.MAX_DEPTH
                or not 1 <= self.min_len <= self.max_len
                or hot_off + 3 * hot_n > size or root >= 8 * size or root < 8 * HEADER_SIZE):
            raise damaged(self.name, "bad header fields")
        self.pages = dawgwalk.Pages(f, size, hot_n, hbits, wbits, root, SLOTS, hot_off, PINNED_PAGES)
        pages = self.pages
        pin = pages.pin
        if pin is None:             # a ROMFS file: read in place, the hot table too
            return
        try:
            f.seek(0)
            ok = f.readinto(pin) == len(pin)
            if ok and hot_off + 3 * hot_n > len(pin):     # the hot table ends past the pin
                f.seek(hot_off)
                ok = f.readinto(pages.hot) == 3 * hot_n
        except OSError:
            raise damaged(self.name, "unreadable")
        if not ok:
            raise damaged(self.name, "hot table")

    def verify(self):
        # Check the CRC-32 of the whole file (one pass through the first cache slot).
        f = self.f
        if self.pages.map is not None:
            if crc32(self.pages.map[HEADER_SIZE:self.size]) != self.crc:
                raise damaged(self.name, "checksum")
            self.verified = True
            return
        crc = 0
        pos = HEADER_SIZE
        buf = self.pages.slots[0]
        self.pages.forget()
        try:
            f.seek(pos)
            while pos < self.size:
                n = f.readinto(buf)
                if not n:
                    break
                crc = crc32(buf[0:n], crc)
                pos += n
        except OSError:
            raise damaged(self.name, "unreadable")
        if pos != self.size or crc != self.crc:
            raise damaged(self.name, "checksum")
        self.verified = True

    def close(self):
        f = self.f
        if f is not None:
            self.f = None
            f.close()
        if _FILES.get(self.path) is self:
            del _FILES[self.path]


_FILES = {}                  # path -> the _File its open lexicons share


class DawgLexicon(dawgwalk.Walks):
    # One list of the on-flash DAWG file.

    def __init__(self, path, name="relaxed", verify=True):
        if name not in LISTS:
            raise ValueError("unknown word list '%s' (known: %s)" % (name, ", ".join(LISTS)))
        self.name = name
        self.path = path
        self._mask = 1 << LISTS.index(name)
        self._file = None
        f = _FILES.get(path)
        if f is None or f.f is None:
            f = _File(path, name)
            _FILES[path] = f
        f.users += 1
        self._file = f
        self.min_len = f.min_len
        self.max_len = f.max_len
        self.count = f.counts[LISTS.index(name)]
        if verify and not f.verified:
            try:
                f.verify()
            except DictionaryError:
                self.close()
                raise

    @property
    def reads(self):
        # Pages read from the file so far (shared by the lists open on it; the bench).
        return self._file.pages.reads() if self._file else 0

    @property
    def lookups(self):
        # Cache lookups so far (a page in place is not looked up; the bench's hit rate).
        return self._file.pages.lookups() if self._file else 0

    def verify(self):
        # Check the CRC-32 of the whole file again.
        self._open()
        self._file.verify()
        return True

    def close(self):
        f = self._file
        if f is not None:
            self._file = None
            f.users -= 1
            if f.users <= 0:
                f.close()

    def __del__(self):          # CPython: no ResourceWarning for a lexicon left open
        self.close()

    def _open(self):
        f = self._file
        if f is None or f.f is None:
            raise DictionaryError("Dictionary '%s' is closed" % self.name)
        return f.pages
