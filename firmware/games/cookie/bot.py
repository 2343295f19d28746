"""Computer players for Cookie Party.

easy   - a child who knows the rules: random layout; takes a wall that encloses a
         cookie some task wants, else a random wall; puts chips next to many walls;
         seldom moves a chip; gives a random chip.
normal - values every free wall by how much it brings the tasks it serves closer
         (nearly done tasks count most), keeps its often rolled chips on the spaces
         with the most valuable free sides, and gives the least useful chip away.
hard   - games/cookie/hardbot.py.
Everything on the boards and the scoreboard is public; neither level looks at the rng
or the forced queue.
"""
from array import array
from games.cookie.data import CHIP_LINES, LINES, SEG_SPACES, SPACE_SEGS
from games.cookie.state import space_name, seg_index, seg_name

LEVELS = ("easy", "normal", "hard")
# chance of rolling v with 2d6, in 36ths
CHANCE_IN_36 = (0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1)


def choose(game, level, rng):
    if level == "hard":
        # (its own module, loaded only when a seat plays it: the console's heap)
        from games.cookie import hardbot
        return hardbot.choose(game, rng)
    g = game
    p = g.seat
    ph = g.phase
    if level == "easy":
        out = g.legal_actions()
        walls = [a for a in out if a[0] == "w"]
        if ph == "place":
            return "random"
        if walls:
            return rng.choice([a for a in walls if _closes(g, p, _seg(a))] or walls)
        if ph == "relocate" or ph == "target":
            # a free space with many walls, better a cookie some task wants
            best = -1
            for s in g.free_spaces(p):
                x = 4 - _nfree(g.walls[p], s) + 2 * (g.kinds[s] != "C" or g.red[s])
                if x > best:
                    best = x
                    out = []
                if x == best:
                    out.append(s)
            return "put " + space_name(rng.choice(out))
        if ph == "move" and rng.randbelow(3):
            return "done"
        return rng.choice(out)
    if ph == "place":
        return "random"
    w = seg_values(g, p)
    k = max(w) // 3    # a drink bar is worth a third of the best wall
    if ph == "walls" or ph == "bonus":
        # no list of action texts: the candidate walls as numbers
        best = -1
        for i in g.free_sides(p, g.space) if ph == "walls" else range(84):
            if not g.walls[p][i] and w[i] * 4 + _closes(g, p, i) > best:
                best = w[i] * 4 + _closes(g, p, i)
                out = i
        return "wall " + seg_name(out)
    free = g.free_spaces(p)
    _tops(g.walls[p], w)
    if ph == "relocate" or ph == "target":
        return "put " + space_name(_best(g.pending[0] if ph == "relocate" else g.moving, free, k) & 63)
    best = 0
    out = "done"
    d = [-1] * 5        # per number of walls: a chip's best worth per 36th
    for s in range(36):
        v = g.chip_at[p][s]
        if v:
            x = _value(v, s, k)
            if ph == "move":
                # the best space for a chip depends on its number of walls only
                if d[CHIP_LINES[v]] < 0:
                    d[CHIP_LINES[v]] = (_best(v, free, k) >> 6) // CHANCE_IN_36[v]
                x = d[CHIP_LINES[v]] * CHANCE_IN_36[v] - x
                if x > best:
                    best = x
                    out = "move %d" % v
            elif out == "done" or x - CHANCE_IN_36[v] * k < best:
                # claim: give the chip that brings least (a missing chip's
                # roll still fills the drink)
                best = x - CHANCE_IN_36[v] * k
                out = "give %d" % v
    return out


def _seg(a):
    a = a.split()
    return seg_index(a[1], int(a[2]), int(a[3]))


def _nfree(w, s):
    # how many of space s's four walls are not drawn yet
    n = 0
    for i in range(4 * s, 4 * s + 4):
        n += not w[SPACE_SEGS[i]]
    return n


def _closes(g, p, i):
    # 1 when wall i encloses a space some task wants (not a plain cookie)
    for s in range(2 * i, 2 * i + 2):
        s = SEG_SPACES[s]
        if s < 36 and not g.crossed[p][s] and (g.kinds[s] != "C" or g.red[s]):
            if _nfree(g.walls[p], s) == 1:
                return 1
    return 0


