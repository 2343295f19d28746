"""Key fuzz: random button sequences through the real launcher and every game, under the
MicroPython unix port with the console's heap cap, as a console runs them.

    python tests/fuzz.py [--games dizzle,words] [--sequences 200] [--keys 2000] [--seed 1]
                         [--heap 295K] [--jobs 2] [--oom-shown]

`make fuzz` runs a long one; tests/test_fuzz.py runs a short share in `make test`.
PP_FUZZ_TRACE=1 prints every boot's log with a line a key (what was pressed, whether
in a walk, whether the game under test ran, the screen on top).

A sequence starts on fresh saves at power-on. Its keys are the six buttons, the A+B
chord (the game menu: Save and quit, Resume, Rules, Settings) and now and then a minute
without a key (the screen sleeps, the next key wakes it). Walks (WALKS, played by
tests/fuzz_boot.py by looking at the screen) start or resume the game under test through
the launcher's real menus: its menu's Resume, or New game and through its setup form
(players, people and computer players mixed, options) to Start; a new game over its
save, answered Yes or No when the launcher asks; now and then a new game with every seat
a computer player, which plays on to its end screen and back to the launcher (random
keys seldom finish one: 1-8 end screens in 10 sequences of 400 keys a table game without
these walks, 2-9 with them); Save and quit from the game menu at random points. A walk
to the game comes every 17 keys or so and presses nothing while the game runs, so most
keys go to the game under test (fuzz_boot counts them: 81-87 % for the table games, 46 %
for the dice roller, which B leaves, against 0-26 % before the walks: 6 sequences of 400
keys a game), while Resume, New game, Settings and the other games get some. As on a
console, a picked game starts after a reset: each boot is a fresh interpreter on the
same saves with the keys left (tests/fuzz_boot.py).

A sequence fails on a fault screen (an exception in a game or the launcher), out of
memory anywhere (but the launcher's reset after a game, see LAUNCHER_RESET), calls
nested too deep while waiting for a key, an interpreter that dies or hangs; the report
names the game, the seed, the key that did it and the command that plays the same keys
again. --oom-shown (run_sequence's oom_shown) lets the firmware show its own Out of
memory screen when a game runs out, as on a console, and goes on with the keys: below
the console's cap, where the games run out, it tests that the console survives them
(tests/test_fuzz.py runs a share so, 55K below the cap, in `make test`). There the walk's
own look at the screen (a setup form's rows, made by the firmware in the same heap) may
not fit either: tests/fuzz_boot.py then gives the walk up and presses B.

The heap: the firmware gets what a console has. A boot runs the firmware (the .mpy
tree) inside a harness (tools/_path.py, tools/headless.py, sim/keyscript.py and
tests/fuzz_boot.py, compiled from source, and their objects) that sits in the same
capped heap though a console does not load it. tests/harness_probe.py measures what the
harness holds under the same MicroPython on the same tree (the firmware modules it
imports, hal and core.saves among them, count as the firmware's), and the boots run at
CONSOLE_HEAP plus that allowance rounded up to 1 KB (console_heap(); the run prints
"heap 260K + 35K harness = 295K"). tests/test_fuzz.py holds the allowance within
HARNESS_LIMITS, so a harness that grows cannot eat the console's budget unseen. Any
other test that runs the firmware inside this harness at the console's cap should take
its heap from console_heap(exe, tree).

What it finds (2026-12-02, the issue 13 bugs): run against the pre-kit firmware (commit
bce056b, with its own tools/headless.py and sim/keyscript.py: `git archive bce056b`,
these three files copied into its tests/, its catalogue's tuples read as entries and
harness_probe's firmware names as they were (core.keys, its Hal); the hook in fuzz_boot
takes either Ui.error signature), the `make test` share (40 sequences of 400 keys a
game, seeds 1-40, with the watched games) at that tree's console heap (260K + 23K
harness = 283K) finds the Dizzle screens that reopen each other on B (dizzle seed 26:
NESTED, 20,512 bytes of stack after key 302) and the Word Cards IndexError in
words/app.py's `do()` lambda (words seeds 6, 7, 11, 15, 17 and 36; seed 6 after key
114). It does not find the MemoryError loading the launcher back after a Cookie Party
game, and measured on that tree (main.run and core.launcher printing gc figures) no key
path at its cap reaches it: on each of 147 returns from Cookie Party (12 sequences of
1,500 keys, Save and quit) 179.6-184.3 KB of the 283K were free (KB of 1,024 bytes), the
largest free block 55.8 KB or more, and the launcher's load took 3.5-5.6 KB; after a
5-seat game of computer players played to its end, 182.4 KB were free. Cookie Party runs
out of memory in the game first: 5 computer seats to the end need about 177K (2 seats
more than 160K), the launcher after a game about 102 KB (harness included). Only below
those heaps, with --oom-shown, does that tree stop on an uncaught MemoryError in its
launcher after Cookie Party's own out of memory (in its menus, a rules text or the setup
form, not in main.run's load of core.launcher: at 155K in 20 of 20 sequences, at 160K in
2 of 20; whether those screens fit such a heap at power-on was not measured), and on the
QuitGame that A+B's Save and quit raises from the Out of memory screen (170K, cookie
seeds 3 and 38; fixed since: that screen opens no menu). The sequences before the
watched games found on the firmware of 2026-12-01 two more: the box of Undo's refusal
opening the game menu whose Undo opened another box (clever seed 11, NESTED; fixed, a
test in tests/test_undo.py), and Cookie Party with 5 seats out of memory on a mid-turn
save at the console's cap (cookie seeds 22 and 25: fixed, its boards saved as hex text).
"""
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# A Pico has about 190 KB of heap with 32-bit objects. This 64-bit port needs 1.36-1.42
# times as much for the same console (make bench, heap32: what each game holds resident,
# 64-bit against the 32-bit WebAssembly port), so 190 KB is 258-270 KB here.
CONSOLE_HEAP = "260K"
BOOT_TIMEOUT_S = 120      # one boot; far more than any boot takes (about a second)
SEGMENT = 200             # keys between two walks to the sequence's game
MOTIF_CHANCE = 0.04       # per 10 keys: a repeated motif instead (see sequence_keys)

