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

GAME_IDS = [entry.id for entry in GAMES]


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
    earlier = sys.modules.pop(app, None)   # a test before this one may have left the game loaded
    c.frames.append(lambda console: in_game.append(app in sys.modules))
    try:
        c.run()
    finally:
        if earlier is not None:
            sys.modules[app] = earlier
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
    apps = ["games.%s.app" % g.id for g in GAMES if g.has_setup]

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
    expected = [g.id for g in GAMES if g.has_setup] * 2
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
    # each boot says "Please wait" first; the second then starts in the dice roller:
    # its first screen is not the launcher's
    frames = [[line.split()[2] for line in o.splitlines() if line.startswith("FRAME ")] for o in outs]
    assert frames[0][0] == frames[1][0] and frames[0][1] != frames[1][1]


# ---------------------------------------------------------------- estimated Pico time
import devtime  # noqa: E402
import keytiming  # noqa: E402
import bench_pico  # noqa: E402


def test_the_factor_is_the_published_pico_time_over_the_time_here():
    assert devtime.PICO_CALIBRATION_US == 7984000 + 1785616
    assert devtime.factor(devtime.PICO_CALIBRATION_US) == 1.0
    assert devtime.factor(devtime.PICO_CALIBRATION_US / 150.0) == pytest.approx(150.0)
    # 1 ms of work here, in an interpreter 150 times faster than the RP2040
    assert devtime.pico_ms(1000, devtime.PICO_CALIBRATION_US / 150.0) == pytest.approx(150.0)
    assert devtime.pico_ms(0, 1000) == 0
    with pytest.raises(ValueError):
        devtime.factor(0)


def test_the_display_bus_time_is_nine_bits_a_byte_at_400_khz():
    assert devtime.i2c_ms(1024) == pytest.approx(23.04)
    assert devtime.i2c_ms(0) == 0


def test_calibration_lines_round_trip_and_average():
    a = devtime.Calibration(50000, 11000)
    b = devtime.Calibration(70000, 13000)
    text = "noise\n" + a.line() + "\nTIMES seed=1 5,6\n" + b.line() + "\n"
    got = devtime.parse_calibration(text)
    assert [(c.add_us, c.fib_us) for c in got] == [(50000, 11000), (70000, 13000)]
    assert devtime.combined_us(got) == (61000 + 83000) / 2.0
    with pytest.raises(ValueError):
        devtime.combined_us(devtime.parse_calibration("DONE frames=1 bytes=2\n"))


def test_the_report_names_each_workload_and_the_combined_factor():
    lines = devtime.report(devtime.Calibration(53000, 11000))
    assert any("add loop" in l and "x151" in l for l in lines)
    assert any("fib(24)" in l and "x162" in l for l in lines)
    assert lines[-1].startswith("factor (both together): x153")


