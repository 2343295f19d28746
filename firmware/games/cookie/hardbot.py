"""Cookie Party's hard computer player. games.cookie.bot.choose imports this module only
for a "hard" seat, so a game without one never loads it.

normal values every wall on its own (a task's points spread over the walls it still
needs) and a chip by the sum of its best walls; hard values what a chip would draw *as a
whole*: the task potential sum(points / (need + 1)) before and after its walls, for every
space and every number of walls (one wall serving a task that needs two is worth less
than two walls finishing it: normal's sum misses that, and misses that a row or column is
the cheapest one of twelve). Walls a chip cannot draw (its space has fewer free sides than
its number) are worth nothing: normal counted a third of its best wall for the drink bar
they bring, and putting chips where they lose walls cost it more than the drink gave back
(hard with that one change alone won 61% of 300 games against normal; with the whole
potential 68.2% of the bench's 500, see docs/cookie.md).

Everything it reads is public (boards, scoreboard); the next roll is not sampled but
weighed exactly (the chance of each sum), so it uses no randomness at all and never looks
at the game's rng or forced values. Work per decision is fixed: at most 36 spaces x 4
walls x (tasks + lines), no search; scratch arrays are allocated once.
"""
from array import array
from games.cookie import bot
from games.cookie.bot import CHANCE_IN_36
from games.cookie.data import CHIP_LINES, SPACE_SEGS
from games.cookie.state import space_name, seg_name

_TASK_NEED = array("i", range(16))          # per task: free walls it still needs (0: done)
_TASK_NEEDS_WALL = bytearray(16 * 84)       # [84 t + i] = 1: task t needs wall i
_TASK_POINTS = array("i", range(16))        # per task: its points x 3600
_TASK_POTENTIAL = array("i", range(16))     # per task: its potential now, points x 3600 // (need + 1)
_TASK_DRAWN = bytearray(16)                 # per task: its walls among those drawn so far
_LINE_FREE = bytearray(12)                  # per row (0-5) / column (6-11): its free walls
_GAIN = array("i", range(5 * 36))           # [5 s + n]: what n walls drawn at space s bring
# 1: a wall of a red space (not crossed) that the red task's cheapest choice
# of spaces left out: drawing one may make another choice cheaper (_swap)
_RED_LEFT_OUT = bytearray(84)
_RED_CHOSEN = bytearray(36)                 # 1: a red space among the cheapest (chosen) ones
_SIDES_BY_VALUE = bytearray(4)              # a space's free sides, most valuable first
# _WALL_LINES[3 i:3 i + 3]: the rows and columns wall i is a wall of (255: none)
_WALL_LINES = bytearray(b"\xff" * 252)
for _k in range(12):
    for _i in bot.LINE_WALLS[_k]:
        _j = 3 * _i
        while _WALL_LINES[_j] != 255:
            _j += 1
        _WALL_LINES[_j] = _k
del _k, _i, _j


def _values(g, p):
    # normal's wall values (bot.seg_values), and for each task the walls it
    # still needs (_TASK_NEED, _TASK_NEEDS_WALL): the same loop, keeping what
    # it finds
    w = g.walls[p]
    out = bot._WALL_VALUE
    for i in range(84):
        out[i] = 0
    for t in range(g.nt):
        _TASK_NEED[t] = 0
        i = 84 * t
        _TASK_NEEDS_WALL[i:i + 84] = bot._LISTED    # (all zero: _need leaves it clear)
        if g.done[p][t]:
            continue
        n = _TASK_NEED[t] = bot._need(g, p, w, g.tasks[t])
        if n:
            x = g.next_points(t) * 3600 // (n * (n + 1))
            for k in range(n):
                out[bot._NEEDED_WALLS[k]] += x
                _TASK_NEEDS_WALL[i + bot._NEEDED_WALLS[k]] = 1
    return out


