"""What stays loaded while a game runs: settings, saves, the UI kit, and launching.

The launcher's menus (core.launcher) are unloaded before a game starts, and a
game's modules after it ends (sys.modules, the package attribute, gc.collect()),
so the launcher and the four games never sit in RAM together.
"""
import gc
import sys
from core.settings import Settings, SAVE_NAME, is_settings
from core.rng import Rng
from core.saves import SaveError, Saves
from core.ui import Ui


def load_module(name):
    __import__(name)
    return sys.modules[name]


def _forget(name):
    for key in list(sys.modules):
        if key == name or key.startswith(name + "."):
            del sys.modules[key]
    _detach(name)


def _detach(name):
    # the package a module was loaded into forgets it too (its attribute kept it alive)
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
    # One name at a time, found by a loop over sys.modules (its iterator is on the stack),
    # not a list of them: main.run calls this when a game ran out of memory, and the list
    # (512 bytes) did not fit then (tests/test_fuzz.py, 75 KB below the cap).
    gc.collect()
    while True:
        for key in sys.modules:
            if key not in before:
                break
        else:
            break
        del sys.modules[key]
        _detach(key)
    gc.collect()


LAUNCH = "launch"  # the save slot of a game picked just before a reset (core/launch.py)


class QuitGame(Exception):
    """Raised by the A+B menu's "Save and quit" on any screen: the session catches it."""


def unload_game(game_id):
    unload("games." + game_id)


def _from_setup(game_id, name, read=None):
    """A name of a game's setup.py (or what read(module) makes of it), read and let go:
    what reading it loaded (the setup module, and the game's package when no game runs)
    is unloaded, so neither the launcher nor a running game holds it."""
    module = "games.%s.setup" % game_id
    before = set(sys.modules)
    before.discard(module)      # let go of it even if something had loaded it already
    loaded = load_module(module)
    value = read(loaded) if read is not None else getattr(loaded, name)
    unload_new(before)
    return value


def rules_text(game_id):
    """A game's rules summary (RULES in its setup.py), read only to be shown, in the
    launcher or in the game."""
    return _from_setup(game_id, "RULES")


def setup_options(game_id):
    """The options a game's setup form offers (SETUP in its setup.py): a few labelled
    options, never its whole rules core."""
    return _from_setup(game_id, "SETUP")


def setup_form(game_id):
    """(SETUP, LEVELS) of a game's setup.py in one read: the options, and the one line
    the form says of each computer level ((level, line) pairs; () : the kit's own)."""
    return _from_setup(game_id, "SETUP", lambda setup: (setup.SETUP, getattr(setup, "LEVELS", ())))


def print_exception(e):
    """The whole exception on the serial console (the screen says it in a player's words)."""
    try:
        sys.print_exception(e)
    except AttributeError:  # CPython
        import traceback  # pyright: ignore[reportMissingImports]  -- CPython only: MicroPython has sys.print_exception
        traceback.print_exception(e)


def storage_words(error):
    """Why the storage would not keep a file, as a player would say it."""
    code = error.args[0] if isinstance(error, OSError) and error.args else None
    if code == 28:  # ENOSPC
        return "The storage is full."
    if code == 30:  # EROFS
        return "The storage is read-only."
    return "The storage did not keep it."


