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
        self._undo_ready = self.undo_ready

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


def test_undos_copy_of_the_game_is_made_while_the_person_looks_at_the_screen():
    # a person's first action of a turn needs Undo's copy of the game (core.undo); it is
    # made once their screen is up, before a key is read (ui.ahead), after the turn's save
    class Copied(_TwoTurns):
        def to_save(self):
            app.events.seen.append("copy")
            return _TwoTurns.to_save(self)

    class Deciding(_PlayApp):
        def decide(self, seat):
            self.ui.show()
            self.ui.wait_key()
            assert self.takeback.seat == seat and self.takeback.base == '{"turn":%d}' % self.game.turn
            self.game.turn += 1

    app = Deciding(["human", "normal"])
    app.game = Copied()
    app.play()
    # (the save's copy, the save; then Undo's copy, and the key)
    assert app.events.seen[1:6] == ["frame", "frame", "copy", "save", "frame"]
    assert app.events.seen[6:8] == ["copy", "key"]
    assert app.ui.prepare is None


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


# ---- the paged event reader (read_pages): one event a page, the game draws it -----------------

class _PagesUi:
    """Keys from a script (wait_key), pauses that run out (0, no key) unless a key is
    scripted for them, and what was drawn."""

    def __init__(self, keys, pause_keys=()):
        self.keys = list(keys)
        self.pause_keys = list(pause_keys)
        self.pauses = []

    def show(self):
        pass

    def wait_key(self):
        return self.keys.pop(0)

    def pause(self, ms):
        self.pauses.append(ms)
        return self.pause_keys.pop(0) if self.pause_keys else 0


class _PagesApp(App):
    """A game whose events are read a page each; its pages record (at, count, lit)."""

    def __init__(self, keys, humans=1, blinking=False, pause_keys=(), answer="resume"):
        App.__init__(self, answer=answer)
        self.ui = _PagesUi(keys, pause_keys)
        self.humans = humans
        self.blinking = blinking
        self.pages = []

    def event_page(self, at, text, title, count, lit):
        self.pages.append((at, text, title, count, lit))
        return self.blinking


def pages_read(app, texts, from_end=False, blinks=0):
    app.read_pages("What happened", texts, from_end, blinks)
    assert not app.ui.keys      # every key was read, none after the reader left
    return [page[0] for page in app.pages]


def test_the_paged_reader_steps_with_up_down_and_b_goes_back():
    from hal.keys import K_UP, K_DOWN, K_B
    app = _PagesApp([K_DOWN, K_DOWN, K_DOWN, K_UP, K_B])
    # DOWN past the last page stays on it; B leaves from any page
    assert pages_read(app, ["a", "b", "c"]) == [0, 1, 2, 2, 1]
    assert app.pages[0][1:4] == ("a", "What happened", 3) and table.LIVE["waiting"] == "continue"
    app = _PagesApp([K_UP, K_UP, K_B])
    assert pages_read(app, ["a", "b", "c"], from_end=True) == [2, 1, 0]
    app = _PagesApp([K_UP, K_B])
    assert pages_read(app, ["a", "b"]) == [0, 0]          # UP on the first page stays


def test_the_paged_reader_steps_with_left_right_and_a_and_a_on_the_last_goes_on():
    from hal.keys import K_LEFT, K_RIGHT, K_A
    app = _PagesApp([K_RIGHT, K_LEFT, K_A, K_A, K_A])
    assert pages_read(app, ["a", "b", "c"]) == [0, 1, 0, 1, 2]
    app = _PagesApp([K_A])
    assert pages_read(app, ["a", "b", "c"], from_end=True) == [2]   # the last page: A goes on


def test_the_paged_reader_opens_the_game_menu_on_a_page_and_draws_it_again():
    from hal.keys import K_B
    app = _PagesApp([K_MENU, K_B])
    assert pages_read(app, ["a", "b"]) == [0, 0] and app.ctx.offered == [False]
    app = _PagesApp([], answer="quit")
    app.ui.keys = [K_MENU]
    with pytest.raises(QuitGame):       # Save and quit from the reader leaves the game
        app.read_pages("What happened", ["a", "b"])
    assert app.saved == 1


def test_a_page_that_names_a_place_blinks_it_before_it_waits():
    from hal.keys import K_DOWN, K_B
    app = _PagesApp([K_B], blinking=True)
    assert pages_read(app, ["a", "b"], blinks=4) == [0] * 5
    assert [page[4] for page in app.pages] == [True, False, True, False, True]
    assert app.ui.pauses == [250] * 4
    # a key in the blinking steps at once, and the next page blinks from the start
    app = _PagesApp([K_B], blinking=True, pause_keys=[0, K_DOWN])
    assert pages_read(app, ["a", "b"], blinks=4) == [0, 0] + [1] * 5
    assert [page[4] for page in app.pages] == [True, False, True, False, True, False, True]
    # A+B in the blinking: the game menu, then the page goes on blinking
    app = _PagesApp([K_B], blinking=True, pause_keys=[K_MENU])
    assert pages_read(app, ["a"], blinks=4) == [0] * 5 and app.ctx.offered == [False]
    # a page with nothing to blink waits at once
    app = _PagesApp([K_B])
    assert pages_read(app, ["a"], blinks=4) == [0] and app.ui.pauses == []


def test_the_paged_reader_shows_the_first_page_for_a_moment_without_people():
    app = _PagesApp([], humans=0)
    assert pages_read(app, ["a", "b", "c"]) == [0] and app.ui.pauses == [1200]
    app = _PagesApp([], humans=0)
    assert pages_read(app, []) == [0] and app.pages[0][1] == "Nothing yet"


def _pages_games():
    # the table games whose App draws the event pages (defines event_page)
    import os
    from games.catalogue import GAMES
    here = os.path.dirname(os.path.abspath(__file__))
    out = []
    for entry in GAMES:
        path = os.path.join(here, "..", "firmware", "games", entry.id, "app.py")
        with open(path) as f:
            if "    def event_page(self," in f.read():
                out.append(entry.id)
    return out


@pytest.mark.parametrize("game_id", _pages_games())
def test_a_games_event_pages_step_with_up_down_and_b_goes_back(game_id, tmp_path):
    # by buttons in the simulator: the first "What happened" with two pages or more
    import drive
    from screen import has_text
    seen = []
    keys = ["DOWN", "UP", "B"]

    def shown_page(console):
        for count in range(2, 10):
            for at in range(1, count + 1):
                if has_text(console, "%d/%d" % (at, count)):
                    return at, count
        return None

    def on_wait(console, state):
        if len(seen) == len(keys) + 1:
            return None
        page = shown_page(console) if state["waiting"] == "continue" else None
        if not seen and (page is None or page[0] != 1):
            return None
        seen.append(page)
        return [keys[len(seen) - 1]] if len(seen) <= len(keys) else None
    d = drive.Driver(game_id, 1, on_wait=on_wait)
    drive.play(game_id, ["human", "easy"], tmp_path, None, 1, d)
    count = seen[0][1]
    # page 1, DOWN: page 2, UP: page 1, B: the reader left (the turn's screen)
    assert seen == [(1, count), (2, count), (1, count), None]
