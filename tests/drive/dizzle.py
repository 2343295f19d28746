"""Dizzle by buttons: the keys that perform an action from the start of its decision
screen (the screens start where games.dizzle.view's helpers say)."""
import sys

# The screens B on the turn screen leads to, and the keys that open each from there.
SCREENS = {"sheets": ["B"], "zoom": ["B", "A"], "points": ["B", "UP"], "events": ["B", "DOWN"]}


def _app():
    return sys.modules["games.dizzle.view"]


def moves(game, a, b):
    """Keys moving the sheet cursor from field a to field b."""
    ra, ca = divmod(a, game.cols)
    rb, cb = divmod(b, game.cols)
    keys = ["DOWN"] * (rb - ra) if rb >= ra else ["UP"] * (ra - rb)
    return keys + (["RIGHT"] * (cb - ca) if cb >= ca else ["LEFT"] * (ca - cb))


def keys_for(game, action):
    app = _app()
    if action in ("roll", "drop"):
        return ["DOWN", "A"] if action == "drop" and game.reroll_allowed() else ["A"]
    cell = app.cell_of(action, game.cols)
    if game.phase == "take":
        value = int(action.split("@")[0])
        steps = app.values(game).index(value) - app.first_value(game)
        return ["RIGHT"] * steps + ["A"] + moves(game, app.start_cell(game, value), cell) + ["A"]
    return moves(game, app.choice_cells(game)[0], cell) + ["A"]
