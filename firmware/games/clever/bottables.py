"""Tables for the normal Clever Kids player's look-ahead, built once at import.

What a sheet is worth (value() in botsheet.py adds up nine lookups) and what
one more cross adds, in centi-stars; the layout of a search position; the
per-colour ranges of lines and symbols. See bot.py for what is valued.
"""
from array import array
from games.clever import data, rules

STAR, BON = 100, 60     # a star; a bonus circle still ahead
GQ = (100, 75, 56, 42, 32)

GI, GR, GC, NSYM = rules.GI, rules.GR, rules.GC, rules.NSYM
NG = GR * GC
H = GI + 1              # a search position: the sheet (H ints), then the hand (NSYM counts)
if (GI, GR, GC) != (5, 3, 4) or H + NSYM > 32:
    raise ValueError("clever bot tables assume 5 lines, a 3x4 green grid and 10 symbols")


# per colour: its lines (LLO..LHI) and its symbols (SLO..SHI) as ranges (a loop
# over range() keeps a frame small: see "Frames" below); each must be contiguous
LLO = tuple(rules.LCOL.index(c) if c in rules.LCOL else 0 for c in range(4))
LHI = tuple(LLO[c] + rules.LCOL.count(c) for c in range(4))
SLO = tuple(data.SYM_COLOUR.index(c) for c in range(4))
SHI = tuple(SLO[c] + data.SYM_COLOUR.count(c) for c in range(4))
if [rules.LCOL[LLO[c]:LHI[c]].count(c) for c in range(4)] != [rules.LCOL.count(c) for c in range(4)] or \
        [data.SYM_COLOUR[SLO[c]:SHI[c]].count(c) for c in range(4)] != [SHI[c] - SLO[c] for c in range(4)]:
    raise ValueError("clever bot: a colour's lines or symbols are not contiguous")
HP = H + SLO[2]         # the hand's presents
LEN = tuple(len(r) for r in rules.LREW)
REW = rules.LREW
# per line and field: symbols needed << 5 | the hand index of the symbol it
# takes (-1 in LWANT: the colour's one symbol); past the end: needs 99, never fits
NH = tuple(array("h", [rules.LNEED[line][k] << 5 | H + (
    rules.LWANT[line][k] if rules.LWANT[line][k] > 0 else SLO[rules.LCOL[line]])
    for k in range(LEN[line])] + [99 << 5 | H]) for line in range(GI))
# per green bit b, at 2b its row, at 2b+1 its column: GBM the mask, GBC the
# bonus colour it gives once full (255: none)
GBM = tuple(rules.GMASK[i // 2 // GC if i % 2 == 0 else GR + i // 2 % GC] for i in range(2 * NG))
GBC = bytes(rules.GREW[i // 2 // GC if i % 2 == 0 else GR + i // 2 % GC] - 2 if
            rules.GREW[i // 2 // GC if i % 2 == 0 else GR + i // 2 % GC] > 1 else 255 for i in range(2 * NG))
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
    for line in range(GI):
        p = _pot(rules.LREW[line], rules.LNEED[line])
        a = array("h")
        d = array("h")
        for k in range(len(p)):
            a.append(rules.LSTARS[line][k] * STAR + (0 if fin else p[k]))
            if k:
                d.append(a[k] - a[k - 1])
        vt.append(a)
        ld.append(d)
    for r in range(GR):
        a = array("h")
        for x in range(16):
            a.append(_mask(rules.GREW[r], GC - POP4[x], fin))
        vt.append(a)
        for k in range(GC + 1):
            rd.append(_mask(rules.GREW[r], GC - k - 1, fin) - _mask(rules.GREW[r], GC - k, fin))
    a = array("h")
    for x in range(256):
        k = 0
        for c in range(GC):
            k += _mask(rules.GREW[GR + c], GR - (x >> 2 * c & 3), fin)
        a.append(k)
    vt.append(a)
    for c in range(GC):
        for k in range(GR + 1):
            cd.append(_mask(rules.GREW[GR + c], GR - k - 1, fin) - _mask(rules.GREW[GR + c], GR - k, fin))
    return tuple(vt), tuple(ld), rd, cd


VT, LD, GRD, GCD = zip(_build(0), _build(1))
del _pot, _mask, _pop, _build     # needed only to build the tables: their code leaves the heap
