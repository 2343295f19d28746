"""Link play through the real firmware: two consoles in one process on a virtual cable
(sim/linked.py), each running main.run (session, the game's app, the table kit), played
by buttons (tests/drive). docs/link.md, "Playing"."""
import pytest

import screen
from drive import Driver
from core.rng import Rng
from core.saves import Saves
from core.session import LAUNCH
from hal.storage import FileStorage
from sim.linked import Linked

GAMES = ("clever", "dizzle", "cookie", "words")
NAMES = ("Ann", "Ben", "Cyd", "Dee")


def link_setup(kinds, owners, host, seed, options=None):
    """The setup a linked game starts from on one console: owners[s] "a" (the host) or
    "b" (the guest) plays seat s; computers are the host's."""
    me = "a" if host else "b"
    seats = [{"name": NAMES[s], "kind": kinds[s]} for s in range(len(kinds))]
    return {"seats": seats, "options": options or {}, "seed": list(Rng(seed).getstate()),
            "link": {"host": int(host), "mine": [int(owners[s] == me) for s in range(len(kinds))]}}


def start_linked(tmp_path, game_id, kinds, owners, seed=77, options=None):
    """Both consoles' saves with the linked game picked (core.launch's slot: they boot
    straight into it, as after the launcher's reset). Returns the two folders."""
    folders = []
    for host in (True, False):
        folder = tmp_path / ("host" if host else "guest")
        folder.mkdir()
        Saves(FileStorage(str(folder))).save(LAUNCH, {"game": game_id, "setup": link_setup(kinds, owners, host, seed,
                                                                                             options)})
        folders.append(str(folder))
    return folders


class Watch:
    """What a console's driver saw: every decision screen's seat, and the game's saved
    state on the end screen."""

    def __init__(self):
        self.deciding = set()
        self.final = None

    def __call__(self, console, live):
        game = live["game"]
        if live["waiting"] == "decide":
            self.deciding.add(game.to_act())
        elif live["waiting"] == "end" and self.final is None:
            self.final = game.to_save()
        return None


def play_linked(tmp_path, game_id, kinds, owners, seed=77, watch=None, noise=(None, None)):
    folders = start_linked(tmp_path, game_id, kinds, owners, seed)
    watches = (Watch(), Watch())
    drivers = tuple(Driver(game_id, seed=s, level="normal", on_wait=w) for s, w in zip((3, 4), watches))
    pair = Linked(seeds=(11, 12), saves=folders, drivers=drivers, noise=noise, limit_ms=20 * 60 * 1000,
                  watch=watch)
    pair.run()
    return pair, drivers, watches


class WaitingLine:
    """Counts the waits that showed "Waiting for <name> on the other console" on a console's
    screen (looked at every 8th nap: a wait lasts longer)."""

    def __init__(self, console_name, text):
        self.console_name = console_name
        self.text = text
        self.naps = 0
        self.up = False
        self.times = 0

    def __call__(self, console):
        if console.name != self.console_name:
            return
        self.naps += 1
        if self.naps % 8:
            return
        up = screen.has_text(console, self.text)
        if up and not self.up:
            self.times += 1
        self.up = up


@pytest.mark.parametrize("game_id", GAMES)
def test_two_linked_consoles_play_a_whole_game_to_the_same_end(tmp_path, game_id):
    # Ann on the host, Ben on the guest, Cyd a computer the host runs
    waiting = WaitingLine("a", "Waiting for Ben on")
    pair, drivers, watches = play_linked(tmp_path, game_id, ["human", "human", "normal"], "aba", watch=waiting)
    host, guest = watches
    assert drivers[0].ended is not None and drivers[1].ended is not None
    assert host.final is not None and host.final == guest.final
    assert drivers[0].ended == drivers[1].ended
    # each console decides only for its own person; no pass screen between them
    assert host.deciding == {0} and guest.deciding == {1}
    assert drivers[0].passes == 0 and drivers[1].passes == 0
    assert waiting.times >= 2   # the host said whom it waited for, wait after wait
    # neither console keeps a save of a finished game
    assert not Saves(FileStorage(str(tmp_path / "host"))).exists(game_id)
    assert not Saves(FileStorage(str(tmp_path / "guest"))).exists(game_id)


