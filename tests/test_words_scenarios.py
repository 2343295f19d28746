"""Every Word Cards scenario (rulebook examples and the spec's test scenarios) passes."""
import json
import os

import pytest

import scenario

DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "scenarios", "words")
FILES = sorted(f for f in os.listdir(DIR) if f.endswith(".json"))


def test_there_are_scenarios():
    names = " ".join(FILES)
    for tag in ("t1_", "t2_", "t3_", "t4_", "t5_", "t6_", "t7_", "t8_", "t9_", "t10_", "t11_"):
        assert tag in names, tag


@pytest.mark.parametrize("name", FILES)
def test_scenario(name):
    with open(os.path.join(DIR, name)) as f:
        spec = json.load(f)
    assert spec["game"] == "words" and spec.get("note")
    lines = []
    failures = scenario.run(spec, out=lines.append)
    assert failures == [], "\n".join(lines)
    # every file has at least one expectation that could fail
    assert any("check" in s or "expect" in s or "reason" in s for s in spec["steps"]) or "final" in spec
