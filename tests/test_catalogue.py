"""The contract every game in the catalogue keeps (wasp-os style: a new game in
games/catalogue.py gets these tests for free).

Rules cores: random legal play ends; a save restores the game exactly at any step
(and the restored game plays on identically); every bot level plays only legal moves.
Screens (the table games, through the real launcher and app, by buttons only, with
tests/drive/<game>.py): a game played to its end; Save and quit then Resume gives the
same game; every screen named in the key module's SCREENS opens from the turn and B
leaves it, one level at a time.
"""
import importlib

import pytest

from core.jsonout import dumps
from core.rng import Rng
from games.catalogue import GAMES
import drive
from drive import Driver, live

MAX_STEPS = 5000
IDS = [entry.id for entry in GAMES]
TABLE_IDS = [entry.id for entry in GAMES if entry.has_setup]     # with a setup form: seats, computer players


def modules(game_id):
    return (importlib.import_module("games.%s.rules" % game_id),
            importlib.import_module("games.%s.bot" % game_id))


def player_counts(rules):
    return sorted({rules.MIN_PLAYERS, min(2, rules.MAX_PLAYERS), rules.MAX_PLAYERS}
                  & set(range(rules.MIN_PLAYERS, rules.MAX_PLAYERS + 1)))


def new_game(rules, n, seed, options=None):
    game = rules.Game(n, options, Rng(seed))
    game.start()
    game.pop_events()
    return game


def options_that_end(game_id):
    # the dice roller rolls for ever unless it is given a number of rolls
    return {"rolls": 20} if game_id == "dice" else None


def restored(rules, game):
    return rules.Game.from_save(game.to_save())


@pytest.mark.parametrize("game_id", IDS)
def test_random_legal_play_ends(game_id):
    rules, _bot = modules(game_id)
    for n in player_counts(rules):
        for seed in (1, 2):
            game = new_game(rules, n, seed, options_that_end(game_id))
            pick = Rng(seed + 100)
            steps = 0
            while not game.is_over():
                actions = game.legal_actions()
                assert actions, "%s: no legal action, and the game is not over" % game_id
                game.apply(pick.choice(actions))
                game.pop_events()
                steps += 1
                assert steps < MAX_STEPS, "%s with %d players did not end" % (game_id, n)
            assert game.to_act() == -1 and game.winners() is not None
            assert len(game.scores()) == n


@pytest.mark.parametrize("game_id", IDS)
def test_a_save_restores_the_game_exactly_at_any_step(game_id):
    rules, bot = modules(game_id)
    n = min(2, rules.MAX_PLAYERS)
    game = new_game(rules, n, 7, options_that_end(game_id))
    bot_rng = Rng(8)
    step = 0
    while not game.is_over():
        saved = dumps(game.to_save())
        copy = restored(rules, game)
        assert dumps(copy.to_save()) == saved, "%s: the save changed at step %d" % (game_id, step)
        assert copy.legal_actions() == game.legal_actions()
        if step % 15 == 0:
            # the restored game, played on by the same bots, ends as the original does
            a, b = restored(rules, game), restored(rules, game)
            ra, rb = Rng(step), Rng(step)
            while not a.is_over():
                action = bot.choose(a, bot.LEVELS[0], ra)
                assert bot.choose(b, bot.LEVELS[0], rb) == action
                a.apply(action)
                b.apply(action)
            assert a.summary() == b.summary()
        game.apply(bot.choose(game, bot.LEVELS[-1], bot_rng))
        game.pop_events()
        step += 1
        assert step < MAX_STEPS


@pytest.mark.parametrize("game_id", TABLE_IDS)
def test_the_setup_screen_offers_every_level_of_the_bot(game_id):
    """A seat is a person or a computer player of each level the game's bot has (the
    catalogue names them, so the launcher needs no bot loaded), each with its help."""
    from core.launcher import KIND_IDS, KIND_HELPS
    entry = [e for e in GAMES if e.id == game_id][0]
    assert tuple(entry.levels) == tuple(modules(game_id)[1].LEVELS)
    for level in entry.levels:
        assert level in KIND_IDS and KIND_HELPS[KIND_IDS.index(level)]
    import importlib
    lines = importlib.import_module("games.%s.setup" % game_id).LEVELS     # the form's line for each
    assert [level for level, _line in lines] == list(entry.levels)
    assert all(0 < len(line) <= 38 for _level, line in lines)


