"""Undo (issue 17, point 1): the game menu's Undo takes back a person's last action of
their turn, step by step, while nothing new was revealed; core.undo in every game.

The rules-level tests play whole games with computer players and try an undo after
every action; the console tests play every table game by buttons (tests/drive), undo
each action that may be undone through the A+B menu, check the game is exactly as
before, and play the same action again."""
import json
import os
import subprocess
import sys

import pytest

import drive
import mpy
from core import undo
from core.jsonout import dumps
from core.rng import Rng
from drive import Driver, live
from games.catalogue import GAMES
import screen

TABLE_IDS = [g.id for g in GAMES if g.id != "dice"]
# Dizzle: with two players each take passes the turn to the other (nothing to undo);
# alone, a player takes die after die from one roll
PLAYERS = {"dizzle": 1}
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _modules(game_id):
    import importlib
    return importlib.import_module("games.%s.rules" % game_id), importlib.import_module("games.%s.bot" % game_id)


def state_of(game):
    return dumps(game.to_save())


def act(game, tb, seat, action, mark=0):
    """seat's action, recorded as the kit's apply() records it."""
    seen = game.revealed()
    tb.before(game, seat, mark)
    game.apply(action)
    tb.after(game, seat, action, seen)


def turn_of(game):
    # what changes when a turn ends (the apps' turn_mark): Cookie Party plays a round seat by seat
    return (game.round, game.seat) if hasattr(game, "round") and hasattr(game, "seat") else game.turn


# ---- the rules cores -------------------------------------------------------------------
def undo_walk(game_id, players, seed):
    """A game of normal computer players; after every action that may be undone, undo it,
    check the game is as before, and apply it again: the same game as without undos.
    Returns (undone, refused reasons seen)."""
    rules, bot = _modules(game_id)
    game = rules.Game(players, None, Rng(seed))
    game.start()
    game.pop_events()       # the apps tell the events at once: a state holds none between actions
    rng = Rng(seed ^ 0x5A5A)
    tb = undo.TakeBack()
    undone = 0
    reasons = set()
    restore = rules.Game.from_save
    turn = turn_of(game)
    while not game.is_over():
        seat = game.to_act()
        action = bot.choose(game, "normal", rng)
        before = state_of(game)
        act(game, tb, seat, action)
        game.pop_events()
        after = state_of(game)
        if tb.can_undo(seat):
            back, _mark = tb.undo(restore)
            assert state_of(back) == before, "%s seed %d: undo of %r" % (game_id, seed, action)
            act(back, tb, seat, action)
            back.pop_events()
            assert state_of(back) == after, "%s seed %d: %r again" % (game_id, seed, action)
            game = back
            undone += 1
        else:
            reasons.add(tb.reason(seat))
            with pytest.raises(ValueError):
                tb.undo(restore)
        if turn_of(game) != turn:
            turn = turn_of(game)
            tb.clear(undo.NOTHING)
    return undone, reasons


@pytest.mark.parametrize("game_id", TABLE_IDS)
def test_undo_then_the_same_action_gives_the_same_state(game_id):
    undone, reasons = undo_walk(game_id, PLAYERS.get(game_id, 2), 5)
    assert undone > 0, "%s: no action could ever be undone" % game_id
    assert undo.TURN_OVER in reasons
    # a roll or a card drawn inside a turn stops undo there (Cookie Party rolls once for
    # everybody before the turns: test_cookie_undo_stops_at_the_roll)
    assert undo.REVEALED in reasons or game_id == "cookie"


def test_cookie_undo_stops_at_the_roll():
    """Cookie Party's roll comes before a turn: every action of the turn can be undone,
    back to the roll, and no further; the dice stay those rolled."""
    game, bot, tb, rng = started("cookie", 2, 3)
    rules = _modules("cookie")[0]
    seat = game.to_act()
    dice = list(game.dice)
    while game.to_act() == seat:
        before = game.revealed()
        act(game, tb, seat, bot.choose(game, "normal", rng))
        assert game.revealed() == before or game.to_act() != seat
        if game.to_act() == seat and len(tb.actions) >= 2:
            break
    assert len(tb.actions) >= 2
    while tb.can_undo(seat):
        game, _mark = tb.undo(rules.Game.from_save)
    assert list(game.dice) == dice
    assert tb.reason(seat) == undo.ALL_UNDONE
    with pytest.raises(ValueError, match="Nothing more"):
        tb.undo(rules.Game.from_save)


