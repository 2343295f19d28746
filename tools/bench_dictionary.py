"""Sizes and speed of the Word Cards dictionary (firmware/games/words/words.dawg).

    micropython tools/bench_dictionary.py [--quick] [--list NAME]
    micropython -X heapsize=24K tools/bench_dictionary.py --quick     (RAM proof)
    python tools/bench_dictionary.py                                   (CPython, for comparison)

Prints the file size and word counts, the time to open a list (header check, and
the full CRC check), `contains` times over a fixed set of words and non-words, and
`words_from` times for hands of 8 letter cards + 1 joker and of 7 letter cards,
drawn with core.rng from the children's deck letters, both as a list
(words_from) and counted one by one (iter_words_from, nothing kept: the figure
that holds under a small heap). Times are median/max in microseconds. Budgets (docs/dictionary.md): lookup < 2 ms, 8+1 search < 200 ms median
on the MicroPython unix port; file <= 150 KB.

For `make bench` (docs/performance.md): a CALIBRATION line (tools/devtime.py) first
and last, and per list a `SEARCH8J` line for the 8 tiles + 1 joker search the game
runs (iter_words_from): its times (each hand's faster of two runs) and the file
reads each search makes, counted in
a second pass over the same hands on a fresh list (so the page cache goes through
the same states) with the list's file wrapped here, not in the firmware.
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

# letter totals of the 110-card deck (data of the rules spec: blue + red + yellow)
DECK = ("A8 B2 C3 D3 E12 F2 G2 H3 I7 J1 K1 L4 M2 N5 O7 P2 Q1 R5 S6 T6 U3 V1 W2 X1 Y2 Z1")

WORDS = ("cat", "house", "zebra", "shock", "sock", "who", "jumped", "went", "quiz",
         "xylophone", "strength", "ant", "queen", "eat", "walk", "the", "and", "bed",
         "extraordinary", "rhythm", "mississippi", "zzz", "xqz", "london", "paris", "abbr",
         "etc", "catx", "housex", "zebr", "aaa", "qwerty", "jumpe", "walke", "cats",
         "houses", "zebras", "running", "ran", "runs", "bedroom", "kitten", "dog", "dogs")


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


def stats(times):
    t = sorted(times)
    return t[len(t) // 2], t[-1]


def timed(fn, *args):
    t0 = _path.ticks_us()
    r = fn(*args)
    return _path.ticks_diff(_path.ticks_us(), t0), r


class CountingFile:
    """The list's file with its reads counted (seek, tell and close passed on)."""

    def __init__(self, f):
        self.f = f
        self.reads = 0

    def readinto(self, buf):
        self.reads += 1
        return self.f.readinto(buf)

    def read(self, *n):
        self.reads += 1
        return self.f.read(*n)

    def seek(self, *where):
        return self.f.seek(*where)

    def tell(self):
        return self.f.tell()

    def close(self):
        return self.f.close()


def reads_per_search(name, hand_list, jokers):
    """File reads of each search, on a fresh list as the timed pass had it; None if the
    list keeps its file under another name than the DAWG reader's _f."""
    lx = lexicon.open_lexicon(name, verify=False)
    if not hasattr(lx, "_f"):
        lx.close()
        return None
    counter = CountingFile(lx._f)
    lx._f = counter
    reads = []
    for hand in hand_list:
        before = counter.reads
        count_words(lx, hand, jokers)
        reads.append(counter.reads - before)
    lx.close()
    return reads


def search_times(name, hand_list, jokers):
    """Each search's time again, on a fresh list (the page cache as the first pass had it)."""
    lx = lexicon.open_lexicon(name, verify=False)
    times = []
    for hand in hand_list:
        gc.collect()
        t, _n = timed(count_words, lx, hand, jokers)
        times.append(t)
    lx.close()
    return times


def count_words(lx, hand, jokers):
    n = 0
    for _ in lx.iter_words_from(hand, jokers):
        n += 1
    return n


def main(argv):
    quick = "--quick" in argv
    names = lexicon.LISTS
    if "--list" in argv:
        names = (argv[argv.index("--list") + 1],)
    impl = sys.implementation.name
    cal = devtime.calibrate()
    print(cal.line())

    def pico(us):
        """' (est. Pico N ms)' under MicroPython: the factor is the unix port's."""
        if impl != "micropython":
            return ""
        return " (est. Pico %.0f ms)" % devtime.pico_ms(us, cal.us())
    path = lexicon.dictionary_path()
    f = open(path, "rb")
    f.seek(0, 2)
    size = f.tell()
    f.close()
    print("implementation: %s" % impl)
    print("file: %s %d bytes (budget 153600 = 150 KB, all lists together)" % (lexicon.FILENAME, size))
    counts = []
    for nm in lexicon.LISTS:
        lx = lexicon.open_lexicon(nm, verify=False)
        counts.append("%s %d" % (nm, lx.count))
        lx.close()
    print("words: " + ", ".join(counts))
    t_open, lx = timed(lexicon.open_lexicon, names[0], False)
    lx.close()
    t_verify, lx = timed(lexicon.open_lexicon, names[0], True)
    lx.close()
    print("open: %d us%s (header and size), %d us%s (with the CRC of the whole file)" % (
        t_open, pico(t_open), t_verify, pico(t_verify)))
    reps = 1 if quick else 5
    nh = 5 if quick else 40
    for name in names:
        lx = lexicon.open_lexicon(name, verify=False)
        times = []
        found = 0
        for _ in range(reps):
            for w in WORDS:
                gc.collect()
                t, r = timed(lx.contains, w)
                times.append(t)
                found += 1 if r else 0
        med, mx = stats(times)
        print("%-7s contains: n=%d median %d us%s, max %d us%s (%d of %d are words)"
              % (name, len(times), med, pico(med), mx, pico(mx), found // reps, len(WORDS)))
        for label, size_, jok, seed in (("8 tiles + 1 joker", 8, 1, 11), ("7 tiles", 7, 0, 12)):
            for how in ("words_from", "iter_words_from"):
                times = []
                nwords = 0
                err = None
                for hand in hands(nh, size_, seed):
                    gc.collect()
                    try:
                        if how == "words_from":
                            t, r = timed(lx.words_from, hand, jok)
                            n = len(r)
                            r = None
                        else:
                            t, n = timed(count_words, lx, hand, jok)
                    except MemoryError:
                        err = "MemoryError: the result list does not fit the heap (use iter_words_from)"
                        break
                    times.append(t)
                    nwords += n
                if err:
                    print("%-7s %s %s: %s" % (name, how, label, err))
                    continue
                med, mx = stats(times)
                print("%-7s %s %s: n=%d median %d us%s, max %d us%s, %d words per hand"
                      % (name, how, label, nh, med, pico(med), mx, pico(mx), nwords // nh))
                if how == "iter_words_from" and jok:
                    # each hand's faster of two timings (another process may take the CPU)
                    again = search_times(name, hands(nh, size_, seed), jok)
                    med, mx = stats([min(a, b) for a, b in zip(times, again)])
                    reads = reads_per_search(name, hands(nh, size_, seed), jok)
                    rmed, rmx = stats(reads) if reads else (-1, -1)
                    print("SEARCH8J list=%s n=%d median_us=%d max_us=%d reads_median=%d reads_max=%d"
                          % (name, nh, med, mx, rmed, rmx))
        lx.close()
    if impl == "micropython":
        gc.collect()
        print("heap after the runs: %d bytes used, %d free" % (gc.mem_alloc(), gc.mem_free()))
    print(devtime.calibrate().line())


main(sys.argv[1:])
