# Reading words.dawg: the page cache (Pages), the walks in native code (find: one word,
# scan: the tile search) and the lexicon methods built on them (Walks); dawg.py opens
# and checks the file. The walks are @micropython.viper: on a Pico the tile search runs about 10x
# faster than the same code as bytecode (figures: docs/dictionary.md). Viper code
# must also be plain Python, the same source in three forms:
# - a port with the native emitter (Pico, the unix port) compiles the decorators;
# - CPython (tests, tools, simulator) runs it as plain Python: the class micropython
#   below makes the decorator a no-op, ptr8/ptr32 plain indexing;
# - a port without the emitter (the browser's WebAssembly port) imports bytecode that
#   tools/build.py compiled with the decorators taken out (mpy-cross cannot compile
#   them without -march), so ptr8/ptr32 are module functions there too.
# So: only non-negative ints below 2**31 in the arrays (ptr32 reads them unsigned on a
# 64-bit port), no int overflow, no floats.
#
# Bit layout of an edge and the file: docs/dictionary.md (format 2). A page of the
# cache is _PAGE bytes of the file at a multiple of _PAGE, followed by the next
# _OVER bytes: an edge's header and pointer (at most 6 bytes on from the byte where
# the edge starts) never straddle two slots.
# pyright: reportAttributeAccessIssue=false
# (the type check, tools/typecheck.py: Walks is a mixin of the lexicon classes: their attributes)
from array import array

try:
    from micropython import const  # pyright: ignore[reportAssignmentType]  -- the CPython fallback below redefines const
except ImportError:
    def const(x):
        return x

from games.words.lexbase import Lexicon, damaged


def ptr8(buf):                      # viper casts: compiled away in native code
    return buf


ptr32 = ptr8


class micropython:                  # noqa: N801
    # Where MicroPython compiles @micropython.viper itself it never looks this up;
    # under CPython (whose `micropython` modules, the simulator's or Adafruit Blinka's,
    # may refuse viper) the decorator leaves the function as it is.
    viper = ptr8


_PAGE_SHIFT = const(9)              # cache pages of 512 bytes
_STRIDE = const(520)                # a slot: the page and the next 8 bytes of the file
_OUT = const(256)                   # words handed over per native call (about 35 words)

# ctx: array('i') of one open file's cache (Pages), shared by its lexicons
_C_ROOT = const(0)                  # bit offset of the root node
_C_HB = const(1)                    # hot-table index width (bits)
_C_WB = const(2)                    # far pointer width (bits)
_C_HOTN = const(3)                  # hot-table entries
_C_MAPEND = const(4)                # pages 1..this are read in place from _IO_MAP (0: none):
                                    # the pinned prefix in RAM, or the whole ROMFS file
_C_CLOCK = const(5)                 # last LRU stamp given
_C_NS = const(6)                    # cache slots (at most 32)
_C_FSIZE = const(7)                 # file size in bytes
_C_TAGS = const(8)                  # per slot: page number + 1 (0: empty)
_C_STAMPS = const(40)               # per slot: LRU stamp
_C_READS = const(72)                # pages read so far (for the bench; wraps at 2**30)
_C_LOOKS = const(73)                # cache lookups so far (the bench's hit rate; wraps too)
_C_SIZE = const(74)

