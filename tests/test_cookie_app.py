"""Cookie Party screens, played with buttons only in the simulator (tests/drive)."""
from core.saves import Saves
from hal.storage import FileStorage
import drive
import screen
from drive import Driver, live
from screen import has_text, golden, rows
from sim.console import Console
from games.cookie import data as cdata

SPACE_SEGS = cdata.SPACE_SEGS


def new_game_keys(kinds, opts=None):
    return screen.new_game_keys("cookie", kinds, opts)


def saved(tmp_path):
    return drive.saved(tmp_path, "cookie")


class PlacingBot:
    """The easy bot, but chips placed one at a time by the cursor (the easy bot itself
    always takes "random")."""

    def __init__(self, bot):
        self.bot = bot

    def choose(self, game, level, rng):
        if game.phase == "place":
            return rng.choice(game.legal_actions())
        return self.bot.choose(game, level, rng)


class Player(Driver):
    """drive.Driver with chips placed by the cursor; keeps the game, every decision screen
    it met ((decisions made, round, seat, phase, walls still to draw)) and the names on
    the end screen."""

    def __init__(self, seed, **kw):
        Driver.__init__(self, "cookie", seed, **kw)
        self.bot = PlacingBot(self.bot)
        self.game = None
        self.end_text = None
        self.waits = []

    def __call__(self, console):
        state = live()
        if state:
            game = self.game = state["game"]
            if state["waiting"] == "decide":
                self.waits.append((self.decisions, game.round, game.seat, game.phase, game.need))
            if state["waiting"] == "end" and self.end_text is None:
                self.end_text = [name for name in game.names if has_text(console, name)]
        return Driver.__call__(self, console)


def run_game(tmp_path, kinds, opts=None, seed=1, driver=None):
    return drive.play("cookie", kinds, tmp_path, opts, seed, driver or Player(seed))


class StopAt:
    """Plays like Player until a decision screen where stop(game) is true, then presses
    keys; then each of steps (check(console), keys) in turn, one per wait (and stops when
    they are used up)."""

    def __init__(self, seed, stop, keys=(), steps=()):
        self.player = Player(seed)
        self.stop = stop
        self.keys = list(keys)
        self.steps = list(steps)
        self.stopped = False
        self.game = None

    def __call__(self, console):
        if self.stopped:
            if not self.steps:
                return None
            check, keys = self.steps.pop(0)
            check(console)
            return list(keys) or None
        state = live()
        if state and state["waiting"] == "decide" and self.stop(state["game"]):
            self.stopped = True
            self.game = state["game"]
            return self.keys or None
        return self.player(console)


def stop_at(tmp_path, kinds, stop, keys=(), opts=None, seed=1, steps=()):
    d = StopAt(seed, stop, keys, steps)
    c, d = run_game(tmp_path, kinds, opts, seed, d)
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


def has_small(console, s):
    """s drawn in the small font (FONT3x5: a title over the panel) anywhere on the panel."""
    import framebuf
    from core import font
    w = font.width(s, font.FONT3x5)
    buf = bytearray(w * 8)
    font.text(framebuf.FrameBuffer(buf, w, 8, framebuf.MONO_VLSB), s, 0, 0, 1, font.FONT3x5)
    want = [r for r in rows(buf, w, 8) if "#" in r]
    screen = rows(console.panel())
    return any(all(screen[y + i][x:x + w] == want[i] for i in range(len(want)))
               for y in range(64 - len(want)) for x in range(128 - w + 1))


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
    screens = []

    def menu(console):
        screens.append(list(live()["screens"]))
    c, d = stop_at(tmp_path / "b", ["human", "human"], lambda g: g.phase == "place", ["B"], {"setup": "free"},
                   steps=[(menu, [])])
    assert has_text(c, "Random layout") and has_text(c, "Scoreboard") and has_text(c, "All boards")
    assert has_text(c, "Last events") and screens == [["menu"]]


def test_summary_of_what_the_others_did(tmp_path):
    # Ben (CPU) plays round 1 after Ann: Ann's next turn starts with his moves
    player = Player(1)
    seen = []

    def stop(console):
        state = live()
        if state and state["game"].round == 2 and has_small(console, "What happened"):
            seen.append(state["game"])
            return None
        return player(console)
    c, _ = run_game(tmp_path, ["human", "easy"], None, 1, stop)
    # the first event Ann has not read: Ben's wall, on Ben's board (his name over the event)
    assert seen and has_text(c, "Ben") and has_text(c, "wall V 2 6") and has_text(c, "1/3")
    golden(c, "cookie_summary")


