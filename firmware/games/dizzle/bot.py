"""Dizzle computer players.

easy   - a child who knows the rules: any die that fits, likes pictures, rolls again
         now and then.
normal - scores each legal placement: what the field is worth (gems, puzzles, rows,
         columns, flags, keys, rockets, bombs against the others, brown piles), what
         lies next to it, and how many dice on the table would still fit after it;
         rolls again only on good odds.
hard   - (hardbot.py) normal's best few placements, each followed by the rest of the
         turn played out: keeps its chain going, takes the dice the others need;
         otherwise as normal.
Everything on a Dizzle table is public; the bots read the game state and never touch
game.rng (only the rng passed in).
"""
from games.dizzle.sheets import EMPTY, XED, DIE, BOOM

LEVELS = ("easy", "normal", "hard")
_VAL = [0] * 128       # scratch for values(), big enough for any sheet


def choose(game, level, rng):
    acts = game.legal_actions()
    if len(acts) < 2:
        return acts[0]
    if level == "hard" and game.phase == "take" and acts[0] != "drop":
        from games.dizzle import hardbot   # only for a hard seat: heap (hardbot.py)
        return hardbot.choose(game, rng)
    seat = game.to_act()
    ph = game.phase
    if ph == "take" and acts[0] == "drop":
        # nothing fits: roll again (at most 2 / 3 times a turn) or drop out
        if level == "easy":
            if game.rerolls[seat] < 2 and (not game.placed[seat] or rng.randbelow(3) == 0):
                return "roll"
        elif game.rerolls[seat] < 3 and (not game.placed[seat] or _chance(game, seat) >= 550):
            return "roll"
        return "drop"
    if level == "easy":
        if ph == "take":
            # half the time a field with a picture on it, if there is one
            s = [a for a in acts if game.syms[_cell(game, a)] not in (46, 126)]
            if s and rng.randbelow(2) == 0:
                return rng.choice(s)
        return rng.choice(acts)
    val = values(game, seat)
    sh = game.sheets[seat]
    best = near = None
    if ph == "take" and game.opts["cluster"] != "newest":
        # the fields next to this turn's dice, once: a die on c adds only
        # c's own neighbours to them (the "newest" rule regroups: long way)
        near = [[], None]
        for i in game.placed[seat]:
            game._around(seat, i, near[0])
    for a in acts:
        c = _cell(game, a)
        if ph == "take":
            k = _place(game, seat, val, int(a[0]), c, near)
        elif ph == "back":
            # give back the die worth least (its field valued as if empty)
            sh[c] = EMPTY
            k = -values(game, seat)[c]
            sh[c] = DIE
        else:
            # a planet: field values within 3 steps over empty fields
            s = [c]
            t = [c]                     # the ring of fields k steps away
            for _ in range(3):
                t = [j for i in t for j in game.nbrs(i) if sh[j] == EMPTY and j not in s]
                s += t
            k = sum(val[i] for i in set(s))
        k = (k, rng.randbelow(4) if ph == "take" else 0, a)
        if best is None or k > best:
            best = k
    return best[2]


def _cell(game, action):
    r, c = action.split("@")[1].split(",")    # counted from 1
    return (int(r) - 1) * game.cols + int(c) - 1


