"""Cookie Party (Keksekaestchen) rules core. See docs/cookie.md.

Every player has a private 6 x 6 board. Each round one shared 2d6 roll names a number
chip; every player draws that chip's number of walls around the space the chip lies on.
Enclosed spaces are crossed; crossed spaces complete tasks on the shared scoreboard. The
simultaneous round is played seat by seat: each player does steps 1-3 in turn
(scoreboard slots only move at the end of the round, so the order changes nothing).

Pure: no I/O; CPython and MicroPython. The state, legal_actions(), queries, summary and
save/load are GameBase in games/cookie/state.py: two smaller modules keep MicroPython's
compile-from-source peak small.
"""
# pyright: reportAttributeAccessIssue=false
# (the type check, tools/typecheck.py: the per-seat lists are set by name (setattr) in state.py)
from core.rules import Illegal, parse_options, winners_of
from games.cookie.data import BARS, CHIP_LINES, CHIPS, MAX_PLAYERS, MIN_PLAYERS, SEG_SPACES, SIDE_NAMES, SPACE_SEGS
from games.cookie.state import GameBase, seg_name, seg_index, space_name, space_index, num

GAME_ID = "cookie"
TITLE = "Cookie Party"
OPTIONS = (
    ("side", "blue", SIDE_NAMES, "board side (all players use the same)"),
    ("setup", "first", ("first", "free"), "first: chips shuffled onto the white dots; free: each player places"),
    ("thresholds", "standard", ("standard", "25"), "end at 25/22/20/19 points for 2/3/4/5 players, or 25 for all"),
    ("bonus_optional", True, (True, False), "the full-drink wall may be skipped"),
    ("frame", False, (True, False), "variant: the 24 border walls start drawn"),
)


