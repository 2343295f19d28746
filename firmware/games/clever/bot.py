"""Computer players for Clever Kids (everything in this game is public).

easy: a child who knows the rules: half the time the colour with the most
dice, otherwise any colour that fits; then random crosses until nothing
fits; random bonus choices.
normal: looks ahead over the whole move (crosses, then the bonus chain) and
scores where it leads in centi-stars: stars, plus progress towards stars and
bonus circles still ahead, minus what the dice left in the middle give the
others (solo: plus what they give your own second pick); a move that ends
the game scores high only if it wins. Integers only: same on every platform.

How it stays fast on a Pico: the search works on one sheet and one hand,
crossing and uncrossing in place (no copies, no action strings below the
root); a sheet's worth is nine table lookups (tables built once at import);
a position reached by two orders of the same crosses is searched once
(memo keyed by one small int); what one more pick gives another player is
worked out once per colour and dice and reused; and every decision has a
work budget in search nodes (WORK), never a clock, so CPython and
MicroPython choose alike. docs/clever.md has the figures.
"""
from games.clever import rules as R

LEVELS = ("easy", "normal")
STAR, BON = 100, 60     # a star; a bonus circle still ahead
END = 800               # ending the game ahead (+) or not ahead (-)
DENY = 1                # the others' gain counts 1 / (DENY * (players - 1))
KEEP = 2                # green fields tried per step of the look-ahead
GQ = (100, 75, 56, 42, 32)
WORK = {"normal": 10000}  # search nodes per decision (a larger budget: a stronger level)

GI, GR, GC, NSYM = R.GI, R.GR, R.GC, R.NSYM
NG = GR * GC
H = GI + 1              # a search position: the sheet (H ints), then the hand (NSYM counts)
if (GI, GR, GC) != (5, 3, 4) or H + NSYM > 32:
    raise ValueError("clever bot tables assume 5 lines, a 3x4 green grid and 10 symbols")


def _span(keys, c):
    """(first, end) of the indices whose key is c; they must be contiguous."""
    i = [k for k in range(len(keys)) if keys[k] == c]
    if i and i[-1] - i[0] + 1 != len(i):
        raise ValueError("clever bot: colour %d is not contiguous in the tables" % c)
    return (i[0], i[-1] + 1) if i else (0, 0)


# per colour: its lines (LLO..LHI) and its symbols (SLO..SHI) as ranges: a loop
# over range() keeps a frame small (see "Frames" below)
LLO, LHI = zip(*[_span(R.LCOL, c) for c in range(4)])
SLO, SHI = zip(*[_span(R.D.SYM_COLOUR, c) for c in range(4)])
HP = H + SLO[2]         # the hand's presents
LEN = tuple(len(r) for r in R.LREW)
REW = R.LREW
# per line and field: symbols needed << 5 | the hand index of the symbol it
# takes (-1 in LWANT: the colour's one symbol); past the end: needs 99, never fits
NH = tuple(tuple(R.LNEED[l][k] << 5 | H + (R.LWANT[l][k] if R.LWANT[l][k] > 0 else SLO[R.LCOL[l]])
                 for k in range(LEN[l])) + (99 << 5 | H,) for l in range(GI))
