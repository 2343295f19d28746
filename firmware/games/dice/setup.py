"""What the launcher shows before the dice roller: no setup (it starts at once), its rules."""
SETUP = ()

# the rules summary: the launcher's "Rules" item and the in-game menu
RULES = ("Roll up to 13 dice. Pick dice with A to re-roll only those, or press Roll "
         "with none picked to roll all. UP/DOWN change how many dice. Fair shows "
         "every roll made on this console and a chi-square test of the dice.")
