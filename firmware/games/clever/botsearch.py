"""The normal Clever Kids player's look-ahead (bot.py asks it about each action).

One search at a time: its position (sheet and hand), bonus queues, answer
caches and the decision's context live in this module, allocated once. See
bot.py for what it values and botsheet.py for the tables and crosses.
"""
# pyright: reportAttributeAccessIssue=false
# (the type check, tools/typecheck.py: X (_Ctx) gets its attributes when a search starts)
from array import array
from games.clever import data, rules
from games.clever.botsheet import *

END = 800               # ending the game ahead (+) or not ahead (-)
DENY = 1                # the others' gain counts 1 / (DENY * (players - 1))

# One search at a time: its position and queues live here, allocated once.
# (queues: [0] is the length; a sheet has 12 bonus circles, each earned once,
# so pending bonuses and their chains stay under 32)
S = [0] * (H + NSYM)                # the position searched: the mover's sheet and hand
P = [0] * 32                        # the bonus colours earned on the way
_SHEET_BEFORE_BONUS = [0] * H       # S's sheet before ev() makes the bonus crosses
_BONUS_QUEUE = [0] * 32             # ev()'s bonus queue
_CHAIN_SHEET = [0] * (H + NSYM)     # _chain(): another player's sheet, played on
_CHAIN_QUEUE = [0] * 32             # _chain()'s bonus queue
_POOL = [0] * NSYM                  # the dice in the middle once the searched move ends
_BASE = [0] * NSYM                  # the dice in the middle the mover does not hold
_FIXED = [0] * NSYM                 # the dice not taken by the roller
_PICK_DICE = [0] * 4                # per colour: the dice of the pool a pick in it may use, coded
_MOVES = [0] * 4                    # 1: this seat still picks this turn after the mover

class _Ctx:
    # The decision being searched (one, reused).
    pass


X = _Ctx()
X.gen = 0
# Answer caches, direct-mapped: a key array and an answer array. A key carries
# the decision's generation (1..255) in its high bits, so a new decision needs
# no clearing (and no key made at start, 0..255, is ever asked for); a
# collision only costs a recomputation. Sizes and hash measured over 4-player
# games: 256 slots for the chains keep their number within 7% of one per
# distinct key (128: +40%, 64: +80%). Built from range(): its length is known,
# so the array is allocated once, in one piece.
_CHAIN_KEYS = array("i", range(256))        # _chain() by seat, final, colour, dice (20 bits)
_CHAIN_ANSWERS = array("h", range(256))
_PLAN_KEYS = array("i", range(64))          # plan() by position: colour, area, hand (21 bits)
_PLAN_ANSWERS = array("h", range(64))


def _chain(c, fin):
    # What one more pick of colour c from _POOL adds to sheet X.src: the
    # best-looking cross after cross (ties: fewer jokers, then the first), then
    # the bonuses, played on a copy, pos.
    pos = _CHAIN_SHEET
    src = X.src
    for i in range(H):
        pos[i] = src[i]
    pos[H] = _POOL[0] if X.pj else 0
    for i in range(SLO[c], SHI[c]):
        pos[H + i] = _POOL[i]
    _CHAIN_QUEUE[0] = 0
    while True:
        if c == 2:
            if not (pos[HP] or pos[H]):
                break
            i = gbest(pos[GI], fin, 0)
            if i < 0:
                break
            cross_green(pos, 15 - (i & 15) | (0 if pos[HP] else 16), _CHAIN_QUEUE)
        else:
            i = lbest(pos, c, fin)
            if i < 0:
                break
            cross_line(pos, 7 - (i & 7), _CHAIN_QUEUE)
    resolve(pos, _CHAIN_QUEUE, fin)
    return value(pos, fin) - value(src, fin)


def _codes():
    # _PICK_DICE[c]: the dice of _POOL a pick in colour c may use (jokers too if the
    # others may use them), and c, as one small int.
    for c in range(4):
        k = _POOL[0] if X.pj else 0
        for x in range(SLO[c], SHI[c]):
            k = k << 3 | _POOL[x]
        _PICK_DICE[c] = k << 2 | c


