"""Clever Kids on the console, played with buttons only in the simulator."""
import sys

from core.rng import Rng
from core.saves import Saves
from hal.storage import FileStorage
from sim.console import Console
import screen
from screen import has_text, golden
from games.clever import bot, rules as R



def setup_keys(kinds, options=None):
    """From the main menu to Start: Clever Kids, New game, the seats and options."""
    return screen.new_game_keys("clever", kinds, options)


def app():
    return sys.modules.get("games.clever.app")


def live():
    a = app()
    return a.LIVE if a is not None else {}


def end_head(g):
    """The title of the end screen (ui.scores)."""
    if g.n == 1:
        return "%d stars!" % g.scores()[0]
    win = g.winners()
    head = g.names[win[0]] + " wins!" if len(win) == 1 else "Tie: " + " & ".join(g.names[i] for i in win)
    return head if len(head) <= 15 else head[:14] + "~"             # as ui.scores clips it


class Driver:
    """Plays a game by buttons: A on "continue" screens, and on "decide" screens
    the keys of an action a bot picks for the seat (its own rng). Stops on the
    end screen (or leaves it with B: stop_over=False)."""

    def __init__(self, seed=5, level="easy", quit_after=None, stop_over=True):
        self.rng = Rng(seed)
        self.level = level
        self.actions = []
        self.quit_after = quit_after
        self.quitted = False
        self.resumed = False
        self.over = None
        self.screens = []
        self.stop_over = stop_over

    def __call__(self, c):
        lv = live()
        if not lv:
            if self.quitted and not self.resumed:
                self.resumed = True
                return ["A", "A"]           # main menu (cursor on the last game), Resume
            return None
        g = lv["game"]
        if lv["waiting"] == "continue":
            if g.over and has_text(c, end_head(g)):
                self.over = g
                return None if self.stop_over else ["B"]
            if has_text(c, "Pass the console to"):
                self.screens.append("pass")
            elif has_text(c, "What happened") or has_text(c, "Rolled again!"):
                self.screens.append("news")
            return ["A"]
        if self.quit_after is not None and len(self.actions) >= self.quit_after and not self.quitted \
                and g.phase == "cross":     # in the middle of a move
            self.quitted = True
            self.quit_state = g.to_save()
            return ["MENU", "DOWN", "A"]    # game menu: Save and quit
        a = bot.choose(g, self.level, self.rng)
        self.actions.append(a)
        return app().keys_for(g, a)


class Snap:
    """A frame kept for golden(): (an assertion inside a driver would land in
    the firmware, which shows it as a game error)."""

    def __init__(self, console):
        self.frame = bytes(console.panel())

    def panel(self):
        return self.frame


def run_keys(keys, seed, path):
    """Press keys from power-on; returns the console and what LIVE held when
    the keys were used up (the app is unloaded once the run stops)."""
    got = {}

    def drv(c):
        got.update(live())
        return None
    c = Console("pico", seed, keys, str(path), driver=drv)
    c.run()
    return c, got


def play_game(tmp_path, kinds, seed=3, options=(), **kw):
    d = Driver(**kw)
    c = Console("pico", seed, setup_keys(kinds, options), str(tmp_path), driver=d)
    c.run()
    return c, d


def saved(tmp_path):
    data, problems = Saves(FileStorage(str(tmp_path / "saves"))).load("clever")
    return data


def test_four_players_two_humans_two_computers_play_to_the_end(tmp_path):
    c, d = play_game(tmp_path, ["human", "easy", "human", "normal"], seed=11)
    g = d.over
    assert g is not None and g.over and g.n == 4
    assert g.names == ["Ann", "Ben", "Cat", "Dan"]
    sc = g.scores()
    assert has_text(c, end_head(g))                            # the end screen names the winner(s)
    for p in range(4):
        assert has_text(c, "%-8s %4d" % (g.names[p], sc[p]))        # every score
    assert saved(tmp_path) is None                                  # the save is cleared
    assert "pass" in d.screens and "news" in d.screens
    assert len(d.actions) > 20


def test_solo_game_is_played_to_the_end(tmp_path):
    c, d = play_game(tmp_path, ["human"], seed=3, stop_over=False)
    assert d.over is not None and d.over.n == 1
    assert not live()                                               # left the end screen: the launcher
    assert saved(tmp_path) is None
    assert has_text(c, "Clever Kids") and not has_text(c, "Clever Kids *")


