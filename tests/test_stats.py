"""The console's statistics (core.stats, core.stats_screen): recorded at a table game's end
for every person's seat, per name and opponent level; the Statistics screen of a game's
menu; Reset in Settings; a damaged file told and replaced; a storage that refuses them;
the bound on the file."""
import errno

import pytest

import drive
from core import stats
from core.saves import Saves
from hal.storage import FileStorage
from screen import play, has_text, golden, open_game_keys
from test_launcher import goto


def stored(folder, game_id="dizzle"):
    """A game's stats file in a console's saves folder (and the problems loading it)."""
    return Saves(FileStorage(str(folder / "saves"))).load(stats.STATS + game_id, stats.is_stats)


def put(folder, data, game_id="dizzle"):
    (folder / "saves").mkdir(parents=True, exist_ok=True)
    Saves(FileStorage(str(folder / "saves"))).save(stats.STATS + game_id, data)


def stats_keys(game_id):
    """Fresh saves: the game's menu (New game, Rules, Statistics), Statistics."""
    return " ".join(open_game_keys(game_id)[:-1] + ["DOWN", "DOWN", "A"])


SAMPLE = {"n": 3, "names": {
    "Ann": {"l": 3, "p": 3, "w": 2, "b": 61, "t": 140, "o": {"easy": {"p": 2, "w": 2}, "normal": {"p": 1, "w": 0}},
            "x": {"Level 1": {"p": 2, "w": 2, "b": 61}, "Level 2": {"p": 1, "w": 0, "b": 30}}},
    "Ben": {"l": 1, "p": 1, "w": 0, "b": 25, "t": 25, "o": {"human": {"p": 1, "w": 0}}, "x": {}}}}


# ---- recorded at a game's end, played by buttons --------------------------------------------
def test_a_game_played_by_buttons_is_recorded_per_name_and_opponent_level(tmp_path):
    _c, d = drive.play("dizzle", ["human", "easy"], tmp_path, {"level": 2}, seed=2)
    assert d.ended is not None
    data, problems = stored(tmp_path)
    assert problems == []
    players = data["names"]
    assert list(players) == ["Ann"]                     # the computer seat (Ben) is an opponent
    ann = players["Ann"]
    won = 1 if d.ended["winners"] == [0] else 0
    assert ann["p"] == 1 and ann["w"] == won and ann["t"] == ann["b"]
    assert ann["o"] == {"easy": {"p": 1, "w": won}}
    assert ann["x"] == {"Level 2": {"p": 1, "w": won, "b": ann["b"]}}

    # a second game against a normal computer (the stats file alone kept: the launcher's
    # cursor would start on the last game played): added to the same name
    put(tmp_path / "b", stored(tmp_path)[0])
    _c, d2 = drive.play("dizzle", ["human", "normal"], tmp_path / "b", {"level": 2}, seed=5)
    won2 = 1 if d2.ended["winners"] == [0] else 0
    ann2 = stored(tmp_path / "b")[0]["names"]["Ann"]
    assert ann2["p"] == 2 and ann2["w"] == won + won2
    assert ann2["o"] == {"easy": {"p": 1, "w": won}, "normal": {"p": 1, "w": won2}}
    assert ann2["x"]["Level 2"]["p"] == 2 and ann2["b"] == max(ann["b"], ann2["t"] - ann["t"])


def test_the_score_recorded_is_the_end_screens(tmp_path):
    seen = {}

    def at_end(console, live):
        if live["waiting"] == "end" and not seen:
            seen["score"] = live["game"].score(0)
    d = drive.Driver("dizzle", 4, on_wait=at_end)
    drive.play("dizzle", ["human", "easy"], tmp_path, seed=4, driver=d)
    ann = stored(tmp_path)[0]["names"]["Ann"]
    assert ann["b"] == ann["t"] == seen["score"]


