"""Word Cards screens, played with buttons only in the simulator.

Whole games: a driver presses A on "continue" screens and, on the turn screen,
the keys app.keys_for() gives for an action the easy bot picks for that seat.
Positions for single screens are made with the rules core and resumed from a
save (the app's own save format), so they do not depend on a deal.
"""
import os
import shutil
import sys

import pytest
from core.rng import Rng
from core.saves import Saves
from hal.storage import FileStorage
import screen
from screen import has_text, golden, rows
from sim.console import Console
from games.words import data
from games.words import rules as wrules

APP = "games.words.app"
SEATS3 = [{"name": "Ann", "kind": "human"}, {"name": "Ben", "kind": "easy"}, {"name": "Cat", "kind": "normal"}]


# ---------------------------------------------------------------- navigation
def menu_keys():
    return screen.open_game_keys("words")


def new_game_keys(kinds, opts=None):
    return screen.new_game_keys("words", kinds, opts)


def app():
    return sys.modules.get(APP)


def save_of(path):
    data, _problems = Saves(FileStorage(os.path.join(str(path), "saves"))).load("words")
    return data


# ---------------------------------------------------------------- the driver
class Driver:
    """Plays every human seat by buttons only: A on 'continue' screens, and on the
    turn screen the keys of app.keys_for() for what the easy bot would do there.
    On the end screen it opens the first row's details, then leaves with B."""

    def __init__(self, seed, stop_after=None):
        self.rng = Rng(seed)
        self.actions = []
        self.passes = []
        self.totals = 0
        self.end = None
        self.detail = None
        self.game = None
        self.stop_after = stop_after
        self.resume = None

    def __call__(self, console):
        a = app()
        if a is None or "game" not in a.LIVE:
            keys, self.resume = self.resume, None     # back in the launcher
            return keys
        live = a.LIVE
        game = self.game = live["game"]
        if live["waiting"] != "decide":
            if game.over and self.end is not None:
                if self.detail is None:
                    self.detail = rows(console.panel())
                    self.detail_round = has_text(console, "Round 1:") or has_text(console, "Cards left:")
                    return ["A"]
                return ["B"]
            if game.over and (has_text(console, "wins!") or has_text(console, "Tie:")):
                self.end = rows(console.panel())
                self.end_console_text = [t for t in ("wins!", "Tie:") if has_text(console, t)]
                self.end_names = all(has_text(console, n) for n in a_names(game))
                return ["A"]
            if has_text(console, "Pass the console to"):
                self.passes.append(game.turn)
                assert has_text(console, "A: I am")
            elif has_text(console, "total"):
                self.totals += 1
            return ["A"]
        if self.stop_after is not None and len(self.actions) >= self.stop_after:
            self.stop_after = None
            self.resume = ["A", "A"]                 # launcher cursor on Word Cards; Resume is first
            return ["MENU", "DOWN", "A"]             # game menu: Save and quit
        bot = sys.modules["games.words.bot"]
        action = bot.choose(game, "easy", self.rng)
        self.actions.append((game.turn, action))
        return a.keys_for(game, action)


NAMES = ("Ann", "Ben", "Cat", "Dan")


def hand_on_screen(console, letters, y=48):
    """True if the tiles of the hand row (8 px apart from x=1) show these letters."""
    from screen import _text_rows
    screen = rows(console.panel())
    for i in range(len(letters)):
        want = _text_rows(letters[i])
        x = 2 + 8 * i
        for k in range(7):
            if screen[y + k][x:x + 5] != want[k][:5] and screen[y + k][x:x + 5] != "".join(
                    "." if ch == "#" else "#" for ch in want[k][:5]):
                return False
    return True


def a_names(game):
    return NAMES[:game.n]


# ---------------------------------------------------------------- whole games
def run_game(tmp_path, kinds, opts=None, seed=1, driver=None):
    d = driver or Driver(seed)
    c = Console("pico", seed, new_game_keys(kinds, opts), str(tmp_path), driver=d)
    c.run()
    return c, d


