"""Cookie Party screens, played with buttons only in the simulator."""
import sys

from core.rng import Rng
from core.saves import Saves
from hal.storage import FileStorage
import screen
from screen import has_text, golden, rows
from sim.console import Console
from games.cookie import rules as R
from games.cookie.state import SS

APP = "games.cookie.app"


def main_keys():
    return screen.open_game_keys("cookie")


def setup_keys(kinds, opts=None):
    return screen.setup_form_keys("cookie", kinds, opts)


def new_game_keys(kinds, opts=None):
    return screen.new_game_keys("cookie", kinds, opts)


def app():
    return sys.modules.get(APP)


class Driver:
    """Plays every human seat with the easy bot's choices, by buttons only."""

    def __init__(self, seed, stop_after=None, after_stop=None, shots=None):
        # stop_after(game, decisions): True at the decision screen where the
        # game menu's "Save and quit" is used; then after_stop: keys pressed
        # in the launcher
        self.rng = Rng(seed)
        self.decisions = 0
        self.actions = []
        self.passes = 0
        self.ended = None
        self.stop_after = stop_after
        self.after_stop = after_stop
        self.shots = shots        # f(console, live) called at every wait (dev)
        self.game = None
        self.quit_at = None       # (round, seat, phase, need) when it quit
        self.resumed_at = None    # the same at the first decision after Resume

    def __call__(self, console):
        a = app()
        if a is None or "game" not in a.LIVE:
            if self.after_stop:
                keys, self.after_stop = self.after_stop, None
                return keys
            return None
        live = a.LIVE
        game = self.game = live["game"]
        if self.shots:
            self.shots(console, live)
        if game.is_over() and (has_text(console, "wins!") or has_text(console, "Tie:")):
            self.ended = rows(console.panel())
            self.end_text = [n for n in game.names if has_text(console, n)]
            return ["B"]
        if live["waiting"] == "continue":
            if has_text(console, "Pass the console to"):
                self.passes += 1
            return ["A"]
        here = (game.round, game.seat, game.phase, game.need)
        if self.stop_after is not None and self.stop_after(game, self.decisions):
            self.stop_after = None
            self.quit_at = here
            return ["MENU", "DOWN", "A"]          # game menu: Save and quit
        if self.quit_at and not self.resumed_at:
            self.resumed_at = here
        self.decisions += 1
        bot = sys.modules["games.cookie.bot"]
        if game.phase == "place":
            # the easy bot always takes "random": place chips by the cursor too
            action = self.rng.choice(game.legal_actions())
        else:
            action = bot.choose(game, "easy", self.rng)
        self.actions.append((game.round, game.seat, action))
        return a.keys_for(game, action)


def saved(tmp_path):
    data, problems = Saves(FileStorage(str(tmp_path / "saves"))).load("cookie")
    return data


def run_game(tmp_path, kinds, opts=None, seed=1, driver=None):
    d = driver or Driver(seed)
    c = Console("pico", seed, new_game_keys(kinds, opts), str(tmp_path), driver=d)
    c.run()
    return c, d


class StopAt(Driver):
    """Plays like Driver until a decision screen where stop(game) is true,
    then presses keys; then each of steps (check(console), keys) in turn, one
    per wait (and stops when they are used up)."""

    def __init__(self, seed, stop, keys=(), steps=()):
        Driver.__init__(self, seed)
        self.stop = stop
        self.keys = list(keys)
        self.steps = list(steps)
        self.stopped = False

    def __call__(self, console):
        a = app()
        if self.stopped:
            if not self.steps:
                return None
            check, keys = self.steps.pop(0)
            check(console)
            return list(keys) or None
        if a is not None and "game" in a.LIVE and a.LIVE["waiting"] == "decide" and self.stop(a.LIVE["game"]):
            self.stopped = True
            self.game = a.LIVE["game"]
            return self.keys or None
        return Driver.__call__(self, console)


