"""`make bench`'s sections in estimated Pico time and 32-bit heap (docs/performance.md).

Every figure is measured on the MicroPython unix port (or, for the 32-bit heap, the
WebAssembly port under Node) and printed beside its estimate for the console: the
run's own calibration (tools/devtime.py) turns unix microseconds into RP2040 ms.
Budgets are printed as figure, budget and PASS/FAIL: they are targets, not tests.

- decisions: computer players (normal level, and hard where a game's bot has it),
  2 and 4 players, 20 seeds per game
  (tools/bench_decisions.py): time median/max, bytes and collections per decision.
  Budget: median <= 100 ms, max <= 500 ms in every game.
- keys: key press to frame sent over scripted sessions that visit every screen
  (tools/sessions.py), and the longest work with the screen unchanged
  (tools/keytiming.py). Budgets: median <= 30 ms, max <= 100 ms; <= 300 ms.
- heap32: the most heap live (collected every frame) for the launcher, then a
  4-player computer game of each game, 64-bit unix port beside 32-bit WebAssembly.
- dictionary: Word Cards' 8 tiles + 1 joker search (tools/bench_dictionary.py):
  max <= 300 ms, with the file reads per search.
"""
import os
import shutil
import subprocess
import sys
import tempfile

import bench
import devtime
import keytiming
from core.heap import THRESHOLD     # the console's gc.threshold (firmware/ is on the path: bench)

DECISION_SEEDS = 20
DECISION_MEDIAN_MS = 100
DECISION_MAX_MS = 500
KEY_MEDIAN_MS = 30
KEY_MAX_MS = 100
STUCK_MS = 300
SEARCH_MAX_MS = 300
# A Pico has about 190 KB free for Python; the unix port's heap blocks are twice as big
# (32 bytes, 64-bit objects), so 384 KB there holds as many blocks: its collections
# sweep as much as the console's would.
TIMING_HEAP = "384K"
ALLOC_HEAP = "32M"          # collection off while weighing a key's response: room for all of it
DECISION_ALLOC_HEAP = "16M"  # ... or a decision (the most seen: 6 MB)
MAY_DIFFER = 2              # frames a replay may draw otherwise (About shows the free heap)
# Each decision and frame keeps its fastest of 3 plays: with 2, a decision or key that
# lost the CPU in both plays set the maximum (2026-12-02: Dizzle hard 4 players 588 ms in
# the run, 252 ms alone; the machine's factor moved x94-x113 within the run).
REPEAT = 3
NODE = shutil.which("node")
HEADLESS_MJS = os.path.join(bench.ROOT, "web", "headless.mjs")
# the WebAssembly port has no native emitter: its tree has the native-code
# decorators taken out, as the browser's (tools/build.py mpy_tree(march=None))
WASM_TREE = os.path.join(bench.ROOT, "build", "mpy-wasm")
WASM_PORT = os.path.join(bench.ROOT, "web", "node_modules", "@micropython", "micropython-webassembly-pyscript")


def verdict(ok):
    return "PASS" if ok else "FAIL"


def ms(us):
    return us / 1000.0


def both(unix_us, cal_us, extra_ms=0.0):
    """'unix ms / est. Pico ms' of one figure."""
    return "%7.1f / %7.0f" % (ms(unix_us), devtime.pico_ms(unix_us, cal_us) + extra_ms)


def print_factor():
    rc, out, err = bench.mpy_run(["tools/devtime.py", "calibrate"])
    print("== Estimated Pico time (tools/devtime.py; docs/performance.md)")
    for line in (out + err).strip().splitlines()[1:]:
        print("  " + line)
    print("  Each section times this workload again in its own interpreter runs and uses that.")