# st: array('i') of one search (_State)
_S_D = const(0)                     # depth
_S_J = const(1)                     # jokers left
_S_MIN = const(2)                   # shortest word to report
_S_MAXD = const(3)                  # deepest level (longest word)
_S_MASK = const(4)                  # list bit of the lexicon
_S_MODE = const(5)                  # _M_* below
_S_OUTN = const(6)                  # bytes written to out
_S_K = const(7)                     # best mode: how many to keep
_S_NTOP = const(8)                  # best mode: how many kept
_S_JW = const(9)                    # best mode: score of a joker
_S_FULL = const(10)                 # best mode: bonus when every tile and joker is used
_S_MUST = const(11)                 # best mode: letter whose tiles must all be used (26: none)
_S_TILES = const(12)                # tiles at the start
_S_NW = const(13)                   # order mode: length of the word to insert into
_S_NBASE = const(14)                # best mode: letters of the base word (0: no base)
_S_KIDM = const(15)                 # best mode: list bits whose words score 1 more (0: none)
_S_POS = const(16)                  # per depth: bit offset of the next edge (0: node done)
_S_JF = const(32)                   # per depth: 1 when a joker stands there
_S_WORD = const(48)                 # per depth: letter 0-25
_S_CNT = const(64)                  # per letter: tiles left; order mode: the word's letters
_S_WT = const(90)                   # per letter: score of a tile (best mode; bits 24-27: the
                                    # base word's tiles of the letter, longest_words); order mode:
                                    # 1 for the letters allowed for the joker
_S_TOP = const(116)                 # best mode: MAX_K entries of _TE ints: score * 16 + length,
_TE = const(4)                      # then the letters 5 bits each, 5 an int (18 ints a word
_S_SIZE = const(132)                # before: longest_words' 31 in 2.8 KB failed a 36 KB heap)
MAX_K = const(4)                    # best_words keeps at most this many
MAX_LIST = const(31)                # longest_words keeps at most this many
_S_BIG = const(240)                 # longest_words' state: _S_TOP + MAX_LIST * _TE
MAX_DEPTH = const(15)               # the longest word the arrays above hold

_M_WORDS = const(0)                 # tiles and jokers; words to out
_M_BEST = const(1)                  # tiles and jokers; the K best scores kept in st
_M_ORDER = const(2)                 # the word at _S_CNT.. in order plus one joker;
                                    # (joker depth, letter) to out
_K_LEAF = const(0)                  # edge kinds: no child,
_K_NEXT = const(1)                  # the child follows this (last) edge,
_K_HOT = const(2)                   # an index into the hot table,
_K_FAR = const(3)                   # a bit offset

_DONE = const(0)                    # what scan returns (find: 0 or more, else minus these)
_FULL = const(1)                    # out is nearly full: take the words, call again
_BAD = const(2)                     # a letter code above 25 or a bad hot index: damaged file
_END = const(3)                     # a pointer past the end of the file: damaged file
_UNREADABLE = const(4)              # the file system failed

# io: a tuple of what the walks call on a cache miss
_IO_MEM = const(0)                  # the bytearray of the cache slots
_IO_SEEK = const(1)                 # the file's seek
_IO_READINTO = const(2)             # the file's readinto
_IO_SLOTS = const(3)                # the slots as memoryviews of mem
_IO_HOT = const(4)                  # the bytearray of the hot table (3 bytes an entry)
_IO_MAP = const(5)                  # the whole file in place (a ROMFS file), else the
                                    # pinned prefix (the file's first pages, in RAM)


