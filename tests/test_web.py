"""Play in the browser: the built site (tools/build_web.py) in headless Chromium.

The canvas must be pixel-identical to the desktop simulator's screen (the PNG of
`python -m sim --headless`, sim.console.Console.image(scale=4)) for the same key
sequence and seed: after a key script on the virtual clock (the page's ?keys=
hook) and after real-time play with the keyboard and the mouse. A missing or
broken micropython.wasm shows a clear message; saves survive a reload.

Needs node, web/node_modules (sh tools/install_web_deps.sh) and Debian's
chromium; skips, saying which is missing, where they are not there. Every
browser run is a subprocess (web/drive.mjs, playwright-core) with a timeout.
"""
import base64
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WEB = os.path.join(ROOT, "web")
DRIVER = os.path.join(WEB, "drive.mjs")
CHROMIUM = shutil.which("chromium") or ("/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None)
NODE = shutil.which("node")
SCALE = 4
KEYBOARD = {"A": "KeyZ", "B": "KeyX", "UP": "ArrowUp", "DOWN": "ArrowDown", "LEFT": "ArrowLeft",
            "RIGHT": "ArrowRight", "MENU": "KeyM"}

DICE = "A A A RIGHT A DOWN A"            # dice roller: new game, roll, keep one, re-roll four
WORDS = "DOWN DOWN DOWN DOWN A A UP A A RIGHT A"  # Word Cards vs a computer player: first turn


def _missing():
    if NODE is None:
        return "node is not installed"
    if CHROMIUM is None:
        return "chromium is not installed (sh tools/install_web_deps.sh installs it as root)"
    for pkg in ("playwright-core", "@micropython/micropython-webassembly-pyscript"):
        if not os.path.isdir(os.path.join(WEB, "node_modules", pkg)):
            return "web/node_modules/%s is missing (sh tools/install_web_deps.sh: npm ci in web/)" % pkg
    return None


_reason = _missing()
if _reason:
    print("test_web: skipped: " + _reason, file=sys.stderr)
    pytest.skip(_reason, allow_module_level=True)


def _load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def server():
    """build/web-test/{site,broken,missing} served on 127.0.0.1 (a free port), with COOP/COEP."""
    build_web = _load("build_web", os.path.join(ROOT, "tools", "build_web.py"))
    serve = _load("web_serve", os.path.join(WEB, "serve.py"))
    top = tempfile.mkdtemp(prefix="pp-web-")
    site = build_web.build_web(os.path.join(top, "site"), quiet=True)
    broken = os.path.join(top, "broken")
    shutil.copytree(site, broken)
    with open(os.path.join(broken, "micropython.wasm"), "wb") as f:
        f.write(b"this is not WebAssembly" * 100)
    missing = os.path.join(top, "missing")
    shutil.copytree(site, missing)
    os.remove(os.path.join(missing, "micropython.wasm"))
    os.environ["PP_WEB_QUIET"] = "1"
    httpd = serve.make_server(top, "127.0.0.1", 0)
    t = threading.Thread(target=httpd.serve_forever, daemon=True)
    t.start()
    try:
        yield "http://127.0.0.1:%d" % httpd.server_address[1]
    finally:
        httpd.shutdown()
        httpd.server_close()
        shutil.rmtree(top, ignore_errors=True)


def drive(steps, timeout=120):
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump({"chromium": CHROMIUM, "steps": steps}, f)
        plan = f.name
    try:
        r = subprocess.run([NODE, DRIVER, plan], capture_output=True, text=True, timeout=timeout, cwd=WEB)
    finally:
        os.remove(plan)
    try:
        out = json.loads(r.stdout)
    except ValueError:
        raise AssertionError("drive.mjs gave no result (rc %s): %s" % (r.returncode, r.stderr[-2000:]))
    assert out.get("ok"), "browser run failed: %s\nlogs:\n%s" % (out.get("error"), "\n".join(out["logs"]))
    return out


def canvas_rgb(out, name="canvas"):
    c = out[name]
    assert (c["width"], c["height"]) == (128 * SCALE, 64 * SCALE)
    rgba = base64.b64decode(c["rgba"])
    return bytes(b for i, b in enumerate(rgba) if i % 4 != 3)


def sim_image(seed, keys, storage_dir=None):
    from sim.console import Console
    c = Console("pico", seed, keys.split(), storage_dir)
    c.run()
    return c.image(scale=SCALE)


def assert_same(got_rgb, img, what):
    exp = img.tobytes()
    if got_rgb == exp:
        return
    from PIL import Image
    diff = sum(1 for i in range(0, len(exp), 3) if exp[i:i + 3] != got_rgb[i:i + 3])
    path = os.path.join(tempfile.gettempdir(), "pp-web-%s.png" % what)
    Image.frombytes("RGB", img.size, got_rgb).save(path)
    img.save(path[:-4] + "-sim.png")
    raise AssertionError("%s: the canvas differs from the simulator in %d of %d pixels (browser %s, simulator %s)"
                         % (what, diff, len(exp) // 3, path, path[:-4] + "-sim.png"))


def scripted(server, seed, keys):
    out = drive([
        {"goto": "%s/site/?seed=%d&keys=%s" % (server, seed, keys.replace(" ", "+"))},
        {"wait_state": "done", "timeout": 60000},
        {"canvas": "canvas"},
        {"text": "#status", "as": "status"},
    ])
    assert out["state"] == "done", out
    return out


def test_boot_to_launcher_matches_simulator(server):
    out = scripted(server, 7, "")
    assert_same(canvas_rgb(out), sim_image(7, ""), "launcher")


def test_dice_roller_script_matches_simulator(server):
    out = scripted(server, 11, DICE)
    assert_same(canvas_rgb(out), sim_image(11, DICE), "dice")


def test_word_cards_script_matches_simulator(server):
    out = scripted(server, 5, WORDS)
    assert_same(canvas_rgb(out), sim_image(5, WORDS), "words")


CLEVER_TURN = "DOWN A A" + " DOWN" * 8 + " A"     # a new Clever Kids game: the first pick screen


def test_undo_in_the_browser_is_the_simulators(server):
    """A die picked, then A+B, Undo (the menu's last item): the pick screen as it was,
    in the browser as in the simulator."""
    keys = CLEVER_TURN + " A MENU UP A"
    out = scripted(server, 1, keys)
    undone = sim_image(1, keys)
    assert_same(canvas_rgb(out), undone, "undo")
    # the pick screen again (its joker help was shown once: not again), not the crosses'
    assert undone.tobytes() != sim_image(1, CLEVER_TURN + " A").tobytes()
    assert undone.tobytes() == sim_image(1, CLEVER_TURN + " A MENU UP A A MENU UP A").tobytes()


def _play(keys, tap=()):
    """Real-time steps: each key pressed on the keyboard (or tapped with the mouse on
    the on-screen button when its position is in tap), then wait for the frames to settle."""
    steps = []
    for i, k in enumerate(keys.split()):
        if i in tap:
            steps.append({"tap": '[data-key="%s"]' % k, "hold": 60})
        else:
            steps.append({"press": KEYBOARD[k], "hold": 40})
        steps.append({"settle": 700 if k == "MENU" else 150})  # M holds A+B for 500 ms
    return steps


def test_interactive_play_matches_simulator(server):
    """Keyboard and mouse in real time (the worker blocks in Atomics.wait between keys),
    ending with M (A+B held: the game's menu)."""
    seed = 3
    out = drive([{"goto": "%s/site/?seed=%d" % (server, seed)}, {"wait_state": "running"}, {"settle": 300}]
                + _play(DICE + " MENU", tap=(1, 3)) + [{"settle": 500}, {"canvas": "canvas"},
                                             {"eval": "self.crossOriginIsolated", "as": "isolated"}])
    assert out["isolated"] is True
    assert out["state"] == "running"
    assert_same(canvas_rgb(out), sim_image(seed, DICE + " MENU"), "interactive")


@pytest.mark.parametrize("variant", ["missing", "broken"])
def test_bad_wasm_shows_clear_message(server, variant):
    out = drive([{"goto": "%s/%s/?seed=1" % (server, variant)}, {"wait_state": "error", "timeout": 30000},
                 {"text": "#error", "as": "error"}])
    assert out["state"] == "error"
    assert "micropython.wasm" in out["error"] and "missing or broken" in out["error"], out["error"]
    assert "make web" in out["error"]


def test_saves_survive_reload(server):
    """Settings: contrast to Bright and Save; after a reload the settings screen shows it
    (and the panel is brighter), exactly as a simulator booted twice on one save folder."""
    to_settings = "DOWN DOWN DOWN DOWN DOWN A"
    change = to_settings + " RIGHT DOWN DOWN DOWN DOWN DOWN A"
    url = "%s/site/?seed=2" % server
    out = drive([{"goto": url}, {"wait_state": "running"}, {"settle": 300},
                 {"eval": "localStorage.clear()", "as": "_"}, {"reload": True}, {"wait_state": "running"},
                 {"settle": 300}]
                + _play(change)
                + [{"settle": 300}, {"eval": "localStorage.getItem('pocket-party/save/settings') !== null", "as": "saved"},
                   {"reload": True}, {"wait_state": "running"}, {"settle": 300}]
                + _play(to_settings) + [{"settle": 400}, {"canvas": "canvas"}])
    assert out["saved"] is True
    with tempfile.TemporaryDirectory() as d:
        sim_image(2, change, d)
        expected = sim_image(2, to_settings, d)
    with tempfile.TemporaryDirectory() as d:
        fresh = sim_image(2, to_settings, d)
    assert expected.tobytes() != fresh.tobytes()  # the change is visible at all
    assert_same(canvas_rgb(out), expected, "reload")


def whole_game_keys(tmp_path):
    """The keys the Word Cards test driver presses in the simulator for a whole game,
    human against the normal computer player, up to the end screen."""
    import test_words_app as W
    from sim.console import Console
    pressed = []

    class Recording(Console):
        def schedule_key(self, name, at=None):
            pressed.append(name)
            Console.schedule_key(self, name, at)

    class UntilTheEnd(W.Driver):
        cut = None

        def __call__(self, console):
            keys = W.Driver.__call__(self, console)
            if self.end is not None and self.cut is None:
                self.cut = len(pressed)  # the end screen is up: nothing after this counts
            return keys

    d = UntilTheEnd(3)
    Recording("pico", 3, W.new_game_keys(["human", "normal"]), str(tmp_path), driver=d).run()
    assert d.cut, "the game did not reach its end screen in the simulator"
    return " ".join(pressed[:d.cut])


def test_a_whole_game_plays_to_the_end_in_the_browser(server, tmp_path):
    from screen import has_text
    from sim.console import Console
    keys = whole_game_keys(tmp_path / "rec")
    c = Console("pico", 3, keys.split(), str(tmp_path / "sim"))
    c.run()
    assert has_text(c, "wins!") or has_text(c, "Tie:")  # the simulator is on the end screen
    out = scripted(server, 3, keys)
    assert_same(canvas_rgb(out), c.image(scale=SCALE), "whole-game")


def test_a_code_in_the_address_opens_its_game_as_in_the_simulator(server):
    """?code= opens the code's game with its setup filled in (the form under the code); Start
    (UP, A) plays its first roll: the same canvas as the simulator given the same code (its
    --code), whatever the seed."""
    from core import codes
    from games.clever.setup import SETUP
    from sim.console import Console
    code = codes.encode("clever", ["human", "normal"], {"bonus_skip": True}, SETUP, [4321, 8765])
    for keys in ("", "UP A"):
        out = drive([
            {"goto": "%s/site/?seed=5&code=%s&keys=%s" % (server, code.lower(), keys.replace(" ", "+"))},
            {"wait_state": "done", "timeout": 60000},
            {"canvas": "canvas"},
        ])
        c = Console("pico", 9, keys.split(), code=code)
        c.run()
        assert_same(canvas_rgb(out), c.image(scale=SCALE), "code" + keys.replace(" ", ""))


def test_the_daily_game_in_the_browser_is_the_simulators_that_day(server):
    """?date= fixes the browser's date (else today's): the daily game's first roll is the same
    as the simulator's on that date."""
    from sim.console import Console
    keys = "DOWN A DOWN DOWN DOWN A A"     # Clever Kids, Daily game, A: play
    out = drive([
        {"goto": "%s/site/?seed=5&date=2025-06-01&keys=%s" % (server, keys.replace(" ", "+"))},
        {"wait_state": "done", "timeout": 60000},
        {"canvas": "canvas"},
    ])
    c = Console("pico", 9, keys.split(), date="2025-06-01")
    c.run()
    assert_same(canvas_rgb(out), c.image(scale=SCALE), "daily")