# ---------------------------------------------------------------- decisions
def decision_runs(game_id, players, seeds, level="normal"):
    """(calibration us, times in us, bytes) of every decision of seeds games."""
    args = ["tools/bench_decisions.py", game_id, "--players", str(players), "--seeds", "1-%d" % seeds,
            "--level", level]
    rc, out, err = bench.mpy_run(["-X", "heapsize=" + TIMING_HEAP] + args + ["--repeat", str(REPEAT)])
    if rc != 0:
        raise RuntimeError("%s: %s" % (game_id, (err or out)[-300:]))
    rc2, out2, err2 = bench.mpy_run(["-X", "heapsize=" + DECISION_ALLOC_HEAP] + args + ["--alloc"])
    if rc2 != 0:
        raise RuntimeError("%s --alloc: %s" % (game_id, (err2 or out2)[-300:]))
    cal = devtime.combined_us(devtime.parse_calibration(out))
    return cal, parse_figures(out, "TIMES"), parse_figures(out2, "ALLOCS")


def parse_figures(text, tag):
    """Every figure of the `TAG seed=S a,b,c` lines, in order."""
    out = []
    for line in text.splitlines():
        if line.startswith(tag + " "):
            parts = line.split()
            if len(parts) > 2 and parts[2]:
                out.extend(int(x) for x in parts[2].split(","))
    return out


