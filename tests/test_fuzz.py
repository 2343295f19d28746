"""The key fuzz (tests/fuzz.py) in `make test`: a short share of random button
sequences for every game, through the real launcher under the MicroPython unix port
with the console's heap cap; `make fuzz` runs the long one.

The planted-bug tests prove the fuzz fails where it must: a game that raises, one that
answers B by opening another screen (nesting without bound), one that eats the heap,
and one that ends the interpreter, each is caught and reported with what reproduces it.
"""
import os
import shutil

import pytest

import fuzz
import mpy

SEQUENCES = 40     # per game: 200 sequences over the catalogue, about 2 minutes on 2 cores
KEYS = 400


@pytest.fixture(scope="module")
def tree():
    mpy.require()
    return fuzz.compiled_tree()


@pytest.mark.parametrize("game_id", fuzz.game_ids())
def test_random_keys_never_crash_or_trap_the_console(game_id, tree):
    reports = []
    escapes, counts = fuzz.fuzz([game_id], SEQUENCES, KEYS, seed=1, out=reports.append)
    tried, keys, boots = counts[game_id]
    assert tried == SEQUENCES and boots > SEQUENCES  # games were really started, after resets
    assert not escapes, "\n".join(reports)


PLANTED = {
    # A on the dice roller's first screen raises, as a bug in a game would
    "raises": ("def run(ctx, setup, saved):\n"
               "    while not ctx.ui.wait_key() & K_A:\n        pass\n"
               "    raise IndexError('planted')\n"),
    # B opens the screen again instead of going back: each B nests one level deeper
    "nests": ("def run(ctx, setup, saved):\n    screen(ctx)\n\n\n"
              "def screen(ctx):\n    while True:\n        k = ctx.ui.wait_key()\n"
              "        if k & K_B:\n            screen(ctx)\n"),
    # every key keeps 2 KB for ever
    "hoards": ("HOARD = []\n\n\ndef run(ctx, setup, saved):\n    while True:\n"
               "        ctx.ui.wait_key()\n        HOARD.append(bytearray(2048))\n"),
    # a fault the firmware cannot catch (BaseException) ends the interpreter
    "dies": ("def run(ctx, setup, saved):\n    ctx.ui.wait_key()\n    raise SystemExit(3)\n"),
}
EXPECTED = {"raises": "fault screen 'Game stopped", "nests": "screens nested too deep",
            "hoards": "out of memory", "dies": "interpreter died"}


@pytest.mark.parametrize("bug", sorted(PLANTED))
def test_the_fuzz_finds_a_planted_bug_and_says_how_to_reproduce_it(bug, tree, tmp_path):
    planted = str(tmp_path / "fw")
    shutil.copytree(tree, planted)
    app = os.path.join(planted, "games", "dice")
    os.remove(os.path.join(app, "app.mpy"))
    with open(os.path.join(app, "app.py"), "w") as f:
        f.write("from hal.keys import K_A, K_B\n\n\n" + PLANTED[bug])
    exe = fuzz.micropython()
    found = None
    for seed in range(1, 6):
        found, _boots = fuzz.run_sequence(exe, planted, "dice", seed, 600)
        if found is not None:
            break
    assert found is not None, "the fuzz missed a planted bug (%s)" % bug
    assert found.what.startswith(EXPECTED[bug]), found.what
    report = found.report(fuzz.sequence_keys("dice", found.seed, 600))
    assert "reproduce: python tests/fuzz.py --games dice --seed %d" % found.seed in report
    assert 0 < found.used <= 600


def test_a_sequence_is_the_same_for_the_same_seed_and_differs_between_seeds():
    a = fuzz.sequence_keys("words", 3, 900)
    assert a == fuzz.sequence_keys("words", 3, 900) and len(a) == 900
    assert a != fuzz.sequence_keys("words", 4, 900)
    assert a[:len(fuzz.walk_to("words"))] == fuzz.walk_to("words")
    assert {"A", "B", "MENU", "UP", "DOWN", "LEFT", "RIGHT"} <= set(fuzz.sequence_keys("dizzle", 1, 4000))