def test_scoreboard_shows_slots_and_progress_and_other_boards(tmp_path):
    def scoreboard(console):
        assert has_text(console, "Goal 22") and has_text(console, "GINGER") and has_text(console, "WAFER")
        assert live()["screens"] == ["menu", "scoreboard"]
        golden(console, "cookie_scoreboard")

    def boards(console):
        assert live()["screens"] == ["menu", "boards"]
    # B: the turn menu, A: Scoreboard; B back to the menu, DOWN, A: All boards, RIGHT: Ben's
    c, d = stop_at(tmp_path, ["human", "easy", "normal"], lambda g: g.phase == "walls" and g.round >= 20,
                   ["B", "A"], seed=3, steps=[(scoreboard, ["B", "DOWN", "A", "RIGHT"]), (boards, [])])
    assert has_text(c, "Ben") and has_text(c, "2/3")


def test_views_go_back_to_the_turn_menu_and_b_there_to_the_turn(tmp_path):
    # from each view B goes back to the menu, B there to the walls screen; over and over,
    # the screens never nest deeper than menu -> view -> task
    depth = []

    def check(console):
        depth.append(list(live()["screens"]))
        assert live()["waiting"] == ("decide" if not depth[-1] else "continue")
    tour = ["B", "A", "A", "B", "B", "DOWN", "A", "B", "DOWN", "A", "B", "B"]
    c, d = stop_at(tmp_path, ["human", "easy"], lambda g: g.phase == "walls", tour * 20,
                   steps=[(check, [])])
    assert depth == [[]]
    assert has_text(c, "Chip %d:" % d.game.roll_sum())
    c, d = stop_at(tmp_path / "b", ["human", "easy"], lambda g: g.phase == "walls", ["B", "A", "A"],
                   steps=[(check, ["B"]), (check, ["B"]), (check, ["B"]), (check, [])])
    assert depth[1:] == [["menu", "scoreboard", "task"], ["menu", "scoreboard"], ["menu"], []]


def test_last_events_is_the_shared_reader_and_b_goes_back(tmp_path):
    def events(console):
        assert has_text(console, "Last events") and has_text(console, "A:OK")
        assert live()["screens"] == ["menu", "events"]
    def menu(console):
        assert has_text(console, "Scoreboard") and live()["screens"] == ["menu"]
    c, d = stop_at(tmp_path, ["human", "easy"], lambda g: g.phase == "walls", ["B", "DOWN", "DOWN", "A"],
                   steps=[(events, ["B"]), (menu, [])])


def test_pass_screen_between_two_humans(tmp_path):
    player = Player(1)
    seen = []

    def stop(console):
        if has_text(console, "Pass the console to"):
            seen.append(1)
            return None
        return player(console)
    c, _ = run_game(tmp_path, ["human", "human"], None, 1, stop)
    assert seen and has_text(c, "Ben") and has_text(c, "A: I am Ben")
    golden(c, "cookie_pass")


def test_illegal_choices_show_the_reason(tmp_path):
    # free setup: chip 2 on the first free space, then A on that space again
    c, d = stop_at(tmp_path, ["human", "easy"], lambda g: g.phase == "place", ["A", "LEFT", "A"], {"setup": "free"})
    # counted from 1, beside the board (not over it): the refused space, the cursor's, is lit
    assert has_text(c, "Space 1 1") and has_text(c, "is not") and has_text(c, "cross or a")
    assert d.game.placed == 1 and lit(c, 2, 3) and lit(c, 8, 9)
    golden(c, "cookie_refused")

    # the walls of the rolled chip: a side that is already drawn
    def drawn_side(g):
        return g.phase == "walls" and len(g.free_sides(g.seat, g.space)) < 4
    c, d = stop_at(tmp_path / "b", ["human", "easy"], drawn_side)
    g = d.game
    k = [j for j in range(4) if g.walls[0][SPACE_SEGS[4 * g.space + j]]][0]
    c, d = stop_at(tmp_path / "c", ["human", "easy"], drawn_side, [("UP", "DOWN", "LEFT", "RIGHT")[k], "A"])
    assert has_text(c, "Wall") and has_text(c, "is already") and has_text(c, "there")
    assert d.game.need == g.need


