"""Benchmarks: figures and ratios, printed (not timed tests).

    python tools/bench.py [--seeds 500] [--decision-seeds 20]
                          [--only heap,heap32,romfs,display,decisions,keys,dictionary,strength]
                          [--games dizzle,cookie]   (keys: the launcher's menus and these games only)

Speed figures are printed twice: as measured on the MicroPython unix port, and as
estimated Pico (RP2040, 125 MHz) milliseconds (tools/devtime.py, docs/performance.md);
speed budgets apply to the estimate.

- heap:      the smallest -X heapsize (KB) under which the launcher's menus and a
             full 4-player computer game of each game complete on the MicroPython
             unix port (bisected), from the precompiled tree (what a console loads),
             and the launcher then each game's own screens (the whole console), with
             the most heap each session holds live. Budget: the console's heap,
             a Pico's ~190 KB at 32 bits = 260 KB on this 64-bit port
             (CONSOLE_HEAP_KB); aim 190 KB, room for a linked game's channel.
- display:   bytes sent to the display per frame over a scripted launcher
             session, against the 1024-byte full frame, and the implied I2C time
             at 400 kHz. Budget: median under 30% of a full frame.
- heap32:    the most heap live for the launcher and a 4-player computer game of
             each game: 64-bit unix port beside the 32-bit WebAssembly port.
- romfs:     the live heap of the launcher and of a self-play game of each game with the
             firmware run in place from a ROMFS image beside the same with .mpy files
             copied to the filesystem (tools/romfs.py: a .mpy is loaded into the heap).
- decisions: computer players' decisions, 2 and 4 players (tools/bench_pico.py):
             time, bytes and collections. Budget: median <= 100 ms, max <= 500 ms.
             ("bots" is the old name of this section.)
- keys:      key press to frame sent over sessions that visit every screen, and
             the longest work with the screen unchanged. Budgets: median <= 30 ms,
             max <= 100 ms; <= 300 ms.
- strength:  2-player games over --seeds seeds (seats alternate): normal against
             easy, hard against normal (where a game has hard) and hard against the
             outside reference player tools/ref_<game>.py (where there is one), wins
             with a 95% interval and mean scores; then each level's solo games.
             Target: normal wins >= 65% against easy, hard >= 65% against normal.
- dictionary: tools/bench_dictionary.py, then its 8 tiles + 1 joker search in
             estimated Pico ms with the file reads. Budget: max <= 300 ms.
"""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import _path  # noqa: E402  (firmware on sys.path)
from games.catalogue import GAMES  # noqa: E402

MPY = os.path.join(os.path.dirname(sys.executable), "micropython")
# the launcher's own screens: menus, a game's setup form, settings, about
MENU_KEYS = ("DOWN A B DOWN A DOWN DOWN RIGHT RIGHT B B DOWN DOWN DOWN DOWN A DOWN A B DOWN A B")
# A play session as people use the console: menus, then mostly moving and acting in a game.
DISPLAY_KEYS = ("DOWN UP DOWN DOWN UP UP A A " + "RIGHT A " * 3 + "RIGHT RIGHT A " + "LEFT " * 4 +
                "A RIGHT A RIGHT A " + "RIGHT " * 3 + "A " + "LEFT " * 5 + "A RIGHT A " + "UP DOWN " * 2 +
                "RIGHT " * 6 + "A B B DOWN A DOWN DOWN RIGHT LEFT UP UP B")


def have_micropython():
    return os.path.exists(MPY)


def run(cmd, timeout=900):
    r = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=timeout)
    return r.returncode, r.stdout, r.stderr


MPY_TREE = os.path.join(ROOT, "build", "mpy")
MPY_ENV = dict(os.environ, PP_FIRMWARE=MPY_TREE)


def mpy_run(args, timeout=900):
    """MicroPython on the precompiled firmware, as on the device."""
    r = subprocess.run([MPY] + args, cwd=ROOT, capture_output=True, text=True, timeout=timeout, env=MPY_ENV)
    return r.returncode, r.stdout, r.stderr


