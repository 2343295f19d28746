"""Computer players for Clever Kids (everything in this game is public).

easy: a child who knows the rules: half the time the colour with the most
dice, otherwise any colour that fits; then random crosses until nothing
fits; random bonus choices.
normal: looks ahead over the whole move (crosses, then the bonus chain) and
scores where it leads in centi-stars: stars, plus progress towards stars and
bonus circles still ahead, minus what the dice left in the middle give the
others (solo: plus what they give your own second pick); a move that ends
the game scores high only if it wins. Integers only: same on every platform.
"""
from games.clever import rules as R

LEVELS = ("easy", "normal")
STAR, BON = 100, 60     # a star; a bonus circle still ahead
END = 800               # ending the game ahead (+) or not ahead (-)
DENY = 1                # the others' gain counts 1 / (DENY * (players - 1))
KEEP = 2                # green fields tried per step of the look-ahead
GQ = (100, 75, 56, 42, 32)


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


POT = [_pot(R.LREW[l], R.LNEED[l]) for l in range(R.GI)]


def cheap(s, final):
    """Stars, plus progress unless the game is surely over."""
    v = R.stars(s) * STAR
    if not final:
        for l in range(R.GI):
            v += POT[l][s[l]]
        for i in range(R.GR + R.GC):
            m = s[R.GI] & R.GMASK[i]
            k = R.GC if i < R.GR else R.GR
            while m:
                m &= m - 1
                k -= 1
            if k:
                v += (STAR if R.GREW[i] == 1 else BON) * GQ[k] // 100
    return v


def resolve(s, pend, final):
    """The sheet after the pending bonus crosses, each chosen greedily."""
    pend = list(pend)
    while pend:
        best = None
        for a in R.targets(s, pend.pop(0)):
            s2 = list(s)
            b = R.mark(s2, *R.parse(a)[:2])[1]
            if best is None or cheap(s2, final) > best[0]:
                best = (cheap(s2, final), s2, b)
        if best:
            s = best[1]
            pend += best[2]
    return s


def plan(s, c, n, pend, stop, ev, final):
    """Best ev() reachable by crossing on in colour c with hand counts n."""
    opts = R.options(s, c, n)
    best = ev(s, n, pend) if stop or not opts else None
    # per field only the option with the fewest jokers (it comes first)
    keep = [a for i, a in enumerate(opts) if not i or opts[i - 1].split(" ")[0] != a.split(" ")[0]]
    if c == 2:
        keep = sorted(keep, key=lambda a: (-cheap(R.spend(s, a, n)[0], final), a))[:KEEP]
    for a in keep:
        s2, n2, b2 = R.spend(s, a, n)
        v = plan(s2, c, n2, pend + b2, True, ev, final)
        if best is None or v > best:
            best = v
    return best


def gain(g, s, pool, final, memo):
    """Roughly what one more pick from the dice counted in pool adds to
    sheet s: per colour, the best-looking cross after cross, then bonuses."""
    key = (tuple(s), tuple(pool), final)
    if key not in memo:
        if len(memo) > 40:
            memo.clear()
        best = base = cheap(s, final)
        for c in range(4):
            s2, n, pend = s, [pool[x] * (R.D.SYM_COLOUR[x] == c or not x and g.opts["pool_jokers"])
                              for x in range(R.NSYM)], []
            while R.options(s2, c, n):
                step = None
                for a in R.options(s2, c, n):
                    t = R.spend(s2, a, n)
                    if step is None or (cheap(t[0], final), -a.count("J")) > step[0]:
                        step = ((cheap(t[0], final), -a.count("J")), t)
                s2, n, b = step[1]
                pend += b
            best = max(best, cheap(resolve(s2, pend, final), final))
        memo[key] = best - base
    return memo[key]


def _normal(g, acts):
    seat = g.seat
    s = g.sheets[seat]
    sc = g.scores()
    last = g.opts["end_rule"] == "turn" or (g.active + 1) % g.n == g.first
    final = g.ending and last
    roller = g.role == 0 and g.phase != "bonus"
    # who still picks this turn after this player
    movers = [(seat + i) % g.n for i in range(1, (g.active - seat) % g.n if g.role else g.n)]
    left = [0] * R.NSYM
    fixed = [0] * R.NSYM
    for i in range(R.NDICE):
        left[g.dice[i]] += not g.spent[i]
        fixed[g.dice[i]] += not g.taken[i]
    base = [fixed]
    memo = {}

    def ev(s2, n2, p2):
        """Value of ending the move with hand n2 left and bonuses p2 to make."""
        s2 = resolve(s2, p2, final)
        pool = [base[0][x] + n2[x] for x in range(R.NSYM)] if roller else fixed
        end = final or last and any(R.area_done(s2, c) for c in range(4))
        if end and not final and g.n > 1:
            best = max(sc[p] + (gain(g, g.sheets[p], pool, True, memo) // STAR if p in movers else 0)
                       for p in range(g.n) if p != seat)
            return R.stars(s2) * STAR + (END if R.stars(s2) > best else -END)
        v = cheap(s2, end)
        if roller and g.n == 1:
            v += gain(g, s2, pool, end, memo)
        elif roller:
            v -= sum(gain(g, g.sheets[p], pool, end, memo) for p in movers) // (DENY * (g.n - 1))
        return v

    if g.phase == "cross" and g.colour == 2 and len(acts) > 9:
        # presents: only the four most promising fields (with and without a joker)
        top = sorted(set(a.split(" ")[0] for a in acts if a != "done"),
                     key=lambda f: (-cheap(R.spend(s, f + " J", [9] * R.NSYM)[0], final), f))[:4]
        acts = [a for a in acts if a.split(" ")[0] in top or a == "done"]
    best = None
    for a in sorted(acts, key=lambda a: (a.count("J"), a)):
        c = R.D.COLOURS.find(a) if g.phase == "pick" else g.colour
        n = g.counts(c)
        base[0] = [left[x] - n[x] for x in range(R.NSYM)]
        if a == "pass":
            v = ev(s, n, [])
        elif g.phase == "pick":
            v = plan(s, c, n, [], False, ev, final)
        elif a in ("done", "skip"):
            v = ev(s, n, g.pending[a == "skip":])
        elif g.phase == "bonus":
            s2 = list(s)
            v = ev(s2, n, g.pending[1:] + R.mark(s2, *R.parse(a)[:2])[1])
        else:
            s2, n2, b2 = R.spend(s, a, n)
            v = plan(s2, c, n2, g.pending + b2, True, ev, final)
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
