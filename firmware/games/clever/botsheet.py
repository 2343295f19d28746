"""The normal Clever Kids player's sheet model, for its look-ahead (botsearch.py).

A search position is one list: the sheet (as in sheet.py: fields crossed per
line, then the green mask) followed by the hand (dice counts per symbol). The
functions here cross in place and find the best next cross from the tables in
bottables.py; none allocates.

The player is four modules (bot, botsearch, botsheet, bottables), each
imported by the one before it: MicroPython compiles a module in one piece, and
compiling the biggest first, while least else is loaded, keeps the peak heap
of loading them from source at 94 KB (one module: 101 KB; the old player 95 KB).
"""
from games.clever.bottables import *

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
