"""Dizzle screens, played with buttons only in the simulator (CPython sim)."""
import sys

from core.saves import Saves
from hal.storage import FileStorage
import drive
import screen
from drive import Driver, live
from screen import has_text, golden
from sim.console import Console
from games.dizzle import rules as drules


def main_keys():
    """Main menu -> Dizzle -> New game (a fresh saves folder) or Resume (first when saved)."""
    return screen.open_game_keys("dizzle")


def new_game_keys(kinds, opts=None):
    return screen.new_game_keys("dizzle", kinds, opts)


def saved(tmp_path):
    return drive.saved(tmp_path, "dizzle")


def run_game(tmp_path, kinds, opts=None, seed=1, driver=None):
    return drive.play("dizzle", kinds, tmp_path, opts, seed, driver)


def finished(c, d, tmp_path):
    """The game ran to its end screen, the winner was shown, the save is gone."""
    assert d.ended is not None, "the game did not reach its end screen"
    s = d.ended["summary"]
    assert s["phase"] == "over"
    assert has_text(c, " wins!") == (len(d.ended["winners"]) == 1)
    assert saved(tmp_path) is None
    return s


def test_solo_game_on_each_level(tmp_path):
    for level in (1, 2, 3, 4):
        c, d = run_game(tmp_path / str(level), ["human"], {"level": level}, seed=level)
        s = finished(c, d, tmp_path / str(level))
        assert s["level"] == level and s["ticks"] == [10]   # ten rounds, all played
        assert d.decisions >= 20


def test_four_players_humans_and_computers(tmp_path):
    c, d = run_game(tmp_path, ["human", "easy", "human", "normal"], {"level": 3}, seed=2)
    s = finished(c, d, tmp_path)
    assert s["ticks"] == [3, 3, 3, 3]
    assert d.passes > 0                    # Ann and Cat pass the console to each other


def test_computers_only_play_to_the_end(tmp_path):
    c, d = run_game(tmp_path, ["easy", "normal"], {"level": 4}, seed=3)
    finished(c, d, tmp_path)
    assert d.decisions == 0


def test_save_mid_turn_quit_and_resume_continues_identically(tmp_path):
    kinds, opts, seed = ["human", "normal", "easy"], {"level": 2}, 5
    _, whole = run_game(tmp_path / "a", kinds, opts, seed)
    # after a few decisions, with a die of Ann's out: mid-turn
    d = Driver("dizzle", seed, stop_after=lambda g, n: n >= 4 and g.placed[0] and g.to_act() == 0,
               resume=["A", "A"])    # the cursor stays on Dizzle; Resume is first
    c, d = run_game(tmp_path / "b", kinds, opts, seed, d)
    assert d.stopped["placed"][0] and d.stopped["phase"] == "take"   # Ann had a die out: mid-turn
    assert d.ended["summary"] == whole.ended["summary"]
    assert d.actions == whole.actions
    assert saved(tmp_path / "b") is None


def first_decision(kinds, opts, seed, tmp_path, keys_at_decision, then=None):
    """Start a game; at its first decision screen press keys_at_decision(game) (a list);
    then(console, game) is called at the next wait. Returns what `then` returned."""
    out = {}

    def drive_keys(console):
        state = live()
        if not state:
            return None
        g = state["game"]
        if "keys" not in out:
            if state["waiting"] != "decide":
                return ["A"]
            out["keys"] = keys_at_decision(g)
            return out["keys"]
        if then is not None and "then" not in out:
            out["then"] = then(console, g)
        return None
    c = Console("pico", seed, new_game_keys(kinds, opts), str(tmp_path), driver=drive_keys)
    c.run()
    return c, out.get("then")