def check_finished(tmp_path, d):
    g = d.game
    assert g.over and d.end is not None, "the game did not reach its end screen"
    assert d.end_console_text == (["wins!"] if len(g.winners()) == 1 else ["Tie:"])
    assert d.end_names and d.detail_round
    assert save_of(tmp_path) is None, "the save is cleared when the game ends"
    assert app() is None                        # back in the launcher, the game unloaded
    return g


def test_two_players_human_against_computer_to_the_end(tmp_path):
    c, d = run_game(tmp_path, ["human", "normal"], seed=2)   # a seed whose game has every kind of move
    g = check_finished(tmp_path, d)
    assert g.mode == "adults2" and g.dictionary == "strict"
    assert d.passes == []                      # one person at the console: no pass screens
    verbs = set(a.split()[0] for _s, a in d.actions)
    assert {"new", "add", "commit", "draw", "act"} <= verbs
    assert has_text(c, "Word Cards")           # the launcher's list again


def test_four_players_two_humans_pass_the_console(tmp_path):
    c, d = run_game(tmp_path, ["human", "human", "easy", "normal"], seed=5)   # every kind of move
    g = check_finished(tmp_path, d)
    assert g.mode == "adults34" and g.n == 4
    seats = [s for s, _a in d.actions]
    assert set(seats) == {0, 1}
    changes = sum(1 for i in range(1, len(seats)) if seats[i] != seats[i - 1])
    assert len(d.passes) == 1 + changes         # the first turn, then each change of person
    # every turn of a human after the other human's: a pass screen first, for that human
    assert set(d.passes) == {0, 1} and len(d.passes) >= 5
    verbs = set(a.split()[0] for _s, a in d.actions)
    assert {"new", "add", "commit", "draw", "act"} <= verbs


def test_children_deck_three_players(tmp_path):
    c, d = run_game(tmp_path, ["easy", "human", "normal"], {"mode": "children"}, seed=2)
    g = check_finished(tmp_path, d)
    assert g.mode == "children" and g.dictionary == "relaxed"


def test_points_variant_over_several_rounds(tmp_path):
    c, d = run_game(tmp_path, ["human", "easy"], {"scoringVariant": True, "matchRounds": 3}, seed=5)
    g = check_finished(tmp_path, d)
    assert g.round == 3 and d.totals == 2    # two screens of running totals between rounds
    assert sum(g.points) > 0


# ---------------------------------------------------------------- positions resumed from a save
def position(n, hands, words, opts=None, melded=True, seed=4, turn=0):
    """A game in a chosen position: hands as card names ('*' joker, action ids),
    table words as text (lower case = a joker standing for that letter)."""
    g = wrules.Game(n, opts or {"mode": "children"}, Rng(seed))
    g.start()
    pool = [c for c in data.MODE_CARDS[g.mi]]

    def take(name):
        for c in pool:
            if wrules.card_name(c) == name:
                pool.remove(c)
                return c
        raise ValueError(name)
    g.hands = [sorted([take(x) for x in h], key=wrules.card_key) for h in hands]
    g.words = [[take("*" if ch.islower() else ch) * 32 + wrules.LOWER.find(ch.lower()) for ch in w] for w in words]
    g.owners = [1 % n] * len(words)
    g.pre = len(words)
    g.deck = pool
    g.discard = []
    g.melded = [melded] * n
    g.turn = turn
    g.events = []
    return g


def resume_save(path, game, kinds=None, log=("Ben drew a card (8 cards)",)):
    """Write the app's save for `game` (seats Ann, Ben, ...) into path/saves; the
    log makes a "What happened" screen come first (A)."""
    import games.words.app as A
    kinds = kinds or ["human"] + ["easy"] * (game.n - 1)
    os.makedirs(os.path.join(str(path), "saves"), exist_ok=True)
    Saves(FileStorage(os.path.join(str(path), "saves"))).save("words", {
        "seats": ",".join(NAMES[i] + ":" + kinds[i] for i in range(game.n)), "game": A.pack(game.to_save()),
        "log": "|".join(log), "rounds": "#", "more": A.pack([len(log), 1, 2] + [0] * game.n)})