def bench_decisions(seeds=DECISION_SEEDS):
    print("== Computer decisions, normal and hard levels, %d seeds (budget, est. Pico: median <= %d ms,"
          " max <= %d ms)" % (seeds, DECISION_MEDIAN_MS, DECISION_MAX_MS))
    print("  time: unix ms / est. Pico ms; bytes allocated (64-bit unix) and the collections that")
    print("  makes at the console's policy (one per %d KB allocated), per decision" % (THRESHOLD // 1024))
    print("  %-15s %-3s %5s  %-17s %-17s %-19s %-11s %s" % (
        "game", "n", "dec.", "median", "max", "bytes median/max", "coll. m/max", "verdict"))
    import _path
    for entry in bench.GAMES:
        gid, lo, hi = entry.id, entry.min_players, entry.max_players
        levels = [lv for lv in ("normal", "hard") if lv in _path.game_modules(gid)[1].LEVELS]
        for level, n in [(lv, p) for lv in levels for p in sorted(set(min(max(p, lo), hi) for p in (2, 4)))]:
            name = gid if level == "normal" else "%s %s" % (gid, level)
            try:
                cal, times, allocs = decision_runs(gid, n, seeds, level)
            except RuntimeError as e:
                print("  %-15s %-3d failed: %s" % (name, n, e))
                continue
            if not times:
                print("  %-15s %-3d no decisions" % (name, n))
                continue
            med, mx = keytiming.median(times), max(times)
            ok = devtime.pico_ms(med, cal) <= DECISION_MEDIAN_MS and devtime.pico_ms(mx, cal) <= DECISION_MAX_MS
            bmed, bmx = keytiming.median(allocs), max(allocs) if allocs else 0
            print("  %-15s %-3d %5d  %s %s %8d/%-9d %4d/%-6d %s" % (
                name, n, len(times), both(med, cal), both(mx, cal), bmed, bmx,
                keytiming.collections_at_policy(bmed, 0, THRESHOLD), keytiming.collections_at_policy(bmx, 0, THRESHOLD), verdict(ok)))


# ---------------------------------------------------------------- key presses
def session_runs(session):
    """The session's frames under MicroPython: timed REPEAT times in the console's heap
    (each frame keeps its fastest time) and weighed once; (calibration us, frames)."""
    keys = " ".join(session.keys)
    timed = None
    cals = []
    for _ in range(REPEAT):
        outs = replay(keys, TIMING_HEAP, "--timing")
        cals.extend(c for o in outs for c in devtime.parse_calibration(o))
        timed = keytiming.fastest(timed, keytiming.frames(outs))
    keytiming.merge_alloc(timed, keytiming.frames(replay(keys, ALLOC_HEAP, "--alloc")))
    return devtime.combined_us(cals), timed


def replay(keys, heap, flag):
    with tempfile.TemporaryDirectory() as d:
        saves = os.path.join(d, "saves")
        os.mkdir(saves)
        rc, outs = bench.run_with_resets(["-X", "heapsize=" + heap], keys, saves, [flag])
    if rc != 0:
        raise RuntimeError("%s run failed: %s" % (flag, outs[-1][-300:]))
    return outs


def bench_keys(game_ids=None):
    import sessions
    print("== Key press to frame sent (budget, est. Pico: median <= %d ms, max <= %d ms)" % (KEY_MEDIAN_MS, KEY_MAX_MS))
    print("  Scripted sessions (tools/sessions.py): the launcher's menus; then each game with two people")
    print("  and computer players, by buttons to the end, its game menu, views and end screens. Time from")
    print("  the firmware's return from its wait to the frame sent: unix ms / est. Pico ms, the Pico's")
    print("  including the display's bus time at 400 kHz. Bytes and collections: the whole response to the")
    print("  key, up to the next wait (64-bit unix bytes; one collection per %d KB, plus gc.collect() calls)."
          % (THRESHOLD // 1024))
    print("  After: the most work done after a key's last frame before the console listened again (a turn's")
    print("  save put off until the frame is up, the idle collection): a key pressed then waits for it.")
    print("  %-34s %5s  %-17s %-17s %-17s %-12s %-17s %s" % ("session", "keys", "median", "max", "bytes med/max",
                                                         "coll. m/max", "after, max", "longest unchanged"))
    all_keys = []
    worst = None
    for s in sessions.all_sessions(game_ids):
        note = "" if s.complete else "  (the recording did not reach the end)"
        try:
            cal, fl = session_runs(s)
        except (RuntimeError, ValueError) as e:
            print("  %-34s failed: %s" % (s.name, e))
            continue
        differ = sum(1 for a, b in zip(fl, s.frames) if a.checksum != b)  # pyright: ignore[reportArgumentType]  -- unannotated: frames are set when a run succeeds
        if len(fl) != len(s.frames) or differ > MAY_DIFFER:  # pyright: ignore[reportArgumentType]  -- unannotated: frames are set when a run succeeds
            note += "  (the MicroPython replay left the recorded path: %d of %d frames differ)" % (
                differ + abs(len(fl) - len(s.frames)), len(s.frames))  # pyright: ignore[reportArgumentType]  -- unannotated: frames are set when a run succeeds
        resp = keytiming.responses(fl)
        pico = [devtime.pico_ms(r.first_us, cal) + devtime.i2c_ms(r.first_bytes) for r in resp]
        all_keys.extend(pico)
        if not resp:
            print("  %-34s no key presses%s" % (s.name, note))
            continue
        i_med = sorted(range(len(resp)), key=lambda i: pico[i])[len(resp) // 2]
        i_max = max(range(len(resp)), key=lambda i: pico[i])
        allocs = [r.alloc for r in resp]
        colls = [keytiming.collections_at_policy(r.alloc, r.collects, THRESHOLD) for r in resp]
        after = max(r.after_us for r in resp)
        longest = None
        for st in keytiming.stretches(fl):
            p = devtime.pico_ms(st.us, cal) + devtime.i2c_ms(st.nbytes)
            if longest is None or p > longest[0]:
                longest = (p, st)
            if worst is None or p > worst[0]:
                worst = (p, st, s.name, cal)
        print("  %-34s %5d  %s %s %8d/%-8d %4d/%-6d %s %s%s" % (
            s.name[:34], len(resp), both(resp[i_med].first_us, cal, devtime.i2c_ms(resp[i_med].first_bytes)),
            both(resp[i_max].first_us, cal, devtime.i2c_ms(resp[i_max].first_bytes)),
            keytiming.median(allocs), max(allocs), keytiming.median(colls), max(colls), both(after, cal),
            both(longest[1].us, cal, devtime.i2c_ms(longest[1].nbytes)) if longest else "", note))
    if all_keys:
        med, mx = keytiming.median(all_keys), max(all_keys)
        print("  every key press: median %.0f ms, max %.0f ms est. Pico   %s" % (
            med, mx, verdict(med <= KEY_MEDIAN_MS and mx <= KEY_MAX_MS)))
    print("== Busy without a sign: the longest work with the screen unchanged (budget <= %d ms est. Pico)" % STUCK_MS)
    if worst is not None:
        p, st, name, cal = worst
        where = "the frame was up (work put off until then)" if st.after else \
            "power-on" if st.boot == 1 else "a reset into the game" if st.boot == 2 else \
            "a key press" if st.key else "the firmware's own work (computer turn, animation)"
        print("  %.1f ms unix / %.0f ms est. Pico, in %s, %s frame %d, after %s   %s" % (
            ms(st.us), p, name, "after" if st.after else "before", st.frame, where, verdict(p <= STUCK_MS)))


# ---------------------------------------------------------------- 32-bit heap
def wasm_ready():
    return NODE is not None and os.path.exists(WASM_PORT)


def frame_peak(keys):
    """The most heap live in a console session, collected after every frame (64-bit unix)."""
    with tempfile.TemporaryDirectory() as d:
        saves = os.path.join(d, "saves")
        os.mkdir(saves)
        rc, outs = bench.run_with_resets(["-X", "heapsize=512K"], keys, saves, ["--mem"])
    peaks = [int(line.split("=")[1]) for out in outs for line in out.splitlines()
             if line.startswith("MEM peak_alloc=")]
    return max(peaks) if rc == 0 and peaks else None


def resident_peak(runner, game_id, players):
    """tools/heap_steps.py: the most heap live between decisions, collected at the top
    level, on 'unix' (64-bit) or 'wasm' (the 32-bit WebAssembly port under Node)."""
    if runner == "unix":
        rc, out, err = bench.mpy_run(["tools/heap_steps.py", game_id, "--players", str(players)])
    else:
        import build
        build.mpy_tree(WASM_TREE, march=None)  # pyright: ignore[reportArgumentType]  -- march=None: no native code (build.mpy_tree's doc)
        r = subprocess.run([NODE, HEADLESS_MJS, WASM_TREE, "--steps", game_id, str(players), "1"],  # pyright: ignore[reportArgumentType, reportCallIssue]  -- unannotated: the paths are set by then
                           cwd=bench.ROOT, capture_output=True, text=True, timeout=900)
        rc, out = r.returncode, r.stdout
    return parse_live(out) if rc == 0 else None


def parse_live(text):
    for line in text.splitlines():
        if line.startswith("LIVE peak="):
            return int(line.split()[1].split("=")[1])
    return None


def computer_game_keys(game_id):
    """The launcher, then a game of 4 computer players (as many as it takes) watched to its end."""
    import sessions
    sessions._use_test_helpers()
    import screen
    e = sessions._entry(game_id)
    if not e.has_setup:
        return sessions.game_session(game_id).keys
    kinds = ["normal"] * min(4, e.max_players)
    s = sessions.record(game_id, screen.new_game_keys(game_id, kinds), sessions.GameDriver(game_id))
    return s.keys


def bench_heap32():
    print("== Heap: 64-bit unix port and the 32-bit WebAssembly port (a Pico has ~190 KB free)")
    print("  frame peak: a console session (the launcher, then a 4-player computer game watched to its")
    print("  end), collected after every frame, the most gc.mem_alloc() read (tools/headless.py --mem).")
    print("  resident: what the console holds between decisions, collected at the top level")
    print("  (tools/heap_steps.py): the WebAssembly port collects only there, so it cannot be read per")
    print("  frame; the 32-bit frame peak is estimated as the unix frame peak x (32-bit / 64-bit resident).")
    if not wasm_ready():
        print("  32-bit: node or web/node_modules missing (sh tools/install_web_deps.sh): unix figures only")
    print("  %-28s %-14s %-22s %s" % ("", "frame peak", "resident 64 / 32-bit", "est. 32-bit frame peak"))
    items = [("launcher menus", "launcher", 0, bench.MENU_KEYS)]
    for e in bench.GAMES:
        n = min(4, e.max_players)
        items.append(("%s, %d computer players" % (e.id, n) if e.has_setup else "%s, the roller" % e.id, e.id, n,
                      " ".join(computer_game_keys(e.id))))
    for label, gid, n, keys in items:
        peak = frame_peak(keys)
        r64 = resident_peak("unix", gid, n)
        r32 = resident_peak("wasm", gid, n) if wasm_ready() else None
        est = peak * r32 // r64 if peak and r32 and r64 else None
        print("  %-28s %-14s %s / %s   %s" % (label, kb(peak), kb(r64), kb(r32), kb(est)))


def kb(n):
    return "%4d KB" % (n // 1024) if n else "   ? KB"


# ---------------------------------------------------------------- dictionary
class SearchRow:
    """One SEARCH8J (every word: iter_words_from), SEARCHBEST (best word: the computer
    players' best_words) or SEARCHLIST (the Find words screen's 30 longest words:
    longest_words) line of tools/bench_dictionary.py. where: "file"
    (the filesystem, through the page cache) or "romfs" (a ROMFS image, read in place)."""

    def __init__(self, kind, fields):
        self.kind = kind
        self.list = fields["list"]
        self.where = fields.get("where", "file")
        self.n = int(fields["n"])
        self.median_us = int(fields["median_us"])
        self.max_us = int(fields["max_us"])
        self.reads_median = int(fields["reads_median"])
        self.reads_max = int(fields["reads_max"])


SEARCH_KINDS = (("SEARCH8J ", "every word"), ("SEARCHBEST ", "best word"), ("SEARCHLIST ", "Find words"))


def dictionary_lines(out):
    """(calibration us, [SearchRow]) of one run's output."""
    rows = []
    for line in out.splitlines():
        for tag, kind in SEARCH_KINDS:
            if line.startswith(tag):
                rows.append(SearchRow(kind, dict(item.split("=") for item in line.split()[1:])))
    return devtime.combined_us(devtime.parse_calibration(out)), rows


def print_dictionary(outs):
    """The search rows of each run's output (each run priced by its own calibration),
    then the verdict per place the file is read from. The budget applies to the searches
    the console makes: the best word (computer players) and the Find words list (the 30
    longest). "every word" (a str for each of up to 2714 words, as no screen asks now:
    the others stop at 1-200 words) is printed for reference."""
    print("  8 tiles + 1 joker: the best word (best_words, the computer players), the Find words")
    print("  list (longest_words, 30 words), and every word (iter_words_from, for reference, no")
    print("  screen makes them all); budget max <= %d ms est. Pico:" % SEARCH_MAX_MS)
    verdicts = []
    for out in outs:
        cal, rows = dictionary_lines(out)
        for r in rows:
            good = devtime.pico_ms(r.max_us, cal) <= SEARCH_MAX_MS
            budgeted = r.kind != "every word"
            if budgeted and r.where not in [v[0] for v in verdicts]:
                verdicts.append([r.where, True])
            if budgeted:
                verdicts[[v[0] for v in verdicts].index(r.where)][1] &= good
            print("  %-8s %-6s %-10s n=%d  median %s  max %s ms (unix / est. Pico)  file reads median %d, max %d   %s"
                  % (r.list, r.where, r.kind, r.n, both(r.median_us, cal), both(r.max_us, cal),
                     r.reads_median, r.reads_max, verdict(good) if budgeted else "(%s, no budget)" % verdict(good)))
    for where, good in verdicts:
        print("  budget, the file read %s: %s" % (
            "in place from a ROMFS image (make flash ROMFS=1)" if where == "romfs"
            else "from the filesystem through the page cache", verdict(good)))
    return all(v[1] for v in verdicts)
