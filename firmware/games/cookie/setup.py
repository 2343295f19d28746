"""Cookie Party: the options its setup screen offers and its rules summary (the format: docs/game-api.md, setup.py)."""
SETUP = (
    ("side", "Side", (("blue", "Blue", "Blue boards: 9 tasks, rows and columns."),
                      ("yellow", "Yellow", "Yellow boards: whole cookies, red ones.")), None),
    ("setup", "Chips", (("first", "Shuffled", "Chips dealt onto the white dots."),
                        ("free", "Placed", "Each player places their own chips.")), None),
    ("frame", "Frame", ((False, "Off", "The border walls are drawn in play."),
                        (True, "Drawn", "The 24 border walls start drawn.")), None),
)


# what the setup form says of each computer level (its one line; docs/cookie.md)
LEVELS = (
    ('easy', 'Knows the rules, picks walls loosely.'),
    ('normal', 'Draws the walls its tasks need most.'),
    ('hard', "Weighs what each chip's walls finish."),
)

# the rules summary: the launcher's "Rules" item and the in-game menu
RULES = ("Dots and boxes on your own 6x6 board, 2-5 players; most points wins, ties share.\n"
         "Each round two dice are rolled for everybody. Find the chip with that number and "
         "draw its walls (2/12: 4, 3/11: 3, 4/10: 2, 5-9: 1) on free sides of its space. "
         "Walls that do not fit are lost and you cross one drink bar; so does a roll whose "
         "chip you no longer have. The third bar gives one wall anywhere (you may skip it), "
         "then the bars are wiped.\n"
         "A space with four walls is crossed; a chip on it moves to a free space. Then you "
         "may move one chip to a free space.\n"
         "Tasks: blue side - all 3 of a cookie, 6 of the 10 red spaces (dotted ring), a full "
         "row or column; yellow side - all of a cookie (not on red), 6 red. The first to "
         "complete a task scores its top slot (blue 6), later rounds the next (4), then 3; "
         "the same round: everybody scores the same slot. Give one chip for each task.\n"
         "The game ends after the round in which someone has 25 (2 players), 22 (3), 20 (4) "
         "or 19 (5). Frame variant: the border walls start drawn.\n"
         "Rows and columns count from 1, row 1 at the top; a message's place is lit on the board.\n"
         "Keys: arrows move, A picks, B turn menu (skip / no move, scoreboard, all boards, "
         "show cookies: the board shows walls and chips until then); B goes back after picking "
         "a chip to move. A+B game menu.")
