"""The launcher: pick a game, set up seats and options, resume, settings, about.

A game's modules are imported only when it is chosen and removed afterwards
(sys.modules and the package attribute, then gc.collect()), so the games never
sit in RAM together.
"""
import gc
import sys
from core.settings import (Settings, SAVE_NAME, CONTRAST_NAMES, REPEAT_NAMES, SLEEP_NAMES)
from core.saves import Saves
from core.ui import Ui
from games import catalogue

VERSION = "0.1.0"
KINDS = ("Human", "Easy CPU", "Normal CPU")
KIND_IDS = ("human", "easy", "normal")


class Context:
    """What a running game gets: the HAL, the UI kit, its save slot and the settings."""

    def __init__(self, hal, ui, saves, settings, game_id):
        self.hal = hal
        self.ui = ui
        self.saves = saves
        self.settings = settings
        self.game_id = game_id

    def save_game(self, data):
        self.saves.save(self.game_id, data)

    def clear_save(self):
        self.saves.delete(self.game_id)

    def open_menu(self, rules_text):
        """The in-game menu (A+B held). Returns 'resume' or 'quit' (saved)."""
        ui = self.ui
        while True:
            choice = ui.menu("Game menu", ["Resume", "Save and quit", "Rules summary", "Settings"])
            if choice in (-1, -2, 0):
                return "resume"
            if choice == 1:
                return "quit"
            if choice == 2:
                ui.message("Rules", rules_text)
            elif choice == 3:
                settings_screen(self.hal, ui, self.saves, self.settings)


def available_games():
    """Catalogue entries whose app module is on the filesystem."""
    import os
    base = _games_dir()
    out = []
    for entry in catalogue.GAMES:
        for name in ("app.py", "app.mpy"):
            try:
                os.stat(base + "/" + entry[0] + "/" + name)
                out.append(entry)
                break
            except OSError:
                pass
    return out


def _games_dir():
    import games
    f = getattr(games, "__file__", "games/__init__.py")
    i = f.rfind("/")
    return f[:i] if i >= 0 else "games"


def load_module(name):
    __import__(name)
    return sys.modules[name]


def unload_game(game_id):
    prefix = "games." + game_id
    for name in list(sys.modules):
        if name == prefix or name.startswith(prefix + "."):
            del sys.modules[name]
    pkg = sys.modules.get("games")
    if pkg is not None and hasattr(pkg, game_id):
        delattr(pkg, game_id)
    gc.collect()


def settings_screen(hal, ui, saves, settings):
    fields = [
        ["Contrast", list(CONTRAST_NAMES), settings.contrast, None],
        ["Sound", ["Off", "On"], 1 if settings.sound else 0, None],
        ["Key repeat", list(REPEAT_NAMES), settings.repeat, None],
        ["Screen off", list(SLEEP_NAMES), settings.sleep, None],
    ]
    if ui.form("Settings", fields, "Save"):
        settings.contrast = fields[0][2]
        settings.sound = fields[1][2] == 1
        settings.repeat = fields[2][2]
        settings.sleep = fields[3][2]
        settings.apply(hal)
        saves.save(SAVE_NAME, settings.to_save())


