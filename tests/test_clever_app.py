"""Clever Kids on the console, played with buttons only in the simulator (tests/drive)."""
import importlib

from core import font
from core.rng import Rng
from core.saves import Saves
from hal.storage import FileStorage
from sim.console import Console
import drive
import screen
from drive import Driver, live
from screen import has_text, golden
from games.clever import bot, rules


def setup_keys(kinds, options=None):
    """From the main menu to Start: Clever Kids, New game, the seats and options."""
    return screen.new_game_keys("clever", kinds, options)


def saved(tmp_path):
    return drive.saved(tmp_path, "clever")


def end_head(game):
    """The title of the end screen (ui.scores)."""
    if game.n == 1:
        return "%d stars!" % game.scores()[0]
    win = game.winners()
    head = game.names[win[0]] + " wins!" if len(win) == 1 else "Tie: " + " & ".join(game.names[i] for i in win)
    return head if len(head) <= 15 else head[:14] + "~"             # as ui.scores clips it


def is_news(console):
    return has_text(console, "What happened") or has_text(console, "Rolled again!")


class Player(Driver):
    """tests/drive's Driver (each person's choices an easy bot's, from Rng(seed)) that
    also keeps the game it played and every "What happened" screen: (decisions made
    before it, the seat to act, the frame). quit_when(console, live, player): the game
    menu's "Save and quit" there, once (then `resume`, if given, from the launcher)."""

    def __init__(self, seed=5, quit_when=None, **kw):
        Driver.__init__(self, "clever", seed, **kw)
        self.game = None
        self.news = []
        self.quit_when = quit_when
        self.quitted = False
        self.quit_news = None

    def __call__(self, console):
        state = live()
        if state:
            self.game = state["game"]
            if state["waiting"] == "continue" and is_news(console):
                self.news.append((self.decisions, self.game.to_act(), bytes(console.panel())))
            if self.quit_when is not None and not self.quitted and self.quit_when(console, state, self):
                self.quitted = True
                self.quit_news = len(self.news)
                return ["MENU", "DOWN", "A"]        # the game menu: Save and quit
        return Driver.__call__(self, console)


class Snap:
    """A frame kept for has_text() and golden() (an assertion inside a driver would
    land in the firmware, which shows it as a game error)."""

    def __init__(self, frame):
        self.frame = bytes(frame)

    def panel(self):
        return self.frame


def run_keys(keys, seed, path):
    """Press keys from power-on; returns the console and what LIVE held when
    the keys were used up (the app is unloaded once the run stops)."""
    got = {}

    def drv(c):
        got.update(live())
        got["screens"] = list(got.get("screens", []))
        return None
    c = Console("pico", seed, keys, str(path), driver=drv)
    c.run()
    return c, got


def play_game(tmp_path, kinds, seed=3, options=None, **kw):
    return drive.play("clever", kinds, tmp_path, options, seed, Player(**kw))


def stop_in_a_move(after, kept):
    """A Driver's stop_after: Save and quit after that many decisions, in the middle
    of a move (crossing); the game as it was is kept in kept["game"]."""
    def stop(game, decisions):
        if decisions >= after and game.phase == "cross":
            kept["game"] = game.to_save()
            return True
        return False
    return stop


def test_four_players_two_humans_two_computers_play_to_the_end(tmp_path):
    c, d = play_game(tmp_path, ["human", "easy", "human", "normal"], seed=11)
    g = d.game
    assert d.ended is not None and g.over and g.n == 4
    assert g.names == ["Ann", "Ben", "Cat", "Dan"]
    sc = g.scores()
    assert has_text(c, end_head(g))                            # the end screen names the winner(s)
    for p in range(4):
        assert has_text(c, "%-8s %4d" % (g.names[p], sc[p]))        # every score
    assert saved(tmp_path) is None                                  # the save is cleared
    assert d.passes > 0 and d.news
    assert len(d.actions) > 20


