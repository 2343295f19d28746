"""No fault ends the firmware (issue 19, points 1 and 3): an error screen's menu, a
display that stops answering, storage that is full or read-only, out of memory while
the launcher is loaded back. main.run keeps going, and says what happened."""
import errno
import sys

import machine
import pytest
from screen import play, has_text
from core.saves import Saves
from hal.storage import FileStorage
from test_launcher import goto


class FlakyPanel:
    """The simulated SSD1306 behind a bus that fails its next `fails` writes."""

    def __init__(self, panel, fails):
        self.panel = panel
        self.fails = fails

    def i2c_write(self, data):
        if self.fails > 0:
            self.fails -= 1
            raise OSError(errno.EIO)
        self.panel.i2c_write(data)


def broken_dice(monkeypatch, saves_first=False):
    """The dice roller, made to fail with a bug (after saving once, if asked)."""
    import games.dice.app as app
    import core.session as session

    def broken(ctx, setup, saved):
        if saves_first:
            ctx.ui.on_sleep = lambda: ctx.save_game({"game": "after the crash"})
            ctx.save_game({"game": "before the crash"})
        raise ZeroDivisionError("division by zero in turn 3")
    monkeypatch.setattr(app, "run", broken)
    monkeypatch.setitem(sys.modules, "games.dice.app", app)
    monkeypatch.setattr(session, "unload_game", lambda gid: None)
    monkeypatch.setattr(session, "unload_new", lambda before: None)


def saved(tmp_path, name):
    return Saves(FileStorage(str(tmp_path / "saves"))).load(name)[0]


def test_the_error_screens_menu_chord_does_not_end_the_firmware(tmp_path, monkeypatch):
    # the audit's reproduction: on "Game stopped", A+B opened the game menu and its
    # "Save and quit" raised out of main.run (the console froze); the state left by
    # the crash was saved again
    broken_dice(monkeypatch, saves_first=True)
    c = play(goto("Dice roller") + " A MENU DOWN A", saves=str(tmp_path))
    assert not has_text(c, "Game menu")
    c = play(goto("Dice roller") + " A MENU DOWN A WAIT:200000 A", saves=str(tmp_path / "b"))
    assert has_text(c, "Dice roller")           # the game's own menu: the launcher goes on
    assert saved(tmp_path / "b", "dice") == {"game": "before the crash"}


def test_a_game_error_says_whether_a_save_is_kept(tmp_path, monkeypatch):
    broken_dice(monkeypatch, saves_first=True)
    c = play(goto("Dice roller") + " A", saves=str(tmp_path))
    assert has_text(c, "Resume goes on") or has_text(c, "last save.")
    assert not has_text(c, "ZeroDivisionError")


def launcher_with_flaky_display(tmp_path, fails, keys, led=None):
    """Boot the launcher; at its first wait the display starts failing its next
    `fails` writes, and the keys are pressed."""
    from sim.console import Console
    state = {}

    def driver(console):
        if "flaky" in state:
            return None
        state["flaky"] = FlakyPanel(console.model, fails)
        machine._i2c_devices[console.board.DISPLAY_ADDR] = state["flaky"]
        if led is not None:
            console.hal.led = led
        return keys
    c = Console("pico", 1, [], str(tmp_path), driver=driver)
    c.run()
    return c, state["flaky"]


def test_a_display_glitch_in_the_launcher_is_retried(tmp_path, capsys):
    c, flaky = launcher_with_flaky_display(tmp_path, 1, ["DOWN", "UP"])
    assert flaky.fails == 0 and has_text(c, "pocket-party")
    assert "the display does not answer" in capsys.readouterr().out


def test_a_display_that_stays_away_blinks_the_led_until_it_answers(tmp_path):
    blinks = []

    class Led:
        def value(self, v):
            blinks.append(v)
    c, flaky = launcher_with_flaky_display(tmp_path, 40, ["DOWN", "A"], Led())
    assert flaky.fails == 0 and len(blinks) > 5 and blinks[-1] == 0
    assert has_text(c, "Clever Kids")           # then the keys acted as usual


