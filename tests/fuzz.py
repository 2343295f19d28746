"""Key fuzz: random button sequences through the real launcher and every game, under the
MicroPython unix port with the console's heap cap, as a console runs them.

    python tests/fuzz.py [--games dizzle,words] [--sequences 200] [--keys 2000] [--seed 1]
                         [--heap 256K] [--jobs 2]

`make fuzz` runs a long one; tests/test_fuzz.py runs a short share in `make test`.

A sequence starts on fresh saves at power-on. Its keys are the six buttons, the A+B
chord (the game menu: Save and quit, Resume, Rules, Settings) and now and then a minute
without a key (the screen sleeps, the next key wakes it); every few hundred keys it
walks the launcher back to its game, so each game gets most of the keys while Resume,
New game, Settings and the other games get some. As on a console, a picked game starts
after a reset: each boot is a fresh interpreter on the same saves with the keys left
(tests/fuzz_boot.py).

A sequence fails on a fault screen (an exception in a game or the launcher), out of
memory anywhere (but the launcher's reset after a game, see LAUNCHER_RESET), calls
nested too deep while waiting for a key, an interpreter that dies or hangs; the report
names the game, the seed, the key that did it and the command that plays the same keys
again.
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
SEGMENT = 300             # keys between two walks back to the sequence's game
MOTIF_CHANCE = 0.04       # per 10 keys: a repeated motif instead (see sequence_keys)

# How often each key comes, in parts of 1000: mostly moving and A (play goes on),
# B often enough to leave screens, the menu chord a few times per segment.
WEIGHTS = (("A", 300), ("B", 120), ("UP", 110), ("DOWN", 140), ("LEFT", 120), ("RIGHT", 170),
           ("MENU", 35), ("WAIT", 3), ("WAIT:61000", 2))


def game_ids():
    sys.path.insert(0, os.path.join(ROOT, "firmware"))
    from games.catalogue import ids
    return ids()


def walk_to(game_id):
    """From anywhere in the launcher's main menu: the top (LEFT pages up, it does not
    wrap), down to the game, A. Elsewhere these are a few more random keys."""
    return ["LEFT"] * 3 + ["DOWN"] * game_ids().index(game_id) + ["A"]


def sequence_keys(game_id, seed, length):
    """The keys of one sequence: the same for the same game, seed and length.

    Now and then a short motif is pressed many times over ("UP B" thirty times): a
    screen that answers B by opening another one, or that leaks a little per visit, shows
    only when the same few keys come again and again, which plain random keys rarely do."""
    pick = random.Random("%s-%d" % (game_id, seed))
    names = [name for name, _w in WEIGHTS]
    weights = [w for _n, w in WEIGHTS]
    keys = []
    while len(keys) < length:
        keys += walk_to(game_id)
        segment = []
        while len(segment) < SEGMENT:
            if pick.random() < MOTIF_CHANCE:
                motif = pick.choices(names[:7], weights[:7], k=pick.randint(1, 3))
                segment += motif * pick.randint(8, 40)
            else:
                segment += pick.choices(names, weights, k=10)
        keys += segment
    return keys[:length]


class Escape:
    """How a failed sequence ended, with what reproduces it."""

    def __init__(self, game_id, seed, length, used, what, log):
        self.game_id = game_id
        self.seed = seed
        self.length = length
        self.used = used          # keys pressed up to and with the one that did it
        self.what = what
        self.log = log

    def report(self, keys):
        return ("%s seed %d: %s after key %d (%s)\n  last keys: %s\n"
                "  reproduce: python tests/fuzz.py --games %s --seed %d --sequences 1 --keys %d\n%s" % (
                    self.game_id, self.seed, self.what, self.used, keys[self.used - 1] if self.used else "-",
                    " ".join(keys[max(0, self.used - 24):self.used]),
                    self.game_id, self.seed, self.length, _tail(self.log)))


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


def run_sequence(exe, tree, game_id, seed, length, heap=CONSOLE_HEAP):
    """Play one sequence, boot after boot. Returns (None or an Escape, boots)."""
    keys = sequence_keys(game_id, seed, length)
    work = tempfile.mkdtemp(prefix="pp-fuzz-")
    saves = os.path.join(work, "saves")
    os.mkdir(saves)
    env = dict(os.environ, PP_FIRMWARE=tree)
    done = 0
    boots = 0
    try:
        while True:
            boots += 1
            path = os.path.join(work, "keys.txt")
            with open(path, "w") as f:   # one character a key (fuzz_boot.KEY_NAMES)
                f.write("".join([KEY_CODES[k] for k in keys[done:]]))
            cmd = [exe, "-X", "heapsize=" + heap, os.path.join(HERE, "fuzz_boot.py"), "--keys-file", path,
                   "--saves", saves, "--seed", str(seed * 1000 + boots)]
            try:
                r = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=BOOT_TIMEOUT_S)
            except subprocess.TimeoutExpired as e:
                out = (e.stdout or b"").decode("utf-8", "replace") if isinstance(e.stdout, bytes) else (e.stdout or "")
                return Escape(game_id, seed, length, done, "hung for %d s" % BOOT_TIMEOUT_S, out), boots
            log = r.stdout + r.stderr
            last = r.stdout.strip().splitlines()[-1:] or [""]
            word, _, rest = last[0].partition(" ")
            used = done
            if rest.startswith("used="):
                used = done + int(rest.split()[0][5:])
            for field in rest.split():
                if field.startswith("deepest="):
                    DEEPEST[game_id] = max(DEEPEST.get(game_id, 0), int(field[8:]))
            oom = log.count("out of memory")
            if oom and word == "RESET" and oom == log.count(LAUNCHER_RESET):
                RESETS_AFTER_OOM[game_id] = RESETS_AFTER_OOM.get(game_id, 0) + 1
            elif oom:
                return Escape(game_id, seed, length, used, "out of memory", log), boots
            if r.returncode != 0 or word not in ("DONE", "RESET", "ESCAPE", "NESTED"):
                return Escape(game_id, seed, length, used, "interpreter died (exit %d)" % r.returncode, log), boots
            if word == "NESTED":
                return Escape(game_id, seed, length, used, "screens nested too deep (%s)" % rest.split(" ", 2)[2],
                              log), boots
            if word == "ESCAPE":
                return Escape(game_id, seed, length, used, "fault screen '%s'" % rest.split(" ", 2)[2], log), boots
            if word == "DONE":
                return None, boots
            done = used
    finally:
        shutil.rmtree(work, ignore_errors=True)


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


def fuzz(games, sequences, length, seed=1, heap=CONSOLE_HEAP, jobs=2, out=print):
    """Run sequences per game in `jobs` processes at once. Returns (escapes, counts)
    with counts: {game: (sequences tried, keys pressed, boots)}."""
    from concurrent.futures import ThreadPoolExecutor
    exe = micropython()
    if exe is None:
        raise RuntimeError("no MicroPython unix port (make test installs it)")
    tree = compiled_tree()
    work = [(g, seed + i) for g in games for i in range(sequences)]
    escapes = []
    counts = {g: [0, 0, 0] for g in games}
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        results = pool.map(lambda job: (job, run_sequence(exe, tree, job[0], job[1], length, heap)), work)
        for (game_id, s), (escape, boots) in results:
            c = counts[game_id]
            c[0] += 1
            c[1] += escape.used if escape else length
            c[2] += boots
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
    p.add_argument("--heap", default=CONSOLE_HEAP)
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    a = p.parse_args(argv)
    games = a.games.split(",")
    unknown = [g for g in games if g not in game_ids()]
    if unknown:
        p.error("unknown game %s (known: %s)" % (", ".join(unknown), ", ".join(game_ids())))
    t = time.time()
    escapes, counts = fuzz(games, a.sequences, a.keys, a.seed, a.heap, a.jobs)
    for g in games:
        tried, keys, boots = counts[g]
        print("%-7s %4d sequences, %7d keys, %5d boots (%d of them the launcher's reset after out of memory),"
              " heap %s: %d escapes" % (g, tried, keys, boots, RESETS_AFTER_OOM.get(g, 0), a.heap,
                                        sum(1 for e in escapes if e.game_id == g)))
    print("%d sequences tried, %d keys, %d escapes, %.0f s" % (
        sum(c[0] for c in counts.values()), sum(c[1] for c in counts.values()), len(escapes), time.time() - t))
    return 1 if escapes else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