def test_the_form_says_the_games_own_line_for_a_level(tmp_path):
    import screen
    from sim.console import Console
    # Cookie Party's form: P2 is a Normal CPU; its line is the game's, not the kit's
    keys = screen.open_game_keys("cookie") + ["DOWN"] * 4
    c = Console("pico", 1, keys, str(tmp_path))
    c.run()
    assert screen.has_text(c, "Draws the walls")


@pytest.mark.parametrize("game_id", IDS)
def test_every_bot_level_plays_only_legal_moves(game_id):
    from core.rules import Illegal
    rules, bot = modules(game_id)
    for level in bot.LEVELS:
        for n in player_counts(rules):
            game = new_game(rules, n, 3 + n, options_that_end(game_id))
            bot_rng = Rng(11)
            steps = 0
            while not game.is_over():
                action = bot.choose(game, level, bot_rng)
                try:
                    game.apply(action)
                except Illegal as e:
                    raise AssertionError("%s %s bot, %d players: %r refused (%s)" % (
                        game_id, level, n, action, e.reason))
                game.pop_events()
                steps += 1
                assert steps < MAX_STEPS


# ---- the screens, by buttons only ------------------------------------------------------------
@pytest.mark.parametrize("game_id", TABLE_IDS)
def test_a_game_plays_to_its_end_by_buttons(game_id, tmp_path):
    console, d = drive.play(game_id, ["human", "easy"], tmp_path, seed=2)
    assert d.ended is not None, "%s: the end screen was not reached" % game_id
    assert d.decisions > 0 and d.ended["summary"]
    assert drive.saved(tmp_path, game_id) is None


@pytest.mark.parametrize("game_id", TABLE_IDS)
def test_save_and_quit_then_resume_gives_the_same_game(game_id, tmp_path):
    _console, whole = drive.play(game_id, ["human", "easy"], tmp_path / "a", seed=3)
    split = Driver(game_id, 3, stop_after=3, resume=["A", "A"])   # the game's menu: Resume is first
    drive.play(game_id, ["human", "easy"], tmp_path / "b", seed=3, driver=split)
    assert split.stopped is not None and split.ended is not None
    assert split.actions == whole.actions
    assert split.ended == whole.ended


class ScreenProbe:
    """At a person's decision, open each screen of SCREENS from the turn screen (those
    that need a state, at the first decision that has it), and record the screens open
    after every key; then B back to the turn. The driver plays the decisions between."""

    def __init__(self, game_id, seed):
        self.driver = Driver(game_id, seed)
        self.plan = sorted(drive.keys_module(game_id).SCREENS)
        self.seen = {}          # screen name -> [screens open when it was opened, after each B]
        self.current = None

    def __call__(self, console):
        state = live()
        if not state:
            return None
        if self.current is not None:
            self.seen[self.current].append(list(state["screens"]))
            if state["screens"]:
                return ["B"]
            self.current = None
        if state["waiting"] == "decide" and not state["screens"]:
            for name in self.plan:
                keys = drive.screen_keys(self.driver.game_id, name, state["game"])
                if keys is not None:
                    self.plan.remove(name)
                    self.current = name
                    self.seen[name] = []
                    return keys
        if not self.plan and self.current is None:
            return None
        return self.driver(console)


@pytest.mark.parametrize("game_id", TABLE_IDS)
def test_the_screen_list_names_every_screen_the_game_opens(game_id):
    # tests/drive/<id>.py SCREENS is written by hand: every visit("name") in the game's
    # code must be in it (and nothing else), or the next test misses a screen
    listed = set(drive.keys_module(game_id).SCREENS)
    opened = drive.visited_screens(game_id)
    assert opened, "%s: no visit() found in firmware/games/%s" % (game_id, game_id)
    assert opened - listed == set(), "%s: screens missing from tests/drive/%s.py SCREENS" % (game_id, game_id)
    assert listed - opened == set(), "%s: SCREENS names screens the game does not open" % game_id