def stop_at(tmp_path, kinds, stop, keys=(), opts=None, seed=1, steps=()):
    d = StopAt(seed, stop, keys, steps)
    c = Console("pico", seed, new_game_keys(kinds, opts), str(tmp_path), driver=d)
    c.run()
    assert d.stopped
    return c, d


# ---- key screens ------------------------------------------------------------------
def test_walls_screen_shows_dice_drink_and_the_sides_to_draw(tmp_path):
    c, d = stop_at(tmp_path, ["human", "easy"], lambda g: g.phase == "walls")
    g = d.game
    assert has_text(c, "Chip %d:" % g.roll_sum()) and has_text(c, "=%d" % g.roll_sum())
    assert has_text(c, "Ann") and has_text(c, "%d wall" % g.need)
    assert has_text(c, g.kind_name(g.space)[:8])          # the zoom: the cookie under the chip
    golden(c, "cookie_walls")


def test_move_screen_with_the_zoomed_cursor_space(tmp_path):
    c, d = stop_at(tmp_path, ["human", "easy"], lambda g: g.phase == "move", ["RIGHT", "DOWN"])
    assert has_text(c, "Move chip?") and has_text(c, "B: no")
    golden(c, "cookie_move")


def lit(console, x, y):
    return rows(console.panel())[y][x] == "#"