def resumed(path, keys, driver=None):
    """Resume the saved game from a copy of `path` (a fresh console) and press the keys."""
    run = str(path) + "-run"
    shutil.rmtree(run, ignore_errors=True)
    shutil.copytree(str(path), run)
    c = Console("pico", 1, menu_keys() + list(keys), run, driver=driver)
    c.run()
    return c


def table_game():
    return position(3, [list("HOWEIST") + ["*", "skip", "trade_with_opponent"], list("ABCDEFG"), list("XYZ")],
                    ["SOCK", "BeD", "CATS", "ELEPHANT", "DOG", "TREE", "HOUSE", "MOUSE"])


def test_turn_screen_shows_table_hand_and_counts(tmp_path):
    resume_save(tmp_path, table_game(), log=["Ben: SOCK (6 left)", "Cat drew a card (3 cards)"])
    c = resumed(tmp_path, [])
    assert has_text(c, "What happened") and has_text(c, "Ben: SOCK (6 left)")
    golden(c, "words_summary")
    c = resumed(tmp_path, ["A"])
    for t in ("Ann", "Ben", "Cat", "54", "SOCK", "BeD", "ELEPHANT", "MOUSE"):
        assert has_text(c, t), t
    assert hand_on_screen(c, "EHIOSTW*!!")
    golden(c, "words_turn")
    c = resumed(tmp_path, ["A", "RIGHT"] * 1 + ["RIGHT"] * 6)
    assert has_text(c, "Joker")                  # the cursor card is named in the title bar
    c = resumed(tmp_path, ["A", "LEFT"])
    assert has_text(c, "Skip")
    c = resumed(tmp_path, ["A", "LEFT", "LEFT"])
    assert has_text(c, "Trade")
    c = resumed(tmp_path, ["A", "UP", "RIGHT", "RIGHT"])
    assert has_text(c, "by Ben")                 # a table word chosen with the cursor: its maker
    golden(c, "words_table_cursor")


def test_picked_cards_and_a_table_word_list_the_words_they_make(tmp_path):
    resume_save(tmp_path, table_game())
    # UP: the table, A: SOCK chosen; pick E and H; DOWN lists the words
    keys = ["A", "UP", "A", "A", "RIGHT", "A", "DOWN"]
    c = resumed(tmp_path, keys)
    assert has_text(c, "CHOKES") and has_text(c, "SHOCK") and has_text(c, "SOCK + 2 hand cards")
    golden(c, "words_word_list")
    d = Driver(1)
    c = resumed(tmp_path, keys + ["DOWN", "A"], driver=lambda con: setattr(d, "game", app().LIVE["game"]))
    assert wrules.word_text(d.game.words[0]) == "SHOCK"
    assert d.game.changed_words() == [0] and len(d.game.hands[0]) == 9
    c = resumed(tmp_path, keys + ["DOWN", "A"])
    assert has_text(c, "SHOCK")


def test_turn_menu_offers_action_cards_with_their_effect(tmp_path):
    resume_save(tmp_path, table_game())
    c = resumed(tmp_path, ["A", "B"])
    assert has_text(c, "Your turn") and has_text(c, "Find words") and has_text(c, "Spell a word")
    golden(c, "words_menu")
    c = resumed(tmp_path, ["A", "B"] + ["DOWN"] * 5)
    assert has_text(c, "Skip") and has_text(c, "A player skips their")
    c = resumed(tmp_path, ["A", "B"] + ["DOWN"] * 4)
    assert has_text(c, "Trade with opponent") and has_text(c, "take one of theirs")


def test_spelling_a_word_tile_by_tile_with_a_joker(tmp_path):
    resume_save(tmp_path, table_game())
    c = resumed(tmp_path, ["A", "B", "DOWN", "A"])
    assert has_text(c, "New word") and has_text(c, "Pick letters in order")
    golden(c, "words_spell")
    # T, O, then the joker as E: "TOE"
    keys = ["A", "B", "DOWN", "A"] + ["RIGHT"] * 5 + ["A"] + ["LEFT"] * 2 + ["A"] + ["RIGHT"] * 4 + ["A"]
    c = resumed(tmp_path, keys)
    assert has_text(c, "Joker letter")
    golden(c, "words_joker")
    seen = {}
    resumed(tmp_path, keys + ["RIGHT"] * 4 + ["A", "RIGHT", "A"],
            driver=lambda con: seen.setdefault("g", app().LIVE["game"]) and None)
    assert wrules.word_text(seen["g"].words[-1]) == "TOe"


