"""Cookie Party: random legal play never breaks an invariant and always ends;
save/resume anywhere (also mid-turn) continues identically."""
import pytest

from core.rng import Rng
from games.cookie import rules as R
from games.cookie import bot as B
from games.cookie import data as D
import games.cookie.state as PKG

CHIPS = D.CHIPS


def sides_of(s):
    return [D.SPACE_SEGS[4 * s + k] for k in range(4)]


def check_invariants(g, before=None):
    """Raise AssertionError when the state breaks a rule of the game."""
    n = g.n
    assert g.phase in PKG.DECISIONS or g.phase == "over", g.phase
    assert 0 <= g.seat < n or g.phase == "over"
    assert len(g.level) == g.nt and all(0 <= x <= 2 for x in g.level)
    for p in range(n):
        w, cr, ch = g.walls[p], g.crossed[p], g.chip_at[p]
        assert len(w) == 84 and len(cr) == 36 and len(ch) == 36
        assert all(x in (0, 1, 2) for x in w)
        # walls never disappear; crosses never disappear
        if before is not None:
            bw, bcr = before["walls"][p], before["crossed"][p]
            for i in range(84):
                assert not bw[i] or w[i] == bw[i]
            for s in range(36):
                assert not bcr[s] or cr[s]
        # a space is crossed exactly when its four walls are there
        for s in range(36):
            closed = all(w[i] for i in sides_of(s))
            assert bool(cr[s]) == closed, (p, s)
            # chips lie only on free spaces
            if ch[s]:
                assert not cr[s], (p, s)
        # each chip is in exactly one place
        if g.phase != "place" or g.seat > p:
            on = sorted(v for v in ch if v)
            assert len(on) == len(set(on))
            pend = g.pending if (p == g.seat and g.phase != "over") else []
            for v in CHIPS:
                places = (v in on) + (g.gone[p][v] != 0) + (v in pend)
                assert places == 1, (p, v, on, list(g.gone[p]), pend)
            for v in CHIPS:
                if g.gone[p][v] == 1:
                    assert any(c[3] == v for c in g.claims[p])
        # drink bars
        assert 0 <= g.bars[p] <= 3
        if g.bars[p] == 3:
            assert g.phase == "bonus" and g.seat == p
        # score is the sum of the claims; claimed tasks are complete
        assert g.score[p] == sum(c[2] for c in g.claims[p])
        seen = set()
        for t, slot, pts, chip, rnd in g.claims[p]:
            assert t not in seen
            seen.add(t)
            assert g.task_complete(p, t)
            assert g.done[p][t] == pts == g.tasks[t].points[slot]
        for t in range(g.nt):
            assert bool(g.done[p][t]) == (t in seen)
    # slots: a task's occupied slots = number of earlier rounds with claims
    for t in range(g.nt):
        rounds = set()
        for p in range(n):
            for c in g.claims[p]:
                if c[0] == t:
                    rounds.add(c[4])
        finished = set(r for r in rounds if r < g.round or g.phase == "over")
        if g.phase == "over":
            assert g.level[t] == min(2, len(rounds))
        else:
            assert g.level[t] == min(2, len(finished)), (t, rounds, g.round)
        # claims of one round share the slot; the slot index grows by round
        for p in range(n):
            for c in g.claims[p]:
                if c[0] == t:
                    earlier = len(set(r for r in rounds if r < c[4]))
                    assert c[1] == min(2, earlier)
    if g.phase == "over":
        assert max(g.score) >= g.threshold or all(not g.free_walls(p) for p in range(n))
        assert g.winners() == [p for p in range(n) if g.score[p] == max(g.score)]
    else:
        assert g.winners() == []
        assert g.to_act() == g.seat
        acts = g.legal_actions()
        assert acts and acts == sorted(acts) and len(set(acts)) == len(acts)


def snapshot(g):
    return {"walls": [bytes(x) for x in g.walls], "crossed": [bytes(x) for x in g.crossed]}


def random_game(n, seed, opts=None, check=True, max_actions=6000):
    g = R.Game(n, opts, Rng(seed))
    g.start()
    r = Rng(seed * 7 + 3)
    count = 0
    while not g.is_over():
        before = snapshot(g)
        acts = g.legal_actions()
        a = r.choice(acts)
        # random play must end: take the drink wall, rarely step back
        if a == "skip" or (a == "back" and r.randbelow(4)):
            a = acts[0]
        g.apply(a)
        g.pop_events()
        if check:
            check_invariants(g, before)
        count += 1
        assert count < max_actions, "game did not end"
    return g, count


