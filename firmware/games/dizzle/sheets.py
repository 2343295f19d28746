"""Dizzle sheets: placement geometry, end of turn, scoring, summary, saves.

Half of the pure rules core: games.dizzle.rules.Game extends Sheets. Two modules, because
MicroPython compiles each in a smaller heap than one (docs/dizzle.md, "Memory"); the texts
a player reads are named in games/dizzle/texts.py.
"""
# pyright: reportAttributeAccessIssue=false
# (the type check, tools/typecheck.py: Sheets is a mixin: its attributes are rules.Game's)
from core.rules import plain, winners_of
from core.rng import Rng
from games.dizzle import texts

GAME_ID = "dizzle"
# sheets[seat][cell] holds one of:
EMPTY = 0   # free field (voids too: see pips)
XED = 1     # an X: start field, a die of an earlier turn, a planet from a rocket
DIE = 2     # a die placed this turn (becomes an X at the end of the turn)
BOOM = 3    # struck out by another player's bomb, never usable
START = 7   # pips[cell] of a printed start X (0 = void, 1-6 = field)

# score breakdown labels
LABELS = "gems puzzles rows columns flags bombs piles total".split()
TOTAL = LABELS.index("total")   # the total's place in a breakdown (the last)
# what a player who tries something else must do first
WAIT = {"back": texts.GIVE_BACK_FIRST, "planet": texts.CHOOSE_PLANET_FIRST}
# attributes saved as they are (lists, ints, strings; bytearrays as lists)
_SAVED = ("names", "forced", "placed", "ticks", "active", "rerolls", "pool", "phase", "turn",
          "starter", "cur", "last", "pending", "events", "sheets", "tiers", "flagged")


def _full(sh, groups):
    # the points of the groups (points, cell, cell, ...) whose cells are all crossed
    n = 0
    for g in groups:
        k = 1
        while k < len(g) and sh[g[k]] == XED:
            k += 1
        if k == len(g):
            n += g[0]
    return n


class Level:
    """A level's printed sheet and its scoring, from its entry of data.LEVELS: its name;
    rows and cols; pip_chars and symbols (bytes, a character per cell: see data.py);
    puzzles, row_bonus and col_bonus (tuples of bytes: points, then the cells); the
    bomb_penalty and pile_penalty (points per field); flags (bytes: cell, points first,
    points later); keys ((colour, key cells, lock cells), ...), and their key_cells and
    lock_cells alone; bonus_groups: (puzzles, row_bonus, col_bonus). One a game: 512 bytes on
    the unix port (the level's tuple it replaces was shared by every game of the level)."""
    __slots__ = ("name", "rows", "cols", "pip_chars", "symbols", "puzzles", "row_bonus", "col_bonus",
                 "bomb_penalty", "pile_penalty", "flags", "keys", "key_cells", "lock_cells", "bonus_groups")

    def __init__(self, entry):
        (self.name, self.rows, self.cols, self.pip_chars, self.symbols, self.puzzles, self.row_bonus,
         self.col_bonus, self.bomb_penalty, self.pile_penalty, self.flags, self.keys) = entry
        self.key_cells = tuple(key_cells for _colour, key_cells, _lock_cells in self.keys)
        self.lock_cells = tuple(lock_cells for _colour, _key_cells, lock_cells in self.keys)
        self.bonus_groups = (self.puzzles, self.row_bonus, self.col_bonus)