def test_a_display_glitch_at_power_on_is_retried(tmp_path):
    from sim.console import Console
    c = Console("pico", 1, ["DOWN"], str(tmp_path))
    machine._i2c_devices[c.board.DISPLAY_ADDR] = FlakyPanel(c.model, 2)
    c.run()
    assert has_text(c, "pocket-party")


def full_storage(monkeypatch, code):
    def refuse(self, name, data):
        raise OSError(code)
    monkeypatch.setattr(FileStorage, "write", refuse)


@pytest.mark.parametrize("code, words", [(errno.ENOSPC, "storage is full"), (errno.EROFS, "read-only")])
def test_full_or_read_only_storage_when_the_launcher_remembers_a_game(tmp_path, monkeypatch, code, words):
    full_storage(monkeypatch, code)
    c = play("DOWN A", saves=str(tmp_path))
    assert has_text(c, "Not saved") and has_text(c, words)
    c = play("DOWN A A B B", saves=str(tmp_path))       # told once, then the menus go on
    assert has_text(c, "pocket-party")


@pytest.mark.parametrize("code, words", [(errno.ENOSPC, "storage is full"), (errno.EROFS, "read-only")])
def test_full_or_read_only_storage_in_settings_save(tmp_path, monkeypatch, code, words):
    full_storage(monkeypatch, code)
    c = play(goto("Settings") + " RIGHT DOWN DOWN DOWN DOWN DOWN A", saves=str(tmp_path))
    assert has_text(c, "Not saved") and has_text(c, words)
    assert c.model.contrast == 255      # the setting applies, only its file is missing
    c = play(goto("Settings") + " RIGHT DOWN DOWN DOWN DOWN DOWN A A", saves=str(tmp_path))
    assert has_text(c, "pocket-party")


# Clever Kids' setup: P1 name, LEFT to "Type...", A: the keyboard; A types A, RIGHT A types B,
# LEFT LEFT to the tick, A: the name "Ab" is remembered in the settings (a write)
TYPE_AB = goto("Clever Kids") + " A DOWN LEFT A A RIGHT A LEFT LEFT A"


@pytest.mark.parametrize("code, words", [(errno.ENOSPC, "storage is full"), (errno.EROFS, "read-only")])
def test_full_or_read_only_storage_when_a_name_is_typed(tmp_path, monkeypatch, code, words):
    import core.launcher as launcher
    monkeypatch.setattr(launcher.Launcher, "remember", lambda self, game_id: None)  # the name's write comes first
    full_storage(monkeypatch, code)
    c = play(TYPE_AB, saves=str(tmp_path))
    assert has_text(c, "Not saved") and has_text(c, words)
    c = play(TYPE_AB + " A", saves=str(tmp_path))
    assert has_text(c, "<Ab>") and has_text(c, "P1 name")     # the name is used all the same


def test_out_of_memory_loading_the_launcher_back_is_shown_and_survived(tmp_path, monkeypatch):
    import core.session as session
    real = session.load_module
    failures = []

    def load(name):
        if name == "core.launcher" and len(failures) == 1:
            failures.append(name)
            raise MemoryError("memory allocation failed")
        if name == "core.launcher":
            failures.append("ok")
        return real(name)
    monkeypatch.setattr(session, "load_module", load)
    c = play(goto("Dice roller") + " A B", saves=str(tmp_path))      # the dice, then back: no memory
    assert has_text(c, "Out of memory")
    failures.clear()
    c = play(goto("Dice roller") + " A B A", saves=str(tmp_path / "b"))
    assert has_text(c, "pocket-party") and failures == ["ok", "core.launcher", "ok"]


