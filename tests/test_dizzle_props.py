"""Dizzle properties: random legal play (all player counts, all levels, several
options) never breaks an invariant and always ends; saving and resuming
anywhere, mid-turn included, plays on exactly like the uninterrupted game."""
import json

import pytest
from core.jsonout import dumps
from core.rng import Rng
from games.dizzle.sheets import EMPTY, XED, DIE, BOOM, START
from games.dizzle import bot
from games.dizzle.rules import Game

MAX_ACTIONS = 3000


def check(g, seen_x):
    """Every invariant of a Dizzle game; seen_x: per seat, cells that were X (only grows)."""
    n = g.n
    assert g.phase in ("take", "back", "planet", "over")
    acts = g.legal_actions()
    if g.phase == "over":
        assert g.to_act() == -1 and acts == [] and g.pool == []
    else:
        assert 0 <= g.to_act() < n and acts and acts == sorted(acts)
        if g.phase == "take":
            fits = [a for a in acts if a[0].isdigit()]
            assert (fits and len(fits) == len(acts)) or acts in (["drop"], ["drop", "roll"])
    assert g.pool == sorted(g.pool) and all(1 <= v <= 6 for v in g.pool)
    if g.phase in ("take", "back"):
        assert len(g.pool) + sum(len(p) for p in g.placed) == g.ndice
        assert g.pool, "an empty table ends the turn"
    else:
        assert not any(g.placed)
    if g.phase == "back":
        assert len(g.placed[g.cur]) > 1
    if g.phase == "planet":
        assert g.pending and len(g.free_planets(g.pending[0])) > 1
    if g.phase == "take" and g.last >= 0:
        assert n > 1 and g.active.count(True) == 1 and g.active[g.last] and g.cur == g.last
    if g.phase in ("take", "back"):
        assert g.active[g.cur]
    bombs = set(g.of("*"))
    for p in range(n):
        sh = g.sheets[p]
        assert len(set(g.placed[p])) == len(g.placed[p])
        assert sorted(i for i in range(g.ncells) if sh[i] == DIE) == sorted(g.placed[p])
        for i in range(g.ncells):
            assert sh[i] in (EMPTY, XED, DIE, BOOM)
            if g.pips[i] == 0:
                assert sh[i] == EMPTY
            if g.pips[i] == START:
                assert sh[i] == XED
            if sh[i] == BOOM:
                assert i in bombs
                assert (n > 1 and any(g.sheets[q][i] == XED for q in range(n) if q != p)) or \
                       (n == 1 and g.opts["solo_bomb"] == "explode")
            if sh[i] == XED:
                seen_x[p].add(i)
        assert all(sh[i] == XED for i in seen_x[p]), "an X disappeared"
        for _colour, keys, locks in g.level_sheet.keys:
            if any(sh[i] in (XED, DIE) for i in locks):
                assert any(sh[i] == XED for i in keys), "a lock was used without its key"
        for f in range(len(g.flags)):
            assert (g.tiers[p][f] > 0) == (sh[g.flags[f][0]] == XED)
        b = g.breakdown(p)
        assert b[-1] == ("total", sum(v for _l, v in b[:-1])) and g.scores()[p] == b[-1][1]
    for f in range(len(g.flags)):
        assert g.flagged[f] == any(g.tiers[p][f] for p in range(n))
    started = g.turn + (0 if g.phase == "over" else 1)
    assert sum(g.ticks) == started and max(g.ticks) - min(g.ticks) <= 1
    assert g.round_no() == min(g.turn // n + 1, g.rounds)
    json.loads(dumps(g.summary()))


def random_game(n, seed, level, **opts):
    opts["level"] = level
    g = Game(n, opts, Rng(seed))
    r = Rng(seed * 7 + 1)
    g.start()
    seen_x = [set() for _ in range(n)]
    check(g, seen_x)
    k = 0
    while not g.is_over():
        acts = g.legal_actions()
        if acts[-1] == "roll" and r.randbelow(3):
            a = "drop"               # roll again now and then, so games end
        else:
            a = r.choice(acts)
        g.apply(a)
        for ev in g.pop_events():
            assert 0 < len(ev) < 60, ev
        check(g, seen_x)
        k += 1
        assert k < MAX_ACTIONS, "the game does not end"
    assert g.turn == g.rounds * n or any(
        all(g.sheets[p][i] != EMPTY for i in range(g.ncells) if 0 < g.pips[i] < START) for p in range(n))
    w = g.winners()
    assert w and all(g.scores()[i] == max(g.scores()) for i in w)
    return g


@pytest.mark.parametrize("n", [1, 2, 3, 4])
@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_random_play_keeps_every_invariant(n, level):
    for seed in range(4):
        random_game(n, seed + 100 * level + 10 * n, level)


@pytest.mark.parametrize("opts", [{"cluster": "newest"}, {"rerolls": 1}, {"start": -1},
                                  {"solo_bomb": "explode", "bomb_rnd": 3}, {"flag_rnd": 1}])
def test_random_play_with_options(opts):
    for n in (1, 2, 4):
        for level in (1, 3):
            random_game(n, 7 + n + level, level, **dict(opts))


def test_random_play_hypothesis():
    hyp = pytest.importorskip("hypothesis")
    st = hyp.strategies

    @hyp.settings(max_examples=25, deadline=None)
    @hyp.given(st.integers(1, 4), st.integers(0, 10 ** 6), st.integers(1, 4))
    def run(n, seed, level):
        random_game(n, seed, level)
    run()


# ------------------------------------------------------------- save / resume
def play(g, levels, brng, limit=None, log=None):
    """Bots play on from the current state; returns the transcript lines."""
    k = 0
    while not g.is_over() and (limit is None or k < limit):
        seat = g.to_act()
        a = bot.choose(g, levels[seat], brng)
        g.apply(a)
        if log is not None:
            log.append("P%d %s" % (seat, a))
            log.extend(g.pop_events())
        k += 1
    return log


@pytest.mark.parametrize("n,level,seed", [(1, 3, 1), (2, 2, 2), (3, 4, 3), (4, 1, 4), (2, 3, 5)])
def test_resume_anywhere_plays_on_identically(n, level, seed):
    levels = ["normal", "easy", "normal", "easy"][:n]
    g = Game(n, {"level": level}, Rng(seed))
    g.start()
    full = play(g, levels, Rng(seed ^ 0x5A5A), log=list(g.pop_events()))
    total = sum(1 for line in full if line[0] == "P" and line[2] == " ")
    phases = set()
    for k in sorted(set([0, 1, 2, 3, 5, 8, 13, total // 3, total // 2, total - 2, total - 1])):
        g = Game(n, {"level": level}, Rng(seed))
        g.start()
        brng = Rng(seed ^ 0x5A5A)
        head = play(g, levels, brng, limit=k, log=list(g.pop_events()))
        phases.add(g.phase)
        saved = json.loads(json.dumps(g.to_save()))
        g2 = Game.from_save(saved)
        assert dumps(g2.to_save()) == dumps(g.to_save())
        b2 = Rng(1)
        b2.setstate(brng.getstate())
        tail = play(g2, levels, b2, log=list(g2.pop_events()))
        assert head + tail == full, "resumed at action %d" % k
        assert g2.scores() == g.scores() or not g.is_over()
    assert "take" in phases


def test_resume_in_the_back_and_planet_phases():
    # a planet choice (Level 3 rockets) and a give-back choice, saved and resumed
    g = Game(1, {"level": 3}, Rng(3))
    g.force([2, 4, 5, 3, 3, 3, 3, 3])
    g.start()
    for a in ("4@4,3", "2@3,3", "5@3,4", "drop"):
        g.apply(a)
    assert g.phase == "planet"
    g2 = Game.from_save(json.loads(json.dumps(g.to_save())))
    assert g2.legal_actions() == g.legal_actions() and g2.to_act() == 0
    g.apply("planet@1,1")
    g2.apply("planet@1,1")
    assert dumps(g.to_save()) == dumps(g2.to_save())
    g = Game(1, {"level": 1}, Rng(4))
    g.force([1, 3, 4, 4, 4, 5, 5, 5])
    g.start()
    for i in (27, 26, 28, 18):
        g.sheets[0][i] = XED
    for a in ("3@2,7", "1@2,8", "4@1,7"):
        g.apply(a)
    g.force([4, 4, 5, 5, 5])
    g.apply("roll")
    assert g.phase == "back"
    g2 = Game.from_save(json.loads(json.dumps(g.to_save())))
    assert g2.phase == "back" and g2.legal_actions() == g.legal_actions()
    for x in (g, g2):
        x.force([6, 6, 6, 6, 6, 6, 6, 6])
        x.apply("back@2,8")
    assert dumps(g.to_save()) == dumps(g2.to_save())


def test_save_includes_forced_values_and_rng():
    g = Game(2, None, Rng(9))
    g.start()
    g.force([1, 2, 3])
    s = g.to_save()
    assert s["forced"] == [1, 2, 3] and s["rng"] == list(g.rng.getstate())
    with pytest.raises(ValueError):
        Game.from_save({"game": "clever"})


def test_the_invariant_checker_catches_broken_states():
    g = Game(2, None, Rng(1))
    g.start()
    for breakit in (lambda x: x.pool.reverse() if x.pool[0] != x.pool[-1] else x.pool.append(0),
                    lambda x: x.sheets[0].__setitem__(32, EMPTY),          # the start field (4,3)
                    lambda x: x.sheets[1].__setitem__(0, DIE),             # a die nobody placed
                    lambda x: x.tiers[0].__setitem__(0, 1) if x.tiers[0] else x.ticks.append(1)):
        h = Game.from_save(g.to_save())
        breakit(h)
        with pytest.raises(AssertionError):
            check(h, [set(), set()])
