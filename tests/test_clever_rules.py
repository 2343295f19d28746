"""Clever Kids: rulebook scenarios, data build, scoring, refusals, options."""
import json
import os

import pytest

import scenario_files
import build_clever_data
from core.rng import Rng
from core.rules import Illegal
from core.jsonout import dumps
import games.clever.sheet as S
from games.clever import rules as R
from games.clever import data as D

HERE = os.path.dirname(os.path.abspath(__file__))
NAMES = scenario_files.names("clever")


def test_there_are_scenarios():
    assert len(NAMES) >= 15


@pytest.mark.parametrize("name", NAMES)
def test_scenario(name):
    spec = scenario_files.run("clever", name)
    # every scenario states what it checks
    assert any("check" in st or "expect" in st for st in spec["steps"]) or "final" in spec


def test_data_py_is_fresh_build():
    with open(build_clever_data.DST) as f:
        current = f.read()
    assert current == build_clever_data.build(build_clever_data.load_spec())


def test_data_copy_is_verbatim_spec():
    root = os.path.dirname(HERE)
    with open(os.path.join(root, "data", "clever.json")) as f:
        spec = json.load(f)
    assert spec["game"] == "Clever Kids"
    assert spec["sheet"]["totals"]["fields"]["all"] == 43


def test_data_totals():
    faces = [f for die in D.DICE for f in die]
    assert len(D.DICE) == 5 and len(faces) == 30
    assert faces.count(0) == 3
    cols = [D.SYM_COLOUR[f] for f in faces if f]
    assert [cols.count(c) for c in range(4)] == [7, 6, 4, 10]
    full = [len(D.YELLOW_SYM), len(D.RED_CANDLES)] + [len(r) for r in D.BLUE_REW]
    assert full == [12, 10, 3, 3, 3]
    assert sum(D.RED_CANDLES) == 15 and D.RED_CANDLES[-1] == 3
    # a complete sheet holds all 18 stars
    s = full + [S.GFULL]
    assert S.stars(s) == 18
    assert S.area_stars(s) == [4, 4, 4, 6]


def sheet(y=0, r=0, b=(0, 0, 0), g=()):
    """Sheet from the spec's notation: g = 1-based (row, col) pairs."""
    m = 0
    for row, col in g:
        m |= 1 << ((row - 1) * S.GC + col - 1)
    return [y, r] + list(b) + [m]


def test_t9_scoring_and_ties():
    # spec T9: A Y=7 R=2 B=(3,0,0) G = left column + row 1 -> 7 stars
    a = sheet(7, 2, (3, 0, 0), [(1, 1), (2, 1), (3, 1), (1, 2), (1, 3), (1, 4)])
    assert S.area_stars(a) == [2, 1, 2, 2]
    assert S.stars(a) == 7
    g = R.Game(3, None, Rng(1))
    g.sheets[0] = a
    g.sheets[2] = sheet(4, 6)                                # 1 + 2
    assert g.scores()[2] == 3
    g.sheets[1] = sheet(7, 2, (3, 0, 0), [(1, 1), (2, 1), (3, 1), (1, 2), (1, 3), (1, 4)])
    g.over = True
    assert g.scores() == [7, 7, 3]
    assert g.winners() == [0, 1]


def test_green_row_and_column_both_pay():
    s = sheet(g=[(1, 1), (1, 2), (1, 3), (2, 1), (3, 1)])
    got, bonus = S.mark(s, S.GI, 3)          # present 1-4 completes row 1 (star)
    assert got == 1 and bonus == []
    s = sheet(g=[(1, 2), (2, 2), (2, 1), (2, 3), (2, 4)])
    got, bonus = S.mark(s, S.GI, 2 * S.GC + 1)   # present 3-2: column 2 (yellow bonus)
    assert got == 0 and bonus == [0]