class Session:
    def __init__(self, hal, waiting_shown=False):
        self.hal = hal
        self._rng = None
        self.settings = Settings()
        self.saves = Saves(hal.storage)
        self.ui = Ui(hal, self.settings, waiting_shown)  # (main.run showed core.ui.please_wait)
        data, problems = self.saves.load(SAVE_NAME, is_settings)
        if data is not None:
            self.settings.load_from(data)
        self.apply_settings()
        self.problems = problems
        self.storage_told = False   # a storage problem is shown once a session, then only logged
        # games whose save had no copy that fits this version when resumed, kept by the player:
        # their menu shows it as damaged, not as Resume (the launcher cannot try a save's shape)
        self.unfit = []

    @property
    def rng(self):
        """New games' seeds: one generator, seeded from the hardware's entropy when the
        first game of this boot needs it (a scripted console then plays the same game
        whether or not the pick went through a reset)."""
        if self._rng is None:
            self._rng = Rng.from_entropy(self.hal.entropy(4))
        return self._rng

    def storage_problem(self, what, error):
        """A write the storage refused (full, read-only): logged, shown once, and the
        console goes on without it."""
        print("pocket-party: %s not saved (%s)" % (what, error))
        if not self.storage_told and not self.ui.asleep:
            self.storage_told = True
            self.ui.message("Not saved", "%s %s not saved; everything else goes on." % (
                storage_words(error), what))

    def apply_settings(self):
        try:
            self.settings.apply(self.hal)
        except OSError as e:  # the display's contrast command: retried until it answers
            self.ui.reconnect(e)

    def save_settings(self):
        try:
            self.saves.save(SAVE_NAME, self.settings.to_save())
            return True
        except (OSError, SaveError) as e:
            self.storage_problem("The settings were", e)
            return False

    def settings_screen(self):
        self.open_screen("core.settings_screen")

    def open_screen(self, name, *args):
        """A screen module's run(session, *args) (the settings form, the statistics), loaded
        for the visit only, with whatever it loaded."""
        before = set(sys.modules)
        load_module(name).run(self, *args)
        unload_new(before)

    def fault(self, error, title="Something went wrong"):
        """A fault outside a game (the launcher, its menus): logged whole, told in a
        player's words, and the console goes on (never back to the REPL by accident)."""
        if error is not None:
            print_exception(error)
        try:
            self.ui.error(title, "The console started its menu again. Saved games are kept.")
        except Exception as e:  # the message itself failed: the log has it, go on
            print_exception(e)

    def launch(self, game_id, setup, saved):
        ui = self.ui
        ctx = Context(self, game_id)
        # The game's modules are loaded afresh, bound to the kit modules loaded now: one
        # of its modules left loaded (none on a console; a test or a tool that imported it
        # in the simulator's process) would hold a kit the last game let go of (its
        # core.table, whose LIVE nothing reads any more)
        unload_game(game_id)
        before = set(sys.modules)
        package = "games." + game_id
        name = package + ".app"  # made now: on running out of memory nothing can be
        gc.collect()
        ui.menu_hook = ctx.menu_from_anywhere  # pyright: ignore[reportAttributeAccessIssue]  -- unannotated: menu_hook starts as None
        try:
            app = load_module(name)
            app.run(ctx, setup, saved)
        except QuitGame:
            pass  # saved by the game's on_sleep hook before leaving
        except MemoryError as e:
            # Let go of the game before anything else: the heap may be full to the
            # last byte, and the message needs some to draw. Nothing here allocates.
            # (The exception holds its traceback as file and line numbers, not the
            # game's frames: keeping it until the log keeps nothing of the game.)
            app = None
            ui.on_sleep = None
            ui.menu_hook = None
            sys.modules.pop(name, None)
            if hasattr(sys.modules.get(package), "app"):
                delattr(sys.modules[package], "app")
            gc.collect()
            unload_game(game_id)
            print("pocket-party: out of memory in", game_id)  # the serial log says so too,
            print_exception(e)                                 # and where
            ui.error("Out of memory", "The game needed more memory than the console has. " +
                     self.kept(game_id))
        except Exception as e:  # a bug in a game must not freeze the console
            ui.on_sleep = None  # nothing of the broken game is saved again
            ui.menu_hook = None
            print_exception(e)
            ui.error("Game stopped", "Something went wrong in the game. " + self.kept(game_id))
        finally:
            ui.on_sleep = None
            ui.menu_hook = None
            unload_game(game_id)
            unload_new(before)

    def kept(self, game_id):
        if self.saves.exists(game_id):
            return "Resume goes on from its last save."
        return "It had not been saved yet."


class Context:
    """What a running game gets: the HAL, the UI kit, its save slot and the settings."""

    def __init__(self, session, game_id):
        self.session = session
        self.hal = session.hal
        self.ui = session.ui
        self.saves = session.saves
        self.settings = session.settings
        self.game_id = game_id
        self.code = None    # the running game's code (core.codes), when it has one

    @property
    def rng(self):
        return self.session.rng

    def save_game(self, data):
        """Save the game; a storage that refuses it (full, read-only) is told once and
        the game goes on unsaved."""
        try:
            self.saves.save(self.game_id, data)
        except (OSError, SaveError) as e:
            self.session.storage_problem("The game was", e)

    def clear_save(self):
        self.saves.delete(self.game_id)

    def resume(self, make, saved):
        """make(saved), the game in a save (KeyError, ValueError... when it is not one of
        this game's saves). A save whose checksum is right but whose contents do not fit
        this version of the game (made by another version, or damaged before it was
        written) counts as damaged: the copy before it is tried (core.saves keeps two),
        and if none fits the player may delete it. None: nothing to play."""
        try:
            return make(saved)
        except (KeyError, ValueError, TypeError, IndexError, AttributeError) as e:
            print("pocket-party: the save does not fit (%r)" % (e,))
        made = []

        def fits(data):
            made.append(make(data))
        data, problems = self.saves.load(self.game_id, fits)
        ui = self.ui
        if data is not None:
            ui.message("Resume", "The newest save did not fit this version of the game, so the one "
                                 "before it is resumed.")
            return made[-1]
        if ui.confirm("Resume", "This save does not fit this version of the game. Delete it? "
                                "B keeps it as it is."):
            self.clear_save()
        else:
            self.session.unfit.append(self.game_id)
        return None

    def menu_from_anywhere(self):
        """A+B on a screen the game does not handle itself (messages, pass screens)."""
        if self.open_menu() == "quit":
            if self.ui.on_sleep is not None:
                self.ui.on_sleep()  # the game's own save of where it stands
            raise QuitGame()

    def open_menu(self, undo=False):
        """The in-game menu (A+B held). Returns 'resume', 'quit' (the caller saves) or,
        when undo is offered (a person's own decision), 'undo'."""
        ui = self.ui
        ui.in_menu = True
        try:
            return self._menu(ui, undo)
        finally:
            ui.in_menu = False

    def _menu(self, ui, undo):
        back_to = 0     # the item that came back to the menu (the rules read): the cursor stays on it
        while True:
            items = ["Resume", "Save and quit", "Rules summary", "Settings"]
            if self.code:
                items.append("Game code")
            if undo:        # last: the other items keep their places (UP from Resume reaches it)
                items.append("Undo")
            choice = back_to = ui.menu("Game menu", items, back_to)
            if choice in (-1, -2, 0):
                return "resume"
            if undo and choice == len(items) - 1:
                return "undo"
            if choice == 1:
                return "quit"
            if choice == 2:
                ui.busy()   # rules_text imports the game's setup module: ~670 ms on a Pico (est.)
                ui.message("Rules", rules_text(self.game_id))
            elif choice == 3:
                self.session.settings_screen()
            elif choice == 4:
                ui.show_code(self.code)
