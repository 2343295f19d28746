"""Clever Kids ("Auch schon clever"): sheet model and game state.

Tables derived from data.py, pure functions on one player's sheet, and the
State class (the game state and its views: hands, summary, saves). rules.py
adds the turn flow (rules.Game), bot.py the computer players. Why it is a
module of its own, apart from rules.py (the heap a compile from source needs,
measured): docs/clever.md.

A sheet is a list of small ints: one counter per line crossed left to right
(yellow, red, each blue row: how many fields are crossed), then the green
mask (bit row*GC+col) at index GI.
"""
from core.rules import parse_options, winners_of
from games.clever import data

NDICE = len(data.DICE)
NSYM = len(data.SYM_NAMES)
NB = len(data.BLUE_SYM)
LNAME = ("Y", "R") + tuple("B%d" % (i + 1) for i in range(NB)) + ("G",)
GI = NB + 2
LCOL = (0, 1) + (3,) * NB
LREW = (data.YELLOW_REW, data.RED_REW) + data.BLUE_REW
LNEED = ((1,) * len(data.YELLOW_SYM), data.RED_CANDLES) + tuple((2,) * len(r) for r in data.BLUE_REW)
LWANT = (data.YELLOW_SYM, (-1,) * len(data.RED_CANDLES)) + tuple((data.BLUE_SYM[i],) * len(data.BLUE_REW[i]) for i in range(NB))
GR = data.GREEN_ROWS
GC = data.GREEN_COLS
GFULL = (1 << GR * GC) - 1
GMASK = tuple(sum(1 << r * GC + c for c in range(GC)) for r in range(GR)) + tuple(
    sum(1 << r * GC + c for r in range(GR)) for c in range(GC))
GREW = data.GREEN_ROW_REW + data.GREEN_COL_REW
PLENTY = [0] + [9] * (NSYM - 1)
LSTARS = tuple(tuple(r[:i].count(1) for i in range(len(r) + 1)) for r in LREW)   # stars in the first i fields


def area_done(s, c):
    if c == 2:
        return s[GI] == GFULL
    return all(s[l] >= len(LREW[l]) for l in range(GI) if LCOL[l] == c)


def area_stars(s):
    """Stars per area [Y, R, G, B] of sheet s."""
    a = [0, 0, 0, 0]
    for l in range(GI):
        a[LCOL[l]] += LSTARS[l][s[l]]
    for i in range(GR + GC):
        a[2] += s[GI] & GMASK[i] == GMASK[i] and GREW[i] == 1
    return a


def stars(s):
    return sum(area_stars(s))


def have(n, want, c):
    """Real dice in counts n for a field wanting symbol want (-1: any of colour c)."""
    return n[want] if want > 0 else sum(n[x] for x in range(1, NSYM) if data.SYM_COLOUR[x] == c)