# ---- whole games, buttons only ------------------------------------------------------
def whole_game(tmp_path, kinds, opts, seed):
    d = Player(seed, leave_end=True)
    c, d = run_game(tmp_path, kinds, opts, seed, d)
    g = d.game
    assert g.is_over() and d.ended is not None
    w = g.winners()
    assert w and all(g.names[i] in d.end_text for i in w)
    assert saved(tmp_path) is None                       # the save is cleared at the end
    assert not live()                                    # the game has returned to the launcher
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
    shown = []

    def end(console, state):
        g = state["game"]
        if state["waiting"] != "end" or shown:
            return None
        w = g.winners()[0]
        assert has_text(console, g.names[w] + " wins!") and saved(tmp_path) is None
        for p in range(2):
            assert has_text(console, "%d" % g.score[p])
        golden(console, "cookie_end")
        shown.append(g)
        return ["A"]             # the winner's row (first): every task with its points
    c, d = run_game(tmp_path, ["human", "normal"], None, 11, Player(11, on_wait=end))
    g = shown[0]
    assert has_text(c, g.names[g.winners()[0]]) and has_text(c, "All 3 GINGER:")
    golden(c, "cookie_end_detail")


# ---- save, quit, resume -------------------------------------------------------------
def test_save_and_quit_mid_turn_then_resume_continues_identically(tmp_path):
    kinds = ["human", "human"]
    _, whole = run_game(tmp_path / "a", kinds, {}, 21)

    # the same game, quit from the game menu in the middle of a turn (a chip
    # to move or a second wall), then resumed from the launcher
    def mid_turn(g, n):
        return n >= 5 and (g.phase == "move" or g.phase == "walls" and g.need < cdata.CHIP_LINES[g.roll_sum()])
    split = Player(21, stop_after=mid_turn, resume=["A", "A"])    # main menu (on Cookie Party) -> Resume
    run_game(tmp_path / "b", kinds, {}, 21, split)
    assert split.stopped is not None and split.resume is None
    # the decision screen it quit on comes back first after Resume
    again = [i for i in range(1, len(split.waits)) if split.waits[i] == split.waits[i - 1]]
    assert len(again) == 1 and split.waits[again[0]][3] in ("move", "walls")
    assert split.waits[:again[0]] + split.waits[again[0] + 1:] == whole.waits
    assert split.actions == whole.actions
    assert split.ended == whole.ended
    assert split.game.summary() == whole.game.summary()


# ---- the "What happened" log across Save and quit -------------------------------------
def news_game(tmp_path, kinds, seed, stop=None):
    """Plays like Player and keeps every "What happened" screen: (decisions made before
    it, seat it is for, its panel). stop(console, game, decisions): the game menu's "Save
    and quit" there (once, on any waiting screen), then Resume from the launcher.
    Returns the Player (quit_news: screens kept before the quit; quit_save: the save
    quitting left; resume_save: the save written as the game resumed) and the screens."""
    d = Player(seed, resume=["A", "A"])                 # main menu (on Cookie Party) -> Resume
    d.quit_news = d.quit_save = d.resume_save = None
    news = []
    store = Saves(FileStorage(str(tmp_path / "saves")))

    def drv(console):
        state = live()
        if not state and d.quit_news is not None and d.quit_save is None:
            d.quit_save = store.load("cookie")[0]
        if not state:
            return d(console)
        g = state["game"]
        if d.quit_save is not None and d.resume_save is None:
            d.resume_save = store.load("cookie")[0]     # written as the game resumed
        if state["waiting"] == "continue" and has_small(console, "What happened"):
            news.append((d.decisions, g.to_act(), bytes(console.panel())))
        if stop is not None and d.quit_news is None and stop(console, g, d.decisions):
            d.quit_news = len(news)
            return ["MENU", "DOWN", "A"]                # game menu: Save and quit
        return d(console)
    c, _ = run_game(tmp_path, kinds, None, seed, drv)
    assert d.ended is not None
    return d, news


class Shot:
    """A kept panel, for has_text."""

    def __init__(self, panel):
        self.frame = panel

    def panel(self):
        return self.frame


def cats_turn(console, g, n):
    # Cat's decision (a wall), Ben (CPU) having played since Ann decided
    return n >= 10 and live()["waiting"] == "decide" and g.to_act() == 2 and g.phase == "walls"


