"""The launcher in the simulator, driven by buttons only: menus, settings, saves, errors, sleep."""
import os
import subprocess
import sys

import pytest
import machine
import screen
from screen import play, has_text, golden, open_game_keys
from core.launcher import available_games
from core.saves import Saves, decode
from hal.storage import FileStorage

ROOT = screen.GOLDEN.rsplit(os.sep, 2)[0]


def main_items():
    return [g.title for g in available_games()] + ["Settings", "About"]


def goto(item):
    """Keys that move the main-menu cursor from the top to `item` and press A."""
    return " ".join(["DOWN"] * main_items().index(item) + ["A"])


def test_boot_shows_the_game_list(tmp_path):
    c = play("", saves=str(tmp_path))
    assert has_text(c, "pocket-party")
    for g in available_games():
        assert has_text(c, g.title)
    golden(c, "launcher_main")


def test_settings_change_persists_across_power_cycles(tmp_path):
    # Settings row 0 is contrast: RIGHT from Medium -> Bright; then to "Save" (5 fields down) and A
    c = play(goto("Settings") + " RIGHT DOWN DOWN DOWN DOWN DOWN A", saves=str(tmp_path))
    assert c.model.contrast == 255
    data, problems = Saves(FileStorage(str(tmp_path / "saves"))).load("settings")
    assert problems == [] and data["contrast"] == 3
    c2 = play("", saves=str(tmp_path))
    assert c2.model.contrast == 255


def test_settings_screen_golden(tmp_path):
    c = play(goto("Settings"), saves=str(tmp_path))
    assert has_text(c, "Contrast") and has_text(c, "Key repeat")
    golden(c, "settings")


def test_about_names_version_and_board(tmp_path):
    c = play(goto("About"), saves=str(tmp_path))
    assert has_text(c, "pocket-party 0.1.0")
    assert has_text(c, "Board: pico")


def test_corrupt_settings_are_reported_and_defaults_used(tmp_path):
    saves = tmp_path / "saves"
    saves.mkdir()
    (saves / "settings").write_bytes(b"PPSV\x01garbage")
    c = play("", saves=str(tmp_path))
    assert has_text(c, "so the defaults are") and has_text(c, "Nothing else")
    golden(c, "settings_damaged")
    c = play("A", saves=str(tmp_path))  # dismissed: the launcher works
    assert has_text(c, "pocket-party")


def test_last_game_is_remembered(tmp_path):
    games = [g.title for g in available_games()]
    if len(games) < 2:
        pytest.skip("needs two games in the launcher")
    play(goto(games[1]) + " B", saves=str(tmp_path))
    c = play("A", saves=str(tmp_path))  # the cursor starts on the last game
    assert has_text(c, games[1])


def test_screen_sleeps_after_idle_and_wakes_without_acting(tmp_path):
    c = play("WAIT:61000", saves=str(tmp_path))
    assert not c.model.is_on
    c = play("WAIT:61000 DOWN", saves=str(tmp_path))  # the waking press is swallowed
    assert c.model.is_on
    golden(c, "launcher_main")


def test_exception_inside_a_game_shows_an_error_and_returns(tmp_path, monkeypatch, capsys):
    import games.dice.app as app

    def broken(ctx, setup, saved):
        raise ZeroDivisionError("division by zero in turn 3")
    monkeypatch.setattr(app, "run", broken)
    monkeypatch.setitem(sys.modules, "games.dice.app", app)
    # keep the patched module: the session unloads games after running them
    import core.session as session
    monkeypatch.setattr(session, "unload_game", lambda gid: None)
    monkeypatch.setattr(session, "unload_new", lambda before: None)
    c = play(goto("Dice roller") + " A", saves=str(tmp_path))
    # in a player's words; the exception itself goes to the serial log
    assert has_text(c, "Game stopped") and has_text(c, "Something went wrong")
    assert has_text(c, "saved yet.") and not has_text(c, "ZeroDivisionError")
    log = capsys.readouterr()
    assert "ZeroDivisionError: division by zero in turn 3" in log.out + log.err  # the serial log has it whole
    golden(c, "game_error")
    c = play(goto("Dice roller") + " A A", saves=str(tmp_path))
    assert has_text(c, "Dice roller")  # back in the game menu, nothing frozen