def test_options_notation():
    n = [0] * S.NSYM
    n[0] = 2                                  # two jokers
    n[D.SYM_NAMES.index("R:candle")] = 1
    assert S.options(sheet(r=1), 1, n) == ["R2 J", "R2 JJ"]
    assert S.options(sheet(r=9), 1, n) == ["R10 JJ"]
    n2 = [0] * S.NSYM
    n2[D.SYM_NAMES.index("B:donut")] = 3
    n2[0] = 1
    assert S.options(sheet(b=(3, 1, 0)), 3, n2) == ["B22", "B22 J"]
    for a in ["Y3", "R10 JJ", "G34 J", "B22", "B31 JJ"]:
        assert S.parse(a) is not None
    for a in ["Y", "G44", "G5", "B4", "B41", "Y3 X", "Y3  J", "R2 J J", "", "done"]:
        assert S.parse(a) is None, a
    assert S.label("G23 J") == "present 2-3 +J"
    assert S.label("B") == "blue"


def new_game(n=2, opts=None, sheets=None, dice=None, seed=1):
    g = R.Game(n, opts, Rng(seed))
    for i, s in enumerate(sheets or []):
        g.sheets[i] = list(s)
    if dice:
        g.force(dice)
    g.start()
    g.pop_events()
    return g


def refused(g, action, part):
    before = dumps(g.to_save())
    with pytest.raises(Illegal) as e:
        g.apply(action)
    assert part in e.value.reason, e.value.reason
    assert dumps(g.to_save()) == before          # nothing changed
    return e.value.reason


OLIVIA = ["Y:red_heart", "R:candle", "G:present", "Y:green", "B:cupcake"]


def test_refusals_pick_phase():
    g = R.Game(2, None, Rng(1))
    with pytest.raises(Illegal) as e:
        g.apply("Y")
    assert "not started" in e.value.reason
    g = new_game(sheets=[sheet(r=10)], dice=OLIVIA)
    refused(g, "pass", "The roller must use a colour")
    refused(g, "R", "Your red area is full")
    refused(g, "Q", "First pick a colour")
    refused(g, "G11", "First pick a colour")
    refused(g, "done", "First pick a colour")
    refused(g, "B", "Nothing fits in blue")
    refused(g, 7, "First pick a colour")
    g.apply("Y")
    refused(g, "Y", "Nothing fits in yellow")            # other player: green is not next
    refused(g, "B", "Nothing fits in blue")


def test_refusals_cross_phase():
    g = new_game(dice=["JOKER", "R:candle", "JOKER", "G:present", "B:cupcake"])
    g.apply("R")
    assert g.legal_actions() == ["R1", "R1 J"]
    refused(g, "done", "Cross at least one first")
    refused(g, "pass", "Cross a symbol or say done")
    refused(g, "skip", "Cross a symbol or say done")
    refused(g, "G11", "Now only red can be crossed")
    refused(g, "R2", "Left to right: next is wagon 1")
    refused(g, "R1 JJ", "You can use 1 joker here")
    refused(g, "R1 JJJ", "You can use 1 joker here")
    refused(g, "hello", "I don't understand")
    g.apply("R1")
    assert g.legal_actions() == ["R2 JJ", "done"]
    refused(g, "R2", "wagon 2 needs 2 candle, you have 0")
    refused(g, "R2 J", "wagon 2 needs 2 candle, you have 1")
    g2 = new_game(dice=["G:present", "G:present", "G:present", "G:present", "B:cupcake"])
    g2.apply("G")
    g2.apply("G11")
    refused(g2, "G11", "That present is already crossed")
    refused(g2, "G11 J", "That present is already crossed")
    refused(g2, "G12 J", "You can use 0 jokers here")
    g3 = new_game(sheets=[sheet(b=(3, 0, 0))], dice=["B:cupcake", "B:donut", "JOKER", "B:donut", "B:cake"])
    g3.apply("B")
    assert g3.legal_actions() == ["B21", "B21 J", "B31 J"]
    refused(g3, "B11", "That row is full")
    refused(g3, "B22", "Left to right: next is donut 1")
    refused(g3, "B31", "cake 1 needs 2 cake, you have 1")