def options(s, c, n):
    """Cross actions in area c with the symbols counted in n (index =
    symbol code, n[0] = jokers), e.g. "Y3", "R2 J", "G23", "B21 JJ"."""
    out = []
    for l in range(GI + 1):
        if l == GI:
            if c == 2:
                for b in range(GR * GC):
                    if not s[GI] >> b & 1:
                        f = "G%d%d" % (b // GC + 1, b % GC + 1)
                        out += [f] * (have(n, -1, 2) > 0) + [f + " J"] * (n[0] > 0)
        elif LCOL[l] == c and s[l] < len(LREW[l]):
            k = LNEED[l][s[l]]
            for j in range(max(0, k - have(n, LWANT[l][s[l]], c)), min(k, n[0]) + 1):
                out.append(LNAME[l] + str(s[l] + 1) + (" " + "J" * j) * (j > 0))
    return out


def targets(s, c):
    """Fields a bonus cross in area c may take (a whole symbol each)."""
    return options(s, c, PLENTY)


def parse(a):
    """'G23 J' -> (line, place, jokers): place = green bit, or the 1-based
    field of line l. None if a is not a field."""
    p = a.split(" ")
    j = p[1] if len(p) == 2 else ""
    if len(p) > 2 or j != "J" * len(j) or len(p) - 1 > len(j):
        return None
    for l in range(GI, -1, -1):
        d = p[0][len(LNAME[l]):]
        if p[0].startswith(LNAME[l]) and d.isdigit():
            if l < GI:
                return (l, int(d), len(j))
            if len(d) == 2 and 0 < int(d[0]) <= GR and 0 < int(d[1]) <= GC:
                return (l, int(d[0]) * GC + int(d[1]) - GC - 1, len(j))
            return None


def mark(s, l, b):
    """Cross one whole symbol: the next field of line l, or green bit b.
    Returns (stars gained, bonus colours earned)."""
    before = stars(s)
    if l == GI:
        s[GI] |= 1 << b
        bon = [GREW[i] - 2 for i in (b // GC, GR + b % GC) if s[GI] & GMASK[i] == GMASK[i] and GREW[i] > 1]
    else:
        r = LREW[l][s[l]]
        s[l] += 1
        bon = [r - 2] * (r > 1)
    return stars(s) - before, bon


def name(l, b):
    """'balloon 3', 'wagon 2', 'donut 1', 'present 2-3' (b as in parse)."""
    if l == GI:
        return "present %d-%d" % (b // GC + 1, b % GC + 1)
    return ("balloon", "wagon", data.SYM_LABEL[data.BLUE_SYM[l - 2 if l > 1 else 0]])[min(l, 2)] + " %d" % b


def label(a):
    """Menu text for an action: 'yellow', 'balloon 3 +J', 'present 2-3'."""
    p = parse(a)
    if len(a) == 1 and a in data.COLOURS:
        return data.COLOUR_NAMES[data.COLOURS.find(a)]
    return a if p is None else name(p[0], p[1]) + " +J" * p[2]


def rating(n):
    """Solo rating for n stars."""
    return [t for lo, t in data.SOLO_RATINGS if n >= lo][-1]




def need(s, l):
    """(symbols needed, symbol wanted or -1 for any of the area's colour)
    to cross the next field of line l, or a present (l = GI)."""
    return (1, -1) if l == GI else (LNEED[l][s[l]], LWANT[l][s[l]])


def spend(s, a, n):
    """Copies of sheet s and hand counts n (one colour plus jokers) after
    the cross action a, with the bonus colours it earns."""
    l, b, j = parse(a)  # pyright: ignore[reportGeneralTypeIssues]  -- parse() is None only for what is not a field
    s, n = list(s), list(n)
    k, want = need(s, l)
    k -= j
    n[0] -= j
    for x in range(1, NSYM):
        t = min(k, n[x]) * (want < 0 or x == want)
        n[x] -= t
        k -= t
    return s, n, mark(s, l, b)[1]


def why_cross(s, c, a, n, bonus):
    """Why the cross (or bonus cross) a is refused in area c, hand counts n."""
    p = parse(a)
    if p is None:
        return "I don't understand %r" % (a,)
    l, b, j = p
    if (2 if l == GI else LCOL[l]) != c:
        return "Now only %s can be crossed" % data.COLOUR_NAMES[c]
    if l == GI and s[GI] >> b & 1:
        return "That present is already crossed"
    if l < GI and s[l] >= len(LREW[l]):
        return "That row is full"
    if l < GI and b != s[l] + 1:
        return "Left to right: next is " + name(l, s[l] + 1)
    if bonus:
        return "A bonus cross needs no dice"
    k, want = need(s, l)
    if j > min(k, n[0]):
        return "You can use %d joker%s here" % (min(k, n[0]), "s" * (min(k, n[0]) != 1))
    return "%s needs %d %s, you have %d" % (name(l, b), k, data.SYM_LABEL[want if want > 0 else data.SYM_COLOUR.index(c)],
                                           have(n, want, c) + j)


def sheet_info(s):
    """Sheet s for summaries: Y, R = fields crossed, B = per blue row,
    G = one string per green row ('x' crossed), stars."""
    return {"Y": s[0], "R": s[1], "B": s[2:GI], "stars": stars(s),
            "G": ["".join(".x"[s[GI] >> r * GC + c & 1] for c in range(GC)) for r in range(GR)]}


def clone(v):
    return [clone(x) for x in v] if isinstance(v, list) else dict(v) if isinstance(v, dict) else v


SAVE = ("n", "opts", "names", "forced", "events", "sheets", "dice", "taken", "spent", "phase",
        "seat", "active", "first", "role", "colour", "crosses", "pending", "ending", "over", "turn")


class State:
    """The game state and its views; rules.Game adds the turn flow.
    Screens read sheets, dice, taken, spent, phase, seat, active, role,
    colour, pending, ending, over, turn, names (docs/clever.md)."""

    def __init__(self, nplayers, options=None, rng=None):
        if not 0 < nplayers <= 4:
            raise ValueError("Clever Kids takes 1 to 4 players")
        self.opts = parse_options(self.OPTIONS, options)  # pyright: ignore[reportAttributeAccessIssue]  -- rules.Game (this class's subclass) has OPTIONS
        if rng is None:
            from core.rng import Rng
            rng = Rng(1)
        self.rng = rng
        self.n = nplayers
        self.names = ["P%d" % (i + 1) for i in range(nplayers)]
        self.sheets = [[0] * (GI + 1) for _ in range(nplayers)]
        self.forced, self.events, self.pending = [], [], []
        self.dice, self.taken, self.spent = [0] * NDICE, [0] * NDICE, [0] * NDICE
        self.phase = "setup"
        self.seat = self.active = self.first = self.role = self.crosses = self.turn = 0
        self.colour = -1
        self.ending = self.over = False

    def force(self, values):
        """Queue the faces of the next dice, D1..D5 per roll: 1..6 or a face
        name ("JOKER", "Y:pink"). start_player=random: first the seat."""
        for v in values:
            if v not in data.SYM_NAMES and v not in range(7):
                raise ValueError("force takes faces 1..6 or face names")
            self.forced.append(v)

    def to_act(self):
        return -1 if self.over else self.seat

    def is_over(self):
        return self.over

    def scores(self):
        return [stars(s) for s in self.sheets]

    def winners(self):
        return winners_of(self.scores()) if self.over else []

    def pop_events(self):
        e, self.events = self.events, []
        return e

    def hand(self, c=-1):
        """Die indices the deciding player may still use in colour c
        (default: the colour picked)."""
        c = self.colour if c < 0 else c
        return [i for i in range(NDICE) if not (self.spent[i] or self.role and self.taken[i]) and (
            data.SYM_COLOUR[self.dice[i]] == c or not self.dice[i] and (not self.role or self.opts["pool_jokers"]))]

    def counts(self, c=-1):
        n = [0] * NSYM
        for i in self.hand(c):
            n[self.dice[i]] += 1
        return n

    def pool(self):
        return [i for i in range(NDICE) if not self.taken[i]]

    def summary(self):
        sh = [sheet_info(s) for s in self.sheets]
        d = {"phase": self.phase, "to_act": self.to_act(), "active": self.active, "role": self.role,
             "turn": self.turn, "taken": self.taken, "spent": self.spent, "sheets": sh,
             "dice": [data.SYM_NAMES[x] for x in self.dice], "colour": data.COLOURS[self.colour] if self.colour >= 0 else "",
             "pending": [data.COLOURS[c] for c in self.pending], "scores": self.scores(), "over": self.over,
             "ending": self.ending}
        if self.n == 1:
            d["rating"] = rating(sh[0]["stars"])
        return clone(d)

    def to_save(self):
        d = {"game": "clever", "rng": list(self.rng.getstate())}
        for k in SAVE:
            d[k] = clone(getattr(self, k))
        return d

    @classmethod
    def from_save(cls, d):
        from core.rng import Rng
        r = Rng(1)
        r.setstate(d["rng"])
        g = cls(d["n"], d["opts"], r)
        for k in SAVE:
            setattr(g, k, clone(d[k]))
        return g
