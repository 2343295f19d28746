# Computer players for Cookie Party.
#
# easy   - a child who knows the rules: random layout; takes a wall that
#          encloses a cookie some task wants, else a random wall; puts chips
#          next to many walls; seldom moves a chip; gives a random chip.
# normal - values every free wall by how much it brings the tasks it serves
#          closer (nearly done tasks count most), keeps its often rolled chips
#          on the spaces with the most valuable free sides, and gives the least
#          useful chip away.
# Everything on the boards and the scoreboard is public; neither level looks
# at the rng or the forced queue. Comments, not docstrings, and few distinct
# names: MicroPython compiles this file from source in a small heap.
from games.cookie import data as D
from games.cookie.state import SS, SEGSP, space_name, seg_index, seg_name

LEVELS = ("easy", "normal")
# chance of rolling v with 2d6, in 36ths
P36 = (0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1)


def choose(game, level, rng):
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
                x = 4 - _free(g.walls[p], [s], 1) + 2 * (g.kinds[s] != "C" or g.red[s])
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
    w = _tops(g.walls[p], w)
    if ph == "relocate" or ph == "target":
        return "put " + space_name(_best(w, g.pending[0] if ph == "relocate" else g.moving, free, k)[1])
    best = 0
    out = "done"
    d = {}
    for s in range(36):
        v = g.chip_at[p][s]
        if v:
            x = _value(w, v, s, k)
            if ph == "move":
                # the best space for a chip depends on its number of walls only
                if D.CHIP_LINES[v] not in d:
                    d[D.CHIP_LINES[v]] = _best(w, v, free, k)[0] // P36[v]
                x = d[D.CHIP_LINES[v]] * P36[v] - x
                if x > best:
                    best = x
                    out = "move %d" % v
            elif out == "done" or x - P36[v] * k < best:
                # claim: give the chip that brings least (a missing chip's
                # roll still fills the drink)
                best = x - P36[v] * k
                out = "give %d" % v
    return out


def _seg(a):
    a = a.split()
    return seg_index(a[1], int(a[2]), int(a[3]))


def _closes(g, p, i):
    # 1 when wall i encloses a space some task wants (not a plain cookie)
    for s in (SEGSP[2 * i], SEGSP[2 * i + 1]):
        if s < 36 and not g.crossed[p][s] and (g.kinds[s] != "C" or g.red[s]):
            if _free(g.walls[p], [s], 1) == 1:
                return 1
    return 0


def _free(w, x, n=0):
    # the free walls around the spaces x, each once (a crossed space has
    # none left); n: just count them for one space
    out = []
    for s in x:
        for i in range(4):
            i = SS[4 * s + i]
            if not w[i] and i not in out:
                out.append(i)
    return len(out) if n else out


# one list of wall values, reused (fewer allocations on a small heap)
_SV = [0] * 84
# the walls of each row and column (rows 0..5, then columns 0..5)
LINES = [bytes(_free(bytes(84), D.LINES[k:k + 6])) for k in range(0, 72, 6)]


def seg_values(g, p):
    # worth of drawing each wall now for seat p (84 ints): every open task
    # spreads points / (need * (need + 1)) over the free walls it still needs,
    # where need = how many walls it still needs
    w = g.walls[p]
    out = _SV
    for i in range(84):
        out[i] = 0
    for t in range(g.nt):
        if g.done[p][t]:
            continue
        x = g.tasks[t]
        if not x[3]:
            # a row or column: the one with fewest free walls
            d = None
            for k in LINES:
                k = [i for i in k if not w[i]]
                if d is None or len(k) < len(d):
                    d = k
        elif x[1] < len(x[3]):
            # red: the cheapest of the red spaces still needed
            d = [(_free(w, [s], 1), s) for s in x[3] if not g.crossed[p][s]]
            d.sort()
            d = _free(w, [k[1] for k in d[:max(0, len(d) - len(x[3]) + x[1])]])
        else:
            d = _free(w, x[3])
        if d:
            x = g.next_points(t) * 3600 // (len(d) * (len(d) + 1))
            for i in d:
                out[i] += x
    return out


def _tops(w, x):
    # per space: [sum of its best k free walls for k = 0..4] (shorter when the
    # space has fewer free walls), from the wall values x
    out = []
    for s in range(36):
        d = [x[SS[4 * s + i]] for i in range(4) if not w[SS[4 * s + i]]]
        d.sort()
        k = [0]
        while d:
            k.append(k[-1] + d.pop())
        out.append(k)
    return out


def _value(w, v, s, k):
    # expected worth per round of chip v on space s: its best walls, or all
    # the free walls and a drink bar (k) when it has more lines than walls
    x = w[s]
    if D.CHIP_LINES[v] < len(x):
        return P36[v] * x[D.CHIP_LINES[v]]
    return P36[v] * (x[-1] + k)


def _best(w, v, free, k):
    best = (-1, free[0])
    for s in free:
        x = _value(w, v, s, k)
        if x > best[0]:
            best = (x, s)
    return best