class Game(GameBase):
    def __init__(self, nplayers, options=None, rng=None):
        if nplayers < MIN_PLAYERS or nplayers > MAX_PLAYERS:
            raise ValueError("Cookie Party takes %d to %d players" % (MIN_PLAYERS, MAX_PLAYERS))
        o = self.opts = parse_options(OPTIONS, options)
        if rng is None:
            from core.rng import Rng
            rng = Rng(1)
        self.rng = rng
        self._setup(nplayers, o)

    def revealed(self):
        # changes when the game shows something new (core.undo: an action after which it
        # changed cannot be undone): dice come from the generator or the forced queue
        return (self.rng.getstate(), len(self.forced))

    def start(self):
        if self.phase != "new":
            raise Illegal("The game has already started")
        self.phase = "place"
        if self.opts["setup"] == "first":
            for p in range(self.n):
                x = self._luck(CHIPS)
                for i in range(11):
                    self.chip_at[p][self.setup_spaces[i]] = x[i]
                self.last_layout = bytearray(self.chip_at[p])
            self._say("Chips shuffled onto the start spaces")
            self.phase = 1
        self._run()

    def apply(self, action):
        x = self._why(action)
        if x:
            raise Illegal(x)
        ph = self.phase
        p = self.seat
        a = action.split()
        x = num(a[-1])
        ch = self.chip_at[p]
        if a[0] == "wall":
            i = seg_index(a[1], num(a[2]), x)
            if ph == "walls":
                self._draw(p, i, 1)
                self.need -= 1
                if not self.need:
                    self.phase = 3
            else:
                self._say("drink wall %s, bars wiped" % seg_name(i), p)
                self._draw(p, i, 0)
                self.bars[p] = 0
                self.phase = 4
        elif a[0] == "skip":
            self._say("skips the drink wall, bars wiped", p)
            self.bars[p] = 0
            self.phase = 4
        elif a[0] == "put":
            s = space_index(num(a[1]), x)
            if ph == "place":
                ch[s] = CHIPS[self.placed]
                self.placed += 1
            elif ph == "relocate":
                ch[s] = self.pending.pop(0)
                self._say("chip %d to %s" % (ch[s], space_name(s)), p)
                self.phase = 4
            else:
                ch[self.chip_space(p, self.moving)] = 0
                ch[s] = self.moving
                self._say("moves chip %d to %s" % (self.moving, space_name(s)), p)
                self.moving = 0
                self.phase = 5
        elif a[0] == "move" or a[0] == "back":
            self.moving = x if a[0] == "move" else 0
            self.phase = "target" if a[0] == "move" else "move"
        elif a[0] == "done":
            self.phase = 5
        elif a[0] == "give":
            self._claim(p, self.todo.pop(0), x)
            self.phase = 6
        else:
            self._layout(p, a[0])
        if ph == "place" and self.placed == 11:
            self.last_layout = bytearray(ch)
            self.placed = 0
            self.seat += 1
            if self.seat == self.n:
                self.phase = 1
        self._run()

    def _begin(self, p):
        # step 1 for seat p: find the rolled chip; forced walls are drawn at
        # once; a missing chip or lost walls cross one drink bar
        v = self.roll_sum()
        s = self.chip_space(p, v)
        k = CHIP_LINES[v]
        free = self.free_sides(p, s) if s >= 0 else []
        self.space = -1
        self.need = 0
        self.phase = 3
        if len(free) > k:
            self.space = s
            self.need = k
            self.phase = "walls"
            return
        if s < 0:
            self._say("has no chip %d" % v, p)
        else:
            self._say("chip %d walls %s" % (v, ", ".join([seg_name(i) for i in free])), p)
            for i in free:
                self._draw(p, i, 0)
        if len(free) < k:
            if s >= 0:
                self._say("%d of %d walls lost" % (k - len(free), k), p)
            self.bars[p] += 1
            self._say("drink bar %d/%d" % (self.bars[p], BARS), p)

    def _draw(self, p, i, x):
        # draw wall i (an event when x); cross what it encloses; lift chips
        w = self.walls[p]
        cr = self.crossed[p]
        w[i] = 2
        if x:
            self._say("wall " + seg_name(i), p)
        for s in (SEG_SPACES[2 * i], SEG_SPACES[2 * i + 1]):
            if s == 255 or cr[s] or not (w[SPACE_SEGS[4 * s]] and w[SPACE_SEGS[4 * s + 1]]
                                         and w[SPACE_SEGS[4 * s + 2]] and w[SPACE_SEGS[4 * s + 3]]):
                continue
            cr[s] = 1
            self._say("crossed %s %s%s" % (space_name(s), self.kind_name(s), " red" * self.red[s]), p)
            v = self.chip_at[p][s]
            if v:
                self.chip_at[p][s] = 0
                self.pending.append(v)
                self.pending.sort()

    def _claim(self, p, t, v):
        # seat p completed task t: the first free slot's points; chip v
        # (0 = none left) goes to the scoreboard
        k = self.level[t]
        x = self.tasks[t].points[k]
        self.done[p][t] = x
        self.score[p] += x
        self.now[t] = 1
        self.claims[p].append([t, k, x, v, self.round])
        x = "%s scores %d" % (self.tasks[t].label, x)
        if v:
            self.chip_at[p][self.chip_space(p, v)] = 0
            self.gone[p][v] = 1
            x += ", gives chip %d" % v
        self._say(x, p)

    def _round(self):
        # end of a round (slots fill up, the end is checked), then a new roll
        if self.round:
            for t in range(self.nt):
                if self.now[t]:
                    self.now[t] = 0
                    if self.level[t] < 2:
                        self.level[t] += 1
            x = max(self.score)
            # (min(w) > 0: no free wall left on that board)
            if x >= self.threshold or min([min(w) for w in self.walls]):
                self.phase = "over"
                w = winners_of(self.score)
                self._say("Game over: %s %s with %d" % (
                    ", ".join([self.names[i] for i in w]), "wins the game" if len(w) == 1 else "share the win", x))
                return
        self.round += 1
        self.dice[0] = self._luck()  # pyright: ignore[reportArgumentType, reportCallIssue]  -- _luck() is a die face when called without x
        self.dice[1] = self._luck()  # pyright: ignore[reportArgumentType, reportCallIssue]  -- _luck() is a die face when called without x
        self._say("Round %d: rolled %d+%d = %d" % (self.round, self.dice[0], self.dice[1], self.roll_sum()))
        self.seat = 0
        self.phase = 2

    def _layout(self, p, x):
        # free setup conveniences: "copy" the last layout, or place the chips
        # still to place at "random" (a forced list gives their spaces)
        ch = self.chip_at[p]
        if x == "copy":
            x = self.last_layout
            for s in range(36):
                ch[s] = x[s]
            self._say("copies the last layout", p)
        else:
            x = self._luck(self.free_spaces(p))
            for i in range(self.placed, 11):
                ch[x[i - self.placed]] = CHIPS[i]
            self._say("chips placed at random", p)
        self.placed = 11

    def _run(self):
        # play the automatic stages (ints, see games/cookie/state.py) until
        # someone must decide or the game is over
        while True:
            ph = self.phase
            p = self.seat
            if ph == 1:
                self._round()
            elif ph == 2:
                self._begin(p)
            elif ph == 3:
                # a full drink gives one wall anywhere, then it is wiped
                self.phase = 4
                if self.bars[p] >= BARS:
                    if not min(self.walls[p]):
                        self.phase = "bonus"
                    else:
                        self.bars[p] = 0
                        self._say("no wall left for the drink, bars wiped", p)
            elif ph == 4:
                x = self.free_spaces(p)
                if not self.pending:
                    self.phase = "move" if x and self.chips_on_board(p) else 5
                elif len(x) > 1:
                    self.phase = "relocate"
                else:
                    v = self.pending.pop(0)
                    if x:
                        self.chip_at[p][x[0]] = v
                        self._say("chip %d to %s (last free)" % (v, space_name(x[0])), p)
                    else:
                        self.gone[p][v] = 2
                        self._say("no free space, chip %d leaves" % v, p)
            elif ph == 5:
                for t in range(self.nt):
                    if not self.done[p][t] and self.task_complete(p, t):
                        self.todo.append(t)
                self.phase = 6
            elif ph == 6:
                if not self.todo:
                    self.seat += 1
                    self.phase = 2 if self.seat < self.n else 1
                elif self.chips_on_board(p):
                    self.phase = "claim"
                else:
                    self._claim(p, self.todo.pop(0), 0)
            else:
                return
