"""Every game the console knows, without importing any of them.

(id, title, min players, max players, setup screen). A game without a setup
screen starts with one human seat and default options. The launcher shows a game once its
`games/<id>/app.py` (or .mpy) is on the filesystem; tools use the rules cores.
"""

GAMES = (
    ("dice", "Dice roller", 1, 1, False),
    ("clever", "Clever Kids", 1, 4, True),
    ("dizzle", "Dizzle", 1, 4, True),
    ("cookie", "Cookie Party", 2, 5, True),
    ("words", "Word Cards", 2, 4, True),
)


def entry(game_id):
    for e in GAMES:
        if e[0] == game_id:
            return e
    return None
