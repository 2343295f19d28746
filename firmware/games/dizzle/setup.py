"""The options the launcher's setup screen offers (the rest keep the defaults
documented in docs/dizzle.md). Kept apart from rules.py so the launcher never
loads the rules core: (option, label, ((value, shown as), ...))."""
SETUP = (
    ("level", "Level", ((1, "1"), (2, "2"), (3, "3"), (4, "4"))),
    ("start", "Starts", ((0, "P1"), (-1, "Random"))),
)
