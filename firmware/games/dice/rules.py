"""Dice roller: 1-13 six-sided dice, re-roll the ones you pick, and a record of
every face rolled so the fairness screen can test the random source.

Notation: `roll` rolls every die; `reroll 1,3` re-rolls dice 1 and 3 (positions
in the sorted display, 1-based); `dice N` sets how many dice (a new roll
follows). force(): faces 1-6, used in order by the next rolls.
"""
from core.rules import Illegal, parse_options
from core.rng import Rng

MIN_PLAYERS = 1
MAX_PLAYERS = 1
MAX_DICE = 13
OPTIONS = (
    ("dice", 5, tuple(range(1, MAX_DICE + 1)), "how many dice"),
    ("rolls", 20, (0, 10, 20, 50, 100), "rolls in a session (0: no end)"),
)


def chi_square_x100(counts):
    """Pearson's chi-square of face counts against a fair die, times 100 (ints only)."""
    n = 0
    for c in counts:
        n += c
    if n == 0:
        return 0
    total = 0
    for c in counts:
        d = 6 * c - n
        total += d * d
    return total * 100 // (6 * n)


def verdict(counts):
    """A short verdict for the fairness screen (5 degrees of freedom)."""
    n = 0
    for c in counts:
        n += c
    if n < 60:
        return "Roll %d more to judge" % (60 - n)
    chi = chi_square_x100(counts)
    if chi < 1107:
        return "Fair (p > 0.05)"
    if chi < 1509:
        return "Borderline (p < 0.05)"
    return "Suspicious (p < 0.01)"


class Game:
    def __init__(self, nplayers=1, options=None, rng=None):
        if nplayers != 1:
            raise ValueError("the dice roller has one player")
        self.options = parse_options(OPTIONS, options)
        self.rng = rng or Rng(1)
        self.count = self.options["dice"]
        self.dice = []
        self.counts = [0] * 6
        self.rolls = 0
        self._forced = []
        self._events = []

    def start(self):
        self._roll_all()

    def _face(self):
        if self._forced:
            return self._forced.pop(0)
        return self.rng.roll(6)

    def _record(self, face):
        self.counts[face - 1] += 1

    def _roll_all(self):
        self.dice = sorted(self._face() for _ in range(self.count))
        for f in self.dice:
            self._record(f)
        self.rolls += 1
        self._events.append("rolled " + " ".join(str(d) for d in self.dice))

    def force(self, values):
        for v in values:
            if not (1 <= int(v) <= 6):
                raise ValueError("a die face is 1 to 6")
            self._forced.append(int(v))

    def to_act(self):
        return -1 if self.is_over() else 0

    def is_over(self):
        limit = self.options["rolls"]
        return limit > 0 and self.rolls >= limit

    def legal_actions(self):
        if self.is_over():
            return []
        out = ["roll"]
        for i in range(1, len(self.dice) + 1):
            out.append("reroll %d" % i)
        return sorted(out)

    def apply(self, action):
        if self.is_over():
            raise Illegal("the session is over")
        parts = action.split()
        if not parts:
            raise Illegal("no action")
        if parts[0] == "roll" and len(parts) == 1:
            self._roll_all()
        elif parts[0] == "reroll" and len(parts) == 2:
            picks = self._positions(parts[1])
            for i in picks:
                self.dice[i] = self._face()
                self._record(self.dice[i])
            self.dice.sort()
            self.rolls += 1
            self._events.append("re-rolled %d: " % len(picks) + " ".join(str(d) for d in self.dice))
        elif parts[0] == "dice" and len(parts) == 2:
            try:
                n = int(parts[1])
            except ValueError:
                raise Illegal("how many dice? give a number")
            if not 1 <= n <= MAX_DICE:
                raise Illegal("roll 1 to %d dice" % MAX_DICE)
            self.count = n
            self._roll_all()
        else:
            raise Illegal("unknown action '%s' (roll, reroll 1,3, dice N)" % action)

    def _positions(self, text):
        picks = []
        for p in text.split(","):
            try:
                i = int(p) - 1
            except ValueError:
                raise Illegal("dice are numbered 1 to %d" % len(self.dice))
            if not 0 <= i < len(self.dice):
                raise Illegal("dice are numbered 1 to %d" % len(self.dice))
            if i in picks:
                raise Illegal("die %d is picked twice" % (i + 1))
            picks.append(i)
        return sorted(picks)

    def pop_events(self):
        ev = self._events
        self._events = []
        return ev

    def scores(self):
        total = 0
        for d in self.dice:
            total += d
        return [total]

    def winners(self):
        return [0] if self.is_over() else []

    def summary(self):
        return {"dice": list(self.dice), "counts": list(self.counts), "rolls": self.rolls,
                "chi_x100": chi_square_x100(self.counts)}

    def to_save(self):
        return {"options": self.options, "count": self.count, "dice": list(self.dice),
                "counts": list(self.counts), "rolls": self.rolls, "rng": list(self.rng.getstate()),
                "forced": list(self._forced)}

    @classmethod
    def from_save(cls, data):
        g = cls(1, data["options"], Rng(1))
        g.rng.setstate(data["rng"])
        g.count = data["count"]
        g.dice = list(data["dice"])
        g.counts = list(data["counts"])
        g.rolls = data["rolls"]
        g._forced = list(data["forced"])
        return g
