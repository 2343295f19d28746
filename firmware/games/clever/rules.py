"""Clever Kids ("Auch schon clever") rules core. Pure; see docs/clever.md.

Game adds the turn flow to sheet.State (the state, its views and saves) and
uses the sheet model of games/clever/sheet.py, which this module star-imports:
every name documented there is also rules.<name>.
"""
from core.rules import Illegal
from games.clever.sheet import *
from games.clever import data

GAME_ID = "clever"
TITLE = "Clever Kids"
MIN_PLAYERS = 1
MAX_PLAYERS = 4
OPTIONS = (
    ("active_may_decline", True, (True, False), "roller may leave dice that fit"),
    ("pool_jokers", True, (True, False), "others may use jokers left over"),
    ("jokers_any_colour", True, (True, False), "left-over jokers alone allow any colour"),
    ("passive_bonus", True, (True, False), "others get bonus crosses too"),
    ("bonus_skip", False, (False, True), "bonus crosses may be skipped"),
    ("end_rule", "turn", ("turn", "round"), "end after that turn / round"),
    ("start_player", "first", ("first", "random"), "who starts"),
)


def fits(sheet, colour, counts):
    """Whether options(s, c, n) has any action, without building them: the
    colour pick asks this of every colour at every decision."""
    if colour == 2:
        return sheet[GI] != GFULL and (have(counts, -1, 2) > 0 or counts[0] > 0)
    for line in range(GI):
        if LCOL[line] == colour and sheet[line] < len(LREW[line]):
            needed = LNEED[line][sheet[line]]
            if max(0, needed - have(counts, LWANT[line][sheet[line]], colour)) <= min(needed, counts[0]):
                return True
    return False


