"""What stays loaded while a game runs: settings, saves, the UI kit, and launching.

The launcher's menus (core.launcher) are unloaded before a game starts, and a
game's modules after it ends (sys.modules, the package attribute, gc.collect()),
so the launcher and the four games never sit in RAM together.
"""
import gc
import sys
from core.settings import Settings, SAVE_NAME
from core.saves import Saves
from core.ui import Ui


def load_module(name):
    __import__(name)
    return sys.modules[name]


def _forget(name):
    for key in list(sys.modules):
        if key == name or key.startswith(name + "."):
            del sys.modules[key]
    dot = name.rfind(".")
    if dot > 0:
        parent = sys.modules.get(name[:dot])
        child = name[dot + 1:]
        if parent is not None and hasattr(parent, child):
            delattr(parent, child)


def unload(name):
    """Forget a module (and its submodules) so its memory can be collected."""
    _forget(name)
    gc.collect()


def unload_new(before):
    """Forget every module loaded since `before` (a set of module names): not only a
    game's own modules but the core modules only it used (core.draw, core.rules...)."""
    for key in list(sys.modules):
        if key not in before:
            _forget(key)
    gc.collect()


LAUNCH = "launch"  # the save slot of a game picked just before a reset (core/launch.py)


class QuitGame(Exception):
    """Raised by the A+B menu's "Save and quit" on any screen: the session catches it."""


def unload_game(game_id):
    unload("games." + game_id)


def rules_text(game_id):
    """A game's rules summary (RULES in its setup.py), read only to be shown, in the
    launcher or in the game: what reading it loaded (the setup module, and the game's
    package when no game runs) is let go, so no game holds the text while it plays."""
    before = set(sys.modules)
    text = load_module("games.%s.setup" % game_id).RULES
    unload_new(before)
    return text


class Session:
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

    def save_settings(self):
        self.saves.save(SAVE_NAME, self.settings.to_save())

    def settings_screen(self):
        load_module("core.settings_screen").run(self)
        unload("core.settings_screen")

    def launch(self, game_id, setup, saved):
        ui = self.ui
        ctx = Context(self, game_id)
        before = set(sys.modules)
        package = "games." + game_id
        name = package + ".app"  # made now: on running out of memory nothing can be
        gc.collect()
        ui.menu_hook = ctx.menu_from_anywhere
        try:
            app = load_module(name)
            app.run(ctx, setup, saved)
        except QuitGame:
            pass  # saved by the game's on_sleep hook before leaving
        except MemoryError as e:
            # Let go of the game before anything else: the heap may be full to the
            # last byte, and the message needs some to draw. Nothing here allocates.
            app = None
            ui.on_sleep = None
            sys.modules.pop(name, None)
            if hasattr(sys.modules.get(package), "app"):
                delattr(sys.modules[package], "app")
            gc.collect()
            unload_game(game_id)
            print("pocket-party: out of memory in", game_id)  # the serial log says so too
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
            ui.menu_hook = None
            unload_game(game_id)
            unload_new(before)


class Context:
    """What a running game gets: the HAL, the UI kit, its save slot and the settings."""

    def __init__(self, session, game_id):
        self.session = session
        self.hal = session.hal
        self.ui = session.ui
        self.saves = session.saves
        self.settings = session.settings
        self.game_id = game_id

    def save_game(self, data):
        self.saves.save(self.game_id, data)

    def clear_save(self):
        self.saves.delete(self.game_id)

    def menu_from_anywhere(self):
        """A+B on a screen the game does not handle itself (messages, pass screens)."""
        if self.open_menu() == "quit":
            if self.ui.on_sleep is not None:
                self.ui.on_sleep()  # the game's own save of where it stands
            raise QuitGame()

    def open_menu(self):
        """The in-game menu (A+B held). Returns 'resume' or 'quit' (the caller saves)."""
        ui = self.ui
        ui.in_menu = True
        try:
            return self._menu(ui)
        finally:
            ui.in_menu = False

    def _menu(self, ui):
        while True:
            choice = ui.menu("Game menu", ["Resume", "Save and quit", "Rules summary", "Settings"])
            if choice in (-1, -2, 0):
                return "resume"
            if choice == 1:
                return "quit"
            if choice == 2:
                ui.message("Rules", rules_text(self.game_id))
            elif choice == 3:
                self.session.settings_screen()
