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