# Scratch, allocated once: a decision then allocates next to nothing (the
# normal player made 23 KB of lists per decision before, 5 collections).
# (arrays and bytearrays: a list takes 8 bytes an entry on a 64-bit port, 4 on a Pico)
_WALL_VALUE = array("i", range(84))         # seg_values(): the worth of each wall
_NEEDED_WALLS = bytearray(84)               # walls a task still needs (_need() fills the first n)
_LISTED = bytearray(84)                     # 1: that wall is in _NEEDED_WALLS already
_RED_BY_COST = array("H", range(36))        # red spaces still to cross, as free walls * 64 + space
_BEST_SUMS = array("i", range(5 * 36))      # per space: the sums of its 0..4 most valuable free walls
_FREE_WALL_COUNT = bytearray(36)            # per space: how many of its walls are free
_SIDE_VALUES = array("i", range(4))         # one space's free wall values, best first
# the walls of each row and column (rows 0..5, then columns 0..5), each once
LINE_WALLS = []
for _k in range(0, 72, 6):
    _d = []
    for _s in LINES[_k:_k + 6]:
        for _i in SPACE_SEGS[4 * _s:4 * _s + 4]:
            if _i not in _d:
                _d.append(_i)
    LINE_WALLS.append(bytes(_d))
del _k, _d, _s, _i


def _add(w, s, n):
    # append space s's free walls not listed yet to _NEEDED_WALLS[n:]; returns the new n
    for i in range(4 * s, 4 * s + 4):
        i = SPACE_SEGS[i]
        if not w[i] and not _LISTED[i]:
            _LISTED[i] = 1
            _NEEDED_WALLS[n] = i
            n += 1
    return n


def _need(g, p, w, x):
    # the free walls task x still needs: how many, in _NEEDED_WALLS (each once)
    n = 0
    if not x.spaces:
        # a row or column: the one with fewest free walls (the first of those)
        best = None
        for k in LINE_WALLS:
            m = 0
            for i in k:
                m += not w[i]
            if best is None or m < n:
                best, n = k, m
        n = 0
        for i in best:
            if not w[i]:
                _NEEDED_WALLS[n] = i
                n += 1
        return n
    if x.needed < len(x.spaces):
        # red: the cheapest of the red spaces still needed (fewest free
        # walls, then the lowest space)
        m = 0
        for s in x.spaces:
            if not g.crossed[p][s]:
                k = _nfree(w, s) * 64 + s
                i = m
                while i and _RED_BY_COST[i - 1] > k:
                    _RED_BY_COST[i] = _RED_BY_COST[i - 1]
                    i -= 1
                _RED_BY_COST[i] = k
                m += 1
        for i in range(max(0, m - len(x.spaces) + x.needed)):
            n = _add(w, _RED_BY_COST[i] & 63, n)
    else:
        for s in x.spaces:
            n = _add(w, s, n)
    for i in range(n):
        _LISTED[_NEEDED_WALLS[i]] = 0
    return n


def seg_values(g, p):
    # worth of drawing each wall now for seat p (84 ints): every open task
    # spreads points / (need * (need + 1)) over the free walls it still needs,
    # where need = how many walls it still needs
    w = g.walls[p]
    out = _WALL_VALUE
    for i in range(84):
        out[i] = 0
    for t in range(g.nt):
        if g.done[p][t]:
            continue
        n = _need(g, p, w, g.tasks[t])
        if n:
            x = g.next_points(t) * 3600 // (n * (n + 1))
            for i in range(n):
                out[_NEEDED_WALLS[i]] += x
    return out


def _tops(w, x):
    # per space s: _BEST_SUMS[5s + k] = the sum of its k most valuable free walls
    # (wall values x), _FREE_WALL_COUNT[s] = how many are free
    for s in range(36):
        n = 0
        for i in range(4 * s, 4 * s + 4):
            i = SPACE_SEGS[i]
            if not w[i]:
                v = x[i]
                k = n
                while k and _SIDE_VALUES[k - 1] < v:
                    _SIDE_VALUES[k] = _SIDE_VALUES[k - 1]
                    k -= 1
                _SIDE_VALUES[k] = v
                n += 1
        _FREE_WALL_COUNT[s] = n
        v = 0
        _BEST_SUMS[5 * s] = 0
        for k in range(n):
            v += _SIDE_VALUES[k]
            _BEST_SUMS[5 * s + k + 1] = v


def _value(v, s, k):
    # expected worth per round of chip v on space s: its best walls, or all
    # the free walls and a drink bar (k) when it has more lines than walls
    n = CHIP_LINES[v]
    if n <= _FREE_WALL_COUNT[s]:
        return CHANCE_IN_36[v] * _BEST_SUMS[5 * s + n]
    return CHANCE_IN_36[v] * (_BEST_SUMS[5 * s + _FREE_WALL_COUNT[s]] + k)


def _best(v, free, k):
    # the free space where chip v is worth most (the first of equals), as
    # worth * 64 + space
    best = -1
    for s in free:
        x = _value(v, s, k)
        if x > best >> 6:
            best = x * 64 + s
    return best