@micropython.viper
def find(ctx, word, n: int, io) -> int:
    # List bits (1 relaxed, 2 strict, 4 kids) of the bytes `word` (n >= 1 of them, any
    # case), 0 when it is no word of any list (or holds other than A-Z, a-z); -_BAD, -_END
    # or -_UNREADABLE for a damaged or unreadable file. io = (mem, seek, readinto, slots,
    # hot, map): the cache slots in one bytearray, the file's seek and readinto, the slots
    # as memoryviews of mem, the hot table, the file in place (in the order of _IO_*).
    c = ptr32(ctx)
    w = ptr8(word)
    b = ptr8(io[_IO_MEM])
    t = ptr8(io[_IO_HOT])
    seek = io[_IO_SEEK]
    readinto = io[_IO_READINTO]
    slots = io[_IO_SLOTS]
    ns = c[_C_NS]
    hb = c[_C_HB]
    wb = c[_C_WB]
    clock = c[_C_CLOCK]
    if clock > 0x3FFFFFFF:
        k = 0
        while k < ns:
            c[_C_STAMPS + k] = 0
            k += 1
        clock = 0
    lastpg = 0
    base = 0
    mapend = c[_C_MAPEND]
    inmap = 0
    p = c[_C_ROOT]
    d = 0
    res = 0
    while True:
        i = p >> 3
        pg = (i >> _PAGE_SHIFT) + 1
        if pg != lastpg and pg <= mapend:
            # a file mapped in place (ROMFS): the page is there, no lookup, no read
            if inmap == 0:
                b = ptr8(io[_IO_MAP])
                inmap = 1
            lastpg = pg
            base = 0
        elif pg != lastpg:
            if inmap:
                b = ptr8(io[_IO_MEM])
                inmap = 0
            c[_C_LOOKS] = (c[_C_LOOKS] + 1) & 0x3FFFFFFF
            k = 0
            v = 0
            old = clock + 1
            while k < ns:
                if c[_C_TAGS + k] == pg:
                    break
                if c[_C_STAMPS + k] < old:
                    old = c[_C_STAMPS + k]
                    v = k
                k += 1
            if k == ns:                 # read the page into the least recently used slot
                x = (pg - 1) << _PAGE_SHIFT
                if x >= c[_C_FSIZE]:
                    res = -_END
                    break
                c[_C_TAGS + v] = 0
                try:
                    seek(x)
                    readinto(slots[v])
                except OSError:
                    res = -_UNREADABLE
                    break
                c[_C_READS] = (c[_C_READS] + 1) & 0x3FFFFFFF
                c[_C_TAGS + v] = pg
                k = v
            clock += 1
            c[_C_STAMPS + k] = clock
            lastpg = pg
            base = k * _STRIDE - ((pg - 1) << _PAGE_SHIFT)
        j = base + i
        h = (((b[j] << 24) | (b[j + 1] << 16) | (b[j + 2] << 8) | b[j + 3]) >> (21 - (p & 7))) & 0x7FF
        letter = (h >> 5) & 31
        kind = (h >> 3) & 3
        q = p + 9
        if h & 4:
            q = p + 11
        want = (w[d] | 32) - 97     # lower case; anything but a-z is no word
        if want < 0 or want > 25:
            break
        if letter != want:
            if letter > want or (h & 0x400):
                break                   # res = 0: not in the graph
            p = q
            if kind == _K_HOT:
                p = q + hb
            elif kind == _K_FAR:
                p = q + wb
            continue
        if d == n - 1:
            if h & 4:
                res = 1 | ((h & 3) << 1)
            break
        if kind == _K_LEAF:
            break
        if kind == _K_NEXT:
            p = q
        else:
            j = base + (q >> 3)
            x = (b[j] << 24) | (b[j + 1] << 16) | (b[j + 2] << 8) | b[j + 3]
            if kind == _K_FAR:
                p = (x >> (32 - (q & 7) - wb)) & ((1 << wb) - 1)
            else:
                x = (x >> (32 - (q & 7) - hb)) & ((1 << hb) - 1)
                if x >= c[_C_HOTN]:
                    res = -_BAD
                    break
                j = 3 * x
                p = (t[j] << 16) | (t[j + 1] << 8) | t[j + 2]
        d += 1
    c[_C_CLOCK] = clock
    return res