# How often each key comes, in parts of 1000: mostly moving and A (play goes on),
# B often enough to leave screens, the menu chord a few times per segment.
WEIGHTS = (("A", 300), ("B", 120), ("UP", 110), ("DOWN", 140), ("LEFT", 120), ("RIGHT", 170),
           ("MENU", 35), ("WAIT", 3), ("WAIT:61000", 2))


def game_ids():
    sys.path.insert(0, os.path.join(ROOT, "firmware"))
    from games.catalogue import ids
    return ids()


def entry(game_id):
    from games.catalogue import entry
    return entry(game_id)


# Walks (tests/fuzz_boot.py plays them by looking at the screen): to the game under test
# (Resume when it is saved, else a new game), a new game (Yes when asked whether to
# replace the save), a new game refused (No when asked, then Resume), a new game watched
# (every seat a computer player: it plays to its end, the end screens and the launcher
# after a finished game get keys), and save and quit. All but the last carry a seed for
# the setup form's choices. WALK_WEIGHTS: the walk that starts a segment; a save and quit
# within a segment is followed by one of them.
WALKS = {"go": "G", "new": "N", "refuse": "X", "quit": "Q", "watch": "C"}
WALK_WEIGHTS = (("go", 70), ("new", 18), ("refuse", 12), ("watch", 6))
GO_CHANCE = 0.6           # per 10 keys: a walk to the game (nothing to do while it runs: no key)
QUIT_CHANCE = 0.03        # per 10 keys: save and quit, then (after a stroll in the launcher, now
STROLL_CHANCE = 0.3       # and then: random keys there) a walk back


def walk(pick):
    """A walk to the game: 'walk:go:k' (k seeds the setup form's choices, 0-25)."""
    kind = pick.choices([k for k, _w in WALK_WEIGHTS], [w for _k, w in WALK_WEIGHTS])[0]
    return "walk:%s:%d" % (kind, pick.randrange(26))


