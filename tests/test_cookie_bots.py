"""Cookie Party computer players: always legal, deterministic for a given rng,
and normal beats easy in at least 65% of 500 two-player games."""
import time

import selfplay
from core.rng import Rng
from games.cookie import bot as B
from games.cookie import rules as R


def test_levels():
    assert B.LEVELS == ("easy", "normal")


def test_bots_play_only_legal_actions_in_every_phase():
    phases = set()
    for seed in range(6):
        opts = {"setup": "free", "side": ("blue", "yellow")[seed % 2]}
        g = R.Game(2 + seed % 4, opts, Rng(seed))
        g.start()
        br = Rng(seed)
        while not g.is_over():
            lv = B.LEVELS[(g.to_act() + seed) % 2]
            phases.add(g.phase)
            a = B.choose(g, lv, br)
            assert a in g.legal_actions(), (g.phase, a)
            g.apply(a)
    assert {"place", "walls", "relocate", "move", "target", "claim"} <= phases


def test_normal_beats_easy():
    t0 = time.time()
    wins = 0
    games = 500
    for seed in range(1, games + 1):
        levels = ["normal", "easy"] if seed % 2 else ["easy", "normal"]
        r = selfplay.play("cookie", 2, seed, levels, {}, out=lambda s: None)
        seat = 0 if seed % 2 else 1
        if r["winners"] == [seat]:
            wins += 1
    assert wins * 100 >= 65 * games, "normal won %d of %d" % (wins, games)
    print("normal won %d/%d in %.1fs" % (wins, games, time.time() - t0))
