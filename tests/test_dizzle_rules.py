"""Dizzle rules core: refusals (with their reasons, state unchanged), why_not(),
options, special fields, the end of the game and scoring (spec T8-T10)."""
import json

import pytest
from core.jsonout import dumps
from core.rng import Rng
from core.rules import Illegal
from games.dizzle import rules
from games.dizzle.sheets import EMPTY, XED, DIE, BOOM
from games.dizzle import texts
from games.dizzle.rules import Game


def new(n=1, level=1, dice=None, seed=1, **opts):
    opts["level"] = level
    g = Game(n, opts, Rng(seed))
    if dice:
        g.force(dice)
    g.start()
    g.pop_events()
    return g


def cell(g, r, c):
    return r * g.cols + c


def cross(g, seat, *rcs):
    for r, c in rcs:
        g.sheets[seat][cell(g, r, c)] = XED


def refused(g, action, reason):
    before = dumps(g.to_save())
    with pytest.raises(Illegal) as e:
        g.apply(action)
    assert reason in e.value.reason, e.value.reason
    assert dumps(g.to_save()) == before, "a refused action changed the state"


# ------------------------------------------------------------------ setup
def test_setup_by_player_count():
    for n, dice, rounds in ((1, 8, 10), (2, 7, 6), (3, 10, 4), (4, 13, 3)):
        g = new(n)
        assert (g.ndice, g.rounds) == (dice, rounds)
        assert len(g.pool) == dice and g.pool == sorted(g.pool)
        assert g.summary()["ticks"] == [1] + [0] * (n - 1)
        assert g.to_act() == 0


def test_start_roll_is_announced_sorted():
    g = Game(2, None, Rng(1))
    g.force([6, 1, 5, 2, 4, 3, 3])
    g.start()
    assert g.pool == [1, 2, 3, 3, 4, 5, 6]
    assert g.pop_events() == ["Round 1: P1 rolls 1 2 3 3 4 5 6"]


def test_options_are_checked():
    with pytest.raises(ValueError):
        Game(0)
    with pytest.raises(ValueError):
        Game(5)
    with pytest.raises(ValueError):
        Game(2, {"level": 5})
    with pytest.raises(ValueError):
        Game(2, {"start": 2})
    with pytest.raises(ValueError):
        Game(2, {"colour": 1})
    g = Game(3, {"level": "3", "start": "2"})
    assert g.level == 3 and g.opts["start"] == 2
    assert [o[0] for o in rules.OPTIONS] == ["level", "start", "cluster", "rerolls", "solo_bomb",
                                             "bomb_rnd", "flag_rnd"]


def test_start_player_option():
    g = new(3, start=2)
    assert g.to_act() == 2 and g.summary()["ticks"] == [0, 0, 1]
    seats = set()
    for seed in range(20):
        g = Game(4, {"start": -1}, Rng(seed))
        g.start()
        seats.add(g.starter)
    assert seats == {0, 1, 2, 3}


def test_force_takes_die_faces_only():
    g = Game(1)
    for bad in ([0], [7], ["3"], [None]):
        with pytest.raises(ValueError):
            g.force(bad)


def test_before_start_and_after_the_end():
    g = Game(1)
    assert g.to_act() == -1 and g.legal_actions() == []
    with pytest.raises(Illegal) as e:
        g.apply("roll")
    assert "not started" in e.value.reason
    g = new(1)
    g.phase = "over"
    refused(g, "drop", "The game is over")
    assert g.to_act() == -1 and g.legal_actions() == []