def test_what_happened_is_kept_across_save_and_quit(tmp_path):
    # Ann, Ben (CPU), Cat: "Save and quit" at Cat's decision; after Resume
    # Ann's "What happened" still has Ben's moves, and every such screen is as
    # in the same game played without quitting
    kinds = ["human", "easy", "human"]
    _, whole = news_game(tmp_path / "a", kinds, 5)
    d, split = news_game(tmp_path / "b", kinds, 5, cats_turn)
    assert d.quit_save is not None and d.resume_save is not None
    assert split == whole
    # what Ann had not seen when the game was saved: Ben's moves (and Cat's)
    log = d.quit_save["log"]
    texts = [log["texts"][i] for i in range(len(log["texts"])) if log["actors"][i] != 0]
    assert [e for e in texts if e.startswith("Ben:")]
    anns = [i for i in range(d.quit_news, len(split)) if split[i][1] == 0][0]
    shot = Shot(split[anns][2])
    assert has_small(shot, "What happened") and has_text(shot, "1/")
    # the first page: the first of them, on the board of the player it names (the name
    # over it), its first words (a place is never split over two lines)
    from games.cookie.view import groups
    name, rest = texts[0].split(": ", 1) if texts[0].startswith("Ben: ") else ("Ann", texts[0])
    assert has_text(shot, name) and has_text(shot, groups(rest)[0])


def test_what_happened_comes_back_after_save_and_quit_on_it(tmp_path):
    # "Save and quit" on the "What happened" screen itself: Resume shows it again
    kinds = ["human", "easy"]
    _, whole = news_game(tmp_path / "a", kinds, 3)

    def on_news(console, g, n):
        return n >= 6 and has_small(console, "What happened")
    d, split = news_game(tmp_path / "b", kinds, 3, on_news)
    k = d.quit_news - 1
    assert d.quit_save is not None and split[k] == split[k + 1]
    shot = Shot(split[k + 1][2])
    assert has_small(shot, "What happened") and has_text(shot, "Ben")
    assert split[:k + 1] + split[k + 2:] == whole


def test_a_save_of_the_version_before_the_kit_is_not_resumed_but_kept(tmp_path):
    # the version before wrote its save packed (lists of ints as "$..." texts, the game
    # as one text): it does not fit this version; the player may delete it, B keeps it
    (tmp_path / "saves").mkdir(parents=True)
    store = Saves(FileStorage(str(tmp_path / "saves")))
    old = {"setup": "{'options':{},'seats':[{'kind':'human','name':'Ann'},{'kind':'easy','name':'Ben'}]}",
           "game": "2|{}|['Ann','Ben']|$00|$00|[[],[]]|3|$45", "bot_rng": "#1,2", "log": "", "seen": "$"}
    store.save("cookie", old)
    c = Console("pico", 1, screen.open_game_keys("cookie"), str(tmp_path))
    c.run()
    assert has_text(c, "Delete it?")
    c = Console("pico", 1, ["A", "A", "B"], str(tmp_path))     # the cursor is on Cookie Party now
    c.run()
    assert not live() and store.load("cookie")[0] == old


# ---- places counted from 1, lit on the board (issue 14) -------------------------------
def page(text, viewer=0, cookies=False):
    """An event page drawn for a first game of Ann and Ben (round 1 rolled 3+4): its rows."""
    import framebuf
    from core.rng import Rng
    from games.cookie import rules, view
    g = rules.Game(2, None, Rng(5))
    g.names = ["Ann", "Ben"]
    g.force([3, 4])
    g.start()
    buf = bytearray(1024)
    view.event_page(framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB), g, viewer, text, "What happened", 0, 2,
                    cookies)
    page.frame = Shot(buf)
    return g, rows(buf)


