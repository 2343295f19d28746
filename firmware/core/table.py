"""The table-game kit: what every table game's screens share (docs/app-api.md, "core.table").

A game's App subclasses TableApp and keeps only what is its own: how a new game is
made and restored, its decision screens, how a computer player's move is shown and
its end screen (and, if its events are read a page each, how a page is drawn:
event_page). The kit owns the seats, the computer players' generator, the event
log and its readers (a list, or pages), the refusal box, the pass screen, saving, the game menu, and
navigation:

- visit(name, fn, *args) opens a screen over the current one, and the current one
  is shown again when it returns. B leaves a screen: one level back, or to the turn.
- A screen already open is never opened again over itself: visiting it goes back
  down to it. So the depth of open screens is bounded by the number of distinct
  screens, whatever keys are pressed (the key fuzz checks it).
"""
from core import font
from core.events import EventLog
from core.rng import Rng
from core.rules import Illegal
from core.session import QuitGame, load_module, setup_options, unload
from hal.keys import K_UP, K_DOWN, K_LEFT, K_RIGHT, K_A, K_B, K_MENU

# While a game runs: "app", "game", "waiting" ("decide" on a decision screen, "end"
# on the end screen, "continue" on any other) and "screens" (the names open over the
# turn). Tests,
# the key fuzz and the benchmarks read it; the firmware only writes it.
LIVE = {}

READ_ROWS = 5       # event rows under the title bar


class _Undone(Exception):
    # raised by the game menu's Undo: the decision screens of the person to act are
    # left (whatever they held is of the game before) and opened again on the game
    pass


class _BackTo(Exception):
    # raised by visit() of a screen already open; its own visit catches it
    def __init__(self, name):
        Exception.__init__(self, name)
        self.name = name


