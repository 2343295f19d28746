"""The options the launcher's setup screen offers (the rest keep the defaults
documented in docs/words.md). Kept apart from rules.py so the launcher never
loads the rules core or the dictionary: (option, label, ((value, shown as), ...))."""
SETUP = (
    ("mode", "Deck", (("auto", "Auto"), ("children", "Kids"), ("adults2", "2 adult"),
                      ("adults34", "3-4 adlt"))),
    ("wordRules", "Words", (("auto", "Auto"), ("relaxed", "Relaxed"), ("strict", "Strict"))),
    ("kidListOnly", "Kid words", ((False, "No"), (True, "Only"))),
    ("scoringVariant", "Points", ((False, "1 round"), (True, "Rounds"))),
    ("matchRounds", "Rounds", ((5, "5"), (7, "7"), (10, "10"), (3, "3"))),
)