def test_solo_game_is_played_to_the_end(tmp_path):
    c, d = play_game(tmp_path, ["human"], seed=3, leave_end=True)
    assert d.ended is not None and d.game.n == 1
    assert not live()                                               # left the end screen: the launcher
    assert saved(tmp_path) is None
    assert has_text(c, "Clever Kids") and not has_text(c, "Clever Kids *")


def test_solo_end_screens(tmp_path):
    seen = {}
    shot = []

    def on_wait(c, state):
        g = state["game"]
        if not g.over:
            return None
        n = g.scores()[0]
        if has_text(c, "party pooper"):                             # the rating table
            seen["rating"] = has_text(c, "%d stars" % n) and has_text(c, rules.rating(n))
            shot.append(Snap(c.panel()))
            return ["A"]
        if state["waiting"] == "end":
            if has_text(c, "Total %d stars" % n):                   # A itemised the score
                seen["detail"] = has_text(c, "balloons") and has_text(c, "sweets")
                return None                                         # the Driver stops here
            if has_text(c, end_head(g)):
                seen["scores"] = True
                return ["A"]
        return None
    c, d = play_game(tmp_path, ["human"], seed=3, on_wait=on_wait)
    assert seen == {"rating": True, "scores": True, "detail": True}
    golden(shot[0], "clever_solo_rating")
    assert saved(tmp_path) is None


def test_mid_turn_save_and_quit_then_resume_continues_the_same_game(tmp_path):
    kinds = ["human", "normal", "human"]
    _, whole = play_game(tmp_path / "a", kinds, seed=7)
    kept = {}
    _, split = play_game(tmp_path / "b", kinds, seed=7, stop_after=stop_in_a_move(9, kept),
                         resume=["A", "A"])         # the launcher: the game's menu, Resume
    assert split.stopped is not None and split.resume is None
    assert kept["game"]["phase"] == "cross"
    a, b = whole.game, split.game
    assert whole.ended is not None and split.ended is not None
    assert whole.actions == split.actions
    assert a.to_save() == b.to_save()
    assert a.scores() == b.scores()


def test_quit_saves_mid_turn_state(tmp_path):
    kinds = ["human", "easy"]
    kept = {}
    c, d = play_game(tmp_path, kinds, seed=5, stop_after=stop_in_a_move(3, kept))
    assert d.stopped is not None
    data = saved(tmp_path)
    assert data["game"] == kept["game"] and data["game"]["phase"] == "cross"
    assert data["seats"] == [{"name": "Ann", "kind": "human"}, {"name": "Ben", "kind": "easy"}]
    assert has_text(c, "Clever Kids *")                            # back in the launcher, a save to resume


def test_saves_at_every_turn_boundary_and_on_sleep(tmp_path):
    turns = []
    d = Player()

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
        app = importlib.import_module("games.clever.app")
        items = app.items_of(g)
        bad = [i for i in range(4) if items[i] not in g.legal_actions()]
        if bad:
            break
    start = app.start_of(g, items)
    why = g.why_colour(bad[0])
    keys = setup_keys(["human", "normal"]) + ["RIGHT"] * ((bad[0] - start) % 4) + ["A"]
    c, lv = run_keys(keys, seed, tmp_path / "b")
    assert has_text(c, font.wrap(why, 112)[0])                      # the kit's refusal box
    golden(c, "clever_refused")
    assert lv["game"].phase == "pick"                               # nothing changed
    c, lv = run_keys(keys + ["A"], seed, tmp_path / "c")             # A: back to the choice
    assert not has_text(c, font.wrap(why, 112)[0])
    assert lv["waiting"] == "decide" and lv["game"].phase == "pick"


