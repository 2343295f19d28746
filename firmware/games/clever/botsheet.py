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


def value(sheet, fin):
    # Stars, plus progress unless the game is surely over (fin), in centi-stars.
    table = VT[fin]
    green = sheet[GI]
    v = table[0][sheet[0]] + table[1][sheet[1]] + table[2][sheet[2]] + table[3][sheet[3]]
    v += table[4][sheet[4]] + table[5][green & 15]
    v += table[6][green >> 4 & 15] + table[7][green >> 8]
    return v + table[8][PK[green & 15] + PK[green >> 4 & 15] + PK[green >> 8]]


def mark_line(sheet, line, queue):
    # Cross the line's next field of the sheet; queue a bonus colour it earns
    # on queue (queue[0]: how many are queued).
    crossed = sheet[line]
    sheet[line] = crossed + 1
    if REW[line][crossed] > 1:
        queue[0] += 1
        queue[queue[0]] = REW[line][crossed] - 2


def mark_green(sheet, bit, queue):
    # Cross green bit `bit` of the sheet, as mark_line.
    green = sheet[GI] | 1 << bit
    sheet[GI] = green
    for bit in range(2 * bit, 2 * bit + 2):     # now the bit's row (2 * bit), then column
        if GBC[bit] < 255 and green & GBM[bit] == GBM[bit]:
            queue[0] += 1
            queue[queue[0]] = GBC[bit]


def cross_line(pos, line, queue):
    # Cross the line's next field of position pos with the hand's symbols and
    # the fewest jokers; returns the jokers used, or -1 (nothing done) if it
    # does not fit. field: what the field needs, as NH codes it.
    field = NH[line][pos[line]]
    jokers = (field >> 5) - pos[field & 31]
    jokers = jokers if jokers > 0 else 0
    if jokers > pos[H]:
        return -1
    pos[H] -= jokers
    pos[field & 31] -= (field >> 5) - jokers
    mark_line(pos, line, queue)
    return jokers




def cross_green(pos, bit, queue):
    # Cross green bit `bit & 15` of position pos with a present, or with a
    # joker if bit & 16.
    jokers = bit >> 4
    bit &= 15
    pos[H] -= jokers
    pos[HP] -= 1 - jokers
    mark_green(pos, bit, queue)




def lbest(pos, c, fin):
    # (c, the colour, is reused for each line's code: no new local, a small frame)
    # The line of colour c whose next field adds most to value() and fits
    # position pos's hand (ties: fewer jokers, then the first line), as ((gain +
    # OFS) * 8 + 7 - jokers) * 8 + 7 - line; -1 if none fits.
    best = -1
    for line in range(LLO[c], LHI[c]):
        c = NH[line][pos[line]]
        c = (c >> 5) - pos[c & 31]
        c = c if c > 0 else 0
        if c <= pos[H]:
            c = ((LD[fin][line][pos[line]] + OFS) * 8 + 7 - c) * 8 + 7 - line
            best = c if c > best else best
    return best


def lbonus(sheet, c, fin):
    # The line of colour c a bonus cross adds most to (ties: the first), as
    # (gain + OFS) * 8 + 7 - line; -1 if all are full.
    best = -1
    for line in range(LLO[c], LHI[c]):
        if sheet[line] < LEN[line]:
            c = (LD[fin][line][sheet[line]] + OFS) * 8 + 7 - line
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


def resolve(sheet, queue, fin):
    # Make the bonus crosses queued on the sheet, each greedily (the best
    # value() next), chained bonuses queued behind.
    head = 1
    while head <= queue[0]:
        c = queue[head]
        head += 1
        if c == 2:
            c = gbest(sheet[GI], fin, 0)
            if c >= 0:
                mark_green(sheet, 15 - (c & 15), queue)
        else:
            c = lbonus(sheet, c, fin)
            if c >= 0:
                mark_line(sheet, 7 - (c & 7), queue)

def full(sheet, colour):
    for line in range(LLO[colour], LHI[colour]):
        if sheet[line] < LEN[line]:
            return False
    return True


def any_done(sheet):
    if sheet[GI] == (1 << NG) - 1:
        return True
    for colour in range(4):
        if LHI[colour] and full(sheet, colour):
            return True
    return False
