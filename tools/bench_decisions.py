"""Computer players' decisions, timed and weighed, for `make bench` (tools/bench.py).

    micropython -X heapsize=384K tools/bench_decisions.py GAME --players N --seeds 1-20 [--level normal]
                                  [--repeat 2]
    micropython -X heapsize=16M tools/bench_decisions.py GAME ... --alloc

Plays whole games with computer players only (each seed as tools/selfplay.py plays
it: the same deal, the same bot rng, so both passes below make the same decisions)
and prints one line per game:

    TIMES seed=S us,us,...        each bot.choose() call, in microseconds, under the
                                  console's heap policy (core.heap.collect_often:
                                  a collection every 16 KB allocated) in this heap;
                                  the game is played --repeat times and each decision
                                  keeps its fastest time (another process taking the
                                  CPU in the middle of one would make a false maximum)
    ALLOCS seed=S bytes,...       (--alloc) the bytes each decision allocates,
                                  read as gc.mem_alloc() before and after it with
                                  collection off (garbage is collected between
                                  decisions once less than ALLOC_ROOM is free)

With timing, a CALIBRATION line (tools/devtime.py) comes first and last: the
calibration workload timed in this same interpreter, before and after.
"""
import gc
import sys

try:
    import _path
except ImportError:  # run as `python -m tools.bench_decisions`
    from tools import _path

import devtime
from core.rng import Rng

MAX_ACTIONS = 20000
ALLOC_ROOM = 8 * 1024 * 1024


def usage(msg):
    print("bench_decisions: " + msg)
    print("usage: bench_decisions.py GAME --players N --seeds A-B [--level L] [--alloc]")
    sys.exit(2)


def seed_range(text):
    if "-" in text:
        a, b = text.split("-")
        return range(int(a), int(b) + 1)
    return range(int(text), int(text) + 1)


def play(rules, bot, players, seed, level, measure):
    """One game, computer players only; measure(choose_call) -> a number per decision."""
    game = rules.Game(players, {}, Rng(seed))
    bot_rng = Rng(seed ^ 0x5A5A)   # as tools/selfplay.py: the same decisions
    game.start()
    game.pop_events()
    figures = []
    n = 0
    while not game.is_over():
        seat = game.to_act()
        figure, action = measure(bot, game, level, bot_rng)
        figures.append(figure)
        game.apply(action)
        game.pop_events()
        n += 1
        if n >= MAX_ACTIONS:
            raise RuntimeError("game did not end after %d actions" % n)
        del seat
    return figures


def timed(bot, game, level, rng):
    t0 = _path.ticks_us()
    action = bot.choose(game, level, rng)
    return _path.ticks_diff(_path.ticks_us(), t0), action


def weighed(bot, game, level, rng):
    """(--alloc runs with automatic collection off throughout)"""
    if gc.mem_free() < ALLOC_ROOM:  # pyright: ignore[reportAttributeAccessIssue]  -- runs under MicroPython too (gc.mem_alloc/mem_free are its own)
        gc.collect()
    before = gc.mem_alloc()  # pyright: ignore[reportAttributeAccessIssue]  -- runs under MicroPython too (gc.mem_alloc/mem_free are its own)
    action = bot.choose(game, level, rng)
    return gc.mem_alloc() - before, action  # pyright: ignore[reportAttributeAccessIssue]  -- runs under MicroPython too (gc.mem_alloc/mem_free are its own)


def main(argv):
    if not argv or argv[0].startswith("-"):
        usage("name a game: " + ", ".join(_path.known_games()))
    game_id = argv[0]
    players = None
    seeds = range(1, 2)
    level = "normal"
    alloc = False
    repeat = 1
    i = 1
    while i < len(argv):
        a = argv[i]
        if a == "--alloc":
            alloc = True
            i += 1
            continue
        if i + 1 >= len(argv):
            usage("%s needs a value" % a)
        if a == "--players":
            players = int(argv[i + 1])
        elif a == "--seeds":
            seeds = seed_range(argv[i + 1])
        elif a == "--level":
            level = argv[i + 1]
        elif a == "--repeat":
            repeat = int(argv[i + 1])
        else:
            usage("unknown argument " + a)
        i += 2
    try:
        rules, bot = _path.game_modules(game_id)
    except ValueError as e:
        usage(str(e))
    if players is None:
        players = rules.MIN_PLAYERS
    if not rules.MIN_PLAYERS <= players <= rules.MAX_PLAYERS:
        usage("%s takes %d to %d players" % (game_id, rules.MIN_PLAYERS, rules.MAX_PLAYERS))
    if level not in bot.LEVELS:
        usage("unknown level '%s' (known: %s)" % (level, ", ".join(bot.LEVELS)))
    if not alloc:
        print(devtime.calibrate().line())
    else:
        gc.disable()
    for seed in seeds:
        figures = play(rules, bot, players, seed, level, weighed if alloc else timed)
        for _ in range(repeat - 1 if not alloc else 0):
            again = play(rules, bot, players, seed, level, timed)
            if len(again) != len(figures):
                raise RuntimeError("seed %d played differently the second time" % seed)
            figures = [min(a, b) for a, b in zip(figures, again)]
        print("%s seed=%d %s" % ("ALLOCS" if alloc else "TIMES", seed, ",".join([str(f) for f in figures])))
    if not alloc:
        print(devtime.calibrate().line())


if __name__ == "__main__":
    main(sys.argv[1:])
