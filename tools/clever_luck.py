"""How much of a 2-player Clever Kids game can a better player win? (issue 15; docs/clever.md,
"How much a stronger player can win".) Benchmark only, CPython, never on the console.

    python tools/clever_luck.py [--seeds N] [--first S] [--ref TOPxFUTURES] [--phases pick,cross]

Plays normal against itself over seeds S..S+N-1 (seats alternating as tools/bench.py's
strength_pair does, the "challenger" copy on seat 0 on odd seeds) and prints:
  * the copy's wins, ties and 95% interval: the figure an identical player gets on these seeds
    (what any hard level must be compared with, not 50%);
  * who ended the game (filled an area first) and how often that player won;
  * how often the player ahead in stars a quarter, half, three quarters into the game won;
  * the final star margins.
With --ref, the challenger is instead tools/ref_clever.py with TOP candidates and FUTURES
play-outs to the game's end per colour pick, and the wins are also compared seed by seed with
the copy's (the same dice, the same seat).
"""
import sys

try:
    import _path  # noqa: F401
except ImportError:
    from tools import _path  # noqa: F401

from core.rng import Rng
from games.clever import bot, rules as R
from bench import wilson


def play(seed, challenger, ref=None):
    """(challenger's result 2 won / 1 shared / 0 lost, margin, ender seat's result, lead
    snapshots) of one game, challenger on seat 0 on odd seeds."""
    cseat = 0 if seed % 2 else 1
    g = R.Game(2, None, Rng(seed))
    brng = Rng(seed ^ 0x5A5A)
    g.start()
    ender = -1
    snaps = []
    turn = g.turn
    while not g.is_over():
        if g.seat == cseat and ref is not None:
            a = ref.choose(g, "ref", brng)
        else:
            a = bot.choose(g, "normal", brng)
        was = g.ending
        seat = g.seat
        g.apply(a)
        if g.ending and not was:
            ender = seat
        g.events = []
        if g.turn != turn and not g.is_over():
            turn = g.turn
            snaps.append(g.scores())
    sc = g.scores()
    w = g.winners()
    res = lambda p: 2 if w == [p] else 1 if p in w else 0
    return res(cseat), sc[cseat] - sc[1 - cseat], (res(ender) if ender >= 0 else -1), snaps, w


def pct(k, n):
    lo, hi = wilson(k, n)
    return "%d/%d = %.1f%% [%.1f-%.1f]" % (k, n, 100.0 * k / max(n, 1), 100 * lo, 100 * hi)


def main(argv):
    seeds, first, ref = 500, 1, None
    phases = None
    i = 0
    while i < len(argv):
        if argv[i] == "--seeds":
            seeds = int(argv[i + 1])
        elif argv[i] == "--first":
            first = int(argv[i + 1])
        elif argv[i] == "--ref":
            ref = argv[i + 1]
        elif argv[i] == "--phases":
            phases = tuple(argv[i + 1].split(","))
        else:
            raise SystemExit(__doc__)
        i += 2
    rng = range(first, first + seeds)
    copy = [play(s, "normal") for s in rng]
    n = len(copy)
    won = sum(c[0] == 2 for c in copy)
    print("normal vs a copy of normal, seeds %d-%d, seats alternating:" % (first, first + seeds - 1))
    print("  the copy wins %s, ties %d" % (pct(won, n), sum(c[0] == 1 for c in copy)))
    ended = [c for c in copy if c[2] >= 0]
    print("  the player who filled an area first won %s" % pct(sum(c[2] == 2 for c in ended), len(ended)))
    for f in (0.25, 0.5, 0.75):
        k = t = 0
        for c in copy:
            if len(c[4]) == 1 and c[3]:
                sc = c[3][int(f * len(c[3]))]
                if sc[0] != sc[1]:
                    t += 1
                    k += (0 if sc[0] > sc[1] else 1) == c[4][0]
        print("  ahead in stars %d%% into the game, won: %s" % (int(100 * f), pct(k, t)))
    hist = {}
    for c in copy:
        hist[abs(c[1])] = hist.get(abs(c[1]), 0) + 1
    print("  final margins (stars: games): " + ", ".join("%d: %d" % (k, hist[k]) for k in sorted(hist)))
    if ref:
        import ref_clever
        top, fut = ref.split("x")
        ref_clever.TOP, ref_clever.FUTURES = int(top), int(fut)
        if phases:
            ref_clever.PHASES = phases
        out = []
        for s in rng:
            out.append(play(s, "ref", ref_clever))
            sys.stdout.flush()
        rw = sum(c[0] == 2 for c in out)
        print("ref (%s, %s) vs normal: wins %s, ties %d" % (ref, ",".join(ref_clever.PHASES), pct(rw, n),
                                                           sum(c[0] == 1 for c in out)))
        print("  on the same seeds and seats the copy won %d; ref won %d the copy lost, lost %d it won" % (
            won, sum(o[0] == 2 and c[0] != 2 for o, c in zip(out, copy)),
            sum(o[0] != 2 and c[0] == 2 for o, c in zip(out, copy))))


if __name__ == "__main__":
    main(sys.argv[1:])
