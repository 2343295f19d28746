"""Game codes (core.codes, docs/app-api.md "Game codes"): the format, its check, and the
same dice and cards again from a code, by buttons in the simulator; the daily game."""
import os
import subprocess

import pytest

import mpy
from core import codes
from core.rng import Rng
from drive import Driver, live, play, saved
from screen import has_text, new_game_keys, open_game_keys
from sim.console import Console

ROOT = mpy.ROOT
CELLS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-<*"   # core.ui's keyboard, 13 to a row
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
MENU = ["New game", "Rules", "Statistics", "Enter code", "Daily game"]   # a table game's menu without a save


def setup_of(game_id):
    import importlib
    return importlib.import_module("games.%s.setup" % game_id).SETUP


def typed(text):
    """Keys that type text on the keyboard (the cursor starts on A), then its check mark."""
    keys = []
    pos = 0
    for ch in list(text) + ["*"]:
        t = CELLS.index(ch)
        d = (t - pos) % len(CELLS)
        keys += ["RIGHT"] * d if d <= len(CELLS) // 2 else ["LEFT"] * (len(CELLS) - d)
        keys.append("A")
        pos = t
    return keys


def menu_keys(game_id, item):
    """From power-on, fresh saves: the game's menu, then item."""
    return open_game_keys(game_id)[:-1] + ["DOWN"] * MENU.index(item) + ["A"]


def by_the_doc(game, players, kinds, options, hi, lo, check_sum=1):
    """A code written as docs/app-api.md says, with Python's big ints: one number in mixed
    radix (game 8, seats 1364: the players' kinds in base 4 after the 4 + 16 + ... values
    of fewer players, options 256, then the state's halves), 11 base-32 characters, most
    significant first, then the Luhn mod 32 check character that makes the sum 1 (0:
    the first format's)."""
    n = lo
    n = n * 65536 + hi
    n = n * 256 + options
    seats = sum(4 ** p for p in range(1, players))
    for i, k in enumerate(kinds):
        seats += k * 4 ** i
    n = (n * 1364 + seats) * 8 + game
    return _characters(n, check_sum)


def _characters(n, check_sum):
    """The number n as 11 base-32 characters, most significant first, and the Luhn mod 32
    check character that makes the sum check_sum; grouped by four."""
    values = []
    for _ in range(11):
        values.insert(0, n % 32)
        n //= 32
    assert n == 0
    total, factor = 0, 2
    for v in reversed(values):
        a = v * factor
        total += a // 32 + a % 32
        factor = 3 - factor
    values.append((check_sum - total % 32) % 32)
    s = "".join(ALPHABET[v] for v in values)
    return "-".join(s[i:i + 4] for i in range(0, 12, 4))


def first_format(game, players, kinds, options, hi, lo):
    """A code of the first format (version 0.1: game 8, players 8, five kinds of 3,
    options, state; Luhn sum 0)."""
    n = lo
    n = n * 65536 + hi
    n = n * 256 + options
    for k in reversed(kinds + [0] * (5 - len(kinds))):
        n = n * 3 + k
    n = (n * 8 + players) * 8 + game
    return _characters(n, 0)


# ---- the format ---------------------------------------------------------------------------------
def test_codes_hold_game_seats_options_and_seed_as_the_doc_says():
    rng = Rng(5)
    for number, game_id in enumerate(codes.GAMES, 1):
        offered = setup_of(game_id)
        for _ in range(40):
            players = rng.randint(1, 5)
            kinds = [codes.KINDS[rng.randbelow(4)] for _ in range(players)]
            indexes = [rng.randbelow(len(option[2])) for option in offered]
            options = {}
            number_of_options = 0
            for option, i in zip(offered, indexes):
                options[option[0]] = option[2][i][0]
                number_of_options = number_of_options * len(option[2]) + i
            seed = [rng.next16(), rng.next16() | 1]
            text = codes.encode(game_id, kinds, options, offered, seed)
            assert text == by_the_doc(number, players, [codes.KINDS.index(k) for k in kinds],
                                      number_of_options, seed[0], seed[1])
            for typed_as in (text, text.replace("-", "").lower(), text.replace("0", "O").replace("1", "I")):
                code = codes.decode(typed_as)
                assert (code.text, code.game, code.players, code.kinds, code.seed) == (
                    text, game_id, players, kinds, seed)
                assert codes.option_indexes(offered, code.options) == indexes