def bracketed(console, s):
    """Space s drawn as a legal target: a 3-pixel L in each inner corner."""
    x, y = 10 * (s % 6), 1 + 10 * (s // 6)
    return all(lit(console, x + a, y + b) for a, b in (
        (1, 1), (2, 1), (1, 2), (9, 1), (8, 1), (9, 2), (1, 9), (2, 9), (1, 8), (9, 9), (8, 9), (9, 8)))


def unmarked(console, s):
    """No corner L (a red space's ring only lights the corner pixel itself)."""
    x, y = 10 * (s % 6), 1 + 10 * (s // 6)
    return not any(lit(console, x + a, y + b) for a, b in (
        (2, 1), (1, 2), (8, 1), (9, 2), (2, 9), (1, 8), (8, 9), (9, 8)))


def test_legal_spaces_are_bracketed_and_the_others_not(tmp_path):
    # move: the chips (move N) are the targets, the cookies and crosses not
    c, d = stop_at(tmp_path, ["human", "easy"], lambda g: g.phase == "move")
    g = d.game
    cur = g.chip_space(0, g.roll_sum())                 # the cursor starts on the rolled chip
    cur = cur if cur >= 0 else g.chip_space(0, g.chips_on_board(0)[0])
    chips = set(g.chip_space(0, int(a.split()[1])) for a in g.legal_actions() if a[:4] == "move")
    legal = [s for s in sorted(chips) if s != cur]
    other = [s for s in range(36) if s not in chips and s != cur]
    assert legal and other
    assert bracketed(c, legal[0]) and not bracketed(c, other[0])
    assert all(bracketed(c, s) for s in legal) and all(unmarked(c, s) for s in other)
    # free setup: the free spaces are the targets, a placed chip not
    c, d = stop_at(tmp_path / "b", ["human", "easy"], lambda g: g.phase == "place", ["A", "DOWN"],
                   {"setup": "free"})
    g = d.game
    assert g.chip_at[0][0] == 2 and unmarked(c, 0) and bracketed(c, 1) and bracketed(c, 35)
    # the cursor (space 1 1 now) is lit, its corners cut: a legal space
    assert lit(c, 12, 12) and not lit(c, 11, 12) and lit(c, 11, 13)


def test_placement_screen_and_the_turn_menu(tmp_path):
    c, d = stop_at(tmp_path, ["human", "human"], lambda g: g.phase == "place", ["A", "A", "DOWN"],
                   {"setup": "free"})
    assert d.game.placed == 2 and has_text(c, "Place 4") and has_text(c, "B: random")
    golden(c, "cookie_place")
    c, d = stop_at(tmp_path / "b", ["human", "human"], lambda g: g.phase == "place", ["B"], {"setup": "free"})
    assert has_text(c, "Random layout") and has_text(c, "Scoreboard") and has_text(c, "All boards")


def test_summary_of_what_the_others_did(tmp_path):
    # Ben (CPU) plays round 1 after Ann: Ann's next turn starts with his moves
    d = StopAt(1, lambda g: False)
    seen = []

    def stop(console):
        a = app()
        if a and "game" in a.LIVE and a.LIVE["game"].round == 2 and has_text(console, "What happened"):
            seen.append(1)
            return None
        return Driver.__call__(d, console)
    c = Console("pico", 1, new_game_keys(["human", "easy"]), str(tmp_path), driver=stop)
    c.run()
    assert seen and has_text(c, "Ben:") and has_text(c, "Round 2: rolled")
    golden(c, "cookie_summary")


def test_scoreboard_shows_slots_and_progress_and_other_boards(tmp_path):
    def scoreboard(console):
        assert has_text(console, "Goal 22") and has_text(console, "GINGER") and has_text(console, "WAFER")
        golden(console, "cookie_scoreboard")
    # B: the turn menu, A: Scoreboard; B back to the turn; B, DOWN, A: All boards, RIGHT: Ben's
    c, d = stop_at(tmp_path, ["human", "easy", "normal"], lambda g: g.phase == "walls" and g.round >= 20,
                   ["B", "A"], seed=3, steps=[(scoreboard, ["B", "B", "DOWN", "A", "RIGHT"])])
    assert has_text(c, "Ben") and has_text(c, "2/3")


def test_pass_screen_between_two_humans(tmp_path):
    d = StopAt(1, lambda g: False)
    seen = []

    def stop(console):
        if has_text(console, "Pass the console to"):
            seen.append(1)
            return None
        return Driver.__call__(d, console)
    c = Console("pico", 1, new_game_keys(["human", "human"]), str(tmp_path), driver=stop)
    c.run()
    assert seen and has_text(c, "Ben") and has_text(c, "A: I am Ben")
    golden(c, "cookie_pass")


def test_illegal_choices_show_the_reason(tmp_path):
    # free setup: chip 2 on the first free space, then A on that space again
    c, d = stop_at(tmp_path, ["human", "easy"], lambda g: g.phase == "place", ["A", "LEFT", "A"], {"setup": "free"})
    assert has_text(c, "Space 0 0 is not") and has_text(c, "cross or a chip")
    assert d.game.placed == 1
    golden(c, "cookie_refused")
    # the walls of the rolled chip: a side that is already drawn
    def drawn_side(g):
        return g.phase == "walls" and len(g.free_sides(g.seat, g.space)) < 4
    c, d = stop_at(tmp_path / "b", ["human", "easy"], drawn_side)
    g = d.game
    k = [j for j in range(4) if g.walls[0][SS[4 * g.space + j]]][0]
    c, d = stop_at(tmp_path / "c", ["human", "easy"], drawn_side, [("UP", "DOWN", "LEFT", "RIGHT")[k], "A"])
    assert has_text(c, "Wall") and has_text(c, "already there")
    assert d.game.need == g.need


# ---- whole games, buttons only ------------------------------------------------------
def whole_game(tmp_path, kinds, opts, seed):
    c, d = run_game(tmp_path, kinds, opts, seed)
    g = d.game
    assert g.is_over() and d.ended is not None
    w = g.winners()
    assert w and all(g.names[i] in d.end_text for i in w)
    assert saved(tmp_path) is None                       # the save is cleared at the end
    assert app() is None or not app().LIVE
    assert d.decisions > 0
    if kinds.count("human") > 1:
        assert d.passes > 0
    return g, d


def test_two_players_blue_human_against_the_computer(tmp_path):
    g, d = whole_game(tmp_path, ["human", "normal"], {"side": "blue"}, 11)
    assert g.n == 2 and g.side == "blue"


def test_five_players_blue_humans_and_computers(tmp_path):
    g, d = whole_game(tmp_path, ["human", "easy", "human", "normal", "easy"], {"setup": "free"}, 12)
    assert g.n == 5 and g.side == "blue"
    lay, _ = Saves(FileStorage(str(tmp_path / "saves"))).load("cookielay")
    assert sorted(lay["layout"]) == [0] * 25 + list(range(2, 13))     # a human layout kept for "copy"


def test_two_players_yellow(tmp_path):
    g, d = whole_game(tmp_path, ["easy", "human"], {"side": "yellow", "setup": "free"}, 13)
    assert g.n == 2 and g.side == "yellow"


def test_five_players_yellow(tmp_path):
    g, d = whole_game(tmp_path, ["human", "human", "normal", "easy", "human"], {"side": "yellow"}, 14)
    assert g.n == 5 and g.side == "yellow"


def test_end_screen_lists_scores_and_each_players_tasks(tmp_path):
    d = Driver(11)
    state = {"shown": 0}

    def end(console):
        a = app()
        if state["shown"]:
            return None
        if a and "game" in a.LIVE and a.LIVE["game"].is_over() and has_text(console, "wins!"):
            g = d.game
            w = g.winners()[0]
            assert has_text(console, g.names[w] + " wins!") and saved(tmp_path) is None
            for p in range(2):
                assert has_text(console, "%d" % g.score[p])
            golden(console, "cookie_end")
            state["shown"] = 1
            return ["A"]             # the winner's row (first): every task with its points
        return d(console)
    c = Console("pico", 11, new_game_keys(["human", "normal"]), str(tmp_path), driver=end)
    c.run()
    g = d.game
    assert state["shown"] and has_text(c, g.names[g.winners()[0]]) and has_text(c, "All 3 GINGER:")
    golden(c, "cookie_end_detail")


# ---- save, quit, resume -------------------------------------------------------------
def test_save_and_quit_mid_turn_then_resume_continues_identically(tmp_path):
    kinds = ["human", "human"]
    a, da = run_game(tmp_path / "a", kinds, {}, 21)
    # the same game, quit from the game menu in the middle of a turn (a chip
    # to move or a second wall), then resumed from the launcher
    def mid_turn(g, n):
        return n >= 5 and (g.phase == "move" or g.phase == "walls" and g.need < R.D.CHIP_LINES[g.roll_sum()])
    db = Driver(21, stop_after=mid_turn, after_stop=["A", "A"])    # main menu (on Cookie Party) -> Resume
    b, db = run_game(tmp_path / "b", kinds, {}, 21, db)
    assert db.quit_at is not None and db.after_stop is None
    assert db.resumed_at == db.quit_at
    assert db.actions == da.actions
    assert db.game.scores() == da.game.scores() and db.game.round == da.game.round
    assert db.game.summary() == da.game.summary()


# ---- the "What happened" log across Save and quit -------------------------------------
def news_game(tmp_path, kinds, seed, stop=None, old=False):
    """Plays like Driver and keeps every "What happened" screen: (decisions
    made before it, seat it is for, its panel), and the console at each.
    stop(console, game, decisions): the game menu's "Save and quit" there
    (once, on any waiting screen), then Resume from the launcher; old: the
    save first loses the event log, as the version before it wrote saves."""
    d = Driver(seed)
    d.quit_news = d.quit_save = d.resume_save = None
    news = []
    store = Saves(FileStorage(str(tmp_path / "saves")))

    class Frame:
        def __init__(self, console):
            self.frame = bytes(console.panel())

        def panel(self):
            return self.frame

    def drv(console):
        a = app()
        live = a.LIVE if a is not None and "game" in a.LIVE else None
        if live is None and d.quit_news is not None and d.quit_save is None:
            data = d.quit_save = store.load("cookie")[0]
            if old:
                data = dict(data)
                for k in ("log", "seen"):
                    data.pop(k, None)
                store.save("cookie", data)
            return ["A", "A"]                           # main menu (on Cookie Party) -> Resume
        if live is None:
            return Driver.__call__(d, console)
        g = live["game"]
        if d.quit_save is not None and d.resume_save is None:
            d.resume_save = store.load("cookie")[0]     # written as the game resumed
        if live["waiting"] == "continue" and has_text(console, "What happened"):
            news.append((d.decisions, g.to_act(), Frame(console)))
        if stop is not None and d.quit_news is None and stop(console, g, d.decisions):
            d.quit_news = len(news)
            return ["MENU", "DOWN", "A"]                # game menu: Save and quit
        return Driver.__call__(d, console)
    c = Console("pico", seed, new_game_keys(kinds), str(tmp_path), driver=drv)
    c.run()
    assert d.ended is not None
    return d, [(n, p, f.frame) for n, p, f in news], [f for n, p, f in news]


def cats_turn(console, g, n):
    # Cat's decision (a wall), Ben (CPU) having played since Ann decided
    return n >= 10 and app().LIVE["waiting"] == "decide" and g.to_act() == 2 and g.phase == "walls"


def test_what_happened_is_kept_across_save_and_quit(tmp_path):
    # Ann, Ben (CPU), Cat: "Save and quit" at Cat's decision; after Resume
    # Ann's "What happened" still has Ben's moves, and every such screen is as
    # in the same game played without quitting
    kinds = ["human", "easy", "human"]
    _, whole, _ = news_game(tmp_path / "a", kinds, 5)
    d, split, shots = news_game(tmp_path / "b", kinds, 5, cats_turn)
    assert d.quit_save is not None and d.resume_save is not None
    assert split == whole
    # what Ann had not seen when the game was saved: Ben's moves (and Cat's)
    log = d.quit_save["log"].split("|")[:-1]
    assert [e for e in log if e.startswith("Ben:")]
    anns = [i for i in range(d.quit_news, len(split)) if split[i][1] == 0][0]
    assert has_text(shots[anns], "What happened")
    from core import font
    rows = []
    for e in log:       # the rows the list shows first (five; a long event wraps)
        lines = font.wrap(e, 126)
        rows += [lines[0]] + [" " + more for more in font.wrap(" ".join(lines[1:]), 120)]
    for row in rows[:5]:
        assert has_text(shots[anns], row.strip())


def test_what_happened_comes_back_after_save_and_quit_on_it(tmp_path):
    # "Save and quit" on the "What happened" screen itself: Resume shows it again
    kinds = ["human", "easy"]
    _, whole, _ = news_game(tmp_path / "a", kinds, 3)

    def on_news(console, g, n):
        return n >= 6 and has_text(console, "What happened")
    d, split, shots = news_game(tmp_path / "b", kinds, 3, on_news)
    k = d.quit_news - 1
    assert d.quit_save is not None and split[k] == split[k + 1]
    assert has_text(shots[k + 1], "What happened") and has_text(shots[k + 1], "Ben:")
    assert split[:k + 1] + split[k + 2:] == whole


def test_a_save_without_the_event_log_still_resumes(tmp_path):
    # a save as the version before wrote it (no "log", "seen"): Resume starts
    # with an empty log and the game goes on to the same end; the next save
    # has the log
    kinds = ["human", "easy", "human"]
    a, whole, _ = news_game(tmp_path / "a", kinds, 5)
    d, split, _ = news_game(tmp_path / "b", kinds, 5, cats_turn, old=True)
    assert d.actions == a.actions and d.game.summary() == a.game.summary()
    assert split[:d.quit_news] == whole[:d.quit_news] and split != whole
    r = d.resume_save
    assert r["game"] == d.quit_save["game"]
    assert (r.get("log"), r.get("seen")) == ("", "$")