def heap_ok(args, kb, marker):
    """One run at kb completes without running out of memory (the console survives
    that in a game: it prints so, shows a message and goes on). A SAVES argument becomes
    a fresh, empty folder: every attempt must start from the same state."""
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        args = [d if a == "SAVES" else a for a in args]
        rc, out, _err = mpy_run(["-X", "heapsize=%dK" % kb] + args)
    lines = out.strip().splitlines()
    return rc == 0 and bool(lines) and lines[-1].startswith(marker) and "out of memory" not in out


def run_with_resets(heap_args, keys, saves, extra=()):
    """The headless console with resets, as on a device: each picked game starts in a
    fresh interpreter (a clean heap) on the same saves with the keys left. Returns
    (exit status of the last boot, the outputs of every boot, in order)."""
    left = keys.split()
    outs = []
    path = os.path.join(saves, "..", os.path.basename(saves) + "-keys.txt")
    while True:
        with open(path, "w") as f:
            f.write(" ".join(left))  # the unix port takes no argument longer than ~255 characters
        rc, out, err = mpy_run(list(heap_args) + ["tools/headless.py", "--resets", "--keys-file", path,
                                                  "--saves", saves] + list(extra))
        outs.append(out + err)
        last = out.strip().splitlines()[-1:] or [""]
        if rc != 0 or not last[0].startswith("RESET keys_left="):
            os.remove(path)
            return rc, outs
        fields = dict(f.split("=") for f in last[0].split()[1:])
        if fields["pending"] != "0":
            raise RuntimeError("a key was half pressed at a reset: %s" % last[0])
        n = int(fields["keys_left"])
        left = left[len(left) - n:] if n else []


def console_ok(keys, kb):
    """The whole console (resets included) completes under a kb heap, never out of memory."""
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        saves = os.path.join(d, "saves")
        os.mkdir(saves)
        rc, outs = run_with_resets(["-X", "heapsize=%dK" % kb], keys, saves)
    last = outs[-1].strip().splitlines()[-1:] or [""]
    return rc == 0 and last[0].startswith("DONE") and not any("out of memory" in o for o in outs)


def smallest_heap(ok, lo=8, hi=512):
    """Bisect the smallest heap in KB that completes; None if even hi fails.
    ok(kb): whether a run completes in a heap of kb (heap_ok, console_ok)."""
    if not ok(hi):
        return None
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if ok(mid):
            hi = mid
        else:
            lo = mid
    return hi


def _use_test_helpers():
    """tests/screen.py works out the keys for the launcher's menus and setup forms."""
    for p in (ROOT, os.path.join(ROOT, "sim", "stubs"), os.path.join(ROOT, "tests")):
        if p not in sys.path:
            sys.path.insert(0, p)


def game_session_keys(game_id):
    """Main menu -> a new game (a human and a normal computer player, or one human) ->
    a few moves: the whole console, launcher then the game's own screens."""
    _use_test_helpers()
    import screen
    from games.catalogue import entry
    kinds = ["human"] if entry(game_id).max_players == 1 else ["human", "normal"]
    if not entry(game_id).has_setup:  # no setup form (the dice roller)
        return " ".join(screen.open_game_keys(game_id) + GAME_MOVES.split())
    return " ".join(screen.new_game_keys(game_id, kinds) + GAME_MOVES.split())


GAME_MOVES = "A RIGHT A DOWN A LEFT A UP A B A RIGHT RIGHT A A DOWN DOWN A B B"


def every_game_keys(rounds=2):
    """The console as a family uses it on one charge: each game with a setup form in turn
    (a new game, a few moves, A+B "Save and quit"), then each again from Resume. Names a
    module interns stay after it is unloaded, so this is the most heap a console needs."""
    _use_test_helpers()
    import screen
    from core.launcher import available_games
    items = [g.id for g in available_games()]
    keys = []
    at = 0  # the main menu's cursor starts on the last game played
    for r in range(rounds):
        for entry in GAMES:
            gid = entry.id
            if not entry.has_setup:
                continue
            i = items.index(gid)
            keys += ["DOWN"] * (i - at) if i >= at else ["UP"] * (at - i)
            at = i
            keys += ["A", "A"]  # the game's menu, then New game (first round) or Resume
            if r == 0:
                keys += screen.setup_form_keys(gid, ["human", "normal"])
            keys += GAME_MOVES.split() + ["MENU", "DOWN", "A"]
    return " ".join(keys)