OPTION_SETS = [
    None,
    {"setup": "free"},
    {"side": "yellow"},
    {"side": "yellow", "setup": "free", "frame": True},
    {"thresholds": "25", "bonus_optional": False},
]


@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("k", range(len(OPTION_SETS)))
def test_random_play_keeps_invariants(n, k):
    for seed in range(1, 3):
        g, count = random_game(n, seed * 31 + k + n, OPTION_SETS[k])
        assert g.is_over()


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_bot_games_keep_invariants_and_end(n):
    for seed in range(1, 4):
        g = R.Game(n, {"setup": "free"} if seed % 2 else None, Rng(seed))
        g.start()
        br = Rng(seed)
        levels = ["normal", "easy"]
        steps = 0
        while not g.is_over():
            before = snapshot(g)
            a = B.choose(g, levels[g.to_act() % 2], br)
            assert a in g.legal_actions()
            g.apply(a)
            check_invariants(g, before)
            steps += 1
            assert steps < 5000


def test_many_random_games_end():
    # no invariant checks, just many seeds: every game ends
    for seed in range(60):
        n = 2 + seed % 4
        g, count = random_game(n, 1000 + seed, OPTION_SETS[seed % len(OPTION_SETS)], check=False)
        assert g.is_over()


def _bot_transcript(game, bot_rng, stop=None):
    out = []
    while not game.is_over() and (stop is None or len(out) < stop):
        lv = ("normal", "easy")[game.to_act() % 2]
        a = B.choose(game, lv, bot_rng)
        game.apply(a)
        out.append((a, tuple(game.pop_events())))
    return out


@pytest.mark.parametrize("n,opts", [(2, None), (4, {"setup": "free", "side": "yellow"}), (5, None)])
def test_save_resume_anywhere(n, opts):
    import json
    g = R.Game(n, opts, Rng(n * 13 + 1))
    g.start()
    g.pop_events()
    br = Rng(99)
    full = []
    saves = []
    # save at many points, including mid-turn (walls half drawn, relocations,
    # a chip picked for the optional move, claims waiting)
    while not g.is_over():
        if len(full) % 7 == 0 or g.phase in ("walls", "relocate", "target", "claim", "bonus"):
            saves.append((len(full), json.dumps(g.to_save()), br.getstate(), g.summary()))
        full += _bot_transcript(g, br, stop=1)
    final = (g.scores(), g.winners())
    phases = set(json.loads(s[1])["phase"] for s in saves)
    assert {"walls", "relocate", "move"} <= phases
    pick = saves[::max(1, len(saves) // 10)]
    for ph in sorted(phases):
        pick.append([x for x in saves if json.loads(x[1])["phase"] == ph][-1])
    for cut, text, state, summary in pick:
        g3 = R.Game.from_save(json.loads(text))
        assert g3.summary() == summary
        br3 = Rng(1)
        br3.setstate(state)
        tail = _bot_transcript(g3, br3)
        assert full[:cut] + tail == full, cut
        assert (g3.scores(), g3.winners()) == final


def test_save_keeps_forced_values_and_events():
    g = R.Game(2, None, Rng(5))
    g.force([3, 4, 1, 1])
    g.start()
    d = g.to_save()
    g2 = R.Game.from_save(d)
    assert g2.pop_events() == g.pop_events()
    assert g2.forced == g.forced == [1, 1]
    assert g2.roll_sum() == 7


def test_save_is_plain_json_types():
    g = R.Game(3, {"setup": "free"}, Rng(2))
    g.start()
    g.apply("put 1 1")

    def walk(x):
        if isinstance(x, dict):
            for k in x:
                assert isinstance(k, str)
                walk(x[k])
        elif isinstance(x, list):
            for i in x:
                walk(i)
        else:
            assert x is None or isinstance(x, (int, str, bool)), type(x)
    walk(g.to_save())
    walk(g.summary())
    g2 = R.Game.from_save(g.to_save())
    assert g2.legal_actions() == g.legal_actions()
    with pytest.raises(ValueError):
        R.Game.from_save({"game": "dizzle"})