class TableApp:
    LOG_KEEP = 24       # event texts kept for the "What happened" screens
    BOT_MS = 600        # a computer player's move stays on screen this long
    PRIVATE = False     # hands are secret: a pass screen before every person's turn
    link = None         # a linked game's core.linkplay.LinkPlay (set in __init__)
    undo_refused = False    # the box saying why Undo cannot be is up (no Undo under it)

    def __init__(self, ctx, setup, saved):
        """A new game from the launcher's setup, or the game in `saved` (KeyError,
        ValueError or TypeError if that is not one of this game's saves)."""
        self.ctx = ctx
        self.ui = ctx.ui
        self.fb = ctx.ui.fb
        self.screens = []
        self.stats_kept = False   # the statistics have this game (at its end screen)
        self.bot_rng = Rng()
        linked = (setup if saved is None else saved).get("link")
        # the person's actions of this turn that Undo can take back; none in a linked game,
        # which offers no Undo, so it does not load core.undo (2.8 KB on the 64-bit unix
        # port from .mpy, names aside: docs/link.md, "Memory")
        self.takeback = None if linked else load_module("core.undo").TakeBack()
        self.deciding = -1          # the seat whose person is deciding now (Undo is theirs)
        seats = setup["seats"] if saved is None else saved["seats"]
        self.names = [str(s["name"]) for s in seats]
        self.kinds = [str(s["kind"]) for s in seats]
        self.log = EventLog(len(seats), self.LOG_KEEP)
        self.link = None            # (core.linkplay is loaded only for a linked game)
        if saved is None:
            rng = ctx.rng
            if setup.get("seed"):  # a game code's: the same dice and computer players again
                rng = Rng()
                rng.setstate(setup["seed"])
            self.code = game_code(ctx.game_id, self.kinds, setup["options"], rng.getstate())
            self.game = self.new_game(setup["options"], Rng(rng.new_seed()))
            self.bot_rng.seed(rng.new_seed())
        else:
            self.code = saved.get("code")
            self.game = self.restore_game(saved["game"])
            self.bot_rng.setstate(saved["bot_rng"])
            self.log.load(saved["log"])
            if self.takeback is not None:
                self.takeback.load(saved.get("undo"))
            self.restore_more(saved)
        ctx.code = self.code
        if linked:
            self.link = load_module("core.linkplay").LinkPlay(self, linked)
        # the people at this console (a linked game's other console has its own)
        people = [s for s in range(len(self.kinds)) if self.person_here(s)]
        self.humans = len(people)
        # the person holding the console: at a new game the one who set it up (the
        # first person's seat); on a resume nobody knows, so a pass screen first
        self.holder = -1
        if self.humans == 1 or saved is None and not self.PRIVATE and self.humans:
            self.holder = people[0]
        self._saver = self.save     # (one bound method, put off with ui.later())
        self._undo_ready = self.undo_ready  # (... and ui.ahead())
        LIVE["app"] = self
        LIVE["game"] = self.game
        LIVE["waiting"] = "continue"
        LIVE["screens"] = self.screens

    # ---- what a game's App defines ------------------------------------------------
    RULES = None        # the game's rules module (its Game class)

    def new_game(self, options, rng):
        """The rules' Game for these seats, named after them. A game's App adds what
        is its own (and starts the game, or leaves that to begin())."""
        game = self.RULES.Game(len(self.names), options, rng)  # pyright: ignore[reportAttributeAccessIssue]  -- a game's App sets RULES
        game.names = self.names
        return game

    def restore_game(self, data):
        game = self.RULES.Game.from_save(data)  # pyright: ignore[reportAttributeAccessIssue]  -- a game's App sets RULES
        game.names = self.names
        return game

    def restore_more(self, saved):
        """Anything the app saved beside the game (save_more)."""

    def undone(self):
        """The game was put back by Undo (self.game is a new object): forget anything
        the app keeps of the game before."""

    def save_more(self, data):
        """Add the app's own items to the save dict."""

    def decide(self, seat):
        """One decision of the person in seat, on the game's screens."""
        raise NotImplementedError

    def robot(self, seat):
        """One decision of the computer player in seat, shown as it is made."""
        raise NotImplementedError

    def finish(self):
        """The end screen (the save is already cleared)."""
        raise NotImplementedError

    def begin(self):
        """What a game shows before its first decision (a resumed one too)."""

    def turn_mark(self):
        """A value that changes when a turn ends: the game is saved then."""
        return self.game.turn

    def turn_over(self):
        """What to show when a turn ends (before the save)."""

    def pass_reason(self, seat):
        """A few words under "Pass the console to": what seat is to do."""
        return ""

    def stats_group(self, seat):
        """What the statistics sort seat's result by besides the game ("Level 2", a solo
        rating), or None."""
        return None

    # ---- playing ----------------------------------------------------------------------
    def play(self):
        game = self.game
        self.ui.on_sleep = self.save
        self.ui.menu_hook = self.menu   # A+B on the kit's own screens too: Undo is offered there
        self.begin()
        if self.link is not None:
            self.link.start()       # both consoles at the same turn of the same game
        self.save_soon()
        mark = self.turn_mark()
        while not game.is_over():
            seat = game.to_act()
            if self.person_here(seat):
                if self.link is not None:
                    self.link.your_turn(seat)   # the turn indicator: back from the other console
                self.hand_to(seat)
                self.news(seat)
                self.deciding = seat
                if self.takeback is not None:
                    self.ui.ahead(self._undo_ready)
                try:
                    self.decide(seat)
                except _Undone:     # the same person decides again, on the game put back
                    pass
                if self.ui.prepare is self._undo_ready:
                    self.ui.ahead(None)
                self.deciding = -1
                game = self.game
            else:
                self.robot(seat)
            if self.turn_mark() != mark:
                mark = self.turn_mark()
                if self.takeback is not None:
                    self.takeback.new_turn()
                self.turn_over()
                self.save_soon()
        self.ui.on_sleep = None     # finished: sleeping on the end screen must not save it again
        self.cancel_save()          # nor may a save put off
        if self.humans and not self.stats_kept:
            # the busy mark from here: the save cleared, the game's results worked out and
            # the statistics kept (scores()) took 200-250 ms est. Pico before a sign
            # (make bench keys: Word Cards' last key)
            self.ui.busy()
        self.ctx.clear_save()
        LIVE["waiting"] = "continue"
        self.finish()

    def person_here(self, seat):
        """Whether a person decides for seat on this console (in a linked game a person
        on the other console, and a computer the other console runs, are played by
        robot(): think() brings their action over the cable)."""
        return self.kinds[seat] == "human" and (self.link is None or self.link.here(seat))

    def save_soon(self):
        """Save once the next screen is up (ui.later): a turn's end is saved before any
        key is read or the game changes again (a computer player thinks under the busy
        mark, which does it first), but the next screen is not kept waiting for it."""
        self.ui.later(self._saver)

    def cancel_save(self):
        if self.ui.pending is self._saver:
            self.ui.pending = None

    def save(self):
        self.cancel_save()      # saved now: a save put off would write the same again
        people = [s for s in range(len(self.kinds)) if self.kinds[s] == "human"]
        seats = []
        for s in range(len(self.names)):
            seats.append({"name": self.names[s], "kind": self.kinds[s]})
        # with nobody at the table, seat 0's unread events are shown at the end
        data = {"seats": seats, "game": self.game.to_save(), "bot_rng": list(self.bot_rng.getstate()),
                "log": self.log.to_save(people or [0]), "code": self.code,
                "undo": None if self.takeback is None else self.takeback.to_save()}
        if self.link is not None:
            data["link"] = self.link.to_save()
        self.save_more(data)
        self.ctx.save_game(data)

    def undo_ready(self):
        """Undo's copy of the game before the deciding person's first action, made while
        they look at their first screen (ui.ahead), not when their key comes."""
        if self.deciding >= 0 and self.deciding == self.game.to_act():
            self.takeback.ready(self.game, self.deciding)

    def apply(self, action):
        """A person's action: True, or False with the rules' reason shown. Every action
        of a person goes through here: Undo replays them (core.undo)."""
        game = self.game
        seat = game.to_act()
        seen = game.revealed()
        link = self.link            # no Undo in a linked game: no copy of the game for it
        if link is None:
            self.takeback.before(game, seat, self.log.count)
        try:
            game.apply(action)
        except Illegal as e:
            if link is None:
                self.takeback.refused()
            self.refuse(e.reason)
            return False
        if link is None:
            self.takeback.after(game, seat, action, seen)
            if self.takeback.base is None and seat == self.deciding == game.to_act():
                self.ui.ahead(self._undo_ready)     # a new base (something was revealed): ahead too
        else:
            link.applied(seat, action)
        return True

    def undo(self):
        """The game menu's Undo: the last action of the person to act taken back, or why
        it cannot be (a box over the screen)."""
        seat = self.game.to_act()
        why = self.takeback.reason(seat)
        if why:
            # the box waits for a key, and A+B there opens the game menu: without its Undo,
            # or each Undo refused would open another box over the last, without end
            self.undo_refused = True
            try:
                self.refuse(why)
            finally:
                self.undo_refused = False
            return
        self.ui.busy()      # a copy of the game restored and its turn played again
        game, mark = self.takeback.undo(self.restore_game)
        self.game = game
        LIVE["game"] = game
        self.log.rewind(mark)
        self.undone()
        raise _Undone()

    def think(self, bot, seat):
        """The action bot.choose picks for the computer player in seat, with the busy
        mark up while it thinks. In a linked game: the action of the other console's seat
        when it comes over the cable, and this console's choice is sent there."""
        link = self.link
        if link is not None and not link.here(seat):
            action = link.received(seat)
            if action is not None:
                return action       # (None: the host took the seat over meanwhile)
        self.ui.busy()
        action = bot.choose(self.game, self.kinds[seat], self.bot_rng)
        if link is not None:
            link.applied(seat, action)
        return action

    # ---- keys, pauses, the game menu -----------------------------------------------------
    def key(self, waiting="decide"):
        """The next key. A+B opens the game menu, then 0: the caller draws its screen again."""
        LIVE["waiting"] = waiting
        return self.menu_or_key(self.ui.wait_key())

    def menu_or_key(self, k):
        """The key k, or 0 when it is A+B: the game menu was opened (and left by Resume)."""
        if k & K_MENU:
            self.menu()
            return 0
        return k

    def menu(self):
        """The game menu. "Save and quit" saves and leaves the game (a finished game,
        its save already cleared, is not saved again); Resume goes back as it was."""
        waiting = LIVE.get("waiting")
        LIVE["waiting"] = "continue"
        # Undo in a person's own decision only (not while a computer plays or a pass
        # screen is up): in pass-and-play the holder is the one to act. Not in a linked
        # game: the other console has applied the action already (docs/link.md)
        game = self.game
        offer = (not game.is_over() and self.deciding == game.to_act() and self.link is None
                 and not self.undo_refused)
        choice = self.ctx.open_menu(offer)
        if choice == "quit":
            if not game.is_over():
                self.save()
            raise QuitGame()
        LIVE["waiting"] = waiting
        if choice == "undo":
            self.undo()

    def pause(self, ms):
        """A pause any key cuts short: that key, or 0 when it was A+B (the game menu was
        opened: the caller draws its screen again) or none came."""
        return self.menu_or_key(self.ui.pause(ms))

    def hold(self, ms=1500):
        """Leave the screen up: until A or B with people at the table, else for ms."""
        if not self.humans:
            self.pause(ms)
            return
        while True:
            k = self.key("continue")
            if not k or k & (K_A | K_B):
                return

    # ---- screens every game has ----------------------------------------------------------
    def visit(self, name, screen, *args):
        """Open a screen over the current one: screen(*args) draws it and reads keys
        until B (or A) leaves it; its value is returned. If a screen of that name is
        already open further down, nothing is opened: the screens over it close and
        it is shown again from its start."""
        screens = self.screens
        if name in screens:
            raise _BackTo(name)
        screens.append(name)
        try:
            while True:
                try:
                    return screen(*args)
                except _BackTo as back:
                    if back.name != name:
                        raise
        finally:
            screens.pop()

    def hand_to(self, seat):
        """Pass-and-play: the pass screen when another person is to decide now."""
        if self.humans > 1 and self.holder != seat:
            LIVE["waiting"] = "continue"
            self.ui.pass_to(self.names[seat], self.pass_reason(seat))
        self.holder = seat

    def note(self, texts, actor=-1):
        """Keep event texts; the first tells of actor's own action (news to the others)."""
        for text in texts:
            self.log.note(text, actor)
            actor = -1

    def news(self, seat, title="What happened"):
        """The events seat has not read, to read now; marked read once read (Save and
        quit on this screen shows them again after Resume)."""
        texts = self.log.unseen(seat)
        if texts:
            self.read(title, texts)
        self.log.mark_seen(seat)

    def read(self, title, texts, from_end=False):
        """Event texts as a list: UP/DOWN scroll, A or B goes on. With computer
        players only at the table they show for a moment."""
        rows = []
        for text in texts:
            lines = font.wrap(text, 126) or [""]
            rows.append(lines[0])
            for more in font.wrap(" ".join(lines[1:]), 120):
                rows.append(" " + more)
        first = max(0, len(rows) - READ_ROWS) if from_end else 0
        ui = self.ui
        fb = self.fb
        while True:
            ui.clear()
            ui.bar(title)
            for i in range(first, min(len(rows), first + READ_ROWS)):
                font.text(fb, rows[i], 0, 11 + 9 * (i - first))
            font.text_right(fb, "A:OK", 127, 56)
            if len(rows) > READ_ROWS:
                font.text(fb, (font.ARROW_UP if first else " ") +
                          (font.ARROW_DOWN if first + READ_ROWS < len(rows) else ""), 0, 56)
            ui.show()
            if not self.humans:
                self.pause(1200)
                return
            k = self.key("continue")
            if k & K_UP and first > 0:
                first -= 1
            elif k & K_DOWN and first + READ_ROWS < len(rows):
                first += 1
            elif k & (K_A | K_B):
                return

    def read_pages(self, title, texts, from_end=False, blinks=0):
        """Event texts a page each, drawn by the game's event_page() beside its board (the
        kit's list, read(), cannot show where they happened): UP/LEFT the event before,
        DOWN/RIGHT or A the next (on the last A goes on), B goes on at once; no texts: a
        page saying so. A page whose event_page() has a place to blink shows it lit and
        unlit in turn, a quarter second each, blinks times, then lit while it waits (a key
        cuts the blinking short). With computer players only at the table the first page
        shows for a moment. A game's read() sends its texts here (Cookie Party all, Dizzle
        those that name a field)."""
        texts = texts or ["Nothing yet"]
        count = len(texts)
        at = count - 1 if from_end else 0
        blink = blinks
        while True:
            blinking = self.event_page(at, texts[at], title, count, blink % 2 == 0)
            self.ui.show()
            if not self.humans:
                self.pause(1200)
                return
            LIVE["waiting"] = "continue"
            k = self.pause(250) if blink and blinking else self.key("continue")
            blink = max(0, blink - 1)
            step = -1 if k & (K_UP | K_LEFT) else 1 if k & (K_DOWN | K_RIGHT | K_A) else 0
            if step and 0 <= at + step < count:
                at += step
                blink = blinks
            elif k & (K_A | K_B):
                return

    def event_page(self, at, text, title, count, lit):
        """A game that reads events with read_pages() draws one here: text, page at of
        count, under title, beside the board it tells of, the place it names lit when lit.
        True when it names a place that blinks (read_pages' blinks)."""
        raise NotImplementedError

    def scores(self, title, rows, winners):
        """The end screen (ui.scores); tests and the fuzz know it by LIVE["waiting"] "end".
        rows: (name, score, detail), winners: row indexes. The people's results are
        recorded first, once."""
        if self.humans and not self.stats_kept:
            self.stats_kept = True
            self.ui.busy()  # loading, reading and writing the statistics: 0.5 s est. Pico (make bench keys)
            self.keep_stats(rows, winners)
        LIVE["waiting"] = "end"
        self.ui.scores(title, rows, winners, self.code)

    def keep_stats(self, rows, winners):
        """The console's statistics (core.stats, loaded for this only). Not enough memory
        for them is told and the end screen comes all the same."""
        scores = [0] * len(self.names)
        won = []
        for i in range(len(rows)):
            seat = self.names.index(rows[i][0])
            scores[seat] = rows[i][1]
            if i in winners:
                won.append(seat)
        groups = [self.stats_group(seat) for seat in range(len(self.names))]
        try:
            load_module("core.stats").record(self.ctx.session, self.ctx.game_id, self.names, self.kinds,
                                             scores, won, groups)
        except MemoryError:
            unload("core.stats")    # first: the message needs some memory
            print("pocket-party: out of memory recording the statistics")
            self.ui.message("Statistics", "Not enough memory to record this game. Everything else goes on.")
        unload("core.stats")

    def refuse(self, reason):
        """The rules' reason for a refused action, in a box over the screen."""
        fb = self.fb
        lines = font.wrap(reason, 112)[:4]
        fb.fill_rect(4, 9, 120, 54, 0)
        fb.rect(4, 9, 120, 54, 1)
        fb.rect(5, 10, 118, 52, 1)
        y = 13
        for line in lines:
            font.text_center(fb, line, 64, y)
            y += 9
        font.text_right(fb, "A:OK", 120, 52)
        self.ui.show()
        self.hold()


