"""Cookie Party data: data.py is a fresh build of data/cookie.json, and the
tables hold what the spec's checked totals say."""
import json
import os

import build_cookie_data
from games.cookie import data as D

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_committed_data_py_equals_a_fresh_build():
    with open(os.path.join(ROOT, "data", "cookie.json")) as f:
        spec = json.load(f)
    with open(os.path.join(ROOT, "firmware", "games", "cookie", "data.py")) as f:
        committed = f.read()
    assert build_cookie_data.build(spec) == committed, "run tools/build_cookie_data.py"
    assert build_cookie_data.main(["--check"]) == 0


def test_checked_totals():
    assert D.CHIPS == tuple(range(2, 13)) and len(D.SEG_SPACES) == 2 * 84 and D.BARS == 3
    assert D.THRESHOLDS[2:] == (25, 22, 20, 19)
    blue, yellow = D.SIDES
    assert blue[0] == "blue" and yellow[0] == "yellow"
    for side in D.SIDES:
        assert len(side[1]) == 36 and sum(side[2]) == 10 and len(side[5]) == 6 and len(side[6]) == 9
        assert len(side[8].split("|")) == 9
    assert blue[1].count("C") == 15 and all(blue[1].count(k) == 3 for k in "BDGJMSW")
    assert len(blue[3]) == 11 and blue[4] == blue[3]
    assert yellow[3] == b"" and len(yellow[4]) == 11
    counts = dict((k, yellow[1].count(k)) for k in "CWGSJMPBD")
    assert counts == {"C": 10, "W": 5, "G": 4, "S": 4, "J": 3, "M": 3, "P": 3, "B": 2, "D": 2}
    # the 10 red spaces on yellow are its 10 plain cookies
    assert sorted(i for i in range(36) if yellow[2][i]) == [i for i in range(36) if yellow[1][i] == "C"]


def test_geometry_tables():
    for s in range(36):
        r, c = divmod(s, 6)
        top, bottom, left, right = D.SPACE_SEGS[4 * s:4 * s + 4]
        assert (top, bottom, left, right) == (r * 6 + c, (r + 1) * 6 + c, 42 + r * 7 + c, 42 + r * 7 + c + 1)
        for i in (top, bottom, left, right):
            assert s in (D.SEG_SPACES[2 * i], D.SEG_SPACES[2 * i + 1])
    edge = [i for i in range(84) if D.SEG_SPACES[2 * i + 1] == 255]
    assert sorted(edge) == list(D.FRAME) and len(edge) == 24
    assert len(D.LINES) == 72 and D.LINES[:6] == bytes(range(6)) and D.LINES[66:] == bytes(range(5, 36, 6))