def test_calibration_runs_under_micropython():
    exe = mpy.require()
    r = subprocess.run([exe, "tools/devtime.py", "calibrate"], cwd=bench.ROOT, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    cal = devtime.parse_calibration(r.stdout)
    assert len(cal) == 1 and cal[0].add_us > 0 and cal[0].fib_us > 0
    assert "factor (both together): x" in r.stdout


SESSION = """CALIBRATION add_us=50000 fib_us=10000
TIME 4000 0 0
FRAME 1 aaaa0001 900
TIME 200 1 1
FRAME 2 aaaa0002 300
TIME 100 0 0
FRAME 3 aaaa0003 0
TIME 700 0 0
FRAME 4 aaaa0004 50
TIME 300 1 0
FRAME 5 aaaa0005 20
TIME_TAIL 250
RESET keys_left=3 pending=0 frames=5 bytes=1270
"""
AFTER_RESET = """TIME 1000 0 0
FRAME 1 bbbb0001 1024
TIME 50 1 1
FRAME 2 bbbb0002 0
CALIBRATION add_us=52000 fib_us=10000
DONE frames=2 bytes=1024
"""


def test_frames_are_read_across_boots_with_the_reset_in_one_stretch():
    fl = keytiming.frames([SESSION, AFTER_RESET])
    assert [f.index for f in fl] == [1, 2, 3, 4, 5, 6, 7]
    assert [f.us for f in fl] == [4000, 200, 100, 700, 300, 1250, 50]   # 250 before the reset + 1000
    assert [f.boot for f in fl] == [1, 0, 0, 0, 0, 2, 0]
    assert [f.nbytes for f in fl] == [900, 300, 0, 50, 20, 1024, 0]
    assert [(f.waited, f.key) for f in fl][1] == (1, 1)


def test_a_response_is_the_first_frame_after_a_key_and_everything_up_to_the_next_wait():
    fl = keytiming.frames([SESSION, AFTER_RESET])
    resp = keytiming.responses(fl)
    assert [(r.frame, r.first_us, r.first_bytes, r.total_us) for r in resp] == [
        (2, 200, 300, 1000), (7, 50, 0, 50)]


def test_stretches_sum_work_while_the_screen_is_unchanged_and_restart_after_a_wait():
    fl = keytiming.frames([SESSION, AFTER_RESET])
    st = keytiming.stretches(fl)
    # frame 3 sent 0 bytes: its work joins frame 4's; frame 7 changed nothing and ends nothing
    assert [(s.frame, s.us) for s in st] == [(1, 4000), (2, 200), (4, 800), (5, 300), (6, 1250)]


def test_work_under_the_busy_mark_is_not_a_stretch_without_a_sign_but_a_boot_is():
    busy = SESSION.replace("TIME 200 1 1", "TIME 200 1 1 1")     # frame 2 shows the busy mark
    fl = keytiming.frames([busy, AFTER_RESET.replace("TIME 1000 0 0", "TIME 1000 0 0 1")])
    assert [f.busy for f in fl] == [0, 1, 0, 0, 0, 1, 0]
    st = keytiming.stretches(fl)
    # frames 3 and 4 were drawn over the busy mark: the 800 us to frame 4 is signed; the
    # boot's 1250 us before frame 6 counts all the same (the panel was cleared)
    assert [(s.frame, s.us) for s in st] == [(1, 4000), (2, 200), (5, 300), (6, 1250)]


def test_work_after_a_frame_before_the_console_listens_joins_the_response_and_is_a_stretch():
    # frame 4 is the last of key 1's response; 900 us of put-off work followed it
    after = SESSION.replace("FRAME 4 aaaa0004 50\n", "FRAME 4 aaaa0004 50\nAFTER 900\n")
    fl = keytiming.frames([after, AFTER_RESET])
    assert [f.after_us for f in fl] == [0, 0, 0, 900, 0, 0, 0]
    resp = keytiming.responses(fl)
    assert [(r.frame, r.first_us, r.total_us, r.after_us) for r in resp] == [(2, 200, 1900, 900), (7, 50, 50, 0)]
    st = keytiming.stretches(fl)
    assert [(s.frame, s.us, s.after) for s in st] == [(1, 4000, 0), (2, 200, 0), (4, 800, 0), (4, 900, 1),
                                                      (5, 300, 0), (6, 1250, 0)]
    weighed = keytiming.frames(["ALLOC 1 0\nFRAME 1 x 900\nALLOC 2 0\nFRAME 2 x 300\nALLOC 0 0\nFRAME 3 x 0\n"
                                "ALLOC 10 0\nFRAME 4 x 50\nAFTER_ALLOC 4000 1\nALLOC 4 0\nFRAME 5 x 20\n"])
    timed = keytiming.merge_alloc(keytiming.frames([after]), weighed)
    assert [(f.after_alloc, f.after_collects) for f in timed] == [(0, 0), (0, 0), (0, 0), (4000, 1), (0, 0)]
    assert [(r.alloc, r.collects) for r in keytiming.responses(timed)] == [(4012, 1)]


def test_allocation_figures_join_the_timing_runs_frames():
    timed = keytiming.frames([SESSION])
    weighed = keytiming.frames(["ALLOC 5000 1\nFRAME 1 x 900\nALLOC 8192 0\nFRAME 2 x 300\n"
                                "ALLOC 0 0\nFRAME 3 x 0\nALLOC 10 0\nFRAME 4 x 50\nALLOC 4096 2\nFRAME 5 x 20\n"])
    keytiming.merge_alloc(timed, weighed)
    assert [(f.alloc, f.collects) for f in timed] == [(5000, 1), (8192, 0), (0, 0), (10, 0), (4096, 2)]
    assert keytiming.collections_at_policy(8192, 0) == 2
    assert keytiming.collections_at_policy(4096, 2) == 3
    with pytest.raises(ValueError):
        keytiming.merge_alloc(timed, weighed[:3])


def test_two_timing_runs_keep_each_frames_fastest_time():
    a = keytiming.frames([SESSION])
    b = keytiming.frames([SESSION.replace("TIME 4000", "TIME 3000").replace("TIME 700", "TIME 900")])
    kept = keytiming.fastest(keytiming.fastest(None, a), b)
    assert [f.us for f in kept] == [3000, 200, 100, 700, 300]
    with pytest.raises(ValueError):
        keytiming.fastest(a, keytiming.frames([SESSION.replace("aaaa0003", "cccc0003")]))


def test_figure_lines_of_the_decision_runner_are_read_in_order():
    text = "CALIBRATION add_us=1 fib_us=1\nTIMES seed=1 5,7,9\nTIMES seed=2 \nTIMES seed=3 11\n"
    assert bench_pico.parse_figures(text, "TIMES") == [5, 7, 9, 11]
    assert bench_pico.parse_figures("ALLOCS seed=1 4096,0\n", "ALLOCS") == [4096, 0]


def test_dictionary_search_lines_are_read():
    out = ("CALIBRATION add_us=50000 fib_us=10000\nrelaxed contains: n=1\n"
           "SEARCH8J list=relaxed n=40 median_us=11000 max_us=24000 reads_median=2004 reads_max=4732\n"
           "CALIBRATION add_us=50000 fib_us=10000\n")
    cal, rows = bench_pico.dictionary_lines(out + "SEARCHBEST list=kids where=romfs n=5 median_us=100 max_us=300"
                                                  " reads_median=0 reads_max=1\n")
    assert cal == 60000
    assert [(r.list, r.where, r.kind, r.n, r.median_us, r.max_us, r.reads_median, r.reads_max) for r in rows] == [
        ("relaxed", "file", "every word", 40, 11000, 24000, 2004, 4732),
        ("kids", "romfs", "best word", 5, 100, 300, 0, 1)]
    assert bench_pico.parse_live("x\nLIVE peak=123456 steps=7\n") == 123456
    assert bench_pico.parse_live("nothing\n") is None


def test_the_decision_runner_times_and_weighs_the_same_decisions_under_micropython():
    mpy.require()
    import build
    build.mpy_tree(bench.MPY_TREE)
    args = ["tools/bench_decisions.py", "dizzle", "--players", "2", "--seeds", "1-2"]
    rc, out, err = bench.mpy_run(["-X", "heapsize=384K"] + args + ["--repeat", "2"])
    assert rc == 0, err
    rc2, out2, err2 = bench.mpy_run(["-X", "heapsize=16M"] + args + ["--alloc"])
    assert rc2 == 0, err2
    times = bench_pico.parse_figures(out, "TIMES")
    allocs = bench_pico.parse_figures(out2, "ALLOCS")
    assert len(devtime.parse_calibration(out)) == 2
    assert times and len(times) == len(allocs)
    assert all(t >= 0 for t in times) and all(a >= 0 for a in allocs) and max(allocs) > 0


def test_the_decision_runner_times_the_hard_level_where_a_bot_has_it():
    """bench_pico's decisions section times hard as well as normal (issue 15): every
    seat of the games it plays is at the level asked for."""
    mpy.require()
    import build
    build.mpy_tree(bench.MPY_TREE)
    cal, times, allocs = bench_pico.decision_runs("dizzle", 2, 1, "hard")
    assert cal > 0 and times and len(times) == len(allocs)


def test_headless_prints_a_stretch_before_every_frame_under_micropython(tmp_path):
    mpy.require()
    import build
    build.mpy_tree(bench.MPY_TREE)
    keys = "DOWN A B DOWN A"
    rc, timed, err = bench.mpy_run(["-X", "heapsize=384K", "tools/headless.py", "--timing", "--keys", keys,
                                    "--saves", str(tmp_path / "a")])
    assert rc == 0, err
    rc, weighed, err = bench.mpy_run(["-X", "heapsize=16M", "tools/headless.py", "--alloc", "--keys", keys,
                                      "--saves", str(tmp_path / "b")])
    assert rc == 0, err
    lines = timed.splitlines()
    assert lines[0].startswith("CALIBRATION") and lines[-2].startswith("CALIBRATION")
    fl = keytiming.frames([timed])
    def tagged(text, tag):
        return sum(1 for line in text.splitlines() if line.startswith(tag + " "))
    assert len(fl) == tagged(timed, "FRAME") == tagged(timed, "TIME") == tagged(weighed, "ALLOC")
    # the work after each key's frame, before the console listens again, is reported
    # (AFTER): the idle collection (core.heap.idle) is there, counted in AFTER_ALLOC
    assert tagged(timed, "AFTER") == tagged(weighed, "AFTER_ALLOC") >= len(keys.split())
    assert all(int(line.split()[2]) >= 1 for line in weighed.splitlines() if line.startswith("AFTER_ALLOC "))
    # the kit's busy frame at boot, the launcher, then each key drew a frame; the other
    # frames are work put off until a screen was up (a settings save), under the busy
    # mark, and the screen without it after (core.ui.Ui.catch_up)
    assert fl[0].boot == 1 and fl[0].busy and not fl[1].busy
    pressed = [f for f in fl[2:] if f.key]
    assert len(pressed) == len(keys.split()) and all(f.waited for f in pressed)
    for i in range(2, len(fl)):
        assert fl[i].key or fl[i].busy or fl[i - 1].busy
    keytiming.merge_alloc(fl, keytiming.frames([weighed]))
    assert fl[0].alloc > 10000   # booting loads the launcher


@pytest.mark.parametrize("gid", GAME_IDS)
def test_the_key_sessions_play_each_game_to_its_end(gid):
    """`make bench` times key presses over these sessions: a driver that went round in
    circles would time a few screens only."""
    import sessions
    sessions._use_test_helpers()
    s = sessions.game_session(gid)
    assert s.complete, "%s: the session did not get back to the launcher after the end" % gid
    assert len(s.frames) > len(s.keys) // 2


def test_resident_heap_steps_run_under_micropython():
    mpy.require()
    import build
    build.mpy_tree(bench.MPY_TREE)
    rc, out, err = bench.mpy_run(["tools/heap_steps.py", "dizzle", "--players", "2"])
    assert rc == 0, err
    live = bench_pico.parse_live(out)
    assert live is not None and 32 * 1024 < live < 512 * 1024, out
    if bench_pico.wasm_ready():
        w = bench_pico.resident_peak("wasm", "dizzle", 2)
        assert w is not None and 16 * 1024 < w < live   # 32-bit objects: less than the 64-bit port


def test_strength_interval_and_pairs():
    """The strength table's 95% interval (Wilson) and its pairs: a level is played only
    where the game has it, and a missing reference player is a clear error."""
    low, high = bench.wilson(65, 100)
    assert 0.55 < low < 0.65 < high < 0.74
    assert bench.wilson(0, 0) == (0.0, 1.0)
    wins, ties, strong, weak = bench.strength_pair("dizzle", "normal", "easy", 4)
    assert 0 <= wins + ties <= 4 and strong > weak
    import selfplay
    with pytest.raises(ValueError, match="no reference player"):
        selfplay.play("dice", 1, 1, [selfplay.REFERENCE], None, out=lambda s: None)


def test_games_limits_the_keys_section_to_the_games_named(monkeypatch, capsys):
    """--games: the keys section gets the games named; an unknown one is refused."""
    asked = []
    monkeypatch.setattr(bench, "have_micropython", lambda: False)
    monkeypatch.setattr(bench, "NEEDS_MICROPYTHON", ())
    monkeypatch.setattr(bench, "bench_keys", lambda game_ids=None: asked.append(game_ids))
    bench.main(["--only", "keys", "--games", "dizzle,cookie"])
    assert asked == [["dizzle", "cookie"]]
    bench.main(["--only", "keys"])
    assert asked[-1] is None
    with pytest.raises(SystemExit) as e:
        bench.main(["--only", "keys", "--games", "chess"])
    assert e.value.code == 2 and "unknown game chess" in capsys.readouterr().out