class Launcher:
    def __init__(self, hal):
        self.hal = hal
        self.settings = Settings()
        self.saves = Saves(hal.storage)
        self.ui = Ui(hal, self.settings)
        data, problems = self.saves.load(SAVE_NAME)
        if data is not None:
            self.settings.load_from(data)
        self.settings.apply(hal)
        self.problems = problems

    def run(self):
        ui = self.ui
        if self.problems:
            ui.message("Settings", "Unreadable, so\nusing defaults.\nNothing else lost.\n(%s)" %
                       "; ".join(self.problems))
        index = 0
        while True:
            games = available_games()
            for i in range(len(games)):
                if games[i][0] == self.settings.last_game:
                    index = i
            items = []
            for g in games:
                items.append(g[1] + (" *" if self.saves.exists(g[0]) else ""))
            items.append("Settings")
            items.append("About")
            choice = ui.menu("pocket-party", items, index)
            if choice < 0:
                continue
            if choice < len(games):
                index = choice
                self.game_menu(games[choice])
            elif choice == len(games):
                settings_screen(self.hal, ui, self.saves, self.settings)
                index = choice
            else:
                self.about()
                index = choice

    def about(self):
        p = self.hal.power
        level = p.battery_level()
        free = p.free_memory()
        self.ui.message("About", "pocket-party %s\nBoard: %s\nFree memory: %s\nBattery: %s\n"
                        "Hold A+B in a game for its menu." % (
                            VERSION, self.hal.board, "%d bytes" % free if free >= 0 else "n/a",
                            "n/a" if level is None else "%d/4" % level))

    def remember(self, game_id):
        if self.settings.last_game != game_id:
            self.settings.last_game = game_id
            self.saves.save(SAVE_NAME, self.settings.to_save())

    def game_menu(self, entry):
        ui = self.ui
        game_id, title = entry[0], entry[1]
        self.remember(game_id)
        while True:
            has_save = self.saves.exists(game_id)
            items = ["New game"]
            if has_save:
                items.insert(0, "Resume")
            items.append("Rules")
            choice = ui.menu(title, items)
            if choice < 0:
                return
            what = items[choice]
            if what == "Rules":
                ui.message(title, self.rules_text(game_id))
            elif what == "Resume":
                data, problems = self.saves.load(game_id)
                if data is None:
                    ui.message("Resume", "The save of %s could not be read (%s). It was left as it was." %
                               (title, "; ".join(problems) or "missing"))
                    continue
                if problems:
                    ui.message("Resume", "Newest save unreadable (%s); resuming the one before." %
                               "; ".join(problems))
                self.launch(game_id, None, data)
                return
            else:
                if has_save and not ui.confirm("New game", "Start over? The saved game is lost."):
                    continue
                if entry[4]:
                    setup = self.setup(entry)
                else:
                    setup = {"seats": [{"name": "You", "kind": "human"}], "options": {}}
                if setup is not None:
                    self.launch(game_id, setup, None)
                    return

    def rules_text(self, game_id):
        app = load_module("games.%s.app" % game_id)
        text = app.RULES
        unload_game(game_id)
        return text

    def setup(self, entry):
        """Players, seats and options. Returns {'seats': [...], 'options': {...}} or None."""
        game_id, title, lo, hi = entry[0], entry[1], entry[2], entry[3]
        rules = load_module("games.%s.rules" % game_id)
        options = rules.OPTIONS
        names = self.settings.name_choices()
        seat_fields = []
        for i in range(hi):
            seat_fields.append(["P%d name" % (i + 1), names + ["Type..."], i % len(names), self._type_name])
            seat_fields.append(["P%d plays" % (i + 1), list(KINDS), 0 if i == 0 else 2, None])
        option_fields = []
        for name, default, allowed, _help in options:
            values = [str(v) for v in allowed]
            option_fields.append([name.replace("_", " "), values, values.index(str(default)), None])
        players_field = ["Players", [str(n) for n in range(lo, hi + 1)], max(lo, min(hi, 2)) - lo, None]
        def fields():
            return [players_field] + seat_fields[:2 * (lo + players_field[2])] + option_fields

        while True:
            if not self.ui.form(title, fields):
                unload_game(game_id)
                return None
            n = lo + players_field[2]
            seat_names = [seat_fields[2 * i][1][seat_fields[2 * i][2]] for i in range(n)]
            if len(set(seat_names)) < n:
                self.ui.message(title, "Two players have the same name. Give everyone their own.")
                continue
            break
        seats = []
        for i in range(n):
            name = seat_names[i]
            kind = KIND_IDS[seat_fields[2 * i + 1][2]]
            seats.append({"name": name, "kind": kind})
        opts = {}
        for j in range(len(options)):
            allowed = options[j][2]
            opts[options[j][0]] = allowed[option_fields[j][2]]
        unload_game(game_id)
        return {"seats": seats, "options": opts}

    def _type_name(self, field):
        if field[1][field[2]] != "Type...":
            return
        name = self.ui.keyboard("Player name")
        if name:
            self.settings.remember_name(name)
            self.saves.save(SAVE_NAME, self.settings.to_save())
            if name not in field[1]:
                field[1].insert(len(field[1]) - 1, name)
            field[2] = field[1].index(name)

    def launch(self, game_id, setup, saved):
        ui = self.ui
        ctx = Context(self.hal, ui, self.saves, self.settings, game_id)
        gc.collect()
        try:
            app = load_module("games.%s.app" % game_id)
            app.run(ctx, setup, saved)
        except MemoryError as e:
            ui.error(e, "Out of memory")
        except Exception as e:  # a bug in a game must not freeze the console
            try:
                sys.print_exception(e)
            except AttributeError:
                import traceback
                traceback.print_exception(e)
            ui.error(e)
        finally:
            ui.on_sleep = None
            unload_game(game_id)
