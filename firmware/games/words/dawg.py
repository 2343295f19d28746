"""DawgLexicon: one word list of words.dawg, read in place from flash.

The file is a minimal DAWG (directed acyclic word graph) of the relaxed list whose
word ends carry a mask of the lists holding the word (strict and kids are subsets
of relaxed); tools/build_dictionary.py writes it, docs/dictionary.md has the layout.
Nothing of the graph is loaded into RAM: lookups read 3-byte windows through a
fixed page cache (8 pages of 128 bytes, filled with readinto), so the RAM a lookup
needs does not depend on the size of the dictionary.
"""

try:
    from micropython import const
except ImportError:
    def const(x):
        return x

from games.words.lexbase import LISTS, DictionaryError, Lexicon, _letter_counts, _norm_word

_MAGIC = b"PPDW"
_VERSION = const(1)
HEADER_SIZE = const(44)

_PSHIFT = const(7)                 # cache page = 128 bytes
_PAGE = const(1 << _PSHIFT)
_PMASK = const(_PAGE - 1)
_PSTRIDE = const(_PAGE + 2)        # pages overlap by 2 bytes: a 3-byte window never straddles two
_SLOTS = const(8)                  # direct-mapped cache slots (8 * 130 = 1040 bytes)
_SMASK = const(_SLOTS - 1)

_K_LEAF = const(0)                 # edge kinds (see docs/dictionary.md)
_K_HOT = const(2)
_K_FAR = const(3)


def _damaged(name, why):
    return DictionaryError("Dictionary '%s' is damaged (%s): reinstall the game files" % (name, why))


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
    """CRC-32 (zlib polynomial); the C version where the port has one."""
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