def test_an_illegal_field_shows_the_reason(tmp_path):
    from core import font
    app_keys = {}

    def keys(g):
        a = sys.modules["games.dizzle.view"]
        v = a.values(g)[a.first_value(g)]
        c0 = a.start_cell(g, v)
        r0, k0 = divmod(c0, g.cols)
        for dr, dc, k in ((0, 1, "RIGHT"), (0, -1, "LEFT"), (1, 0, "DOWN"), (-1, 0, "UP")):
            r, k1 = r0 + dr, k0 + dc
            if 0 <= r < g.rows and 0 <= k1 < g.cols and g.pips[r * g.cols + k1] not in (0, 7, v):
                app_keys["why"] = g.why_not(v, r, k1)
                return ["A", k, "A"]
        raise AssertionError("no wrong-pips neighbour")

    def then(console, g):
        return has_text(console, font.wrap(app_keys["why"], 112)[0]), True
    c, (shown, a) = first_decision(["human"], {"level": 1}, 1, tmp_path, keys, then)
    assert app_keys["why"].startswith("That field needs a")
    assert shown


def test_menu_shows_the_rules_and_save_and_quit_keeps_the_game(tmp_path):
    c, _ = first_decision(["human", "easy"], {"level": 1}, 4, tmp_path, lambda g: ["MENU", "DOWN", "DOWN", "A"])
    assert has_text(c, "Rules") and has_text(c, "Dizzle: 1-4 players,")
    c, _ = first_decision(["human", "easy"], {"level": 1}, 4, tmp_path / "b", lambda g: ["MENU", "DOWN", "A"])
    data = saved(tmp_path / "b")
    assert data["game"]["game"] == "dizzle" and [s["kind"] for s in data["seats"]] == ["human", "easy"]


def test_sleep_saves_the_game_mid_turn(tmp_path):
    # one die placed (no turn boundary: no save of its own), then the console sleeps
    first_decision(["human"], {"level": 2}, 6, tmp_path,
                   lambda g: drive.keys_module("dizzle").keys_for(g, g.legal_actions()[0]) + ["WAIT:200000"])
    data = saved(tmp_path)
    assert data["game"]["phase"] == "take" and len(data["game"]["placed"][0]) == 1


class Goldens(Driver):
    """A Driver that compares the first of each key screen with its golden frame."""

    WANT = (("Round 1 of 4", "dizzle_roll"), ("Pass the console to", "dizzle_pass"),
            ("What happened", "dizzle_news"), ("Turn 1 over", "dizzle_report"), ("Boom!", "dizzle_bombs"),
            ("Give back", "dizzle_back"), (" wins!", "dizzle_end"))

    def __init__(self, seed):
        Driver.__init__(self, "dizzle", seed)
        self.done = []

    def __call__(self, console):
        state = live()
        if state:
            for text, name in self.WANT:
                if name not in self.done and has_text(console, text):
                    golden(console, name)
                    self.done.append(name)
            if state["waiting"] == "decide" and "dizzle_zoom" not in self.done:
                name = "dizzle_turn" if "dizzle_turn" not in self.done else "dizzle_zoom"
                golden(console, name)
                self.done.append(name)
                return ["A"] if name == "dizzle_turn" else ["B"]     # into the zoom and back
        return Driver.__call__(self, console)


def test_golden_frames(tmp_path):
    d = Goldens(1)
    c, d = run_game(tmp_path, ["human", "human", "easy"], {"level": 1}, 1, d)
    finished(c, d, tmp_path)
    assert sorted(d.done) == sorted([w[1] for w in Goldens.WANT] + ["dizzle_turn", "dizzle_zoom"])


def over_save(tmp_path, extra_x=0):
    """A saved two-player game that has just ended: equal points; Ben has extra_x more X's."""
    g = drules.Game(2, {"level": 1})
    g.names = ["Ann", "Ben"]
    g.start()
    g.pop_events()
    free = [i for i in range(g.ncells) if g.pips[i] and g.pips[i] < 7 and g.syms[i] == 46 and not g.sheets[1][i]]
    for i in free[:extra_x]:
        g.sheets[1][i] = 1
    g.phase, g.pool = "over", []
    assert g.scores()[0] == g.scores()[1]
    (tmp_path / "saves").mkdir(parents=True, exist_ok=True)
    Saves(FileStorage(str(tmp_path / "saves"))).save("dizzle", {
        "seats": [{"name": "Ann", "kind": "human"}, {"name": "Ben", "kind": "human"}], "game": g.to_save(),
        "bot_rng": [1, 2], "log": {"texts": [], "actors": [], "count": 0, "seen": [0, 0]}})


