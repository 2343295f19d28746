"""Scripted sessions that visit every screen, for `make bench`'s key-press timing.

    python tools/sessions.py [GAME ...]     print each session's keys and what it reached

A session is the key script of a person using the console: the launcher's menus,
or the launcher, then a new game with two people and two computer players (as
many as the game takes), played to the end by buttons. It is recorded here under
CPython on tools/headless.py's console, with a driver that plays the people's
seats the way the tests do (tests/drive): A on "continue" screens, and on a turn
screen the keys (tests/drive/<game>.py keys_for) of what the easy bot would do
there. Once per game it also opens the game menu (rules, settings) and every
screen the game's turn screen opens (tests/drive/<game>.py SCREENS), and on the
end screen it looks at a row's details before leaving. The recording boots again at each reset, as a console
does (a picked game starts after a reset), so the keys replay identically on
the MicroPython unix port with `tools/headless.py --resets` (tools/bench.py
checks that the replay draws the same frames).
"""
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import _path  # noqa: E402,F401  (firmware on sys.path)
from games.catalogue import GAMES  # noqa: E402

# the launcher's own screens: menus, a game's setup form, settings, about
MENU_KEYS = "DOWN A B DOWN A DOWN DOWN RIGHT RIGHT B B DOWN DOWN DOWN DOWN A DOWN A B DOWN A B"
# the game menu (A+B): the rules summary scrolled, then the settings form, then Resume
# (the menu comes back on the item left: from Rules summary one DOWN to Settings, three UP to Resume)
GAME_MENU_KEYS = ["MENU", "DOWN", "DOWN", "A", "DOWN", "DOWN", "A", "DOWN", "A", "B", "UP", "UP", "UP", "A"]
# the dice roller has no turns: roll, pick dice and roll them again, more dice, fewer,
# the fairness screen, and back to the launcher
DICE_KEYS = ["A", "A", "LEFT", "A", "LEFT", "LEFT", "A", "RIGHT", "RIGHT", "A", "UP", "UP", "A",
             "DOWN", "A", "RIGHT", "A", "DOWN", "B", "B"]
PEOPLE = 2              # seats played by buttons (pass screens between them)
END_A_PRESSES = 3       # on the end screens: A (news, a row's details), then B until back home
MAX_KEYS = 4000         # a driver that goes round in circles stops here


def kinds_for(game_id):
    e = _entry(game_id)
    n = min(4, e.max_players)
    people = min(PEOPLE, n)
    return ["human"] * people + ["normal"] * (n - people)


def _entry(game_id):
    for e in GAMES:
        if e.id == game_id:
            return e
    raise ValueError("unknown game '%s' (known: %s)" % (game_id, ", ".join(g.id for g in GAMES)))


class GameDriver:
    """Plays the people's seats of one game by buttons; see the module docstring."""

    def __init__(self, game_id, seed=7):
        from core.rng import Rng
        self.game_id = game_id
        self.rng = Rng(seed)
        self.decisions = 0
        self.menu_seen = False
        self.views_left = None    # the game's screens (tests/drive/<id>.py SCREENS) still to visit
        self.end_presses = 0
        self.finished = False     # the game's end screens were left: back in the launcher
        self.keys = 0

    def __call__(self, console):
        keys = self.next_keys()
        if keys:
            self.keys += len(keys)
            if self.keys > MAX_KEYS:
                return None
        return keys

    def next_keys(self):
        import drive
        keys = drive.keys_module(self.game_id)
        live = drive.live()
        if not live:
            if self.end_presses:
                self.finished = True
            return None
        game = live["game"]
        waiting = live["waiting"]
        if waiting == "end":
            self.end_presses += 1
            return ["A"] if self.end_presses <= END_A_PRESSES else ["B"]
        if live["screens"]:
            return ["B"]            # a view seen: back to the turn, one level at a time
        if waiting != "decide":
            return ["A"]
        if not self.menu_seen:
            self.menu_seen = True
            return list(GAME_MENU_KEYS)
        screens = keys.SCREENS
        if self.decisions >= 1 and self.views_left is None:
            self.views_left = sorted(screens)
        while self.views_left:     # (a screen that needs a state this decision lacks is skipped)
            more = drive.screen_keys(self.game_id, self.views_left.pop(0), game)
            if more:
                return more
        import importlib
        bot = importlib.import_module("games.%s.bot" % self.game_id)
        self.decisions += 1
        return keys.keys_for(game, bot.choose(game, "easy", self.rng))