def _gains(g, p, sv):
    # _GAIN[5 s + n] = the rise of the task potential, sum over open tasks of
    # points * 3600 // (need + 1), when n walls are drawn at space s (its n
    # most valuable free sides; all of them when it has fewer)
    w = g.walls[p]
    cr = g.crossed[p]
    nt = g.nt
    line = red = -1
    for t in range(nt):
        x = g.tasks[t]
        if _TASK_NEED[t] and not x.spaces:
            line = t
        elif _TASK_NEED[t] and x.needed < len(x.spaces):
            red = t
        _TASK_POINTS[t] = g.next_points(t) * 3600
        _TASK_POTENTIAL[t] = _TASK_POINTS[t] // (_TASK_NEED[t] + 1)
    for i in range(84):
        _RED_LEFT_OUT[i] = 0
    for i in range(36):
        _RED_CHOSEN[i] = 0
    if red >= 0:
        # the walls of the red spaces the cheapest choice left out: drawing
        # one may make another choice cheaper (then _swap says by how much);
        # walls of the chosen spaces only bring the need down by one each.
        # (Recounting the red task with _need at every step instead: 42 _need
        # calls a decision, about 1 ms more on the unix port; now 11, the
        # same strength: 197 against 202 of 300 games won, within noise)
        for k in g.tasks[red].spaces:
            if not cr[k]:
                for i in range(4 * k, 4 * k + 4):
                    i = SPACE_SEGS[i]
                    _RED_LEFT_OUT[i] = not _TASK_NEEDS_WALL[84 * red + i]
                    _RED_CHOSEN[k] = _TASK_NEEDS_WALL[84 * red + i] or _RED_CHOSEN[k]
    low = 99
    for k in range(12):
        n = 0
        for i in bot.LINE_WALLS[k]:
            n += not w[i]
        _LINE_FREE[k] = n
        if n < low:
            low = n
    for s in range(36):
        m = 0
        if not cr[s]:
            for i in range(4 * s, 4 * s + 4):
                i = SPACE_SEGS[i]
                if not w[i]:
                    k = m
                    while k and sv[_SIDES_BY_VALUE[k - 1]] < sv[i]:
                        _SIDES_BY_VALUE[k] = _SIDES_BY_VALUE[k - 1]
                        k -= 1
                    _SIDES_BY_VALUE[k] = i
                    m += 1
        for t in range(nt):
            _TASK_DRAWN[t] = 0
        x = 0
        r = 0
        for n in range(m):
            i = _SIDES_BY_VALUE[n]
            for t in range(nt):
                _TASK_DRAWN[t] += _TASK_NEEDS_WALL[84 * t + i]
            for k in range(3 * i, 3 * i + 3):
                if _WALL_LINES[k] < 12:
                    _LINE_FREE[_WALL_LINES[k]] -= 1
            r |= _RED_LEFT_OUT[i]
            x = 0
            for t in range(nt):
                if _TASK_DRAWN[t] and t != line:
                    x += _TASK_POINTS[t] // (_TASK_NEED[t] - _TASK_DRAWN[t] + 1) - _TASK_POTENTIAL[t]
            if r:
                # a left-out red space got cheaper than the dearest chosen
                # one: swapping them saves the difference (shared walls aside)
                k = _swap(g, p, w, red, n + 1)
                if k:
                    x += (_TASK_POINTS[red] // (_TASK_NEED[red] - _TASK_DRAWN[red] - k + 1)
                          - _TASK_POINTS[red] // (_TASK_NEED[red] - _TASK_DRAWN[red] + 1))
            if line >= 0:
                x += _TASK_POINTS[line] // (min(_LINE_FREE) + 1) - _TASK_POTENTIAL[line]
            _GAIN[5 * s + n + 1] = x
        for n in range(m, 4):
            _GAIN[5 * s + n + 1] = x
        for n in range(m):
            i = _SIDES_BY_VALUE[n]
            for k in range(3 * i, 3 * i + 3):
                if _WALL_LINES[k] < 12:
                    _LINE_FREE[_WALL_LINES[k]] += 1


def _swap(g, p, w, t, n):
    # how many fewer walls the red task t needs when the first n walls of
    # _SIDES_BY_VALUE are drawn, beyond those of its chosen spaces: the dearest chosen
    # space against the cheapest left-out one, both counted after the walls
    for j in range(n):
        w[_SIDES_BY_VALUE[j]] = 2
    hi = 0
    lo = 99
    for s in g.tasks[t].spaces:
        if not g.crossed[p][s]:
            m = bot._nfree(w, s)
            if _RED_CHOSEN[s]:
                hi = max(hi, m)
            else:
                lo = min(lo, m)
    for j in range(n):
        w[_SIDES_BY_VALUE[j]] = 0
    return hi - lo if hi > lo else 0


class _Seen:
    """The board _GAIN was worked out for: copies of a seat's walls, crosses and tasks done,
    of the scoreboard's slots, and the function that filled _GAIN."""
    __slots__ = ("walls", "crossed", "done", "level", "gains")

    def __init__(self):
        self.walls = self.crossed = self.done = self.level = bytearray(0)   # no board yet
        self.gains = None

    def same(self, g, p, gains):
        """True when _GAIN was worked out, the same way (gains), for this very board: a chip
        picked to move and then placed, or a second claim, asks about the same walls,
        crosses, tasks and slots again (all that _GAIN depends on: the side's printed walls
        tell the sides apart; the chips do not count). Copies, not the game: a finished
        game is not kept alive. A miss keeps new copies. (Median decision 428 -> 86 us on
        the unix port, 2 players, 20 seeds: most decisions are now a wall or a placement
        after a pick.)"""
        if self.walls == g.walls[p] and self.crossed == g.crossed[p] and self.done == g.done[p] \
                and self.level == g.level and self.gains is gains:
            return True
        self.walls = bytearray(g.walls[p])
        self.crossed = bytearray(g.crossed[p])
        self.done = bytearray(g.done[p])
        self.level = bytearray(g.level)
        self.gains = gains
        return False


_SEEN = _Seen()


def _value(v, s):
    # chip v on space s: its chance (36ths) times what its walls bring
    return CHANCE_IN_36[v] * _GAIN[5 * s + CHIP_LINES[v]]


def _best(v, free):
    # the free space where chip v brings most (the first of equals)
    best = -1
    out = -1
    for s in free:
        x = _GAIN[5 * s + CHIP_LINES[v]]
        if x > best:
            best = x
            out = s
    return out


def choose(g, rng, gains=None):
    # (gains: another way to fill _GAIN, for tools/ref_cookie.py)
    p = g.seat
    ph = g.phase
    if ph == "place":
        return "random"
    w = _values(g, p)
    k = max(w) // 3    # a drink bar is worth a third of the best wall (claims)
    if ph == "walls" or ph == "bonus":
        best = -1
        for i in g.free_sides(p, g.space) if ph == "walls" else range(84):
            if not g.walls[p][i] and w[i] * 4 + bot._closes(g, p, i) > best:
                best = w[i] * 4 + bot._closes(g, p, i)
                out = i
        return "wall " + seg_name(out)
    free = g.free_spaces(p)
    gains = gains or _gains
    if not _SEEN.same(g, p, gains):
        gains(g, p, w)
    if ph == "relocate" or ph == "target":
        return "put " + space_name(_best(g.pending[0] if ph == "relocate" else g.moving, free))
    best = 0
    out = "done"
    for s in range(36):
        v = g.chip_at[p][s]
        if v:
            x = _value(v, s)
            if ph == "move":
                x = _value(v, _best(v, free)) - x if free else 0
                if x > best:
                    best = x
                    out = "move %d" % v
            elif out == "done" or x - CHANCE_IN_36[v] * k < best:
                best = x - CHANCE_IN_36[v] * k
                out = "give %d" % v
    return out
