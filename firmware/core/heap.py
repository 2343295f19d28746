"""The console's heap policy, in one place: the firmware, the tools and the tests
that measure heap all call collect_often(), so they measure what a console does."""
import gc

# gc.threshold: a collection after a sixteenth of the heap allocated, within these
# bounds (see collect_often()): 16 KB in the 260 KB that stand for a Pico's 190 KB on
# the 64-bit unix port (about 12 KB on the Pico itself), 4 KB in a small heap.
THRESHOLD = 16384
THRESHOLD_MIN = 4096
# idle() collects at the wait for a key when more than this was allocated since its
# last collection: 0, any key that allocated at all.
IDLE_BYTES = 0

_HAS_COUNTS = hasattr(gc, "mem_alloc")   # MicroPython; CPython has no such counter
_after = [0]                             # gc.mem_alloc() after idle()'s last collection


def threshold_for(heap_bytes):
    """The collection threshold for a heap of heap_bytes: a sixteenth, 4-16 KB."""
    return max(THRESHOLD_MIN, min(THRESHOLD, heap_bytes // 16))


def collect_often():
    """Collect at every wait for a key (idle()), and within a key's work after every
    sixteenth of the heap allocated (threshold_for). Garbage freed early leaves no
    holes between the modules and objects that stay, so the free heap stays in large
    blocks: on the unix port the launcher and then a game need 104 KB this way, 138 KB
    without.
    CPython has no gc.threshold of this kind; there it only collects now."""
    # The threshold, weighed (make bench heap: the smallest heap in KB each session
    # completes in, 64-bit unix; "then": the launcher, then the game; "twice": every game in turn,
    # twice), 2026-11-28 the thresholds alone, 2026-12-02 with idle():
    #                   launcher clever dizzle cookie words | then: clever dizzle cookie words | twice
    #   4 KB              120      78     71     66     93  |        193    195    196    228  |  238
    #   8 KB              121      79     73     68     95  |        195    196    198    228  |  240
    #   16 KB             121      80     73     72     95  |        200    201    203    232  |  240
    #   4 KB (12-02)      125      79     74     69     96  |        221    223    200    239  |  250
    #   16 KB + idle()    127      83     76     73     98  |        225    227    206    242  |  252
    # 16 KB with idle() costs 2-6 KB of heap against 4 KB (budget 260) and takes the
    # collections out of most keys: Clever Kids' session (make bench keys, est. Pico)
    # median 100 -> 38 ms, 90th percentile 434 -> 109 ms, max 665 -> 302 ms. A
    # fixed 16 KB in a small heap leaves its free memory in pieces: the dictionary's
    # lookups in 36 KB and a linked Word Cards game's peer (tests/test_link_play.py)
    # ran out of memory with it, so the threshold is a share of the heap.
    gc.collect()
    if hasattr(gc, "threshold"):
        gc.threshold(threshold_for(gc.mem_alloc() + gc.mem_free()))  # pyright: ignore[reportAttributeAccessIssue]  -- MicroPython's gc
    if _HAS_COUNTS:
        _after[0] = gc.mem_alloc()  # pyright: ignore[reportAttributeAccessIssue]  -- MicroPython's gc: idle() counts from this collection


def idle():
    """Called where the console waits for a key (core.ui.Ui.wait_key), the new frame
    already sent: collect now, while the person looks at it, so the next key's work
    starts on a clean heap and seldom reaches the threshold itself. A collection takes
    15-60 ms on a Pico (150-240 KB live at 64 bits here; make bench keys, "after"), most
    of a key's budget when it lands inside one; here a key pressed at once waits for it."""
    if _HAS_COUNTS:
        if gc.mem_alloc() - _after[0] > IDLE_BYTES:  # pyright: ignore[reportAttributeAccessIssue]  -- MicroPython's gc
            gc.collect()
            _after[0] = gc.mem_alloc()  # pyright: ignore[reportAttributeAccessIssue]  -- MicroPython's gc