def test_the_check_character_finds_any_one_wrong_character_and_swaps():
    offered = setup_of("words")
    rng = Rng(8)
    swaps = missed = 0
    for _ in range(60):
        text = codes.encode("words", ["human", "easy"], {}, offered, [rng.next16(), rng.next16()]).replace("-", "")
        for i in range(12):
            for ch in ALPHABET:
                if ch != text[i]:
                    with pytest.raises(codes.CodeError):
                        codes.decode(text[:i] + ch + text[i + 1:])
            if i < 11 and text[i] != text[i + 1]:
                swaps += 1
                try:
                    codes.decode(text[:i] + text[i + 1] + text[i] + text[i + 2:])
                    missed += 1
                    assert {text[i], text[i + 1]} == {"0", "Z"}, text   # Luhn's one blind pair
                except codes.CodeError as e:
                    assert "typo" in e.reason
    assert swaps > 500 and missed <= swaps // 100


@pytest.mark.parametrize("text, reason", [
    ("ABCD-EFGH", "A game code has 12 characters; this has 8."),
    ("ABCD-EFGH-JKU1", "'U' is not in a game code"),
    ("0000-0000-0001", "This is not a code of a game this console has."),  # it checks, names no game
])
def test_what_is_not_a_code_says_why(text, reason):
    with pytest.raises(codes.CodeError) as e:
        codes.decode(text)
    assert e.value.reason.startswith(reason)


def test_codes_are_the_same_under_micropython():
    exe = mpy.require()
    script = ("import sys\nsys.path.insert(0, 'firmware')\nfrom core import codes\n"
              "import games.words.setup as w\n"
              "t = codes.encode('words', ['human', 'normal', 'easy', 'normal'], {'mode': 'adults34', "
              "'matchRounds': 3, 'scoringVariant': True}, w.SETUP, [65535, 65535])\n"
              "c = codes.decode(t)\nprint(t, c.game, c.players, c.kinds, codes.option_indexes(w.SETUP, c.options), "
              "c.seed, codes.daily_seed(2026, 11, 28))\n"
              "for bad in (t[:-1] + 'Z', 'ABCD', 'U' * 12, '0' * 12):\n"
              "    try:\n        codes.decode(bad)\n    except codes.CodeError as e:\n        print(e.reason)\n")
    out = []
    for cmd in ([exe, "-c", script], [os.path.join(ROOT, ".venv", "bin", "python"), "-c", script]):
        r = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, timeout=60)
        assert r.returncode == 0, r.stderr
        out.append(r.stdout)
    assert out[0] == out[1] and "words 4" in out[0]


# ---- the same game again, by buttons --------------------------------------------------------------
class Recorder(Driver):
    """Plays like Driver; keeps the code the game shows and the whole game at its end screen."""

    def __init__(self, game_id, seed=3):
        Driver.__init__(self, game_id, seed, on_wait=self.look)
        self.code = None
        self.final = None

    def look(self, console, state):
        if state["waiting"] == "end" and self.final is None:
            self.code = state["app"].code
            self.final = state["game"].to_save()
            assert has_text(console, "Code " + self.code)   # the end screen's last row
        return None


@pytest.mark.parametrize("game_id, kinds, options", [
    ("clever", ["normal", "easy"], {"bonus_skip": True}),
    ("dizzle", ["easy", "normal", "easy"], {"level": 3}),
    ("cookie", ["normal", "easy"], {"side": "yellow"}),
    ("words", ["easy", "normal"], {"scoringVariant": True}),
    ("clever", ["human"], None),
])
def test_the_same_code_plays_the_same_dice_and_cards(game_id, kinds, options, tmp_path):
    """A game played to its end; its code typed on another console (another seed, so other
    dice of its own) starts the same seats and options, and the same game is played."""
    first = Recorder(game_id)
    play(game_id, kinds, tmp_path / "a", options, 3, first)
    assert first.final is not None and first.code
    code = codes.decode(first.code)
    assert (code.game, code.kinds) == (game_id, kinds)
    again = Recorder(game_id)
    Console("pico", 8, menu_keys(game_id, "Enter code") + typed(first.code) + ["UP", "A"],
            str(tmp_path / "b"), driver=again).run()
    assert again.final == first.final and again.actions == first.actions and again.code == first.code
    other = Recorder(game_id)                 # a new game on that console: its own dice
    play(game_id, kinds, tmp_path / "c", options, 8, other)
    assert other.final != first.final and other.code != first.code


