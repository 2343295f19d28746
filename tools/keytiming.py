"""Reading `tools/headless.py --timing` / `--alloc` output: key presses and busy stretches.

Pure functions on the harness's lines (tests/test_bench.py feeds them made-up
output), used by tools/bench.py:

- frames(outs): one Frame per FRAME line of a session's boots, in order, with the
  TIME and ALLOC figures printed before it; a TIME_TAIL / ALLOC_TAIL (the stretch a
  reset cut short) is added to the first frame of the next boot, so "the launcher's
  last frame until the game's first" is one stretch, as a person sees it.
- responses(frames): what each key press caused: the work until its first frame
  (the latency a person feels), and the bytes and collections of the whole
  response, up to the next wait for input.
- stretches(frames): the work done while the screen did not change, between two
  frames that changed it (a frame of 0 bytes changed nothing), waits for input
  excluded, and not while the screen shows the kit's busy mark (core.ui.busy_mark):
  the longest is how long a console can look stuck. A boot's work before its first
  frame always counts: the display's set-up has just cleared the panel.
"""


class Frame:
    __slots__ = ("index", "checksum", "nbytes", "us", "waited", "key", "alloc", "collects", "boot", "busy",
                 "after_us", "after_alloc", "after_collects")

    def __init__(self, index, checksum, nbytes):
        self.index = index          # 1-based, over the whole session
        self.checksum = checksum
        self.nbytes = nbytes        # sent to the display
        self.us = 0                 # work since the last wait or frame (unix port)
        self.waited = 0             # the firmware waited for input since the frame before
        self.key = 0                # a key was pressed since the frame before
        self.alloc = 0              # bytes allocated over the same stretch
        self.collects = 0           # gc.collect() calls the firmware made there
        self.boot = 0               # 1: the first frame after power-on, 2: after a reset
        self.busy = 0               # the frame shows the busy mark
        self.after_us = 0           # work after this frame before the console listened again
        self.after_alloc = 0        # ... its bytes
        self.after_collects = 0     # ... and its gc.collect() calls


def frames(outs):
    """Frames of a session's boots (a list of output texts, one per boot)."""
    out = []
    tail_us = tail_alloc = tail_collects = 0
    for n, text in enumerate(outs):
        pending = None
        first = True
        for line in text.splitlines():
            parts = line.split()
            if not parts:
                continue
            tag = parts[0]
            if tag == "TIME":
                pending = pending or [0, 0, 0, 0, 0, 0]
                pending[0] = int(parts[1])
                pending[1] = int(parts[2])
                pending[2] = int(parts[3])
                pending[5] = int(parts[4]) if len(parts) > 4 else 0
            elif tag == "ALLOC":
                pending = pending or [0, 0, 0, 0, 0, 0]
                pending[3] = int(parts[1])
                pending[4] = int(parts[2])
            elif tag == "FRAME":
                f = Frame(len(out) + 1, parts[2], int(parts[3]))
                if pending is not None:
                    f.us, f.waited, f.key, f.alloc, f.collects, f.busy = pending
                if first:
                    f.boot = 1 if n == 0 else 2
                    f.us += tail_us
                    f.alloc += tail_alloc
                    f.collects += tail_collects
                    tail_us = tail_alloc = tail_collects = 0
                    first = False
                pending = None
                out.append(f)
            elif tag == "AFTER" and out:
                out[-1].after_us = int(parts[1])
            elif tag == "AFTER_ALLOC" and out:
                out[-1].after_alloc = int(parts[1])
                out[-1].after_collects = int(parts[2])
            elif tag == "TIME_TAIL":
                tail_us += int(parts[1])
            elif tag == "ALLOC_TAIL":
                tail_alloc += int(parts[1])
                tail_collects += int(parts[2])
    return out


def merge_alloc(timed, weighed):
    """The timing run's frames with the allocation run's figures: the same key script
    draws the same frames, but in a heap of another size (a screen that shows the free
    memory differs), so they are matched frame by frame; ValueError if their counts differ."""
    if len(timed) != len(weighed):
        raise ValueError("the timing and allocation runs drew %d and %d frames" % (len(timed), len(weighed)))
    for a, b in zip(timed, weighed):
        a.alloc = b.alloc
        a.collects = b.collects
        a.after_alloc = b.after_alloc
        a.after_collects = b.after_collects
    return timed


def fastest(kept, again):
    """Two timing runs of the same script: each frame keeps its smaller time (a run can
    lose the CPU to another process for a moment). kept None: the first run."""
    if kept is None:
        return again
    if [f.checksum for f in kept] != [f.checksum for f in again]:
        raise ValueError("two timing runs of the same keys drew different frames")
    for a, b in zip(kept, again):
        a.us = min(a.us, b.us)
        a.after_us = min(a.after_us, b.after_us)
        a.busy = a.busy and b.busy
    return kept


class Response:
    """A key press: the work until its first frame, and the whole response's figures;
    after_us: the work after its last frame before the console listened again."""
    __slots__ = ("frame", "first_us", "first_bytes", "total_us", "alloc", "collects", "after_us")

    def __init__(self, frame):
        self.frame = frame.index
        self.first_us = frame.us
        self.first_bytes = frame.nbytes
        self.total_us = frame.us
        self.alloc = frame.alloc
        self.collects = frame.collects
        self.after_us = frame.after_us


def responses(frame_list):
    out = []
    current = None
    for f in frame_list:
        if f.key and f.waited:
            current = Response(f)
            out.append(current)
        elif f.waited:
            current = None       # a wait with no key (a WAIT in the script): not a response
        elif current is not None:
            current.total_us += f.us
            current.alloc += f.alloc
            current.collects += f.collects
            current.after_us = f.after_us
        if current is not None and f.after_us:
            current.total_us += f.after_us
            current.alloc += f.after_alloc
            current.collects += f.after_collects
    return out


class Stretch:
    """Work with the screen unchanged, ended by the frame that changed it; or (after 1)
    the work after a frame before the console listened again, the frame already up."""
    __slots__ = ("frame", "us", "nbytes", "boot", "key", "after")

    def __init__(self, frame, us, after=0):
        self.frame = frame.index
        self.us = us
        self.nbytes = 0 if after else frame.nbytes
        self.boot = 0 if after else frame.boot
        self.key = 0 if after else frame.key
        self.after = after


def stretches(frame_list):
    out = []
    acc = 0
    signed = False      # the screen up shows the busy mark
    for f in frame_list:
        if f.boot:
            signed = False  # a boot clears the panel
        acc = f.us if f.waited else acc + f.us
        if f.nbytes > 0:
            if not signed:
                out.append(Stretch(f, acc))
            acc = 0
            signed = bool(f.busy)
        if f.after_us and not f.busy:
            out.append(Stretch(f, f.after_us, after=1))
    return out


def collections_at_policy(nbytes, explicit, threshold=4096):
    """Collections a stretch triggers at the console's gc.threshold(4096): one per
    threshold's worth of allocation (give or take one, by where the counter stood),
    plus the gc.collect() calls made there."""
    return nbytes // threshold + explicit


def median(values):
    s = sorted(values)
    return s[len(s) // 2] if s else 0