@pytest.mark.parametrize("fails", [1, 3, 40])
def test_a_display_fault_while_the_error_screen_is_drawn(tmp_path, monkeypatch, fails):
    # the game stops with a bug just as the display starts failing: "Game stopped" is
    # drawn once it answers again (40 failures: the LED blinks meanwhile), and A goes on
    import games.dice.app as app
    buses = []

    def broken(ctx, setup, saved):
        for addr, panel in list(machine._i2c_devices.items()):
            buses.append(FlakyPanel(panel, fails))
            machine._i2c_devices[addr] = buses[-1]
        raise ZeroDivisionError("division by zero in turn 3")
    broken_dice(monkeypatch)
    monkeypatch.setattr(app, "run", broken)
    c = play(goto("Dice roller") + " A", saves=str(tmp_path))
    assert buses[0].fails == 0 and has_text(c, "Game stopped")
    c = play(goto("Dice roller") + " A A", saves=str(tmp_path / "b"))
    assert has_text(c, "pocket-party") and has_text(c, "Dice roller")   # the launcher goes on


def out_of_memory_dice(monkeypatch):
    """The dice roller, saved once, then out of memory (every time: the session drops
    the module from sys.modules to free it, so it is loaded from here)."""
    import games.dice.app as app
    import core.session as session
    broken_dice(monkeypatch)

    def broken(ctx, setup, saved):
        ctx.ui.on_sleep = lambda: ctx.save_game({"game": "after"})
        ctx.save_game({"game": "before"})
        raise MemoryError()
    monkeypatch.setattr(app, "run", broken)
    real = session.load_module
    monkeypatch.setattr(session, "load_module", lambda name: app if name == "games.dice.app" else real(name))


def test_the_out_of_memory_screen_opens_no_menu(tmp_path, monkeypatch):
    out_of_memory_dice(monkeypatch)
    c = play(goto("Dice roller") + " A", saves=str(tmp_path))
    assert has_text(c, "Out of memory")
    c = play(goto("Dice roller") + " A MENU", saves=str(tmp_path / "b"))
    assert not has_text(c, "Game menu") and has_text(c, "Out of memory")
    c = play(goto("Dice roller") + " A MENU DOWN A WAIT:200000 A", saves=str(tmp_path / "c"))
    assert has_text(c, "pocket-party") and has_text(c, "Dice roller *")    # the launcher, the save kept
    assert saved(tmp_path / "c", "dice") == {"game": "before"}        # nothing saved again


def test_out_of_memory_loading_the_launcher_back_after_a_game_resets_a_console(tmp_path, monkeypatch, capsys):
    # with a reset (a console's main.py), the launcher that does not fit after a game gets
    # the clean heap of a reset, and is there after it
    from sim.console import Console
    import core.session as session
    real = session.load_module
    loads = []

    def load(name):
        if name == "core.launcher":
            loads.append(name)
            if len(loads) == 2:     # 1: at power-on; 2: back from the game
                raise MemoryError("memory allocation failed")
        return real(name)
    monkeypatch.setattr(session, "load_module", load)
    c = Console("pico", 1, (goto("Dice roller") + " A B DOWN").split(), str(tmp_path), resets=True)
    c.run()
    assert "out of memory in the launcher; resetting" in capsys.readouterr().out
    assert c.resets == 2 and len(loads) == 3     # the game's reset, then the launcher's
    assert has_text(c, "pocket-party") and not has_text(c, "Out of memory")


def test_unload_new_forgets_every_module_loaded_since_and_its_name_on_the_parent():
    # main.run calls it when a game ran out of memory: one name at a time, no list made
    import sys
    import types
    from core import session
    before = set(sys.modules)
    pkg = types.ModuleType("pp_probe_pkg")
    sub = types.ModuleType("pp_probe_pkg.sub")
    pkg.sub = sub
    sys.modules["pp_probe_pkg"] = pkg
    sys.modules["pp_probe_pkg.sub"] = sub
    session.unload_new(before | {"pp_probe_pkg"})
    assert "pp_probe_pkg.sub" not in sys.modules and not hasattr(pkg, "sub")
    assert sys.modules.pop("pp_probe_pkg") is pkg