def test_the_game_menu_shows_the_code_and_a_resumed_game_keeps_it(tmp_path):
    got = {}

    def stop(c):
        state = live()
        if state and "code" not in got:
            got["code"] = state["app"].code
            return ["MENU"] + ["DOWN"] * 4 + ["A"]    # Resume, Save and quit, Rules, Settings, Game code
        if state and "shown" not in got:
            got["shown"] = has_text(c, "Game code") and has_text(c, got["code"])
            return ["A", "DOWN", "A"]                 # OK, back in the menu: Save and quit
        return None
    c = Console("pico", 4, new_game_keys("dizzle", ["human", "normal"]), str(tmp_path), driver=stop)
    c.run()
    assert got["shown"] and not live()
    assert saved(tmp_path, "dizzle")["code"] == got["code"]
    # the launcher's cursor is on the last game played: A, Resume, then the game menu
    c = Console("pico", 5, ["A", "A", "MENU"] + ["DOWN"] * 4 + ["A"], str(tmp_path))
    c.run()
    assert has_text(c, got["code"])


# ---- a wrong code -----------------------------------------------------------------------------------
def a_code(game_id, players=2, seed=(1234, 5678)):
    return codes.encode(game_id, ["human"] + ["easy"] * (players - 1), {}, setup_of(game_id), list(seed))


def typo(text):
    """text with its last character another one."""
    return text[:-1] + ("A" if text[-1] != "A" else "B")


def first_line(text):
    from core import font
    return font.wrap(text, 128 - 8)[0]


@pytest.mark.parametrize("text, says", [
    (typo(a_code("clever")), "This code has a typo: its characters do not check."),
    (a_code("dizzle"), "This code is for Dizzle, not Clever Kids."),
    (by_the_doc(1, 2, [0, 1], 200, 1234, 5678), "This code's options are not among this game's."),
    (first_format(1, 2, [0, 2], 0, 1234, 5678), "This code has a typo: its characters do not check."),
])
def test_a_wrong_code_is_told_and_kept_to_put_right(text, says, tmp_path):
    keys = menu_keys("clever", "Enter code") + typed(text)
    c = Console("pico", 2, keys, str(tmp_path / "a"))
    c.run()
    assert has_text(c, "Game code") and has_text(c, first_line(says))
    c = Console("pico", 2, keys + ["A"], str(tmp_path / "b"))     # A: the keyboard again, the text kept
    c.run()
    assert has_text(c, text + "_") and not live()


def test_a_code_for_too_few_players_says_how_many_the_game_takes(tmp_path):
    keys = menu_keys("cookie", "Enter code") + typed(a_code("cookie", players=1))
    c = Console("pico", 2, keys, str(tmp_path))
    c.run()
    assert has_text(c, first_line("Cookie Party is for 2-5 players; this code has 1.")) and not live()


def test_a_wrong_code_loses_no_saved_game(tmp_path):
    play("clever", ["human", "normal"], tmp_path, None, 3, Driver("clever", 3, stop_after=2))
    before = saved(tmp_path, "clever")
    assert before is not None
    # the launcher's cursor is on the last game played: A, then its menu: Resume, New game, Rules,
    # Statistics, Enter code; A: start over; a typo; A, then B to leave
    keys = ["A"] + ["DOWN"] * 4 + ["A", "A"] + typed(typo(a_code("clever")))
    c = Console("pico", 2, keys + ["A"] + ["B"] * 15, str(tmp_path))
    c.run()
    assert not live() and has_text(c, "Resume") and saved(tmp_path, "clever") == before


# ---- the daily game ------------------------------------------------------------------------------------
def first_state(game_id, seed, date, tmp_path, start=True):
    got = {}

    def look(c):
        state = live()
        if state and "game" not in got:
            got["game"] = state["game"].to_save()
            got["code"] = state["app"].code
        return None
    keys = menu_keys(game_id, "Daily game") + (["A"] if start else [])     # A:Play
    c = Console("pico", seed, keys, str(tmp_path), driver=look, date=date)
    c.run()
    return c, got


