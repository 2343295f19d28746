"""core.table: what the table games' screens share."""
import pytest
from hal.keys import K_MENU
from core.rules import Illegal
from core.session import QuitGame
from core import table
from core.events import EventLog
from core.undo import TakeBack


class Game:
    def __init__(self, over):
        self.over = over
        self.moves = []

    def is_over(self):
        return self.over

    def to_act(self):
        return 0

    def revealed(self):
        return 0

    def apply(self, a):
        if a == "bad":
            raise Illegal("not like that")
        self.moves.append(a)

    def to_save(self):
        return {"moves": list(self.moves)}

    def pop_events(self):
        return []


class Ctx:
    def __init__(self, answer):
        self.answer = answer
        self.offered = []

    def open_menu(self, undo=False):
        self.offered.append(undo)
        return self.answer


class Ui:
    def __init__(self, keys):
        self.keys = list(keys)

    def wait_key(self):
        return self.keys.pop(0)


class App(table.TableApp):
    def __init__(self, over=False, answer="quit", keys=()):
        self.game = Game(over)
        self.ctx = Ctx(answer)
        self.ui = Ui(keys)
        self.saved = 0
        self.refused = []
        self.deciding = -1
        self.takeback = TakeBack()
        self.log = EventLog(1)

    def save(self):
        self.saved += 1

    def refuse(self, reason):
        self.refused.append(reason)


def test_save_and_quit_saves_a_running_game():
    app = App(over=False)
    with pytest.raises(QuitGame):
        app.menu()
    assert app.saved == 1


def test_save_and_quit_on_a_finished_game_does_not_save_it_again():
    app = App(over=True)
    with pytest.raises(QuitGame):
        app.menu()
    assert app.saved == 0


def test_resume_returns_to_the_game():
    app = App(answer="resume", keys=[K_MENU, 16])
    assert app.key() == 0 and app.key() == 16
    assert table.LIVE["waiting"] == "decide" and app.saved == 0


def test_refused_actions_show_the_reason():
    app = App()
    assert app.apply("good") is True
    assert app.apply("bad") is False and app.refused == ["not like that"]
    assert app.takeback.actions == ["good"]     # a refused action is not one to undo


def test_undo_is_offered_only_while_the_person_to_act_decides():
    app = App(answer="resume")
    app.menu()
    app.deciding = 0
    app.menu()
    app.game.over = True
    app.menu()
    assert app.ctx.offered == [False, True, False]


def test_undo_puts_the_game_back_and_leaves_the_persons_screens():
    app = App(answer="undo")
    app.ui.busy = lambda: None
    app.restore_game = lambda data: Game(False) if not data["moves"] else pytest.fail("base has moves")
    app.deciding = 0
    app.apply("one")
    app.apply("two")
    with pytest.raises(table._Undone):
        app.menu()
    assert app.game.moves == ["one"] and app.takeback.actions == ["one"]
    with pytest.raises(table._Undone):
        app.menu()      # takes back "one"
    assert app.game.moves == []
    app.menu()      # nothing left: the reason, and the game stays
    assert app.refused == ["Nothing more to undo in this turn."] and app.game.moves == []


# ---- a turn's save is put off until the next screen is up (ui.later) -----------------------

class _Events:
    """The order of what a game did: frames sent, saves written, keys read, bot choices."""

    def __init__(self):
        self.seen = []


class _Display:
    def __init__(self, events):
        self.events = events
        self.buffer = bytearray(1024)

    def fill(self, c):
        pass

    def fill_rect(self, *a):
        pass

    def rect(self, *a):
        pass

    def blit(self, *a):
        pass

    def show(self):
        self.events.seen.append("frame")


class _Buttons:
    def __init__(self, events):
        self.events = events

    def update(self):
        pass

    def pressed(self):
        self.events.seen.append("key")
        return 16   # A

    def idle_ms(self):
        return 0

    def touch(self):
        pass


class _Hal:
    def __init__(self, events):
        self.display = _Display(events)
        self.buttons = _Buttons(events)
        self.sound = self
        self.power = self

    def update(self):
        pass

    def nap(self, ms, off=False):
        pass


class _Settings:
    sound = False

    def sleep_ms(self):
        return 0


class _SaveCtx:
    def __init__(self, events):
        self.events = events

    def save_game(self, data):
        self.events.seen.append("save")

    def clear_save(self):
        self.events.seen.append("clear")


class _TwoTurns:
    """Two turns, seat 0 then seat 1; over after the second."""

    def __init__(self):
        self.turn = 0

    def is_over(self):
        return self.turn >= 2

    def to_act(self):
        return self.turn % 2

    def to_save(self):
        return {"turn": self.turn}


class _Bot:
    def __init__(self, events):
        self.events = events

    def choose(self, game, level, rng):
        self.events.seen.append("choose")
        return "go"


class _PlayApp(table.TableApp):
    def __init__(self, kinds):
        from core.events import EventLog
        from core.rng import Rng
        from core.ui import Ui as KitUi
        self.events = _Events()
        self.ui = KitUi(_Hal(self.events), _Settings())
        self.fb = self.ui.fb
        self.ctx = _SaveCtx(self.events)
        self.game = _TwoTurns()
        self.names = ["Ann", "Bob"]
        self.kinds = kinds
        self.humans = kinds.count("human")
        self.holder = 0
        self.screens = []
        self.log = EventLog(2, 4)
        self.takeback = TakeBack()
        self.deciding = -1
        self.bot_rng = Rng(1)
        self.code = None            # (a game code: core.codes; this stand-in game has none)
        self.stats_kept = False
        self._saver = self.save

    def decide(self, seat):
        self.ui.show()
        self.ui.wait_key()
        self.game.turn += 1

    def robot(self, seat):
        self.think(_Bot(self.events), seat)
        self.game.turn += 1

    def finish(self):
        pass


def test_a_turns_save_waits_for_the_next_screen_but_not_for_a_key():
    app = _PlayApp(["human", "human"])
    assert app.events.seen == ["frame"]     # the kit's busy frame, as it comes up
    app.play()
    # the first screen (a turn, then the pass screen to Bob) is sent first, then the save
    # (of the game's start, of the turn before) with the busy mark up (a frame before,
    # a frame after), and only then is a key read; the finished game's save is cleared,
    # not written, under the busy mark (the end's work)
    saved = ["frame", "frame", "save", "frame", "key"]
    assert app.events.seen[1:] == saved + saved + ["frame", "key", "frame", "clear"]


def test_a_computer_player_thinks_after_the_save_under_the_busy_mark():
    app = _PlayApp(["human", "normal"])
    app.play()
    # the person's turn: its save at the wait for a key under the mark (see above); the
    # computer's: under the busy mark it thinks under
    assert app.events.seen[1:] == ["frame", "frame", "save", "frame", "key", "frame", "save", "choose", "frame", "clear"]


def test_leaving_a_game_shows_the_busy_mark_while_the_launcher_loads(monkeypatch):
    from core import ui as kit
    marks = []
    real = kit.busy_mark
    monkeypatch.setattr(kit, "busy_mark", lambda fb: (marks.append(len(made[0].events.seen)), real(fb)))
    monkeypatch.setattr(table, "unload", lambda name: None)
    made = []

    class Played(_PlayApp):
        def __init__(self, ctx, setup, saved):
            made.append(self)
            _PlayApp.__init__(self, ["human", "human"])

    table.run(Played, None, {}, None)
    seen = made[0].events.seen
    # the end screen was left (the save cleared): the busy mark is the last frame sent
    assert seen[-2:] == ["clear", "frame"] and marks[-1] == len(seen) - 1
