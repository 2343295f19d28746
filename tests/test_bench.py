"""`make bench` prints figures, not pass/fail; these tests keep its machinery honest:
the bisection finds the real edge, a run that ran out of memory never counts as
completed, the scripted sessions really reach the games, and the figures it parses exist."""
import subprocess
import sys
import tempfile

import pytest

import bench
import mpy
from games.catalogue import GAMES
from sim.console import Console

GAME_IDS = [entry[0] for entry in GAMES]


def test_bisection_finds_the_smallest_heap_that_completes():
    tried = []

    def fits(kb):
        tried.append(kb)
        return kb >= 77

    assert bench.smallest_heap(fits) == 77
    assert len(tried) <= 12  # bisected, not walked
    assert bench.smallest_heap(lambda kb: False) is None


@pytest.mark.parametrize("out, ok", [
    ("FRAME 1 0000 10\nDONE frames=1 bytes=10\n", True),
    ("FRAME 1 0000 10\npocket-party: out of memory in clever\nDONE frames=1 bytes=10\n", False),
    ("FRAME 1 0000 10\n", False),          # stopped before the end
    ("", False),
])
def test_a_run_counts_only_if_it_ends_without_running_out_of_memory(monkeypatch, out, ok):
    """The console survives running out of memory in a game (it says so and goes back to
    the menu), so reaching DONE alone does not prove the session fitted."""
    monkeypatch.setattr(bench, "mpy_run", lambda args, timeout=900: (0, out, ""))
    assert bench.heap_ok(["tools/headless.py"], 64, "DONE") is ok


@pytest.mark.parametrize("gid", GAME_IDS)
def test_the_whole_console_sessions_play_in_the_game(gid):
    """The keys `make bench` uses for "launcher, then <game>" open the game from the launcher
    and are then spent inside it: otherwise the figure would measure menus only."""
    keys = bench.game_session_keys(gid)
    c = Console("pico", 1, keys.split())
    in_game = []
    app = "games.%s.app" % gid
    c.frames.append(lambda console: in_game.append(app in sys.modules))
    c.run()
    assert in_game and not in_game[0], "the session must start in the launcher"
    assert sum(in_game) >= 8, "only %d of %d frames were drawn by %s" % (sum(in_game), len(in_game), gid)


def test_display_figures_are_printed_with_a_verdict():
    r = subprocess.run([sys.executable, "tools/bench.py", "--only", "display"], cwd=bench.ROOT,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert "median" in r.stdout and "I2C at 400 kHz" in r.stdout
    assert "verdict: within budget" in r.stdout or "verdict: OVER BUDGET" in r.stdout, r.stdout


def test_live_peak_is_measured_under_micropython():
    exe = mpy.require()
    with tempfile.TemporaryDirectory() as d:
        r = subprocess.run([exe, "-X", "heapsize=512K", "tools/headless.py", "--mem", "--keys", bench.MENU_KEYS,
                            "--saves", d], cwd=bench.ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    peaks = [int(line.split("=")[1]) for line in r.stdout.splitlines() if line.startswith("MEM peak_alloc=")]
    # the launcher's own modules alone hold tens of KB: a tiny figure would mean nothing was measured
    assert len(peaks) == 1 and 32 * 1024 < peaks[0] < 512 * 1024, r.stdout[-300:]


def test_every_game_in_turn_plays_each_game_twice():
    """`make bench`'s "every game in turn": new games, then each resumed; every visit is spent
    in the game (A+B "Save and quit" ends it), in catalogue order."""
    keys = bench.every_game_keys()
    c = Console("pico", 1, keys.split())
    playing = []
    apps = ["games.%s.app" % g for g, _, _, _, has_setup in GAMES if has_setup]

    def which(console):
        now = [a for a in apps if a in sys.modules]
        playing.append(now[0].split(".")[1] if now else None)
    c.frames.append(which)
    c.run()
    visits = []
    for g in playing:
        if visits and visits[-1][0] == g:
            visits[-1][1] += 1
        else:
            visits.append([g, 1])
    games = [g for g, n in visits if g is not None]
    expected = [g for g, _, _, _, has_setup in GAMES if has_setup] * 2
    assert games == expected, visits
    assert all(n >= 8 for g, n in visits if g is not None), visits


def test_the_whole_console_boots_again_for_each_game_under_micropython(tmp_path):
    """`make bench` runs the whole console as a device does: the launcher picks a game, the
    console resets, and a fresh interpreter starts the game on the same saves with the keys left."""
    mpy.require()
    import build
    build.mpy_tree(bench.MPY_TREE)
    saves = tmp_path / "saves"
    saves.mkdir()
    rc, outs = bench.run_with_resets(["-X", "heapsize=512K"], bench.game_session_keys("dice"), str(saves))
    assert rc == 0 and len(outs) == 2, outs[-1][-500:]
    assert outs[0].strip().splitlines()[-1].startswith("RESET keys_left=")
    assert outs[1].strip().splitlines()[-1].startswith("DONE")
    assert not (saves / "launch").exists()
    # the second boot starts in the dice roller: its first frame is not the launcher's
    first_frames = [o.splitlines()[0] for o in outs]
    assert first_frames[0] != first_frames[1]