def test_solo_end_screens(tmp_path):
    d = Driver()
    seen = {}

    def drv(c):
        lv = live()
        if lv and lv["game"].over:
            g = lv["game"]
            n = g.scores()[0]
            if has_text(c, "party pooper"):                         # the rating table
                seen["rating"] = has_text(c, "%d stars" % n) and has_text(c, R.rating(n))
                shot.append(Snap(c))
            elif has_text(c, end_head(g)):                          # the score: A itemises it
                seen["scores"] = True
            elif has_text(c, "Total %d stars" % n):
                seen["detail"] = has_text(c, "balloons") and has_text(c, "sweets")
                return None
            return ["A"]
        return d(c)
    shot = []
    c = Console("pico", 3, setup_keys(["human"]), str(tmp_path), driver=drv)
    c.run()
    assert seen == {"rating": True, "scores": True, "detail": True}
    golden(shot[0], "clever_solo_rating")
    assert saved(tmp_path) is None


def test_mid_turn_save_and_quit_then_resume_continues_the_same_game(tmp_path):
    kinds = ["human", "normal", "human"]
    _, whole = play_game(tmp_path / "a", kinds, seed=7)
    _, split = play_game(tmp_path / "b", kinds, seed=7, quit_after=9)
    assert split.quitted and split.resumed
    assert split.quit_state["phase"] == "cross"
    a, b = whole.over, split.over
    assert a is not None and b is not None
    assert whole.actions == split.actions
    sa, sb = a.to_save(), b.to_save()
    assert sa == sb
    assert a.scores() == b.scores()


def test_quit_saves_mid_turn_state(tmp_path):
    kinds = ["human", "easy"]
    d = Driver(quit_after=3)

    def drv(c):
        if d.quitted and not live():
            return None
        return d(c)
    c = Console("pico", 5, setup_keys(kinds), str(tmp_path), driver=drv)
    c.run()
    assert d.quitted
    data = saved(tmp_path)
    assert data["game"] == d.quit_state and data["game"]["phase"] == "cross"
    assert data["kinds"] == kinds
    assert has_text(c, "Clever Kids *")                            # back in the launcher, a save to resume


def test_saves_at_every_turn_boundary_and_on_sleep(tmp_path):
    turns = []
    d = Driver()

    def drv(c):
        lv = live()
        if len(turns) >= 3:
            d.game = lv["game"]
            return None
        if lv and lv["waiting"] == "decide" and lv["game"].phase == "pick" and lv["game"].role == 0:
            g = lv["game"]
            if not turns or turns[-1][0] != g.turn:
                turns.append((g.turn, saved(tmp_path)["game"]["turn"]))
                if len(turns) == 3:
                    return ["UP", "WAIT:61000"]                     # then nothing: the screen sleeps, autosave
        return d(c)
    c = Console("pico", 4, setup_keys(["human", "human"]), str(tmp_path), driver=drv)
    c.run()
    assert len(turns) == 3 and all(t == s for t, s in turns)
    assert not c.model.is_on
    assert saved(tmp_path)["game"] == d.game.to_save()


def test_an_illegal_colour_shows_the_reason(tmp_path):
    for seed in range(1, 30):       # a first roll where some colour cannot be picked
        c, lv = run_keys(setup_keys(["human", "normal"]), seed, tmp_path / str(seed))
        g = lv["game"]
        from games.clever import app as a
        items = a.items_of(g)
        bad = [i for i in range(4) if items[i] not in g.legal_actions()]
        if bad:
            break
    start = a.start_of(g, items)
    why = g.why_colour(bad[0])
    keys = setup_keys(["human", "normal"]) + ["RIGHT"] * ((bad[0] - start) % 4) + ["A"]
    c, lv = run_keys(keys, seed, tmp_path / "b")
    from core import font
    assert has_text(c, font.wrap(why, 108)[0])
    golden(c, "clever_refused")
    assert lv["game"].phase == "pick"                               # nothing changed
    c, lv = run_keys(keys + ["A"], seed, tmp_path / "c")             # A: back to the choice
    assert not has_text(c, font.wrap(why, 108)[0])


def test_done_before_any_cross_is_refused(tmp_path):
    kinds = ["human", "easy"]

    def first_cross(c, lv):
        g = lv["game"]
        return lv["waiting"] == "decide" and g.phase == "cross" and g.crosses == 0

    c = goto_screens(tmp_path, kinds, 5, first_cross, ["LEFT", "A"])  # LEFT wraps to Done
    assert has_text(c, "Cross at least one")