# -------------------------------------------------------------- refusals
def test_refusals_of_placements():
    g = new(1, level=1, dice=[1, 2, 3, 3, 4, 5, 5, 6])
    refused(g, "fly", "Unknown action")
    refused(g, "", "Unknown action")
    refused(g, "9@2,2", "Unknown action")
    refused(g, "5@", "row,column")
    refused(g, "5@a,b", "row,column")
    refused(g, "5@1", "row,column")
    refused(g, "5@11,2", "off the sheet")
    refused(g, "5@2,11", "off the sheet")
    refused(g, "5@0,3", "off the sheet")            # rows and columns count from 1
    refused(g, "5@3,0", "off the sheet")
    refused(g, "5@4,3", "start field")            # start X
    refused(g, "4@3,3", "needs a 5, not a 4")       # bomb field with 5 pips
    refused(g, "5@1,9", "first die must go next to an X")
    g.force([6])
    g.apply("5@3,3")                                # first die next to the start field
    refused(g, "5@3,3", "Your die already lies there")
    refused(g, "3@2,2", "Put it next to your dice from this turn")
    refused(g, "5@4,4", "only jump when your dice are boxed in")


def test_fields_are_written_and_read_counted_from_1():
    # issue 14: "Bomb 4,7" was the 5th row and 8th column; the top left field is 1,1
    g = new(1, level=1, dice=[1, 2, 3, 3, 4, 5, 5, 6])
    assert g.rc(0) == "1,1" and g.rc(g.ncells - 1) == "%d,%d" % (g.rows, g.cols)
    g.pop_events()
    g.apply("5@3,3")                                # the bomb on row 3, column 3 (cell 2 * cols + 2)
    assert g.sheets[0][cell(g, 2, 2)] == DIE
    assert g.pop_events() == ["P1 5 on 3,3 (bomb)"]
    assert "5@3,3" not in g.legal_actions() and all(a.split("@")[1].split(",")[0] != "0"
                                                    for a in g.legal_actions() if "@" in a)


def test_refusals_on_crossed_and_exploded_fields():
    g = new(2, level=1, dice=[1, 1, 1, 1, 1, 1, 1])
    cross(g, 0, (4, 2))
    g.sheets[0][cell(g, 2, 2)] = BOOM
    g.pool = [4, 5, 5]
    refused(g, "5@5,3", "already crossed")
    refused(g, "5@3,3", "bomb blew that field up")
    refused(g, "6@4,4", "There is no 6 on the table")


def test_void_fields_and_locks():
    g = new(1, level=2, dice=[1, 2, 2, 3, 4, 5, 6, 6])
    refused(g, "1@1,5", "There is no field there")
    refused(g, "2@2,1", "yellow lock opens once you have crossed a yellow key")
    refused(g, "3@1,9", "red lock opens")


def test_roll_and_drop_only_when_nothing_fits():
    g = new(1, level=1, dice=[1, 2, 3, 4, 5, 6, 6, 6])
    assert "roll" not in g.legal_actions() and "drop" not in g.legal_actions()
    refused(g, "roll", "A die fits")
    refused(g, "drop", "A die fits")
    refused(g, "back@4,2", "only after an unlucky roll again")
    refused(g, "planet@1,1", "Planets are chosen")


def test_roll_again_limit_option():
    g = new(1, level=1, dice=[4, 4, 4, 4, 6, 6, 6, 6], rerolls=1)
    assert g.legal_actions() == ["drop", "roll"]
    g.force([4, 4, 4, 4, 6, 6, 6, 6])
    g.apply("roll")
    assert g.legal_actions() == ["drop"]
    refused(g, "roll", "No more rolling again this turn")


def test_give_back_phase_refusals_and_choice():
    # Geri: three dice placed, the roll again does not help, she chooses which die goes back
    g = new(1, level=1, dice=[1, 3, 4, 4, 4, 5, 5, 5])
    cross(g, 0, (2, 7), (2, 6), (2, 8), (1, 8))
    for a in ("3@2,7", "1@2,8", "4@1,7"):
        g.apply(a)
    assert g.legal_actions() == ["drop", "roll"]
    g.force([4, 4, 5, 5, 5])
    g.apply("roll")
    assert g.phase == "back" and g.to_act() == 0
    assert g.legal_actions() == ["back@1,7", "back@2,7", "back@2,8"]
    refused(g, "3@2,6", "First give back")
    refused(g, "roll", "First give back")
    refused(g, "planet@1,1", "First give back")
    refused(g, "back@3,7", "None of your dice from this turn lies there")
    g.apply("back@1,7")
    assert g.pool == [4, 4, 4, 5, 5, 5] and g.placed[0] == [cell(g, 1, 6), cell(g, 1, 7)]
    assert g.pop_events()[-1] == "P1 gives back the 4 from 1,7"


