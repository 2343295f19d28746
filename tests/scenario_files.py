"""The scenario files of a game (tests/scenarios/<game>/*.json), and running one
with tools/scenario.py so that every expectation in it must hold."""
import json
import os

import scenario

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "scenarios")


def names(game):
    return sorted(f for f in os.listdir(os.path.join(ROOT, game)) if f.endswith(".json"))


def run(game, name):
    """Run one file; fail with its unmet expectations. Returns the scenario."""
    with open(os.path.join(ROOT, game, name)) as f:
        spec = json.load(f)
    assert spec["game"] == game
    lines = []
    failures = scenario.run(spec, out=lines.append)
    assert failures == [], "\n".join(failures + lines[-5:])
    return spec