def goto_screens(tmp_path, kinds, seed, until, extra=(), game=False):
    """Drive a game until until(console, live) is true, then press extra keys."""
    d = Driver()
    state = {"extra": False}

    def drv(c):
        lv = live()
        if state["extra"]:
            return None
        if lv and until(c, lv):
            state["extra"] = True
            state["game"] = lv["game"]
            return list(extra) or None
        return d(c)
    c = Console("pico", seed, setup_keys(kinds), str(tmp_path), driver=drv)
    c.run()
    return (c, state.get("game")) if game else c


def test_golden_screens(tmp_path):
    kinds = ["human", "easy", "human", "normal"]
    # the turn screen: the roller picks a colour
    c, lv = run_keys(setup_keys(kinds), 11, tmp_path / "a")
    assert lv["waiting"] == "decide" and lv["game"].phase == "pick"
    golden(c, "clever_pick")
    # the sheets of everyone: overview, then a zoomed area
    c, lv = run_keys(setup_keys(kinds) + ["B"], 11, tmp_path / "b")
    assert has_text(c, "Ann")
    golden(c, "clever_overview")
    c, lv = run_keys(setup_keys(kinds) + ["B", "DOWN", "DOWN"], 11, tmp_path / "c")
    assert has_text(c, "candles")
    golden(c, "clever_zoom_red")
    # crossing: the zoomed area with the cursor
    c = goto_screens(tmp_path / "d", kinds, 11, lambda c, lv: lv["waiting"] == "decide" and lv["game"].phase == "cross")
    assert has_text(c, "Done")
    golden(c, "clever_cross")
    # a pass screen between the two humans, and the summary after it
    c = goto_screens(tmp_path / "e", kinds, 11, lambda c, lv: has_text(c, "Pass the console to"))
    assert has_text(c, "Cat")
    golden(c, "clever_pass")
    c = goto_screens(tmp_path / "f", kinds, 11, lambda c, lv: has_text(c, "What happened"))
    golden(c, "clever_summary")
    # a computer player's step
    c = goto_screens(tmp_path / "g", kinds, 11, lambda c, lv: lv["game"].over and has_text(c, end_head(lv["game"])))
    golden(c, "clever_end")


def test_joker_choice_list(tmp_path):
    """A field that can be crossed with or without a joker asks how."""
    def until(c, lv):
        g = lv["game"]
        if lv["waiting"] != "decide" or g.phase != "cross":
            return False
        return any(len(app().variants(g, f)) > 1 for f in app().fields_of(g.legal_actions()))

    c, g = goto_screens(tmp_path, ["human", "easy"], 5, until, game=True)
    from games.clever import app as a
    f = [f for f in a.fields_of(g.legal_actions()) if len(a.variants(g, f)) > 1][0]
    keys = a.keys_for(g, a.variants(g, f)[0])[:-1]                  # up to the list, not choosing
    c = goto_screens(tmp_path / "b", ["human", "easy"], 5, until, keys)
    assert has_text(c, "with")
    assert has_text(c, "joker")
    golden(c, "clever_jokers")


def test_all_computer_players_play_alone(tmp_path):
    over = []

    def drv(c):
        lv = live()
        if lv and lv["game"].over:
            over.append(lv["game"])
            return None
        return ["A"] if lv else None
    c = Console("pico", 2, setup_keys(["easy", "normal"]), str(tmp_path), driver=drv)
    c.run()
    assert over and over[0].over
    assert saved(tmp_path) is None


def test_keys_for_reaches_every_legal_action():
    from games.clever import app as A
    rng = Rng(9)
    for n in (1, 2, 3):
        g = R.Game(n, None, Rng(n))
        g.start()
        while not g.over:
            items = A.items_of(g)
            for a in g.legal_actions():
                k = A.keys_for(g, a)
                assert k[-1] == "A" and set(k) <= {"RIGHT", "DOWN", "A"}
                i = (A.start_of(g, items) + k.index("A")) % len(items)
                assert items[i] == a.split(" ")[0]
            g.apply(bot.choose(g, "easy", rng))