class DawgLexicon(Lexicon):
    """One list of the on-flash DAWG file, read in place through a small page cache."""

    def __init__(self, path, name="relaxed", verify=True):
        if name not in LISTS:
            raise ValueError("unknown word list '%s' (known: %s)" % (name, ", ".join(LISTS)))
        self.name = name
        self.path = path
        self._mask = 1 << LISTS.index(name)
        try:
            f = open(path, "rb")
        except OSError:
            raise DictionaryError("Dictionary '%s' is missing: reinstall the game files" % name)
        self._f = f
        self._buf = bytearray(_SLOTS * _PSTRIDE)
        mv = memoryview(self._buf)
        self._slot = [mv[s * _PSTRIDE:(s + 1) * _PSTRIDE] for s in range(_SLOTS)]
        self._tags = [-1] * _SLOTS
        try:
            self._open_checks()
            if verify:
                self.verify()
        except DictionaryError:
            self.close()
            raise

    # -- file checks ---------------------------------------------------------

    def _open_checks(self):
        f = self._f
        h = bytearray(HEADER_SIZE)
        try:
            n = f.readinto(h)
            f.seek(0, 2)
            size = f.tell()
        except OSError:
            raise _damaged(self.name, "unreadable")
        if n != HEADER_SIZE or h[0:4] != _MAGIC:
            raise _damaged(self.name, "not a dictionary file")
        if h[4] != _VERSION:
            raise _damaged(self.name, "format version %d, expected %d" % (h[4], _VERSION))
        if crc32(h[0:HEADER_SIZE - 4]) != _u32(h, HEADER_SIZE - 4):
            raise _damaged(self.name, "header checksum")
        self._size = _u32(h, 8)
        self._crc = _u32(h, 12)
        if size != self._size:
            raise _damaged(self.name, "size %d, expected %d" % (size, self._size))
        nlists = h[5]
        if nlists != len(LISTS):
            raise _damaged(self.name, "holds %d lists" % nlists)
        self.min_len = h[6]
        self.max_len = h[7]
        self._wbits = h[16]          # far pointer width
        self._hbits = h[17]          # hot-table index width
        self._hot_off = _u32(h, 20)  # byte offset of the hot table (3 bytes per entry)
        self._hot_n = _u16(h, 18)
        self._root = _u32(h, 24)     # bit offset of the root node
        self.count = _u32(h, 28 + 4 * LISTS.index(self.name))
        if self._wbits > 24 or self._hbits > 16 or self.max_len > 31 or self._root >= 8 * size:
            raise _damaged(self.name, "bad header fields")

    def verify(self):
        """Check the CRC-32 of the whole file (one pass in cache-page chunks)."""
        f = self._f
        crc = 0
        pos = HEADER_SIZE
        buf = self._slot[0]
        try:
            f.seek(pos)
            while pos < self._size:
                n = f.readinto(buf)
                if not n:
                    break
                crc = crc32(buf[0:n], crc)
                pos += n
        except OSError:
            raise _damaged(self.name, "unreadable")
        finally:
            self._tags[0] = -1
        if pos != self._size or crc != self._crc:
            raise _damaged(self.name, "checksum")
        return True

    def close(self):
        f = getattr(self, "_f", None)
        if f is not None:
            self._f = None
            f.close()

    def __del__(self):          # CPython: no ResourceWarning for a lexicon left open
        self.close()

    # -- reading -------------------------------------------------------------

    def _load(self, s, pg):
        start = pg << _PSHIFT
        if start >= self._size or self._f is None:
            if self._f is None:
                raise DictionaryError("Dictionary '%s' is closed" % self.name)
            raise _damaged(self.name, "pointer past the end")
        f = self._f
        buf = self._slot[s]
        self._tags[s] = -1
        try:
            f.seek(start)
            n = f.readinto(buf)
        except OSError:
            raise _damaged(self.name, "unreadable")
        if n is None:
            n = 0
        while n < _PSTRIDE:
            buf[n] = 0
            n += 1
        self._tags[s] = pg

    def _win(self, i):
        """24-bit big-endian value of file bytes i, i+1, i+2."""
        pg = i >> _PSHIFT
        s = pg & _SMASK
        if self._tags[s] != pg:
            self._load(s, pg)
        b = self._buf
        k = s * _PSTRIDE + (i & _PMASK)
        return (b[k] << 16) | (b[k + 1] << 8) | b[k + 2]

    def _bits(self, q, n):
        """n-bit value at bit offset q (n <= 24)."""
        if n > 17:
            return (self._bits(q, n - 12) << 12) | self._bits(q + n - 12, 12)
        return (self._win(q >> 3) >> (24 - (q & 7) - n)) & ((1 << n) - 1)

    def _child(self, kind, q, p_node_rest):
        """Bit offset of an edge's child. q: bit offset after the edge header;
        p_node_rest: bit offset of the next edge when this one is not the last."""
        if kind == _K_HOT:
            return self._win(self._hot_off + 3 * self._bits(q, self._hbits)) & 0xFFFFFF
        if kind == _K_FAR:
            return self._bits(q, self._wbits)
        # K_NEXT: the child starts right after this node's last edge
        p = p_node_rest
        if p < 0:
            return q
        hb = self._hbits
        wb = self._wbits
        win = self._win
        while True:
            h = (win(p >> 3) >> (13 - (p & 7))) & 0x7FF
            p += 11 if h & 4 else 9
            k = (h >> 3) & 3
            if k == _K_HOT:
                p += hb
            elif k == _K_FAR:
                p += wb
            if h & 0x400:
                return p

    def contains(self, word):
        w = _norm_word(word)
        if w is None or len(w) < self.min_len or len(w) > self.max_len:
            return False
        win = self._win
        hb = self._hbits
        wb = self._wbits
        p = self._root
        last_i = len(w) - 1
        for i in range(len(w)):
            want = w[i] - 97
            while True:
                h = (win(p >> 3) >> (13 - (p & 7))) & 0x7FF
                letter = (h >> 5) & 31
                kind = (h >> 3) & 3
                q = p + (11 if h & 4 else 9)
                nxt = q
                if kind == _K_HOT:
                    nxt += hb
                elif kind == _K_FAR:
                    nxt += wb
                if letter == want:
                    break
                if letter > want or h & 0x400:
                    return False
                p = nxt
            if i == last_i:
                if not h & 4:
                    return False
                term = 1 | ((h & 3) << 1)
                return (term & self._mask) != 0
            if kind == _K_LEAF:
                return False
            p = self._child(kind, q, -1 if h & 0x400 else nxt)
        return False

    def iter_words_from(self, letters, jokers=0, min_len=3):
        cnt = _letter_counts(letters)
        if jokers < 0:
            raise ValueError("jokers must be >= 0")
        maxd = len(letters) + jokers
        if maxd > self.max_len:
            maxd = self.max_len
        if min_len < 1:
            min_len = 1
        if maxd < min_len:
            return iter(())
        return self._search(cnt, jokers, min_len, maxd)

    def _search(self, cnt, jokers, min_len, maxd):
        mask = self._mask
        tags = self._tags
        buf = self._buf
        hb = self._hbits
        wb = self._wbits
        word = bytearray(maxd)
        pos = [0] * (maxd + 1)        # next edge to read at each depth (-1: node done)
        joker = bytearray(maxd + 1)   # 1 when the letter at that depth is a joker
        pos[0] = self._root
        d = 0
        while True:
            p = pos[d]
            if p < 0:
                # node exhausted: go up and give back the letter that led here
                d -= 1
                if d < 0:
                    return
                if joker[d]:
                    jokers += 1
                else:
                    cnt[word[d] - 97] += 1
                continue
            i = p >> 3                          # inlined self._win(i), for speed
            pg = i >> _PSHIFT
            s = pg & _SMASK
            if tags[s] != pg:
                self._load(s, pg)
            i = s * _PSTRIDE + (i & _PMASK)
            h = ((((buf[i] << 16) | (buf[i + 1] << 8) | buf[i + 2]) >> (13 - (p & 7)))) & 0x7FF
            q = p + (11 if h & 4 else 9)
            kind = (h >> 3) & 3
            nxt = q
            if kind == _K_HOT:
                nxt += hb
            elif kind == _K_FAR:
                nxt += wb
            pos[d] = -1 if h & 0x400 else nxt
            k = (h >> 5) & 31
            if k > 25:
                raise _damaged(self.name, "bad letter")
            if cnt[k]:
                cnt[k] -= 1
                joker[d] = 0
            elif jokers:
                jokers -= 1
                joker[d] = 1
            else:
                continue
            word[d] = 97 + k
            if d + 1 >= min_len and h & 4 and (1 | ((h & 3) << 1)) & mask:
                yield bytes(word[0:d + 1]).decode()
            if kind != _K_LEAF and d + 1 < maxd:
                d += 1
                pos[d] = self._child(kind, q, pos[d - 1])
            else:
                if joker[d]:
                    jokers += 1
                else:
                    cnt[k] += 1
