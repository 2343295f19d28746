"""Apply a scripted scenario to a game's rules core.

    python tools/scenario.py FILE.json

FILE.json:
    {"game": "clever", "players": 2, "options": {...}, "seed": 1,  (or "rng": [hi, lo]:
                                                the generator's state, for a recorded game)
     "note": "what the rulebook example shows",
     "steps": [
        {"force": [3, 5, 1]},                   # forced random outcomes, consumed in order
        {"do": "Y 3", "as": 0},                 # a player action in the game's notation
        {"do": "R 9", "expect": "refused", "reason": "part of the reason"},
        {"check": {"key": value}}               # the state summary must contain this subset
     ],
     "final": {"scores": [..], "winners": [..]}}   # optional

Prints one JSON line per step: `ok` or `refused` with the reason, and the state
summary; then a final line with scores. Exit status 1 when any expectation in
the file fails, with an `EXPECT` line saying which.
"""
import sys
import json

try:
    import _path
except ImportError:
    from tools import _path

from core.rng import Rng
from core.jsonout import dumps
from core.rules import Illegal


def _contains(whole, part):
    if isinstance(part, dict):
        if not isinstance(whole, dict):
            return False
        for k in part:
            if k not in whole or not _contains(whole[k], part[k]):
                return False
        return True
    if isinstance(part, (list, tuple)) and isinstance(whole, (list, tuple)):
        if len(part) != len(whole):
            return False
        for i in range(len(part)):
            if not _contains(whole[i], part[i]):
                return False
        return True
    return whole == part


def run(spec, out=print):
    """Run a scenario dict; return the list of failed expectations (strings)."""
    rules, _bot = _path.game_modules(spec["game"])
    rng = Rng(spec.get("seed", 1))
    if "rng" in spec:  # a recorded game: the exact random stream it was recorded with
        rng.setstate(spec["rng"])
    game = rules.Game(spec.get("players", rules.MIN_PLAYERS), spec.get("options"), rng)
    started = False
    failures = []
    steps = spec.get("steps", [])
    for i in range(len(steps)):
        step = steps[i]
        line = {"step": i}
        if "force" in step:
            game.force(step["force"])
            line["force"] = step["force"]
            out(dumps(line))
            continue
        if not started:
            game.start()
            started = True
            game.pop_events()
        if "do" in step:
            line["do"] = step["do"]
            line["seat"] = game.to_act()
            if "as" in step and step["as"] != game.to_act():
                failures.append("step %d: expected seat %d to act, not %d" % (i, step["as"], game.to_act()))
            try:
                game.apply(step["do"])
                line["result"] = "ok"  # pyright: ignore[reportArgumentType]  -- a transcript line mixes str and int values
            except Illegal as e:
                line["result"] = "refused"  # pyright: ignore[reportArgumentType]  -- a transcript line mixes str and int values
                line["reason"] = e.reason  # pyright: ignore[reportArgumentType]  -- a transcript line mixes str and int values
            expect = step.get("expect", "ok")
            if line["result"] != expect:
                failures.append("step %d: %s gave %s%s, expected %s" % (
                    i, step["do"], line["result"], (" (" + line["reason"] + ")") if "reason" in line else "", expect))  # pyright: ignore[reportOperatorIssue]  -- a transcript line mixes str and int values
            if "reason" in step and step["reason"] not in line.get("reason", ""):
                failures.append("step %d: reason %r does not contain %r" % (i, line.get("reason"), step["reason"]))
            events = game.pop_events()
            if events:
                line["events"] = events
        summary = game.summary()
        line["state"] = summary
        if "check" in step and not _contains(summary, step["check"]):
            failures.append("step %d: state does not match %s" % (i, dumps(step["check"])))
        out(dumps(line))
    if not started:
        game.start()
    final = {"scores": game.scores(), "winners": game.winners(), "over": game.is_over()}
    out(dumps({"final": final}))
    if "final" in spec and not _contains(final, spec["final"]):
        failures.append("final %s does not match %s" % (dumps(final), dumps(spec["final"])))
    for f in failures:
        out("EXPECT " + f)
    return failures


def main(argv):
    if len(argv) != 1:
        print("usage: scenario.py FILE.json")
        sys.exit(2)
    try:
        with open(argv[0]) as f:
            spec = json.load(f)
    except (OSError, ValueError) as e:
        print("scenario: cannot read %s: %s" % (argv[0], e))
        sys.exit(2)
    failures = run(spec)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main(sys.argv[1:])