SCREEN_SEEDS = {"words": 4}     # a game whose people see a table word, a joker and the action cards


@pytest.mark.parametrize("game_id", TABLE_IDS)
def test_every_screen_opens_and_b_leaves_it(game_id, tmp_path):
    screens = drive.keys_module(game_id).SCREENS
    assert screens, "%s: tests/drive/%s.py names no screen" % (game_id, game_id)
    seed = SCREEN_SEEDS.get(game_id, 4)
    probe = ScreenProbe(game_id, seed)
    drive.play(game_id, ["human", "easy"], tmp_path, seed=seed, driver=probe)
    assert sorted(probe.seen) == sorted(screens), "%s: not opened: %s" % (game_id, sorted(set(screens) - set(probe.seen)))
    for name, opened in probe.seen.items():
        assert opened and opened[0] and opened[0][-1] == name, "%s: %s did not open (%s)" % (game_id, name, opened)
        depths = [len(s) for s in opened]
        assert depths == list(range(depths[0], -1, -1)), "%s: B did not go back one level at a time from %s: %s" % (
            game_id, name, opened)


@pytest.mark.parametrize("game_id", TABLE_IDS)
def test_a_save_that_does_not_fit_falls_back_to_the_copy_before(game_id, tmp_path):
    # a checksum that is right around contents that are not this version's save (an
    # older version's, say): the copy before it is resumed; when none fits, the player
    # may delete it (B keeps it)
    from core.saves import Saves
    from hal.storage import FileStorage
    import screen
    from sim.console import Console
    split = Driver(game_id, 3, stop_after=2)
    drive.play(game_id, ["human", "easy"], tmp_path, seed=3, driver=split)
    saves = Saves(FileStorage(str(tmp_path / "saves")))
    good = saves.load(game_id)[0]
    saves.save(game_id, {"kinds": ["human", "easy"], "game": "from another version"})
    seen = []

    def resumed(console):
        state = live()
        if state and not seen:
            seen.append(state["game"].summary())
        return None
    # the launcher's cursor starts on the last game played: A its menu, A Resume, A the message
    c = Console("pico", 3, ["A", "A", "A"], str(tmp_path), driver=resumed)
    c.run()
    assert seen, "%s: the copy before was not resumed" % game_id
    assert saves.load(game_id)[0] is not None
    # now no copy fits: asked, A deletes it
    saves.save(game_id, {"wrong": 1})
    saves.save(game_id, {"wrong": 2})
    c = Console("pico", 3, ["A", "A"], str(tmp_path))
    c.run()
    assert screen.has_text(c, "Delete it?")
    c = Console("pico", 3, ["A", "A", "A"], str(tmp_path))
    c.run()
    assert not saves.exists(game_id) and good is not None


@pytest.mark.parametrize("game_id", [e.id for e in GAMES if "hard" in e.levels])
def test_a_hard_computer_seat_is_chosen_on_the_form_and_plays(game_id, tmp_path):
    """'Hard CPU' on the setup form makes a hard seat, which the game's bot then plays
    (a few decisions, then Save and quit: the save says so)."""
    split = Driver(game_id, 5, stop_after=4)
    drive.play(game_id, ["human", "hard"], tmp_path, seed=5, driver=split)
    assert split.stopped is not None
    assert [seat["kind"] for seat in drive.saved(tmp_path, game_id)["seats"]] == ["human", "hard"]


def test_a_game_module_left_loaded_is_loaded_afresh_with_the_kit_in_use(tmp_path):
    """A game's app left in sys.modules (a tool or test that imported it in the simulator's
    process) is bound to a core.table a finished game let go of: launching the game loads
    it again, so its screens use the kit that is loaded (LIVE is read there)."""
    import importlib
    import sys
    importlib.import_module("games.cookie.app")
    sys.modules.pop("core.table", None)     # as a finished game's run() lets go of it
    d = Driver("cookie", 2, stop_after=1)
    drive.play("cookie", ["human", "easy"], tmp_path, seed=2, driver=d)
    assert d.stopped is not None, "the game's screens were not seen"
