"""The console's heap policy, in one place: the firmware, the tools and the tests
that measure heap all call collect_often(), so they measure what a console does."""
import gc


def collect_often():
    """Collect after every 4 KB allocated. Garbage freed early leaves no holes between
    the modules and objects that stay, so the free heap stays in large blocks: on the
    unix port the launcher and then a game need 104 KB this way, 138 KB without.
    CPython has no gc.threshold of this kind; there it only collects now."""
    if hasattr(gc, "threshold"):
        # 4 KB weighed against 8 and 16 KB (2026-11-28, make bench heap: the smallest
        # heap in KB each session completes in, 64-bit unix; "then": the launcher, then
        # the game; "twice": every game in turn, twice):
        #            launcher clever dizzle cookie words | then: clever dizzle cookie words | twice
        #   4 KB       120      78     71     66     93  |        193    195    196    228  |  238
        #   8 KB       121      79     73     68     95  |        195    196    198    228  |  240
        #   16 KB      121      80     73     72     95  |        200    201    203    232  |  240
        # The key fuzz (tests/fuzz.py, 20 x 1,000 keys a game) ran out of memory at the
        # console's 260K with none of them. 16 KB makes keys faster (Clever's median
        # about 70 against 118 ms est. Pico) but needs 1-7 KB more heap: 4 KB stays.
        gc.threshold(4096)
    gc.collect()