class Cable:
    """Pulls the cable at pull_ms of virtual time (plugs it back at plug_ms, if any), and
    notes which console showed "Link lost"."""

    def __init__(self, pull_ms, plug_ms=None):
        self.pull_ms = pull_ms
        self.plug_ms = plug_ms
        self.pair = None
        self.lost_on = set()
        self.pulled = self.plugged = False

    def __call__(self, console):
        now = console.clock.now
        cable = self.pair.cable
        if not self.pulled and now >= self.pull_ms:
            self.pulled = True
            cable.unplug()
        if self.pulled and not self.plugged and self.plug_ms is not None and now >= self.plug_ms:
            self.plugged = True
            cable.plug()
        if self.pulled and console.name not in self.lost_on and screen.has_text(console, "Link lost"):
            self.lost_on.add(console.name)


def play_pulled(tmp_path, game_id, cable, choices=(None, None)):
    """A linked game (Ann on the host, Ben on the guest) with the cable pulled; choices:
    per console, the keys it presses on the "Link lost" menu (None: A, wait)."""
    folders = start_linked(tmp_path, game_id, ["human", "human"], "ab")
    watches = []
    for choice in choices:
        watch = Watch()
        if choice is not None:
            watch = LostChoice(watch, choice)
        watches.append(watch)
    drivers = tuple(Driver(game_id, seed=s, level="normal", on_wait=w) for s, w in zip((3, 4), watches))
    pair = Linked(seeds=(11, 12), saves=folders, drivers=drivers, limit_ms=20 * 60 * 1000, watch=cable,
                  grace_ms=20 * 60 * 1000)    # (the host may play on alone)
    cable.pair = pair
    pair.run()
    return pair, drivers, [getattr(w, "watch", w) for w in watches]


class LostChoice:
    def __init__(self, watch, keys):
        self.watch = watch
        self.keys = keys
        self.chosen = False

    def __call__(self, console, live):
        if not self.chosen and screen.has_text(console, "Wait for the cable"):
            self.chosen = True
            return self.keys
        return self.watch(console, live)


def test_a_pulled_cable_shows_link_lost_on_both_and_they_finish_together_once_it_is_back(tmp_path):
    cable = Cable(pull_ms=20000, plug_ms=90000)     # out for 70 s: past the 20 s verdict
    pair, drivers, watches = play_pulled(tmp_path, "clever", cable)
    assert cable.lost_on == {"a", "b"}
    assert watches[0].final is not None and watches[0].final == watches[1].final
    assert drivers[0].ended == drivers[1].ended


def test_the_host_lets_computers_play_the_other_consoles_seats(tmp_path):
    # the cable never comes back: the host picks "Computers play on", the guest "Save and quit"
    cable = Cable(pull_ms=20000)
    pair, drivers, watches = play_pulled(tmp_path, "dizzle", cable, (["DOWN", "A"], ["DOWN", "A"]))
    assert cable.lost_on == {"a", "b"}
    assert drivers[0].ended is not None         # the host played the game to its end
    assert drivers[1].ended is None
    host_saves = Saves(FileStorage(str(tmp_path / "host")))
    guest_saves = Saves(FileStorage(str(tmp_path / "guest")))
    assert not host_saves.exists("dizzle")
    saved, _problems = guest_saves.load("dizzle")     # the guest keeps its game
    assert saved is not None and saved["link"]["mine"] == [0, 1]


def test_two_consoles_set_for_different_games_say_so_on_both(tmp_path):
    seats = ["human", "human"]
    folders = []
    for host, game_id in ((True, "clever"), (False, "dizzle")):
        folder = tmp_path / game_id
        folder.mkdir()
        Saves(FileStorage(str(folder))).save(LAUNCH, {"game": game_id, "setup": link_setup(seats, "ab", host, 5)})
        folders.append(str(folder))
    told = set()

    def watch(console):
        if console.name not in told and screen.has_text(console, "Link play") and screen.has_text(console, "dizzle"):
            told.add(console.name)
    pair = Linked(seeds=(11, 12), saves=folders, drivers=(Driver("clever"), Driver("dizzle")), limit_ms=120000,
                  watch=watch)
    pair.run()
    assert told == {"a", "b"}