def test_a_joker_says_what_it_is_where_the_player_meets_it(tmp_path):
    """A person's first roll with a joker: the pick screen starts on the joker, lit, with
    its help (the rulebook: any symbol of the colour you pick, with that colour's dice or
    alone) and the die drawn large; DOWN goes on to the next die's help, LEFT/RIGHT back
    to the tabs and the area, where the dice picking that colour uses (and the jokers) are lit."""
    for seed in range(1, 40):       # a first roll with a joker
        c, lv = run_keys(setup_keys(["human", "normal"]), seed, tmp_path / str(seed))
        if view_joker() in lv["game"].dice:
            break
    g = lv["game"]
    joker = g.dice.index(view_joker())

    def lit(c, i):                  # a lit die is filled: a pixel no symbol covers
        return screen.rows(c.panel())[10 + 11 * i + 1][22] == "#"
    assert has_text(c, "Joker: any") and has_text(c, "you pick, alone") and has_text(c, "or with its dice.")
    assert [lit(c, i) for i in range(5)] == [i == joker for i in range(5)]
    golden(c, "clever_joker")
    c, _ = run_keys(setup_keys(["human", "normal"]) + ["DOWN"], seed, tmp_path / "down")
    nxt = (joker + 1) % 6
    if nxt < 5:                     # the next die's help, else none: the area
        assert has_text(c, "die:") and lit(c, nxt) and not has_text(c, "Joker: any")
    c, lv = run_keys(setup_keys(["human", "normal"]) + ["RIGHT"], seed, tmp_path / "right")
    assert not has_text(c, "Joker: any") and not has_text(c, "die:")
    app = importlib.import_module("games.clever.app")
    items = app.items_of(g)
    colour = (app.start_of(g, items) + 1) % len(items)
    from games.clever import data
    uses = [data.SYM_COLOUR[code] in (colour, 255) for code in g.dice]
    assert [lit(c, i) for i in range(5)] == uses and uses[joker]


def test_the_joker_help_opens_by_itself_once_per_person(tmp_path):
    seen = []                       # per pick screen with a joker to use: its help shown?

    def until(c, lv):
        g = lv["game"]
        if lv["waiting"] != "decide" or g.phase != "pick" or lv["screens"]:
            return False
        usable = [i for i in range(5) if g.dice[i] == view_joker() and not (g.role and g.taken[i])]
        if usable and (not seen or seen[-1][0] != (g.turn, g.role)):
            seen.append(((g.turn, g.role), has_text(c, "Joker: any")))
        return len(seen) == 2
    goto_screens(tmp_path, ["human"], 3, until)
    assert [shown for _when, shown in seen] == [True, False]


def test_a_die_the_roller_took_says_so(tmp_path):
    def until(c, lv):
        g = lv["game"]
        return lv["waiting"] == "decide" and g.phase == "pick" and g.role == 1 and not lv["screens"] \
            and 1 in g.taken and not has_text(c, "Joker: any")
    c, state = goto_screens(tmp_path / "a", ["human", "human"], 5, until)
    taken = state["game"].taken.index(1)
    c, _ = goto_screens(tmp_path / "b", ["human", "human"], 5, until, ["DOWN"] * (taken + 1))
    assert has_text(c, "die:") and has_text(c, "roller used")


def view_joker():
    return importlib.import_module("games.clever.view").JOKER


def test_done_before_any_cross_is_refused(tmp_path):
    kinds = ["human", "easy"]

    def first_cross(c, lv):
        g = lv["game"]
        return lv["waiting"] == "decide" and g.phase == "cross" and g.crosses == 0

    c, _ = goto_screens(tmp_path, kinds, 5, first_cross, ["LEFT", "A"])  # LEFT wraps to Done
    assert has_text(c, "Cross at least one")


def goto_screens(tmp_path, kinds, seed, until, extra=()):
    """Drive a game until until(console, live) is true, then press extra keys.
    Returns the console and {"game": the game then, "before": its save then,
    "after": what LIVE showed once the extra keys were pressed}."""
    d = Player()
    state = {}

    def drv(c):
        lv = live()
        if "game" in state:
            if lv and "after" not in state:
                state["after"] = {"screens": list(lv["screens"]), "waiting": lv["waiting"],
                                  "game": lv["game"].to_save()}
            return None
        if lv and until(c, lv):
            state["game"] = lv["game"]
            state["before"] = lv["game"].to_save()
            return list(extra) or None
        return d(c)
    c = Console("pico", seed, setup_keys(kinds), str(tmp_path), driver=drv)
    c.run()
    return c, state