def test_clever_solo_counts_the_rating_reached_and_is_never_won(tmp_path):
    _c, d = drive.play("clever", ["human"], tmp_path, seed=3)
    assert d.ended is not None
    from games.clever import rules
    ann = stored(tmp_path, "clever")[0]["names"]["Ann"]
    assert ann["p"] == 1 and ann["w"] == 0 and ann["o"] == {}
    assert ann["x"] == {"Rated " + rules.rating(ann["b"]): {"p": 1, "w": 0, "b": ann["b"]}}


def test_computer_players_only_record_nothing(tmp_path):
    drive.play("cookie", ["easy", "easy"], tmp_path, seed=1)
    assert stored(tmp_path, "cookie") == (None, [])


# ---- the Statistics screen ------------------------------------------------------------------
def test_the_statistics_screen_says_when_there_are_none(tmp_path):
    c = play(stats_keys("cookie"), saves=str(tmp_path))
    assert has_text(c, "No statistics yet.")
    c = play(stats_keys("cookie") + " A", saves=str(tmp_path))     # A: back to the game's menu
    assert has_text(c, "New game") and has_text(c, "Statistics")


def look(folder, keys, data=SAMPLE):
    """A console whose saves hold only this stats file (the launcher's cursor starts on the
    last game played: a fresh folder keeps it at the top), after keys."""
    folder = folder / str(len(list(folder.iterdir())))
    put(folder, data)
    return play(keys, saves=str(folder))


def test_the_statistics_screen_lists_names_and_a_players_figures(tmp_path):
    c = look(tmp_path, stats_keys("dizzle"))
    assert has_text(c, "Ann      3 games") and has_text(c, "Ben      1 game")   # most recent first
    c = look(tmp_path, stats_keys("dizzle") + " A")
    for line in ("3 games, won 2", "Best 61, mean 46.7", "vs easy: won 2/2", "vs normal: won 0/1"):
        assert has_text(c, line), line
    golden(c, "stats_player")
    c = look(tmp_path, stats_keys("dizzle") + " A DOWN DOWN DOWN")   # scrolled: the levels
    assert has_text(c, "Level 1: 2 games") and has_text(c, "won 2, best 61") and has_text(c, "Level 2: 1 game")
    c = look(tmp_path, stats_keys("dizzle") + " DOWN A")              # Ben: against people
    assert has_text(c, "vs people: won 0/1")
    c = look(tmp_path, stats_keys("dizzle") + " DOWN A B B")          # B, B: the game's menu
    assert has_text(c, "New game")
    c = look(tmp_path, stats_keys("clever"))                          # another game's: none
    assert has_text(c, "No statistics yet.")


# ---- Reset in Settings ----------------------------------------------------------------------
RESET = goto("Settings") + " DOWN DOWN DOWN DOWN A"   # the "Reset statistics" row, A


def test_reset_asks_first_and_b_keeps_them(tmp_path):
    put(tmp_path, SAMPLE)
    put(tmp_path, SAMPLE, "words")
    c = play(RESET, saves=str(tmp_path))
    assert has_text(c, "Reset the") and has_text(c, "A:Yes B:No")
    c = play(RESET + " B", saves=str(tmp_path))
    assert has_text(c, "Settings") and stored(tmp_path)[0] == SAMPLE
    c = play(RESET + " A", saves=str(tmp_path))
    assert has_text(c, "The statistics are") and stored(tmp_path) == (None, []) and \
        stored(tmp_path, "words") == (None, [])
    c = play(RESET + " A A", saves=str(tmp_path))                          # back on the form
    assert has_text(c, "Reset statistics")


def test_reset_on_read_only_storage_says_so(tmp_path, monkeypatch):
    put(tmp_path, SAMPLE)

    def refuse(self, name):
        raise OSError(errno.EROFS)
    monkeypatch.setattr(FileStorage, "remove", refuse)
    c = play(RESET + " A", saves=str(tmp_path))
    assert has_text(c, "read-only") and has_text(c, "were not")


