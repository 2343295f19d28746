"""Every game's setup.py offers only real options, with values its rules accept,
the first choice being the rules' default; labels fit the 128-pixel setup form, and
every choice has a help that fits the form's two help lines."""
import importlib

import pytest
from games.catalogue import GAMES


@pytest.mark.parametrize("game_id", [g.id for g in GAMES])
def test_setup_screen_options_match_the_rules(game_id):
    rules = importlib.import_module("games.%s.rules" % game_id)
    setup = importlib.import_module("games.%s.setup" % game_id)
    spec = {name: (default, allowed) for name, default, allowed, _help in rules.OPTIONS}
    seen = set()
    from core import font
    names = [option[0] for option in setup.SETUP]
    for name, label, choices, when in setup.SETUP:
        assert name in spec, "%s: %s is not an option of the rules" % (game_id, name)
        assert name not in seen
        seen.add(name)
        default, allowed = spec[name]
        assert choices[0][0] == default, "%s: the first choice of %s must be the default" % (game_id, name)
        for value, shown, help in choices:
            assert value in allowed, "%s: %s=%r not allowed" % (game_id, name, value)
            # "label  <value>" must fit a 21-character row
            assert len(label) + len(shown) + 3 <= 21, (label, shown)
            assert help and len(font.wrap(help, 126)) <= 2, (name, help)
        if when is not None:    # offered while the players, or an option above it, have one of some values
            what, values = when
            assert isinstance(values, tuple) and values, (name, when)
            if what == "players":
                entry = [g for g in GAMES if g.id == game_id][0]
                assert "players" not in spec        # the name means the number of players
                assert set(values) < set(range(entry.min_players, entry.max_players + 1)), (name, when)
            else:
                assert what in names[:names.index(name)], (name, when)
                assert set(values) <= set(choice[0] for choice in setup.SETUP[names.index(what)][2])
        rules.Game(rules.MAX_PLAYERS, {name: choices[-1][0]})  # accepted by the rules core


@pytest.mark.parametrize("entry", GAMES, ids=[g.id for g in GAMES])
def test_catalogue_player_counts_match_the_rules(entry):
    rules = importlib.import_module("games.%s.rules" % entry.id)
    assert (entry.min_players, entry.max_players) == (rules.MIN_PLAYERS, rules.MAX_PLAYERS)
