"""What recording the statistics costs at a game's end, on the MicroPython unix port:

    PP_FIRMWARE=<the .mpy tree> micropython tests/stats_heap.py SAVES_DIR family|worst [once|skip]

A 4-player Word Cards game (the game nearest the heap cap) is played to its end by
computer players and held, as on its end screen; its stats file holds MAX_NAMES names of
NAME_CHARS characters (full_file: a family's, or the largest the bound allows). Then core.stats is loaded, records the
game and is let go, as core.table does. With once or skip, it records once (or not)
and prints DONE: run under ever smaller -X heapsize, it shows whether recording raises
the least heap a game's end needs. Otherwise prints one line:
`STATS held=<bytes live before> code=<bytes the loaded module holds> file=<bytes of the file> need=<the least free
heap, in bytes, with which the recording still succeeds> left=<bytes still held after>`.
"""
import gc
import sys

sys.path.insert(0, "tools")
import _path  # noqa: E402,F401  (the firmware tree on sys.path)
from core.saves import Saves  # noqa: E402
from hal.storage import FileStorage  # noqa: E402
from core.session import load_module, unload  # noqa: E402

SAVES = sys.argv[1]
NAMES = ["Player%02d" % i for i in range(4)]    # names of the keyboard's 8 characters


class Session:
    def __init__(self):
        self.saves = Saves(FileStorage(SAVES))
        self.ui = self

    def message(self, title, body):
        print("TOLD", body)

    def storage_problem(self, what, error):
        print("TOLD", what, error)


def full_file(stats, worst):
    """MAX_NAMES names: at the bound (worst: MAX_KEYS levels and groups each, 3-5 digit
    counts), or as a family's console gets it after a year (three opponent levels, four
    groups as in Dizzle, 2-3 digit counts)."""
    if worst:
        counter = {"p": 999, "w": 999}
        group = {"p": 999, "w": 999, "b": 999}
        entry = {"l": 99999, "p": 999, "w": 999, "b": 999, "t": 99999,
                 "o": dict(("level%d" % i, dict(counter)) for i in range(stats.MAX_KEYS)),
                 "x": dict(("Level %d" % i, dict(group)) for i in range(stats.MAX_KEYS))}
    else:
        entry = {"l": 570, "p": 42, "w": 15, "b": 61, "t": 1480,
                 "o": {"easy": {"p": 16, "w": 9}, "normal": {"p": 14, "w": 4}, "human": {"p": 12, "w": 2}},
                 "x": dict(("Level %d" % i, {"p": 10, "w": 4, "b": 61}) for i in range(1, 5))}
    names = {}
    for i in range(stats.MAX_NAMES):
        names["Player%02d" % i] = entry
    return {"n": 99999, "names": names}


def play():
    """A 4-player Word Cards game of computer players, played to its end (as selfplay.py)."""
    from core.rng import Rng
    rules, bot = _path.game_modules("words")
    game = rules.Game(4, {}, Rng(1))
    bot_rng = Rng(2)
    game.start()
    game.pop_events()
    while not game.is_over():
        game.apply(bot.choose(game, "normal", bot_rng))
        game.pop_events()
    return game


def main():
    session = Session()
    stats = load_module("core.stats")
    session.saves.save(stats.STATS + "words", full_file(stats, len(sys.argv) > 2 and sys.argv[2] == "worst"))
    size = len(session.saves.storage.read(stats.STATS + "words"))
    unload("core.stats")
    stats = None
    held = play()     # the game stays, as on its end screen
    scores = held.scores()
    winners = held.winners()
    kinds = ["human", "easy", "normal", "human"]
    groups = [None] * 4
    if sys.argv[-1] in ("once", "skip"):   # the least heap it all fits in, with or without recording
        if sys.argv[-1] == "once":
            load_module("core.stats").record(session, "words", NAMES, kinds, scores, winners, groups)
            unload("core.stats")
        print("DONE", held.is_over())
        return
    ballast = [None] * 256
    gc.collect()
    base = gc.mem_alloc()       # the game held, as on its end screen, and the harness
    load_module("core.stats")
    gc.collect()
    code = gc.mem_alloc() - base
    unload("core.stats")
    need = None
    lo, hi = 0, 262144      # bisect the least free heap the recording succeeds in
    while hi - lo > 256:
        free = (lo + hi) // 2
        gc.collect()
        n = 0
        chunk = 16384
        while gc.mem_free() > free + 64 and n < len(ballast):
            try:
                ballast[n] = bytearray(max(16, min(chunk, gc.mem_free() - free) - 32))
                n += 1
            except MemoryError:
                chunk //= 2
        try:
            load_module("core.stats").record(session, "words", NAMES, kinds, scores, winners, groups)
            ok = True
        except MemoryError:
            ok = False
        unload("core.stats")
        for i in range(n):
            ballast[i] = None
        if ok:
            hi = need = free
        else:
            lo = free
    gc.collect()
    print("STATS held=%d code=%d file=%d need=%d left=%d" % (base, code, size, need, gc.mem_alloc() - base))


main()