def test_a_single_die_goes_back_by_itself():
    g = new(2, level=1, dice=[3, 4, 4, 4, 4, 6, 6])
    g.apply("3@4,2")            # P1
    g.apply("drop")             # P2 cannot place: P1 is last
    assert g.last == 0
    g.pool = [4, 4]             # P1's 3 has free neighbours 6 (3,2) and 1 (5,2), (4,1)
    g.force([4, 4])
    g.apply("roll")
    ev = g.pop_events()
    assert "P1 gives back the 3 from 4,2" in ev
    assert g.turn == 1 and g.sheets[0][cell(g, 3, 1)] == EMPTY   # the turn ended


def test_why_not_explains_and_allows():
    g = new(1, level=2, dice=[2, 2, 3, 4, 5, 6, 6, 6])
    assert g.why_not(3, 3, 1) is None
    assert "needs a 3, not a 2" in g.why_not(2, 3, 1)
    assert "no 1 on the table" in g.why_not(1, 3, 1)
    assert "off the sheet" in g.why_not(3, -1, 1)
    g.apply("3@4,2")
    g.apply("2@4,1")
    # spec T2: any die of this turn counts, not only the newest
    assert g.why_not(4, 2, 1) is None and g.why_not(2, 3, 2) is None
    assert "next to your dice" in g.why_not(5, 0, 3)
    g2 = new(2, level=1)
    assert "P1's go, not yours" in g2.why_not(5, 2, 2, seat=1)


def test_placing_refused_while_a_planet_is_chosen():
    g = new(1, level=3, dice=[2, 4, 5, 3, 3, 3, 3, 3])
    for a in ("4@4,3", "2@3,3", "5@3,4", "drop"):
        g.apply(a)
    assert g.phase == "planet"
    assert g.legal_actions() == ["planet@1,1", "planet@1,11", "planet@8,1", "planet@8,11"]
    refused(g, "3@5,4", "choose a planet")
    refused(g, "drop", "choose a planet")
    refused(g, "back@4,3", "choose a planet")
    refused(g, "planet@1,2", "not a planet")
    cross(g, 0, (0, 0))
    refused(g, "planet@1,1", "already crossed")


# ------------------------------------------------------------- turn flow
def test_solo_player_keeps_taking_until_the_table_is_empty():
    g = new(1, level=1, dice=[3, 1, 6, 3, 5, 1, 4, 2])
    for a in ("3@4,2", "1@4,1", "6@3,2", "3@2,2", "5@2,1", "1@2,3", "4@1,3"):
        g.apply(a)
        assert g.to_act() == 0 and g.last == -1
    g.apply("2@1,2")
    assert g.turn == 1 and g.x_count(0) == 10


def test_last_active_player_gets_one_more_go_after_rolling():
    g = new(2, level=1, dice=[3, 4, 4, 4, 4, 6, 6])
    g.apply("3@4,2")
    g.apply("drop")
    assert g.last == 0 and g.to_act() == 0
    g.pool = [4, 4, 4, 4, 4]
    g.force([6, 4, 4, 4, 4])
    g.apply("roll")                 # a 6 now fits (3,2): must be placed
    assert g.legal_actions() == ["6@3,2"]
    g.apply("6@3,2")
    assert g.turn == 1 and g.starter == 1


def test_turn_order_skips_dropped_players():
    g = new(3, level=1, dice=[3, 3, 3, 3, 2, 2, 2, 2, 1, 1])
    g.apply("3@4,2")     # P1
    g.apply("3@4,2")     # P2
    g.apply("3@4,2")     # P3
    g.pool = [6]         # only a 6 left: P1's 3 on 4,2 is next to the 6 on 3,2
    g.apply("6@3,2")
    assert g.turn == 1   # table empty: the turn is over