def test_shared_win_and_the_fewer_x_tie_break_on_the_end_screen(tmp_path):
    over_save(tmp_path / "a")
    c = Console("pico", 1, main_keys(), str(tmp_path / "a"))      # Resume is first: the end screen
    c.run()
    assert has_text(c, "Tie: Ann & Ben")
    golden(c, "dizzle_tie")
    assert saved(tmp_path / "a") is None
    over_save(tmp_path / "b", extra_x=2)
    c = Console("pico", 1, main_keys() + ["A"], str(tmp_path / "b"))   # Ann's itemised points
    c.run()
    assert has_text(c, "Ann") and has_text(c, "gems 0") and has_text(c, "flags 0")
    over_save(tmp_path / "b2", extra_x=2)
    c = Console("pico", 1, main_keys() + ["A"] + ["DOWN"] * 4, str(tmp_path / "b2"))
    c.run()
    assert has_text(c, "total 0") and has_text(c, "X's 2 (tie-break)")
    over_save(tmp_path / "c", extra_x=2)
    c = Console("pico", 1, main_keys(), str(tmp_path / "c"))
    c.run()
    assert has_text(c, "Ann wins!")



def test_what_happened_comes_back_after_save_and_quit_on_it(tmp_path):
    # "Save and quit" on the "What happened" screen (what Ben, a computer
    # player, did since Ann decided): Resume shows it again, and every such
    # screen is as in the same game played without quitting
    kinds, opts, seed = ["human", "easy"], {"level": 1}, 4

    def play(path, quit_at=None):
        d = Driver("dizzle", seed, resume=["A", "A"] if quit_at else None)     # Resume is first
        news = []

        def drv(console):
            if live() and has_text(console, "What happened"):
                news.append((d.decisions, bytes(console.panel())))
                if quit_at is not None and d.decisions >= quit_at and not hasattr(d, "quit_news"):
                    d.quit_news = len(news)
                    return ["MENU", "DOWN", "A"]          # game menu: Save and quit
            return d(console)
        c = Console("pico", seed, new_game_keys(kinds, opts), str(tmp_path / path), driver=drv)
        c.run()
        finished(c, d, tmp_path / path)
        return d, news

    _, whole = play("a")
    d, split = play("b", 6)
    k = d.quit_news - 1
    assert d.resume is None and split[k] == split[k + 1]
    assert split[:k + 1] + split[k + 2:] == whole

    class Shot:
        def panel(self):
            return split[k + 1][1]
    assert has_text(Shot(), "What happened") and has_text(Shot(), "Ben")


def test_b_goes_back_from_every_view_and_never_nests(tmp_path):
    # the trap of issue 13: B on the sheets, UP (the points), B opened the sheets
    # again over the points, and each UP B went one screen deeper until out of memory
    depths = []

    def keys(g):
        return ["B", "UP", "B"] + ["UP", "B"] * 30

    def then(console, g):
        depths.append(list(live()["screens"]))
        return True
    first_decision(["human", "easy"], {"level": 1}, 1, tmp_path, keys, then)
    assert depths == [["sheets"]]
    # and B from the sheets goes back to the turn
    first_decision(["human", "easy"], {"level": 1}, 1, tmp_path / "b", lambda g: ["B", "UP", "B", "B"], then)
    assert depths[-1] == []


def overview_box(console, game, cell, pad=0):
    """The overview's pixels of one field (5x5, or with pad more on each side) as rows."""
    x0, y0 = (66 - game.cols * 6 + 1) // 2, (54 - game.rows * 6 + 1) // 2
    x = x0 + cell % game.cols * 6 - pad
    y = y0 + cell // game.cols * 6 - pad
    return [r[x:x + 5 + 2 * pad] for r in screen.rows(console.panel())[y:y + 5 + 2 * pad]]