def live_peak(keys):
    """The most heap the session holds live (collected after every frame), in bytes,
    over every boot of it (resets as on a console)."""
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        saves = os.path.join(d, "saves")
        os.mkdir(saves)
        rc, outs = run_with_resets(["-X", "heapsize=512K"], keys, saves, ["--mem"])
    peaks = [int(line.split("=")[1]) for out in outs for line in out.splitlines()
             if line.startswith("MEM peak_alloc=")]
    return max(peaks) if rc == 0 and peaks else None


# A Pico has about 190 KB of heap with 32-bit objects; this 64-bit port needs 1.36-1.42
# times as much for the same objects (the heap32 section: resident heap, 64-bit against
# the 32-bit WebAssembly port), so a console's heap is about 260 KB here: the budget
# (tests/fuzz.py runs its sequences under the same cap). It was 96 KB while the source
# tree had to compile on the device; the console loads .mpy files (or a ROMFS image).
CONSOLE_HEAP_KB = 260
HEAP_AIM_KB = 190


def bench_heap():
    print("== Heap: smallest MicroPython heap that completes, from the precompiled tree (budget %d KB:"
          " a Pico's ~190 KB at 32 bits; aim %d KB)" % (CONSOLE_HEAP_KB, HEAP_AIM_KB))
    print("  On the 64-bit unix port pointers are 8 bytes and heap blocks 32, twice a 32-bit")
    print("  console's; the headless harness (scripted pins, bus, output) is part of each session.")
    print("  The budget's items: the launcher, a full 4-player computer game of each game, and")
    print("  the whole console: the launcher, then a game's own screens (a picked game starts after")
    print("  a reset, as on a console).")
    kb = smallest_heap(lambda kb: console_ok(MENU_KEYS, kb))
    print("  %-28s %s   (live at most %s)" % ("launcher menus", verdict_kb(kb), live_kb(MENU_KEYS)))
    for entry in GAMES:
        gid, hi = entry.id, entry.max_players
        n = min(4, hi)
        args = ["tools/selfplay.py", gid, "--players", str(n), "--seed", "1"]
        kb = smallest_heap(lambda kb: heap_ok(args, kb, "RESULT"))
        print("  %-28s %s" % ("%s, %d player%s" % (gid, n, "s" if n > 1 else ""), verdict_kb(kb)))
    sessions = [("launcher, then %s" % entry.id, game_session_keys(entry.id)) for entry in GAMES]
    sessions.append(("every game in turn, twice", every_game_keys()))
    for label, keys in sessions:
        kb = smallest_heap(lambda kb: console_ok(keys, kb))
        print("  %-28s %s   (live at most %s)" % (label, verdict_kb(kb), live_kb(keys)))


