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

SEQUENCES = 40     # per game: 200 sequences over the catalogue, about 5 minutes on 2 busy cores
KEYS = 400


@pytest.fixture(scope="module")
def tree():
    mpy.require()
    return fuzz.compiled_tree()


# Of the keys pressed, the part that went to the game under test (its app running): the
# walks start or resume it and the keys stay there but for a chance save and quit, the
# game's end or the strolls in the launcher. The dice roller is left by B (one key in
# eight), so about half of its keys are the launcher's. Measured: 81-87 % for the table
# games, 46 % for the dice roller (6 sequences of 400 keys each).
IN_GAME = {"dice": 0.35}
IN_GAME_TABLE = 0.7


@pytest.mark.parametrize("game_id", fuzz.game_ids())
def test_random_keys_never_crash_or_trap_the_console(game_id, tree):
    reports = []
    escapes, counts = fuzz.fuzz([game_id], SEQUENCES, KEYS, seed=1, out=reports.append)
    c = counts[game_id]
    assert not escapes, "\n".join(e.report(fuzz.sequence_keys(game_id, e.seed, KEYS)) for e in escapes)
    assert c["sequences"] == SEQUENCES and c["boots"] > SEQUENCES  # games were really started, after resets
    assert c["walks"] >= SEQUENCES and c["lost"] == 0, c
    # the watched games (every seat a computer player) play on to their end screens
    assert c["ended"] > 0 or not fuzz.entry(game_id).has_setup, c
    share = c["ingame"] / c["pressed"]
    assert share > IN_GAME.get(game_id, IN_GAME_TABLE), "%s: %d of %d keys in the game (%s)" % (
        game_id, c["ingame"], c["pressed"], c)


# Below the console's cap, where the games run out of memory (on 2026-12-02, in 6
# sequences of 400 keys each at 240K, harness included: Clever Kids 104 Out of memory
# screens, Dizzle 163, Cookie Party 115, the games played 31-49 % of the keys; Word
# Cards runs out as it starts, at every try). 55 KB below until text on the display was
# drawn straight into its buffer (core.font.use_display: no FrameBuffer a glyph) and
# show() lost its block views: Clever Kids then no longer ran out there; 75 KB below. The console must show it and go on, in a
# game and outside one: the kind of fault issue 13's third bug was (the launcher's
# MemoryError after a Cookie Party game ended main.py; the pre-kit firmware fails so
# below its cap with --oom-shown, see tests/fuzz.py).
TIGHT = 75      # KB below the console's heap (cap plus the harness allowance)
TIGHT_SEQUENCES = 6


@pytest.mark.parametrize("game_id", fuzz.game_ids())
def test_below_the_cap_out_of_memory_is_shown_and_the_console_goes_on(game_id, tree):
    exe = fuzz.micropython()
    heap = "%dK" % (int(fuzz.console_heap(exe, tree)[:-1]) - TIGHT)
    escapes, counts = fuzz.fuzz([game_id], TIGHT_SEQUENCES, KEYS, seed=101, heap=heap, oom_shown=True)
    c = counts[game_id]
    assert not escapes, "\n".join(e.report(fuzz.sequence_keys(game_id, e.seed, KEYS)) for e in escapes)
    assert c["sequences"] == TIGHT_SEQUENCES and c["boots"] > TIGHT_SEQUENCES, c
    if fuzz.entry(game_id).has_setup:
        assert c["oomshown"] > 0, c     # the heap is tight enough that games run out


def test_the_harness_allowance_is_small_and_plausible(tree):
    # the harness's modules and objects share the capped heap with the firmware; the fuzz
    # adds them to the console's cap (fuzz.console_heap). A harness that grows must not
    # eat the console's budget unseen, nor may the probe measure nothing.
    exe = fuzz.micropython()
    allowance = fuzz.harness_allowance(exe, tree)
    low, high = fuzz.HARNESS_LIMITS
    assert low <= allowance <= high, "harness allowance %d bytes" % allowance
    heap = fuzz.console_heap(exe, tree)
    assert heap == "%dK" % (int(fuzz.CONSOLE_HEAP[:-1]) + -(-allowance // 1024))


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
        found, _stats = fuzz.run_sequence(exe, planted, "dice", seed, 600, fuzz.console_heap(exe, tree))
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
    assert a[0].startswith("walk:")     # each sequence starts by walking to its game
    many = fuzz.sequence_keys("dizzle", 1, 4000)
    assert {"A", "B", "MENU", "UP", "DOWN", "LEFT", "RIGHT", "walk:quit"} <= set(many)
    walks = set(k.split(":")[1] for k in many if k.startswith("walk:"))
    assert walks == set(fuzz.WALKS)     # resume or new, new over a save (yes and no), save and quit
    codes = fuzz.key_codes(many)
    assert len(codes) == len(many) + sum(1 for k in many if k.startswith("walk:") and k != "walk:quit")


def test_with_oom_shown_a_game_that_runs_out_is_survived_not_failed(tree, tmp_path):
    # --oom-shown: the session's own Out of memory screen is shown as on a console and
    # the keys go on; the console that survives it (the launcher again) passes
    planted = str(tmp_path / "fw")
    shutil.copytree(tree, planted)
    app = os.path.join(planted, "games", "dice")
    os.remove(os.path.join(app, "app.mpy"))
    with open(os.path.join(app, "app.py"), "w") as f:
        f.write("from hal.keys import K_A, K_B\n\n\n" + PLANTED["hoards"])
    exe = fuzz.micropython()
    found, stats = fuzz.run_sequence(exe, planted, "dice", 1, 300, fuzz.console_heap(exe, tree), oom_shown=True)
    assert found is None, found.report(fuzz.sequence_keys("dice", 1, 300))
    assert stats["oomshown"] > 0 and stats["boots"] > 1, stats
