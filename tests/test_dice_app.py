"""The dice roller, played with buttons in the simulator."""
import pytest

from core.launcher import available_games
from core.saves import Saves
from hal.storage import FileStorage
from screen import play, has_text, golden
from games.dice.rules import Game, chi_square_x100, verdict


def open_dice():
    items = [g.id for g in available_games()]
    return ["DOWN"] * items.index("dice") + ["A", "A"]  # main menu -> game menu -> New game


def saved_game(tmp_path):
    data, problems = Saves(FileStorage(str(tmp_path / "saves"))).load("dice")
    assert problems == []
    return Game.from_save(data["game"])


def keys(*parts):
    return " ".join(open_dice() + list(parts))


def test_roller_screen(tmp_path):
    c = play(keys(), saves=str(tmp_path))
    assert has_text(c, "Dice x5") and has_text(c, "Roll all") and has_text(c, "Fair")
    golden(c, "dice_roller")


def test_picked_dice_are_rerolled_and_the_rest_kept(tmp_path):
    play(keys(), saves=str(tmp_path), seed=4)
    before = saved_game(tmp_path).dice
    # pick dice 1 and 3, move to the Roll button, press it
    c = play(keys("A", "RIGHT", "RIGHT", "A", "RIGHT", "RIGHT", "RIGHT", "A"), saves=str(tmp_path / "b"), seed=4)
    assert has_text(c, "Roll all")  # nothing picked after the roll
    g = saved_game(tmp_path / "b")
    assert g.rolls == 2
    kept = sorted(before[1:2] + before[3:])
    rest = list(g.dice)
    for v in kept:
        rest.remove(v)  # the unpicked dice are still there
    assert len(rest) == 2


def test_up_and_down_change_the_number_of_dice(tmp_path):
    c = play(keys("UP", "UP"), saves=str(tmp_path))
    assert has_text(c, "Dice x7")
    assert len(saved_game(tmp_path).dice) == 7
    c = play(keys(*(["DOWN"] * 10)), saves=str(tmp_path / "b"))
    assert has_text(c, "Dice x1")


def test_thirteen_dice_fit_on_screen(tmp_path):
    c = play(keys(*(["UP"] * 10)), saves=str(tmp_path))
    assert has_text(c, "Dice x13")
    golden(c, "dice_thirteen")


def test_fairness_screen_counts_every_roll_across_sessions(tmp_path):
    roll = ["RIGHT"] * 5 + ["A"] * 12  # cursor to "Roll all", roll 12 times
    play(keys(*(roll + ["B"])), saves=str(tmp_path))
    # a second visit: New game (confirm) keeps the console's history
    c = play(" ".join(open_dice()[:-1] + ["DOWN", "A", "A"] + ["RIGHT"] * 6 + ["A"]), saves=str(tmp_path))
    stats, _ = Saves(FileStorage(str(tmp_path / "saves"))).load("dicestats")
    assert sum(stats["counts"]) == 5 * 14
    assert has_text(c, "n=70") and has_text(c, "chi2")
    golden(c, "dice_fairness")


def test_a_damaged_newest_save_falls_back_to_the_one_before(tmp_path):
    play(keys("RIGHT", "RIGHT", "RIGHT", "RIGHT", "RIGHT", "A", "B"), saves=str(tmp_path))
    path = tmp_path / "saves" / "dice"
    path.write_bytes(path.read_bytes()[:-5])
    c = play(" ".join(open_dice()[:-1] + ["A"]), saves=str(tmp_path))
    assert has_text(c, "so resuming the one")
    c = play(" ".join(open_dice()[:-1] + ["A", "A"]), saves=str(tmp_path))
    assert has_text(c, "Roll all")  # playing on from the save before


def test_resume_continues_the_same_roll(tmp_path):
    play(keys("RIGHT", "RIGHT", "RIGHT", "RIGHT", "RIGHT", "A", "B"), saves=str(tmp_path))
    before = saved_game(tmp_path)
    c = play(" ".join(open_dice()[:-1] + ["A"]), saves=str(tmp_path))  # Resume is first
    assert has_text(c, "sum %d" % sum(before.dice))


def test_a_damaged_game_save_is_reported_and_kept_on_b(tmp_path):
    play(keys("B"), saves=str(tmp_path))
    path = tmp_path / "saves" / "dice"
    good = path.read_bytes()
    for name in ("dice", "dice.bak"):
        p = tmp_path / "saves" / name
        if p.exists():
            p.write_bytes(p.read_bytes()[:-5])
    c = play(" ".join(open_dice()[:-1] + ["A"]), saves=str(tmp_path))
    assert has_text(c, "Save unreadable.")
    c = play(" ".join(open_dice()[:-1] + ["A", "A", "B"]), saves=str(tmp_path))  # kept: back to the game menu
    assert path.read_bytes() == good[:-5]  # nothing overwritten
    assert has_text(c, "New game")


