"""Clever Kids by buttons: the keys that perform an action from the start of its decision
screen (the cursor starts where games.clever.app's items_of and start_of say)."""
import sys

# The screens the turn screen opens, and the keys that open each from there. (The joker
# list, "how", opens only on a field that can be crossed in several ways: its own test.)
SCREENS = {"sheets": ["B"]}


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
