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
from core.rules import parse_options, plain, winners_of
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


def area_done(sheet, colour):
    if colour == 2:
        return sheet[GI] == GFULL
    for line in range(GI):      # a loop, not all() over a generator: no allocation
        if LCOL[line] == colour and sheet[line] < len(LREW[line]):
            return False
    return True


def area_stars(sheet):
    """Stars per area [Y, R, G, B] of the sheet."""
    per_area = [0, 0, 0, 0]
    for line in range(GI):
        per_area[LCOL[line]] += LSTARS[line][sheet[line]]
    for i in range(GR + GC):
        per_area[2] += sheet[GI] & GMASK[i] == GMASK[i] and GREW[i] == 1
    return per_area


def stars(sheet):
    return sum(area_stars(sheet))


def have(counts, want, colour):
    """Real dice in counts for a field wanting symbol want (-1: any of the colour)."""
    if want > 0:
        return counts[want]
    n = 0
    for symbol in range(1, NSYM):       # a loop, not sum() over a generator: no allocation
        if data.SYM_COLOUR[symbol] == colour:
            n += counts[symbol]
    return n


JOKERS = tuple(" " + "J" * j if j else "" for j in range(NDICE + 1))    # an action's joker part


def options(sheet, colour, counts):
    """Cross actions in area colour with the symbols in counts (index =
    symbol code, counts[0] = jokers), e.g. "Y3", "R2 J", "G23", "B21 JJ".
    Each action is made by one format and appended, with no list per field and no
    generator in have(): the rules ask for these several times an action (unix port, a
    4-player normal game's 113 actions: legal_actions() 5.3 -> 3.2 KB a call, apply()
    17.1 -> 11.1 KB mean, 43.8 -> 36.2 KB max; the same lists as before over 80,000
    random sheets, dice and colours)."""
    out = []
    for line in range(GI):
        if LCOL[line] == colour and sheet[line] < len(LREW[line]):
            done = sheet[line]
            needed = LNEED[line][done]
            for jokers in range(max(0, needed - have(counts, LWANT[line][done], colour)), min(needed, counts[0]) + 1):
                out.append("%s%d%s" % (LNAME[line], done + 1, JOKERS[jokers]))
    if colour == 2:
        real = have(counts, -1, 2) > 0
        joker = counts[0] > 0
        for bit in range(GR * GC):
            if not sheet[GI] >> bit & 1:
                field = "G%d%d" % (bit // GC + 1, bit % GC + 1)
                if real:
                    out.append(field)
                if joker:
                    out.append(field + " J")
    return out


def targets(sheet, colour):
    """Fields a bonus cross in area colour may take (a whole symbol each)."""
    return options(sheet, colour, PLENTY)


def parse(action):
    """'G23 J' -> (line, place, jokers): place = green bit, or the 1-based
    field of the line. None if action is not a field."""
    parts = action.split(" ")
    jokers = parts[1] if len(parts) == 2 else ""
    if len(parts) > 2 or jokers != "J" * len(jokers) or len(parts) - 1 > len(jokers):
        return None
    for line in range(GI, -1, -1):
        digits = parts[0][len(LNAME[line]):]
        if parts[0].startswith(LNAME[line]) and digits.isdigit():
            if line < GI:
                return (line, int(digits), len(jokers))
            if len(digits) == 2 and 0 < int(digits[0]) <= GR and 0 < int(digits[1]) <= GC:
                return (line, int(digits[0]) * GC + int(digits[1]) - GC - 1, len(jokers))
            return None


def mark(sheet, line, place):
    """Cross one whole symbol: the next field of the line, or green bit place.
    Returns (stars gained, bonus colours earned)."""
    before = stars(sheet)
    if line == GI:
        sheet[GI] |= 1 << place
        bonus = [GREW[i] - 2 for i in (place // GC, GR + place % GC) if sheet[GI] & GMASK[i] == GMASK[i] and GREW[i] > 1]
    else:
        reward = LREW[line][sheet[line]]
        sheet[line] += 1
        bonus = [reward - 2] * (reward > 1)
    return stars(sheet) - before, bonus


def name(line, place):
    """'balloon 3', 'wagon 2', 'donut 1', 'present 2-3' (place as in parse)."""
    if line == GI:
        return "present %d-%d" % (place // GC + 1, place % GC + 1)
    return ("balloon", "wagon", data.SYM_LABEL[data.BLUE_SYM[line - 2 if line > 1 else 0]])[min(line, 2)] + " %d" % place


def label(action):
    """Menu text for an action: 'yellow', 'balloon 3 +J', 'present 2-3'."""
    parsed = parse(action)
    if len(action) == 1 and action in data.COLOURS:
        return data.COLOUR_NAMES[data.COLOURS.find(action)]
    if parsed is None:
        return action
    line, place, jokers = parsed
    return name(line, place) + " +J" * jokers


def rating(n):
    """Solo rating for n stars."""
    return [t for lo, t in data.SOLO_RATINGS if n >= lo][-1]




def need(sheet, line):
    """(symbols needed, symbol wanted or -1 for any of the area's colour)
    to cross the next field of the line, or a present (line = GI)."""
    return (1, -1) if line == GI else (LNEED[line][sheet[line]], LWANT[line][sheet[line]])


def spend(sheet, action, counts):
    """Copies of the sheet and hand counts (one colour plus jokers) after
    the cross action, with the bonus colours it earns."""
    line, place, jokers = parse(action)  # pyright: ignore[reportGeneralTypeIssues]  -- parse() is None only for what is not a field
    sheet, counts = list(sheet), list(counts)
    needed, want = need(sheet, line)
    needed -= jokers
    counts[0] -= jokers
    for symbol in range(1, NSYM):
        used = min(needed, counts[symbol]) * (want < 0 or symbol == want)
        counts[symbol] -= used
        needed -= used
    return sheet, counts, mark(sheet, line, place)[1]


def why_cross(sheet, colour, action, counts, bonus):
    """Why the cross (or bonus cross) action is refused in area colour, with
    hand counts."""
    parsed = parse(action)
    if parsed is None:
        return "I don't understand %r" % (action,)
    line, place, jokers = parsed
    if (2 if line == GI else LCOL[line]) != colour:
        return "Now only %s can be crossed" % data.COLOUR_NAMES[colour]
    if line == GI and sheet[GI] >> place & 1:
        return "That present is already crossed"
    if line < GI and sheet[line] >= len(LREW[line]):
        return "That row is full"
    if line < GI and place != sheet[line] + 1:
        return "Left to right: next is " + name(line, sheet[line] + 1)
    if bonus:
        return "A bonus cross needs no dice"
    needed, want = need(sheet, line)
    if jokers > min(needed, counts[0]):
        return "You can use %d joker%s here" % (min(needed, counts[0]), "s" * (min(needed, counts[0]) != 1))
    return "%s needs %d %s, you have %d" % (name(line, place), needed, data.SYM_LABEL[want if want > 0 else data.SYM_COLOUR.index(colour)],
                                           have(counts, want, colour) + jokers)


def sheet_info(sheet):
    """The sheet for summaries: Y, R = fields crossed, B = per blue row,
    G = one string per green row ('x' crossed), stars."""
    return {"Y": sheet[0], "R": sheet[1], "B": sheet[2:GI], "stars": stars(sheet),
            "G": ["".join(".x"[sheet[GI] >> row * GC + col & 1] for col in range(GC)) for row in range(GR)]}


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

    def in_hand(self, i, c):
        """Whether the deciding player may still use die i in colour c."""
        return not (self.spent[i] or self.role and self.taken[i]) and (
            data.SYM_COLOUR[self.dice[i]] == c or not self.dice[i] and (not self.role or self.opts["pool_jokers"]))

    def hand(self, c=-1):
        """Die indices the deciding player may still use in colour c
        (default: the colour picked)."""
        c = self.colour if c < 0 else c
        return [i for i in range(NDICE) if self.in_hand(i, c)]

    def counts(self, c=-1):
        """Dice of each symbol in hand() (index = symbol code, 0 = jokers), counted
        without making hand()'s list: asked for every colour at every pick."""
        c = self.colour if c < 0 else c
        n = [0] * NSYM
        for i in range(NDICE):
            if self.in_hand(i, c):
                n[self.dice[i]] += 1
        return n

    def pool(self):
        return [i for i in range(NDICE) if not self.taken[i]]

    def summary(self):
        sh = [sheet_info(s) for s in self.sheets]
        d = {"phase": self.phase, "to_act": self.to_act(), "active": self.active, "role": self.role,
             "turn": self.turn, "taken": list(self.taken), "spent": list(self.spent), "sheets": sh,
             "dice": [data.SYM_NAMES[x] for x in self.dice], "colour": data.COLOURS[self.colour] if self.colour >= 0 else "",
             "pending": [data.COLOURS[c] for c in self.pending], "scores": self.scores(), "over": self.over,
             "ending": self.ending}
        if self.n == 1:
            d["rating"] = rating(sh[0]["stars"])
        return d        # made fresh, to the last list: nothing in it is the game's

    def to_save(self):
        d = {"game": "clever", "rng": list(self.rng.getstate())}
        for k in SAVE:
            d[k] = plain(getattr(self, k))
        return d

    @classmethod
    def from_save(cls, d):
        from core.rng import Rng
        r = Rng(1)
        r.setstate(d["rng"])
        g = cls(d["n"], d["opts"], r)
        for k in SAVE:
            setattr(g, k, plain(d[k]))
        return g