def values(game, seat):
    # worth (tenths of a point) of crossing each empty field of seat's sheet
    sh = game.sheets[seat]
    level_sheet = game.level_sheet
    n = game.n
    o = game.opts
    rnd = game.round_no()
    val = _VAL            # reused: no big allocation per decision
    for i in range(game.ncells):
        s = game.syms[i]
        val[i] = 3 + (10 * (s - 48) if 48 < s < 52 else 0)
    # puzzles, rows, columns: share the bonus over the empty fields left.
    # Index loops, no slices or lists: values() allocated 2.5 KB a call, now
    # none (a hard player calls it for every seat; a collection every 4 KB)
    for g in range(3):
        for s in level_sheet.bonus_groups[g]:      # puzzles (g = 0), rows, columns
            k = 0                       # empty fields left in the group
            for j in range(1, len(s)):
                if sh[s[j]] == BOOM:
                    k = -99             # an exploded field: never complete, worth nothing
                k += sh[s[j]] == EMPTY
            if k > 0:
                for j in range(1, len(s)):
                    if sh[s[j]] == EMPTY:
                        val[s[j]] += s[0] * (8 if g == 0 else 6) // k
    for f in range(len(game.flags)):
        s = game.flags[f]
        k = rnd <= o["flag_rnd"] if n == 1 else not game.flagged[f]   # still the high score?
        val[s[0]] += 10 * s[2 - k]      # s = (cell, first, later)
    for f in range(len(level_sheet.keys)):
        # a key is worth more the more of its locks are still shut
        k = 0
        for i in level_sheet.lock_cells[f]:
            k += sh[i] == EMPTY
        for i in level_sheet.key_cells[f]:
            if sh[i] == XED:
                k = 0
        for i in level_sheet.key_cells[f]:
            if k:
                val[i] += 10 + 6 * k
    for i in game.planets:
        if sh[i] == EMPTY:              # a free planet for a rocket
            for i in game.of("^"):
                val[i] += 25
            break
    for i in game.of("*"):
        if n > 1:
            k = 0
            for q in range(n):
                k += q != seat and game.sheets[q][i] == EMPTY
            val[i] += level_sheet.bomb_penalty * (10 * k + 5)
        elif o["solo_bomb"] == "explode" and rnd <= o["bomb_rnd"]:
            val[i] += level_sheet.bomb_penalty * 10
    for i in game.of("~"):
        val[i] -= 10 * level_sheet.pile_penalty
    for i in range(game.ncells):
        if sh[i] != EMPTY:
            val[i] = 0
    return val


def _kinds(game, seat, pool):
    # (distinct pips among seat's target fields, how many of those the pool holds)
    s = []
    for c in game.target_cells(seat):
        if game.pips[c] not in s:
            s.append(game.pips[c])
    return len(s), len([v for v in s if v in pool])


def _chance(game, seat):
    # per mille chance that a roll again gives a die that fits
    k = _kinds(game, seat, ())[0]
    s = 1000
    for _ in game.pool:
        s = s * (6 - k) // 6
    return 1000 - s


def _place(game, seat, val, v, c, near):
    sh = game.sheets[seat]
    s = val[c] * 4
    for k in range(4 * c, 4 * c + 4):
        if game.nb[k] < 255 and sh[game.nb[k]] == EMPTY:
            s += val[game.nb[k]]
    k = len(game.pool) - 1
    for q in range(game.n):
        if q != seat and game.active[q] and game.last < 0:
            k -= 1
    if k > 0:
        # dice likely left at my next go: how many kinds would still fit?
        # As _kinds() after the die, as a bit mask of pips, with no lists:
        # 20 us instead of 60 on the unix port, measured over a 4-player game
        pool = game.pool
        sh[c] = DIE
        m = 0
        if near is not None:
            for i in near[0]:
                if i != c:
                    m |= 1 << game.pips[i]
            for k in range(4 * c, 4 * c + 4):
                i = game.nb[k]
                if i < 255 and game.field_free(seat, i):
                    m |= 1 << game.pips[i]
            if not m:
                # boxed in after it: the next die jumps next to any X (those
                # fields once per decision; the die on c only takes c away)
                if near[1] is None:
                    sh[c] = EMPTY
                    near[1] = []
                    for i in range(game.ncells):
                        if sh[i] == XED:
                            game._around(seat, i, near[1])
                    sh[c] = DIE
                for i in near[1]:
                    if i != c:
                        m |= 1 << game.pips[i]
            k = 0
            for i in range(1, 7):
                if m >> i & 1 and pool.count(i) > (i == v):
                    k += 1
        else:
            # the "newest" rule regroups the dice: the long way
            game.placed[seat].append(c)
            pool.remove(v)
            k = _kinds(game, seat, pool)[1]
            pool.append(v)
            pool.sort()
            game.placed[seat].pop()
        sh[c] = EMPTY
        s += 12 * min(k, 3)
    return s
