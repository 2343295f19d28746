"""Undo: taking back a person's last actions of their turn, one at a time.

Pure (no I/O): it works on any rules core through what every Game offers,
to_save() / from_save(), apply(), to_act() and revealed(), so it runs the same under
CPython and MicroPython (tests/test_undo.py plays it in every game).

How: at a person's first action since their turn began (or since the last thing
revealed in it) the game is copied as its save data (the base); every action taken
back since is kept in order. Undoing the last one restores the base and plays the
others again: the rules are deterministic and the base holds the dice generator's
state, so the game is exactly as it was before that action. One copy of the game
and a few short strings, instead of a copy per action.

Nothing may be taken back once the game showed something new (dice rolled, a card
drawn, a hand seen: Game.revealed() changed across the action), once the turn passed
to someone else, or a new turn began: the kit forgets the actions then (clear()), with
the reason a player is told. In pass-and-play each person can undo only their own
actions: the record is of one seat, and another seat's first action starts a new one.
"""
import json
from core.saves import text_of

# The copy of the game (the base) is kept as its save data's JSON text, written and read
# by the port's json module in C, not as a deep copy made by core.rules.plain() in
# bytecode. A person's first action of a turn (unix port, a 4-player game after 40
# actions, to_save() then the copy; 64-bit bytes): Dizzle 429 + 2,978 us and 18 KB ->
# 429 + 156 us and 1.4 KB; Cookie Party 487 + 1,211 us -> 487 + 250 us; Word Cards
# 394 + 588 -> 394 + 168; Clever Kids 70 + 100 -> 70 + 35. The text also takes less
# heap while it is kept (Dizzle's 1.4 KB against 18 KB of lists) and goes into a save
# as it is.

NOTHING = "Nothing to undo: you have not acted in this turn yet."
ALL_UNDONE = "Nothing more to undo in this turn."
TURN_OVER = "Your turn was over: it cannot be undone."
REVEALED = "Something new was revealed since (dice or cards): your moves before it stay."


class TakeBack:
    """The actions of one person's turn that may still be undone."""
    __slots__ = ("seat", "base", "actions", "marks", "why")

    def __init__(self):
        self.seat = -1
        self.base = None        # the game's save data before the first of `actions`, as JSON text
        self.actions = []       # the person's actions since, oldest first
        self.marks = []         # per action: the event log's count before it
        self.why = NOTHING      # what a person is told when there is nothing to undo

    def clear(self, why):
        self.seat = -1
        self.base = None
        self.actions = []
        self.marks = []
        self.why = why

    def new_turn(self):
        """A turn's end: nothing of the turn before can be undone."""
        self.clear(NOTHING)

    def can_undo(self, seat):
        return self.seat == seat and len(self.actions) > 0

    def reason(self, seat):
        """Why seat has nothing to undo ('' when it has)."""
        if self.seat != seat:
            return NOTHING
        return "" if self.actions else self.why

    def ready(self, game, seat):
        """The base for seat's next action, made ahead (core.table: while the person looks
        at the screen) so that before() finds it; the game must not change until then
        but through that action."""
        if self.seat != seat:
            self.clear(NOTHING)
            self.seat = seat
        if self.base is None:
            self.base = text_of(game.to_save())   # a copy: it must not change with the game
            self.actions = []
            self.marks = []

    def before(self, game, seat, log_count):
        """Called before seat's action is applied: the base, at the first one."""
        self.ready(game, seat)
        self.marks.append(log_count)

    def refused(self):
        """The action called before() for was refused by the rules."""
        self.marks.pop()
        if not self.actions:
            self.base = None

    def after(self, game, seat, action, revealed_before):
        """Called after seat's action was applied."""
        if game.is_over() or game.to_act() != seat:
            self.clear(TURN_OVER)
            self.seat = seat
        elif game.revealed() != revealed_before:
            self.clear(REVEALED)
            self.seat = seat
        else:
            self.actions.append(action)

    def undo(self, restore):
        """The game as it was before the last action, made by restore(save data) and the
        actions before it played again; returns (game, the event log's count to go back
        to). ValueError(reason) when there is nothing to undo."""
        base = self.base
        if not self.actions or base is None:    # (a base is kept while there are actions)
            raise ValueError(self.why)
        game = restore(json.loads(base))     # a new copy: nor may a restored game share it
        self.actions.pop()
        mark = self.marks.pop()
        for action in self.actions:
            game.apply(action)
        game.pop_events()       # told when they were first played
        if not self.actions:
            self.base = None
            self.why = ALL_UNDONE
        return game, mark

    def to_save(self):
        # a base made ahead (ready) with no action since is the game itself: not saved twice
        return {"seat": self.seat, "base": self.base if self.actions else None, "actions": list(self.actions),
                "marks": list(self.marks), "why": self.why}

    def load(self, data):
        """A saved TakeBack (to_save); a save without one (an older version's) has none."""
        if not data:
            return
        self.seat = int(data["seat"])
        base = data["base"]
        # an older version saved the copy itself, not its text
        self.base = base if base is None or isinstance(base, str) else text_of(base)
        self.actions = [str(a) for a in data["actions"]]
        self.marks = [int(m) for m in data["marks"]]
        self.why = str(data["why"])
        if len(self.marks) != len(self.actions) or (self.actions and self.base is None):
            raise ValueError("undo record of another shape")
