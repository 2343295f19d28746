"""A picked game starts after a reset, in a clean heap (main.run's restart), as on a console.

Unloading a module frees its code but not the names it interned, so on a console each game
starts after machine.soft_reset(): the launcher writes the pick down ("launch" save slot),
resets, and main.run starts the game at once. These tests play the same keys with and without
resets and hold both to the same screens, then check what a reset must never do: loop, lose a
save, or start a game nobody picked.
"""
import os
import shutil

import pytest

import screen
from screen import has_text
from core.saves import Saves
from core.launch import LAUNCH
from hal.storage import FileStorage
from sim.console import Console

CLEVER_2P = screen.new_game_keys("clever", ["human", "normal"])


def play(keys, saves, resets=True, seed=3):
    c = Console("pico", seed, keys.split() if isinstance(keys, str) else keys, saves, resets=resets)
    shown = []
    c.frames.append(lambda con: shown.append(bytes(con.panel())))
    c.run()
    return c, shown


def saves_of(tmp_path):
    return Saves(FileStorage(os.path.join(str(tmp_path), "saves")))


@pytest.mark.parametrize("moves", ["", "A RIGHT A DOWN A"])
def test_a_new_game_after_a_reset_plays_as_without_one(tmp_path, moves):
    keys = " ".join(CLEVER_2P) + " " + moves
    with_reset, frames_r = play(keys, str(tmp_path / "r"))
    without, frames_n = play(keys, str(tmp_path / "n"), resets=False)
    assert with_reset.resets == 1 and without.resets == -1
    assert with_reset.panel() == without.panel()
    # the same screens, plus one "Please wait" before the console resets and the kit's
    # busy "Please wait" at the boot after it
    assert len(frames_r) == len(frames_n) + 2
    assert not saves_of(tmp_path / "r").exists(LAUNCH), "the launch request must be used up"


def test_resume_after_a_reset_continues_the_saved_game(tmp_path):
    saves = str(tmp_path)
    first, _ = play(CLEVER_2P + ["A", "RIGHT", "A", "MENU", "DOWN", "A"], saves)  # play, save and quit
    assert first.resets == 1 and has_text(first, "Clever Kids *")
    saved = saves_of(tmp_path).load("clever")[0]
    shutil.copytree(saves, str(tmp_path / "copy"))
    # the cursor starts on the last game played: A for its menu, A for Resume (first)
    again, _ = play("A A", saves)
    assert again.resets == 1
    ref, _ = play("A A", str(tmp_path / "copy"), resets=False)
    assert again.panel() == ref.panel() and (has_text(ref, "Ann") or has_text(ref, "Ben"))  # in the game
    assert saves_of(tmp_path).load("clever")[0] == saved, "resuming alone must not change the save"


def test_the_request_is_used_once_even_if_the_game_fails(tmp_path, monkeypatch):
    """A game that raises at once shows the error and the launcher, and the next boot
    is the launcher again: no loop of resets."""
    import core.session as session
    unload_game = session.unload_game
    import games.dice.app as app

    pending = []

    def broken(ctx, setup, saved):
        pending.append(ctx.saves.exists(LAUNCH))
        raise ValueError("broken at start")
    monkeypatch.setattr(app, "run", broken)
    # keep the patched module: the session unloads games after running them
    monkeypatch.setattr(session, "unload_game", lambda gid: None)
    monkeypatch.setattr(session, "unload_new", lambda before: None)
    try:
        c, _ = play(screen.open_game_keys("dice"), str(tmp_path))
        assert c.resets == 1 and has_text(c, "Game stopped")
        assert pending == [False], "the request must be gone before the game starts"
        c, _ = play("", str(tmp_path))
        assert c.resets == 0 and has_text(c, "pocket-party")
    finally:
        unload_game("dice")  # the next test imports the real one