def test_out_of_memory_in_a_game_lets_the_game_go_before_the_message(tmp_path, monkeypatch):
    import games.dice.app as app
    import core.session as session
    seen = []

    def hungry(ctx, setup, saved):
        raise MemoryError("memory allocation failed, allocating 4096 bytes")
    monkeypatch.setattr(app, "run", hungry)
    monkeypatch.setitem(sys.modules, "games.dice.app", app)
    real_unload = session.unload_game
    monkeypatch.setattr(session, "unload_game", lambda gid: seen.append(("unload", gid)))
    real_error = session.Ui.error

    def error(self, title, body):
        seen.append(("error", title, self.on_sleep))
        real_error(self, title, body)
    monkeypatch.setattr(session.Ui, "error", error)
    c = play(goto("Dice roller") + " A", saves=str(tmp_path))
    assert has_text(c, "Out of memory") and has_text(c, "memory than")
    # the game was let go (modules, its sleep hook) before the message was drawn (the
    # first unload is the launch's own, before the game is loaded afresh)
    at = seen.index(("error", "Out of memory", None))
    assert at > 0 and seen[at - 1] == ("unload", "dice")
    real_unload("dice")


def test_out_of_memory_under_micropython_shows_the_message_and_goes_on(tmp_path):
    """A game that eats the whole heap: the console still draws the message and returns to the menu."""
    import mpy
    import build
    exe = mpy.require()
    tree = build.mpy_tree(str(tmp_path / "fw"))
    os.remove(os.path.join(tree, "games", "dice", "app.mpy"))
    with open(os.path.join(tree, "games", "dice", "app.py"), "w") as f:
        f.write("HOARD = []\n\n\ndef run(ctx, setup, saved):\n"
                "    while True:\n        HOARD.append(bytearray(512))\n")
    # main menu, open the dice roller (it eats the heap), A on the message, B back to the main menu
    keys = goto("Dice roller") + " A A B"
    env = dict(os.environ, PP_FIRMWARE=tree)
    r = subprocess.run([exe, "-X", "heapsize=160K", "tools/headless.py", "--keys", keys, "--saves",
                        str(tmp_path / "saves")], cwd=ROOT, capture_output=True, text=True, timeout=120, env=env)
    assert r.returncode == 0 and r.stdout.rstrip().splitlines()[-1].startswith("DONE"), r.stdout[-800:] + r.stderr
    frames = [line.split()[2] for line in r.stdout.splitlines() if line.startswith("FRAME")]
    assert frames[-1] == frames[1]            # back on the main menu, as it was at boot (after "Please wait")
    assert len(set(frames)) >= 3              # the game menu and the message came between


def test_game_modules_are_unloaded_after_playing(tmp_path):
    play(goto("Dice roller") + " A B", saves=str(tmp_path))
    assert not [m for m in sys.modules if m.startswith("games.dice.")]


def test_missing_display_is_reported_not_a_traceback(monkeypatch, capsys):
    import time
    import main
    from sim.console import load_board
    machine.reset_world()  # no SSD1306 on the bus
    load_board("pico")
    seen = []
    waits = []
    monkeypatch.setattr(time, "sleep_ms", waits.append, raising=False)
    monkeypatch.setattr(main, "_blink_forever", lambda board, message, rounds=-1: seen.append(message))
    monkeypatch.setattr(main, "run", lambda hal, restart=None: seen.append("ran"))
    main.boot()
    assert seen == ["pocket-party: No display answered at I2C address 0x3C: check SDA/SCL wiring and power"]
    assert len(waits) == 5      # asked five times before saying so
    machine.reset_world()


class GlitchingBus:
    """The simulated panel behind a bus that fails the given writes (counted from 1)."""

    def __init__(self, failing):
        from sim.ssd1306_model import SSD1306Model
        self.panel = SSD1306Model()
        self.failing = failing
        self.writes = 0

    def i2c_write(self, data):
        self.writes += 1
        if self.writes in self.failing:
            raise OSError(5)  # EIO
        self.panel.i2c_write(data)