def link_menu_keys(game_id, join):
    """Fresh saves: main menu -> the game -> Link play (its menu's last item) -> host or join."""
    return screen.open_game_keys(game_id)[:-1] + ["UP", "A"] + (["DOWN", "A"] if join else ["A"])


@pytest.mark.parametrize("game_id", ["clever", "words"])
def test_a_linked_game_set_up_in_the_launchers_link_play_menu(tmp_path, game_id):
    # the host sets up Ann (here), Ben (the other console) and a computer; the guest joins
    kinds = ["human", "human", "normal"]
    host_keys = link_menu_keys(game_id, False) + screen.setup_form_keys(game_id, kinds) + ["DOWN", "DOWN", "A"]
    guest_keys = link_menu_keys(game_id, True)
    watches = (Watch(), Watch())
    drivers = tuple(Driver(game_id, seed=s, level="normal", on_wait=w) for s, w in zip((3, 4), watches))
    folders = []
    for name in ("host", "guest"):
        (tmp_path / name).mkdir()
        folders.append(str(tmp_path / name))
    pair = Linked(seeds=(11, 12), keys=(host_keys, guest_keys), saves=folders, drivers=drivers,
                  limit_ms=20 * 60 * 1000)
    pair.run()
    host, guest = watches
    assert host.final is not None and host.final == guest.final
    assert host.deciding == {0} and guest.deciding == {1}
    assert drivers[0].passes == 0 and drivers[1].passes == 0


def test_options_travel_as_the_choices_of_the_games_setup():
    from core.linkmenu import all_options, _text
    from core.session import setup_options
    offered = setup_options("words")
    chosen = {name: choices[-1][0] for name, _label, choices, _when in offered}   # every last choice
    sent = {name: _text(value) for name, value in chosen.items() if value != dict(
        (n, c[0][0]) for n, _l, c, _w in offered)[name]}
    assert all_options(offered, sent) == chosen
    assert all_options(offered, {}) == {name: choices[0][0] for name, _label, choices, _when in offered}
    with pytest.raises(ValueError):
        all_options(offered, {offered[0][0]: "nonsense"})


def test_headless_runs_two_linked_consoles_with_a_key_script_each(tmp_path):
    import os
    import subprocess
    import sys
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    host = link_menu_keys("clever", False) + screen.setup_form_keys("clever", ["human", "human"]) + ["DOWN", "DOWN",
                                                                                                      "A"]
    guest = link_menu_keys("clever", True)
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    out = subprocess.run([sys.executable, os.path.join(root, "tools", "headless.py"), "--link", "--keys", " ".join(host),
                          "--keys-b", " ".join(guest), "--saves", str(tmp_path / "a"), "--saves-b", str(tmp_path / "b")],
                         capture_output=True, text=True, timeout=300, check=True).stdout.splitlines()
    assert out[-2].startswith("A DONE") and out[-1].startswith("B DONE")
    assert [line for line in out if line.startswith("A FRAME")] and [line for line in out if line.startswith("B FRAME")]
    # both started the linked game: each keeps its save, marked linked, its own seat its own
    for folder, mine in (("a", [1, 0]), ("b", [0, 1])):
        saved, _problems = Saves(FileStorage(str(tmp_path / folder))).load("clever")
        assert saved is not None and saved["link"]["mine"] == mine


class FakeScreen:
    """A curses window: getch() gives the chars (None: no key for a while), then q."""

    def __init__(self, chars):
        self.chars = []
        for ch in chars:
            self.chars += [-1] * 10 if ch is None else [ch] + [-1] * 10
        self.lines = {}

    def nodelay(self, flag):
        pass

    def getch(self):
        return self.chars.pop(0) if self.chars else ord("q")

    def erase(self):
        self.lines = {}

    def addstr(self, y, x, text):
        self.lines[(y, x)] = text

    def refresh(self):
        pass