def live_kb(keys):
    live = live_peak(keys)
    return "%d KB" % (live // 1024) if live else "?"


def verdict_kb(kb):
    if kb is None:
        return "FAILS even at 512 KB"
    return "%4d KB  %s" % (kb, "PASS" if kb <= CONSOLE_HEAP_KB else "FAIL") + ("" if kb <= HEAP_AIM_KB else " (over the aim)")


def bench_display():
    print("== Display traffic per frame (budget: median < 30% of 1024 bytes)")
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        rc, out, err = run([sys.executable, "tools/headless.py", "--keys", DISPLAY_KEYS, "--saves", d])
    if rc != 0:
        print("  headless session failed:", err[-500:])
        return
    sizes = sorted(int(line.split()[3]) for line in out.splitlines() if line.startswith("FRAME "))
    sizes = [s for s in sizes]
    n = len(sizes)
    med = sizes[n // 2]
    mean = sum(sizes) / n
    print("  frames: %d   median %d B (%.0f%% of a full frame)   mean %.0f B   max %d B" % (
        n, med, 100.0 * med / 1024, mean, sizes[-1]))
    print("  I2C at 400 kHz: median %.1f ms per frame, full frame %.1f ms (9 bits per byte)" % (
        med * 9 / 400.0, 1024 * 9 / 400.0))
    print("  verdict: %s" % ("within budget" if med < 0.3 * 1024 else "OVER BUDGET"))


def bench_decisions(seeds):
    import bench_pico
    bench_pico.bench_decisions(seeds)


def bench_keys(game_ids=None):
    import bench_pico
    bench_pico.bench_keys(game_ids)


def bench_heap32():
    import bench_pico
    bench_pico.bench_heap32()


# Each pair plays 2-player games over the seeds, seats alternating; a win is the game
# won alone (a shared win counts for neither). A pair is played when both levels exist:
# "hard" where a game's bot offers it, "ref" where tools/ref_<game>.py does.
STRENGTH_PAIRS = (("normal", "easy", 0.65), ("hard", "normal", 0.65), ("hard", "ref", None))


def wilson(wins, n, z=1.96):
    """The 95% interval of a win rate (Wilson's score interval), as two fractions."""
    if not n:
        return 0.0, 1.0
    p = wins / float(n)
    centre = p + z * z / (2 * n)
    spread = z * ((p * (1 - p) + z * z / (4 * n)) / n) ** 0.5
    return (centre - spread) / (1 + z * z / n), (centre + spread) / (1 + z * z / n)


def strength_pair(gid, strong, weak, seeds):
    """(wins, ties, strong's mean score, weak's mean score) of strong against weak."""
    import selfplay
    wins = ties = 0
    totals = [0, 0]
    for seed in range(1, seeds + 1):
        levels = [strong, weak] if seed % 2 else [weak, strong]
        res = selfplay.play(gid, 2, seed, levels, None, out=lambda s: None)
        seat = levels.index(strong)
        if res["winners"] == [seat]:
            wins += 1
        elif seat in res["winners"]:
            ties += 1
        totals[0] += res["scores"][seat]
        totals[1] += res["scores"][1 - seat]
    return wins, ties, totals[0] / float(seeds), totals[1] / float(seeds)


def bench_strength(seeds):
    import selfplay
    print("== Bot strength: 2 players, %d seeds a pair, seats alternating; wins with the 95%% interval"
          " (target: each level wins >= 65%% against the one below)" % seeds)
    for entry in GAMES:
        gid, lo, hi = entry.id, entry.min_players, entry.max_players
        if gid == "dice" or not (lo <= 2 <= hi):
            continue
        levels = _path.game_modules(gid)[1].LEVELS
        for strong, weak, target in STRENGTH_PAIRS:
            if strong not in levels or weak != selfplay.REFERENCE and weak not in levels:
                continue
            try:
                wins, ties, mean_strong, mean_weak = strength_pair(gid, strong, weak, seeds)
            except ValueError as e:     # no tools/ref_<game>.py
                print("  %-8s %s vs %s: %s" % (gid, strong, weak, e))
                continue
            low, high = wilson(wins, seeds)
            verdict = "(reference, no target)" if target is None else (
                "PASS" if wins >= target * seeds else "FAIL")
            print("  %-8s %-6s vs %-6s wins %5.1f%% [%4.1f-%4.1f]  ties %d   mean score %.1f vs %.1f   %s" % (
                gid, strong, weak, 100.0 * wins / seeds, 100 * low, 100 * high, ties, mean_strong,
                mean_weak, verdict))
    bench_solo(seeds)


def bench_solo(seeds):
    """Solo games: each level's mean score and, where the rules rate a solo score
    (rules.rating), how often each rating is reached."""
    import selfplay
    print("== Solo: each level alone, %d seeds" % seeds)
    for entry in GAMES:
        gid = entry.id
        if gid == "dice" or entry.min_players != 1:
            continue
        rules, bot = _path.game_modules(gid)
        for level in bot.LEVELS:
            total = 0
            ratings = {}
            for seed in range(1, seeds + 1):
                score = selfplay.play(gid, 1, seed, [level], None, out=lambda s: None)["scores"][0]
                total += score
                if hasattr(rules, "rating"):
                    name = rules.rating(score)
                    ratings[name] = ratings.get(name, 0) + 1
            spread = ", ".join("%s %d%%" % (name, round(100.0 * ratings[name] / seeds))
                               for name in sorted(ratings, key=lambda n: -ratings[n]))
            print("  %-8s %-6s mean score %.1f   %s" % (gid, level, total / float(seeds), spread))


def dictionary_image(d):
    """A ROMFS image holding words.dawg (mpremote romfs build), as `make flash ROMFS=1`
    puts it on a board; its path, or None without mpremote."""
    import shutil
    import romfs
    stage = os.path.join(d, "stage")
    os.mkdir(stage)
    shutil.copy(os.path.join(ROOT, "firmware", "games", "words", "words.dawg"), stage)
    image = os.path.join(d, "words.romfs")
    try:
        r = subprocess.run([romfs.mpremote(), "romfs", "--no-mpy", "-o", image, "build", stage],
                           capture_output=True, text=True, timeout=120)
    except OSError:
        return None
    return image if r.returncode == 0 else None


def bench_dictionary():
    path = os.path.join(HERE, "bench_dictionary.py")
    if not os.path.exists(path):
        print("== Dictionary: not built yet")
        return
    print("== Dictionary (MicroPython unix port, precompiled)")
    if not have_micropython():
        rc, out, err = run([sys.executable, path])
        print("\n".join("  " + line for line in (out + err).strip().splitlines()))
        return
    import tempfile
    import bench_pico
    # the computer decisions need a game (about 90 KB) beside the figures
    runs = [mpy_run(["-X", "heapsize=160K", "tools/bench_dictionary.py"])]
    with tempfile.TemporaryDirectory() as d:
        image = dictionary_image(d)
        if image:   # the lists read in place: 160 KB and the image (flash on a board)
            runs.append(mpy_run(["-X", "heapsize=%dK" % (160 + os.path.getsize(image) // 1024),
                                 "tools/bench_dictionary.py", "--rom", image]))
        else:
            print("  (mpremote missing: no ROMFS run)")
    for rc, out, err in runs:
        print("\n".join("  " + line for line in (out + err).strip().splitlines() if not line.startswith(
            ("CALIBRATION", "SEARCH8J", "SEARCHBEST", "SEARCHLIST"))))
    bench_pico.print_dictionary([out for rc, out, err in runs if rc == 0])


def bench_romfs():
    import romfs
    romfs.heap_report(MENU_KEYS, GAMES)


SECTIONS = ("heap", "heap32", "romfs", "display", "decisions", "keys", "dictionary", "strength")
NEEDS_MICROPYTHON = ("heap", "heap32", "romfs", "decisions", "keys")


def main(argv):
    seeds = 500
    decision_seeds = 20
    only = SECTIONS
    game_ids = None
    i = 0
    while i < len(argv):
        if argv[i] == "--seeds":
            seeds = int(argv[i + 1])
        elif argv[i] == "--decision-seeds":
            decision_seeds = int(argv[i + 1])
        elif argv[i] == "--only":
            only = tuple("decisions" if o == "bots" else o for o in argv[i + 1].split(","))
        elif argv[i] == "--games":
            game_ids = argv[i + 1].split(",")
        else:
            print("usage: bench.py [--seeds N] [--decision-seeds N] [--only %s] [--games ID,...]" % ",".join(SECTIONS))
            sys.exit(2)
        i += 2
    unknown = [o for o in only if o not in SECTIONS]
    if unknown:
        print("bench: unknown section %s (sections: %s)" % (", ".join(unknown), ", ".join(SECTIONS)))
        sys.exit(2)
    unknown_games = [g for g in game_ids or () if g not in [e.id for e in GAMES]]
    if unknown_games:
        print("bench: unknown game %s (games: %s)" % (", ".join(unknown_games), ", ".join(e.id for e in GAMES)))
        sys.exit(2)
    if not have_micropython() and any(o in NEEDS_MICROPYTHON for o in only):
        print("MicroPython unix port not installed (%s): %s skipped" % (MPY, ", ".join(NEEDS_MICROPYTHON)))
        only = tuple(o for o in only if o not in NEEDS_MICROPYTHON)
    if any(o in NEEDS_MICROPYTHON or o == "dictionary" for o in only) and have_micropython():
        import build
        import bench_pico
        build.mpy_tree(MPY_TREE)
        bench_pico.print_factor()
        print()
    for name in only:
        if name == "strength":
            bench_strength(seeds)
        elif name == "decisions":
            bench_decisions(decision_seeds)
        elif name == "keys":
            bench_keys(game_ids)
        else:
            globals()["bench_" + name]()
        print()


if __name__ == "__main__":
    main(sys.argv[1:])
