"""A linked game through the real apps in two MicroPython unix-port processes, over a pipe
(tools/headless.py --pipe: sim.pipe.PipeEnd on two fifos), at the console's heap cap
(tests/fuzz.py CONSOLE_HEAP, the harness's own heap beside it): the table kit's link (core.linkplay, core.link) beside
Word Cards, the largest game (sim.pipe, the harness's cable end, counts as the bench counts the
headless harness: in the heap). Both consoles boot straight into the linked game (the
launch slot, as after the launcher's reset); the host runs the computer players, the
guest applies what comes over the cable."""
import os
import subprocess

import pytest
import mpy
from core.saves import Saves
from core.session import LAUNCH
from hal.storage import FileStorage
from test_link_pipe import finish
from test_link_play import link_setup

ROOT = mpy.ROOT
TIMEOUT = 600
# Measured (64-bit unix port, this harness, two easy computers, seed 9; docs/link.md,
# "Memory"): the game alone peaks at 237 KB live and needs a 241-242K heap; linked it
# peaked at 269.5 KB and needed 276-280K with core.link whole (16 KB), core.linkplay
# whole and sim.cable's pipe end (7.8 KB); with core.linkstate and core.linkcheck
# loaded only for their moments, the lean sim.pipe end (2.2 KB) and no core.undo (a
# linked game offers no Undo), 256.5-256.8 KB, and it needs 263-266K.
# Against the console's budget: the heap here also holds this harness, which a console
# does not load (tests/harness_probe.py measures the key fuzz's: tools/headless.py 16.4 KB,
# sim.keyscript 5.0, tools/_path 1.8 and their objects 4.6; here sim.pipe's 2.2 KB
# besides, and no fuzz_boot): about 30 KB, so the firmware's share of a 280K run is
# about 250K, inside the console's 260K (tests/fuzz.py CONSOLE_HEAP; the fuzz runs at
# fuzz.console_heap(), the cap plus its own harness).
@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    """The firmware precompiled, and the simulator's modules headless.py needs beside it."""
    import build
    out = build.mpy_tree(str(tmp_path_factory.mktemp("mpy")))
    os.makedirs(os.path.join(out, "sim"), exist_ok=True)
    for name in ("__init__", "pipe", "keyscript"):
        subprocess.run([build.mpy_cross(), "-o", os.path.join(out, "sim", name + ".mpy"),
                        os.path.join(ROOT, "sim", name + ".py")], check=True)
    return out


# The game's run is at 280K, 14-17K over the smallest heap measured: the two processes'
# timing over the pipe changes what is allocated when, so the smallest heap that
# completes moves by some KB from run to run (at 280K, 0-4K over the smallest then, it
# once ran out of memory in a full `make test` on a busy machine)
@pytest.mark.parametrize("heap", ["280K"])
def test_a_linked_word_cards_game_under_micropython_on_both_consoles(tree, tmp_path, heap):
    exe = mpy.require()
    a2b, b2a = str(tmp_path / "a2b"), str(tmp_path / "b2a")
    os.mkfifo(a2b)
    os.mkfifo(b2a)
    procs = []
    for side, host in (("a", True), ("b", False)):
        folder = tmp_path / side
        folder.mkdir()
        Saves(FileStorage(str(folder))).save(LAUNCH, {"game": "words", "setup": link_setup(
            ["easy", "easy"], "aa", host, 9)})
        procs.append(subprocess.Popen(
            [exe, "-X", "heapsize=" + heap, "tools/headless.py", "--pipe", "%s,%s,%s" % (a2b, b2a, side),
             "--saves", str(folder), "--mem", "--seed", "3" if host else "4"],
            cwd=ROOT, env=dict(os.environ, PP_FIRMWARE=tree), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            text=True))
    outs = finish(procs, TIMEOUT)
    for rc, out in outs:
        assert rc == 0 and "out of memory" not in out and "Traceback" not in out, out[-2000:]
        lines = out.strip().splitlines()
        assert lines[-1].startswith("DONE") and lines[-2].startswith("MEM peak_alloc="), out[-2000:]
    # the same last frame on both: the end screen of the same game
    last = [[line for line in out.splitlines() if line.startswith("FRAME")][-1].split()[2] for _rc, out in outs]
    assert last[0] == last[1]