def sequence_keys(game_id, seed, length):
    """The entries of one sequence: the same for the same game, seed and length.

    Each segment starts with a walk to the game under test (see WALKS), then random
    keys, with a walk to the game every 17 keys or so (which presses no key while the
    game runs: the keys a chance B or the game's end sent to the launcher stay few);
    now and then a save and quit and a walk back. Now and then a short motif is
    pressed many times over ("UP B" thirty times): a screen that answers B by opening
    another one, or that leaks a little per visit, shows only when the same few keys
    come again and again, which plain random keys rarely do."""
    pick = random.Random("%s-%d" % (game_id, seed))
    names = [name for name, _w in WEIGHTS]
    weights = [w for _n, w in WEIGHTS]
    keys = []
    while len(keys) < length:
        keys.append(walk(pick))
        segment = []
        while len(segment) < SEGMENT:
            roll = pick.random()
            if roll < MOTIF_CHANCE:
                motif = pick.choices(names[:7], weights[:7], k=pick.randint(1, 3))
                segment += motif * pick.randint(8, 40)
            elif roll < MOTIF_CHANCE + GO_CHANCE:
                segment.append("walk:go:%d" % pick.randrange(26))
            elif roll < MOTIF_CHANCE + GO_CHANCE + QUIT_CHANCE:
                segment.append("walk:quit")
                if pick.random() < STROLL_CHANCE:
                    segment += pick.choices(names[:7], weights[:7], k=pick.randint(5, 30))
                segment.append(walk(pick))
            else:
                segment += pick.choices(names, weights, k=10)
        keys += segment
    return keys[:length]


def key_codes(keys):
    """The keys file: one character a key, a walk's letter (WALKS) and its seed's."""
    out = []
    for k in keys:
        if k.startswith("walk:"):
            parts = k.split(":")
            out.append(WALKS[parts[1]] + (chr(ord("a") + int(parts[2])) if len(parts) > 2 else ""))
        else:
            out.append(KEY_CODES[k])
    return "".join(out)


class Escape:
    """How a failed sequence ended, with what reproduces it."""

    def __init__(self, game_id, seed, length, used, what, log):
        self.game_id = game_id
        self.seed = seed
        self.length = length
        self.used = used          # keys pressed up to and with the one that did it
        self.what = what
        self.log = log
        self.options = ""         # the fuzz's options beyond the defaults (" --heap 200K --oom-shown")

    def report(self, keys):
        return ("%s seed %d: %s after key %d (%s)\n  last keys: %s\n"
                "  reproduce: python tests/fuzz.py --games %s --seed %d --sequences 1 --keys %d%s\n%s" % (
                    self.game_id, self.seed, self.what, self.used, keys[self.used - 1] if self.used else "-",
                    " ".join(keys[max(0, self.used - 24):self.used]),
                    self.game_id, self.seed, self.length, self.options, _tail(self.log)))


def _tail(text, lines=30):
    kept = text.strip().splitlines()[-lines:]
    return "\n".join("  | " + line for line in kept)


KEY_CODES = {"A": "A", "B": "B", "UP": "U", "DOWN": "D", "LEFT": "L", "RIGHT": "R", "MENU": "M",
             "WAIT": "w", "WAIT:61000": "W"}
DEEPEST = {}   # game id: the most stack any of its boots used while waiting for a key
# Back from a game, the launcher may not fit beside what the game left interned: the
# console then resets into the launcher's clean heap (main.run), a recovery the player
# sees as a short wait, not a fault. Counted and reported, not failed; any other out of
# memory (in a game, or with no reset to make) fails the sequence.
LAUNCHER_RESET = "out of memory in the launcher; resetting"
RESETS_AFTER_OOM = {}


TRACE = os.environ.get("PP_FUZZ_TRACE") == "1"   # fuzz_boot prints a line a key (see its --trace)
STATS = ("boots", "pressed", "ingame", "walks", "lost", "ended", "oomshown")