def test_end_of_turn_marks_x_and_rounds_advance_per_start_player():
    g = new(2, level=1)
    while g.turn < 3:
        acts = g.legal_actions()
        g.apply(acts[0])
    s = g.summary()
    assert s["round"] == 2 and s["start"] == 1 and s["ticks"] == [2, 2]
    assert all(not p for p in g.placed)
    assert DIE not in g.sheets[0] and DIE not in g.sheets[1]


def test_cluster_option_newest_group():
    for opt, expect in (("any", True), ("newest", False)):
        g = new(1, level=1, dice=[1, 2, 3, 4, 5, 6, 6, 6], cluster=opt)
        # two groups of this turn's dice: an older one at 2,2 and the newest at 5,9
        g.sheets[0][cell(g, 1, 1)] = DIE
        g.sheets[0][cell(g, 4, 8)] = DIE
        g.placed[0] = [cell(g, 1, 1), cell(g, 4, 8)]
        assert (g.why_not(6, 2, 1) is None) == expect      # next to the older die only
        assert g.why_not(5, 4, 9) is None                  # next to the newest die


# --------------------------------------------------------- special fields
def test_bombs_do_not_hit_players_who_crossed_them_too():
    g = new(3, level=1, dice=[5, 5, 6, 6, 6, 6, 6, 6, 6, 6])
    g.apply("5@3,3")          # P1 on the bomb
    g.apply("5@3,3")          # P2 on the same bomb
    cross(g, 2, (4, 7))       # P3 has another bomb crossed already
    g.pool = []
    g.placed[2] = []
    g._end_turn()
    assert g.sheets[0][cell(g, 2, 2)] == XED and g.sheets[1][cell(g, 2, 2)] == XED
    assert g.sheets[2][cell(g, 2, 2)] == BOOM
    assert [g.breakdown(i)[5] for i in range(3)] == [("bombs", 0), ("bombs", 0), ("bombs", -2)]


def test_solo_bombs_option():
    for opt, expect in (("neutral", EMPTY), ("explode", BOOM)):
        g = new(1, level=1, solo_bomb=opt, bomb_rnd=2)
        while g.turn < 2:            # two turns in which nothing is crossed
            g.pool = []
            g._end_turn()
        assert g.sheets[0][cell(g, 2, 2)] == expect


def test_solo_flags_first_tier_by_round():
    for rnd, tier, pts in ((1, 1, 3), (6, 2, 1)):
        g = new(1, level=2, flag_rnd=5)
        g.turn = rnd - 1
        g.sheets[0][cell(g, 4, 9)] = DIE
        g.placed[0] = [cell(g, 4, 9)]
        g.pool = []
        g._end_turn()
        assert g.tiers[0][2] == tier and ("flags", pts) in g.breakdown(0)


def test_flags_crossed_in_the_same_turn_score_first_for_both():
    g = new(2, level=2)
    for p in (0, 1):
        g.sheets[p][cell(g, 1, 5)] = DIE
        g.placed[p] = [cell(g, 1, 5)]
    g.pool = []
    g._end_turn()
    assert g.tiers[0][0] == 1 and g.tiers[1][0] == 1 and g.scores() == [6, 6]


def test_key_opens_every_lock_of_its_colour():
    g = new(1, level=2)
    cross(g, 0, (3, 3))
    assert g.field_problem(0, cell(g, 1, 0)) is None and g.field_problem(0, 1) is None
    assert "red lock" in g.field_problem(0, cell(g, 1, 9))


def test_rocket_with_one_free_planet_is_crossed_by_itself():
    g = new(1, level=3)
    cross(g, 0, (0, 0), (0, 10), (7, 0))
    g.sheets[0][cell(g, 2, 3)] = DIE
    g.placed[0] = [cell(g, 2, 3)]
    g.pool = []
    g._end_turn()
    assert g.sheets[0][cell(g, 7, 10)] == XED and g.phase == "take" and g.turn == 1
    g2 = new(1, level=3)
    for r, c in ((0, 0), (0, 10), (7, 0), (7, 10)):
        cross(g2, 0, (r, c))
    g2.sheets[0][cell(g2, 2, 3)] = DIE
    g2.placed[0] = [cell(g2, 2, 3)]
    g2.pool = []
    g2._end_turn()
    assert "P1's rocket finds no planet" in g2.pop_events()


