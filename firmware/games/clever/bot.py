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
from games.clever.botsheet import *

LEVELS = ("easy", "normal")
END = 800               # ending the game ahead (+) or not ahead (-)
DENY = 1                # the others' gain counts 1 / (DENY * (players - 1))
KEEP = 2                # green fields tried per step of the look-ahead
WORK = {"normal": 10000}  # search nodes per decision (a larger budget: a stronger level)

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
    # The decision being searched (one, reused).
    pass


_X = _Ctx()
_X.gen = 0
# Answer caches, direct-mapped: t[0] = slots - 1, then per slot a key and its
# answer. A key carries the decision's generation (1..255) in its high bits, so
# a new decision needs no clearing; a collision only costs a recomputation.
# Sizes and hash measured over 4-player games: 256 slots keep the chains
# computed within 7% of one per distinct key (128: 24% more, 64: 80% more).
# (built from generators: a list first would need 2-4 times the room at import)
_PLAN = array("i", (63 * (i == 0) for i in range(129)))     # plan() by position: colour, area, hand (21 bits)
_GAIN = array("i", (255 * (i == 0) for i in range(513)))    # _chain() by seat, final, colour, dice (20 bits)


def _cget(t, key):
    i = (key ^ key >> 5 ^ key >> 11 ^ key >> 17) & t[0]
    return t[2 * i + 2] if t[2 * i + 1] == key else None


def _cput(t, key, v):
    i = (key ^ key >> 5 ^ key >> 11 ^ key >> 17) & t[0]
    t[2 * i + 1] = key
    t[2 * i + 2] = v




def _chain(c, fin):
    # What one more pick of colour c from _POOL adds to sheet _X.src: the
    # best-looking cross after cross (ties: fewer jokers, then the first), then
    # the bonuses.
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
            i = gbest(s[GI], fin, 0)
            if i < 0:
                break
            cross_green(s, 15 - (i & 15) | (0 if s[HP] else 16), _GQ)
        else:
            i = lbest(s, c, fin)
            if i < 0:
                break
            cross_line(s, 7 - (i & 7), _GQ)
    resolve(s, _GQ, fin)
    return value(s, fin) - value(src, fin)


def _codes():
    # _KC[c]: the dice of _POOL a pick in colour c may use (jokers too if the
    # others may use them), and c, as one small int.
    for c in range(4):
        k = _POOL[0] if _X.pj else 0
        for x in range(SLO[c], SHI[c]):
            k = k << 3 | _POOL[x]
        _KC[c] = k << 2 | c


def gain(p, fin):
    # Roughly what one more pick from _POOL adds to sheet _X.src: the best
    # colour's chain. p: its seat, to reuse answers (-1: do not).
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
    # A move that ends the game with sheet s: +END if it leaves the mover
    # strictly ahead of everyone, after those still to pick pick their best.
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
    # What the dice left give the players still to pick, shared out.
    x = _X
    t = 0
    for i in range(x.np):
        if _MOVES[i]:
            x.src = x.sheets[i]
            t += gain(i, fin)
    return t // (DENY * (x.np - 1))


def _score(s):
    # Value of the searched move ending with sheet s (bonuses made).
    x = _X
    pool = _POOL
    for i in range(NSYM):
        pool[i] = _BASE[i] + _S[H + i] if x.roller else _FIXED[i]
    _codes()
    i = x.final or x.last and any_done(s)
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
    # Value of ending the move at the searched position (_S, _P).
    s = _S
    for i in range(H):
        _SV[i] = s[i]
    for i in range(_P[0] + 1):
        _Q[i] = _P[i]
    resolve(s, _Q, _X.final)
    v = _score(s)
    for i in range(H):
        s[i] = _SV[i]
    return v


def _key(c):
    # The searched position as one small int: its colour's area, the hand, c
    # (at most 21 bits), and the decision's generation.
    s = _S
    k = s[GI] if c == 2 else s[0] if c == 0 else s[1] if c == 1 else s[2] | s[3] << 2 | s[4] << 4
    k = k << 3 | s[H]
    for i in range(H + SLO[c], H + SHI[c]):
        k = k << 3 | s[i]
    return k << 2 | c | _X.gen << 21


def _uncross_line(l, j):
    # Undo cross_line(_S, l, _P) that used j jokers.
    p = _S
    p[l] -= 1
    if REW[l][p[l]] > 1:
        _P[0] -= 1
    l = NH[l][p[l]]
    p[H] += j
    p[l & 31] += (l >> 5) - j


def _uncross_green(bj):
    # Undo cross_green(_S, bj, _P).
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


def _line_moves(c):
    # Best plan() after each line of colour c the hand fits (fewest jokers).
    best = None
    for l in range(LLO[c], LHI[c]):
        j = cross_line(_S, l, _P)
        if j >= 0:
            v = plan(c, True)
            _uncross_line(l, j)
            best = v if best is None or v > best else best
    return best


def _green_moves():
    # Best plan() after each of the KEEP presents that add most (ties: the lowest).
    best = None
    skip = 0
    for i in range(KEEP):
        b = gbest(_S[GI], _X.final, skip)
        if b < 0:
            break
        b = 15 - (b & 15)
        skip |= 1 << b
        b |= 0 if _S[HP] else 16
        cross_green(_S, b, _P)
        v = plan(2, True)
        _uncross_green(b)
        best = v if best is None or v > best else best
    return best


def plan(c, stop):
    # Best ev() reachable by crossing on in colour c from the searched
    # position; stop: the move may end here. Searches at most _X.work positions
    # more; a position reached again (another order, same crosses) is not searched again.
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
    # Fill _X and the shared buffers for a decision of g's player.
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
    # The searched position: sheet s, g's hand in colour c, bonuses pend.
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
        # presents: only the four that add most (with and without a joker)
        top = 0
        for i in range(4):
            top |= 1 << 15 - (gbest(s[GI], _X.final, top) & 15)
        acts = [a for a in acts if a == "done" or top >> R.parse(a)[1] & 1]
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
            mark_green(_S, b, _P) if l == GI else mark_line(_S, l, _P)
            v = ev()
        else:
            # the first cross as the action says (a joker where a symbol would do, maybe)
            _start(g, s, c, g.pending)
            l, b, j = R.parse(a)
            if l == GI:
                cross_green(_S, b | j << 4, _P)
            else:
                k = NH[l][_S[l]]
                _S[H] -= j
                _S[k & 31] -= (k >> 5) - j
                mark_line(_S, l, _P)
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
