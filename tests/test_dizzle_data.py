"""Dizzle data: the committed data.py is a fresh build of data/dizzle.json, the
project's copy of the spec data, and the tables say what the spec says."""
import json
import os

import build_dizzle_data
from games.dizzle import data

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_data_py_is_a_fresh_build():
    with open(os.path.join(ROOT, "firmware", "games", "dizzle", "data.py")) as f:
        assert f.read() == build_dizzle_data.build(), "run tools/build_dizzle_data.py"


def test_build_is_deterministic():
    assert build_dizzle_data.build() == build_dizzle_data.build()


def test_setup_table_matches_the_rulebook():
    # one player 8 dice 10 rounds, two 7/6, three 10/4, four 13/3
    assert data.SETUP == ((8, 10), (7, 6), (10, 4), (13, 3))
    assert (data.MIN_PLAYERS, data.MAX_PLAYERS) == (1, 4)


def test_levels_match_the_json_and_the_summary():
    with open(os.path.join(ROOT, "data", "dizzle.json")) as f:
        spec = json.load(f)
    assert len(data.LEVELS) == 4
    for k in range(4):
        lv = data.LEVELS[k]
        js = spec["levels"][str(k + 1)]
        summ = spec["levelSummary"][str(k + 1)]
        rows, cols = lv[1], lv[2]
        assert (rows, cols) == (summ["rows"], summ["cols"])
        assert lv[3].decode() == "".join(js["pips"]) and lv[4].decode() == "".join(js["symbols"])
        pips = lv[3].decode()
        assert sum(ch in "123456" for ch in pips) == summ["pipFields"]
        assert pips.count("X") == summ["startFields"] and pips.count(".") == summ["voids"]
        assert [g[0] for g in lv[5]] == [js["puzzles"][g] for g in sorted(js["puzzles"])]
        assert [g[0] for g in lv[6]] == [js["row_bonus"][r] for r in sorted(js["row_bonus"], key=int)]
        assert [g[0] for g in lv[7]] == [js["col_bonus"][c] for c in sorted(js["col_bonus"], key=int)]
        # bonus rows / columns list every field of the line, voids left out
        for g, r in zip(lv[6], sorted(js["row_bonus"], key=int)):
            assert list(g[1:]) == [int(r) * cols + c for c in range(cols) if pips[int(r) * cols + c] != "."]
        assert (lv[8], lv[9]) == (js["bomb_penalty"], js["pile_penalty"])
        assert [tuple(f) for f in lv[10]] == [(f["row"] * cols + f["col"], f["first"], f["later"]) for f in js["flags"]]


def test_level2_keys_and_locks():
    lv = data.LEVELS[1]
    cols = lv[2]
    keys = dict((c, (list(k), list(l))) for c, k, l in lv[11])
    assert keys["yellow"] == ([3 * cols + 3], [1, 1 * cols + 0])
    assert keys["blue"] == ([5 * cols + 7], [6 * cols + 9, 7 * cols + 8])
    assert keys["red"] == ([7 * cols + 0], [8, 1 * cols + 9])


def test_symbol_names():
    for ch, name in (("*", "bomb"), ("1", "gem 1"), ("A", "puzzle A"), ("y", "yellow key"),
                     ("Y", "yellow lock"), ("~", "brown pile"), ("o", "planet"), ("^", "rocket")):
        assert "|" + ch + name + "|" in data.NAMES
