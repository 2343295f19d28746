"""Dizzle: every scenario in tests/scenarios/dizzle (the rulebook's worked examples
and the spec's test scenarios, fitted to data/dizzle.json) runs with all its
expectations met. T9 (full sheet) and T10 (scoring) need prepared sheets and
are unit tests in test_dizzle_rules.py."""
import json
import os

import pytest
import scenario
import scenario_files

FILES = scenario_files.names("dizzle")


def test_the_rulebook_examples_are_all_there():
    names = set(f.split("_")[0] for f in FILES)
    for t in ("t1", "t2", "t3", "t4", "t4b", "t5", "t6", "t7", "t8", "t8b"):
        assert t in names, t


@pytest.mark.parametrize("name", FILES)
def test_scenario(name):
    spec = scenario_files.run("dizzle", name)
    assert spec.get("note")
    assert any("check" in s or "expect" in s for s in spec["steps"]) or "final" in spec


def test_a_wrong_expectation_fails():
    # the scenarios can fail: the same file with one wrong expectation reports it
    with open(os.path.join(scenario_files.ROOT, "dizzle", "t5_nick_marks.json")) as f:
        spec = json.load(f)
    spec["steps"][-1]["check"]["scores"] = [3]
    assert scenario.run(spec, out=lambda line: None)
