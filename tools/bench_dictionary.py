"""Sizes and speed of the Word Cards dictionary (words.dawg) and computer player.

    micropython tools/bench_dictionary.py [--quick] [--list NAME] [--seeds N] [--rom IMAGE]
    PP_FIRMWARE=build/mpy micropython -X heapsize=160K tools/bench_dictionary.py
                                        (the precompiled tree, as on a console:
                                         python tools/build.py --mpy-tree build/mpy;
                                         the computer decisions need the 160 KB)
    python tools/bench_dictionary.py    (CPython, for comparison; no allocation figures)

Prints the file size and word counts, the time to open a list, `contains` times,
and for hands of 8 letter cards + 1 joker and of 7 letter cards (drawn with
core.rng from the deck's letters): the full search counted word by word
(iter_words_from, nothing kept) and the best-scoring search the computer player
uses (best_words); then the normal computer player's decisions in whole 2- and
4-player games (all seats normal, --seeds seeds). For each: median and max time
on this port in microseconds with the estimated Pico milliseconds beside it (the
factor of device_factor), the file reads (cache pages) and the bytes allocated
(MicroPython's micropython.mem_total, where the port counts them).

--rom IMAGE: the lists only, read from words.dawg in a ROMFS image mounted at /rom
(vfs.VfsRom; tools/bench.py builds the image), as `make flash ROMFS=1` puts it on a
board: read in place, no page reads (the image takes heap here, flash on a board).

Times are the fastest of REPEAT runs of the same item (the machine is shared:
other processes only ever add time); the cache is warm, as in a game, and the heap
is collected every 16 KB allocated, as on the console (that time is in the figures).
The cost of one page read here is printed too: reads are file-system calls, whose
device price the factor may not fit (tools/devtime.py's model can price them).
Budgets in estimated Pico ms (issue 12): 8 + 1 search max 300 (the best word and
the Find words list; every word is printed for reference); computer decision
median 100, max 500. For `make bench` (docs/performance.md): a CALIBRATION line
(tools/devtime.py) first and last, and per list a SEARCH8J line for the 8 tiles +
1 joker search (times and file reads), a SEARCHBEST line for its best-word search
(the computer player's) and a SEARCHLIST line for the Find words screen's (the 30
longest words, longest_words), each with where=file (the filesystem) or where=romfs.
"""
import sys
import gc

try:
    import _path
except ImportError:  # run as `python -m tools.bench_dictionary`
    from tools import _path

import devtime
from core.rng import Rng
from games.words import lexicon

try:
    from micropython import mem_total  # pyright: ignore[reportAttributeAccessIssue]  -- MicroPython only; the except ImportError is CPython's
except ImportError:
    mem_total = None

REPEAT = 3
DECISIONS_HEAP_KB = 160     # a 4-player game (about 90 KB on the 64-bit port) and the figures
SEARCH_MAX_MS = 300
DECISION_MEDIAN_MS = 100
DECISION_MAX_MS = 500

# letter totals of the 110-card deck (data of the rules spec: blue + red + yellow)
DECK = ("A8 B2 C3 D3 E12 F2 G2 H3 I7 J1 K1 L4 M2 N5 O7 P2 Q1 R5 S6 T6 U3 V1 W2 X1 Y2 Z1")

WORDS = ("cat", "house", "zebra", "shock", "sock", "who", "jumped", "went", "quiz",
         "xylophone", "strength", "ant", "queen", "eat", "walk", "the", "and", "bed",
         "extraordinary", "rhythm", "mississippi", "zzz", "xqz", "london", "paris", "abbr",
         "etc", "catx", "housex", "zebr", "aaa", "qwerty", "jumpe", "walke", "cats",
         "houses", "zebras", "running", "ran", "runs", "bedroom", "kitten", "dog", "dogs")


CALIBRATION = []    # the devtime calibration timed at the start of this run