def test_an_event_lights_the_walls_and_spaces_it_names_on_that_players_board():
    _g, plain = page("Ben: moves chip 9 to 6 6")      # a place not drawn: nothing lit at H 2 3
    g, shown = page("Ben: wall H 2 3")
    # H 2 3: the top edge of the space in row 2, column 3 (x 20-30, y 11), drawn 3 pixels thick
    assert all(shown[y][25] == "#" for y in (10, 11, 12)) and plain[10][25] == plain[12][25] == "."
    # the space in row 6, column 6 (x 50-60, y 51-61) lit, the wall not
    assert all(plain[y][x] == "#" for x, y in ((53, 54), (58, 59))) and shown[54][53] == "."
    # the panel: whose board (Ben's, his name lit), the event without the name
    assert has_text(page.frame, "Ben") and has_text(page.frame, "wall H 2 3") and not has_text(page.frame, "Ben:")
    # a wall's event of three walls lights all three
    _g, three = page("Ben: chip 11 walls H 1 6, V 1 6, V 1 7")
    assert three[0][55] == three[2][55] == "#" and three[6][49] == three[6][61] == "#"
    # a roll lights the rolled chip (7) on the viewer's board
    _g, roll = page("Round 1: rolled 3+4 = 7")
    s = g.chip_space(0, 7)
    x, y = 10 * (s % 6), 1 + 10 * (s // 6)
    assert roll[y + 2][x + 2] == roll[y + 8][x + 8] == "#"


def test_a_refusal_lights_the_place_beside_its_reason():
    import framebuf
    from games.cookie import rules, view
    g = rules.Game(2)
    g.start()
    buf = bytearray(1024)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    view.board(fb, g, 0)
    view.refusal(fb, g, 0, "Space 3 2 is not free: it has a cross or a chip", False)
    art = rows(buf)
    x, y = 10, 21            # row 3, column 2
    assert art[y + 2][x + 2] == art[y + 8][x + 8] == "#"
    assert all(art[y][63] == "#" for y in range(64))       # the box over the panel only
    assert not any("#" in art[yy][x + 12:x + 18] for yy in range(y + 2, y + 8))   # the next space is not lit


def test_where_the_picked_chip_goes_starts_on_a_free_space_and_b_goes_back(tmp_path):
    c, d = stop_at(tmp_path, ["human", "easy"], lambda g: g.phase == "target")
    g = d.game
    assert has_text(c, "Chip %d to" % g.moving) and has_text(c, "B: back")
    moving, before = g.moving, g.chip_space(0, g.moving)
    # A at once: the chip goes to the free space nearest to it (no refusal)
    c, d = stop_at(tmp_path / "a", ["human", "easy"], lambda g: g.phase == "target", ["A"])
    g = d.game
    s = g.chip_space(0, moving)
    free = [f for f in range(36) if not g.crossed[0][f] and not g.chip_at[0][f] or f == s]
    steps = lambda f: abs(f // 6 - before // 6) + abs(f % 6 - before % 6)
    assert s != before and steps(s) == min(steps(f) for f in free if f != before)
    assert g.phase != "target" and not has_text(c, "not free")
    # B: back to the choice of the chip, nothing moved
    c, d = stop_at(tmp_path / "b", ["human", "easy"], lambda g: g.phase == "target", ["B"])
    assert d.game.phase == "move" and d.game.moving == 0 and d.game.chip_space(0, moving) == before
    assert has_text(c, "Move chip?")


def test_the_calm_board_and_the_cookie_layer_from_the_turn_menu(tmp_path):
    def board_pixels(console):
        return sum(r[:61].count("#") for r in rows(console.panel()))
    seen = []

    def shown(console):
        seen.append(board_pixels(console))
        assert live()["screens"] == [] and live()["waiting"] == "decide"

    def menu(console):
        assert has_text(console, "Hide cookies") and live()["screens"] == ["menu"]
    calm, d = stop_at(tmp_path / "a", ["human", "easy"], lambda g: g.phase == "walls", ["B", "UP"])
    assert has_text(calm, "Show cookies")           # the turn menu's last item
    # A on it: back on the walls screen with the cookies shown; the menu now offers to hide them
    c, d = stop_at(tmp_path / "b", ["human", "easy"], lambda g: g.phase == "walls", ["B", "UP", "A"],
                   steps=[(shown, ["B", "UP"]), (menu, [])])
    plain, _ = stop_at(tmp_path / "c", ["human", "easy"], lambda g: g.phase == "walls")
    assert seen and seen[0] > board_pixels(plain) + 200          # an icon on every space without a chip or a cross
    c, _ = stop_at(tmp_path / "d", ["human", "easy"], lambda g: g.phase == "walls", ["B", "UP", "A"])
    golden(c, "cookie_cookies")


def turn_screen(fb, g, seat, cursor, legal, cookies):
    """The turn screen as App.screen draws it whole (without sending it)."""
    from games.cookie import view
    view.board(fb, g, seat, cursor, (), -1, legal, cookies)
    view.head(fb, g, seat, g.names[seat])
    view.prompt(fb, "Move chip?", "B: no")
    view.zoom(fb, g, seat, cursor)


def test_a_cursor_move_draws_what_the_whole_screen_draws():
    """A cursor move draws two spaces and the zoom again (view.moved), not the whole
    turn screen: the frame must be the same, pixel for pixel, over a whole game's boards
    (chips, crosses, walls, red spaces, legal brackets, the cookie layer or not)."""
    import framebuf
    from core.rng import Rng
    from games.cookie import bot, rules, view
    g = rules.Game(3, None, Rng(4))
    rng = Rng(9)
    g.start()
    moves = 0
    while not g.is_over():
        if g.seat == 0 and g.phase in ("move", "relocate", "target", "claim"):
            legal = bytearray(36)
            for s in g.free_spaces(0):
                legal[s] = 1
            for cookies in (False, True):
                for old in range(36):
                    for new in (old - old % 6 + (old + 1) % 6, (old + 6) % 36):
                        moved = bytearray(1024)
                        fb = framebuf.FrameBuffer(moved, 128, 64, framebuf.MONO_VLSB)
                        turn_screen(fb, g, 0, old, legal, cookies)
                        view.moved(fb, g, 0, old, new, legal, cookies)
                        whole = bytearray(1024)
                        turn_screen(framebuf.FrameBuffer(whole, 128, 64, framebuf.MONO_VLSB), g, 0, new, legal,
                                    cookies)
                        assert moved == whole, "round %d, %d -> %d, cookies %s" % (g.round, old, new, cookies)
                        moves += 1
        g.apply(bot.choose(g, "easy", rng))
        g.pop_events()
    assert moves > 1000


def test_a_board_put_back_is_the_board_drawn():
    """On the display each seat's plain board is kept and put back while it shows the same
    (view._Kept), and the cursor, targets, marks and chosen wall are drawn over it: every
    board of a whole game, each seat's, in both layers, with and without them, must be
    the board drawn from scratch, pixel for pixel, whatever the display showed before."""
    import framebuf
    from core.rng import Rng
    from games.cookie import bot, rules, view
    from games.cookie.data import SPACE_SEGS

    class Display(framebuf.FrameBuffer):       # the display contract: its bytes in .buffer
        def __init__(self):
            self.buffer = bytearray(1024)
            super().__init__(self.buffer, 128, 64, framebuf.MONO_VLSB)

    shown = Display()
    g = rules.Game(3, None, Rng(6))
    rng = Rng(3)
    g.start()
    boards = put_back = 0
    while not g.is_over():
        legal = bytearray(36)
        for s in g.free_spaces(g.seat):
            legal[s] = 1
        cursor = boards % 36
        marks = g.free_sides(g.seat, cursor)
        chosen = SPACE_SEGS[4 * cursor + boards % 4]
        # each seat's board in the layer it was kept in first: a move since must not find it kept
        for seat in range(g.n):
            kept = view._KEPT[seat].cookies if seat < len(view._KEPT) else False
            for cookies in (kept, not kept):
                for args in ((-1, (), -1, None), (cursor, (), -1, legal), (-1, marks, chosen, None),
                             (cursor, marks, -1, None)):
                    hit = seat < len(view._KEPT) and view._KEPT[seat].shows(g, seat, cookies)
                    shown.fill(boards % 2)
                    view.board(shown, g, seat, *args, cookies=cookies)
                    whole = bytearray(1024)
                    view.board(framebuf.FrameBuffer(whole, 128, 64, framebuf.MONO_VLSB), g, seat, *args,
                               cookies=cookies)
                    # (the panel, x 63-127, is not the board's: the fill before it shows there)
                    for page in range(8):
                        got = shown.buffer[page * 128:page * 128 + 63]
                        assert got == whole[page * 128:page * 128 + 63], "round %d seat %d %s" % (
                            g.round, seat, args)
                    boards += 1
                    put_back += hit
        g.apply(bot.choose(g, "easy", rng))
        g.pop_events()
    assert boards > 1000 and boards // 2 < put_back < boards


def test_drawing_the_board_allocates_nothing_and_a_cursor_move_little(tmp_path):
    """Under MicroPython (the .mpy tree, as on a console): every allocation counts towards
    the next collection (core.heap: one per 16 KB), so the turn screen's board allocates
    nothing (native drawing, no frame on the heap) and a cursor move only the zoom's texts
    (measured: 973 bytes; a whole screen at each move was 4.6 KB, a collection a key)."""
    import os
    import subprocess
    import build
    import mpy
    env = dict(os.environ, PP_FIRMWARE=build.mpy_tree(str(tmp_path / "mpy")))
    r = subprocess.run([mpy.require(), "-X", "heapsize=256K", "tests/cookie_draw_probe.py"], cwd=mpy.ROOT, env=env,
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    got = dict((line.split()[0], int(line.split()[1])) for line in r.stdout.splitlines() if line.strip())
    assert got["board"] == 0, got
    assert 0 < got["moved"] <= 1536, got


def test_the_marked_targets_are_the_legal_actions_spaces():
    """App.mark_targets reads the rules' queries, not legal_actions()' texts: over whole
    games (every phase with a space to pick, the drink wall too) it marks exactly the
    spaces those texts name."""
    from core.rng import Rng
    from games.cookie import app, bot, rules
    from games.cookie.data import SEG_SPACES
    from games.cookie.state import seg_index, space_index
    checked = set()
    for seed in (1, 2, 3):
        g = rules.Game(3, {"setup": "free"} if seed == 2 else None, Rng(seed))
        rng = Rng(seed + 10)
        g.start()
        a = app.App.__new__(app.App)
        a.game = g
        a.legal = bytearray(36)
        while not g.is_over():
            if g.phase != "walls":
                want = bytearray(36)
                for action in g.legal_actions():
                    words = action.split()
                    if words[0] == "put":
                        want[space_index(int(words[1]), int(words[2]))] = 1
                    elif words[0] in ("move", "give"):
                        want[g.chip_space(g.seat, int(words[1]))] = 1
                    elif words[0] == "wall":
                        wall = seg_index(words[1], int(words[2]), int(words[3]))
                        for space in (SEG_SPACES[2 * wall], SEG_SPACES[2 * wall + 1]):
                            if space < 36:
                                want[space] = 1
                a.mark_targets(g.seat)
                assert a.legal == want, (g.phase, g.round, g.seat)
                checked.add(g.phase)
            g.apply(bot.choose(g, "easy", rng))
            g.pop_events()
    assert {"place", "relocate", "move", "target", "claim", "bonus"} <= checked, checked


def old_lines(fb, text, x, y, rows):
    """view.lines as it was (joined word by word): the reference for the one that measures."""
    from core import font
    from games.cookie import view
    face = font.FONT5x7
    while True:
        out = [""]
        for group in view.groups(text):
            if not out[-1] or font.width(out[-1] + " " + group, face) <= 127 - x:
                out[-1] = (out[-1] + " " + group).strip()
            else:
                out.append(group)
        if len(out) <= rows or face is font.FONT3x5:
            break
        face = font.FONT3x5
        rows = rows * 4 // 3
    for line in out[:rows]:
        font.text(fb, line, x, y, 1, face)
        y += face.line_h


def test_message_lines_are_wrapped_as_before():
    """view.lines finds its line breaks by lengths alone: every event of whole games and
    every refusal reason, at the event page's and the refusal box's places, draws the
    same pixels as joining the text word by word did."""
    import framebuf
    from core.rng import Rng
    from games.cookie import bot, rules, state, view
    texts = list(state.HINTS.values()) + ["", "Space 3 2 is not free: it has a cross or a chip",
                                          "No chip on 4 5: pick one of your chips (B: no move)",
                                          " ".join(state.HINTS.values())]     # (the small font, cut)
    for seed in (1, 2):
        g = rules.Game(5, None, Rng(seed))
        rng = Rng(seed)
        g.start()
        while not g.is_over():
            g.apply(bot.choose(g, "easy", rng))
            texts.extend(g.pop_events())
    assert len(texts) > 500
    for text in texts:
        for x, y, rows in ((view.PX, 16, 5), (view.PX + 1, 2, 6)):
            new, old = bytearray(1024), bytearray(1024)
            view.lines(framebuf.FrameBuffer(new, 128, 64, framebuf.MONO_VLSB), text, x, y, rows)
            old_lines(framebuf.FrameBuffer(old, 128, 64, framebuf.MONO_VLSB), text, x, y, rows)
            assert new == old, text
