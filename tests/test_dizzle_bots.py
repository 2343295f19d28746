"""Dizzle computer players: always legal, never touch the game's dice or state,
and the normal player beats the easy one in at least 65% of 2-player games
(500 seeds, seats alternating; a tie counts as not won); the hard player beats
normal more often than not, is reproducible from its seed and decides only on
what its seat can see."""
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


def win_rate(seeds, level=1, strong="normal", weak="easy"):
    wins = 0
    for seed in seeds:
        levels = [strong, weak] if seed % 2 == 0 else [weak, strong]
        g = game(seed, levels, level)
        if g.winners() == [levels.index(strong)]:
            wins += 1
    return wins * 100 // len(seeds)


def test_normal_beats_easy_in_65_percent_of_500_games():
    assert win_rate(range(500)) >= 65


@pytest.mark.parametrize("level", [2, 3, 4])
def test_normal_beats_easy_on_every_level(level):
    assert win_rate(range(1000, 1080), level) >= 65


def test_levels():
    assert bot.LEVELS == ("easy", "normal", "hard")


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
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


def test_hard_beats_normal_more_often_than_not():
    # 120 seeds the strength bench does not play (it plays 1-500): about 70% there
    assert win_rate(range(3000, 3120), 1, "hard", "normal") > 50


def test_hard_finishes_2_and_4_player_games_on_every_level():
    for n in (2, 4):
        for lv in (1, 2, 3, 4):
            g = game(n * 100 + lv, ["hard"] * n, lv, n)
            assert g.is_over() and g.winners()
    # the "newest" cluster rule (the play-outs ask targets() the long way)
    for n in (1, 3):
        g = Game(n, {"cluster": "newest", "level": 2}, Rng(n))
        g.start()
        brng = Rng(3)
        while not g.is_over():
            g.apply(bot.choose(g, "hard", brng))
        assert g.winners()


def transcript(seed, levels, n=2):
    g = Game(n, None, Rng(seed))
    brng = Rng(seed ^ 0x5A5A)
    g.start()
    out = []
    while not g.is_over():
        a = bot.choose(g, levels[g.to_act()], brng)
        out.append(a)
        g.apply(a)
    return out


def test_hard_is_reproducible_from_the_seed():
    assert transcript(7, ["hard", "normal"]) == transcript(7, ["hard", "normal"])
    assert transcript(7, ["hard", "normal"]) != transcript(8, ["hard", "normal"])


def test_hard_does_not_use_the_dice_still_to_be_rolled():
    """At every decision of whole games, a copy of the game that is the same on the
    table but rolls other dice next (another dice generator, other forced faces)
    gets the same decision from the same bot rng: hard reads only what is public."""
    decisions = 0
    for n in (2, 4):
        g = Game(n, None, Rng(40 + n))
        g.start()
        brng = Rng(9)
        while not g.is_over():
            other = Game.from_save(g.to_save())
            other.rng = Rng(12345 + decisions)
            other.force([6, 5, 4, 3, 2, 1, 1, 1])
            state = brng.getstate()
            a = bot.choose(g, "hard", brng)
            after = brng.getstate()
            brng.setstate(state)
            assert bot.choose(other, "hard", brng) == a
            assert brng.getstate() == after
            g.apply(a)
            decisions += 1
    assert decisions > 200


def test_reference_player_samples_the_dice_still_to_be_rolled():
    """tools/ref_dizzle.py (the strength bench's yardstick) plays futures with dice of its
    own rng: a copy of the game that rolls other dice next gets the same decisions."""
    import ref_dizzle
    g = Game(2, None, Rng(5))
    g.start()
    brng = Rng(11)
    for k in range(40):
        other = Game.from_save(g.to_save())
        other.rng = Rng(777 + k)
        state = brng.getstate()
        a = ref_dizzle.choose(g, "ref", brng)
        brng.setstate(state)
        assert ref_dizzle.choose(other, "ref", brng) == a
        g.apply(a)