def _chained(p, c, fin):
    # _chain(c, fin), remembered under key p (seat, final, generation; -1: not)
    if p < 0:
        return _chain(c, fin)
    k = _PICK_DICE[c] | p
    i = (k ^ k >> 5 ^ k >> 11 ^ k >> 17) & 255
    if _CHAIN_KEYS[i] != k:
        _CHAIN_ANSWERS[i] = _chain(c, fin)
        _CHAIN_KEYS[i] = k
        X.work -= 1
    return _CHAIN_ANSWERS[i]


def gain(p, fin):
    # Roughly what one more pick from _POOL adds to sheet X.src: the best
    # colour's chain. p: its seat, to reuse answers (-1: do not).
    best = 0
    p = (p * 2 + fin) << 17 | X.gen << 20 if p >= 0 else -1
    for c in range(4):
        v = _chained(p, c, fin)
        best = v if v > best else best
    return best


def _ending(sheet):
    # A move that ends the game with this sheet: +END if it leaves the mover
    # strictly ahead of everyone, after those still to pick pick their best.
    x = X
    best = -1
    for p in range(x.np):
        if p != x.seat:
            v = value(x.sheets[p], 1) // STAR
            if _MOVES[p]:
                x.src = x.sheets[p]
                v += gain(p, 1) // STAR
            best = v if v > best else best
    p = value(sheet, 1) // STAR
    return p * STAR + (END if p > best else -END)


def _deny(fin):
    # What the dice left give the players still to pick, shared out.
    x = X
    t = 0
    for i in range(x.np):
        if _MOVES[i]:
            x.src = x.sheets[i]
            t += gain(i, fin)
    return t // (DENY * (x.np - 1))


def _score(sheet):
    # Value of the searched move ending with this sheet (bonuses made).
    x = X
    pool = _POOL
    for i in range(NSYM):
        pool[i] = _BASE[i] + S[H + i] if x.roller else _FIXED[i]
    _codes()
    i = x.final or x.last and any_done(sheet)
    if i and not x.final and x.np > 1:
        return _ending(sheet)
    pool = value(sheet, i)
    if x.roller and x.np == 1:
        x.src = sheet
        pool += gain(-1, i)
    elif x.roller:
        pool -= _deny(i)
    return pool


def ev():
    # Value of ending the move at the searched position (S, P).
    s = S
    for i in range(H):
        _SHEET_BEFORE_BONUS[i] = s[i]
    for i in range(P[0] + 1):
        _BONUS_QUEUE[i] = P[i]
    resolve(s, _BONUS_QUEUE, X.final)
    v = _score(s)
    for i in range(H):
        s[i] = _SHEET_BEFORE_BONUS[i]
    return v


def _key(c):
    # The searched position as one small int: its colour's area, the hand, c
    # (at most 21 bits), and the decision's generation.
    s = S
    k = s[GI] if c == 2 else s[0] if c == 0 else s[1] if c == 1 else s[2] | s[3] << 2 | s[4] << 4
    k = k << 3 | s[H]
    for i in range(H + SLO[c], H + SHI[c]):
        k = k << 3 | s[i]
    return k << 2 | c | X.gen << 21


def _uncross_line(line, jokers):
    # Undo cross_line(S, line, P) that used this many jokers.
    pos = S
    pos[line] -= 1
    if REW[line][pos[line]] > 1:
        P[0] -= 1
    line = NH[line][pos[line]]      # now the field's code, as NH has it (no new local)
    pos[H] += jokers
    pos[line & 31] += (line >> 5) - jokers


def _uncross_green(bj):
    # Undo cross_green(S, bj, P).
    g = S[GI]
    for i in range(2 * (bj & 15), 2 * (bj & 15) + 2):
        if GBC[i] < 255 and g & GBM[i] == GBM[i]:
            P[0] -= 1
    S[GI] = g ^ 1 << (bj & 15)
    S[H] += bj >> 4
    S[HP] += 1 - (bj >> 4)


def _line_moves(c):
    # Best plan() after each line of colour c the hand fits (fewest jokers).
    best = None
    for line in range(LLO[c], LHI[c]):
        jokers = cross_line(S, line, P)
        if jokers >= 0:
            v = plan(c, True)
            _uncross_line(line, jokers)
            best = v if best is None or v > best else best
    return best


