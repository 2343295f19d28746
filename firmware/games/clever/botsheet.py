"""The normal Clever Kids player's sheet model, for its look-ahead (bot.py).

A search position is one list: the sheet (as in sheet.py: fields crossed per
line, then the green mask) followed by the hand (dice counts per symbol).
Everything here is integer tables built once at import and small functions
that cross in place; nothing allocates. A module of its own so that
MicroPython compiles bot.py and this in two smaller pieces.
"""
from array import array
from games.clever import rules as R

STAR, BON = 100, 60     # a star; a bonus circle still ahead
GQ = (100, 75, 56, 42, 32)

GI, GR, GC, NSYM = R.GI, R.GR, R.GC, R.NSYM
NG = GR * GC
H = GI + 1              # a search position: the sheet (H ints), then the hand (NSYM counts)
if (GI, GR, GC) != (5, 3, 4) or H + NSYM > 32:
    raise ValueError("clever bot tables assume 5 lines, a 3x4 green grid and 10 symbols")


# per colour: its lines (LLO..LHI) and its symbols (SLO..SHI) as ranges (a loop
# over range() keeps a frame small: see "Frames" below); each must be contiguous
LLO = tuple(R.LCOL.index(c) if c in R.LCOL else 0 for c in range(4))
LHI = tuple(LLO[c] + R.LCOL.count(c) for c in range(4))
SLO = tuple(R.D.SYM_COLOUR.index(c) for c in range(4))
SHI = tuple(SLO[c] + R.D.SYM_COLOUR.count(c) for c in range(4))
if [R.LCOL[LLO[c]:LHI[c]].count(c) for c in range(4)] != [R.LCOL.count(c) for c in range(4)] or \
        [R.D.SYM_COLOUR[SLO[c]:SHI[c]].count(c) for c in range(4)] != [SHI[c] - SLO[c] for c in range(4)]:
    raise ValueError("clever bot: a colour's lines or symbols are not contiguous")
HP = H + SLO[2]         # the hand's presents
LEN = tuple(len(r) for r in R.LREW)
REW = R.LREW
# per line and field: symbols needed << 5 | the hand index of the symbol it
# takes (-1 in LWANT: the colour's one symbol); past the end: needs 99, never fits
NH = tuple(array("h", [R.LNEED[l][k] << 5 | H + (R.LWANT[l][k] if R.LWANT[l][k] > 0 else SLO[R.LCOL[l]])
                      for k in range(LEN[l])] + [99 << 5 | H]) for l in range(GI))