class Game(State):
    """The turn flow. State (in games/clever/sheet.py) holds the state
    a screen reads: see docs/clever.md."""
    OPTIONS = OPTIONS
    # The legal actions of the state as it stands, once found (None: not yet). A person's
    # key asks for them three times over the same state (the screen's list, apply()'s
    # check, _settle()'s last look); each costs 151 us on the unix port (~30 ms est.
    # Pico, make bench keys: a Clever A key was 120-170 ms). Only apply() and start()
    # change the state, and both end in _settle(), which finds them for the state it
    # leaves; every step before forgets them.
    _known = None

    def revealed(self):
        # changes when the game shows something new (core.undo: an action after which it
        # changed cannot be undone): dice come from the generator or the forced queue
        return (self.rng.getstate(), len(self.forced))


    def start(self):
        if self.opts["start_player"] == "random":
            self.first = (self.forced.pop(0) if self.forced else self.rng.randbelow(self.n)) % self.n
        self.active = self.first
        self._turn()
        self._settle()

    def why_colour(self, c):
        """'' if colour c may be picked now, else the reason. Asked of every colour at
        every pick (legal_actions(), then apply() again): no list of the pool's colours
        is made for it (see sheet.options for the figures)."""
        nm = data.COLOUR_NAMES[c]
        if area_done(self.sheets[self.seat], c):
            return "Your %s area is full" % nm
        if self.role:
            left = joker = False        # a die of colour c left in the pool; a joker left
            for i in range(NDICE):
                if not self.taken[i]:
                    colour = data.SYM_COLOUR[self.dice[i]]
                    left = left or colour == c
                    joker = joker or colour == 255
            if not left and not (joker and self.opts["pool_jokers"] and self.opts["jokers_any_colour"]):
                return "No %s die is left" % nm
        if not fits(self.sheets[self.seat], c, self.counts(c)):
            return "Nothing fits in %s with these dice" % nm
        return ""

    def colours(self):
        return [c for c in range(4) if not self.why_colour(c)]

    def _may_stop(self, opts):
        return self.crosses > 0 and (self.role or self.opts["active_may_decline"] or not opts)

    def legal_actions(self):
        known = self._known
        if known is None:
            known = self._known = self._legal_now()
        return list(known)      # a caller's own list: the one kept is never changed

    def _legal_now(self):
        ph = self.phase
        s = self.sheets[self.seat]
        if ph == "pick":
            a = [data.COLOURS[c] for c in self.colours()] + ["pass"] * self.role
        elif ph == "cross":
            a = options(s, self.colour, self.counts())
            a += ["done"] * self._may_stop(a)
        elif ph == "bonus":
            a = targets(s, self.pending[0]) + ["skip"] * self.opts["bonus_skip"]
        else:
            a = []
        return sorted(a)

    def apply(self, a):
        if self.phase not in ("pick", "cross", "bonus"):
            raise Illegal("The game is over" if self.over else "The game has not started")
        if a not in self.legal_actions():
            raise Illegal(self._why(a))
        self._known = None
        nm = self.names[self.seat]
        if a == "pass":
            self.events.append(nm + " passes")
            self._next_player()
        elif self.phase == "pick":
            self.colour = data.COLOURS.find(a)
            self.phase = "cross"
            self.events.append("%s picks %s" % (nm, data.COLOUR_NAMES[self.colour]))
        elif a == "done":
            self._end_move()
        elif a == "skip":
            self.events.append("%s skips a %s bonus" % (nm, data.COLOUR_NAMES[self.pending.pop(0)]))
        else:
            self._cross(a, self.phase == "bonus")
        self._settle()

    def _why(self, a):
        """The reason action a is refused."""
        ph = self.phase
        if ph == "pick":
            if a == "pass":
                return "The roller must use a colour"
            return self.why_colour(data.COLOURS.find(a)) if a in ("Y", "R", "G", "B") else "First pick a colour: Y, R, G or B"
        if a == "done" and ph == "cross":
            return "You must use every die that fits" if self.crosses else "Cross at least one first"
        if a in ("done", "skip", "pass"):
            return "Bonus crosses are always made" if ph == "bonus" else "Cross a symbol or say done"
        return why_cross(self.sheets[self.seat], self.pending[0] if ph == "bonus" else self.colour,
                         str(a), self.counts(), ph == "bonus")

    def _cross(self, action, bonus):
        line, place, jokers = parse(action)  # pyright: ignore[reportGeneralTypeIssues]  -- parse() is None only for what is not a field
        sheet = self.sheets[self.seat]
        if bonus:
            colour = self.pending.pop(0)
        else:
            colour = self.colour
            needed, want = need(sheet, line)
            needed -= jokers
            jokers_left = jokers
            for i in self.hand():
                die = self.dice[i]
                if die and needed and (want < 0 or die == want) or not die and jokers_left:
                    self.spent[i] = 1
                    needed -= die > 0
                    jokers_left -= not die
            self.crosses += 1
        stars_got, bonuses = mark(sheet, line, place)
        self.pending += bonuses
        self.events.append("%s:%s %s%s%s%s" % (
            self.names[self.seat], " bonus" * bonus, name(line, place if line == GI else sheet[line]), " +J" * jokers,
            " +star" * stars_got, "".join(" +bonus " + data.COLOUR_NAMES[bonus_colour] for bonus_colour in bonuses)))
        if area_done(sheet, colour):
            self.events.append("%s filled %s!%s" % (self.names[self.seat], data.COLOUR_NAMES[colour], (
                "" if self.ending else " Last " + self.opts["end_rule"])))
            self.ending = True

    def _roll(self):
        for i in range(NDICE):
            v = self.forced.pop(0) if self.forced else self.rng.roll(6)
            self.dice[i] = data.DICE[i][v - 1] if v in range(7) else data.SYM_NAMES.index(v)
            if self.dice[i] not in data.DICE[i]:
                raise ValueError("die D%d has no %s" % (i + 1, v))
        self.events.append("%s rolls %s" % (self.names[self.active], " ".join(data.SYM_SHORT[x] for x in self.dice)))

    def _turn(self):
        self.turn += 1
        self.seat = self.active
        self.role = 0
        self.taken = [0] * NDICE
        self.phase = "pick"
        self._roll()
        for _ in range(99):
            if self.colours():
                return
            self.events.append(self.names[self.seat] + ": nothing fits, rolls again")
            self._roll()
        self._end_move()    # only when the sheet is (nearly) full: the others still move

    def _end_move(self):
        if not self.role:
            self.taken = list(self.spent)
            self.events.append("Left: " + (" ".join(data.SYM_SHORT[self.dice[i]] for i in self.pool()) or "nothing"))
        elif not self.opts["passive_bonus"]:
            self.pending = []
        self.phase = "bonus"

    def _next_player(self):
        self.spent = [0] * NDICE
        self.colour = -1
        self.crosses = 0
        self.pending = []
        self.phase = "pick"
        self.seat = (self.seat + 1) % self.n
        if not (self.role and self.seat == self.active):
            self.role = 1
        elif self.ending and (self.opts["end_rule"] == "turn" or (self.active + 1) % self.n == self.first):
            self.over = True
            self.phase = "over"
            sc = self.scores()
            self.events.append("Game over: " + ("%d stars, %s" % (sc[0], rating(sc[0])) if self.n == 1 else
                                                ", ".join("%s %d" % (self.names[i], sc[i]) for i in range(self.n))))
        else:
            self.active = (self.active + 1) % self.n
            self._turn()

    def _settle(self):
        """Make every step that needs no decision."""
        while not self.over:
            self._known = None      # a step below changed the state (or start() did)
            ph = self.phase
            nm = self.names[self.seat]
            if ph == "bonus" and not self.pending:
                self._next_player()
                continue
            if ph == "bonus" and not targets(self.sheets[self.seat], self.pending[0]):
                self.events.append("%s: %s bonus lost" % (nm, data.COLOUR_NAMES[self.pending.pop(0)]))
                continue
            a = self.legal_actions()
            if ph == "cross" and a in ([], ["done"]):
                self._end_move()
            elif ph != "pick" and len(a) == 1:
                self._cross(a[0], ph == "bonus")
            elif a == ["pass"]:
                self.events.append(nm + ": nothing fits")
                self._next_player()
            else:
                return              # (what _known holds is this state's)
        self._known = None          # the game ended in a step after the last look