def run_sequence(exe, tree, game_id, seed, length, heap=CONSOLE_HEAP, oom_shown=False):
    """Play one sequence, boot after boot. Returns (None or an Escape, stats) with stats
    {boots, pressed: keys pressed, ingame: of them, while the game under test ran,
    walks: walks that arrived, lost: walks given up, ended: end screens of the game under
    test, oomshown: Out of memory screens shown}.

    oom_shown: the firmware's own Out of memory screen (a game that ran out, caught by
    the session) is shown as on a console and the keys go on, instead of failing the
    sequence: what fails is what the console does next (below the console's cap, where
    games run out, this tests that the console survives them)."""
    keys = sequence_keys(game_id, seed, length)
    e = entry(game_id)
    work = tempfile.mkdtemp(prefix="pp-fuzz-")
    saves = os.path.join(work, "saves")
    os.mkdir(saves)
    env = dict(os.environ, PP_FIRMWARE=tree)
    done = 0
    stats = dict.fromkeys(STATS, 0)
    try:
        while True:
            stats["boots"] += 1
            path = os.path.join(work, "keys.txt")
            with open(path, "w") as f:   # one character a key (fuzz_boot.KEY_NAMES), walks two
                f.write(key_codes(keys[done:]))
            cmd = [exe, "-X", "heapsize=" + heap, os.path.join(HERE, "fuzz_boot.py"), "--keys-file", path,
                   "--saves", saves, "--seed", str(seed * 1000 + stats["boots"]), "--game", game_id,
                   "--title", e.title, "--setup", "1" if e.has_setup else "0", "--trace", "1" if TRACE else "0",
                   "--oom-shown", "1" if oom_shown else "0"]
            try:
                r = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=BOOT_TIMEOUT_S)
            except subprocess.TimeoutExpired as e:
                out = (e.stdout or b"").decode("utf-8", "replace") if isinstance(e.stdout, bytes) else (e.stdout or "")
                return Escape(game_id, seed, length, done, "hung for %d s" % BOOT_TIMEOUT_S, out), stats
            log = r.stdout + r.stderr
            if TRACE:
                print("BOOT %d (%s seed %d)\n%s" % (stats["boots"], game_id, seed, log), file=sys.stderr)
            last = r.stdout.strip().splitlines()[-1:] or [""]
            word, _, rest = last[0].partition(" ")
            used = done
            fields = rest.split()
            if rest.startswith("used="):
                used = done + int(fields[0][5:])
            told = 0
            for field in fields:
                name, eq, value = field.partition("=")
                if not eq or not value.isdigit() or name not in STATS + ("deepest", "used"):
                    break
                told += 1
                if name == "deepest":
                    DEEPEST[game_id] = max(DEEPEST.get(game_id, 0), int(value))
                elif name in stats:
                    stats[name] += int(value)
            said = " ".join(fields[told:])
            oom = log.count("out of memory")
            if oom and word == "RESET" and oom == log.count(LAUNCHER_RESET):
                RESETS_AFTER_OOM[game_id] = RESETS_AFTER_OOM.get(game_id, 0) + 1
            elif oom and not oom_shown:
                return Escape(game_id, seed, length, used, "out of memory", log), stats
            if word == "HARNESS":
                raise RuntimeError("the fuzz harness failed (%s seed %d): %s\n%s" % (game_id, seed, said, _tail(log)))
            if r.returncode != 0 or word not in ("DONE", "RESET", "ESCAPE", "NESTED"):
                said = log.strip().splitlines()[-1][:80] if "Traceback" in log else ""  # the exception that ended it
                return Escape(game_id, seed, length, used, "interpreter died (exit %d%s)" % (
                    r.returncode, ": " + said if said else ""), log), stats
            if word == "NESTED":
                return Escape(game_id, seed, length, used, "screens nested too deep (%s)" % said, log), stats
            if word == "ESCAPE":
                return Escape(game_id, seed, length, used, "fault screen '%s'" % said, log), stats
            if word == "DONE":
                return None, stats
            done = used
    finally:
        shutil.rmtree(work, ignore_errors=True)


HARNESS_PROBE = os.path.join(HERE, "harness_probe.py")
HARNESS_LIMITS = (10 * 1024, 40 * 1024)   # what the harness may plausibly hold (tests/test_fuzz.py)
_HARNESS = {}


def harness_allowance(exe, tree):
    """The bytes the fuzz's harness holds in a boot's heap beside the firmware (its modules,
    compiled from source, and its objects), as tests/harness_probe.py measures them under
    this MicroPython on this firmware tree; measured once a process."""
    if (exe, tree) not in _HARNESS:
        r = subprocess.run([exe, "-X", "heapsize=1M", HARNESS_PROBE], cwd=ROOT, env=dict(os.environ, PP_FIRMWARE=tree),
                           capture_output=True, text=True, timeout=120)
        last = (r.stdout.strip().splitlines() or [""])[-1]
        if r.returncode != 0 or not last.startswith("HARNESS "):
            raise RuntimeError("tests/harness_probe.py failed (exit %d): %s" % (r.returncode, r.stdout + r.stderr))
        _HARNESS[(exe, tree)] = int(last.split("total=")[1])
    return _HARNESS[(exe, tree)]


def console_heap(exe, tree):
    """The heapsize for a fuzz boot (or any run of the firmware inside this harness) that
    leaves the firmware what a console has: CONSOLE_HEAP plus the harness's allowance,
    rounded up to 1 KB, e.g. "295K"."""
    return "%dK" % (int(CONSOLE_HEAP[:-1]) + harness_kb(exe, tree))