@micropython.viper
def scan(ctx, st, out, io) -> int:
    # Run (or go on with) the depth-first search set up in st until it is done (_DONE),
    # out is nearly full (_FULL: take the words, set st[_S_OUTN] = 0, call again), or a
    # letter code is out of range (_BAD). Edges are tried in letter order, a real tile
    # before a joker, so each word is met once, in alphabetical order.
    #
    # _M_WORDS writes each word to out as its letters and a space; _M_BEST keeps the _S_K
    # best scores (sum of _S_WT over tiles, _S_JW per joker, _S_FULL when every tile and
    # joker is used; the first of equal scores stays first); _M_ORDER writes
    # [depth of the joker, its letter] for every word that is the _S_NW letters at
    # _S_CNT.. with one letter put in (_S_CNT.. holds the letters allowed for the joker
    # as 1 at _S_WT + letter).
    c = ptr32(ctx)
    s = ptr32(st)
    o = ptr8(out)
    b = ptr8(io[_IO_MEM])
    t = ptr8(io[_IO_HOT])
    seek = io[_IO_SEEK]
    readinto = io[_IO_READINTO]
    slots = io[_IO_SLOTS]
    ns = c[_C_NS]
    hb = c[_C_HB]
    wb = c[_C_WB]
    hotn = c[_C_HOTN]
    clock = c[_C_CLOCK]
    if clock > 0x3FFFFFFF:
        k = 0
        while k < ns:
            c[_C_STAMPS + k] = 0
            k += 1
        clock = 0
    lastpg = 0
    base = 0
    mapend = c[_C_MAPEND]
    inmap = 0
    d = s[_S_D]
    jok = s[_S_J]
    minl = s[_S_MIN]
    maxd = s[_S_MAXD]
    mask = s[_S_MASK]
    mode = s[_S_MODE]
    nw = s[_S_NW]
    on = s[_S_OUTN]
    outcap = int(len(out)) - 34
    ret = _DONE
    while True:
        p = s[_S_POS + d]
        if p == 0:
            # node done: up one level, giving back the tile or joker that led here
            d -= 1
            if d < 0:
                break
            if s[_S_JF + d]:
                jok += 1
            elif mode != _M_ORDER:
                x = _S_CNT + s[_S_WORD + d]
                s[x] = s[x] + 1
            continue
        if on > outcap:
            ret = _FULL
            break
        i = p >> 3
        pg = (i >> _PAGE_SHIFT) + 1
        if pg != lastpg and pg <= mapend:
            # a file mapped in place (ROMFS): the page is there, no lookup, no read
            if inmap == 0:
                b = ptr8(io[_IO_MAP])
                inmap = 1
            lastpg = pg
            base = 0
        elif pg != lastpg:
            if inmap:
                b = ptr8(io[_IO_MEM])
                inmap = 0
            c[_C_LOOKS] = (c[_C_LOOKS] + 1) & 0x3FFFFFFF
            k = 0
            v = 0
            old = clock + 1
            while k < ns:
                if c[_C_TAGS + k] == pg:
                    break
                if c[_C_STAMPS + k] < old:
                    old = c[_C_STAMPS + k]
                    v = k
                k += 1
            if k == ns:                 # read the page into the least recently used slot
                x = (pg - 1) << _PAGE_SHIFT
                if x >= c[_C_FSIZE]:
                    ret = _END
                    break
                c[_C_TAGS + v] = 0
                try:
                    seek(x)
                    readinto(slots[v])
                except OSError:
                    ret = _UNREADABLE
                    break
                c[_C_READS] = (c[_C_READS] + 1) & 0x3FFFFFFF
                c[_C_TAGS + v] = pg
                k = v
            clock += 1
            c[_C_STAMPS + k] = clock
            lastpg = pg
            base = k * _STRIDE - ((pg - 1) << _PAGE_SHIFT)
        j = base + i
        h = (((b[j] << 24) | (b[j + 1] << 16) | (b[j + 2] << 8) | b[j + 3]) >> (21 - (p & 7))) & 0x7FF
        letter = (h >> 5) & 31
        kind = (h >> 3) & 3
        q = p + 9
        if h & 4:
            q = p + 11
        if h & 0x400:
            s[_S_POS + d] = 0
        elif kind == _K_HOT:
            s[_S_POS + d] = q + hb
        elif kind == _K_FAR:
            s[_S_POS + d] = q + wb
        else:
            s[_S_POS + d] = q
        if letter > 25:
            ret = _BAD
            break
        # take a tile (or the word's next letter), else a joker, else skip the edge
        if mode == _M_ORDER:
            x = d - 1 + jok             # the word's next letter (jok: 1 before the joker, 0 after)
            if x < nw and s[_S_CNT + x] == letter:
                s[_S_JF + d] = 0
            elif jok and s[_S_WT + letter]:
                jok = 0
                s[_S_JF + d] = 1
            else:
                continue
        elif s[_S_CNT + letter]:
            s[_S_CNT + letter] = s[_S_CNT + letter] - 1
            s[_S_JF + d] = 0
        elif jok:
            jok -= 1
            s[_S_JF + d] = 1
        else:
            continue
        s[_S_WORD + d] = letter
        d1 = d + 1
        if d1 >= minl and (h & 4) and ((1 | ((h & 3) << 1)) & mask):
            if mode == _M_WORDS:     # the letters and a space: str.split makes the strs in C
                x = 0
                while x < d1:
                    o[on + x] = 97 + s[_S_WORD + x]
                    x += 1
                o[on + d1] = 32
                on += d1 + 1
            elif mode == _M_ORDER:
                if jok == 0:
                    x = 0
                    while s[_S_JF + x] == 0:
                        x += 1
                    o[on] = x
                    o[on + 1] = s[_S_WORD + x]
                    on += 2
            elif s[_S_MUST] > 25 or s[_S_CNT + s[_S_MUST]] == 0:
                sc = 0
                x = 0
                nj = 0
                while x < d1:
                    if s[_S_JF + x]:
                        sc += s[_S_JW]
                        nj += 1
                    else:
                        sc += s[_S_WT + s[_S_WORD + x]] & 0xFFFFFF
                    x += 1
                if jok == 0 and d1 - nj == s[_S_TILES]:
                    sc += s[_S_FULL]
                if s[_S_KIDM] & (1 | ((h & 3) << 1)):
                    sc += 1                     # the word is in the hint list too
                e = s[_S_NTOP]
                if s[_S_NBASE]:                 # the word must hold every letter of the base
                    x = 0
                    while x < 26:
                        v = s[_S_WT + x] >> 24
                        if v:
                            nj = 0
                            while nj < d1:
                                if s[_S_WORD + nj] == x:
                                    v -= 1
                                nj += 1
                            if v > 0:           # it does not: not kept
                                sc = -1
                                x = 26
                        x += 1
                    if sc < 0:
                        e = s[_S_K]
                while e > 0 and sc > (s[_S_TOP + (e - 1) * _TE] >> 4):
                    e -= 1
                if e < s[_S_K]:
                    x = s[_S_NTOP]
                    if x >= s[_S_K]:
                        x = s[_S_K] - 1
                    else:
                        s[_S_NTOP] = x + 1
                    while x > e:                # move the worse entries down one place
                        v = 0
                        while v < _TE:
                            s[_S_TOP + x * _TE + v] = s[_S_TOP + (x - 1) * _TE + v]
                            v += 1
                        x -= 1
                    x = _S_TOP + e * _TE
                    s[x] = (sc << 4) | d1
                    x += 1
                    nj = 0                      # bits in sc so far
                    sc = 0
                    v = 0
                    while v < d1:
                        sc |= s[_S_WORD + v] << nj
                        nj += 5
                        if nj == 25:
                            s[x] = sc
                            x += 1
                            sc = 0
                            nj = 0
                        v += 1
                    if nj:
                        s[x] = sc
        if kind != _K_LEAF and d1 < maxd:
            if kind == _K_NEXT:
                x = q
            else:
                j = base + (q >> 3)
                x = (b[j] << 24) | (b[j + 1] << 16) | (b[j + 2] << 8) | b[j + 3]
                if kind == _K_FAR:
                    x = (x >> (32 - (q & 7) - wb)) & ((1 << wb) - 1)
                else:
                    x = (x >> (32 - (q & 7) - hb)) & ((1 << hb) - 1)
                    if x >= hotn:
                        ret = _BAD
                        break
                    j = 3 * x
                    x = (t[j] << 16) | (t[j + 1] << 8) | t[j + 2]
            d = d1
            s[_S_POS + d] = x
        elif s[_S_JF + d]:
            jok += 1
        elif mode != _M_ORDER:
            s[_S_CNT + letter] = s[_S_CNT + letter] + 1
    if d < 0:                       # done: a further call finds nothing left to do
        d = 0
        s[_S_POS] = 0
    s[_S_D] = d
    s[_S_J] = jok
    s[_S_OUTN] = on
    c[_C_CLOCK] = clock
    return ret


