"""Helpers for tests that look at the simulated panel: run a key script, find text, golden frames."""
import os

import sim  # noqa: F401
from sim.console import Console

GOLDEN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden")


def play(keys="", seed=1, saves=None, board="pico"):
    """Boot the launcher, press the keys, return the console (stopped at the next wait)."""
    c = Console(board, seed, keys.split(), saves)
    c.run()
    return c


def rows(panel, width=128, height=64):
    """The panel as strings of '#' and '.', one per pixel row."""
    out = []
    for y in range(height):
        base = (y >> 3) * width
        bit = 1 << (y & 7)
        out.append("".join("#" if panel[base + x] & bit else "." for x in range(width)))
    return out


def _text_rows(s):
    import framebuf
    from core import font
    w = max(1, font.width(s))
    buf = bytearray(w * 8)
    fb = framebuf.FrameBuffer(buf, w, 8, framebuf.MONO_VLSB)
    font.text(fb, s, 0, 0, 1)
    return rows(buf, w, 8)


def has_text(console, s):
    """True if s is drawn on the panel (light on dark, or dark on light)."""
    screen = rows(console.panel())
    want = _text_rows(s)
    for pattern in (want, ["".join("." if ch == "#" else "#" for ch in r) for r in want]):
        lit = [i for i in range(len(pattern)) if "#" in pattern[i]]
        if not lit:
            continue
        first = lit[0]
        for y in range(0, 64 - 8 + 1):
            line = screen[y + first]
            x = line.find(pattern[first])
            while x >= 0:
                if all(screen[y + i][x:x + len(pattern[i])] == pattern[i] for i in range(8) if y + i < 64):
                    return True
                x = line.find(pattern[first], x + 1)
    return False


def golden(console, name):
    """Compare the panel with tests/golden/<name>.txt (UPDATE_GOLDEN=1 rewrites it)."""
    art = "\n".join(rows(console.panel())) + "\n"
    path = os.path.join(GOLDEN, name + ".txt")
    if os.environ.get("UPDATE_GOLDEN") or not os.path.exists(path):
        if not os.environ.get("UPDATE_GOLDEN") and os.environ.get("CI"):
            raise AssertionError("golden frame %s is missing (run UPDATE_GOLDEN=1 make test)" % name)
        os.makedirs(GOLDEN, exist_ok=True)
        with open(path, "w") as f:
            f.write(art)
    with open(path) as f:
        expected = f.read()
    if art != expected:
        a, b = art.splitlines(), expected.splitlines()
        diff = [y for y in range(64) if a[y] != b[y]]
        raise AssertionError("frame %s differs from the golden on rows %s\n%s" % (
            name, diff[:10], "\n".join(a[diff[0]:diff[0] + 8])))


def open_game_keys(game_id):
    """Fresh saves: main menu -> the game -> its first item (New game, or Resume when saved)."""
    from core.launcher import available_games
    items = [g.id for g in available_games()]
    return ["DOWN"] * items.index(game_id) + ["A", "A"]


def setup_form_keys(game_id, kinds, opts=None):
    """On a game's setup form: these seats ('human', 'easy', 'normal') and options
    {name: value} (those its setup.py offers, each starting at its first choice; an
    option with a `when` is on the form only while it applies: to the number of
    players or to an option above it), then Start."""
    import importlib
    from core.launcher import KIND_IDS
    setup = importlib.import_module("games.%s.setup" % game_id).SETUP
    opts = opts or {}
    n = len(kinds)
    steps = {0: n - 2}                         # the Players row starts at 2
    for i in range(n):
        steps[2 + 2 * i] = KIND_IDS.index(kinds[i]) - (0 if i == 0 else 2)
    chosen = {"players": n}
    shown = []
    for option in setup:                # as core.launcher's form: `when` on players or an option above
        name, _label, choices, when = option
        if when is None or chosen[when[0]] in when[1]:
            shown.append(option)
            chosen[name] = opts.get(name, choices[0][0])
        else:
            chosen[name] = choices[0][0]
    for name, value in sorted(opts.items()):
        rows = [option[0] for option in shown]
        if name not in rows:
            raise ValueError("option %s is not on the form with these options" % name)
        j = rows.index(name)
        steps[1 + 2 * n + j] = [choice[0] for choice in shown[j][2]].index(value)
    keys = []
    row = 0
    for r in sorted(steps):
        keys += ["DOWN"] * (r - row)
        row = r
        keys += ["RIGHT"] * steps[r] if steps[r] >= 0 else ["LEFT"] * -steps[r]
    return keys + ["DOWN"] * (1 + 2 * n + len(shown) - row) + ["A"]


def new_game_keys(game_id, kinds, opts=None):
    return open_game_keys(game_id) + setup_form_keys(game_id, kinds, opts)
