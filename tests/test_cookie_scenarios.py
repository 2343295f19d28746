"""Cookie Party: every scenario in tests/scenarios/cookie (the rulebook's worked
examples, fitted to data/cookie.json) runs with all its expectations met."""
import pytest
import scenario_files

FILES = scenario_files.names("cookie")


def test_the_rulebook_examples_are_all_there():
    names = set(f.split("_")[0] for f in FILES)
    for t in ("t1", "t2", "t3", "t4", "t6", "t8", "t9", "t10", "t11", "refusals.json"):
        assert t in names, t


@pytest.mark.parametrize("name", FILES)
def test_scenario(name):
    spec = scenario_files.run("cookie", name)
    assert spec.get("note")
    # every scenario checks something beyond "it ran"
    assert any("check" in s or "expect" in s for s in spec["steps"]) or "final" in spec