# per green bit b, at 2b its row, at 2b+1 its column: GBM the mask, GBC the
# bonus colour it gives once full (255: none)
GBM = tuple(R.GMASK[i // 2 // GC if i % 2 == 0 else GR + i // 2 % GC] for i in range(2 * NG))
GBC = bytes(R.GREW[i // 2 // GC if i % 2 == 0 else GR + i // 2 % GC] - 2 if
            R.GREW[i // 2 // GC if i % 2 == 0 else GR + i // 2 % GC] > 1 else 255 for i in range(2 * NG))
OFS = 4096              # a cross changes value() by less: the codes below stay positive


def _pot(rew, need):
    # p[i]: value of the rewards ahead in a line with i fields crossed;
    # every symbol still needed on the way shrinks it by 3/4.
    p = [0]
    for i in range(len(rew) - 1, -1, -1):
        v = p[0] + (STAR if rew[i] == 1 else BON * (rew[i] > 1))
        for _ in range(need[i]):
            v = v * 3 // 4
        p.insert(0, v)
    return p


def _mask(rew, k, fin):
    # Worth of a green row or column with k fields still empty.
    if k <= 0:
        return STAR * (rew == 1)
    return 0 if fin else (STAR if rew == 1 else BON) * GQ[k] // 100


def _pop(x):
    return x and (x & 1) + _pop(x >> 1)


POP4 = bytes(_pop(x) for x in range(16))
# PK[row bits]: its column bits as 2-bit counters, so three rows add up to a
# count per column (one lookup for all four columns)
PK = tuple(sum(((x >> c) & 1) << 2 * c for c in range(GC)) for x in range(16))


def _build(fin):
    # value()'s tables (fin: stars only), then what one more cross adds
    vt, ld, rd, cd = [], [], array("h"), array("h")
    for l in range(GI):
        p = _pot(R.LREW[l], R.LNEED[l])
        a = array("h")
        d = array("h")
        for k in range(len(p)):
            a.append(R.LSTARS[l][k] * STAR + (0 if fin else p[k]))
            if k:
                d.append(a[k] - a[k - 1])
        vt.append(a)
        ld.append(d)
    for r in range(GR):
        a = array("h")
        for x in range(16):
            a.append(_mask(R.GREW[r], GC - POP4[x], fin))
        vt.append(a)
        for k in range(GC + 1):
            rd.append(_mask(R.GREW[r], GC - k - 1, fin) - _mask(R.GREW[r], GC - k, fin))
    a = array("h")
    for x in range(256):
        k = 0
        for c in range(GC):
            k += _mask(R.GREW[GR + c], GR - (x >> 2 * c & 3), fin)
        a.append(k)
    vt.append(a)
    for c in range(GC):
        for k in range(GR + 1):
            cd.append(_mask(R.GREW[GR + c], GR - k - 1, fin) - _mask(R.GREW[GR + c], GR - k, fin))
    return tuple(vt), tuple(ld), rd, cd


VT, LD, GRD, GCD = zip(_build(0), _build(1))
del _pot, _mask, _pop, _build     # needed only to build the tables: their code leaves the heap

# Frames: MicroPython allocates a function's frame on the heap, at every call,
# when its locals plus its deepest value stack pass 11 words
# (VM_MAX_STATE_ON_STACK; a call pushes its arguments + 1, a range() loop 2, a
# loop over a tuple 5). The functions below run thousands of times per
# decision, so each stays within that: few arguments (the search state lives
# in the buffers further down), names reused, range() loops. A decision then
# allocates next to nothing (tests/test_clever_bot.py holds it to that).


def value(s, fin):
    # Stars, plus progress unless the game is surely over (fin), in centi-stars.
    t = VT[fin]
    g = s[GI]
    v = t[0][s[0]] + t[1][s[1]] + t[2][s[2]] + t[3][s[3]] + t[4][s[4]] + t[5][g & 15]
    v += t[6][g >> 4 & 15] + t[7][g >> 8]
    return v + t[8][PK[g & 15] + PK[g >> 4 & 15] + PK[g >> 8]]


def mark_line(s, l, q):
    # Cross line l's next field of sheet s; queue a bonus colour it earns on
    # q (q[0]: how many are queued).
    k = s[l]
    s[l] = k + 1
    if REW[l][k] > 1:
        q[0] += 1
        q[q[0]] = REW[l][k] - 2


def mark_green(s, b, q):
    # Cross green bit b of sheet s, as mark_line.
    g = s[GI] | 1 << b
    s[GI] = g
    for b in range(2 * b, 2 * b + 2):
        if GBC[b] < 255 and g & GBM[b] == GBM[b]:
            q[0] += 1
            q[q[0]] = GBC[b]


def cross_line(p, l, q):
    # Cross line l's next field of position p with the hand's symbols and the
    # fewest jokers; returns the jokers used, or -1 (nothing done) if it does not fit.
    k = NH[l][p[l]]
    j = (k >> 5) - p[k & 31]
    j = j if j > 0 else 0
    if j > p[H]:
        return -1
    p[H] -= j
    p[k & 31] -= (k >> 5) - j
    mark_line(p, l, q)
    return j




def cross_green(p, bj, q):
    # Cross green bit bj & 15 of position p with a present, or with a joker if bj & 16.
    j = bj >> 4
    bj &= 15
    p[H] -= j
    p[HP] -= 1 - j
    mark_green(p, bj, q)




def lbest(p, c, fin):
    # The line of colour c whose next field adds most to value() and fits
    # position p's hand (ties: fewer jokers, then the first line), as ((gain +
    # OFS) * 8 + 7 - jokers) * 8 + 7 - line; -1 if none fits.
    best = -1
    for l in range(LLO[c], LHI[c]):
        c = NH[l][p[l]]
        c = (c >> 5) - p[c & 31]
        c = c if c > 0 else 0
        if c <= p[H]:
            c = ((LD[fin][l][p[l]] + OFS) * 8 + 7 - c) * 8 + 7 - l
            best = c if c > best else best
    return best


def lbonus(s, c, fin):
    # The line of colour c a bonus cross adds most to (ties: the first), as
    # (gain + OFS) * 8 + 7 - line; -1 if all are full.
    best = -1
    for l in range(LLO[c], LHI[c]):
        if s[l] < LEN[l]:
            c = (LD[fin][l][s[l]] + OFS) * 8 + 7 - l
            best = c if c > best else best
    return best


_RD = [0] * GR          # gbest(): what one more cross adds per row, per column
_CD = [0] * GC


def gbest(g, fin, skip):
    # The green bit free in g and not in skip whose cross adds most to
    # value() (ties: the lowest), as (gain + OFS) * 16 + 15 - bit; -1 if none.
    p = PK[g & 15] + PK[g >> 4 & 15] + PK[g >> 8]
    for i in range(GC):
        _CD[i] = GCD[fin][(p >> 2 * i & 3) + 4 * i]
    for i in range(0, NG, 4):   # a literal step: range() with a variable one builds an object
        _RD[i >> 2] = GRD[fin][POP4[g >> i & 15] + i + (i >> 2)]
    g |= skip
    p = -1
    for i in range(NG):
        if not g >> i & 1:
            skip = (_RD[i >> 2] + _CD[i & 3] + OFS) * 16 + 15 - i
            p = skip if skip > p else p
    return p


def resolve(s, q, fin):
    # Make the bonus crosses queued on q on sheet s, each greedily (the best
    # value() next), chained bonuses queued behind.
    h = 1
    while h <= q[0]:
        c = q[h]
        h += 1
        if c == 2:
            c = gbest(s[GI], fin, 0)
            if c >= 0:
                mark_green(s, 15 - (c & 15), q)
        else:
            c = lbonus(s, c, fin)
            if c >= 0:
                mark_line(s, 7 - (c & 7), q)

def full(s, c):
    for l in range(LLO[c], LHI[c]):
        if s[l] < LEN[l]:
            return False
    return True


def any_done(s):
    if s[GI] == (1 << NG) - 1:
        return True
    for c in range(4):
        if LHI[c] and full(s, c):
            return True
    return False