def test_chi_square_and_verdicts():
    assert chi_square_x100([10, 10, 10, 10, 10, 10]) == 0
    assert verdict([1, 1, 1, 1, 1, 1]).startswith("Roll 54 more")
    assert verdict([100, 100, 100, 100, 100, 100]).startswith("Fair")
    assert verdict([300, 100, 100, 100, 100, 0]).startswith("Suspicious")
    # 5 degrees of freedom: 11.07 is the 5% point
    assert verdict([110, 100, 100, 100, 100, 90]).startswith("Fair")


def test_rules_refuse_with_reasons():
    import pytest
    from core.rules import Illegal
    g = Game(1, {"dice": 3, "rolls": 0})
    g.start()
    for action, reason in (("reroll 4", "numbered 1 to 3"), ("reroll 1,1", "picked twice"),
                           ("dice 14", "1 to 13"), ("jump", "unknown action")):
        with pytest.raises(Illegal) as e:
            g.apply(action)
        assert reason in e.value.reason
    assert g.rolls == 1


class _Frame:
    """A frame kept for has_text()."""

    def __init__(self, buf):
        self.buf = bytes(buf)

    def panel(self):
        return self.buf


def test_more_or_fewer_dice_are_drawn_before_they_are_saved(tmp_path, monkeypatch):
    """UP / DOWN and a roll save the dice once their screen is up (ui.later), before the
    next key is read: the save held the frame of UP / DOWN back (9.8 KB allocated before
    it, make bench keys' dice session). So each save finds its dice on the screen."""
    from core import ui as kit
    shown = []
    real_show = kit.Ui.show

    def show(self):
        real_show(self)
        shown.append(_Frame(self.fb.buffer))
    saved = []
    real_save = Saves.save

    def save(self, name, data):
        if name == "dice":
            saved.append((len(data["game"]["dice"]), shown[-1]))
        real_save(self, name, data)
    monkeypatch.setattr(kit.Ui, "show", show)
    monkeypatch.setattr(Saves, "save", save)
    c = play(keys("UP", "DOWN", "DOWN", "RIGHT", "RIGHT", "RIGHT", "RIGHT", "A"), saves=str(tmp_path))
    assert has_text(c, "Dice x4") and len(saved_game(tmp_path).dice) == 4
    assert [n for n, _ in saved] == [5, 6, 5, 4, 4]
    for n, frame in saved[1:]:
        assert has_text(frame, "Dice x%d" % n) and has_text(frame, "Roll all")


# The dice roller's screens (it is not a table game: the catalogue's screen test does not
# reach it): the keys that open each from the roller, what it shows, and what each B
# after it shows, one level back at a time, down to the roller and the launcher.
ROLLER = "Roll all"
DICE_SCREENS = {
    "fairness": (["LEFT", "A"], "chi2", [ROLLER]),                   # LEFT wraps to Fair
    "game menu": (["MENU"], "Save and quit", [ROLLER]),
    "rules": (["MENU", "DOWN", "DOWN", "A"], "Rules", ["Save and quit", ROLLER]),
    "settings": (["MENU", "DOWN", "DOWN", "DOWN", "A"], "Settings", ["Save and quit", ROLLER]),
    "fairness over the menu": (["LEFT", "A", "MENU"], "Save and quit", [ROLLER]),
}


@pytest.mark.parametrize("name", sorted(DICE_SCREENS))
def test_every_dice_screen_opens_and_b_leaves_it_one_level_at_a_time(name, tmp_path):
    keys_to, shown, backs = DICE_SCREENS[name]
    c = play(keys(*keys_to), saves=str(tmp_path / "a"))
    assert has_text(c, shown), "%s did not open" % name
    for i in range(len(backs)):
        c = play(keys(*(keys_to + ["B"] * (i + 1))), saves=str(tmp_path / ("b%d" % i)))
        assert has_text(c, backs[i]), "%s: B %d did not go back to %s" % (name, i + 1, backs[i])
    c = play(keys(*(keys_to + ["B"] * (len(backs) + 1))), saves=str(tmp_path / "end"))
    assert has_text(c, "pocket-party"), "%s: B on the roller did not leave it" % name