@pytest.mark.parametrize("game_id", ["clever", "dizzle"])
def test_the_daily_game_is_the_same_on_every_console_that_day(game_id, tmp_path):
    _c, a = first_state(game_id, 1, "2026-11-28", tmp_path / "a")
    _c, b = first_state(game_id, 9, "2026-11-28", tmp_path / "b")
    _c, other = first_state(game_id, 1, "2026-11-29", tmp_path / "c")
    assert a["game"] == b["game"] and a["code"] == b["code"]
    assert other["game"] != a["game"]
    code = codes.decode(a["code"])
    assert (code.game, code.players, code.kinds, code.seed) == (game_id, 1, ["human"], codes.daily_seed(2026, 11, 28))


def test_without_a_clock_there_is_no_daily_game(tmp_path):
    c, got = first_state("clever", 1, None, tmp_path, start=False)
    assert has_text(c, first_line("This console's clock is not set: it does not know today's date.")) and not got
    assert saved(tmp_path, "clever") is None


def test_only_solo_games_have_a_daily_game(tmp_path):
    c = Console("pico", 1, open_game_keys("cookie")[:-1], str(tmp_path / "a"))
    c.run()
    assert has_text(c, "Enter code") and not has_text(c, "Daily game")
    c = Console("pico", 1, open_game_keys("dizzle")[:-1], str(tmp_path / "b"))
    c.run()
    assert has_text(c, "Enter code") and has_text(c, "Daily game")


# ---- a code given with the console (the browser's ?code=) ----------------------------------------------
def test_a_code_given_at_power_on_opens_its_game_filled_in(tmp_path):
    text = a_code("dizzle", players=3)
    c = Console("pico", 1, [], str(tmp_path / "a"), code=text.lower())
    c.run()
    assert has_text(c, text) and has_text(c, "<3>")        # the setup form under the code
    c = Console("pico", 1, [], str(tmp_path / "b"), code=typo(text))
    c.run()
    assert has_text(c, "This code has a") and has_text(c, "(%s)" % typo(text))


def test_a_console_clock_never_set_tells_no_date(monkeypatch):
    """MicroPython's clock starts at 2000-01-01 when nothing set it (no RTC battery, no
    mpremote): a year before 2024 is no date; a set clock tells its date."""
    import hal.clock
    clock = hal.clock.Clock()
    monkeypatch.setattr(hal.clock.time, "localtime", lambda: (2000, 1, 1, 0, 3, 12, 5, 1), raising=False)
    assert clock.today() is None
    monkeypatch.setattr(hal.clock.time, "localtime", lambda: (2026, 3, 7, 9, 0, 0, 5, 66), raising=False)
    assert clock.today() == "2026-03-07"


def test_a_code_given_at_power_on_asks_before_a_saved_game_is_lost(tmp_path):
    play("dizzle", ["human", "normal"], tmp_path, None, 3, Driver("dizzle", 3, stop_after=2))
    before = saved(tmp_path, "dizzle")
    assert before is not None
    c = Console("pico", 1, [], str(tmp_path), code=a_code("dizzle"))
    c.run()
    assert has_text(c, first_line("Start this code's game? The saved game is lost."))
    c = Console("pico", 1, ["B"], str(tmp_path), code=a_code("dizzle"))    # B: kept, the launcher
    c.run()
    assert saved(tmp_path, "dizzle") == before and has_text(c, "Dizzle *")


def test_a_code_with_a_level_the_game_lacks_is_told(tmp_path, monkeypatch):
    """A code names each computer seat's level; a console whose game lacks that level (an
    older firmware's, or a game without a hard player) says so instead of guessing."""
    from games import catalogue
    monkeypatch.setattr(catalogue.entry("clever"), "levels", ("easy", "normal"))
    text = codes.encode("clever", ["human", "hard"], {}, setup_of("clever"), [1234, 5678])
    c = Console("pico", 2, menu_keys("clever", "Enter code") + typed(text), str(tmp_path))
    c.run()
    assert has_text(c, first_line("This code has a hard computer player; Clever Kids has none on this console."))
    assert not live()