def test_two_rockets_two_choices_in_turn_order():
    g = new(2, level=3, start=1)
    for p, cells in ((0, [(2, 3)]), (1, [(1, 8), (5, 6)])):
        for r, c in cells:
            g.sheets[p][cell(g, r, c)] = DIE
            g.placed[p].append(cell(g, r, c))
    g.pool = []
    g._end_turn()
    assert g.pending == [1, 1, 0] and g.to_act() == 1
    g.apply("planet@1,1")
    assert g.to_act() == 1
    refused(g, "planet@1,1", "already crossed")
    g.apply("planet@8,11")
    assert g.to_act() == 0
    g.apply("planet@8,11")
    assert g.phase == "take" and g.turn == 1 and g.to_act() == 0


def test_brown_piles_cost_points():
    g = new(1, level=4)
    cross(g, 0, (2, 6), (4, 5))
    assert ("piles", -4) in g.breakdown(0) and g.scores() == [-4]


# ------------------------------------------------------- end and scoring
def test_t9_a_full_sheet_ends_the_game_after_the_turn():
    g = new(2, level=1, dice=[1, 1, 1, 1, 1, 1, 1])
    for i in range(g.ncells):
        if 0 < g.pips[i] < 7:
            g.sheets[0][i] = XED
    g.sheets[0][cell(g, 0, 0)] = EMPTY          # one free field left, a 1 next to X's
    g.apply("1@1,1")                             # P1 fills the sheet
    assert g.phase == "take"                      # the turn goes on
    while g.phase != "over":
        g.apply(g.legal_actions()[0])
    assert g.turn == 1 and "P1's sheet is full: the game ends" in g.pop_events()


def test_t10_scoring_level1():
    g = new(1, level=1)
    cross(g, 0, *[(0, c) for c in range(10)])
    g.sheets[0][cell(g, 2, 2)] = BOOM
    b = dict(g.breakdown(0))
    assert b == {"gems": 5, "puzzles": 0, "rows": 8, "columns": 0, "flags": 0, "bombs": -2, "piles": 0,
                 "total": 11}
    cross(g, 0, (1, 7))
    assert dict(g.breakdown(0))["puzzles"] == 6 and g.scores() == [17]
    # dice lying on fields this turn do not score yet
    g.sheets[0][cell(g, 1, 1)] = DIE
    assert g.scores() == [17]


def test_t8_tie_break_fewer_x_then_shared():
    g = new(2, level=1)
    g.phase = "over"
    cross(g, 0, (0, 0))          # 3 points, 3 X
    cross(g, 1, (6, 0), (5, 0))  # 3 points, 4 X
    assert g.scores() == [3, 3] and g.winners() == [0]
    cross(g, 0, (5, 1))
    assert g.winners() == [0, 1]


def test_winners_empty_while_running():
    assert new(2).winners() == []


# ------------------------------------------------------------ summary etc.
def test_summary_is_json_and_complete():
    g = new(2, level=4)
    s = g.summary()
    json.loads(dumps(s))
    for k in ("phase", "to_act", "level", "turn", "round", "rounds", "start", "pool", "active", "last",
              "ticks", "rerolls", "sheets", "placed", "pending", "flags", "x", "scores"):
        assert k in s
    assert len(s["sheets"][0]) == 9 and len(s["sheets"][0][0]) == 11
    assert s["sheets"][0][3] == "####2126315" and s["sheets"][0][4][6] == "X"


def test_texts_catalogue():
    every = [v for k, v in vars(texts).items() if k.isupper() and isinstance(v, str)]
    assert len(every) == 58 and all(every)
    assert texts.GAME_OVER == "The game is over" and texts.EV_LAST_ONE_IN.startswith("%s is the last one in")
    for t in every:
        assert len(t) < 60
    assert texts.FIELD_TAKEN[XED] == texts.FIELD_CROSSED and texts.FIELD_TAKEN[BOOM] == texts.FIELD_BLOWN
