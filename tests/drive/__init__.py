"""One driver for every table game: plays a game through the real launcher and app by
buttons only, on the simulated console (sim.console.Console(driver=...)).

On every waiting screen it reads what the running app put in core.table.LIVE:
"continue" screens get A, a "decide" screen gets the keys that perform the action a
bot of `level` picks for the seat to act (tests/drive/<game>.py keys_for), and the
"end" screen (ui.scores) ends the run. Each game's key module also names the screens
reachable from its turn screen (SCREENS), for the catalogue's contract tests.
"""
import importlib
import sys

from core.rng import Rng
import screen


def live():
    """What the running app shows: {} in the launcher (core.table is unloaded there)."""
    table = sys.modules.get("core.table")
    return table.LIVE if table is not None else {}


def keys_module(game_id):
    return importlib.import_module("drive." + game_id)


def screen_keys(game_id, name, game):
    """The keys that open screen `name` from the turn screen (SCREENS), or None when it
    cannot open at this decision (a SCREENS entry that is a function of the game)."""
    keys = keys_module(game_id).SCREENS[name]
    if callable(keys):
        keys = keys(game)
    return None if keys is None else list(keys)


def visited_screens(game_id):
    """The names the game's code opens screens under: every visit("name", ...) in its
    source files (firmware/games/<id>/*.py)."""
    import os
    import re
    folder = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                          "firmware", "games", game_id)
    names = set()
    for f in sorted(os.listdir(folder)):
        if f.endswith(".py"):
            with open(os.path.join(folder, f)) as src:
                names.update(re.findall(r"\bvisit\(\s*[\"']([^\"']+)[\"']", src.read()))
    return names


class Driver:
    """Plays game_id by buttons: every person's seat with a bot of `level` (its own rng).

    stop_after=N: after N decisions (or when stop_after(game, decisions) is true, for a
    callable), "Save and quit" from the game menu; then, back in
    the launcher, `resume` (keys) is pressed, e.g. ["A", "A"]: the game's menu, Resume.
    on_wait(console, live): called at every wait in the game (golden frames, counters).
    leave_end: press B on the end screen (the run then ends in the launcher).
    Records: actions (the actions performed), decisions, passes (pass screens seen),
    ended (the game's summary and winners, on the end screen), stopped (its summary
    when it saved and quit)."""

    def __init__(self, game_id, seed=1, level="easy", stop_after=None, resume=None, on_wait=None,
                 leave_end=False):
        self.game_id = game_id
        self.rng = Rng(seed)
        self.level = level
        self.stop_after = stop_after
        self.resume = resume
        self.on_wait = on_wait
        self.leave_end = leave_end
        self.actions = []
        self.decisions = 0
        self.passes = 0
        self.ended = None
        self.stopped = None

    # looked up at each use: two linked consoles in one process (sim/linked.py) have
    # their own modules, and the game's rules must be the running console's
    @property
    def keys(self):
        return keys_module(self.game_id)

    @property
    def bot(self):
        """The game's bot module as loaded now (looked up at each use: two linked consoles
        in one process each load their own), or the stand-in a test set."""
        return self.__dict__.get("_bot") or importlib.import_module("games.%s.bot" % self.game_id)

    @bot.setter
    def bot(self, player):
        self.__dict__["_bot"] = player

    def __call__(self, console):
        state = live()
        if not state:
            keys, self.resume = self.resume, None
            return keys
        game = state["game"]
        if self.on_wait is not None:
            more = self.on_wait(console, state)
            if more:
                return more
        waiting = state["waiting"]
        if waiting == "end":
            if self.ended is None:
                self.ended = {"summary": game.summary(), "winners": game.winners()}
            return ["B"] if self.leave_end else None
        if waiting != "decide":
            if screen.has_text(console, "Pass the console to"):
                self.passes += 1
            return ["A"]
        stop = self.stop_after
        if stop is not None and (stop(game, self.decisions) if callable(stop) else self.decisions >= stop):
            self.stop_after = None
            self.stopped = game.summary()
            return ["MENU", "DOWN", "A"]         # the game menu: Save and quit
        self.decisions += 1
        action = self.bot.choose(game, self.level, self.rng)
        self.actions.append(action)
        return self.keys.keys_for(game, action)


def play(game_id, kinds, tmp_path, options=None, seed=1, driver=None, board="pico"):
    """A new game of game_id with these seats, played by the driver (a Driver of seed by
    default) until the script ends. Returns (console, driver)."""
    from sim.console import Console
    driver = driver or Driver(game_id, seed)
    console = Console(board, seed, screen.new_game_keys(game_id, kinds, options), str(tmp_path), driver=driver)
    console.run()
    return console, driver


def saved(tmp_path, game_id):
    """The game's save in a console's folder, or None."""
    from core.saves import Saves
    from hal.storage import FileStorage
    data, _problems = Saves(FileStorage(str(tmp_path / "saves"))).load(game_id)
    return data