def _green_moves():
    # Best plan() after each of the X.keep presents that add most (ties: the lowest).
    best = None
    skip = 0
    for i in range(X.keep):
        b = gbest(S[GI], X.final, skip)
        if b < 0:
            break
        b = 15 - (b & 15)
        skip |= 1 << b
        b |= 0 if S[HP] else 16
        cross_green(S, b, P)
        v = plan(2, True)
        _uncross_green(b)
        best = v if best is None or v > best else best
    return best


def plan(c, stop):
    # Best ev() reachable by crossing on in colour c from the searched
    # position; stop: the move may end here. Each position searched and each
    # chain worked out spends a unit of X.work; once it is spent, positions are
    # valued as they stand, with no crosses further (deterministic: no clock).
    # A position reached again (another order, same crosses) comes from the cache.
    key = _key(c) if stop else 0
    i = (key ^ key >> 5 ^ key >> 11 ^ key >> 17) & 63
    if stop and _PLAN_KEYS[i] == key:
        return _PLAN_ANSWERS[i]
    v = ev() if stop else None
    X.work -= 1
    if X.work > 0 or not stop:
        if c != 2:
            c = _line_moves(c)
        elif S[HP] or S[H]:
            c = _green_moves()
        else:
            c = None
        v = c if v is None or c is not None and c > v else v
    if v is None:
        v = ev()
    if stop:
        _PLAN_KEYS[i] = key
        _PLAN_ANSWERS[i] = v
    return v


def setup(g, work, keep):
    # Fill X and the shared buffers for a decision of g's player: work units
    # to spend, presents tried per step.
    x = X
    seat = x.seat = g.seat
    x.np = g.n
    x.sheets = g.sheets
    x.pj = g.opts["pool_jokers"]
    x.last = g.opts["end_rule"] == "turn" or (g.active + 1) % g.n == g.first
    x.final = 1 if g.ending and x.last else 0
    x.roller = g.role == 0 and g.phase != "bonus"
    x.work = work
    x.keep = keep
    # who still picks this turn after this player
    for p in range(4):
        _MOVES[p] = 0
    for i in range(1, (g.active - seat) % g.n if g.role else g.n):
        _MOVES[(seat + i) % g.n] = 1
    for i in range(NSYM):
        _FIXED[i] = 0
    for i in range(rules.NDICE):
        _FIXED[g.dice[i]] += not g.taken[i]
    x.gen = x.gen % 255 + 1
    if x.gen == 1:
        for i in range(256):
            _CHAIN_KEYS[i] = 0
        for i in range(64):
            _PLAN_KEYS[i] = 0


def start(g, sheet, colour, pending):
    # The searched position: the sheet, g's hand in colour (as g.counts(colour),
    # without its lists), the pending bonuses.
    colour = g.colour if colour < 0 else colour
    for i in range(H):
        S[i] = sheet[i]
    for i in range(NSYM):
        S[H + i] = _BASE[i] = 0
    for i in range(rules.NDICE):
        die = g.dice[i]
        if not g.spent[i]:
            _BASE[die] += 1
            if not (g.role and g.taken[i]) and (data.SYM_COLOUR[die] == colour or not die and (not g.role or X.pj)):
                S[H + die] += 1
                _BASE[die] -= 1
    P[0] = len(pending)
    for i in range(len(pending)):
        P[i + 1] = pending[i]


def first_cross(line, place, jokers):
    # The root action's cross on the searched position, with the jokers it says.
    if line == GI:
        cross_green(S, place | jokers << 4, P)
    else:
        field = NH[line][S[line]]
        S[H] -= jokers
        S[field & 31] -= (field >> 5) - jokers
        mark_line(S, line, P)


def bonus_cross(line, place):
    # The root action's bonus cross on the searched position.
    if line == GI:
        mark_green(S, place, P)
    else:
        mark_line(S, line, P)


def top_presents(sheet, n):
    # The n free presents of the sheet that add most (ties: the lowest), as a mask.
    top = 0
    for i in range(n):
        top |= 1 << 15 - (gbest(sheet[GI], X.final, top) & 15)
    return top
