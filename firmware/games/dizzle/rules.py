# Dizzle rules core (Schmidt Spiele, Ralf zur Linde): pure, CPython + MicroPython.
# Actions (rows and columns counted from 1, row 1 at the top, as players read
# them in the events; the spec's (row, col) count from 0):
#   "5@3,4"      put a 5 from the table on row 3, column 4
#   "roll"       no die fits: roll the dice left on the table again
#   "drop"       no die fits: drop out of this turn
#   "back@1,6"   after an unlucky roll again: give back your die on 1,6
#   "planet@0,0" a crossed rocket: cross that planet
# force(values): die faces 1-6 for the next rolls, in roll order.
# The sheets half (geometry, legality, scoring, summary, saves, end of turn)
# is class Sheets in games/dizzle/sheets.py, which also holds every text of
# 10+ characters (see its memory notes and docs/dizzle.md).
from games.dizzle.sheets import Level, Sheets, EMPTY, XED, DIE, WAIT, GAME_ID  # first: the biggest to compile
from core.rules import Illegal, parse_options
from core.rng import Rng
from games.dizzle import data as _data
from games.dizzle import texts


TITLE = "Dizzle"
MIN_PLAYERS = _data.MIN_PLAYERS
MAX_PLAYERS = _data.MAX_PLAYERS
OPTIONS = (
    ("level", 1, (1, 2, 3, 4), texts.HELP_LEVEL),
    ("start", 0, (-1, 0, 1, 2, 3), texts.HELP_START),
    ("cluster", "any", ("any", "newest"), texts.HELP_CLUSTER),
    ("rerolls", 0, (0, 1, 2, 3, 4, 5, 10), texts.HELP_REROLLS),
    ("solo_bomb", "neutral", ("neutral", "explode"), texts.HELP_SOLO_BOMB),
    ("bomb_rnd", 5, (1, 2, 3, 4, 5, 6, 7, 8, 9, 10), texts.HELP_BOMB_ROUND),
    ("flag_rnd", 5, (1, 2, 3, 4, 5, 6, 7, 8, 9, 10), texts.HELP_FLAG_ROUND),
)
# symbol code -> its name in event texts (built once: chr() at play time would
# add to MicroPython's string table while the heap is at its fullest)
_TAGS = {}
for _t in _data.NAMES.split("|")[1:-1]:
    _TAGS[ord(_t[0])] = _t[1:]
# when each of these actions is allowed (told when it is not)
_WHEN = {"roll": texts.WHEN_ROLL, "drop": texts.WHEN_DROP, "back": texts.WHEN_BACK, "planet": texts.WHEN_PLANET}


