# Dizzle's hard computer player: which die to take and where. bot.choose
# imports it only for a hard seat's placement (a game without one never loads
# it: the console has ~190 KB of heap); rolls again, give-backs and planets
# are decided as normal decides them.
# Normal scores each placement on its own. Hard takes normal's TOP best and
# plays the rest of this turn out after each: every player still in takes, in
# turn, the die that fits best next to its dice by normal's field values (one
# who cannot place drops out; nobody rolls again, so no die is made up and
# nothing hidden is read: the dice on the table are public). A placement then
# scores normal's score + MINE x the worth of my later fields this turn -
# THEIRS x the others'. So it keeps its own chain going and takes the dice the
# others need. Tuned in two-player games against normal (seeds 1-300, with
# fields picked by worth alone in the play-outs): TOP 2 / 3 / 4 / 8 won
# 60 / 67 / 71 / 62%; MINE, THEIRS 1,4 / 2,3 / 2,4 / 2,6 / 3,3 / 4,4 won
# 64 / 71 / 70 / 66 / 67 / 65%. STEPS, the dice taken in one play-out, bounds
# the work: at most TOP x STEPS dice taken a decision.
from games.dizzle.sheets import EMPTY, XED, DIE
from games.dizzle import bot

TOP = 4       # placements (normal's best) played out
MINE = 2      # weight of my later fields (normal's own: 4 for the field taken)
THEIRS = 3    # weight of the fields the others take
STEPS = 8     # the work budget: dice taken in one play-out at most (2 players: the whole turn)
_OTHERS = [[0] * 128 for _ in range(3)]   # the others' field values: allocated once
# per seat: _worth() of each field, -1 until asked; kept for the whole decision
# (a field's neighbours as when first asked), not worked out again at every die
# of every play-out: the slowest 4-player decision (seeds 1-20, fastest of 5
# runs, unix port) 1.4 -> 1.2 ms; the same wins against normal (seeds 1001-1400)
_WORTH = [[0] * 128 for _ in range(4)]


def choose(game, rng):
    seat = game.to_act()
    n = game.n
    vals = [None] * n     # each seat's field values; None: takes no more dice this turn
    k = 0
    for q in range(n):
        if q != seat and game.active[q] and game.last < 0:
            v = bot.values(game, q)     # bot's scratch list: copied out
            vals[q] = _OTHERS[k]
            k += 1
            for i in range(game.ncells):
                vals[q][i] = v[i]
    val = vals[seat] = bot.values(game, seat)
    near = None
    if game.opts["cluster"] != "newest":
        # as normal: the fields next to this turn's dice, once
        near = [[], None]
        for i in game.placed[seat]:
            game._around(seat, i, near[0])
    scored = []
    for v, c in game.placements():
        # normal's score, and the rng's tie-break as normal's
        scored.append((bot._place(game, seat, val, v, c, near), rng.randbelow(4), v, c))
    scored.sort(reverse=True)
    # per seat in play: the free fields next to an X (where a first die goes, or
    # one boxed in jumps to), once: the play-outs only take fields away. Worked
    # out in each play-out as needed instead, a 4-player decision took up to 1.5
    # ms; found by field, not by X (no "already in the list?" tests), 1.2 -> 1.0
    firsts = [None] * n
    if game.last < 0 and len(scored) > 1:
        for q in range(n):
            if vals[q] is not None:
                firsts[q] = f = []
                sh = game.sheets[q]
                for i in range(game.ncells):
                    _WORTH[q][i] = -1
                    if sh[i] == EMPTY and game.field_free(q, i):
                        for k in range(4 * i, 4 * i + 4):
                            if game.nb[k] < 255 and sh[game.nb[k]] == XED:
                                f.append(i)
                                break
    best = die = cell = None
    for k in range(min(TOP, len(scored))):
        s, t, v, c = scored[k]
        if game.last < 0 and len(scored) > 1:
            s += _rest_of_turn(game, seat, vals, firsts, v, c)
        if best is None or (s, t) > best:
            best, die, cell = (s, t), v, c
    return "%d@%s" % (die, game.rc(cell))


def _rest_of_turn(game, seat, vals, firsts, v, c):
    # my die v on c, then the turn played out on the game itself (marks and
    # dice put back after): MINE x my later fields' worth - THEIRS x the others'
    pool = game.pool
    n = game.n
    taken = [(seat, c, v)]
    still_in = [vals[q] is not None for q in range(n)]
    score = 0
    q = seat
    pool.remove(v)
    game.sheets[seat][c] = DIE
    game.placed[seat].append(c)
    while pool and len(taken) <= STEPS:
        for _ in range(n):
            q = (q + 1) % n
            if still_in[q]:
                break
        if not still_in[q]:
            break
        w = _best_field(game, q, vals[q], pool, firsts)
        if w < 0:
            still_in[q] = False
            if n > 1 and still_in.count(True) == 1:
                last = still_in.index(True)   # the last one in: one more die (rules.py _next)
                w = _best_field(game, last, vals[last], pool, firsts)
                if w >= 0:
                    score += (MINE if last == seat else -THEIRS) * vals[last][w]
                break
            continue
        d = game.pips[w]
        taken.append((q, w, d))
        pool.remove(d)
        game.sheets[q][w] = DIE
        game.placed[q].append(w)
        score += (MINE if q == seat else -THEIRS) * vals[q][w]
    for q, w, d in taken:
        game.sheets[q][w] = EMPTY
        game.placed[q].pop()
        pool.append(d)
    pool.sort()
    return score


def _best_field(game, q, vals, pool, firsts):
    # the field where q's next die may go (game.targets) that a die on the table
    # fits and _worth rates best, or -1; without building the targets list each
    # time: the fields next to an X (a first die, or boxed in) are firsts[q]
    if game.opts["cluster"] == "newest":
        return _best_of(game, q, vals, pool, game.target_cells(q))
    nb = game.nb
    w = -1
    best = 0
    boxed = True
    for i in game.placed[q]:
        for k in range(4 * i, 4 * i + 4):
            j = nb[k]
            if j < 255 and game.field_free(q, j):
                boxed = False
                if game.pips[j] in pool:
                    x = _worth(game, q, vals, j)
                    if w < 0 or x > best:
                        w = j
                        best = x
    if not boxed:
        return w
    return _best_of(game, q, vals, pool, firsts[q])


def _best_of(game, q, vals, pool, cells):
    # the best of cells still free that a die on the table fits, or -1
    w = -1
    best = 0
    known = _WORTH[q]
    for i in cells:
        if game.sheets[q][i] == EMPTY and game.pips[i] in pool:
            x = known[i]
            if x < 0:
                x = known[i] = _worth(game, q, vals, i)
            if w < 0 or x > best:
                w = i
                best = x
    return w


def _worth(game, q, vals, j):
    # a field as normal rates it first: 4 x its worth + its free neighbours'.
    # Picking by the field's worth alone won 67% against normal, this 74%
    # (seeds 1-400 and 1001-1400)
    x = 4 * vals[j]
    sh = game.sheets[q]
    for k in range(4 * j, 4 * j + 4):
        i = game.nb[k]
        if i < 255 and sh[i] == EMPTY:
            x += vals[i]
    return x