def test_refusals_bonus_and_over():
    g = new_game(dice=["B:cupcake", "B:cake", "G:present", "B:cupcake", "B:cake"])
    g.apply("B")                       # a choice: cupcakes or cakes
    g.apply("B11")
    g.apply("B31")                     # cake pair too; now bonuses: yellow (auto), green (choice)
    assert g.phase == "bonus" and g.pending == [2]
    refused(g, "skip", "Bonus crosses are always made")
    refused(g, "done", "Bonus crosses are always made")
    refused(g, "G11 J", "A bonus cross needs no dice")
    refused(g, "Y2", "Now only green can be crossed")
    g.apply("G11")
    assert g.sheets[0] == sheet(1, 0, (1, 0, 1), [(1, 1)])
    g.over = True
    g.phase = "over"
    refused(g, "Y", "The game is over")


def test_active_must_use_all_dice_option():
    g = new_game(opts={"active_may_decline": False}, dice=["G:present"] * 4 + ["B:cupcake"])
    g.apply("G")
    g.apply("G11")
    refused(g, "done", "You must use every die that fits")


def test_bonus_lost_when_area_full():
    g = new_game(sheets=[sheet(y=12)], dice=["B:cupcake", "B:donut", "G:present", "B:cupcake", "R:candle"])
    g.apply("B")                       # cupcake pair -> yellow bonus, but yellow is full
    ev = g.pop_events()
    assert "P1: yellow bonus lost" in ev


def test_end_rule_round():
    # 3 players, seat 1 fills green in turn 2: with end_rule=round seat 2 still rolls
    for rule, turns in (("turn", 2), ("round", 3)):
        g = R.Game(3, {"end_rule": rule}, Rng(5))
        g.sheets[1] = sheet(g=[(r, c) for r in (1, 2, 3) for c in (1, 2, 3, 4) if (r, c) != (3, 4)])
        g.force(["Y:red_heart", "R:candle", "R:candle", "R:candle", "R:candle"])
        g.start()
        g.force(["G:present", "R:candle", "R:candle", "R:candle", "R:candle"])
        g.apply("Y")                   # P1 heart; P2, P3 take red or pass
        while g.turn == 1:
            g.apply("pass")
        g.apply("G")                   # P2 completes green (auto: last present)
        assert g.ending
        while not g.over:
            g.apply(g.legal_actions()[0])
        assert g.turn == turns, rule
        assert S.sheet_info(g.sheets[1])["G"] == ["xxxx"] * 3


def test_start_player_random_uses_rng():
    seen = set()
    for seed in range(1, 30):
        g = R.Game(4, {"start_player": "random"}, Rng(seed))
        g.start()
        seen.add(g.active)
    assert seen == {0, 1, 2, 3}


def test_bad_options_and_players():
    with pytest.raises(ValueError):
        R.Game(5)
    with pytest.raises(ValueError):
        R.Game(0)
    with pytest.raises(ValueError):
        R.Game(2, {"end_rule": "never"})
    with pytest.raises(ValueError):
        R.Game(2, {"colour_blind": True})
    g = R.Game(2, {"bonus_skip": "yes", "end_rule": "round"})
    assert g.opts["bonus_skip"] is True
    with pytest.raises(ValueError):
        g.force(["Y:purple"])
    g.force(["Y:blue"])                # not on D1
    with pytest.raises(ValueError):
        g.start()


def test_contract_constants():
    assert R.GAME_ID == "clever" and len(R.TITLE) <= 16
    assert R.MIN_PLAYERS == 1 and R.MAX_PLAYERS == 4
    names = [o[0] for o in R.OPTIONS]
    assert len(names) == len(set(names))
    for name, default, allowed, help_text in R.OPTIONS:
        assert default in allowed and help_text


def test_summary_is_json_and_solo_rating():
    g = new_game(n=1, dice=OLIVIA)
    s = g.summary()
    json.dumps(s)
    assert s["rating"] == "party pooper"
    assert [S.rating(n) for n in (0, 8, 9, 10, 11, 13, 15, 18)] == [
        "party pooper", "party pooper", "guest", "guest", "party star", "birthday child",
        "party king/queen", "party king/queen"]