# ---- a damaged file, a storage that refuses -------------------------------------------------
def test_a_damaged_stats_file_is_told_and_replaced_at_a_games_end(tmp_path):
    damaged(tmp_path)
    told = []

    def watch(console, live):
        if has_text(console, "The statistics were") and not told:
            told.append(live["waiting"])
    d = drive.Driver("dizzle", 2, on_wait=watch)
    drive.play("dizzle", ["human", "easy"], tmp_path, seed=2, driver=d)
    assert told and d.ended is not None             # told, then the end screen all the same
    data, problems = stored(tmp_path)
    assert problems == [] and data["names"]["Ann"]["p"] == 1


def damaged(folder):
    (folder / "saves").mkdir(parents=True)
    (folder / "saves" / (stats.STATS + "dizzle")).write_bytes(b"PPSV\x01garbage")
    return str(folder)


def test_a_damaged_stats_file_is_told_and_replaced_on_the_screen(tmp_path):
    c = play(stats_keys("dizzle"), saves=damaged(tmp_path / "a"))
    assert has_text(c, "The statistics were") and has_text(c, "unreadable")
    c = play(stats_keys("dizzle") + " A", saves=damaged(tmp_path / "b"))
    assert has_text(c, "No statistics yet.")
    assert stored(tmp_path / "b") == ({"n": 0, "names": {}}, [])


@pytest.mark.parametrize("bad", [{"n": 1}, {"n": "1", "names": {}}, {"n": 1, "names": {"Ann": {"p": 1}}},
                                 {"n": 1, "names": {"Ann": {"l": 1, "p": True, "w": 0, "b": 1, "t": 1,
                                                            "o": {}, "x": {}}}},
                                 {"n": 1, "names": {"Annabella": {"l": 1, "p": 1, "w": 0, "b": 1, "t": 1,
                                                                  "o": {}, "x": {}}}}])
def test_a_stats_file_of_the_wrong_shape_counts_as_damaged(tmp_path, bad):
    put(tmp_path, bad)
    data, problems = stored(tmp_path)
    assert data is None and problems == ["newest copy: wrong contents for this version"]
    assert stats.is_stats(SAMPLE)


@pytest.mark.parametrize("code, words", [(errno.ENOSPC, "storage is full"), (errno.EROFS, "read-only")])
def test_full_or_read_only_storage_while_recording_does_not_stop_the_game(tmp_path, monkeypatch, code, words):
    real = FileStorage.write

    def refuse_stats(self, name, data):
        if name.startswith(stats.STATS):         # the statistics only: the game's save goes on
            raise OSError(code)
        real(self, name, data)
    monkeypatch.setattr(FileStorage, "write", refuse_stats)
    told = []

    def watch(console, live):
        if has_text(console, "Not saved") and has_text(console, words):
            told.append(live["waiting"])
    d = drive.Driver("dizzle", 2, on_wait=watch)
    drive.play("dizzle", ["human", "easy"], tmp_path, seed=2, driver=d)
    assert told and d.ended is not None and stored(tmp_path) == (None, [])
    assert told[0] == "continue"         # told before the end screen, which came all the same


def test_no_memory_to_record_is_told_and_the_end_screen_comes(tmp_path, monkeypatch):
    import core.session as session
    real = session.load_module

    def load(name):
        if name == "core.stats":
            raise MemoryError("memory allocation failed")
        return real(name)
    monkeypatch.setattr(session, "load_module", load)
    told = []

    def watch(console, live):
        if has_text(console, "Not enough memory to"):
            told.append(live["waiting"])
    d = drive.Driver("dizzle", 2, on_wait=watch)
    drive.play("dizzle", ["human", "easy"], tmp_path, seed=2, driver=d)
    # told once (one A), then the end screen
    assert told == ["continue"] and d.ended is not None and stored(tmp_path) == (None, [])


# ---- the bound ------------------------------------------------------------------------------
class Session:
    """What core.stats uses of a session: the saves, a message, the storage problem."""

    def __init__(self, folder):
        self.saves = Saves(FileStorage(str(folder)))
        self.told = []
        self.ui = self

    def message(self, title, body):
        self.told.append(body)

    def storage_problem(self, what, error):
        self.told.append(what)


