"""The computer players allocate (next to) nothing while they think, under MicroPython.

Every allocation counts towards the console's next garbage collection (one per 16 KB
allocated, a few ms each on a Pico), so a decision's search must not make lists,
tuples or strings per candidate. MicroPython also puts a function's frame on the heap
when its locals and value stack pass 11 words: the Clever Kids look-ahead's hot
functions must stay under that. Bytes allocated are exact and deterministic (the unix
port's memory statistics), unlike times: this holds the property, tools/bench_decisions.py
prints the figures.
"""
import os
import subprocess

import pytest
import mpy

ROOT = mpy.ROOT
PROBE = os.path.join("tests", "bot_alloc_probe.py")
# The most one normal decision may allocate, over 2 four-player games: the root's
# legal_actions() strings and a few small lists (measured: clever 19 KB, dizzle 50 KB,
# cookie 6 KB), with room to spare; the search itself allocates nothing.
DECISION_BYTES = {"clever": 24 * 1024, "dizzle": 64 * 1024, "cookie": 8 * 1024}


@pytest.fixture(scope="module")
def mpy_env(tmp_path_factory):
    import build
    env = dict(os.environ)
    env["PP_FIRMWARE"] = build.mpy_tree(str(tmp_path_factory.mktemp("mpy")))
    return env


def probe(args, env):
    r = subprocess.run([mpy.require(), "-X", "heapsize=256K", PROBE] + args, cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    return [line.split() for line in r.stdout.splitlines() if line.strip()]


def test_clever_lookahead_functions_allocate_nothing(mpy_env):
    rows = probe(["frames"], mpy_env)
    assert len(rows) >= 25
    allocating = ["%s: %s bytes" % (name, n) for name, n in rows if int(n)]
    assert not allocating, "these allocate (a frame over 11 words, or a list): " + ", ".join(allocating)


@pytest.mark.parametrize("game", sorted(DECISION_BYTES))
def test_a_normal_decision_allocates_little(game, mpy_env):
    rows = probe(["decisions", game, "4", "2"], mpy_env)
    most = int(rows[-1][1])
    assert 0 < most <= DECISION_BYTES[game], "%s: a decision allocated %d bytes" % (game, most)