# -- the cache and the searches, in plain Python ------------------------------------
# Few calls and no try blocks on the lookup paths: MicroPython puts the frame of a
# call with more than 11 locals-and-stack slots, or with a try block, on the heap.

def _zeros(n):
    # array('i') of n zeros, built without a list of n items where the port can
    try:
        return array("i", bytes(4 * n))     # MicroPython: the bytes are the items' memory
    except TypeError:                       # CPython
        return array("i", [0] * n)


class _State:
    # The arrays of one search: st (depths, tiles, scores) and out (words found). Each
    # file keeps a spare, lent to whichever search runs (a nested one gets its own).

    def __init__(self, size=_S_SIZE):
        self.st = _zeros(size)
        self.out = bytearray(_OUT)
        self.mv = memoryview(self.out)


class Pages:
    # The hot table (hot), the pinned prefix (pin) and the page cache (mem) of one open
    # file, the walks' cache state (ctx), what they call to read a page (io), the spare
    # search state, and the array insertions answers in. slots[0] also serves as a read
    # buffer (then call forget()). The file's first `pinned` pages (and the 8 bytes over)
    # stay in RAM, read in place like a ROMFS file's: the header, the hot table and the
    # nodes most often reached by a pointer (tools/build_dictionary.py puts them there);
    # the caller reads them into pin, and the hot table into hot when it ends past pin.
    # A file that offers its bytes in place (memoryview(f): a file of a
    # ROMFS image, on a board straight from flash) is read there: no page is ever read
    # but the last (its 8 bytes over the end would be past the file), one cache slot for
    # it, no pin, and the hot table is the file's own.

    def __init__(self, f, size, hot_n, hbits, wbits, root, slots, hot_off, pinned):
        try:
            fmap = memoryview(f)            # VfsRom files; TypeError elsewhere
            if len(fmap) != size:
                fmap = None
        except (TypeError, ValueError, OSError, AttributeError):
            fmap = None
        self.map = fmap
        self.pin = None
        if fmap is not None:
            slots = 1
            self.hot = fmap[hot_off:hot_off + 3 * hot_n]
            mapend = (size - (_STRIDE - (1 << _PAGE_SHIFT))) >> _PAGE_SHIFT
        else:
            n = (pinned << _PAGE_SHIFT) + _STRIDE - (1 << _PAGE_SHIFT)
            if n > size:
                n = size
            self.pin = bytearray(n)
            mapend = (n - (_STRIDE - (1 << _PAGE_SHIFT))) >> _PAGE_SHIFT
            if hot_off + 3 * hot_n <= n:
                self.hot = memoryview(self.pin)[hot_off:hot_off + 3 * hot_n]
            else:
                self.hot = bytearray(3 * hot_n)
        self.mem = bytearray(slots * _STRIDE)
        mv = memoryview(self.mem)
        self.slots = [mv[s * _STRIDE:(s + 1) * _STRIDE] for s in range(slots)]
        c = self.ctx = _zeros(_C_SIZE)
        c[_C_MAPEND] = mapend
        c[_C_ROOT] = root
        c[_C_HB] = hbits
        c[_C_WB] = wbits
        c[_C_HOTN] = hot_n
        c[_C_NS] = slots
        c[_C_FSIZE] = size
        # in the order of _IO_*
        self.io = (self.mem, f.seek, f.readinto, self.slots, self.hot, self.pin if fmap is None else fmap)
        self.spare = _State()
        self.fits = _zeros(26)

    def reads(self):
        return self.ctx[_C_READS]

    def lookups(self):
        return self.ctx[_C_LOOKS]

    def forget(self):
        for s in range(self.ctx[_C_NS]):
            self.ctx[_C_TAGS + s] = 0


