"""Every Word Cards scenario (rulebook examples and the spec's test scenarios) passes."""
import pytest
import scenario_files

FILES = scenario_files.names("words")


def test_there_are_scenarios():
    names = " ".join(FILES)
    for tag in ("t1_", "t2_", "t3_", "t4_", "t5_", "t6_", "t7_", "t8_", "t9_", "t10_", "t11_"):
        assert tag in names, tag


@pytest.mark.parametrize("name", FILES)
def test_scenario(name):
    spec = scenario_files.run("words", name)
    assert spec.get("note")
    # every file has at least one expectation that could fail
    assert any("check" in s or "expect" in s or "reason" in s for s in spec["steps"]) or "final" in spec