def test_golden_screens(tmp_path):
    kinds = ["human", "easy", "human", "normal"]
    # the turn screen: the roller picks a colour
    c, lv = run_keys(setup_keys(kinds), 11, tmp_path / "a")
    assert lv["waiting"] == "decide" and lv["game"].phase == "pick"
    golden(c, "clever_pick")
    # the sheets of everyone: overview, then a zoomed area; B back to the turn
    c, lv = run_keys(setup_keys(kinds) + ["B"], 11, tmp_path / "b")
    assert has_text(c, "Ann") and lv["screens"] == ["sheets"]
    golden(c, "clever_overview")
    c, lv = run_keys(setup_keys(kinds) + ["B", "DOWN", "DOWN"], 11, tmp_path / "c")
    assert has_text(c, "candles")
    golden(c, "clever_zoom_red")
    c, lv = run_keys(setup_keys(kinds) + ["B", "DOWN", "DOWN", "RIGHT", "B"], 11, tmp_path / "c2")
    assert lv["screens"] == [] and lv["waiting"] == "decide"
    assert has_text(c, "Ann: ")                                     # Ann's turn screen again
    # crossing: the zoomed area with the cursor
    c, _ = goto_screens(tmp_path / "d", kinds, 11,
                        lambda c, lv: lv["waiting"] == "decide" and lv["game"].phase == "cross")
    assert has_text(c, "Done")
    golden(c, "clever_cross")
    # a pass screen between the two humans, and the summary after it
    c, _ = goto_screens(tmp_path / "e", kinds, 11, lambda c, lv: has_text(c, "Pass the console to"))
    assert has_text(c, "Cat")
    golden(c, "clever_pass")
    c, _ = goto_screens(tmp_path / "f", kinds, 11, lambda c, lv: has_text(c, "What happened"))
    golden(c, "clever_summary")
    # the end screen
    c, state = goto_screens(tmp_path / "g", kinds, 11, lambda c, lv: lv["waiting"] == "end")
    assert has_text(c, end_head(state["game"]))
    golden(c, "clever_end")


def test_joker_choice_list(tmp_path):
    """A field that can be crossed with or without a joker asks how; B on the list
    goes back to the field, and nothing is crossed."""
    app = importlib.import_module("games.clever.app")
    keys_for = drive.keys_module("clever").keys_for

    def until(c, lv):
        g = lv["game"]
        if lv["waiting"] != "decide" or g.phase != "cross" or lv["screens"]:
            return False
        return any(len(app.variants(g, f)) > 1 for f in app.fields_of(g.legal_actions()))

    _, state = goto_screens(tmp_path, ["human", "easy"], 5, until)
    g = state["game"]
    app = importlib.import_module("games.clever.app")      # (the run unloaded it)
    f = [f for f in app.fields_of(g.legal_actions()) if len(app.variants(g, f)) > 1][0]
    keys = keys_for(g, app.variants(g, f)[0])[:-1]                  # up to the list, not choosing
    c, state = goto_screens(tmp_path / "b", ["human", "easy"], 5, until, keys)
    assert has_text(c, "with")
    assert has_text(c, "joker")
    assert state["after"]["screens"] == ["how"]
    golden(c, "clever_jokers")
    c, state = goto_screens(tmp_path / "c", ["human", "easy"], 5, until, keys + ["B"])
    assert state["after"]["screens"] == [] and state["after"]["waiting"] == "decide"
    assert state["after"]["game"] == state["before"]               # nothing crossed
    assert not has_text(c, "with") and has_text(c, "Done")


