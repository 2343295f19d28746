"""Dizzle: the options its setup screen offers and its rules summary (the format: docs/game-api.md, setup.py)."""
SETUP = (
    ("level", "Level", ((1, "1", "Sheet 1: gems, puzzles and bombs."),
                        (2, "2", "Sheet 2: keys, locks and flags too."),
                        (3, "3", "Sheet 3: rockets and planets too."),
                        (4, "4", "Sheet 4: islands and brown piles.")), None),
    ("start", "Starts", ((0, "P1", "Player 1 rolls the dice first."),
                         (-1, "Random", "A player drawn at random rolls first.")), ("players", (2, 3, 4))),
)


# what the setup form says of each computer level (its one line; docs/dizzle.md)
LEVELS = (
    ('easy', 'Any die that fits; likes pictures.'),
    ('normal', 'Weighs each field and what is next.'),
    ('hard', 'Plans the turn; takes dice you need.'),
)

# the rules summary: the launcher's "Rules" item and the in-game menu
RULES = ("Dizzle: 1-4 players, sheet levels 1-4. Most points wins.\n"
         "A turn: the start player rolls all dice (shown sorted). From them, clockwise, "
         "everyone still in takes ONE die at a time and puts it on an empty field with the "
         "same pips: the first die of a turn next to an X, later dice next to this turn's "
         "dice. Only when those are boxed in may you jump: next to any X.\n"
         "If a die fits you must take one. If none fits: roll the dice left again (a die "
         "that then fits must be used; if none fits, give back one of this turn's dice) "
         "or drop out. When all others are out, the last one gets one more go.\n"
         "The turn ends when the table is empty or all are out: dice become X's. Your "
         "bombs blow up the same field on the other sheets (minus points). A flag scores "
         "more for the first to cross it. A rocket crosses a free planet of your choice. "
         "A key opens its locks from your next turn. Brown piles cost points.\n"
         "End: after the last round (or when a sheet is full). Points: gems, full puzzles, "
         "rows and columns, flags, minus bombs and piles. Tie: fewer X's wins.\n"
         "Keys: LEFT/RIGHT a die, A take it; arrows on the sheet, A put it (A on a field "
         "it may not go on says why); B back, or everyone's sheets.")