class Sheets:
    def __init__(self, n, level_sheet):
        self.n = n
        self.level_sheet = level_sheet    # a Level
        self.rows = level_sheet.rows
        cols = self.cols = level_sheet.cols
        nc = self.ncells = level_sheet.rows * cols
        self.pips = pips = bytes(b - 48 if 48 < b < 55 else (START if b == 88 else 0) for b in level_sheet.pip_chars)
        self.syms = syms = level_sheet.symbols
        cells = self.cells = {}       # symbol code -> tuple of its cells
        self.lockc = bytearray(nc)    # for a lock: its entry in level_sheet.keys + 1
        nb = self.nb = bytearray(b"\xff" * (4 * nc))  # 4 neighbour cells each, 255 = none
        for i in range(nc):
            k = 4 * i
            for j in (i - cols, i - 1 if i % cols else -1, i + 1 if (i + 1) % cols else -1, i + cols):
                if 0 <= j < nc and pips[j]:
                    nb[k] = j
                    k += 1
            if syms[i] != 46:
                cells[syms[i]] = cells.get(syms[i], ()) + (i,)
            for k in range(len(level_sheet.keys)):
                if i in level_sheet.lock_cells[k]:
                    self.lockc[i] = k + 1
        self.planets = self.of("o")
        self.flags = level_sheet.flags    # bytes: cell, points first, points later
        self.sheets = [bytearray(int(p == START) for p in pips) for _ in range(n)]
        self.tiers = [bytearray(len(self.flags)) for _ in range(n)]  # flags: 0 -, 1 first, 2 later
        self.flagged = bytearray(len(self.flags))  # 1 once someone crossed the flag

    def of(self, ch):
        # cells carrying symbol ch (e.g. '*' bombs), sorted
        return self.cells.get(ord(ch), ())

    def nbrs(self, i):
        # the fields (no voids) above, left, right and below cell i
        return [j for j in self.nb[4 * i:4 * i + 4] if j < 255]

    def _around(self, seat, i, out):
        # add to out the fields next to cell i a die may lie on (pips aside);
        # loops without allocating: the bots call this very often (a while
        # loop and field_free(): a frame over 11 words is allocated per call;
        # field_free() with two more locals did: 144 bytes a call, unix port)
        k = 4 * i
        while k < 4 * i + 4:
            j = self.nb[k]
            if j < 255 and j not in out and self.field_free(seat, j):
                out.append(j)
            k += 1

    def field_free(self, seat, cell):
        # field_problem(seat, cell) is None, without building the reason
        st = self.sheets[seat]
        k = self.pips[cell]
        if k == 0 or k == START or st[cell]:
            return False
        k = self.lockc[cell]
        if not k:
            return True
        k = self.level_sheet.key_cells[k - 1]   # the lock's key cells: open once one is crossed
        for cell in range(len(k)):
            if st[k[cell]] == XED:
                return True
        return False

    def rc(self, cell):
        # a field as players read and write it: "row,column" counted from 1
        return "%d,%d" % (cell // self.cols + 1, cell % self.cols + 1)

    def field_problem(self, seat, cell):
        # why no die may lie on cell for seat (pips and neighbours aside), or None
        st = self.sheets[seat][cell]
        if self.pips[cell] == 0 or self.pips[cell] == START or st:
            # a start field; else 12 no field, 13 crossed, 14 your die, 15 blown up
            return texts.START_FIELD_CROSSED if self.pips[cell] == START else texts.FIELD_TAKEN[st]
        k = self.lockc[cell]
        if k:
            colour, key_cells, _lock_cells = self.level_sheet.keys[k - 1]
            k = [self.sheets[seat][i] for i in key_cells]     # the player's key fields
            if XED not in k:
                # Your %s key only counts from your  / The %s lock opens once you have cr
                return texts.KEY_NOT_YET % colour if DIE in k else texts.LOCK_NEEDS_KEY % (colour, colour)

    def targets(self, seat):
        # (mode, sorted cells) where seat's next die may go, pips aside. mode:
        # 'first' next to any X, 'next' next to this turn's dice, 'jump' boxed in
        sh = self.sheets[seat]
        x = self.placed[seat]           # the dice later dice must touch
        if self.opts["cluster"] == "newest" and x:
            x = [x[-1]]                 # only the newest group counts
            for i in x:
                x += [j for j in self.nbrs(i) if sh[j] == DIE and j not in x]
        out = []
        for i in x:
            self._around(seat, i, out)
        t = "next" if out else ("jump" if x else "first")
        if not out:
            for i in range(self.ncells):
                if sh[i] == XED:
                    self._around(seat, i, out)
        out.sort()
        return t, out

    def target_cells(self, seat):
        # the cells of targets(seat) alone
        _mode, cells = self.targets(seat)
        return cells

    def placements(self, seat=None):
        # legal (die value, cell) pairs for seat now, sorted; [] outside a take
        if self.phase != "take" or seat not in (None, self.cur):
            return []
        return sorted((self.pips[c], c) for c in self.target_cells(self.cur) if self.pips[c] in self.pool)

    def why_not(self, value, row, col, seat=None):
        # why seat may not put a die showing value on (row, col) now; None if it may
        seat = self.cur if seat is None else seat
        ph = self.phase
        if ph in ("over", "setup"):
            return texts.GAME_OVER if ph == "over" else texts.NOT_STARTED
        if seat != self.to_act():
            return texts.NOT_YOUR_GO % self.names[self.to_act()]
        if ph != "take":
            return WAIT[ph]
        if value not in self.pool:
            return texts.NOT_ON_TABLE % value
        if not (0 <= row < self.rows and 0 <= col < self.cols):
            return texts.OFF_SHEET
        cell = row * self.cols + col
        t = self.field_problem(seat, cell)
        if t or self.pips[cell] != value:
            return t or texts.NEEDS_PIPS % (self.pips[cell], value)
        t, x = self.targets(seat)
        if cell in x:
            return None
        if t == "next":
            # You may only jump when your dice a / Put it next to your dice from this
            return texts.JUMP_ONLY_BOXED_IN if XED in [self.sheets[seat][j] for j in self.nbrs(cell)] else texts.NEXT_TO_TURN_DICE
        # You are boxed in: jump next to any / Your first die must go next to an 
        return texts.BOXED_IN_JUMP if t == "jump" else texts.FIRST_NEXT_TO_X

    def reroll_allowed(self):
        k = self.opts["rerolls"]
        return bool(self.pool) and (k == 0 or self.rerolls[self.cur] < k)

    def round_no(self):
        # round of the current turn (1-based); the last round once over
        return min(self.turn // self.n + 1, self.rounds)

    def free_planets(self, seat):
        return [i for i in self.planets if self.sheets[seat][i] == EMPTY]

    def x_count(self, seat):
        return sum(1 for s in self.sheets[seat] if s == XED)

    def sheet_rows(self, seat):
        # rows as text: '#' void, digit free field, X crossed, D die this turn, ! exploded
        sh = self.sheets[seat]
        c = self.cols
        return ["".join("#123456XXD!"[sh[i] + 7 if sh[i] else self.pips[i]] for i in range(r * c, r * c + c))
                for r in range(self.rows)]

    def breakdown(self, seat):
        # itemised score: list of (label, points), 'total' last
        return list(zip(LABELS, self._points(seat)))

    def score(self, seat):
        return self._points(seat)[TOTAL]

    def _points(self, seat):
        # the breakdown's points in LABELS order. Loops, not generators and
        # slices: a score took 11.5 us and 4.5 KB, now 8 us and 96 B on the unix
        # port (the key press to a 4-player game's end: 133 -> 34 KB allocated).
        sh = self.sheets[seat]
        level_sheet = self.level_sheet
        syms = self.syms
        t = self.tiers[seat]
        gems = boom = piles = flags = 0
        for i in range(self.ncells):
            if sh[i] == XED:
                if 48 < syms[i] < 52:
                    gems += syms[i] - 48
                elif syms[i] == 126:        # "~" a brown pile
                    piles += 1
            elif sh[i] == BOOM:
                boom += 1
        for k in range(len(t)):
            if t[k]:
                flags += self.flags[k][t[k]]
        out = [gems, _full(sh, level_sheet.puzzles), _full(sh, level_sheet.row_bonus), _full(sh, level_sheet.col_bonus),
               flags, -level_sheet.bomb_penalty * boom, -level_sheet.pile_penalty * piles, 0]
        out[TOTAL] = sum(out)   # every item before it (its own place is still 0)
        return out

    def scores(self):
        return [self.score(i) for i in range(self.n)]

    def best(self):
        # seats with the best score; fewer X's breaks a tie, then it is shared
        return winners_of(self.scores(), [-self.x_count(i) for i in range(self.n)])

    def summary(self):
        n = range(self.n)
        return {
            "phase": self.phase, "to_act": self.to_act(), "level": self.level,
            "turn": self.turn + (self.phase != "over"), "round": self.round_no(), "rounds": self.rounds,
            "start": self.starter, "pool": list(self.pool), "active": list(self.active),
            "last": self.last, "ticks": list(self.ticks), "rerolls": list(self.rerolls),
            "sheets": [self.sheet_rows(i) for i in n],
            "placed": [[list(divmod(c, self.cols)) for c in self.placed[i]] for i in n],
            "pending": list(self.pending), "flags": plain(self.tiers),
            "x": [self.x_count(i) for i in n], "scores": self.scores(),
        }

    def to_save(self):
        d = {"game": GAME_ID, "v": 1, "n": self.n, "options": dict(self.opts), "rng": list(self.rng.getstate())}
        for k in _SAVED:
            d[k] = plain(getattr(self, k))
        return d

    @classmethod
    def from_save(cls, data):
        if data.get("game") != GAME_ID:
            raise ValueError(texts.NOT_A_SAVE)
        rng = Rng(1)
        rng.setstate(data["rng"])
        g = cls(data["n"], data["options"], rng)  # pyright: ignore[reportCallIssue]  -- cls is rules.Game, which takes these
        for k in _SAVED:
            setattr(g, k, plain(data[k]))
        g.sheets = [bytearray(s) for s in g.sheets]
        g.tiers = [bytearray(t) for t in g.tiers]
        g.flagged = bytearray(g.flagged)
        return g

    # ------------------------------------------------- end of a turn, of the game
    def _end_turn(self):
        # dice become X's; then bombs, flags, rockets (one pending entry each)
        n = self.n
        o = self.opts
        sh = self.sheets
        r = self.round_no()
        x = []                      # per seat: the cells crossed this turn
        for p in range(n):
            c = sorted(self.placed[p])
            for i in c:
                sh[p][i] = XED
            x.append(c)
            self.placed[p] = []
            if c:
                self._log(texts.EV_MARKS_X, self.names[p], len(c))
        for p in range(n):
            for i in x[p]:
                c = [q for q in range(n) if self.syms[i] == 42 and q != p and not sh[q][i]]   # hit
                for q in c:
                    sh[q][i] = BOOM
                if c:
                    # Bomb %s by %s hits %s
                    self._log(texts.EV_BOMB_HITS, self.rc(i), self.names[p], " ".join(self.names[q] for q in c))
        if n == 1 and o["solo_bomb"] == "explode" and r == o["bomb_rnd"]:
            c = [i for i in self.of("*") if not sh[0][i]]
            for i in c:
                sh[0][i] = BOOM
            if c:
                self._log(texts.EV_BOMBS_BLEW, len(c))
        for f in range(len(self.flags)):
            cell, first, later = self.flags[f]      # the points of the first to cross it, of those after
            t = (1 if r <= o["flag_rnd"] else 2) if n == 1 else 1 + self.flagged[f]   # tier
            for p in range(n):
                if cell in x[p]:
                    self.tiers[p][f] = t
                    self.flagged[f] = 1
                    self._log(texts.EV_FLAG, self.names[p], self.rc(cell), first if t == 1 else later)
        for k in range(n):
            p = (self.starter + k) % n
            self.pending += [p for i in x[p] if self.syms[i] == 94]  # pyright: ignore[reportOperatorIssue]  -- mixin: pending is the Game's
        self._pending()

    def _pending(self):
        # planet choices, then the next turn or the end of the game
        while self.pending:
            c = self.free_planets(self.pending[0])
            if len(c) > 1:
                self.phase = "planet"
                return
            if c:
                return self._planet(c[0])
            self._log(texts.EV_ROCKET_NO_PLANET, self.names[self.pending.pop(0)])
        self.turn += 1
        self.phase = "take"
        k = self.turn < self.rounds * self.n      # another turn?
        for p in range(self.n):
            if EMPTY not in bytes(self.sheets[p][i] for i in range(self.ncells) if 0 < self.pips[i] < START):
                self._log(texts.EV_SHEET_FULL, self.names[p])
                k = False
        if k:
            self.starter = (self.starter + 1) % self.n
            return self._start_turn()
        self.phase = "over"
        self.pool = []
        w = self.best()
        # Game over: %s win%s with %d
        self._log(texts.EV_GAME_OVER, " & ".join(self.names[i] for i in w), "s" if len(w) == 1 else "", self.score(w[0]))
