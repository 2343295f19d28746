"""Cookie Party's outside reference player for the strength bench (tools/bench.py,
selfplay level "ref"); never on the console.

It plays as the hard player (firmware/games/cookie/hardbot.py) but works out what a
chip's walls bring the slow, exact way: for every space and every number of walls it
draws them on the board, recounts every open task's need with the rules of
bot._need (the cheapest row or column, the cheapest red spaces, shared walls once)
and takes the change of the task potential. The hard player gets the same figures
from counts kept per task and row/column, with the red task's choice of spaces
checked by one swap; this one is the yardstick that shows what those shortcuts
cost. About 30 times slower than hard. Like it, it reads only public state and
weighs the next roll by its exact chances (no dice are read or rolled).
"""
try:
    import _path  # noqa: F401  (puts firmware/ on sys.path)
except ImportError:
    from tools import _path  # noqa: F401

from games.cookie import bot as B
from games.cookie import hardbot as H
from games.cookie.data import SPACE_SEGS


def potential(g, p, w):
    """sum over seat p's open tasks of points x 3600 / (need + 1), walls w."""
    x = 0
    for t in range(g.nt):
        if not g.done[p][t]:
            x += g.next_points(t) * 3600 // (B._need(g, p, w, g.tasks[t]) + 1)
    return x


def exact_gains(g, p, sv):
    w = g.walls[p]
    base = potential(g, p, w)
    for s in range(36):
        sides = []
        if not g.crossed[p][s]:
            sides = [i for i in SPACE_SEGS[4 * s:4 * s + 4] if not w[i]]
            sides.sort(key=lambda i: -sv[i])     # stable: the first of equals first
        x = 0
        for n in range(1, 5):
            if n <= len(sides):
                w[sides[n - 1]] = 2
                x = potential(g, p, w) - base
            H._GAIN[5 * s + n] = x
        for i in sides:
            w[i] = 0


def choose(game, level, rng):
    return H.choose(game, rng, exact_gains)
