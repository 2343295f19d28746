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
    """Finds "Waiting for <name> on the other console" on a console's screen while it waits."""

    def __init__(self, console_name, text):
        self.console_name = console_name
        self.text = text
        self.seen = False

    def __call__(self, console):
        if not self.seen and console.name == self.console_name and screen.has_text(console, self.text):
            self.seen = True


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
    assert waiting.seen     # the host said whom it waited for
    # neither console keeps a save of a finished game
    assert not Saves(FileStorage(str(tmp_path / "host"))).exists(game_id)
    assert not Saves(FileStorage(str(tmp_path / "guest"))).exists(game_id)