def test_an_illegal_commit_shows_the_reason(tmp_path):
    resume_save(tmp_path, table_game())
    # spell E H I (not a word), then Commit
    keys = ["A", "B", "DOWN", "A", "A", "RIGHT", "A", "RIGHT", "A"] + ["RIGHT"] * 6 + ["A", "B", "A"]
    c = resumed(tmp_path, keys)
    assert has_text(c, "Not allowed") and has_text(c, "EHI is not in the")
    golden(c, "words_illegal")
    c = resumed(tmp_path, keys + ["A"])         # back on the turn screen, the word still there
    assert has_text(c, "EHI")


def test_first_word_rules_are_explained(tmp_path):
    g = position(2, [list("CAT") + ["*", "skip"], list("DOG")], ["SOCK"], melded=False)
    resume_save(tmp_path, g)
    c = resumed(tmp_path, ["A", "B"] + ["DOWN"] * 4 + ["A"])    # Skip before any word
    assert has_text(c, "Make a word before") and has_text(c, "you play an action")
    c = resumed(tmp_path, ["A", "UP", "A", "RIGHT", "RIGHT", "A", "DOWN", "A"])   # SOCK + T: a table word first
    assert has_text(c, "First make a word of")


def test_pass_screen_before_a_human_turn(tmp_path):
    resume_save(tmp_path, table_game(), kinds=["human", "human", "easy"])
    c = resumed(tmp_path, [])
    assert has_text(c, "Pass the console to") and has_text(c, "A: I am Ann")
    assert not hand_on_screen(c, "EHI")          # no hand before A
    golden(c, "words_pass")


def test_round_totals_and_end_screen(tmp_path):
    # Ann goes out with CAT: round 1 of 2 ends, the totals show, round 2 is dealt
    g = position(2, [list("ACT"), list("DOGS")], ["SOCK"], {"mode": "adults2", "scoringVariant": True,
                                                           "matchRounds": 2})
    resume_save(tmp_path, g, kinds=["human", "normal"])
    new_cat = ["A", "LEFT"] * 0 + ["A", "A", "RIGHT", "A", "RIGHT", "A", "DOWN"]
    c = resumed(tmp_path, new_cat + ["A", "B", "A"])
    assert has_text(c, "Round 1 of 2") and has_text(c, "total 4")
    golden(c, "words_round")
    g = position(2, [list("ACT"), list("DOGS")], ["SOCK"], {"mode": "adults2"})
    resume_save(tmp_path / "b", g, kinds=["human", "normal"])
    c = resumed(tmp_path / "b", new_cat + ["A", "B", "A", "A"])
    assert has_text(c, "Ann wins!") and has_text(c, "Ben")
    golden(c, "words_end")
    assert save_of(str(tmp_path / "b") + "-run") is None


# ---------------------------------------------------------------- keys_for does what the action does
def names_of(game):
    """Everything the action changes, by card names (two copies of a card are alike)."""
    s = game.summary()
    return (s["table"], s["held"], [sorted(h) for h in s["hands"]], s["turn"], s["skips"],
            sorted(wrules.card_name(c) for c in game.discard), s["deck"], s["editing"])


ALL_ACTIONS = ["A", "R", "trade_with_deck", "trade_with_opponent", "skip", "swap_hands", "draw_two",
               "all_draw_two"]
HAND = list("HOWEIST") + ["*", "skip", "trade_with_opponent"]     # E H I O S T W * trade skip
TABLE = ["SOCK", "BeD", "CATS", "ELEPHANT"]


