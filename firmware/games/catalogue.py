"""Every game the console knows, without importing any of them.

A game without a setup screen starts with one human seat and default options. The
launcher shows a game once its `games/<id>/app.py` (or .mpy) is on the filesystem;
tools use the rules cores.
"""


class Entry:
    """One game of the catalogue: what the launcher lists and how a new game starts."""
    __slots__ = ("id", "title", "min_players", "max_players", "has_setup", "levels")

    def __init__(self, game_id, title, min_players, max_players, has_setup, levels=()):
        self.id = game_id
        self.title = title
        self.min_players = min_players
        self.max_players = max_players
        self.has_setup = has_setup   # a setup form (seats, options); else one person, defaults
        self.levels = levels         # the computer players' levels a seat may be (its bot.LEVELS)


GAMES = (
    Entry("dice", "Dice roller", 1, 1, False),
    Entry("clever", "Clever Kids", 1, 4, True, ("easy", "normal")),
    Entry("dizzle", "Dizzle", 1, 4, True, ("easy", "normal", "hard")),
    Entry("cookie", "Cookie Party", 2, 5, True, ("easy", "normal", "hard")),
    Entry("words", "Word Cards", 2, 4, True, ("easy", "normal", "hard")),
)


def entry(game_id):
    for e in GAMES:
        if e.id == game_id:
            return e
    return None


def ids():
    return [e.id for e in GAMES]
