"""Play a whole game with computer players and print a transcript.

    python tools/selfplay.py GAME --players N --seed S [--levels easy,normal,hard,ref]
                             [--opt name=value ...] [--timing]
    micropython -X heapsize=96K tools/selfplay.py GAME ...

One line per action, `#<n> P<seat> <action>`, the game's event texts indented
below it, and a last line `RESULT <json>`. The output is byte-identical under
CPython and MicroPython (tests/test_parity.py holds it to that). --timing adds
a `TIMING` line with bot decision times in microseconds and the bytes each
decision allocates (MicroPython only; 0 under CPython), not compared.
tools/bench_decisions.py (`make bench`, `python tools/bench.py --only decisions`) runs many such games and turns them into device estimates.
"""
import sys

try:
    import _path
except ImportError:  # run as `python -m tools.selfplay`
    from tools import _path

from core.rng import Rng
from core.jsonout import dumps

MAX_ACTIONS = 20000
TIMING_SLOTS = 512  # decision times kept for --timing: allocated once, before the game


class Timing:
    """Decision times and bytes allocated in fixed rings of slots (a growing list would
    need ever larger blocks on a small heap); keeps the exact maxima and the last
    TIMING_SLOTS samples."""

    def __init__(self):
        self.slots = [0] * TIMING_SLOTS
        self.bytes = [0] * TIMING_SLOTS
        self.count = 0
        self.max = 0
        self.max_bytes = 0

    def append(self, us, nbytes=0):
        self.slots[self.count % TIMING_SLOTS] = us
        self.bytes[self.count % TIMING_SLOTS] = nbytes
        self.count += 1
        if us > self.max:
            self.max = us
        if nbytes > self.max_bytes:
            self.max_bytes = nbytes

    def median(self, of=None):
        kept = sorted((self.slots if of is None else of)[:min(self.count, TIMING_SLOTS)])
        return kept[len(kept) // 2] if kept else 0


def usage(msg):
    print("selfplay: " + msg)
    print("usage: selfplay.py GAME --players N --seed S [--levels L1,L2..] [--opt k=v ...] [--timing]")
    sys.exit(2)


def parse_args(argv):
    if not argv or argv[0].startswith("-"):
        usage("name a game: " + ", ".join(_path.known_games()))
    args = {"game": argv[0], "players": None, "seed": 1, "levels": None, "opts": {}, "timing": False}
    i = 1
    while i < len(argv):
        a = argv[i]
        if a == "--timing":
            args["timing"] = True
            i += 1
            continue
        if i + 1 >= len(argv):
            usage("%s needs a value" % a)
        v = argv[i + 1]
        if a == "--players":
            args["players"] = int(v)
        elif a == "--seed":
            args["seed"] = int(v)
        elif a == "--levels":
            args["levels"] = v.split(",")
        elif a == "--opt":
            if "=" not in v:
                usage("--opt takes name=value")
            k, val = v.split("=", 1)
            args["opts"][k] = val
        else:
            usage("unknown argument " + a)
        i += 2
    return args


REFERENCE = "ref"   # the level of tools/ref_<game>.py: the benchmark's outside player


def reference_player(game_id):
    """tools/ref_<game>.py: a stronger, slower player written only for the benchmark
    (make bench strength), never on the console. Its choose(game, level, rng) is
    called as a bot's is."""
    try:
        return __import__("ref_" + game_id)
    except ImportError:
        raise ValueError("no reference player for %s (tools/ref_%s.py)" % (game_id, game_id))


def play(game_id, players, seed, levels=None, opts=None, out=print, timing=None):
    rules, bot = _path.game_modules(game_id)
    if players is None:
        players = rules.MIN_PLAYERS
    if players < rules.MIN_PLAYERS or players > rules.MAX_PLAYERS:
        raise ValueError("%s takes %d to %d players" % (game_id, rules.MIN_PLAYERS, rules.MAX_PLAYERS))
    if not levels:
        levels = ["normal" if "normal" in bot.LEVELS else bot.LEVELS[-1]]
    players_of = {}     # level -> the module whose choose() plays it
    for lv in levels:
        if lv == REFERENCE:
            players_of[lv] = reference_player(game_id)
        elif lv in bot.LEVELS:
            players_of[lv] = bot
        else:
            raise ValueError("unknown level '%s' (known: %s, %s)" % (lv, ", ".join(bot.LEVELS), REFERENCE))
    seat_levels = [levels[i % len(levels)] for i in range(players)]
    game = rules.Game(players, opts, Rng(seed))
    bot_rng = Rng(seed ^ 0x5A5A)
    game.start()
    for ev in game.pop_events():
        out("  . " + ev)
    n = 0
    while not game.is_over():
        seat = game.to_act()
        m0 = _path.mem_total()
        t0 = _path.ticks_us()
        action = players_of[seat_levels[seat]].choose(game, seat_levels[seat], bot_rng)
        if timing is not None:
            us = _path.ticks_diff(_path.ticks_us(), t0)
            timing.append(us, _path.mem_total() - m0)
        game.apply(action)
        n += 1
        out("#%d P%d %s" % (n, seat, action))
        for ev in game.pop_events():
            out("  . " + ev)
        if n >= MAX_ACTIONS:
            raise RuntimeError("game did not end after %d actions" % n)
    result = {"game": game_id, "players": players, "seed": seed, "levels": seat_levels,
              "actions": n, "scores": game.scores(), "winners": game.winners()}
    out("RESULT " + dumps(result))
    return result


def main(argv):
    args = parse_args(argv)
    timing = Timing() if args["timing"] else None
    try:
        play(args["game"], args["players"], args["seed"], args["levels"], args["opts"], print, timing)
    except ValueError as e:
        usage(str(e))
    if timing is not None and timing.count:
        print("TIMING decisions=%d median_us=%d max_us=%d median_bytes=%d max_bytes=%d" % (
            timing.count, timing.median(), timing.max, timing.median(timing.bytes), timing.max_bytes))


if __name__ == "__main__":
    main(sys.argv[1:])