def harness_kb(exe, tree):
    return (harness_allowance(exe, tree) + 1023) // 1024


def compiled_tree():
    """The firmware as the console loads it: .mpy files (tools/build.py), built once."""
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import build
    return build.mpy_tree(os.path.join(ROOT, "build", "mpy"))


def micropython():
    for p in (os.path.join(ROOT, ".venv", "bin", "micropython"),
              os.path.join(os.path.dirname(sys.executable), "micropython")):
        if os.path.exists(p):
            return p
    return None


def fuzz(games, sequences, length, seed=1, heap=None, jobs=2, out=print, oom_shown=False):
    """Run sequences per game in `jobs` processes at once, at `heap` (None: the console's,
    console_heap()). Returns (escapes, counts) with counts: {game: {sequences, keys (the
    entries of the sequences played), and run_sequence's stats summed}}. oom_shown: see
    run_sequence."""
    from concurrent.futures import ThreadPoolExecutor
    exe = micropython()
    if exe is None:
        raise RuntimeError("no MicroPython unix port (make test installs it)")
    tree = compiled_tree()
    if heap is None:
        heap = console_heap(exe, tree)
    work = [(g, seed + i) for g in games for i in range(sequences)]
    escapes = []
    counts = {}
    for g in games:
        counts[g] = dict.fromkeys(("sequences", "keys") + STATS, 0)
        counts[g]["heap"] = heap
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        results = pool.map(lambda job: (job, run_sequence(exe, tree, job[0], job[1], length, heap, oom_shown)), work)
        for (game_id, s), (escape, stats) in results:
            if escape is not None:
                escape.options = ("" if heap == console_heap(exe, tree) else " --heap " + heap) + (
                    " --oom-shown" if oom_shown else "")
            c = counts[game_id]
            c["sequences"] += 1
            c["keys"] += escape.used if escape else length
            for name in STATS:
                c[name] += stats[name]
            if escape is not None:
                escapes.append(escape)
                out("ESCAPE " + escape.report(sequence_keys(game_id, s, length)))
    return escapes, counts


def main(argv):
    import argparse
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--games", default=",".join(game_ids()))
    p.add_argument("--sequences", type=int, default=200, help="sequences per game")
    p.add_argument("--keys", type=int, default=2000, help="keys per sequence")
    p.add_argument("--seed", type=int, default=1, help="the first sequence's seed (then +1 each)")
    p.add_argument("--heap", default=None, help="the heap cap (default: the console's, see console_heap)")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    p.add_argument("--oom-shown", action="store_true",
                   help="a game's Out of memory screen is shown and the keys go on (see run_sequence)")
    a = p.parse_args(argv)
    games = a.games.split(",")
    unknown = [g for g in games if g not in game_ids()]
    if unknown:
        p.error("unknown game %s (known: %s)" % (", ".join(unknown), ", ".join(game_ids())))
    t = time.time()
    heap = a.heap
    if heap is None:
        exe = micropython()
        if exe is None:
            p.error("no MicroPython unix port (make test installs it)")
        heap = console_heap(exe, compiled_tree())
        print("heap %s + %dK harness = %s" % (CONSOLE_HEAP, harness_kb(exe, compiled_tree()), heap))
    escapes, counts = fuzz(games, a.sequences, a.keys, a.seed, heap, a.jobs, oom_shown=a.oom_shown)
    for g in games:
        c = counts[g]
        print("%-7s %4d sequences, %7d keys, %5d boots (%d of them the launcher's reset after out of memory),"
              " %d walks (%d given up), %d of %d keys pressed in %s (%.0f%%), %d end screens,%s heap %s: %d escapes" % (
                  g, c["sequences"], c["keys"], c["boots"], RESETS_AFTER_OOM.get(g, 0), c["walks"], c["lost"],
                  c["ingame"], c["pressed"], g, 100.0 * c["ingame"] / max(1, c["pressed"]), c["ended"],
                  " %d Out of memory screens shown," % c["oomshown"] if a.oom_shown else "", heap,
                  sum(1 for e in escapes if e.game_id == g)))
    print("%d sequences tried, %d keys, %d escapes, %.0f s" % (
        sum(c["sequences"] for c in counts.values()), sum(c["keys"] for c in counts.values()), len(escapes),
        time.time() - t))
    return 1 if escapes else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