class Session:
    """A recorded key script and the frames (adler32 of the buffer) it drew."""
    __slots__ = ("name", "keys", "frames", "complete")

    def __init__(self, name, keys, frames, complete):
        self.name = name
        self.keys = keys
        self.frames = frames
        self.complete = complete


def _firmware_modules():
    # tests/drive too: its key modules hold the firmware modules they imported, which
    # must be the ones of the boot being recorded (an Illegal of another load of
    # core.rules is not the one the firmware catches)
    roots = (os.path.join(ROOT, "firmware"), os.path.join(ROOT, "hal"), os.path.join(ROOT, "tests", "drive"))
    out = {}
    for name, module in list(sys.modules.items()):
        f = getattr(module, "__file__", None) or ""
        if name == "main" or any(os.path.abspath(f).startswith(r) for r in roots):
            out[name] = module
    return out


def _forget_firmware():
    """A fresh interpreter after a reset: drop every module loaded from the firmware."""
    for name in _firmware_modules():
        del sys.modules[name]


def record(name, keys, driver=None, seed=1):
    """Play keys (then what driver adds) from power-on with resets; the whole script."""
    if ROOT not in sys.path:
        sys.path.append(ROOT)
    stubs = os.path.join(ROOT, "sim", "stubs")
    if stubs not in sys.path:
        sys.path.insert(0, stubs)
    import headless
    pressed = list(keys)
    frames = []

    def out(line):
        if line.startswith("FRAME "):
            frames.append(line.split()[2])

    def recording(console):
        more = driver(console) if driver is not None else None
        if more:
            pressed.extend(more)
        return more

    left = list(keys)
    kept = _firmware_modules()  # the caller's own (a test's classes must stay the same objects)
    try:
        with tempfile.TemporaryDirectory() as d:
            while True:
                _forget_firmware()
                c = headless.Console(seed, left, d, out, driver=recording)
                left = c.run(True)
                if left is None:
                    break
    finally:
        _forget_firmware()
        sys.modules.update(kept)
    complete = driver is None or getattr(driver, "finished", True)
    return Session(name, pressed, frames, complete)


def launcher_session():
    return record("launcher menus", MENU_KEYS.split())


def game_session(game_id):
    import screen
    e = _entry(game_id)
    if not e.has_setup:     # no setup form: the dice roller
        return record(game_id, screen.open_game_keys(game_id) + DICE_KEYS)
    kinds = kinds_for(game_id)
    driver = GameDriver(game_id)
    s = record("%s, %d players (%d by buttons)" % (game_id, len(kinds), kinds.count("human")),
               screen.new_game_keys(game_id, kinds), driver)
    return s


def all_sessions(game_ids=None):
    _use_test_helpers()
    out = [launcher_session()]
    for e in GAMES:
        if game_ids is None or e.id in game_ids:
            out.append(game_session(e.id))
    return out


def _use_test_helpers():
    """tests/screen.py works out the keys for the launcher's menus and setup forms."""
    for p in (ROOT, os.path.join(ROOT, "sim", "stubs"), os.path.join(ROOT, "tests")):
        if p not in sys.path:
            sys.path.insert(0, p)


def main(argv):
    for s in all_sessions(argv or None):
        print("%-40s %5d keys %5d frames%s" % (s.name, len(s.keys), len(s.frames),
                                               "" if s.complete else "  (did not reach the end)"))


if __name__ == "__main__":
    main(sys.argv[1:])