def started(game_id, players, seed):
    """(game, its bot module, a TakeBack, a bot rng) at the start of a game."""
    rules, bot = _modules(game_id)
    game = rules.Game(players, None, Rng(seed))
    game.start()
    game.pop_events()
    return game, bot, undo.TakeBack(), Rng(seed + 1)


def test_an_action_after_which_dice_were_rolled_cannot_be_undone():
    # Clever Kids: the last mark of a turn rolls the dice again (or passes the turn)
    game, bot, tb, rng = started("clever", 1, 4)
    rules = _modules("clever")[0]
    reasons = []
    while not game.is_over() and undo.REVEALED not in reasons:
        seen = game.revealed()
        act(game, tb, 0, bot.choose(game, "normal", rng))
        if game.revealed() != seen:
            reasons.append(tb.reason(0))
    assert reasons and reasons[-1] == undo.REVEALED
    with pytest.raises(ValueError, match="revealed"):
        tb.undo(rules.Game.from_save)


def test_in_pass_and_play_each_person_undoes_only_their_own():
    game, bot, tb, rng = started("cookie", 2, 3)
    for _ in range(400):
        seat = game.to_act()
        action = bot.choose(game, "normal", rng)
        act(game, tb, seat, action)
        other = 1 - seat
        assert not tb.can_undo(other) and tb.reason(other) == undo.NOTHING
        if game.to_act() == other:
            return
    pytest.fail("the turn never passed")


def test_the_record_is_saved_and_loaded():
    game, bot, tb, rng = started("cookie", 2, 3)
    rules = _modules("cookie")[0]
    while not tb.can_undo(game.to_act()):
        seat = game.to_act()
        action = bot.choose(game, "normal", rng)
        act(game, tb, seat, action, 7)
    again = undo.TakeBack()
    again.load(json.loads(dumps(tb.to_save())))
    # the copy is kept as its JSON text; a save of an older version held the copy itself
    assert isinstance(tb.base, str)
    older = json.loads(dumps(tb.to_save()))
    older["base"] = json.loads(older["base"])
    old = undo.TakeBack()
    old.load(older)
    a, mark_a = tb.undo(rules.Game.from_save)
    b, mark_b = again.undo(rules.Game.from_save)
    assert state_of(a) == state_of(b) and mark_a == mark_b == 7
    with pytest.raises(ValueError):
        undo.TakeBack().load({"seat": 0, "base": None, "actions": ["x"], "marks": [1], "why": ""})
    c, mark_c = old.undo(rules.Game.from_save)
    assert state_of(c) == state_of(a) and mark_c == 7


UNDO_PROBE = os.path.join(ROOT, "tests", "undo_probe.py")


def test_undo_is_the_same_under_micropython():
    out = []
    for exe in (sys.executable, mpy.require()):
        args = [exe] if exe == sys.executable else [exe, "-X", "heapsize=2M"]
        r = subprocess.run(args + [UNDO_PROBE], cwd=ROOT, capture_output=True, text=True, timeout=300)
        assert r.returncode == 0, r.stderr
        out.append(r.stdout)
    assert out[0] == out[1] and out[0].count("undone") >= 4


# ---- on the console, by buttons -------------------------------------------------------------
class UndoDriver(Driver):
    """Plays like Driver; after each person's action that may be undone (at most `limit`),
    A+B -> Undo (UP from Resume), checks the game is as it was before the action, and
    performs the same action again. Once, where nothing can be undone, it asks for Undo
    and records the refusal shown."""

    def __init__(self, game_id, seed, limit=6, quit_after_undoable=False):
        Driver.__init__(self, game_id, seed, level="normal")
        self.limit = limit
        self.undone = 0
        self.refusals = []
        self.plan = None        # (state before, the action, its keys, state after) while undoing
        self.step = None
        self.quit_after_undoable = quit_after_undoable
        self.last = None        # (state before, the action, its keys) of the last person's action

    def __call__(self, console):
        state = live()
        if not state or state["waiting"] != "decide":
            return Driver.__call__(self, console)
        app = state["app"]
        game = state["game"]
        seat = game.to_act()
        if self.step == "undone":
            before, action, keys, after, count = self.plan
            assert state_of(game) == before, "%s: Undo of %r did not restore the game" % (self.game_id, action)
            assert app.log.count == count
            self.step = "again"
            return list(keys)
        if self.step == "again":
            before, action, keys, after, count = self.plan
            assert state_of(game) == after, "%s: %r after Undo gave another game" % (self.game_id, action)
            self.step = None
        if self.step == "refused":     # the box was closed (a "continue" screen: A)
            self.step = None
        if self.last is not None and self.undone < self.limit and app.takeback.can_undo(seat):
            before, action, keys, count = self.last
            self.plan = (before, action, keys, state_of(game), count)
            self.last = None
            if self.quit_after_undoable:
                self.quit_after_undoable = False
                self.stopped = state_of(game)
                self.step = "resumed"
                return ["MENU", "DOWN", "A"]        # Save and quit
            self.undone += 1
            self.step = "undone"
            return ["MENU", "UP", "A"]              # the game menu's last item: Undo
        if self.step == "resumed":
            self.step = "undone"
            self.undone += 1
            assert state_of(game) == self.plan[3]
            return ["MENU", "UP", "A"]
        if not self.refusals and app.takeback.reason(seat):
            self.refusals.append(app.takeback.reason(seat))
            self.step = "refused"
            return ["MENU", "UP", "A"]
        self.last = None
        before = state_of(game)
        count = app.log.count
        keys = Driver.__call__(self, console)
        if keys and keys != ["MENU", "DOWN", "A"]:
            self.last = (before, self.actions[-1], keys, count)
        return keys


