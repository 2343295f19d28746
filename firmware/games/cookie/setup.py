"""The options the launcher's setup screen offers (the rest keep the defaults
documented in docs/cookie.md). Kept apart from rules.py so the launcher never
loads the rules core: (option, label, ((value, shown as), ...))."""
SETUP = (
    ("side", "Side", (("blue", "Blue"), ("yellow", "Yellow"))),
    ("setup", "Chips", (("first", "Shuffled"), ("free", "Placed"))),
    ("frame", "Frame", ((False, "Off"), (True, "Drawn"))),
)