def test_what_happened_shows_the_field_on_the_sheet_counted_from_1(tmp_path):
    # issue 14: "Ann 1 on 4,7" counted from 0 could not be found on the sheet. Now
    # the event is shown on Ann's sheet, its field lit, and the text counts from 1.
    seen = []
    d = Driver("dizzle", 1)

    def drv(console):
        state = live()
        if state and not seen and has_text(console, "What happened"):
            g = state["game"]
            cell = g.placed[0][-1]              # Ann's die this turn, what Ben reads about
            row, col = divmod(cell, g.cols)
            seen.append((has_text(console, "%d,%d" % (row + 1, col + 1)), has_text(console, "Ann 1 on"),
                         overview_box(console, g, cell, 1)))
        return d(console)
    c = Console("pico", 1, new_game_keys(["human", "human", "easy"], {"level": 1}), str(tmp_path), driver=drv)
    c.run()
    named, who, box = seen[0]
    assert named and who
    # the field is lit: a 7x7 light square, the die in it dark
    assert box[0] == box[6] == "#######" and all(r[0] == r[6] == "#" for r in box)
    assert all(r[1:6] == "....." for r in box[1:6])


def test_rolls_name_the_round_once_and_a_goes_on(tmp_path):
    # issue 14: "Round 1 of 6" came again for Ben's turn of the same round, and
    # the screen did not say which key goes on
    rolls = []
    d = Driver("dizzle", 3)

    def drv(console):
        state = live()
        if state and has_text(console, "dice:") and (not rolls or rolls[-1][0] != state["game"].turn):
            g = state["game"]
            rolls.append((g.turn, has_text(console, "Round %d of %d" % (g.round_no(), g.rounds)),
                          has_text(console, "%s's turn" % g.names[g.starter]), has_text(console, "A:OK")))
        return d(console)
    c = Console("pico", 3, new_game_keys(["human", "human"], {"level": 1}), str(tmp_path), driver=drv)
    c.run()
    finished(c, d, tmp_path)
    assert [r[0] for r in rolls] == list(range(12))         # 6 rounds of 2 turns, each roll seen, A went on
    for turn, round_title, turn_title, hint in rolls:
        assert hint and round_title == (turn % 2 == 0) and turn_title == (turn % 2 == 1)


def test_the_overview_shows_pips_only_where_a_die_may_go(tmp_path):
    # issue 14: 3x5 digits on all 99 fields were unreadable. The overview shows
    # the symbols, the X's, and pips only where a die on the table may go now;
    # any other free field is a dot.
    def then(console, g):
        targets = set(c for _v, c in g.placements())
        plain = [i for i in range(g.ncells) if 0 < g.pips[i] < 7 and g.syms[i] == 46 and not g.sheets[0][i]]
        dots = [overview_box(console, g, i) for i in plain if i not in targets]
        digits = [overview_box(console, g, i) for i in plain if i in targets]
        return dots, digits
    c, (dots, digits) = first_decision(["human"], {"level": 1}, 1, tmp_path, lambda g: ["WAIT:10"], then)
    assert dots and digits
    assert all(b == [".....", ".....", "..#..", ".....", "....."] for b in dots)
    assert all(sum(r.count("#") for r in b) > 3 for b in digits)


def test_an_event_page_without_a_field_keeps_a_long_text_whole():
    # "Still no fit: give back one of this turn's dice." needs 6 lines beside the
    # sheet: with no field to show it takes the whole width instead of being cut
    import framebuf
    from games.dizzle import view
    g = drules.Game(2, {"level": 1})
    g.names = ["Ann", "Ben"]

    class Panel:
        def __init__(self):
            self.buf = bytearray(1024)

        def panel(self):
            return self.buf
    long_text = "Still no fit: give back one of this turn's dice."
    for cell, text, whole in ((-1, long_text, True), (view.place(g, "Ann 3 on 2,3"), "Ann 3 on 2,3", False)):
        p = Panel()
        view.event_page(framebuf.FrameBuffer(p.buf, 128, 64, framebuf.MONO_VLSB), g, 0, cell, True, text,
                        "Roll again", 0, 2)
        assert has_text(p, "Roll again") and has_text(p, "A:next")
        if whole:
            assert has_text(p, "Still no fit: give") and has_text(p, "turn's dice.")
        else:
            assert cell == g.cols + 2 and has_text(p, "Ann 3 on") and has_text(p, "2,3")