@pytest.mark.parametrize("hand,pre,action", [
    (HAND, None, "new 5 3 0"),                # TOE: picked, then chosen from the word list
    (HAND, None, "new 5 3 7=e"),              # with the joker
    (HAND, None, "new 6 3 0.1"),              # W O + the O of SOCK (taken first)
    (HAND, None, "add 0 1 1"),                # SOCK -> SHOCK, spelled
    (HAND, None, "add 1 0 7=a"),              # the joker as A in front of BeD
    (HAND, None, "set 3 3.0 3.1 3.2 3.3 3.4 3.5 3.6 3.7 4"),   # ELEPHANTS
    (HAND, None, "take 3 0"),
    (HAND, "new 5 3 0", "undo"),
    (HAND, "new 5 3 0", "commit"),
    (HAND, None, "draw"),
    (HAND, None, "act 9 1"),                  # Skip: Ben
    (HAND, None, "act 8 2 0"),                # Trade with Cat, giving the E
    (ALL_ACTIONS, None, "act 2 0"),           # Trade with deck, giving the A
    (ALL_ACTIONS, None, "act 5 2"),           # Swap hands with Cat
    (ALL_ACTIONS, None, "act 6 1"),           # Draw two: Ben
    (ALL_ACTIONS, None, "act 7"),             # All draw two
    (["A", "skip", "skip"], None, "act 2 1"),  # the second of two Skip cards
])
def test_keys_for_performs_the_action(tmp_path, hand, pre, action):
    g = position(3, [hand, list("ABCDEFG"), list("XYZ")], TABLE)
    if pre:
        g.apply(pre)
    resume_save(tmp_path, g, kinds=["human"] * 3)
    want = wrules.Game.from_save(g.to_save())
    want.apply(action)
    import games.words.app as A
    keys = A.keys_for(wrules.Game.from_save(g.to_save()), action)
    got = {}
    resumed(tmp_path, ["A", "A"] + keys, driver=lambda c: got.setdefault("g", app().LIVE["game"]) and None)
    assert names_of(got["g"]) == names_of(want)


def test_keys_for_plays_whole_turns_of_the_normal_bot(tmp_path):
    """The normal bot's actions (letters taken from table words, jokers) by buttons."""
    from games.words import bot
    g = position(2, [list("WOGHNIR") + ["*"], list("ABCDEFG")], ["SHOCK", "TRAIN", "STONE"], {"mode": "adults34"})
    rng = Rng(3)
    import games.words.app as A
    for _ in range(6):
        if g.over or g.turn != 0:
            break
        action = bot.choose(g, "normal", rng)
        resume_save(tmp_path, g, kinds=["human", "human"])
        keys = A.keys_for(wrules.Game.from_save(g.to_save()), action)
        got = {}
        resumed(tmp_path, ["A", "A"] + keys, driver=lambda c: got.setdefault("g", app().LIVE["game"]) and None)
        g.apply(action)
        assert names_of(got["g"]) == names_of(g), action


# ---------------------------------------------------------------- saving and resuming
def test_save_and_quit_mid_turn_then_resume_plays_on_identically(tmp_path):
    kinds, opts, seed = ["human", "easy", "human"], {"mode": "adults34"}, 4
    c, whole = run_game(tmp_path / "a", kinds, opts, seed)
    assert whole.game.over
    # stop in the middle of a turn: after a word was laid out, before its commit
    k = next(i for i in range(1, len(whole.actions)) if whole.actions[i][1] == "commit"
             and whole.actions[i - 1][1].split()[0] in ("new", "add"))
    d = Driver(seed, stop_after=k)
    c, d = run_game(tmp_path / "b", kinds, opts, seed, driver=d)
    assert d.resume is None and d.stop_after is None   # it did quit and resume
    assert d.actions == whole.actions
    assert d.game is not whole.game
    assert d.game.to_save() == whole.game.to_save()
    assert d.end == whole.end


def test_the_save_is_made_at_turn_boundaries_and_small(tmp_path):
    import games.words.app as A
    g = table_game()
    d = A.pack(g.to_save())
    assert d[0].startswith("=deck,") and d[1].startswith("#3,18,")   # the keys, then the deck
    from core.jsonout import dumps
    import json
    back = A.unpack(json.loads(dumps(d)))
    assert wrules.Game.from_save(back).to_save() == g.to_save()
    # a quit at the first turn screen leaves a save the launcher resumes
    c = Console("pico", 2, new_game_keys(["human", "normal"]) + ["A", "MENU", "DOWN", "A"], str(tmp_path))
    c.run()
    saved = save_of(tmp_path)
    assert saved["seats"] == "Ann:human,Ben:normal"
    assert len(Saves(FileStorage(str(tmp_path / "saves"))).storage.read("words")) < 2000
    assert has_text(c, "Word Cards *")         # the launcher marks the saved game


