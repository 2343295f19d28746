"""Cookie Party (Keksekaestchen): dots-and-boxes roll and write, 2-5 players.

The rules core is games.cookie.rules (import that). It is split over two modules only
because MicroPython compiles a source file in one piece and the compile must fit a 96K
heap: this file holds the helpers and GameBase (the state, legal_actions() and the check
of an action, queries, summary, save/load, events, forced values); rules.py holds Game
(options, setup, apply() and the round flow). Pure, no I/O. See docs/cookie.md.
"""
# pyright: reportAttributeAccessIssue=false
# (the type check, tools/typecheck.py: the per-seat lists are set by name (setattr) and rules.Game's)
from binascii import hexlify, unhexlify

from core.rules import plain, winners_of
from games.cookie.data import (CHIPS, FRAME, KIND_CODES, KIND_NAMES, LINES, SIDE_NAMES, SIDES, SPACE_SEGS,
                               THRESHOLDS, THRESHOLDS_ALT)

KIND_WORDS = KIND_NAMES.split()  # the kinds' names (split once: the zoom names a space at each key)
# decision phases (to_act() >= 0). Between decisions Game._run() passes small
# int stages: 1 end of round / new roll, 2 a seat's turn begins, 3 walls done
# (drink), 4 relocate lifted chips, 5 find completed tasks, 6 claim them
DECISIONS = ("place", "walls", "bonus", "relocate", "move", "target", "claim")
# what each decision asks for, the reason shown for a refused action
HINTS = {
    "place": "Put your next chip on a space ('put 2 3') or 'random'",
    "walls": "Draw a wall next to the rolled chip ('wall H 2 3')",
    "bonus": "Draw your drink wall on any free line ('wall H 2 3')",
    "relocate": "Put the lifted chip on a free space ('put 2 3')",
    "move": "Pick a chip to move ('move 7') or 'done'",
    "target": "Put the chip on a free space ('put 2 3') or 'back'",
    "claim": "Give one of your chips for the task ('give 7')",
}
# what a save holds besides the rng (bytearrays are saved as lists, the boards as hex)
_SAVE = ("n opts names bars score claims round dice phase seat need space pending moving todo placed forced "
         "events walls crossed chip_at gone done level now last_layout")
# Each seat's boards (178 bytes: walls, crossed, chip_at, gone, done) are saved as hex
# text: one str of 2 characters a byte instead of a list of ints (8 bytes an int on the
# 64-bit unix port, 4 on a console). A 5-seat game's boards took 8.5 KB as lists in each
# copy of its save data, and a save in the middle of a turn holds two (the game's and
# Undo's): the key fuzz ran out of memory there (tests/test_fuzz.py KNOWN, seeds 22, 25).
_BOARDS = ("walls", "crossed", "chip_at", "gone", "done")