def test_down_jumps_to_the_nearest_field_in_the_row_below(tmp_path):
    # a crossing screen whose first field (where the cursor starts) has fields below it
    import sys
    expect = {}

    def until(c, lv):
        g = lv["game"]
        if lv["waiting"] != "decide" or g.phase == "pick" or lv["screens"]:
            return False
        app, view = sys.modules["games.clever.app"], sys.modules["games.clever.view"]
        colour = app.area_of(g)
        fields = [f for f in app.items_of(g) if f not in app.BUTTONS]
        x0, y0 = view.place(colour, fields[0])
        below = []
        for f in fields:
            x, y = view.place(colour, f)
            if y > y0:
                below.append(((y - y0) * 4 + abs(x - x0), f))
        if below:
            expect["field"] = rules.label(min(below)[1])
            expect["start"] = rules.label(fields[0])
        return bool(below)

    c, state = goto_screens(tmp_path, ["human", "easy", "human"], 3, until, ["DOWN"])
    assert state["after"]["waiting"] == "decide" and state["after"]["game"] == state["before"]
    assert expect["field"] != expect["start"]
    assert has_text(c, expect["field"])


def test_all_computer_players_play_alone(tmp_path):
    c, d = play_game(tmp_path, ["easy", "normal"], seed=2)
    assert d.ended is not None and d.game.over
    assert d.decisions == 0
    assert saved(tmp_path) is None


def test_keys_for_reaches_every_legal_action():
    app = importlib.import_module("games.clever.app")
    keys_for = drive.keys_module("clever").keys_for
    rng = Rng(9)
    for n in (1, 2, 3):
        g = rules.Game(n, None, Rng(n))
        g.start()
        while not g.over:
            items = app.items_of(g)
            for a in g.legal_actions():
                k = keys_for(g, a)
                assert k[-1] == "A" and set(k) <= {"RIGHT", "DOWN", "A"}
                i = (app.start_of(g, items) + k.index("A")) % len(items)
                assert items[i] == a.split(" ")[0]
                if k.count("A") == 2:                              # the list: DOWN to the way chosen
                    assert app.variants(g, items[i])[len(k) - k.index("A") - 2] == a
            g.apply(bot.choose(g, "easy", rng))


# ---- the "What happened" log across Save and quit --------------------------------
def news_game(tmp_path, kinds, seed, quit_when=None, old=False):
    """Plays like Player (seed for the people's choices and the console) and keeps every
    "What happened" screen. quit_when(console, live, player): "Save and quit" there
    (once), then Resume from the launcher; old: the save is first rewritten as the
    version before the table-game kit wrote it."""
    d = Player(seed, quit_when, resume=["A", "A"] if quit_when else None)
    d.quit_save = d.resume_save = d.resume_frame = None
    store = Saves(FileStorage(str(tmp_path / "saves")))

    def drv(c):
        lv = live()
        if not lv and d.quitted and d.quit_save is None:
            data = store.load("clever")[0]
            d.quit_save = data
            if old:
                store.save("clever", {"kinds": [s["kind"] for s in data["seats"]], "game": data["game"],
                                      "bot_rng": data["bot_rng"], "log": "|".join(data["log"]["texts"]),
                                      "nlog": data["log"]["count"], "seen": data["log"]["seen"]})
        elif lv and d.quit_save is not None and d.resume_frame is None:
            d.resume_frame = Snap(c.panel())                # the first screen after Resume
        elif lv and d.resume_frame is not None and d.resume_save is None and has_text(c, "Pass the console to"):
            d.resume_save = store.load("clever")[0]         # written as the game resumed
        return d(c)
    c = Console("pico", seed, setup_keys(kinds), str(tmp_path), driver=drv)
    c.run()
    assert d.ended is not None
    return d


def cats_move(c, lv, d):
    """In the middle of Cat's move, after Ben (a computer player) has moved since Ann decided."""
    g = lv["game"]
    return d.decisions >= 12 and lv["waiting"] == "decide" and g.to_act() == 2 and g.phase == "cross"


