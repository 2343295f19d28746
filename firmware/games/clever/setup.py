"""The options the launcher's setup screen offers (the rest keep the defaults
documented in docs/clever.md). Kept apart from rules.py so the launcher never
loads the rules core: (option, label, ((value, shown as), ...))."""
SETUP = (
    ("start_player", "Starts", (("first", "P1"), ("random", "Random"))),
    ("bonus_skip", "Skip bonus", ((False, "No"), (True, "May"))),
    ("end_rule", "Game ends", (("turn", "Turn"), ("round", "Round"))),
)
