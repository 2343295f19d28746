"""Clever Kids by buttons: the keys that perform an action from the start of its decision
screen (the cursor starts where games.clever.app's items_of and start_of say)."""
import sys

def _how(game):
    """RIGHT to a field that can be crossed in several ways, A: the list of the ways
    ("how"); None when no field of this decision has more than one."""
    app = _app()
    if game.phase == "pick":
        return None
    items = app.items_of(game)
    start = app.start_of(game, items)
    for i in range(len(items)):
        if items[i] not in app.BUTTONS and len(app.variants(game, items[i])) > 1:
            return ["RIGHT"] * ((i - start) % len(items)) + ["A"]
    return None


# The screens the turn screen opens, and the keys that open each from there (a function
# of the game where the screen needs a state: None when it cannot open at this decision).
SCREENS = {"sheets": ["B"], "how": _how}


def _app():
    return sys.modules["games.clever.app"]


def keys_for(game, action):
    """RIGHT to the tab or field of action, A; where the field can be crossed in
    several ways, DOWN to action's line in the list, A."""
    app = _app()
    items = app.items_of(game)
    field = action.split(" ")[0]
    keys = ["RIGHT"] * ((items.index(field) - app.start_of(game, items)) % len(items)) + ["A"]
    if game.phase != "pick" and field not in app.BUTTONS:
        ways = app.variants(game, field)
        if len(ways) > 1:
            keys += ["DOWN"] * ways.index(action) + ["A"]
    return keys
