"""Clever Kids: the options its setup screen offers and its rules summary (the format: docs/game-api.md, setup.py)."""
# who starts, and turn against round, mean nothing to one player alone
TOGETHER = ("players", (2, 3, 4))
SETUP = (
    ("start_player", "Starts", (("first", "P1", "Player 1 rolls the dice first."),
                                ("random", "Random", "A player drawn at random rolls first.")), TOGETHER),
    ("bonus_skip", "Skip bonus", ((False, "No", "A bonus cross must be used."),
                                  (True, "May", "A bonus cross may be left unused.")), None),
    ("end_rule", "Game ends", (("turn", "Turn", "Once an area is full, after that turn."),
                               ("round", "Round", "Once an area is full, after that round.")), TOGETHER),
)


# what the setup form says of each computer level (its one line; docs/clever.md)
LEVELS = (
    ('easy', 'Knows the rules, picks by chance.'),
    ('normal', 'Plans each move, keeps dice from you.'),
)

# the rules summary: the launcher's "Rules" item and the in-game menu
RULES = ("Roll-and-write for 1-4 players; most stars wins, ties share the win.\n"
         "Your turn: the five dice are rolled (again, by themselves, until something fits). "
         "Pick a colour and cross symbols in that area only, with the dice of that colour "
         "plus any jokers (a joker is any symbol of the colour). Dice you do not use go to "
         "the middle.\n"
         "Then each other player picks one colour among the dice in the middle (plus "
         "jokers left there) and crosses with them, or passes. The dice stay in the middle.\n"
         "Balloons (Y): left to right, each needs its own kind. Candles (R): left to "
         "right, a wagon needs all its candles at once. Presents (G): any order. Sweets "
         "(B): each row left to right, a field needs a pair.\n"
         "A bonus circle (ring with a colour letter) gives a free cross in that colour "
         "at the end of your move: a whole symbol, chains on. Green columns 2-4 give "
         "bonuses when full.\n"
         "Stars: next to crossed fields; green: the full left column and each full row.\n"
         "The game ends after the turn in which someone fills an area.\n"
         "Solo: after your turn you pick once more from the dice you left; your stars "
         "give you a title.\n"
         "Keys: LEFT/RIGHT choose, A cross, B everyone's sheets, A+B menu; while picking "
         "a colour, UP/DOWN say what each die is.")