def test_what_happened_is_kept_across_save_and_quit(tmp_path):
    # Ann, Ben (CPU), Cat: "Save and quit" in the middle of Cat's move; after Resume
    # Ann's "What happened" still has Ben's moves, and every such screen is as in the
    # same game played without quitting
    kinds = ["human", "easy", "human"]
    whole = news_game(tmp_path / "a", kinds, 7)
    split = news_game(tmp_path / "b", kinds, 7, cats_move)
    assert split.quitted and split.resume is None
    assert split.news == whole.news
    # what Ann had not seen when the game was saved: Ben's move (and Cat's)
    log = split.quit_save["log"]
    assert log["seen"][0] < log["count"] and log["texts"][0].startswith("Ben")
    anns = [i for i in range(split.quit_news, len(split.news)) if split.news[i][1] == 0][0]
    shot = Snap(split.news[anns][2])
    assert has_text(shot, "What happened")
    rows = []
    for text, actor in zip(log["texts"], log["actors"]):   # the rows the list shows first (five; a long event wraps)
        if actor != 0:
            lines = font.wrap(text, 126)
            rows += [lines[0]] + [" " + more for more in font.wrap(" ".join(lines[1:]), 120)]
    assert len(rows) >= 5
    for row in rows[:5]:
        assert has_text(shot, row.strip())


def test_what_happened_comes_back_after_save_and_quit_on_it(tmp_path):
    # "Save and quit" on the "What happened" screen itself: Resume shows it again
    kinds = ["human", "easy"]
    whole = news_game(tmp_path / "a", kinds, 3)

    def on_news(c, lv, d):
        return d.decisions >= 6 and has_text(c, "What happened")
    split = news_game(tmp_path / "b", kinds, 3, on_news)
    k = split.quit_news - 1
    assert split.resume is None and split.news[k] == split.news[k + 1]
    assert has_text(Snap(split.news[k + 1][2]), "What happened") and has_text(Snap(split.news[k + 1][2]), "Ben")
    assert split.news[:k + 1] + split.news[k + 2:] == whole.news


def test_a_save_from_before_the_kit_is_not_resumed_but_the_copy_before_it(tmp_path):
    # a save as the version before the table-game kit wrote it ("kinds", the event log as
    # one text, "nlog", "seen") does not fit this version: the console says so and
    # resumes the copy before it (the Save and quit's own, in the kit's form), and the
    # game goes on to the same end
    kinds = ["human", "easy", "human"]
    whole = news_game(tmp_path / "a", kinds, 7)
    split = news_game(tmp_path / "b", kinds, 7, cats_move, old=True)
    assert has_text(split.resume_frame, font.wrap("The newest save did not fit this version", 120)[0])
    assert split.resume_save["game"] == split.quit_save["game"]
    assert split.resume_save["log"] == split.quit_save["log"]
    assert split.actions == whole.actions and split.news == whole.news
    assert split.game.to_save() == whole.game.to_save()


def test_moving_the_cursor_does_not_work_out_the_rules_or_the_fields_again(tmp_path):
    """A key that only moves the cursor redraws from what the decision worked out once
    (app.prepare): no rules' options, no field names made again (make bench keys: such
    a key allocated 3.4-23 KB, now under 1 KB, 64-bit unix)."""
    import sys
    counts = {"legal": 0, "cell": 0}

    def counting(c, lv, phase):
        g = lv["game"]
        if lv["waiting"] != "decide" or lv["screens"] or (g.phase == "pick") != (phase == "pick"):
            return False
        view = sys.modules["games.clever.view"]
        legal, cell = g.legal_actions, view.cell

        def legal_counted():
            counts["legal"] += 1
            return legal()

        def cell_counted(colour, i):
            counts["cell"] += 1
            return cell(colour, i)
        g.legal_actions = legal_counted
        view.cell = cell_counted
        return True

    # the pick screen: to each tab (each tab's frames worked out once) and back over them
    c, state = goto_screens(tmp_path / "p", ["human", "easy"], 5, lambda c, lv: counting(c, lv, "pick"),
                            ["RIGHT"] * 4 + ["LEFT"] * 4 + ["RIGHT"] * 4)
    assert state["after"]["waiting"] == "decide" and state["after"]["game"] == state["before"]
    assert counts["legal"] == 0
    first_round = counts["cell"]
    c, state = goto_screens(tmp_path / "q", ["human", "easy"], 5, lambda c, lv: counting(c, lv, "pick"),
                            ["RIGHT"] * 4)
    assert counts["cell"] == 2 * first_round    # the rounds after the first made no field names
    # a crossing screen
    counts["legal"] = counts["cell"] = 0
    c, state = goto_screens(tmp_path / "x", ["human", "easy", "human"], 3, lambda c, lv: counting(c, lv, "cross"),
                            ["RIGHT", "RIGHT", "LEFT", "DOWN", "UP"])
    assert state["after"]["waiting"] == "decide" and state["after"]["game"] == state["before"]
    assert counts == {"legal": 0, "cell": 0}