# ---- the "What happened" log across Save and quit --------------------------------
def news_game(tmp_path, kinds, seed, quit_when=None, old=False):
    """Plays like Driver and keeps every "What happened" screen: (actions
    made before it, seat it is for, frame), and a Snap of each.
    quit_when(console, live, driver): the game menu's "Save and quit" there
    (once), then Resume from the launcher; old: the save first loses the
    event log, as the version before it wrote saves."""
    d = Driver(seed=seed)
    d.resume_save = None
    news = []
    store = Saves(FileStorage(str(tmp_path / "saves")))

    def drv(c):
        lv = live()
        if lv and d.resumed and d.resume_save is None:
            d.resume_save = store.load("clever")[0]     # written as the game resumed
        if lv and lv["waiting"] == "continue" and (has_text(c, "What happened") or has_text(c, "Rolled again!")):
            news.append((len(d.actions), lv["game"].to_act(), Snap(c)))
        if lv and quit_when is not None and not d.quitted and quit_when(c, lv, d):
            d.quitted = True
            d.quit_news = len(news)
            return ["MENU", "DOWN", "A"]            # game menu: Save and quit
        if not lv and d.quitted and not d.resumed:
            data = store.load("clever")[0]
            d.quit_save = dict(data)
            if old:
                for k in ("log", "nlog", "seen"):
                    data.pop(k, None)
                store.save("clever", data)
        return d(c)
    c = Console("pico", seed, setup_keys(kinds), str(tmp_path), driver=drv)
    c.run()
    assert d.over is not None
    return d, [(n, p, s.frame) for n, p, s in news], [s for n, p, s in news]


def test_what_happened_is_kept_across_save_and_quit(tmp_path):
    # Ann, Ben (CPU), Cat: "Save and quit" in the middle of Cat's move, Ben
    # having played since Ann last decided; after Resume Ann's "What happened"
    # still has Ben's moves, and every such screen is as in the same game
    # played without quitting
    kinds = ["human", "easy", "human"]
    _, whole, _ = news_game(tmp_path / "a", kinds, 7)

    def cats_move(c, lv, d):
        g = lv["game"]
        return len(d.actions) >= 12 and lv["waiting"] == "decide" and g.to_act() == 2 and g.phase == "cross"
    d, split, snaps = news_game(tmp_path / "b", kinds, 7, cats_move)
    assert d.quitted and d.resumed
    assert split == whole
    # what Ann had not seen when the game was saved: Ben's move (and Cat's)
    log = d.quit_save["log"].split("|")
    assert d.quit_save["seen"][0] < d.quit_save["nlog"] and log[0][1:4] == "Ben"
    anns = [i for i in range(d.quit_news, len(split)) if split[i][1] == 0][0]
    assert has_text(snaps[anns], "What happened")
    from core import font
    rows = []
    for e in log:       # the rows the list shows first (five; a long event wraps)
        lines = font.wrap(e[1:], 126)
        rows += [lines[0]] + [" " + more for more in font.wrap(" ".join(lines[1:]), 120)]
    for row in rows[:5]:
        assert has_text(snaps[anns], row.strip())


def test_what_happened_comes_back_after_save_and_quit_on_it(tmp_path):
    # "Save and quit" on the "What happened" screen itself: Resume shows it again
    kinds = ["human", "easy"]
    _, whole, _ = news_game(tmp_path / "a", kinds, 3)

    def on_news(c, lv, d):
        return len(d.actions) >= 6 and has_text(c, "What happened")
    d, split, snaps = news_game(tmp_path / "b", kinds, 3, on_news)
    k = d.quit_news - 1
    assert d.resumed and split[k] == split[k + 1]
    assert has_text(snaps[k + 1], "What happened") and has_text(snaps[k + 1], "Ben")
    assert split[:k + 1] + split[k + 2:] == whole


def test_a_save_without_the_event_log_still_resumes(tmp_path):
    # a save as the version before wrote it (no "log", "nlog", "seen"):
    # Resume starts with an empty log and the game goes on to the same end;
    # the next save has the log
    kinds = ["human", "easy", "human"]
    a, whole, _ = news_game(tmp_path / "a", kinds, 7)

    def cats_move(c, lv, d):
        g = lv["game"]
        return len(d.actions) >= 12 and lv["waiting"] == "decide" and g.to_act() == 2 and g.phase == "cross"
    d, split, _ = news_game(tmp_path / "b", kinds, 7, cats_move, old=True)
    assert d.resumed and d.actions == a.actions
    assert d.over.to_save() == a.over.to_save()
    assert split[:d.quit_news] == whole[:d.quit_news] and split != whole
    r = d.resume_save
    assert r["game"] == d.quit_save["game"]
    assert (r.get("log"), r.get("nlog"), r.get("seen")) == ("", 0, [0, 0, 0])
