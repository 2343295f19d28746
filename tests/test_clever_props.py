"""Clever Kids: invariants under random legal play, and exact save/resume."""
import json

from hypothesis import given, settings, strategies as st

from core.rng import Rng
from core.rules import Illegal
from core.jsonout import dumps
import games.clever.sheet as S
from games.clever import rules as R
from games.clever import bot as B

OPTION_VALUES = [(name, list(allowed)) for name, _d, allowed, _h in R.OPTIONS]


def check_invariants(g, before=None):
    """Raise AssertionError if the state is inconsistent."""
    assert g.phase in ("pick", "cross", "bonus", "over")
    assert g.over == (g.phase == "over") == (g.to_act() == -1)
    assert len(g.sheets) == g.n
    for s in g.sheets:
        assert len(s) == S.GI + 1
        for l in range(S.GI):
            assert 0 <= s[l] <= len(S.LREW[l])
        assert 0 <= s[S.GI] <= S.GFULL
    if before is not None:                      # crosses are never undone
        for p in range(g.n):
            for l in range(S.GI):
                assert g.sheets[p][l] >= before[p][l]
            assert g.sheets[p][S.GI] & before[p][S.GI] == before[p][S.GI]
    sc = g.scores()
    assert sc == [S.stars(s) for s in g.sheets] and max(sc) <= 18
    assert all(d in range(len(S.data.SYM_NAMES)) for d in g.dice)
    for i in range(S.NDICE):
        assert g.dice[i] in S.data.DICE[i]
        assert not (g.role and g.spent[i] and g.taken[i])
    for e in g.events:
        assert isinstance(e, str) and 0 < len(e) <= 62, e
    if g.over:
        assert g.legal_actions() == []
        assert g.winners() and max(sc) == sc[g.winners()[0]]
        return
    assert g.winners() == []
    assert 0 <= g.seat < g.n and 0 <= g.active < g.n
    assert g.role == (g.seat != g.active or (g.n == 1 and g.role))
    acts = g.legal_actions()
    assert acts and acts == sorted(set(acts))
    if g.phase == "pick":
        assert g.colour == -1 and g.crosses == 0
        assert all(a in ("Y", "R", "G", "B", "pass") for a in acts)
        assert ("pass" in acts) == bool(g.role)
        if not g.role:
            assert g.taken == [0] * S.NDICE
    elif g.phase == "cross":
        assert 0 <= g.colour < 4
        assert any(a != "done" for a in acts) or g.crosses
        assert len(acts) >= 2              # a single forced step is made by itself
    else:
        assert g.pending and all(0 <= c < 4 for c in g.pending)
        assert S.targets(g.sheets[g.seat], g.pending[0])
    if g.ending:
        assert any(S.area_done(s, c) for s in g.sheets for c in range(4))
    else:
        assert not any(S.area_done(s, c) for s in g.sheets for c in range(4))


def random_game(n, seed, opts=None, max_actions=3000):
    g = R.Game(n, opts, Rng(seed))
    g.start()
    r = Rng(seed * 7 + 1)
    check_invariants(g)
    k = 0
    while not g.is_over():
        acts = g.legal_actions()
        if r.randbelow(10) == 0:            # now and then something illegal: refused, no change
            bad = ["Z", "Y99", "G11 JJJJ", "done", "pass", "skip", "B13"][r.randbelow(7)]
            if bad not in acts:
                snap = dumps(g.to_save())
                try:
                    g.apply(bad)
                    raise AssertionError("accepted " + bad)
                except Illegal as e:
                    assert e.reason
                assert dumps(g.to_save()) == snap
        before = [list(s) for s in g.sheets]
        g.apply(acts[r.randbelow(len(acts))])
        check_invariants(g, before)
        k += 1
        assert k < max_actions, "game does not end"
    return g, k


def test_random_play_all_player_counts():
    for n in (1, 2, 3, 4):
        for seed in range(1, 16):
            g, k = random_game(n, seed)
            assert g.is_over() and k > 5


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 4), st.integers(1, 10 ** 6), st.lists(st.integers(0, 1), min_size=7, max_size=7))
def test_random_play_any_options(n, seed, picks):
    opts = {}
    for (name, values), p in zip(OPTION_VALUES, picks):
        opts[name] = values[p % len(values)]
    random_game(n, seed, opts)


def bot_transcript(n, seed, levels, cut_every=0):
    """Play with bots; return (transcript lines, saves at cut points)."""
    g = R.Game(n, None, Rng(seed))
    br = Rng(seed ^ 0x5A5A)
    g.start()
    lines = list(g.pop_events())
    saves = []
    while not g.is_over():
        if cut_every and len(lines) and len(saves) < 200 and (len(lines) % cut_every == 0):
            saves.append((len(lines), json.dumps({"game": g.to_save(), "bot": list(br.getstate())}), g.phase))
        seat = g.to_act()
        a = B.choose(g, levels[seat % len(levels)], br)
        g.apply(a)
        lines.append("P%d %s" % (seat, a))
        lines.extend(g.pop_events())
    lines.append("RESULT %s %s" % (g.scores(), g.winners()))
    return lines, saves


def resume(text, levels):
    d = json.loads(text)
    g = R.Game.from_save(d["game"])
    br = Rng(1)
    br.setstate(d["bot"])
    out = []
    while not g.is_over():
        seat = g.to_act()
        a = B.choose(g, levels[seat % len(levels)], br)
        g.apply(a)
        out.append("P%d %s" % (seat, a))
        out.extend(g.pop_events())
    out.append("RESULT %s %s" % (g.scores(), g.winners()))
    return out


def test_save_resume_anywhere_continues_identically():
    phases = set()
    for n, seed, levels in ((2, 3, ["normal", "easy"]), (4, 11, ["easy"]), (1, 5, ["normal"]), (3, 8, ["easy", "normal"])):
        lines, saves = bot_transcript(n, seed, levels, cut_every=3)
        assert len(saves) > 10
        for at, text, phase in saves:
            phases.add(phase)
            assert resume(text, levels) == lines[at:], (n, seed, at)
    assert phases >= {"pick", "cross", "bonus"}


def test_save_is_plain_json_and_restores_state():
    g, _k = random_game(3, 4)
    g2 = R.Game.from_save(json.loads(json.dumps(g.to_save())))
    assert dumps(g2.summary()) == dumps(g.summary())
    g = R.Game(2, {"end_rule": "round"}, Rng(9))
    g.force(["JOKER", "R:candle"])
    g.start()
    g2 = R.Game.from_save(json.loads(json.dumps(g.to_save())))
    assert g2.opts == g.opts and g2.legal_actions() == g.legal_actions()