# ---------------------------------------------------------------- the word list file
@pytest.fixture
def keep_modules(monkeypatch):
    """Keep the game's modules loaded across launches, so a patched word list stays patched."""
    import core.session as session
    monkeypatch.setattr(session, "unload_game", lambda gid: None)
    import games.words.lexicon as lexicon
    import games.words.rules as rules_now
    monkeypatch.setattr(rules_now, "_LEX", {})
    return lexicon


def test_missing_dictionary_is_a_clear_message(tmp_path, monkeypatch, keep_modules):
    monkeypatch.setattr(keep_modules, "FILENAME", "no-such-words.dawg")
    c = Console("pico", 1, new_game_keys(["human", "normal"]), str(tmp_path))
    c.run()
    assert has_text(c, "Dictionary 'strict'") and has_text(c, "is missing:")
    assert has_text(c, "reinstall the game")
    assert save_of(tmp_path) is None               # nothing saved for a game that cannot run
    c = Console("pico", 1, new_game_keys(["human", "normal"]) + ["A"], str(tmp_path / "2"))
    c.run()
    assert has_text(c, "pocket-party") and has_text(c, "Word Cards")   # back in the launcher


def test_damaged_dictionary_is_a_clear_message_and_keeps_the_save(tmp_path, monkeypatch, keep_modules):
    resume_save(tmp_path, table_game())
    bad = tmp_path / "words.dawg"
    raw = bytearray(open(keep_modules.dictionary_path(), "rb").read())
    raw[60000] ^= 0xFF
    bad.write_bytes(bytes(raw))
    monkeypatch.setattr(keep_modules, "dictionary_path", lambda directory=None: str(bad))
    c = resumed(tmp_path, [])
    assert has_text(c, "Dictionary 'relaxed'") and has_text(c, "is damaged")
    assert save_of(str(tmp_path) + "-run") is not None   # the saved game waits for a repair


def test_menu_chord_opens_the_game_menu_with_the_rules(tmp_path):
    resume_save(tmp_path, table_game())
    c = resumed(tmp_path, ["A", "MENU"])
    assert has_text(c, "Game menu") and has_text(c, "Save and quit")
    c = resumed(tmp_path, ["A", "MENU", "DOWN", "DOWN", "A"])
    assert has_text(c, "Be the first with no")
    c = resumed(tmp_path, ["A", "MENU", "A"])          # Resume: the turn screen again
    assert hand_on_screen(c, "EHIOSTW")


def test_sleeping_console_saves_the_unfinished_turn(tmp_path):
    import games.words.app as A
    resume_save(tmp_path, table_game())
    # spell T O E, then leave the console alone until the screen sleeps
    keys = ["A", "B", "DOWN", "A"] + ["RIGHT"] * 5 + ["A", "LEFT", "LEFT", "A", "LEFT", "LEFT", "LEFT", "A"]
    keys += ["RIGHT"] * 8 + ["A", "WAIT:61000"]
    c = resumed(tmp_path, keys)
    assert not c.model.is_on
    game = wrules.Game.from_save(A.unpack(save_of(str(tmp_path) + "-run")["game"]))
    assert game.snap is not None and wrules.word_text(game.words[-1]) == "TOE"


def test_quitting_from_the_end_screen_leaves_no_save(tmp_path):
    class QuitAtTheEnd(Driver):
        def __call__(self, console):
            a = app()
            if a is not None and "game" in a.LIVE and a.LIVE["game"].over and self.end is None \
                    and (has_text(console, "wins!") or has_text(console, "Tie:")):
                self.end = True
                return ["MENU", "DOWN", "A", "WAIT:200000"]  # Save and quit, then let it sleep
            return Driver.__call__(self, console)
    run_game(tmp_path, ["human", "normal"], seed=3, driver=QuitAtTheEnd(3))
    assert save_of(tmp_path) is None