# per green bit: the bonus colour its row / column gives once full (-1: none), and their masks
GROWB = tuple(R.GREW[b // GC] - 2 if R.GREW[b // GC] > 1 else -1 for b in range(NG))
GCOLB = tuple(R.GREW[GR + b % GC] - 2 if R.GREW[GR + b % GC] > 1 else -1 for b in range(NG))
GROWM = tuple(R.GMASK[b // GC] for b in range(NG))
GCOLM = tuple(R.GMASK[GR + b % GC] for b in range(NG))
OFS = 4096              # a cross changes value() by less: the codes below stay positive


def _pot(rew, need):
    """p[i]: value of the rewards ahead in a line with i fields crossed;
    every symbol still needed on the way shrinks it by 3/4."""
    p = [0]
    for i in range(len(rew) - 1, -1, -1):
        v = p[0] + (STAR if rew[i] == 1 else BON * (rew[i] > 1))
        for _ in range(need[i]):
            v = v * 3 // 4
        p.insert(0, v)
    return p


def _mask(rew, k, fin):
    """Worth of a green row or column with k fields still empty."""
    if k <= 0:
        return STAR * (rew == 1)
    return 0 if fin else (STAR if rew == 1 else BON) * GQ[k] // 100


def _pop(x):
    return x and (x & 1) + _pop(x >> 1)


POP4 = bytes(_pop(x) for x in range(16))
# PK[row bits]: its column bits as 2-bit counters, so three rows add up to a
# count per column (one lookup for all four columns)
PK = tuple(sum(((x >> c) & 1) << 2 * c for c in range(GC)) for x in range(16))


def _tables(fin):
    """What value() adds up: per line, its worth by fields crossed; per green
    row, its worth by its 4 bits; the columns' worth by PK sum. fin: stars only."""
    out = []
    for l in range(GI):
        p = _pot(R.LREW[l], R.LNEED[l])
        out.append(tuple(R.LSTARS[l][k] * STAR + (0 if fin else p[k]) for k in range(len(p))))
    for r in range(GR):
        out.append(tuple(_mask(R.GREW[r], GC - POP4[x], fin) for x in range(16)))
    out.append(tuple(sum(_mask(R.GREW[GR + c], GR - (x >> 2 * c & 3), fin) for c in range(GC))
                     for x in range(256)))
    return tuple(out)


VT = (_tables(0), _tables(1))
# what one more cross adds to value(): LD[fin][line][fields crossed],
# GRD[fin][row][its crosses], GCD[fin][column][its crosses] (0 once full)
LD = tuple(tuple(tuple(t[l][k + 1] - t[l][k] for k in range(LEN[l])) for l in range(GI)) for t in VT)
GRD = tuple(tuple(tuple(_mask(R.GREW[r], GC - k - 1, f) - _mask(R.GREW[r], GC - k, f) for k in range(GC + 1))
                  for r in range(GR)) for f in (0, 1))
GCD = tuple(tuple(tuple(_mask(R.GREW[GR + c], GR - k - 1, f) - _mask(R.GREW[GR + c], GR - k, f)
                        for k in range(GR + 1)) for c in range(GC)) for f in (0, 1))

# Frames: MicroPython allocates a function's frame on the heap, at every call,
# when its locals plus its deepest value stack pass 11 words
# (VM_MAX_STATE_ON_STACK; a call pushes its arguments + 1, a range() loop 2, a
# loop over a tuple 5). The functions below run thousands of times per
# decision, so each stays within that: few arguments (the search state lives
# in the buffers further down), names reused, range() loops. A decision then
# allocates next to nothing (tests/test_clever_bot.py holds it to that).


def value(s, fin):
    """Stars, plus progress unless the game is surely over (fin), in centi-stars."""
    t = VT[fin]
    g = s[GI]
    v = t[0][s[0]] + t[1][s[1]] + t[2][s[2]] + t[3][s[3]] + t[4][s[4]] + t[5][g & 15]
    v += t[6][g >> 4 & 15] + t[7][g >> 8]
    return v + t[8][PK[g & 15] + PK[g >> 4 & 15] + PK[g >> 8]]


def _mark_line(s, l, q):
    """Cross line l's next field of sheet s; queue a bonus colour it earns on
    q (q[0]: how many are queued)."""
    k = s[l]
    s[l] = k + 1
    if REW[l][k] > 1:
        q[0] += 1
        q[q[0]] = REW[l][k] - 2


def _mark_green(s, b, q):
    """Cross green bit b of sheet s, as _mark_line."""
    g = s[GI] | 1 << b
    s[GI] = g
    if GROWB[b] >= 0 and g & GROWM[b] == GROWM[b]:
        q[0] += 1
        q[q[0]] = GROWB[b]
    if GCOLB[b] >= 0 and g & GCOLM[b] == GCOLM[b]:
        q[0] += 1
        q[q[0]] = GCOLB[b]


def _cross_line(p, l, q):
    """Cross line l's next field of position p with the hand's symbols and the
    fewest jokers; returns the jokers used, or -1 (nothing done) if it does not fit."""
    k = NH[l][p[l]]
    j = (k >> 5) - p[k & 31]
    j = j if j > 0 else 0
    if j > p[H]:
        return -1
    p[H] -= j
    p[k & 31] -= (k >> 5) - j
    _mark_line(p, l, q)
    return j


def _uncross_line(l, j):
    """Undo _cross_line(_S, l, _P) that used j jokers."""
    p = _S
    p[l] -= 1
    if REW[l][p[l]] > 1:
        _P[0] -= 1
    l = NH[l][p[l]]
    p[H] += j
    p[l & 31] += (l >> 5) - j


def _cross_green(p, bj, q):
    """Cross green bit bj & 15 of position p with a present, or with a joker if bj & 16."""
    j = bj >> 4
    bj &= 15
    p[H] -= j
    p[HP] -= 1 - j
    _mark_green(p, bj, q)


def _uncross_green(bj):
    """Undo _cross_green(_S, bj, _P)."""
    p = _S
    g = p[GI]
    b = bj & 15
    if GROWB[b] >= 0 and g & GROWM[b] == GROWM[b]:
        _P[0] -= 1
    if GCOLB[b] >= 0 and g & GCOLM[b] == GCOLM[b]:
        _P[0] -= 1
    p[GI] = g ^ 1 << b
    p[H] += bj >> 4
    p[HP] += 1 - (bj >> 4)


def _lbest(p, c, fin):
    """The line of colour c whose next field adds most to value() and fits
    position p's hand (ties: fewer jokers, then the first line), as ((gain +
    OFS) * 8 + 7 - jokers) * 8 + 7 - line; -1 if none fits."""
    best = -1
    for l in range(LLO[c], LHI[c]):
        c = NH[l][p[l]]
        c = (c >> 5) - p[c & 31]
        c = c if c > 0 else 0
        if c <= p[H]:
            c = ((LD[fin][l][p[l]] + OFS) * 8 + 7 - c) * 8 + 7 - l
            best = c if c > best else best
    return best


def _lbonus(s, c, fin):
    """The line of colour c a bonus cross adds most to (ties: the first), as
    (gain + OFS) * 8 + 7 - line; -1 if all are full."""
    best = -1
    for l in range(LLO[c], LHI[c]):
        if s[l] < LEN[l]:
            c = (LD[fin][l][s[l]] + OFS) * 8 + 7 - l
            best = c if c > best else best
    return best


_RD = [0] * GR          # _gbest(): what one more cross adds per row, per column
_CD = [0] * GC


def _gbest(g, fin, skip):
    """The green bit free in g and not in skip whose cross adds most to
    value() (ties: the lowest), as (gain + OFS) * 16 + 15 - bit; -1 if none."""
    p = PK[g & 15] + PK[g >> 4 & 15] + PK[g >> 8]
    for i in range(GC):
        _CD[i] = GCD[fin][i][p >> 2 * i & 3]
    for i in range(0, NG, 4):   # a literal step: range() with a variable one builds an object
        _RD[i >> 2] = GRD[fin][i >> 2][POP4[g >> i & 15]]
    g |= skip
    p = -1
    for i in range(NG):
        if not g >> i & 1:
            skip = (_RD[i >> 2] + _CD[i & 3] + OFS) * 16 + 15 - i
            p = skip if skip > p else p
    return p


def _resolve(s, q, fin):
    """Make the bonus crosses queued on q on sheet s, each greedily (the best
    value() next), chained bonuses queued behind."""
    h = 1
    while h <= q[0]:
        c = q[h]
        h += 1
        if c == 2:
            c = _gbest(s[GI], fin, 0)
            if c >= 0:
                _mark_green(s, 15 - (c & 15), q)
        else:
            c = _lbonus(s, c, fin)
            if c >= 0:
                _mark_line(s, 7 - (c & 7), q)


# One search at a time: its position and queues live here, allocated once.
_S = [0] * (H + NSYM)   # the position searched: the mover's sheet and hand
_P = [0] * 24           # the bonus colours earned on the way (_P[0]: how many)
_SV = [0] * H           # _S's sheet before ev() makes the bonus crosses
_Q = [0] * 48           # ev()'s bonus queue
_GS = [0] * (H + NSYM)  # _chain(): another player's sheet, played on
_GQ = [0] * 48
_POOL = [0] * NSYM      # the dice in the middle once the searched move ends
_BASE = [0] * NSYM      # the dice in the middle the mover does not hold
_FIXED = [0] * NSYM     # the dice not taken by the roller
_KC = [0] * 4           # per colour: the dice of the pool a pick in it may use, coded
_MOVES = [0] * 4        # 1: this seat still picks this turn after the mover


class _Ctx:
    """The decision being searched (one, reused)."""
    pass


_X = _Ctx()
_X.gen = 0
# Answer caches, direct-mapped: t[0] = slots - 1, then per slot a key and its
# answer. A key carries the decision's generation (1..255) in its high bits, so
# a new decision needs no clearing; a collision only costs a recomputation.
# Sizes and hash measured over 4-player games: 256 slots keep the chains
# computed within 7% of one per distinct key (128: 24% more, 64: 80% more).
_PLAN = [63] + [0] * 128    # plan() by position: colour, its area, the hand (21 bits)
_GAIN = [255] + [0] * 512   # _chain() by seat, final, colour and dice (20 bits)


def _cget(t, key):
    i = (key ^ key >> 5 ^ key >> 11 ^ key >> 17) & t[0]
    return t[2 * i + 2] if t[2 * i + 1] == key else None


def _cput(t, key, v):
    i = (key ^ key >> 5 ^ key >> 11 ^ key >> 17) & t[0]
    t[2 * i + 1] = key
    t[2 * i + 2] = v


def _full(s, c):
    for l in range(LLO[c], LHI[c]):
        if s[l] < LEN[l]:
            return False
    return True


def _any_done(s):
    if s[GI] == (1 << NG) - 1:
        return True
    for c in range(4):
        if LHI[c] and _full(s, c):
            return True
    return False


def _chain(c, fin):
    """What one more pick of colour c from _POOL adds to sheet _X.src: the
    best-looking cross after cross (ties: fewer jokers, then the first), then
    the bonuses."""
    s = _GS
    src = _X.src
    for i in range(H):
        s[i] = src[i]
    s[H] = _POOL[0] if _X.pj else 0
    for i in range(SLO[c], SHI[c]):
        s[H + i] = _POOL[i]
    _GQ[0] = 0
    while True:
        if c == 2:
            if not (s[HP] or s[H]):
                break
            i = _gbest(s[GI], fin, 0)
            if i < 0:
                break
            _cross_green(s, 15 - (i & 15) | (0 if s[HP] else 16), _GQ)
        else:
            i = _lbest(s, c, fin)
            if i < 0:
                break
            _cross_line(s, 7 - (i & 7), _GQ)
    _resolve(s, _GQ, fin)
    return value(s, fin) - value(src, fin)


def _codes():
    """_KC[c]: the dice of _POOL a pick in colour c may use (jokers too if the
    others may use them), and c, as one small int."""
    for c in range(4):
        k = _POOL[0] if _X.pj else 0
        for x in range(SLO[c], SHI[c]):
            k = k << 3 | _POOL[x]
        _KC[c] = k << 2 | c


def gain(p, fin):
    """Roughly what one more pick from _POOL adds to sheet _X.src: the best
    colour's chain. p: its seat, to reuse answers (-1: do not)."""
    best = 0
    p = (p * 2 + fin) << 17 | _X.gen << 20 if p >= 0 else -1
    for c in range(4):
        v = _cget(_GAIN, _KC[c] | p) if p >= 0 else None
        if v is None:
            v = _chain(c, fin)
            if p >= 0:
                _cput(_GAIN, _KC[c] | p, v)
        best = v if v > best else best
    return best


def _ending(s):
    """A move that ends the game with sheet s: +END if it leaves the mover
    strictly ahead of everyone, after those still to pick pick their best."""
    x = _X
    best = -1
    for p in range(x.np):
        if p != x.seat:
            v = x.sc[p]
            if _MOVES[p]:
                x.src = x.sheets[p]
                v += gain(p, 1) // STAR
            best = v if v > best else best
    p = value(s, 1) // STAR
    return p * STAR + (END if p > best else -END)


def _deny(fin):
    """What the dice left give the players still to pick, shared out."""
    x = _X
    t = 0
    for i in range(x.np):
        if _MOVES[i]:
            x.src = x.sheets[i]
            t += gain(i, fin)
    return t // (DENY * (x.np - 1))


def _score(s):
    """Value of the searched move ending with sheet s (bonuses made)."""
    x = _X
    pool = _POOL
    for i in range(NSYM):
        pool[i] = _BASE[i] + _S[H + i] if x.roller else _FIXED[i]
    _codes()
    i = x.final or x.last and _any_done(s)
    if i and not x.final and x.np > 1:
        return _ending(s)
    pool = value(s, i)
    if x.roller and x.np == 1:
        x.src = s
        pool += gain(-1, i)
    elif x.roller:
        pool -= _deny(i)
    return pool


def ev():
    """Value of ending the move at the searched position (_S, _P)."""
    s = _S
    for i in range(H):
        _SV[i] = s[i]
    for i in range(_P[0] + 1):
        _Q[i] = _P[i]
    _resolve(s, _Q, _X.final)
    v = _score(s)
    for i in range(H):
        s[i] = _SV[i]
    return v


def _key(c):
    """The searched position as one small int: its colour's area, the hand, c
    (at most 21 bits), and the decision's generation."""
    s = _S
    k = s[GI] if c == 2 else s[0] if c == 0 else s[1] if c == 1 else s[2] | s[3] << 2 | s[4] << 4
    k = k << 3 | s[H]
    for i in range(H + SLO[c], H + SHI[c]):
        k = k << 3 | s[i]
    return k << 2 | c | _X.gen << 21


def _line_moves(c):
    """Best plan() after each line of colour c the hand fits (fewest jokers)."""
    best = None
    for l in range(LLO[c], LHI[c]):
        j = _cross_line(_S, l, _P)
        if j >= 0:
            v = plan(c, True)
            _uncross_line(l, j)
            best = v if best is None or v > best else best
    return best


def _green_moves():
    """Best plan() after each of the KEEP presents that add most (ties: the lowest)."""
    best = None
    skip = 0
    for i in range(KEEP):
        b = _gbest(_S[GI], _X.final, skip)
        if b < 0:
            break
        b = 15 - (b & 15)
        skip |= 1 << b
        b |= 0 if _S[HP] else 16
        _cross_green(_S, b, _P)
        v = plan(2, True)
        _uncross_green(b)
        best = v if best is None or v > best else best
    return best


def plan(c, stop):
    """Best ev() reachable by crossing on in colour c from the searched
    position; stop: the move may end here. Searches at most _X.work positions
    more; a position reached again (another order, same crosses) is not searched again."""
    key = _key(c) if stop else -1
    v = _cget(_PLAN, key) if stop else None
    if v is not None:
        return v
    v = ev() if stop else None
    _X.work -= 1
    if _X.work > 0 or not stop:
        if c != 2:
            c = _line_moves(c)
        elif _S[HP] or _S[H]:
            c = _green_moves()
        else:
            c = None
        v = c if v is None or c is not None and c > v else v
    if v is None:
        v = ev()
    if stop:
        _cput(_PLAN, key, v)
    return v


def _setup(g, work):
    """Fill _X and the shared buffers for a decision of g's player."""
    x = _X
    seat = x.seat = g.seat
    x.np = g.n
    x.sc = g.scores()
    x.sheets = g.sheets
    x.pj = g.opts["pool_jokers"]
    x.last = g.opts["end_rule"] == "turn" or (g.active + 1) % g.n == g.first
    x.final = 1 if g.ending and x.last else 0
    x.roller = g.role == 0 and g.phase != "bonus"
    x.work = work
    # who still picks this turn after this player
    for p in range(4):
        _MOVES[p] = 0
    for i in range(1, (g.active - seat) % g.n if g.role else g.n):
        _MOVES[(seat + i) % g.n] = 1
    for i in range(NSYM):
        _FIXED[i] = 0
    for i in range(R.NDICE):
        _FIXED[g.dice[i]] += not g.taken[i]
    x.gen = x.gen % 255 + 1
    if x.gen == 1:
        for i in range(1, len(_GAIN)):
            _GAIN[i] = 0
        for i in range(1, len(_PLAN)):
            _PLAN[i] = 0


def _start(g, s, c, pend):
    """The searched position: sheet s, g's hand in colour c, bonuses pend."""
    n = g.counts(c)
    for i in range(H):
        _S[i] = s[i]
    for i in range(NSYM):
        _S[H + i] = n[i]
        _BASE[i] = -n[i]
    for i in range(R.NDICE):
        _BASE[g.dice[i]] += not g.spent[i]
    _P[0] = len(pend)
    for i in range(len(pend)):
        _P[i + 1] = pend[i]


def _normal(g, acts):
    _setup(g, WORK["normal"])
    s = g.sheets[g.seat]
    if g.phase == "cross" and g.colour == 2 and len(acts) > 9:
        # presents: only the four most promising fields (with and without a joker)
        _start(g, s, 2, ())
        worth = {}
        for a in acts:
            if a != "done":
                _S[GI] = s[GI] | 1 << R.parse(a)[1]
                worth[a.split(" ")[0]] = value(_S, _X.final)
        top = sorted(worth, key=lambda f: (-worth[f], f))[:4]
        acts = [a for a in acts if a.split(" ")[0] in top or a == "done"]
    best = None
    for a in sorted(acts, key=lambda a: (a.count("J"), a)):
        c = R.D.COLOURS.find(a) if g.phase == "pick" else g.colour
        if a == "pass":
            _start(g, s, c, ())
            v = ev()
        elif g.phase == "pick":
            _start(g, s, c, ())
            v = plan(c, False)
        elif a in ("done", "skip"):
            _start(g, s, c, g.pending[a == "skip":])
            v = ev()
        elif g.phase == "bonus":
            _start(g, s, c, g.pending[1:])
            l, b, j = R.parse(a)
            _mark_green(_S, b, _P) if l == GI else _mark_line(_S, l, _P)
            v = ev()
        else:
            # the first cross as the action says (a joker where a symbol would do, maybe)
            _start(g, s, c, g.pending)
            l, b, j = R.parse(a)
            if l == GI:
                _cross_green(_S, b | j << 4, _P)
            else:
                k = NH[l][_S[l]]
                _S[H] -= j
                _S[k & 31] -= (k >> 5) - j
                _mark_line(_S, l, _P)
            v = plan(c, True)
        if best is None or v > best[0]:
            best = (v, a)
    return best[1]


def _easy(g, acts, rng):
    acts = [a for a in acts if a not in ("pass", "done", "skip")] or acts
    if g.phase == "pick" and rng.randbelow(2):
        return max(acts, key=lambda a: (len(g.hand(R.D.COLOURS.find(a))), a))
    return acts[rng.randbelow(len(acts))]


def choose(game, level, rng):
    acts = game.legal_actions()
    if len(acts) == 1:
        return acts[0]
    return _easy(game, acts, rng) if level == "easy" else _normal(game, acts)
