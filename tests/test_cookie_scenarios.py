"""Cookie Party: every scenario in tests/scenarios/cookie (the rulebook's worked
examples, fitted to data/cookie.json) runs with all its expectations met."""
import json
import os

import pytest
import scenario

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "scenarios", "cookie")
FILES = sorted(f for f in os.listdir(HERE) if f.endswith(".json"))


def test_the_rulebook_examples_are_all_there():
    names = set(f.split("_")[0] for f in FILES)
    for t in ("t1", "t2", "t3", "t4", "t6", "t8", "t9", "t10", "t11", "refusals.json"):
        assert t in names, t


@pytest.mark.parametrize("name", FILES)
def test_scenario(name):
    with open(os.path.join(HERE, name)) as f:
        spec = json.load(f)
    assert spec["game"] == "cookie" and spec.get("note")
    lines = []
    failures = scenario.run(spec, out=lines.append)
    assert failures == [], "\n".join(failures + lines[-3:])
    # every scenario checks something beyond "it ran"
    assert any("check" in s or "expect" in s for s in spec["steps"]) or "final" in spec