def test_the_terminal_front_end_gives_keys_to_the_console_whose_pane_is_marked(tmp_path, monkeypatch):
    import curses
    from sim import linkterm
    monkeypatch.setattr(curses, "curs_set", lambda n: None)
    seen = []
    pair = Linked(seeds=(1, 2), saves=(str(tmp_path / "a"), str(tmp_path / "b")),
                  drivers=(linkterm.keep_going, linkterm.keep_going))
    # the host opens Clever Kids' menu; Tab; the guest opens it, then its Link play, Join a game
    fake = FakeScreen([None, curses.KEY_DOWN, ord("z"), 9, curses.KEY_DOWN, ord("z"), curses.KEY_UP, ord("z"),
                       curses.KEY_DOWN, ord("z"), None, None])
    panes = linkterm.Panes(pair, fake, pace=False)

    def watch(console):
        if console.name == "b" and not seen and screen.has_text(console, "Waiting for the"):
            seen.append(bytes(pair.a.panel()))
        panes(console)
    pair.watch = watch
    pair.run()
    assert seen                                         # the guest waits for a host
    assert screen.has_text(pair.a, "New game")          # the host is in the game's menu
    assert any(text.startswith("> guest <") for text in fake.lines.values())


def test_save_and_quit_then_resume_goes_on_together(tmp_path):
    # the host's person saves and quits after 3 decisions and resumes at once (the game's
    # menu: Resume); the guest waits meanwhile; both check they stand at the same turn
    folders = start_linked(tmp_path, "clever", ["human", "human"], "ab")
    watches = (Watch(), Watch())
    host = Driver("clever", seed=3, level="normal", on_wait=watches[0], stop_after=3,
                  resume=screen.open_game_keys("clever"))     # the game's menu: Resume
    guest = Driver("clever", seed=4, level="normal", on_wait=watches[1])
    pair = Linked(seeds=(11, 12), saves=folders, drivers=(host, guest), limit_ms=20 * 60 * 1000)
    pair.run()
    assert host.stopped is not None
    assert watches[0].final is not None and watches[0].final == watches[1].final


def test_the_turn_coming_back_from_the_other_console_says_your_turn(tmp_path):
    seen = set()

    def watch(console):
        if console.name not in seen and screen.has_text(console, "Your turn"):
            seen.add(console.name)
    pair, drivers, watches = play_linked(tmp_path, "dizzle", ["human", "human"], "ab", watch=watch)
    assert seen == {"a", "b"}
    assert watches[0].final == watches[1].final


def test_a_whole_linked_game_on_a_lossy_cable(tmp_path):
    # about one byte in 25 dropped, corrupted, duplicated or delayed, each way
    from sim.cable import Noise
    noise = tuple(Noise(seed, 0.01, 0.01, 0.01, 0.01) for seed in (5, 6))
    pair, drivers, watches = play_linked(tmp_path, "words", ["human", "human", "normal"], "aba", noise=noise)
    assert watches[0].final is not None and watches[0].final == watches[1].final
    hit = [line.noise for line in pair.cable.lines]
    assert min(n.dropped + n.corrupted + n.duplicated + n.delayed for n in hit) >= 5


def test_a_console_without_a_link_port_offers_no_link_play_and_says_why_a_linked_save_waits(tmp_path):
    # tools/headless.py's console, as the browser, has no link port (hal.link None)
    import headless
    folder = tmp_path / "saves"
    folder.mkdir()
    menu = headless.Console(1, screen.open_game_keys("clever")[:-1] + ["UP"], str(folder), lambda line: None)
    menu.run()
    assert not screen.has_text(_Panel(menu), "Link play")
    Saves(FileStorage(str(folder))).save(LAUNCH, {"game": "clever", "setup": link_setup(["human", "human"], "ab",
                                                                                         True, 5)})
    told = headless.Console(1, [], str(folder), lambda line: None)
    told.run()
    assert screen.has_text(_Panel(told), "Link play") and screen.has_text(_Panel(told), "link port.")


class _Panel:
    def __init__(self, console):
        self.console = console

    def panel(self):
        return self.console.display.buffer
