"""Dizzle computer players: always legal, never touch the game's dice or state,
and the normal player beats the easy one in at least 65% of 2-player games
(500 seeds, seats alternating; a tie counts as not won)."""
import pytest
from core.jsonout import dumps
from core.rng import Rng
from games.dizzle import bot
from games.dizzle.rules import Game


def game(seed, levels, level=1, n=2):
    g = Game(n, {"level": level}, Rng(seed))
    brng = Rng(seed ^ 0x5A5A)
    g.start()
    k = 0
    while not g.is_over():
        g.apply(bot.choose(g, levels[g.to_act()], brng))
        k += 1
        assert k < 3000
    return g


def win_rate(seeds, level=1):
    wins = 0
    for seed in seeds:
        levels = ["normal", "easy"] if seed % 2 == 0 else ["easy", "normal"]
        g = game(seed, levels, level)
        if g.winners() == [levels.index("normal")]:
            wins += 1
    return wins * 100 // len(seeds)


def test_normal_beats_easy_in_65_percent_of_500_games():
    assert win_rate(range(500)) >= 65


@pytest.mark.parametrize("level", [2, 3, 4])
def test_normal_beats_easy_on_every_level(level):
    assert win_rate(range(1000, 1080), level) >= 65


def test_levels():
    assert bot.LEVELS == ("easy", "normal")


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_bot_leaves_game_and_dice_untouched(level):
    for n, lv in ((1, 3), (3, 2), (4, 4)):
        g = Game(n, {"level": lv}, Rng(n))
        g.start()
        brng = Rng(5)
        while not g.is_over():
            before = dumps(g.to_save())
            a = bot.choose(g, level, brng)
            assert dumps(g.to_save()) == before, "choose() changed the game"
            assert a in g.legal_actions()
            g.apply(a)


def test_every_player_count_and_level_ends():
    for n in (1, 2, 3, 4):
        for lv in (1, 2, 3, 4):
            g = game(n * 10 + lv, ["normal", "easy", "easy", "normal"][:n], lv, n)
            assert g.is_over() and g.winners()