def test_the_file_keeps_the_most_recent_names_of_a_game_cut_to_eight_characters(tmp_path):
    session = Session(tmp_path)
    for i in range(12):
        name = "Player%02dlong" % i
        stats.record(session, "cookie", [name, "Bot"], ["human", "easy"], [i, 5], [0], [None, None])
    stats.record(session, "words", ["Ann", "Ben"], ["human", "human"], [3, 9], [1], [None, None])
    saves = Saves(FileStorage(str(tmp_path)))
    cookie, problems = saves.load(stats.STATS + "cookie", stats.is_stats)
    assert problems == [] and session.told == []
    assert sorted(cookie["names"]) == ["Player%02d" % i for i in range(4, 12)] and cookie["n"] == 12
    words = saves.load(stats.STATS + "words", stats.is_stats)[0]
    assert words["names"]["Ben"]["w"] == 1 and words["names"]["Ann"]["o"] == {"human": {"p": 1, "w": 0}}
    # a file with more names than the bound is not one of ours
    crowded = {"n": 9, "names": dict(("P%d" % i, cookie["names"]["Player11"]) for i in range(9))}
    assert stats.is_stats(crowded) is False


def test_levels_and_groups_are_bounded_too(tmp_path):
    session = Session(tmp_path)
    for i in range(stats.MAX_KEYS + 3):
        stats.record(session, "dizzle", ["Ann", "Bot"], ["human", "level%d" % i], [1, 0], [0],
                     ["Group %d" % i, None])
    ann = Saves(FileStorage(str(tmp_path))).load(stats.STATS + "dizzle", stats.is_stats)[0]["names"]["Ann"]
    assert ann["p"] == stats.MAX_KEYS + 3
    assert len(ann["o"]) == stats.MAX_KEYS and len(ann["x"]) == stats.MAX_KEYS


# ---- the heap it costs at a game's end (MicroPython unix port, the .mpy tree) ------------------
@pytest.fixture(scope="module")
def mpy_tree(tmp_path_factory):
    import os
    import build
    import mpy
    exe = mpy.require()
    return exe, dict(os.environ, PP_FIRMWARE=build.mpy_tree(str(tmp_path_factory.mktemp("mpy"))))


def probe(mpy_tree, saves, *args, heap="2M"):
    import subprocess
    import mpy
    exe, env = mpy_tree
    saves.mkdir()
    return subprocess.run([exe, "-X", "heapsize=" + heap, "tests/stats_heap.py", str(saves)] + list(args),
                          cwd=mpy.ROOT, env=env, capture_output=True, text=True, timeout=600)


@pytest.mark.parametrize("file, most", [("family", 32 * 1024), ("worst", 48 * 1024)])
def test_recording_at_a_word_cards_end_stays_small_and_leaves_nothing(tmp_path, mpy_tree, file, most):
    """tests/stats_heap.py: the module loaded holds under 4 KB, the recording succeeds with
    at most `most` bytes of free heap (docs/app-api.md "Statistics": 24-41 KB measured, as the
    heap lies), and nothing of it is left held but a few interned names."""
    r = probe(mpy_tree, tmp_path / "saves", file)
    assert r.returncode == 0, r.stdout + r.stderr
    figures = dict(f.split("=") for f in r.stdout.split("STATS ")[1].split())
    assert int(figures["code"]) < 4096 and int(figures["need"]) <= most and int(figures["left"]) <= 512, figures
    assert int(figures["file"]) <= 4096


def test_recording_raises_the_least_heap_of_a_word_cards_end_by_little(tmp_path, mpy_tree):
    """The least -X heapsize in which a 4-player Word Cards game ends and is recorded (a
    family's full file), against the same without recording: 17 KB more, measured."""
    def least(mode):
        lo, hi = 64, 512
        while hi - lo > 1:
            kb = (lo + hi) // 2
            r = probe(mpy_tree, tmp_path / ("%s%d" % (mode, kb)), "family", mode, heap="%dK" % kb)
            if r.returncode == 0 and "DONE" in r.stdout:
                hi = kb
            else:
                lo = kb
        return hi
    recorded, plain = least("once"), least("skip")
    assert recorded - plain <= 24, (recorded, plain)
