"""Computer-player decision time and allocation, per game, player count and level.

    python tools/bot_timing.py [--games clever,dizzle,cookie] [--players 2,4]
                               [--levels normal,easy] [--seeds 20]

Plays --seeds whole games (seeds 1..N, every seat at the same level) on the
MicroPython unix port, importing the precompiled firmware as a console does,
under the console's heap policy (core.heap.collect_often: a collection after
every 4 KB allocated) and a HEAP heap cap. Prints per row the decision time
(median, p90, max) in unix-port microseconds and in estimated Pico
milliseconds (x DEVICE_FACTOR), the bytes each decision allocates and the
collections that costs at the 4 KB threshold (bytes // 4096: the unix port
counts no collections itself), and PASS/FAIL against the budget: median <= 100
ms, max <= 500 ms on a Pico. Each decision is made REPEATS times from the same
state and the fastest time kept (the bots are deterministic: the choice must
repeat, or the run stops), so other work on a shared machine inflates little.
Exits 1 if a row fails. docs/clever.md, dizzle.md, cookie.md have the figures.

`micropython tools/bot_timing.py --worker GAME PLAYERS LEVEL SEEDS` is the part
that runs on the unix port: one line `D <us> <bytes>` per decision.
"""
import sys

# A Pico runs MicroPython about 200-270x slower than the unix port here; 300 leaves
# headroom. The one place to change when tools/devtime.py gives a measured model.
DEVICE_FACTOR = 300
BUDGET_MEDIAN_MS = 100
BUDGET_MAX_MS = 500
GC_THRESHOLD = 4096     # core.heap.collect_often: one collection per 4 KB allocated
HEAP = "96K"            # the heap cap of the parity and bench runs
REPEATS = 5             # each decision is timed this often, the fastest kept


def worker(game_id, players, level, seeds):
    """The games selfplay.py plays (same seeds, same bot rng), every decision made
    REPEATS times from the same rng state: one line `D <fastest us> <bytes>` each."""
    import _path
    from core.rng import Rng
    rules, bot = _path.game_modules(game_id)   # applies core.heap.collect_often()
    for seed in range(1, seeds + 1):
        game = rules.Game(players, None, Rng(seed))
        bot_rng = Rng(seed ^ 0x5A5A)
        game.start()
        while not game.is_over():
            state = bot_rng.getstate()
            fastest = nbytes = action = None
            for _ in range(REPEATS):
                bot_rng.setstate(state)
                m0 = _path.mem_total()
                t0 = _path.ticks_us()
                again = bot.choose(game, level, bot_rng)
                us = _path.ticks_diff(_path.ticks_us(), t0)
                if action is None:
                    action, nbytes = again, _path.mem_total() - m0
                elif again != action:
                    raise RuntimeError("%s bot chose %s, then %s from the same state" % (game_id, action, again))
                fastest = us if fastest is None else min(fastest, us)
            print("D %d %d" % (fastest, nbytes))
            game.apply(action)
            game.pop_events()


def pct(sorted_values, p):
    """The p-th percentile (nearest rank) of an ascending list."""
    return sorted_values[min(len(sorted_values) - 1, len(sorted_values) * p // 100)]


def measure(game_id, players, level, seeds):
    """[(us, bytes)] per decision over the seeds, from the unix port."""
    import bench
    rc, out, err = bench.mpy_run(["-X", "heapsize=" + HEAP, "tools/bot_timing.py", "--worker",
                                  game_id, str(players), level, str(seeds)], timeout=3600)
    if rc != 0:
        raise RuntimeError("%s %dp %s failed:\n%s" % (game_id, players, level, (out + err)[-1500:]))
    return [(int(p[1]), int(p[2])) for p in (line.split() for line in out.splitlines()) if p and p[0] == "D"]


def report_row(game_id, players, level, samples):
    us = sorted(s[0] for s in samples)
    by = sorted(s[1] for s in samples)
    med, p90, mx = pct(us, 50), pct(us, 90), us[-1]
    ok = med * DEVICE_FACTOR <= BUDGET_MEDIAN_MS * 1000 and mx * DEVICE_FACTOR <= BUDGET_MAX_MS * 1000
    print("%-7s %dp %-6s %5d | %6d %6d %7d | %7.1f %7.1f %8.1f | %8d %9d | %5d %6d  %s" % (
        game_id, players, level, len(us), med, p90, mx,
        med * DEVICE_FACTOR / 1000.0, p90 * DEVICE_FACTOR / 1000.0, mx * DEVICE_FACTOR / 1000.0,
        pct(by, 50), by[-1], pct(by, 50) // GC_THRESHOLD, by[-1] // GC_THRESHOLD, "PASS" if ok else "FAIL"))
    return ok


def main(argv):
    if argv[:1] == ["--worker"]:
        return worker(argv[1], int(argv[2]), argv[3], int(argv[4]))
    opts = {"--games": "clever,dizzle,cookie", "--players": "2,4", "--levels": "normal,easy", "--seeds": "20"}
    for i in range(0, len(argv), 2):
        if argv[i] not in opts or i + 1 >= len(argv):
            print(__doc__)
            return 2
        opts[argv[i]] = argv[i + 1]
    import bench
    import build
    if not bench.have_micropython():
        print("MicroPython unix port not installed (%s)" % bench.MPY)
        return 1
    build.mpy_tree(bench.MPY_TREE)
    seeds = int(opts["--seeds"])
    print("Bot decisions on the MicroPython unix port (precompiled, heap %s, collect every 4 KB), "
          "%d seeds; Pico ms = unix us x %d / 1000; budget median <= %d ms, max <= %d ms" % (
              HEAP, seeds, DEVICE_FACTOR, BUDGET_MEDIAN_MS, BUDGET_MAX_MS))
    print("game    pl level      n |  unix us: med    p90     max |  Pico ms: med  p90      max |"
          "  bytes: med       max |  GCs: med    max")
    fails = 0
    for game_id in opts["--games"].split(","):
        for players in (int(p) for p in opts["--players"].split(",")):
            for level in opts["--levels"].split(","):
                fails += not report_row(game_id, players, level, measure(game_id, players, level, seeds))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]) or 0)