class Game(Sheets):
    def __init__(self, nplayers, options=None, rng=None):
        if not MIN_PLAYERS <= nplayers <= MAX_PLAYERS:
            raise ValueError(texts.PLAYERS_RANGE % (MIN_PLAYERS, MAX_PLAYERS))
        o = self.opts = parse_options(OPTIONS, options)
        if o["start"] >= nplayers:
            raise ValueError(texts.START_RANGE % nplayers)
        self.rng = rng or Rng(1)
        self.level = o["level"]
        self.ndice, self.rounds = _data.SETUP[nplayers - 1]
        Sheets.__init__(self, nplayers, Level(_data.LEVELS[self.level - 1]))
        self.names = ["P%d" % (i + 1) for i in range(nplayers)]
        self.placed = [[] for _ in range(nplayers)]  # cells of this turn's dice, in order
        self.ticks = [0] * nplayers          # round boxes ticked (turns as start player)
        self.active = [True] * nplayers      # not dropped out this turn
        self.rerolls = [0] * nplayers        # roll-agains this turn
        self.pool = []                       # dice on the table, sorted
        self.phase = "setup"                 # setup, take, back, planet, over
        self.turn = 0                        # turns finished
        self.starter = self.cur = 0          # start player of the turn; seat to act
        self.last = -1                       # seat on its one last opportunity
        self.pending = []                    # one seat per rocket still to resolve
        self.forced = []
        self.events = []

    def revealed(self):
        # changes when the game shows something new (core.undo: an action after which it
        # changed cannot be undone): dice come from the generator or the forced queue
        return (self.rng.getstate(), len(self.forced))

    def _roll(self, k):
        return sorted(self.forced.pop(0) if self.forced else self.rng.roll(6) for _ in range(k))

    def _log(self, s, *args):
        self.events.append(s % args)

    def start(self):
        if self.phase == "setup":
            s = self.opts["start"]
            self.starter = s if s >= 0 else self.rng.randbelow(self.n)
            self._start_turn()

    def to_act(self):
        ph = self.phase
        if ph in ("take", "back"):
            return self.cur
        return self.pending[0] if ph == "planet" else -1

    def is_over(self):
        return self.phase == "over"

    def legal_actions(self):
        ph = self.phase
        if ph == "take":
            out = ["%d@%s" % (v, self.rc(c)) for v, c in self.placements()]
            out = out or (["drop", "roll"] if self.reroll_allowed() else ["drop"])
        elif ph == "back":
            out = ["back@" + self.rc(c) for c in self.placed[self.cur]]
        else:
            out = ["planet@" + self.rc(c) for c in self.free_planets(self.to_act())] if ph == "planet" else []
        return sorted(out)

    def apply(self, action):
        ph = self.phase
        why = self.why_not(0, 0, 0) if ph in ("over", "setup") else None
        if why:
            raise Illegal(why)
        a = action.strip() if isinstance(action, str) else ""
        h = a.split("@")[0]               # "5@3,4": h "5", then "3,4"
        if h in _WHEN and ph != (h if h in WAIT else "take"):
            raise Illegal(WAIT.get(ph, _WHEN[h]))
        if a in ("roll", "drop"):
            return self._roll_or_drop(a == "roll")
        rc = a[len(h) + 1:].split(",")
        if "@" not in a or len(rc) != 2 or not (rc[0].isdigit() and rc[1].isdigit()):
            # Write a field as row,column (like  / Unknown action '%s'
            raise Illegal(texts.FIELD_FORMAT if "@" in a else texts.UNKNOWN_ACTION % a)
        r, c = int(rc[0]) - 1, int(rc[1]) - 1
        cell = r * self.cols + c
        if not (0 <= r < self.rows and 0 <= c < self.cols):
            raise Illegal(texts.OFF_SHEET)
        if h == "back":
            return self._back(cell, True)
        if h == "planet":
            return self._planet(cell, True)
        if h not in ("1", "2", "3", "4", "5", "6"):
            raise Illegal(texts.UNKNOWN_ACTION % a)
        why = self.why_not(int(h), r, c)
        if why:
            raise Illegal(why)
        seat = self.cur
        mode, _cells = self.targets(seat)
        c = mode == "jump"
        self.pool.remove(int(h))
        self.sheets[seat][cell] = DIE
        self.placed[seat].append(cell)
        a = _TAGS.get(self.syms[cell])    # the field's symbol, for the event
        # %s jumps: %s on %s%s / %s %s on %s%s
        self._log(texts.EV_JUMPS if c else texts.EV_PLACES, self.names[seat], h, self.rc(cell),
                  " (%s)" % a if a else "")
        self._next()

    def _roll_or_drop(self, roll):
        seat = self.cur
        placed = self.placed[seat]
        if self.placements():
            raise Illegal(texts.MUST_TAKE)
        if not roll:
            self.active[seat] = False
            self._log(texts.EV_DROPS_OUT, self.names[seat])
            return self._next()
        if not self.reroll_allowed():
            raise Illegal(texts.NO_MORE_REROLLS)
        self.rerolls[seat] += 1
        self.pool = self._roll(len(self.pool))
        self._log(texts.EV_ROLLS_AGAIN, self.names[seat], _dice(self.pool))
        if self.placements():
            return  # must take one now: same opportunity
        if len(placed) > 1:
            self.phase = "back"
        elif placed:
            self._back(placed[0])
        else:
            self._log(texts.EV_NO_FIT, self.names[seat])
            self._next()

    def force(self, values):
        for v in values:
            if v not in (1, 2, 3, 4, 5, 6):
                raise ValueError(texts.BAD_FACES % (v,))
        self.forced.extend(values)

    def pop_events(self):
        ev = self.events
        self.events = []
        return ev

    def winners(self):
        return self.best() if self.phase == "over" else []

    # ------------------------------------------------------------ turn flow
    def _back(self, cell, ask=False):
        if ask and cell not in self.placed[self.cur]:
            raise Illegal(texts.NOT_NEXT_TO_TURN_DICE)
        self.placed[self.cur].remove(cell)
        self.sheets[self.cur][cell] = EMPTY
        self.pool = sorted(self.pool + [self.pips[cell]])
        self._log(texts.EV_GIVES_BACK, self.names[self.cur], self.pips[cell], self.rc(cell))
        self.phase = "take"
        self._next()

    def _planet(self, cell, ask=False):
        seat = self.pending[0]
        st = self.sheets[seat][cell]
        if ask and (self.syms[cell] != 111 or st):
            # That is not a planet / That planet is already crossed / That planet was blown up
            raise Illegal(texts.NOT_A_PLANET if self.syms[cell] != 111 else texts.PLANET_CROSSED if st == XED else texts.PLANET_BLOWN)
        self.sheets[seat][cell] = XED
        self._log(texts.EV_ROCKET_LANDS, self.names[seat], self.rc(cell))
        self.pending.pop(0)
        self._pending()

    def _start_turn(self):
        self.active = [True] * self.n
        self.rerolls = [0] * self.n
        self.last = -1
        self.cur = s = self.starter
        self.ticks[s] += 1
        self.pool = self._roll(self.ndice)
        self.phase = "take"
        self._log(texts.EV_ROUND_ROLLS, self.round_no(), self.names[s], _dice(self.pool))

    def _next(self):
        # end of one opportunity: the next active player, or the end of the turn
        act = [i for i in range(self.n) if self.active[i]]
        if self.last >= 0 or not self.pool or not act:
            return self._end_turn()
        if self.n > 1 and len(act) == 1:
            self.last = self.cur = act[0]
            return self._log(texts.EV_LAST_ONE_IN, self.names[act[0]])
        q = self.cur
        for _ in range(self.n):
            q = (q + 1) % self.n
            if self.active[q]:
                break
        self.cur = q


def _dice(pool):
    return " ".join(str(v) for v in pool)