@pytest.mark.parametrize("request_data", [
    {"game": "chess", "setup": None},          # a game this firmware does not have
    {"game": "clever", "setup": None},         # resume, but there is no save
    ["not", "a", "request"],
    "damaged",
])
def test_a_bad_launch_request_boots_the_launcher(tmp_path, request_data):
    saves = saves_of(tmp_path)
    if request_data == "damaged":
        os.makedirs(os.path.join(str(tmp_path), "saves"), exist_ok=True)
        with open(os.path.join(str(tmp_path), "saves", LAUNCH), "wb") as f:
            f.write(b"PPSV\x01garbage")
    else:
        saves.save(LAUNCH, request_data)
    c, _ = play("", str(tmp_path))
    assert c.resets == 0 and has_text(c, "pocket-party") and has_text(c, "Dice roller")
    assert not saves.exists(LAUNCH)


def test_storage_that_will_not_keep_the_request_starts_the_game_without_a_reset(tmp_path, monkeypatch):
    """The last rename fails (the temp copy is written and read back): nothing of the
    request may stay behind, or the next power-on would start that game again."""
    real_rename = FileStorage.rename

    def full(self, old, new):
        if new == LAUNCH:
            raise OSError(28, "no space left")
        return real_rename(self, old, new)
    monkeypatch.setattr(FileStorage, "rename", full)
    keys = " ".join(CLEVER_2P) + " A"
    c, _ = play(keys, str(tmp_path / "full"))
    ref, _ = play(keys, str(tmp_path / "ref"), resets=False)
    assert c.resets == 0 and c.panel() == ref.panel()
    assert not [f for f in os.listdir(str(tmp_path / "full" / "saves")) if f.startswith(LAUNCH)]


def test_the_reset_waits_for_the_buttons_to_be_up(tmp_path, monkeypatch):
    """B still down at the reset would boot into safe mode: the reset waits until it is up."""
    import core.ui
    import sim.keyscript
    c = Console("pico", 1, screen.open_game_keys("dice"), str(tmp_path), resets=True)
    times = {}
    notice = core.ui.Ui.notice

    def b_pressed_now(self, title, body):
        notice(self, title, body)
        times["notice"] = c.clock.ticks_ms()
        c.drive("B", 0)                                   # B goes down as the pick is written...
        c.events.append((times["notice"] + 300, "B", 1))  # ...and up 300 ms later
    monkeypatch.setattr(core.ui.Ui, "notice", b_pressed_now)
    reset = sim.keyscript.restart

    def timed_reset():
        times["reset"] = c.clock.ticks_ms()
        reset()
    monkeypatch.setattr(sim.keyscript, "restart", timed_reset)
    c.run()
    assert c.resets == 1 and has_text(c, "Dice roller")
    assert times["reset"] - times["notice"] >= 300, times


@pytest.mark.parametrize("name, file, resets", [
    ("__main__", "main.py", True),                  # MicroPython runs /main.py at power-on
    ("__main__", "/main.py", True),
    ("main", "/remote/firmware/main.py", False),    # `make run`: imported over mpremote mount
    ("main", "main.py", False),                     # imported by hand (mount of firmware/, a REPL)
    ("__main__", "<stdin>", False),                 # `mpremote run main.py`, IDEs: the raw REPL
])
def test_only_main_py_run_at_power_on_resets(monkeypatch, name, file, resets):
    """A soft reset runs main.py again only from the friendly REPL, and would end a mount."""
    import main
    monkeypatch.setitem(main.__dict__, "__name__", name)
    monkeypatch.setitem(main.__dict__, "__file__", file)
    assert main._run_at_boot() is resets


def test_a_request_that_cannot_be_removed_is_not_started(tmp_path, monkeypatch):
    """If the storage will not delete the request, starting the game would start it again at
    every boot: the console boots into the launcher instead."""
    saves_of(tmp_path).save(LAUNCH, {"game": "dice", "setup": {"seats": [{"name": "You", "kind": "human"}],
                                                              "options": {}}})

    def stuck(self, name):
        raise OSError(30, "read-only file system")
    monkeypatch.setattr(FileStorage, "remove", stuck)
    c, _ = play("", str(tmp_path))
    assert c.resets == 0 and has_text(c, "pocket-party") and has_text(c, "Dice roller")