def _fail(name, r):
    raise damaged(name, "bad letter or hot-table index" if r == _BAD else
                  "pointer past the end" if r == _END else "unreadable")


class Walks(Lexicon):
    # The lookups and searches of a lexicon on a DAWG file: dawg.DawgLexicon supplies
    # name, min_len, max_len, _mask (its list bit), _file (with .pages) and _open()
    # (the Pages, or DictionaryError when closed).

    def contains(self, word):
        return (self.lists(word) & self._mask) != 0

    def lists(self, word):
        # Every list of the file that holds `word`, as bits (1 relaxed, 2 strict, 4 kids):
        # the same one walk as contains, so why a word is refused costs no more.
        if not isinstance(word, str):
            return 0
        w = word.encode()           # find() lowers the case and refuses other than a-z
        if len(w) < self.min_len or len(w) > self.max_len:
            return 0
        p = self._open()
        r = find(p.ctx, w, len(w), p.io)
        if r < 0:
            _fail(self.name, -r)
        return r

    def _start(self, mode, letters, jokers, min_len, size=_S_SIZE):
        # The file's spare search state (or a new one; a new one of size ints when that is
        # larger), cleared and set up; None when no word can come out. Raises on a closed
        # lexicon or a letter outside a-z.
        if jokers < 0:
            raise ValueError("jokers must be >= 0")
        for ch in letters:
            if not 0 <= (ord(ch) | 32) - 97 <= 25:
                raise ValueError("letters must be a-z, got %r" % ch)
        maxd = len(letters) + jokers
        if maxd > self.max_len:
            maxd = self.max_len
        if min_len < 1:
            min_len = 1
        if maxd < min_len:
            return None
        p = self._open()
        if size > _S_SIZE:
            s = _State(size)        # longest_words: 960 B for the call
        else:
            s = p.spare or _State()
            p.spare = None
            st = s.st
            for i in range(_S_SIZE):
                st[i] = 0
        st = s.st
        for ch in letters:
            st[_S_CNT + (ord(ch) | 32) - 97] += 1
        st[_S_J] = jokers
        st[_S_MIN] = min_len
        st[_S_MAXD] = maxd
        st[_S_MASK] = self._mask
        st[_S_MODE] = mode
        st[_S_MUST] = 26
        st[_S_TILES] = len(letters)
        st[_S_POS] = p.ctx[_C_ROOT]
        return s

    def _run(self, s):
        # One native call; True when the search is done.
        p = self._open()
        r = scan(p.ctx, s.st, s.out, p.io)
        if r > _FULL:
            _fail(self.name, r)
        return r == _DONE

    def _give(self, s):
        f = self._file
        if f is not None and len(s.st) == _S_SIZE:
            f.pages.spare = s

    def iter_words_from(self, letters, jokers=0, min_len=3):
        s = self._start(_M_WORDS, letters, jokers, min_len)
        if s is None:
            return iter(())
        return self._words(s)

    def _words(self, s):
        try:
            st = s.st
            mv = s.mv
            while True:
                done = self._run(s)
                n = st[_S_OUTN]
                st[_S_OUTN] = 0
                if n:
                    # one str of the words, split in C (not a slice and a str each): hand
                    # eilnopst + joker, 1809 words, 2680 -> 2610 us (unix port, fastest of 15)
                    yield from str(mv[0:n], "ascii").split()
                if done:
                    return
        finally:
            self._give(s)

    def best_words(self, letters, jokers, min_len, k, weights, joker_weight, full_bonus=0, must=None):
        if k > MAX_K:
            raise ValueError("best_words keeps at most %d words" % MAX_K)
        s = self._start(_M_BEST, letters, jokers, min_len) if k > 0 else None
        if s is None:
            return []
        st = s.st
        for i in range(26):
            if not 0 <= weights[i] < 1 << 24:
                self._give(s)
                raise ValueError("weights must be 0 .. 2**24 - 1")
            st[_S_WT + i] = weights[i]
        st[_S_K] = k
        st[_S_JW] = joker_weight
        st[_S_FULL] = full_bonus
        if must is not None:
            st[_S_MUST] = (ord(must) | 32) - 97
        return self._top(s)

    def _top(self, s):
        # Run a best-mode search to its end; its kept words as [score, word], best first.
        st = s.st
        while not self._run(s):     # nothing goes to out in this mode
            pass
        top = []
        for e in range(st[_S_NTOP]):
            i = _S_TOP + e * _TE
            n = st[i] & 15
            for j in range(n):      # the word's letters into out, then one str of them
                s.out[j] = 97 + ((st[i + 1 + j // 5] >> (5 * (j % 5))) & 31)
            top.append([st[i] >> 4, str(s.mv[0:n], "ascii")])
        self._give(s)               # (a search that raised leaves the spare to the next one)
        return top

    def longest_words(self, letters, jokers, min_len, k, base="", hint=None):
        # The k (at most MAX_LIST) best words of the search that hold every letter of
        # base, best first, alphabetical among equal scores, as [score, word]: a word
        # scores 2 a letter and 1 more when the list hint (open on the same file; None:
        # no bonus) holds it. What the Find words screen lists (choices.word_list) with
        # no str made for any other word: an 8 + 1 hand that makes 2714 words made 2714
        # strs (106 KB to collect) before. None when hint is a list of another file.
        if k > MAX_LIST:
            raise ValueError("longest_words keeps at most %d words" % MAX_LIST)
        kidm = 0
        if hint is not None:
            if getattr(hint, "_file", None) is not self._file:
                return None
            kidm = hint._mask
        s = self._start(_M_BEST, letters, jokers, min_len, _S_BIG) if k > 0 else None
        if s is None:
            return []
        st = s.st
        for i in range(26):
            st[_S_WT + i] = 2
        st[_S_JW] = 2
        st[_S_K] = k
        st[_S_KIDM] = kidm
        st[_S_NBASE] = len(base)
        for ch in base:
            x = (ord(ch) | 32) - 97
            if not 0 <= x <= 25:
                self._give(s)
                raise ValueError("letters must be a-z, got %r" % ch)
            st[_S_WT + x] += 1 << 24
        return self._top(s)

    def insertions(self, word, letters):
        # The answer is an array the next insertions call on the file reuses: read it
        # before asking again.
        n = len(word)
        s = self._start(_M_ORDER, word, 1, max(n + 1, self.min_len))
        fits = self._open().fits
        for x in range(26):
            fits[x] = 0
        if s is None:               # the word is too long for the list
            return fits
        st = s.st
        st[_S_NW] = n
        for i in range(26):         # the word's letters in order instead of their counts
            st[_S_CNT + i] = (ord(word[i]) | 32) - 97 if i < n else 0
        for ch in letters:
            k = (ord(ch) | 32) - 97
            if 0 <= k <= 25:
                st[_S_WT + k] = 1
        out = s.out
        while True:
            done = self._run(s)
            for i in range(0, st[_S_OUTN], 2):
                p = out[i]
                x = out[i + 1]
                while p and (ord(word[p - 1]) | 32) - 97 == x:     # the first of equal neighbours
                    p -= 1
                fits[x] |= 1 << p
            st[_S_OUTN] = 0
            if done:
                self._give(s)
                return fits
