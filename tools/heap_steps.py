"""The heap a game holds between its decisions, collected at the top level.

    micropython tools/heap_steps.py GAME --players N [--seed S]
    node web/headless.mjs build/mpy --steps GAME N S      (the 32-bit WebAssembly port)

Why at the top level: the WebAssembly port (npm micropython-webassembly-pyscript)
grows its heap instead of collecting while Python runs (its gc.collect() does
nothing there); it collects only when a call from JavaScript begins, when no C
stack can hold a pointer. So a console session cannot be measured frame by frame
on it. What can be: the resident heap between steps, each step a call of its own.
setup() loads what the console holds while a game is played (the HAL, the session,
the game's app with its rules, bot and views), starts a game of computer players,
and each step() plays one decision; live() is the heap after a collection.
The unix port runs the same steps in one process (its collections work anywhere),
so both ports are measured alike: tools/bench_pico.py prints them side by side.
"""
import gc
import sys

try:
    import _path
except ImportError:  # run as `python -m tools.heap_steps`
    from tools import _path

HELD = ("main", "hal.ssd1306", "hal.buttons", "hal.storage", "hal.power", "hal.sound", "hal.clock",
        "core.session", "core.ui", "core.font", "core.saves", "core.settings")
LAUNCHER = ("core.launcher",)
STATE = {}


def _load(names):
    for name in names:
        try:
            __import__(name)
        except ImportError:
            pass  # a module this port cannot load (none on the unix or WebAssembly ports)


def setup(game_id, players, seed=1):
    """The console's modules, a display buffer and a game of computer players (or, for
    game_id 'launcher', the launcher's modules)."""
    from core.rng import Rng
    _load(HELD)
    STATE["fb"] = bytearray(1024)    # the display's frame buffer
    if game_id == "launcher":
        _load(LAUNCHER)
        STATE["game"] = None
        return
    rules, bot = _path.game_modules(game_id)
    _load(("games.%s.app" % game_id,))
    game = rules.Game(players, {}, Rng(seed))
    game.start()
    game.pop_events()
    STATE["game"] = game
    STATE["bot"] = bot
    STATE["rng"] = Rng(seed ^ 0x5A5A)
    STATE["level"] = bot.LEVELS[-1]


def step():
    """One decision; False once the game is over."""
    game = STATE["game"]
    if game is None or game.is_over():
        return False
    game.apply(STATE["bot"].choose(game, STATE["level"], STATE["rng"]))
    game.pop_events()
    return not game.is_over()


def live():
    gc.collect()
    return gc.mem_alloc()  # pyright: ignore[reportAttributeAccessIssue]  -- runs under MicroPython too (gc.mem_alloc/mem_free are its own)


def main(argv):
    if not argv:
        print("usage: heap_steps.py GAME|launcher --players N [--seed S]")
        sys.exit(2)
    players = 4
    seed = 1
    i = 1
    while i + 1 < len(argv):
        if argv[i] == "--players":
            players = int(argv[i + 1])
        elif argv[i] == "--seed":
            seed = int(argv[i + 1])
        i += 2
    setup(argv[0], players, seed)
    peak = live()
    steps = 0
    while step():
        steps += 1
        peak = max(peak, live())
    print("LIVE peak=%d steps=%d" % (peak, steps))


if __name__ == "__main__":
    main(sys.argv[1:])
