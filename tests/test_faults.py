"""No fault ends the firmware (issue 19, points 1 and 3): an error screen's menu, a
display that stops answering, storage that is full or read-only, out of memory while
the launcher is loaded back. main.run keeps going, and says what happened."""
import errno
import sys

import machine
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


def test_full_storage_when_the_launcher_remembers_a_game(tmp_path, monkeypatch):
    full_storage(monkeypatch, errno.ENOSPC)
    c = play("DOWN A", saves=str(tmp_path))
    assert has_text(c, "storage is full")
    c = play("DOWN A A B B", saves=str(tmp_path))       # told once, then the menus go on
    assert has_text(c, "pocket-party")


def test_read_only_storage_in_settings_and_the_name_keyboard(tmp_path, monkeypatch):
    full_storage(monkeypatch, errno.EROFS)
    c = play(goto("Settings") + " RIGHT DOWN DOWN DOWN DOWN A", saves=str(tmp_path))
    assert has_text(c, "read-only")
    assert c.model.contrast == 255      # the setting applies, only its file is missing
    c = play(goto("Settings") + " RIGHT DOWN DOWN DOWN DOWN A A", saves=str(tmp_path))
    assert has_text(c, "pocket-party")


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