def game_code(game_id, kinds, options, seed):
    """The game code (core.codes) of a new game, from the seed state its generator starts
    at; None for a game codes do not cover. Its setup.py and the codes are let go at once."""
    offered = setup_options(game_id)
    codes = load_module("core.codes")
    try:
        return codes.encode(game_id, kinds, options, offered, seed)
    except ValueError:  # options or a seat kind no setup screen offers (a test's, a tool's)
        return None
    finally:
        unload("core.codes")


def run(app_class, ctx, setup, saved):
    """Play a new game (setup) or a saved one to its end or to "Save and quit"."""
    if saved is None:
        app = app_class(ctx, setup, None)
    else:  # a save that does not fit is told and offered for deletion by the session
        app = ctx.resume(lambda data: app_class(ctx, None, data), saved)
    if app is None:
        return
    try:
        app.play()
        app.ui.busy()       # the game is left: it is let go and the launcher loaded (seconds on a Pico)
    except QuitGame:
        app.ui.busy()
    except MemoryError:
        raise               # (the session lets go of the game first: nothing is saved)
    except Exception:
        # a fault after a turn's end, before its save was done: the game has not
        # changed since (only a key or the busy mark moves it on), so it is saved as
        # it would have been; Resume then goes on from that turn
        if app.ui.pending is app._saver:
            try:
                app.save()
            except Exception as e:
                print("pocket-party: the game was not saved (%r)" % (e,))
        raise
    finally:
        app.ui.on_sleep = None
        app.cancel_save()   # a game left (quit, or a fault) saves nothing more
        if app.link is not None:
            app.link.close()
        LIVE.clear()
        # not kept between games: left in the middle of the heap, these modules
        # would split the free space the launcher and the next game get
        unload("core.table")
        unload("core.events")