def pico_ms(us):
    """Estimated Pico (RP2040, 125 MHz) ms of us here: tools/devtime.py's model, with
    the calibration workload timed in this same run."""
    return devtime.pico_ms(us, CALIBRATION[0].us())


def deck_letters():
    out = []
    for item in DECK.split():
        out.extend([item[0].lower()] * int(item[1:]))
    return out


def hands(n, size, seed):
    rng = Rng(seed)
    deck = deck_letters()
    res = []
    for _ in range(n):
        cards = list(deck)
        rng.shuffle(cards)
        res.append("".join(sorted(cards[:size])))
    return res


def stats(values):
    v = sorted(values)
    return v[len(v) // 2], v[-1]


class Meter:
    """Time (fastest of REPEAT), file reads and bytes allocated of one call."""

    def __init__(self, lx):
        self.lx = lx
        self.times = []
        self.reads = []
        self.looks = []
        self.alloc = []

    def run(self, fn, args=(), reset=None):
        """fn(*args) REPEAT times from the same state: the page cache (and what reset()
        puts back) as before the first run, so a repeat is not faster for what the
        first run left in the cache."""
        best = None
        r = None
        pages = self.lx._file.pages if hasattr(self.lx, "_file") else None
        if pages:
            ctx = pages.ctx[:]
            mem = bytes(pages.mem)
        for i in range(REPEAT):
            if pages:
                pages.ctx[:] = ctx
                pages.mem[:] = mem
            if reset:
                reset()
            gc.collect()
            reads = self.lx.reads
            looks = self.lx.lookups
            a = mem_total() if mem_total else 0
            t0 = _path.ticks_us()
            r = fn(*args)
            t = _path.ticks_diff(_path.ticks_us(), t0)
            if i == 0:          # the first run: what a single call reads and allocates
                self.alloc.append((mem_total() - a) if mem_total else 0)
                self.reads.append(self.lx.reads - reads)
                self.looks.append(self.lx.lookups - looks)
            best = t if best is None or t < best else best
        self.times.append(best)
        return r

    def line(self, label, budget_ms=None):
        med, mx = stats(self.times)
        rmed, rmx = stats(self.reads)
        amed, amx = stats(self.alloc)
        verdict = ""
        if budget_ms is not None:
            verdict = "  (budget max %d ms: %s)" % (budget_ms, "ok" if pico_ms(mx) <= budget_ms else "OVER")
        alloc = "alloc %d/%d B" % (amed, amx) if mem_total else "alloc n/a"
        looks = sum(self.looks)
        hits = " (cache hits %.0f%%)" % (100.0 - 100.0 * sum(self.reads) / looks) if looks else ""
        return ("%s: n=%d  median %d us (Pico ~%.0f ms)  max %d us (Pico ~%.0f ms)  reads %d/%d%s  %s%s"
                % (label, len(self.times), med, pico_ms(med), mx, pico_ms(mx), rmed, rmx, hits, alloc, verdict))

    def machine_line(self, tag, name, where):
        med, mx = stats(self.times)
        rmed, rmx = stats(self.reads)
        return ("%s list=%s where=%s n=%d median_us=%d max_us=%d reads_median=%d reads_max=%d"
                % (tag, name, where, len(self.times), med, mx, rmed, rmx))


def count_words(lx, hand, jokers):
    n = 0
    for _ in lx.iter_words_from(hand, jokers):
        n += 1
    return n


TILE = bytes([10] * 26)


def best_word(lx, hand, jokers):
    return lx.best_words(hand, jokers, 3, 1, TILE, 3, 1000)


def held(name, path):
    """Bytes of heap one open list holds (pinned prefix, page cache, search state)."""
    gc.collect()
    a = gc.mem_alloc()  # pyright: ignore[reportAttributeAccessIssue]  -- runs under MicroPython (gc.mem_alloc is its own)
    lx = lexicon.open_lexicon(name, verify=False, path=path)
    gc.collect()
    a = gc.mem_alloc() - a  # pyright: ignore[reportAttributeAccessIssue]  -- runs under MicroPython (gc.mem_alloc is its own)
    lx.close()
    return a


def find_words(lx, hand, jokers, kids):
    """What the Find words screen lists (choices.longest): the 30 longest words."""
    return lx.longest_words(hand, jokers, 3, 31, "", kids)


def bench_lists(names, quick, path=None, where="file"):
    nh = 5 if quick else 40
    if hasattr(gc, "mem_alloc"):
        print("%s: an open list holds %d B of heap (pinned prefix and hot table, page cache, search state)"
              % (where, held(names[0], path)))
    for name in names:
        lx = lexicon.open_lexicon(name, verify=False, path=path)
        kids = lexicon.open_lexicon("kids", verify=False, path=path)
        name = "%s %s" % (name, where)
        m = Meter(lx)
        found = 0
        for w in WORDS:
            found += 1 if m.run(lx.contains, (w,)) else 0
        print(m.line("%-13s contains (%d of %d are words)" % (name, found, len(WORDS))))
        for label, size_, jok, seed in (("8 tiles + 1 joker", 8, 1, 11), ("7 tiles", 7, 0, 12)):
            budget = SEARCH_MAX_MS if jok else None
            m = Meter(lx)
            nwords = 0
            for hand in hands(nh, size_, seed):
                nwords += m.run(count_words, (lx, hand, jok))  # pyright: ignore[reportOperatorIssue]  -- unannotated: run() gives a count here
            # every word: for reference (no screen makes a str of each), no budget
            print(m.line("%-13s %s, every word (%d a hand)" % (name, label, nwords // nh)))
            if jok:     # for make bench (tools/bench_pico.py)
                print(m.machine_line("SEARCH8J", lx.name, where))
            m = Meter(lx)
            for hand in hands(nh, size_, seed):
                m.run(best_word, (lx, hand, jok))
            print(m.line("%-13s %s, best word" % (name, label), budget))
            if jok:
                print(m.machine_line("SEARCHBEST", lx.name, where))
                m = Meter(lx)
                for hand in hands(nh, size_, seed):
                    m.run(find_words, (lx, hand, jok, kids))
                print(m.line("%-13s %s, Find words list" % (name, label), budget))
                print(m.machine_line("SEARCHLIST", lx.name, where))
        kids.close()
        lx.close()


def bench_decisions(seeds, players):
    """The normal computer player's decisions over whole games, every seat normal; each
    decision timed REPEAT times from the same state (the bot's rng restored)."""
    rules, bot = _path.game_modules("words")
    meter = None
    for seed in range(1, seeds + 1):
        game = rules.Game(players, None, Rng(seed))
        lx = game.lexicon()
        game.hint_lexicon()     # the app opens both before play
        if meter is None:
            meter = Meter(lx)
        rng = Rng(seed ^ 0x5A5A)
        game.start()
        game.pop_events()
        n = 0
        while not game.is_over() and n < 20000:
            state = rng.getstate()
            action = meter.run(bot.choose, (game, "normal", rng), lambda: rng.setstate(state))
            game.apply(action)
            game.pop_events()
            n += 1
    med, mx = stats(meter.times)
    ok = pico_ms(med) <= DECISION_MEDIAN_MS and pico_ms(mx) <= DECISION_MAX_MS
    print(meter.line("computer decision, normal, %d players, %d seeds" % (players, seeds))
          + "  (budget median %d / max %d ms: %s)" % (DECISION_MEDIAN_MS, DECISION_MAX_MS,
                                                      "ok" if ok else "OVER"))


def page_read_us(path):
    """What one cache miss costs here: seek and read 520 bytes at offsets all over the file."""
    f = open(path, "rb")
    buf = bytearray(520)
    f.seek(0, 2)
    size = f.tell() - len(buf)
    best = None
    for _ in range(REPEAT):
        t0 = _path.ticks_us()
        for i in range(200):
            f.seek((i * 7919 * 16) % size)
            f.readinto(buf)
        t = _path.ticks_diff(_path.ticks_us(), t0)
        best = t if best is None or t < best else best
    f.close()
    return best / 200.0


def mount_rom(image):
    """The ROMFS image mounted at /rom (vfs.VfsRom over the image in a bytearray);
    the path of words.dawg in it."""
    import os
    import vfs  # pyright: ignore[reportMissingImports]  -- MicroPython's module (runs under the unix port)
    data = bytearray(os.stat(image)[6])
    with open(image, "rb") as f:
        f.readinto(data)
    vfs.mount(vfs.VfsRom(data), "/rom")
    return "/rom/" + lexicon.FILENAME


def main(argv):
    from core.heap import collect_often
    collect_often()         # the console's heap policy: a collection every 16 KB allocated
    quick = "--quick" in argv
    names = lexicon.LISTS
    if "--list" in argv:
        names = (argv[argv.index("--list") + 1],)
    seeds = 3 if quick else 20
    if "--seeds" in argv:
        seeds = int(argv[argv.index("--seeds") + 1])
    impl = sys.implementation.name
    CALIBRATION.append(devtime.calibrate())
    print(CALIBRATION[0].line())
    if "--rom" in argv:
        print("words.dawg in a ROMFS image, read in place; estimated Pico ms = time here x %.0f"
              % devtime.factor(CALIBRATION[0].us()))
        rom = mount_rom(argv[argv.index("--rom") + 1])
        t0 = _path.ticks_us()
        lexicon.open_lexicon(names[0], True, rom).close()
        print("open: %d us (with the CRC of the whole file, in place)" % _path.ticks_diff(_path.ticks_us(), t0))
        bench_lists(names, quick, rom, "romfs")
        print(devtime.calibrate().line())
        return
    path = lexicon.dictionary_path()
    f = open(path, "rb")
    f.seek(0, 2)
    size = f.tell()
    f.close()
    print("implementation: %s; estimated Pico ms = time here x %.0f (tools/devtime.py)" % (
        impl, devtime.factor(CALIBRATION[0].us())))
    print("file: %s %d bytes (budget 153600 = 150 KB, all lists together)" % (lexicon.FILENAME, size))
    counts = []
    for nm in lexicon.LISTS:
        lx = lexicon.open_lexicon(nm, verify=False)
        counts.append("%s %d" % (nm, lx.count))
        lx.close()
    print("words: " + ", ".join(counts))
    t0 = _path.ticks_us()
    lx = lexicon.open_lexicon(names[0], False)
    t_open = _path.ticks_diff(_path.ticks_us(), t0)
    lx.close()
    t0 = _path.ticks_us()
    lx = lexicon.open_lexicon(names[0], True)
    t_verify = _path.ticks_diff(_path.ticks_us(), t0)
    lx.close()
    print("open: %d us (header, pinned prefix, cache), %d us (with the CRC of the whole file)" % (t_open, t_verify))
    print("a page read (seek, 520 bytes): %.1f us here; the reads below at this price are part of"
          " the times" % page_read_us(path))
    bench_lists(names, quick)
    gc.collect()
    if impl == "micropython" and gc.mem_free() + gc.mem_alloc() < (DECISIONS_HEAP_KB - 16) * 1024:  # pyright: ignore[reportAttributeAccessIssue]  -- runs under MicroPython too (gc.mem_alloc/mem_free are its own)
        print("computer decisions: skipped, they need a heap of %d KB (micropython -X heapsize=%dK):"
              " a game takes most of 96 KB, the figures the rest" % (DECISIONS_HEAP_KB, DECISIONS_HEAP_KB))
    else:
        for players in (2, 4):
            bench_decisions(seeds, players)
    if impl == "micropython":
        gc.collect()
        print("heap after the runs: %d bytes used, %d free" % (gc.mem_alloc(), gc.mem_free()))  # pyright: ignore[reportAttributeAccessIssue]  -- runs under MicroPython too (gc.mem_alloc/mem_free are its own)
    print(devtime.calibrate().line())


main(sys.argv[1:])
