"""The link protocol's RAM, measured in the MicroPython unix port (tests/link_heap.py on
the precompiled firmware, as a console loads it): the steady work of a link allocates
nothing, and the module and a channel stay within their budgets.

Figures on this 64-bit unix port: core.link 13.8 KB (16.0 KB before core.linkstate was
split off), core.linkstate 3.9 KB more while linking (let go of once linked), a Channel
with its buffers 3.4 KB (on the 32-bit WebAssembly port, docs/link.md, before the split:
12.7 KB and 1.6 KB)."""
import os
import subprocess

import pytest
import mpy

MODULE_BUDGET = 14 * 1024 + 512    # what stays loaded during play
STATE_BUDGET = 4 * 1024 + 512      # core.linkstate, loaded only while linking
CHANNEL_BUDGET = 3600


@pytest.fixture(scope="module")
def figures(tmp_path_factory):
    import build
    exe = mpy.require()
    env = dict(os.environ)
    env["PP_FIRMWARE"] = build.mpy_tree(str(tmp_path_factory.mktemp("mpy")))
    r = subprocess.run([exe, "-X", "heapsize=256K", "tests/link_heap.py"], cwd=mpy.ROOT, capture_output=True,
                       text=True, timeout=120, env=env)
    assert r.returncode == 0, r.stdout + r.stderr
    out = {}
    for line in r.stdout.splitlines():
        if line.startswith("LINKHEAP "):
            _, name, value = line.split()
            out[name] = int(value)
    return out


@pytest.mark.parametrize("what", ["idle_poll_x1000", "heartbeat_x100", "send_and_receive_action_x100",
                                  "receive_action_x4"])
def test_the_link_at_work_allocates_nothing(figures, what):
    assert figures[what] == 0


def test_module_and_channel_within_budget(figures):
    assert 0 < figures["module"] <= MODULE_BUDGET, figures
    assert 0 < figures["state_module"] <= STATE_BUDGET, figures
    assert 0 < figures["channel"] <= CHANNEL_BUDGET, figures