def boot_on(monkeypatch, bus):
    """main.boot on a Pico whose display is `bus`: what it ran or blinked."""
    import time
    import main
    from sim.console import load_board
    machine.reset_world()
    board = load_board("pico")
    machine._i2c_devices[board.DISPLAY_ADDR] = bus
    seen = []
    for name, f in (("ticks_ms", lambda: 0), ("ticks_diff", lambda a, b: a - b),
                    ("ticks_add", lambda a, b: a + b), ("sleep_ms", lambda ms: None)):
        monkeypatch.setattr(time, name, f, raising=False)  # MicroPython's, for hal.clock
    monkeypatch.setattr(main, "_blink_forever", lambda board, message, rounds=-1: seen.append(message))
    monkeypatch.setattr(main, "run", lambda hal, restart=None: seen.append(hal))
    main.boot()
    machine.reset_world()
    return seen


@pytest.mark.parametrize("failing", [(1,), (2,), (3,), (1, 3), (2, 4, 6, 8)])
def test_a_display_glitch_at_power_on_does_not_end_the_boot(monkeypatch, failing):
    # issue 19.3: a one-off I2C error in the display's set-up (1: the probe, 2: the set-up
    # commands, 3: the first frame) escaped boot() to the REPL, or blinked "missing" for ever
    bus = GlitchingBus(failing)
    seen = boot_on(monkeypatch, bus)
    assert len(seen) == 1 and not isinstance(seen[0], str), seen   # the launcher ran
    assert bus.panel.is_on and bus.panel.charge_pump                # on a panel set up whole


class SetUpFails(GlitchingBus):
    def i2c_write(self, data):
        if data != bytes((0x00, 0xAE)):  # the probe (display off) answers, nothing else
            raise OSError(5)
        self.panel.i2c_write(data)


def test_a_display_that_fails_its_set_up_every_time_blinks_not_a_traceback(monkeypatch):
    seen = boot_on(monkeypatch, SetUpFails(()))
    assert len(seen) == 1 and seen[0].startswith(
        "pocket-party: the display (or another part) did not answer at power-on (")


def test_boot_lets_a_console_reset_before_a_game_but_not_under_make_run(monkeypatch):
    """On a board, main.boot gives run() machine.soft_reset (a picked game starts in a
    clean heap); run from /remote by `make run`, it gives None (a reset would end the mount)."""
    import time
    import main
    from sim.console import load_board
    from sim.ssd1306_model import SSD1306Model
    for name, f in (("ticks_ms", lambda: 0), ("ticks_diff", lambda a, b: a - b),
                    ("ticks_add", lambda a, b: a + b), ("sleep_ms", lambda ms: None)):
        monkeypatch.setattr(time, name, f, raising=False)  # MicroPython's, for hal.clock
    seen = []
    monkeypatch.setattr(main, "run", lambda hal, restart=None: seen.append(restart))
    for name, where in (("__main__", "main.py"), ("main", "/remote/firmware/main.py")):
        machine.reset_world()
        board = load_board("pico")
        machine._i2c_devices[board.DISPLAY_ADDR] = SSD1306Model()
        monkeypatch.setitem(main.__dict__, "__name__", name)
        monkeypatch.setitem(main.__dict__, "__file__", where)
        main.boot()
    machine.reset_world()
    assert seen == [machine.soft_reset, None]


def test_missing_display_blinks_the_led(monkeypatch, capsys):
    import time
    import main
    from sim.console import load_board
    machine.reset_world()
    board = load_board("pico")
    monkeypatch.setattr(time, "sleep_ms", lambda ms: None, raising=False)
    main._blink_forever(board, "pocket-party: no display", rounds=2)
    assert "no display" in capsys.readouterr().out
    assert machine._levels.get("LED") in (0, 1)


def test_safe_mode_skips_the_launcher(monkeypatch, capsys):
    import main
    from sim.console import load_board
    machine.reset_world()
    load_board("pico")
    machine.set_level(9, 0)  # B held at power-on
    monkeypatch.setattr(main, "run", lambda hal: pytest.fail("launcher started in safe mode"))
    main.boot()
    assert "safe mode" in capsys.readouterr().out
    machine.reset_world()


