"""Cookie Party by buttons: the keys that perform an action from the start of its decision
screen (the cursor starts where games.cookie.app.start() says; B opens the turn menu, the
phase's extra actions first, then the views and the cookie layer; only where the picked chip
goes, B goes back)."""
import sys

from games.cookie.data import SEG_SPACES, SPACE_SEGS
from games.cookie.state import seg_index, space_index

SIDE_NAMES = ("UP", "DOWN", "LEFT", "RIGHT")    # top, bottom, left, right: SPACE_SEGS order

# The screens the turn screen leads to, and the keys that open each from there. The turn
# menu lists the phase's actions (none to two) before the views and the cookie layer last,
# so the views are reached from its end: UP from the first item wraps to the last.
SCREENS = {"menu": ["B"], "scoreboard": ["B", "UP", "UP", "UP", "UP", "A"],
           "task": ["B", "UP", "UP", "UP", "UP", "A", "A"], "boards": ["B", "UP", "UP", "UP", "A"],
           "events": ["B", "UP", "UP", "A"]}


def _app():
    return sys.modules["games.cookie.app"]


def side_of(space, wall):
    """Which side (0-3, SIDE_NAMES order) of space the wall is, or -1."""
    for side in range(4):
        if SPACE_SEGS[4 * space + side] == wall:
            return side
    return -1


def walk(a, b):
    """Keys moving the board cursor from space a to space b."""
    rows = b // 6 - a // 6
    cols = b % 6 - a % 6
    return (["DOWN"] * rows if rows > 0 else ["UP"] * -rows) + (["RIGHT"] * cols if cols > 0 else ["LEFT"] * -cols)


def keys_for(game, action):
    app = _app()
    extras = app.extras(game)
    if action in extras:
        return ["B"] + ["DOWN"] * extras.index(action) + ["A"]
    if action == "back":
        return ["B"]        # where the picked chip goes: B goes back to the choice of the chip
    words = action.split()
    if words[0] == "wall":
        wall = seg_index(words[1], int(words[2]), int(words[3]))
        if game.phase == "walls":
            return [SIDE_NAMES[side_of(game.space, wall)], "A"]
        # the drink wall: a space beside it, then its side
        space = SEG_SPACES[2 * wall] if SEG_SPACES[2 * wall] < 36 else SEG_SPACES[2 * wall + 1]
        return walk(app.start(game), space) + ["A", SIDE_NAMES[side_of(space, wall)], "A"]
    if words[0] == "put":
        space = space_index(int(words[1]), int(words[2]))
    else:
        space = game.chip_space(game.seat, int(words[1]))
    return walk(app.start(game), space) + ["A"]