@pytest.mark.parametrize("game_id", TABLE_IDS)
def test_undo_from_the_game_menu_in_every_game(game_id, tmp_path):
    d = UndoDriver(game_id, 3)
    refusal_seen = []
    wrapped = d.__call__

    def watch(console):
        if d.step == "refused" and live() and live()["waiting"] == "continue":
            refusal_seen.append(screen.has_text(console, " ".join(d.refusals[0].split()[:2])))
        return wrapped(console)

    console, _ = drive.play(game_id, ["human", "normal"][:PLAYERS.get(game_id, 2)], tmp_path, seed=3,
                            driver=watch)
    assert d.undone > 0, "%s: no action was undone by the menu" % game_id
    assert d.ended is not None, "%s: the game did not end after undos" % game_id
    assert d.refusals and refusal_seen and refusal_seen[0]


@pytest.mark.parametrize("game_id", TABLE_IDS)
def test_undo_after_save_and_quit_and_resume(game_id, tmp_path):
    d = UndoDriver(game_id, 3, limit=1, quit_after_undoable=True)
    d.resume = None

    def drive_it(console):
        if not live() and d.stopped is not None and d.step == "resumed" and not d.resume_done:
            d.resume_done = True
            return ["A", "A"]       # the game's menu: Resume
        return d(console)

    d.resume_done = False
    drive.play(game_id, ["human", "normal"][:PLAYERS.get(game_id, 2)], tmp_path, seed=3, driver=drive_it)
    assert d.resume_done and d.undone == 1


class UndoOverRefusals:
    """At the first person's decision: the game menu's Undo with nothing to undo (the
    reason in a box), then over that box the game menu and its Undo again, ROUNDS times;
    records how deep the Python stack is at each of the box's key waits."""
    ROUNDS = 12

    def __init__(self, game_id):
        self.driver = Driver(game_id, 5)
        self.rounds = 0
        self.depths = []

    def __call__(self, console):
        import inspect
        state = live()
        if not state:
            return None
        if self.rounds:
            self.depths.append(len(inspect.stack()))
        if self.rounds < self.ROUNDS and (self.rounds or state["waiting"] == "decide" and not state["screens"]):
            self.rounds += 1
            return ["MENU", "UP", "A"]      # UP from Resume: Undo, the menu's last item
        if self.rounds >= self.ROUNDS:
            return None
        return self.driver(console)


@pytest.mark.parametrize("game_id", TABLE_IDS)
def test_undo_refused_over_its_own_refusal_does_not_nest(game_id, tmp_path):
    # the fuzz (clever seed 11): the box of Undo's reason waited for a key with the game
    # menu on A+B, whose Undo opened another box over it: each MENU Undo one level deeper
    probe = UndoOverRefusals(game_id)
    drive.play(game_id, ["human"] * PLAYERS.get(game_id, 1) + ["easy"] * (2 - PLAYERS.get(game_id, 1)), tmp_path,
               seed=5, driver=probe)
    assert len(probe.depths) == UndoOverRefusals.ROUNDS, probe.depths
    # (after the first box the keys open other items of the menu: its depth comes and
    # goes within a few frames; each round nested 5 frames deeper before)
    assert max(probe.depths) <= probe.depths[0] + 10, "%s: the stack grew %s" % (game_id, probe.depths)