def test_the_framed_fields_are_the_fields_the_rules_options_name():
    """view.framed (the pick screen's framed fields, found without the rules' action
    texts) flags exactly the fields of rules.options, over random sheets and dice; and
    view.spot finds every field's key as the list of all keys does (buttons: -1)."""
    from games.clever import app, view
    r = Rng(3)
    for _ in range(3000):
        sheet = [r.randbelow(len(rules.LREW[line]) + 1) for line in range(rules.GI)] + [r.randbelow(rules.GFULL + 1)]
        counts = [r.randbelow(3) * (r.randbelow(3) == 0) for _ in range(rules.NSYM)]
        for colour in range(4):
            want = view.layout(colour, app.fields_of(rules.options(sheet, colour, counts)))[1]
            assert view.framed(sheet, colour, counts) == want, (sheet, colour, counts)
    for colour in range(4):
        keys = [view.cell(colour, i)[0] for i in range(view.NFIELDS[colour])]
        for other in range(4):
            for i in range(view.NFIELDS[other]):
                key = view.cell(other, i)[0]
                assert view.spot(colour, key) == (keys.index(key) if key in keys else -1)
        for button in ("done", "skip", "pass", "G", "G123", "Y0", "B4", "R99"):
            assert view.spot(colour, button) == -1


def test_a_cursor_move_on_the_crossing_screen_draws_what_the_whole_screen_draws(tmp_path):
    """The crossing screen is kept without its cursor and status (ui.keep) and each key
    draws the cursor's field and the status over it: every frame of whole games (cursor
    moves, the ways-to-cross list's screen, bonus crosses) is the same, pixel for pixel,
    as the screen drawn whole for that cursor."""
    import sys
    checked = []
    differ = []

    def check(c, lv, d):
        view = sys.modules["games.clever.view"]
        app = lv["app"]
        if "draw_cross" in vars(app):
            return
        real = app.draw_cross

        def draw_cross(items, at, show=True):
            real(items, at, False)
            got = bytes(app.fb.buffer)
            # the whole screen for the same cursor, as it was drawn before it was kept
            app.screen(app.title, app.colour, app.framed, app.spots[at], -1, app.right)
            button = "Done" if items[-1] == "done" else "Skip" if items[-1] == "skip" else None
            view.status(app.fb, app.labels[at], button, items[at] in ("done", "skip"))
            checked.append(at)
            if bytes(app.fb.buffer) != got:
                differ.append((app.game.to_save(), items, at))
            app.fb.buffer[:] = got
            if show:
                app.ui.show()
        app.draw_cross = draw_cross

    for seed in (3, 8, 12):
        d = Player(seed)
        kinds = ["human", "human", "easy"]

        def drv(c):
            lv = live()
            if lv and lv.get("app") is not None:
                check(c, lv, d)
            return d(c)
        Console("pico", seed, setup_keys(kinds), str(tmp_path / str(seed)), driver=drv).run()
        assert d.game is not None and d.game.is_over()
    assert len(checked) > 100 and not differ