def test_mashing_buttons_during_a_save_loses_nothing(tmp_path, monkeypatch):
    """Presses during a (slow) save are latched and handled after it; the save stays valid."""
    from hal import storage
    real_write = storage.FileStorage.write

    def slow_write(self, name, data):
        for level in (0, 1, 0, 1):   # DOWN mashed while the file is written
            machine.set_level(3, level)
        real_write(self, name, data)
    monkeypatch.setattr(storage.FileStorage, "write", slow_write)
    # Settings: change contrast and save; the mashed DOWNs arrive at the main menu afterwards
    c = play(goto("Settings") + " RIGHT DOWN DOWN DOWN DOWN DOWN A", saves=str(tmp_path))
    data = (tmp_path / "saves" / "settings").read_bytes()
    assert decode(data)["contrast"] == 3
    assert has_text(c, "pocket-party")


def test_unknown_key_and_board_are_clear_errors():
    r = subprocess.run([sys.executable, "-m", "sim", "--headless", "--keys", "A JUMP"], cwd=ROOT,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "unknown key 'JUMP'" in r.stderr
    r = subprocess.run([sys.executable, "-m", "sim", "--headless", "--board", "nope"], cwd=ROOT,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "unknown board 'nope'" in r.stderr and "pico" in r.stderr


def test_headless_cli_writes_png_and_gif(tmp_path):
    shot, gif = tmp_path / "s.png", tmp_path / "s.gif"
    r = subprocess.run([sys.executable, "-m", "sim", "--headless", "--seed", "1", "--keys", "DOWN UP",
                        "--shot", str(shot), "--gif", str(gif)], cwd=ROOT, capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 0, r.stderr
    from PIL import Image
    img = Image.open(shot)
    assert img.size == (512, 256)
    anim = Image.open(gif)
    assert anim.n_frames >= 2


def test_menu_chord_works_on_the_kits_own_screens_inside_a_game(tmp_path, monkeypatch):
    """A+B on a message shown by a game opens the game menu; Save and quit saves and leaves."""
    import games.dice.app as app
    import core.session as session
    saved = []

    def game(ctx, setup, saved_data):
        ctx.ui.on_sleep = lambda: saved.append("saved")
        ctx.ui.message("Turn 3", "A message from the game")
        ctx.ui.message("Turn 4", "never reached")
    monkeypatch.setattr(app, "run", game)
    monkeypatch.setitem(sys.modules, "games.dice.app", app)
    monkeypatch.setattr(session, "unload_game", lambda gid: None)
    monkeypatch.setattr(session, "unload_new", lambda before: None)
    c = play(goto("Dice roller") + " A MENU", saves=str(tmp_path))
    assert has_text(c, "Game menu") and has_text(c, "Save and quit")
    c = play(goto("Dice roller") + " A MENU DOWN A", saves=str(tmp_path))
    assert saved == ["saved"]  # the game saved where it stood before leaving
    assert has_text(c, "pocket-party") or has_text(c, "New game")  # back in the launcher's menus
    assert not has_text(c, "never reached")


def test_a_driver_may_start_with_a_wait(tmp_path):
    from sim.console import Console
    calls = []

    def driver(console):
        calls.append(console.clock.ticks_ms())
        return ["WAIT:61000", "DOWN"] if len(calls) == 1 else None
    c = Console("pico", 1, [], str(tmp_path), driver=driver)
    c.run()
    assert len(calls) == 2 and c.model.is_on  # slept after the wait, woken by DOWN


def test_typing_a_player_name_on_the_keyboard(tmp_path):
    # Clever Kids -> New game -> "P1 name" row -> LEFT to "Type..." -> A opens the keyboard;
    # A types "A", RIGHT A types "B", LEFT LEFT reaches the OK cell, A accepts
    keys = goto("Clever Kids") + " A DOWN LEFT A A RIGHT A LEFT LEFT"
    c = play(keys, saves=str(tmp_path))
    assert has_text(c, "Player name") and has_text(c, "AB_")
    golden(c, "keyboard")
    c = play(keys + " A", saves=str(tmp_path / "2"))
    assert has_text(c, "<Ab>")  # the form shows the typed name, capitalised
    data, _ = Saves(FileStorage(str(tmp_path / "2" / "saves"))).load("settings")
    assert data["names"] == ["Ab"]


@pytest.mark.parametrize("game_id", [g.id for g in available_games()])
def test_rules_summary_in_a_game_is_read_only_while_shown(tmp_path, game_id):
    """A+B, "Rules summary": the text from the game's setup.py, which the game does not keep
    loaded while it plays."""
    import importlib
    from core import font
    from core.ui import W
    from games.catalogue import entry
    rules = importlib.import_module("games.%s.setup" % game_id).RULES
    sys.modules.pop("games.%s.setup" % game_id)
    start = screen.open_game_keys(game_id)
    if entry(game_id).has_setup:  # a setup form: as few seats as the game allows
        start += screen.setup_form_keys(game_id, ["human", "normal"] if entry(game_id).min_players > 1 else ["human"])
    loaded = []
    c = screen.Console("pico", 1, start + ["MENU"], str(tmp_path))
    c.frames.append(lambda con: loaded.append("games.%s.setup" % game_id in sys.modules))
    c.run()
    assert has_text(c, "Game menu")
    assert not loaded[-1], "the game keeps its setup module (and RULES) loaded while it plays"
    c = screen.Console("pico", 1, start + ["MENU", "DOWN", "DOWN", "A"], str(tmp_path / "2"))
    c.run()
    assert has_text(c, "Rules") and has_text(c, font.wrap(rules, W - 8)[0])


def test_the_rules_page_with_left_right_and_the_menu_comes_back_to_rules(tmp_path):
    # the Dizzle rules summary is long: RIGHT pages (five lines), LEFT comes back
    game = goto("Dizzle") + " DOWN A"                 # the game's menu: New game, Rules

    def shown(keys, folder):
        return play(game + keys, saves=str(tmp_path / folder)).panel()
    first = shown("", "a")
    assert shown(" RIGHT", "b") == shown(" DOWN DOWN DOWN DOWN DOWN", "c") != first
    assert shown(" RIGHT LEFT", "d") == first
    # leaving the rules: the cursor is on Rules again (A opens them once more)
    assert shown(" B A", "e") == first


def test_a_text_of_more_pages_says_its_page_and_that_left_right_page(tmp_path):
    # nobody found the paging in the rules: the hint names the page and shows the arrows
    from core import font
    from core.session import rules_text
    from core.ui import W
    lines = sum(len(font.wrap(para, W - 8) or [""]) for para in rules_text("dizzle").split("\n"))
    pages = (lines + 4) // 5                          # five lines a page
    arrows = font.ARROW_LEFT + font.ARROW_RIGHT
    rules = goto("Dizzle") + " DOWN A"

    def hint(page):
        return "%d/%d %s A:OK" % (page, pages, arrows)
    assert pages > 2 and has_text(play(rules, saves=str(tmp_path / "a")), hint(1))
    assert has_text(play(rules + " RIGHT", saves=str(tmp_path / "b")), hint(2))
    assert has_text(play(rules + " DOWN" * lines, saves=str(tmp_path / "c")), hint(pages))
    assert has_text(play(rules + " RIGHT" * pages + " LEFT", saves=str(tmp_path / "d")), hint(pages - 1))
    # a question of one page says only its keys
    dice = goto("Dice roller")
    play(dice + " A MENU DOWN A", saves=str(tmp_path / "e"))      # a saved game
    c = play(dice + " DOWN A", saves=str(tmp_path / "e"))          # New game: start over?
    assert has_text(c, "Start over?") and has_text(c, "A:Yes B:No") and not has_text(c, "1/1")
    assert not has_text(c, arrows)


def test_the_game_menu_comes_back_with_the_cursor_on_the_item_just_left(tmp_path):
    # in a game, A+B: after the rules summary (or the settings) the menu is as it was on
    # that item, not back on Resume (as the launcher's game menu comes back to Rules)
    game = goto("Dice roller") + " A"                 # New game: the dice roller has no setup form

    def shown(keys, folder):
        return play(game + keys, saves=str(tmp_path / folder)).panel()
    on_rules = shown(" MENU DOWN DOWN", "a")
    assert shown(" MENU DOWN DOWN A B", "b") == on_rules != shown(" MENU", "c")
    assert shown(" MENU DOWN DOWN A B A", "d") == shown(" MENU DOWN DOWN A", "e")   # A: the rules again
    assert shown(" MENU DOWN DOWN DOWN A B", "f") == shown(" MENU DOWN DOWN DOWN", "g")  # Settings


def test_a_on_a_name_opens_the_keyboard(tmp_path):
    c = play(goto("Dizzle") + " A DOWN A", saves=str(tmp_path))   # New game, the P1 name row, A
    assert has_text(c, "Player name")


def test_the_setup_form_explains_each_option_and_hides_what_does_not_apply(tmp_path):
    words = goto("Word Cards") + " A"
    c = play(words + " DOWN" * 5, saves=str(tmp_path / "a"))       # Players, 2 seats x 2 rows: Deck
    assert has_text(c, "Deck") and has_text(c, "The adults' deck")
    c = play(words + " UP UP", saves=str(tmp_path / "b"))           # up from the top: the last rows
    assert has_text(c, "Points") and has_text(c, "One round: fewest") and not has_text(c, "Rounds")
    c = play(words + " UP UP RIGHT DOWN", saves=str(tmp_path / "c"))  # Points: Rounds, then its row
    assert has_text(c, "Rounds in the match.")


def test_options_that_mean_nothing_to_one_player_are_hidden_and_keep_their_default(tmp_path):
    from drive import live
    from sim.console import Console
    clever = goto("Clever Kids") + " A"
    c = play(clever + " DOWN" * 5, saves=str(tmp_path / "a"))      # 2 players: Players, 2 seats x 2 rows
    assert has_text(c, "Starts") and has_text(c, "Player 1 rolls the")
    c = play(clever + " LEFT" + " DOWN" * 3, saves=str(tmp_path / "b"))   # 1 player: 1 seat x 2 rows
    assert has_text(c, "Skip bonus") and has_text(c, "A bonus cross must")
    c = play(clever + " LEFT" + " DOWN" * 4, saves=str(tmp_path / "c"))   # then Start: nothing else
    assert not has_text(c, "Starts") and not has_text(c, "Game ends") and not has_text(c, "bonus cross must")
    # Random chosen for two, then one player, Start (UP from the top): the solo game has the default
    got = {}
    Console("pico", 1, (clever + " DOWN" * 5 + " RIGHT" + " UP" * 5 + " LEFT UP A").split(),
            str(tmp_path / "d"), driver=lambda c: got.update(live())).run()
    assert got["game"].n == 1 and got["game"].opts["start_player"] == "first"
    dizzle = goto("Dizzle") + " A"
    c = play(dizzle + " DOWN" * 6, saves=str(tmp_path / "e"))       # Level, then Starts
    assert has_text(c, "Starts") and has_text(c, "Player 1 rolls the")
    c = play(dizzle + " LEFT" + " DOWN" * 4, saves=str(tmp_path / "f"))   # Level, then Start
    assert not has_text(c, "Starts") and not has_text(c, "Player 1 rolls the")


def test_a_frozen_games_package_lists_every_game(monkeypatch):
    # frozen into the firmware, the games have no file for os.stat to find
    import games
    from games.catalogue import GAMES
    monkeypatch.setattr(games, "__file__", ".frozen/games/__init__.py", raising=False)
    assert available_games() == list(GAMES)


def _busy_calls(monkeypatch):
    """Each ui.busy() call, with the frame's text under the mark (the screen it is drawn over)."""
    from core import ui as kit
    calls = []
    real = kit.Ui.busy

    def busy(self):
        calls.append(self)
        real(self)
    monkeypatch.setattr(kit.Ui, "busy", busy)
    return calls


def test_the_busy_mark_is_up_while_the_rules_load_and_a_formless_game_starts(tmp_path, monkeypatch):
    """Reading the rules imports the game's setup module, and a game without a setup form
    loads at once after New game: ~0.7 s and ~1.4 s on a Pico (est., make bench), under
    the busy mark (tools/headless.py tells a busy frame by it)."""
    calls = _busy_calls(monkeypatch)
    gid = [g for g in available_games() if not g.has_setup][0]
    to_game = ["DOWN"] * [g.id for g in available_games()].index(gid.id) + ["A"]
    c = play(" ".join(to_game + ["DOWN", "A"]), saves=str(tmp_path / "a"))     # Rules
    assert len(calls) == 1 and has_text(c, gid.title)
    c = play(" ".join(to_game + ["A"]), saves=str(tmp_path / "b"))            # New game
    assert len(calls) == 2
    c = play(" ".join(to_game + ["A", "MENU", "DOWN", "DOWN", "A"]), saves=str(tmp_path / "c"))  # its Rules summary
    assert len(calls) == 4 and has_text(c, "Rules")


def test_the_busy_mark_is_up_while_a_setup_form_loads(tmp_path, monkeypatch):
    """New game on a game with a setup form imports its setup module (options and rules
    text): Word Cards' took 305 ms est. Pico (make bench), under the busy mark now."""
    calls = _busy_calls(monkeypatch)
    gid = [g for g in available_games() if g.has_setup][0]
    to_game = ["DOWN"] * [g.id for g in available_games()].index(gid.id) + ["A"]
    c = play(" ".join(to_game), saves=str(tmp_path))
    assert calls == [] and has_text(c, "New game")
    c = play(" ".join(to_game + ["A"]), saves=str(tmp_path))    # New game: the form
    assert len(calls) == 1 and has_text(c, "Players")


def test_resume_shows_the_busy_mark_and_the_last_game_is_still_saved(tmp_path, monkeypatch):
    """Resume reads the save and loads the game under the busy mark; the last game is
    saved with ui.later, once its game menu is up (the save no longer holds it back)."""
    calls = _busy_calls(monkeypatch)
    gid = [g for g in available_games() if not g.has_setup][0]
    to_game = ["DOWN"] * [g.id for g in available_games()].index(gid.id) + ["A"]
    play(" ".join(to_game), saves=str(tmp_path))
    data, problems = Saves(FileStorage(str(tmp_path / "saves"))).load("settings")
    assert data["last_game"] == gid.id and calls == []
    c = play(" ".join(to_game + ["A", "MENU", "DOWN", "A"]), saves=str(tmp_path))   # New game, Save and quit
    assert Saves(FileStorage(str(tmp_path / "saves"))).exists(gid.id)
    before = len(calls)
    c = play("A", saves=str(tmp_path))      # the cursor is on that game: its menu
    assert has_text(c, "Resume") and len(calls) == before
    c = play("A A", saves=str(tmp_path))    # Resume
    assert len(calls) == before + 1 and not has_text(c, "Resume")


def test_the_main_menu_is_worked_out_once_a_visit_and_again_after_a_save_is_deleted(tmp_path, monkeypatch):
    """Back from a game's menu, the main menu is drawn from what the launcher found when
    it came up: the games' files and the saves' stars are not looked for again (that made
    B from a game's menu allocate 11.3 KB, 64-bit unix port). A damaged save deleted from a
    game's menu takes its star off the main menu at once."""
    from core import launcher
    dice = open_game_keys("dice")[:-1]      # the dice roller's menu
    found = []
    real = launcher.available_games
    monkeypatch.setattr(launcher, "available_games", lambda: found.append(1) or real())
    c = play(" ".join(dice + ["B", "DOWN", "A", "B", "UP"]), saves=str(tmp_path / "a"))
    assert has_text(c, "pocket-party") and len(found) == 1
    st = FileStorage(str(tmp_path / "b" / "saves"))
    os.makedirs(str(tmp_path / "b" / "saves"))
    Saves(st).save("dice", {"game": 1})
    Saves(st).save("dice", {"game": 2})
    for name in ("dice", "dice.bak"):
        data = st.read(name)
        st.write(name, data[:-1] + bytes([data[-1] ^ 1]))
    c = play(" ".join(dice + ["B"]), saves=str(tmp_path / "b"))
    assert has_text(c, "Dice roller *")
    c = play(" ".join(["A", "A", "A", "A", "B"]), saves=str(tmp_path / "b"))  # Damaged save: why, delete
    assert not Saves(st).exists("dice") and has_text(c, "pocket-party") and not has_text(c, "Dice roller *")