def seg_name(i):
    # wall index -> "H r c" (0..41, the top edge of space r c) / "V r c"
    # (42..83, its left edge); rows and columns are counted from 1, as a
    # player counts them (H 7 c: the bottom edge, V r 7: the right edge)
    if i < 42:
        return "%s %d %d" % ("H", i // 6 + 1, i % 6 + 1)
    return "%s %d %d" % ("V", (i - 42) // 7 + 1, (i - 42) % 7 + 1)


def seg_index(a, r, c):
    # "H"/"V", row, col (from 1) -> wall index, -1 when there is no such wall
    if a == "H" and 1 <= r <= 7 and 1 <= c <= 6:
        return r * 6 + c - 7
    if a == "V" and 1 <= r <= 6 and 1 <= c <= 7:
        return 34 + r * 7 + c
    return -1


def space_name(s):
    # space index (r*6+c from 0) -> "r c" counted from 1
    return "%d %d" % (s // 6 + 1, s % 6 + 1)


def space_index(r, c):
    # row, col (from 1) -> space index, -1 when there is no such space
    return r * 6 + c - 7 if 1 <= r <= 6 and 1 <= c <= 6 else -1


def num(t):
    # "7" -> 7, anything else -> -1
    return int(t) if t.isdigit() and len(t) < 3 else -1


class Task:
    """One task of the scoreboard (data.SIDES): its id ("all_G", "red6", "line"), how many
    of its spaces must be crossed, its points (bytes: the first, second and later slots),
    its spaces (bytes; none: any full row or column) and the label the screens show.
    (A tuple read by index before; these cost 64 bytes a task more on the unix port, 576
    for a side's 9.)"""
    __slots__ = ("id", "needed", "points", "spaces", "label")

    def __init__(self, task_id, needed, points, spaces, label):
        self.id = task_id
        self.needed = needed
        self.points = points
        self.spaces = spaces
        self.label = label


class GameBase:
    def _setup(self, n, o):
        # all the state (see docs/cookie.md) for n players and the options o
        self.n = n
        self.threshold = (THRESHOLDS if o["thresholds"] == "standard" else THRESHOLDS_ALT)[n]
        # side: name; kinds: 36 kind codes row by row; red: 36 bytes (1 = red
        # background); dots: white-dot spaces; setup_spaces: where the first
        # game puts the chips; x: printed walls; tasks: see data.py
        self.side, self.kinds, self.red, self.dots, self.setup_spaces, x, a, b, c = \
            SIDES[SIDE_NAMES.index(o["side"])]
        self.tasks = []     # Task per task of the side
        i = 0
        for t in range(len(a)):
            self.tasks.append(Task(a[t], b[i], b[i + 1:i + 4], b[i + 5:i + 5 + b[i + 4]], c.split("|")[t]))
            i += 5 + b[i + 4]
        t = self.nt = len(a)
        self.names = ["P%d" % (i + 1) for i in range(n)]
        w = bytearray(84)
        for i in x + (FRAME if o["frame"] else b""):
            w[i] = 1
        # per seat: walls (84: 0 free, 1 printed, 2 drawn), crossed (36: 1 =
        # crossed), chip_at (36: chip value or 0), gone (by chip value: 0 on
        # the board, 1 on the scoreboard, 2 removed), done (points per task)
        self.walls = [bytearray(w) for i in range(n)]
        for x, i in (("crossed", 36), ("chip_at", 36), ("gone", 13), ("done", t)):
            setattr(self, x, [bytearray(i) for w in range(n)])
        self.claims = [[] for i in range(n)]    # [task, slot, points, chip, round]
        self.bars = [0] * n
        self.score = [0] * n
        self.level = bytearray(t)     # occupied scoreboard slots per task (0..2)
        self.now = bytearray(t)       # 1 = task claimed by someone this round
        self.dice = [0, 0]
        self.phase = "new"
        # need: walls still to draw (walls); moving: chip picked for the
        # optional move (target); placed: chips placed so far (place)
        self.round = self.seat = self.need = self.moving = self.placed = 0
        self.space = -1       # space of the rolled chip (walls)
        self.pending = []     # chips lifted off crossed spaces (relocate)
        self.todo = []        # completed tasks still to claim (claim)
        self.last_layout = None   # last complete layout (36 chip values): "copy"
        self.forced = []
        self.events = []

    def legal_actions(self):
        ph = self.phase
        p = self.seat
        out = []
        if ph in ("place", "relocate", "target"):
            out = ["put " + space_name(s) for s in self.free_spaces(p)]
            if ph == "target":
                out.append("back")
            if ph == "place":
                out += ["random"] + ["copy"] * (self.last_layout is not None)
        elif ph == "walls":
            out = ["wall " + seg_name(i) for i in self.free_sides(p, self.space)]
        elif ph == "bonus":
            out = ["wall " + seg_name(i) for i in self.free_walls(p)] + ["skip"] * self.opts["bonus_optional"]
        elif ph == "move" or ph == "claim":
            out = [("move %d" if ph == "move" else "give %d") % v for v in self.chips_on_board(p)]
            out += ["done"] * (ph == "move")
        out.sort()
        return out

    def to_act(self):
        return self.seat if self.phase in DECISIONS else -1

    def is_over(self):
        return self.phase == "over"

    def force(self, values):
        # die faces 1-6 in roll order; a list = a chip layout (docs/cookie.md)
        for v in values:
            if not isinstance(v, list) and v not in (1, 2, 3, 4, 5, 6):
                raise ValueError("force() takes die faces 1-6 and layout lists")
            self.forced.append(v)

    def pop_events(self):
        # (the long-lived lists are kept and refilled, not replaced: fewer
        # scattered allocations on a small heap)
        x = list(self.events)
        self.events.clear()
        return x

    def scores(self):
        return list(self.score)

    def winners(self):
        return winners_of(self.score) if self.phase == "over" else []

    def roll_sum(self):
        return self.dice[0] + self.dice[1]

    # ---------------------------------------------------------- board reads
    def free_sides(self, p, s):
        # walls not yet drawn around space s, in order top, bottom, left, right
        w = self.walls[p]
        return [SPACE_SEGS[4 * s + k] for k in range(4) if not w[SPACE_SEGS[4 * s + k]]]

    def free_walls(self, p, x=0):
        # walls not drawn yet (x = 2: the walls the player drew)
        w = self.walls[p]
        return [i for i in range(84) if w[i] == x]

    def free_spaces(self, p):
        # spaces with neither a chip nor a cross
        cr = self.crossed[p]
        ch = self.chip_at[p]
        return [s for s in range(36) if not cr[s] and not ch[s]]

    def chips_on_board(self, p):
        return sorted([v for v in self.chip_at[p] if v])

    def chip_space(self, p, v):
        ch = self.chip_at[p]
        for s in range(36):
            if ch[s] == v:
                return s
        return -1

    def task_complete(self, p, t):
        # True when seat p's board meets task t (claimed or not): a row or a
        # column (no spaces listed), else enough of the task's spaces
        # (counted in loops, no list or slice made: every task is checked at the end
        # of every turn, and those lists were most of the end of a turn's allocations)
        task = self.tasks[t]
        cr = self.crossed[p]
        if task.spaces:
            n = 0
            for s in task.spaces:
                n += cr[s]
            return n >= task.needed
        for k in range(0, 72, 6):
            n = 0
            for s in range(k, k + 6):
                n += cr[LINES[s]]
            if n == 6:
                return True
        return False

    def kind_name(self, s):
        # the cookie on space s, e.g. "GINGER"
        return KIND_WORDS[KIND_CODES.index(self.kinds[s])]

    def next_points(self, t):
        # points task t gives whoever completes it this round
        return self.tasks[t].points[self.level[t]]

    def task_list(self, p):
        # end screen: (task id, label, points scored or 0) for every task
        return [(self.tasks[t].id, self.tasks[t].label, self.done[p][t]) for t in range(self.nt)]

    def summary(self):
        # JSON-able state for tools and scenario checks (screens read attributes)
        d = [task.id for task in self.tasks]
        out = []
        for p in range(self.n):
            x = "".join([".x"[x] for x in self.crossed[p]])
            out.append({"score": self.score[p], "bars": self.bars[p], "gone": list(self.gone[p]),
                        "crossed": [x[i:i + 6] for i in range(0, 36, 6)],
                        "chips": {}, "tasks": {},
                        "walls": [seg_name(i) for i in self.free_walls(p, 2)]})
            for v in self.chips_on_board(p):
                out[p]["chips"][str(v)] = space_name(self.chip_space(p, v))
            for task, _slot, points, _chip, _round in self.claims[p]:
                out[p]["tasks"][d[task]] = points
        return {"round": self.round, "dice": list(self.dice), "phase": self.phase, "seat": self.to_act(),
                "need": self.need, "pending": list(self.pending), "players": out, "threshold": self.threshold,
                "space": space_name(self.space) if self.space >= 0 else None,
                "todo": [d[t] for t in self.todo], "level": list(self.level)}

    # ------------------------------------------------------------ save/load
    def to_save(self):
        d = {"game": "cookie", "rng": list(self.rng.getstate())}
        for k in _SAVE.split():
            if k in _BOARDS:
                d[k] = [hexlify(board).decode() for board in getattr(self, k)]
            else:
                d[k] = plain(getattr(self, k))
        return d

    @classmethod
    def from_save(cls, d):
        from core.rng import Rng
        if d.get("game") != "cookie":
            raise ValueError("not a Cookie Party save")
        g = cls(d["n"], d["opts"], Rng(1))  # pyright: ignore[reportCallIssue]  -- cls is rules.Game, which takes these
        g.rng.setstate(d["rng"])
        for k in _SAVE.split():
            x = getattr(g, k)
            if isinstance(x, bytearray) or k == "last_layout" and d[k]:
                x = bytearray(d[k])
            elif k in _BOARDS:      # hex text; a list of ints in saves made before
                x = [bytearray(unhexlify(i) if isinstance(i, str) else i) for i in d[k]]
            else:
                x = plain(d[k])
            setattr(g, k, x)
        return g

    # ------------------------------------------------------------ mechanics
    def _say(self, x, p=-1):
        # an event; p >= 0: about that seat ("P1: ...")
        self.events.append(x if p < 0 else self.names[p] + ": " + x)

    def _luck(self, x=None):
        # a die face (x None) or x shuffled; forced values come first: a die
        # face 1-6, or for a shuffle a list that replaces it (checked by the
        # caller)
        if self.forced and (x is None) == (not isinstance(self.forced[0], list)):
            return self.forced.pop(0)
        if x is None:
            return self.rng.roll(6)
        x = list(x)
        self.rng.shuffle(x)
        return x

    def _why(self, x):
        # "" when action x is legal now, else a reason a child can read
        ph = self.phase
        if ph not in DECISIONS:
            return "The game is over" if ph == "over" else "The game has not started yet"
        p = self.seat
        a = x.split() if isinstance(x, str) else []
        n = len(a)
        a += ["", "", "", ""]
        i = seg_index(a[1], num(a[2]), num(a[3]))
        if a[0] == "wall" and n == 4 and i >= 0 and ph in ("walls", "bonus"):
            if self.walls[p][i]:
                return "Wall %s is already there" % seg_name(i)
            if ph == "bonus" or i in self.free_sides(p, self.space):
                return ""
            return "Chip %d gives walls only around its space %s" % (self.roll_sum(), space_name(self.space))
        if a[0] == "put" and n == 3 and ph in ("place", "relocate", "target"):
            i = space_index(num(a[1]), num(a[2]))
            if i < 0:
                return "Rows and columns go from 1 to 6"
            if self.crossed[p][i] or self.chip_at[p][i]:
                return "Space %s is not free: it has a cross or a chip" % space_name(i)
            return ""
        if a[0] == ("move" if ph == "move" else "give") and n == 2 and ph in ("move", "claim"):
            if num(a[1]) > 1 and self.chip_space(p, num(a[1])) >= 0:
                return ""
            return "Chip %s is not on your board" % a[1]
        if n == 1 and (a[0], ph) in (("random", "place"), ("back", "target"), ("done", "move")):
            return ""
        if n == 1 and (a[0], ph) == ("copy", "place"):
            if self.last_layout is None:
                return "There is no layout to copy yet"
            return "" if sorted(self.last_layout) == [0] * 25 + list(CHIPS) else "The saved layout is not a full set of chips"
        if n == 1 and (a[0], ph) == ("skip", "bonus") and self.opts["bonus_optional"]:
            return ""
        return HINTS[ph]
