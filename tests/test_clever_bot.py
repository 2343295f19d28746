"""Clever Kids computer players: legal, deterministic, and normal beats easy."""
import time

import selfplay
from core.rng import Rng
from games.clever import rules as R
from games.clever import bot as B


def play(n, seed, levels):
    g = R.Game(n, None, Rng(seed))
    br = Rng(seed ^ 0x5A5A)
    g.start()
    k = 0
    while not g.is_over():
        a = B.choose(g, levels[g.to_act()], br)
        assert a in g.legal_actions()
        g.apply(a)
        k += 1
    return g


def test_levels():
    assert B.LEVELS == ("easy", "normal")


def test_bots_play_every_player_count():
    for n in (1, 2, 3, 4):
        for seed in (1, 2):
            for lv in ("easy", "normal"):
                g = play(n, seed, [lv] * n)
                assert g.is_over() and g.winners()


def test_selfplay_is_deterministic():
    a, b = [], []
    selfplay.play("clever", 3, 7, ["easy", "normal"], None, out=a.append)
    selfplay.play("clever", 3, 7, ["easy", "normal"], None, out=b.append)
    assert a == b and a[-1].startswith("RESULT")


def test_normal_beats_easy():
    """500 two-player games, seats alternating; ties count as not won."""
    t0 = time.time()
    wins = 0
    score = {"easy": 0, "normal": 0}
    for seed in range(1, 501):
        me = seed % 2
        levels = ["easy", "easy"]
        levels[me] = "normal"
        g = play(2, seed, levels)
        wins += g.winners() == [me]
        sc = g.scores()
        score["normal"] += sc[me]
        score["easy"] += sc[1 - me]
    rate = wins * 100 // 500
    print("normal won %d%% (mean stars normal %.2f, easy %.2f) in %.1fs" % (
        rate, score["normal"] / 500.0, score["easy"] / 500.0, time.time() - t0))
    assert rate >= 65


# --- the look-ahead's tables and budget (games/clever/bot*.py) -------------------

import random
from games.clever import botsheet as H


def reference_worth(s, final):
    """A sheet's worth the plain way, from the rules' tables (the formula the tables
    encode): stars, plus each reward still ahead shrunk by 3/4 per symbol still needed,
    plus each unfinished green row and column by how many fields it lacks."""
    v = R.stars(s) * H.STAR
    if final:
        return v
    for l in range(R.GI):
        ahead = 0
        for i in range(len(R.LREW[l]) - 1, s[l] - 1, -1):
            ahead += H.STAR if R.LREW[l][i] == 1 else H.BON * (R.LREW[l][i] > 1)
            for _ in range(R.LNEED[l][i]):
                ahead = ahead * 3 // 4
        v += ahead
    for i in range(R.GR + R.GC):
        k = bin(R.GMASK[i] & ~s[R.GI]).count("1")
        if k:
            v += (H.STAR if R.GREW[i] == 1 else H.BON) * H.GQ[k] // 100
    return v


def random_sheet(rnd):
    return [rnd.randint(0, len(R.LREW[l])) for l in range(R.GI)] + [rnd.getrandbits(R.GR * R.GC)]


def test_value_tables_match_the_plain_formula():
    rnd = random.Random(12)
    for _ in range(3000):
        s = random_sheet(rnd)
        for final in (0, 1):
            assert H.value(s, final) == reference_worth(s, final), (s, final)


def test_best_next_cross_is_the_best_by_value():
    """gbest/lbest rank crosses by what value() gains (ties: lowest bit / fewer jokers, first line)."""
    rnd = random.Random(5)
    for _ in range(1500):
        s = random_sheet(rnd)
        fin = rnd.randint(0, 1)
        free = [b for b in range(R.GR * R.GC) if not s[R.GI] >> b & 1]
        code = H.gbest(s[R.GI], fin, 0)
        if not free:
            assert code < 0
            continue
        worth = [H.value(s[:R.GI] + [s[R.GI] | 1 << b], fin) for b in free]
        assert 15 - (code & 15) == free[worth.index(max(worth))]
        c = rnd.choice((0, 1, 3))
        p = s + [rnd.randint(0, 2) if rnd.random() < 0.5 else 0 for _ in range(R.NSYM)]
        best = None
        for l in range(R.GI):
            if R.LCOL[l] != c or s[l] >= len(R.LREW[l]):
                continue
            k = R.LNEED[l][s[l]]
            j = max(0, k - R.have(p[H.H:], R.LWANT[l][s[l]], c))
            if j <= min(k, p[H.H]):
                t = list(s)
                t[l] += 1
                key = (H.value(t, fin), -j)
                if best is None or key > best[0]:
                    best = (key, l, j)
        code = H.lbest(p, c, fin)
        assert (code < 0) == (best is None)
        if best:
            assert (7 - (code & 7), 7 - (code >> 3 & 7)) == best[1:]


def test_work_budget_bounds_the_search_and_still_answers():
    """A smaller budget searches fewer positions; the answer stays legal. Budgets are
    work counts, never a clock, so CPython and MicroPython choose alike."""
    import importlib
    # the modules as loaded now (an app test may have unloaded and reloaded the game)
    bot = importlib.import_module("games.clever.bot")
    search = importlib.import_module("games.clever.botsearch")
    rules = importlib.import_module("games.clever.rules")
    counted = []
    real_plan = search.plan

    def counting_plan(c, stop):
        counted[-1] += 1
        return real_plan(c, stop)

    saved = bot.WORK["normal"]
    search.plan = counting_plan
    bot.plan = counting_plan
    try:
        for seed in range(7, 27):   # the first decision that searches 30 positions or more
            g = rules.Game(4, None, Rng(seed))
            br = Rng(seed ^ 0x5A5A)
            g.start()
            while not g.is_over():
                counted.append(0)
                a = bot.choose(g, "normal", br)
                if counted[-1] >= 30:
                    break
                g.apply(a)
                g.pop_events()
            if not g.is_over():
                break
        assert not g.is_over(), "no decision searched 30 positions in 20 games"
        counted = []
        for work in (1000, 40, 1):
            bot.WORK["normal"] = work
            counted.append(0)
            assert bot.choose(g, "normal", Rng(1)) in g.legal_actions()
    finally:
        bot.WORK["normal"] = saved
        search.plan = real_plan
        bot.plan = real_plan
    # (a spent budget still values each root action: one position each)
    assert counted[0] > counted[1] > counted[2] and counted[2] <= len(g.legal_actions())


def test_reference_player_samples_the_dice_still_to_be_rolled():
    """tools/ref_clever.py (the benchmark's outside player, docs/clever.md) plays futures
    with dice of its own rng: a copy of the game that rolls other dice next gets the same
    decisions. (Few futures here: the test is about what it reads, not its strength.)"""
    import ref_clever
    futures = ref_clever.FUTURES
    ref_clever.FUTURES = 2
    try:
        g = R.Game(2, None, Rng(5))
        g.start()
        brng = Rng(11)
        picks = 0
        for k in range(30):
            other = R.Game.from_save(g.to_save())
            other.rng = Rng(777 + k)
            state = brng.getstate()
            a = ref_clever.choose(g, "ref", brng)
            assert a in g.legal_actions()
            brng.setstate(state)
            assert ref_clever.choose(other, "ref", brng) == a
            picks += g.phase == "pick" and len(g.legal_actions()) > 1
            g.apply(a)
        assert picks >= 3
    finally:
        ref_clever.FUTURES = futures
