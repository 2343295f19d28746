"""Word Cards screens, played with buttons only in the simulator.

Whole games: tests/drive's Driver presses A on "continue" screens and, on the turn
screen, the keys tests/drive/words.py keys_for() gives for an action the easy bot
picks for that seat. Positions for single screens are made with the rules core and
resumed from a save, so they do not depend on a deal.
"""
import os
import pathlib
import shutil
import sys

import pytest
from core.rng import Rng
from core.saves import Saves
from hal.storage import FileStorage
import drive
import screen
from drive import live
from screen import has_text, golden, rows
from sim.console import Console
from games.words import data
from games.words import rules as wrules

APP = "games.words.app"
KEYS = drive.keys_module("words")


# ---------------------------------------------------------------- navigation
def menu_keys():
    return screen.open_game_keys("words")


def new_game_keys(kinds, opts=None):
    return screen.new_game_keys("words", kinds, opts)


def save_of(path):
    return drive.saved(pathlib.Path(str(path)), "words")


# ---------------------------------------------------------------- the driver
class Driver(drive.Driver):
    """tests/drive's Driver for Word Cards, also recording the seat of each action
    (`seats`), the seats a pass screen was shown for, the screens of running totals
    between rounds, and the end screen (`end`): its rows, then A opens the first row's
    details (`detail`), then B leaves. tests/test_web.py records a whole game with it."""

    def __init__(self, seed, **more):
        drive.Driver.__init__(self, "words", seed, **more)
        self.seats = []
        self.passed_to = []
        self.totals = 0
        self.end = None
        self.detail = None
        self.game = None

    def __call__(self, console):
        state = live()
        if not state:
            return drive.Driver.__call__(self, console)
        game = self.game = state["game"]
        if state["waiting"] == "end":
            if self.end is None:
                self.ended = {"summary": game.summary(), "winners": game.winners()}
                self.end = rows(console.panel())
                self.end_console_text = [t for t in ("wins!", "Tie:") if has_text(console, t)]
                self.end_names = all(has_text(console, n) for n in NAMES[:game.n])
                return ["A"]
            if self.detail is None:
                self.detail = rows(console.panel())
                self.detail_round = has_text(console, "Round 1:") or has_text(console, "Cards left:")
            return ["B"]
        if state["waiting"] != "decide":
            if has_text(console, "Pass the console to"):
                self.passed_to.append(game.turn)
                assert has_text(console, "A: I am")
            elif has_text(console, "total"):
                self.totals += 1
        acted = len(self.actions)
        seat = game.turn
        keys = drive.Driver.__call__(self, console)
        if len(self.actions) > acted:
            self.seats.append(seat)
        return keys


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


# ---------------------------------------------------------------- whole games
def run_game(tmp_path, kinds, opts=None, seed=1, driver=None):
    return drive.play("words", kinds, tmp_path, opts, seed, driver or Driver(seed))


def check_finished(tmp_path, d):
    g = d.game
    assert g.over and d.end is not None, "the game did not reach its end screen"
    assert d.end_console_text == (["wins!"] if len(g.winners()) == 1 else ["Tie:"])
    assert d.end_names and d.detail_round
    assert save_of(tmp_path) is None, "the save is cleared when the game ends"
    assert APP not in sys.modules and not live()   # back in the launcher, the game unloaded
    return g


def test_two_players_human_against_computer_to_the_end(tmp_path):
    c, d = run_game(tmp_path, ["human", "normal"], seed=2)   # a seed whose game has every kind of move
    g = check_finished(tmp_path, d)
    assert g.mode == "adults2" and g.dictionary == "strict"
    assert d.passed_to == [] and d.passes == 0     # one person at the console: no pass screens
    verbs = set(a.split()[0] for a in d.actions)
    assert {"new", "add", "commit", "draw", "act"} <= verbs
    assert has_text(c, "Word Cards")           # the launcher's list again


def test_four_players_two_humans_pass_the_console(tmp_path):
    c, d = run_game(tmp_path, ["human", "human", "easy", "normal"], seed=5)   # every kind of move
    g = check_finished(tmp_path, d)
    assert g.mode == "adults34" and g.n == 4
    seats = d.seats
    assert set(seats) == {0, 1} and len(seats) == len(d.actions)
    changes = sum(1 for i in range(1, len(seats)) if seats[i] != seats[i - 1])
    assert len(d.passed_to) == 1 + changes      # the first turn, then each change of person
    # every turn of a human after the other human's: a pass screen first, for that human
    assert set(d.passed_to) == {0, 1} and len(d.passed_to) >= 5
    verbs = set(a.split()[0] for a in d.actions)
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


def resume_save(path, game, kinds=None, log=("Ben drew a card (8 cards)",), rounds=()):
    """Write the app's save for `game` (seats Ann, Ben, ...) into path/saves; the
    log, unread by all, makes a "What happened" screen come first (A). rounds: the
    points each seat gained in each round before (the points variant)."""
    kinds = kinds or ["human"] + ["easy"] * (game.n - 1)
    os.makedirs(os.path.join(str(path), "saves"), exist_ok=True)
    Saves(FileStorage(os.path.join(str(path), "saves"))).save("words", {
        "seats": [{"name": NAMES[i], "kind": kinds[i]} for i in range(game.n)], "game": game.to_save(),
        "bot_rng": [1, 2], "rounds": [list(r) for r in rounds],
        "log": {"texts": list(log), "actors": [-1] * len(log), "count": len(log), "seen": [0] * game.n}})


def game_after(path, keys):
    """The game as it stands after resuming from path and pressing the keys."""
    got = {}
    resumed(path, keys, driver=lambda c: got.setdefault("game", live()["game"]) and None)
    return got["game"]


def screens_after(path, keys):
    """The screens open over the turn screen after resuming from path and pressing the keys."""
    got = {}
    resumed(path, keys, driver=lambda c: got.setdefault("screens", list(live()["screens"])) and None)
    return got["screens"]


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
    game = game_after(tmp_path, keys + ["DOWN", "A"])
    assert wrules.word_text(game.words[0]) == "SHOCK"
    assert game.changed_words() == [0] and len(game.hands[0]) == 9
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
    game = game_after(tmp_path, keys + ["RIGHT"] * 4 + ["A", "RIGHT", "A"])
    assert wrules.word_text(game.words[-1]) == "TOe"


def test_an_illegal_commit_shows_the_reason(tmp_path):
    resume_save(tmp_path, table_game())
    # spell E H I (not a word), then Commit
    keys = ["A", "B", "DOWN", "A", "A", "RIGHT", "A", "RIGHT", "A"] + ["RIGHT"] * 6 + ["A", "B", "A"]
    c = resumed(tmp_path, keys)
    assert has_text(c, "EHI is not in the") and has_text(c, "dictionary") and has_text(c, "A:OK")      # the refusal box
    golden(c, "words_illegal")
    c = resumed(tmp_path, keys + ["A"])         # back on the turn screen, the word still there
    assert has_text(c, "EHI")


def test_first_word_rules_are_explained(tmp_path):
    g = position(2, [list("CAT") + ["*", "skip"], list("DOG")], ["SOCK"], melded=False)
    resume_save(tmp_path, g)
    c = resumed(tmp_path, ["A", "B"] + ["DOWN"] * 4 + ["A"])    # Skip before any word
    assert has_text(c, "Make a word before") and has_text(c, "you play an action")
    c = resumed(tmp_path, ["A", "UP", "A", "RIGHT", "RIGHT", "A", "DOWN", "A"])   # SOCK + T: a table word first
    assert has_text(c, "First make a word") and has_text(c, "of your own from")


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


def test_the_points_of_earlier_rounds_are_saved_and_shown_at_the_end(tmp_path):
    # resumed in the last round of two, with round 1's points in the save: Ann goes out
    # with CAT; the end screen's details list both rounds
    g = position(2, [list("ACT"), list("DOGS")], ["SOCK"], {"mode": "adults2", "scoringVariant": True,
                                                           "matchRounds": 2})
    g.round = 2
    g.points = [1, 3]
    resume_save(tmp_path, g, kinds=["human", "normal"], rounds=[[1, 3]])
    new_cat = ["A", "A", "RIGHT", "A", "RIGHT", "A", "DOWN"]
    c = resumed(tmp_path, new_cat + ["A", "B", "A"])
    assert has_text(c, "Game over") and has_text(c, "Ann won round 2: +4")
    c = resumed(tmp_path, new_cat + ["A", "B", "A", "A"])
    assert has_text(c, "Ann wins!") and has_text(c, "5")
    c = resumed(tmp_path, new_cat + ["A", "B", "A", "A", "A"])       # Ann's row: her rounds
    assert has_text(c, "Round 1: +1") and has_text(c, "Round 2: +4") and has_text(c, "Total: 5")
    # a save whose rounds do not fit the seats is not this game's save: it is not resumed
    resume_save(tmp_path / "bad", g, kinds=["human", "normal"], rounds=[[1, 3, 0]])
    c = resumed(tmp_path / "bad", [])
    assert has_text(c, "Delete it?")


# ---------------------------------------------------------------- empty lists, going back
def test_table_words_before_any_word_is_on_the_table(tmp_path):
    # issues 13 and 19: "Table words" with no word on the table stopped the game with
    # IndexError (the list's description asked for the maker of word 0); the keys from
    # the launcher: Word Cards, New game, Start, "What happened", B, UP UP: Table words, A
    c = screen.play("DOWN DOWN DOWN DOWN A A UP A A B UP UP A", seed=1, saves=str(tmp_path))
    assert not has_text(c, "Game stopped")
    assert has_text(c, "Table words") and has_text(c, "No words on the table")
    c = screen.play("DOWN DOWN DOWN DOWN A A UP A A B UP UP A B", seed=1, saves=str(tmp_path / "b"))
    assert has_text(c, "Your turn") and has_text(c, "Table words")          # B: the turn menu again


def test_every_list_with_nothing_in_it_says_so(tmp_path):
    # no word in the hand: Find words says so, from the turn (DOWN) and from the menu
    g = position(2, [list("QXZ") + ["skip"], list("DOG")], ["SOCK"])
    resume_save(tmp_path, g, log=())
    c = resumed(tmp_path, ["DOWN"])
    assert has_text(c, "No word can be made")
    assert screens_after(tmp_path, ["DOWN"]) == ["words"]
    assert screens_after(tmp_path, ["B", "A", "B"]) == ["menu"]
    # nothing happened yet: Last turns says so
    c = resumed(tmp_path, ["B", "UP", "A"])
    assert has_text(c, "Last turns") and has_text(c, "Nothing yet.")
    # every letter of SOCK taken this turn: the empty word is listed, and says so
    # (Take a letter, SOCK, its first letter; Commit and Undo come first once it is taken)
    steps = ["B", "DOWN", "DOWN", "A", "A", "A"] + (["B"] + ["DOWN"] * 4 + ["A", "A", "A"]) * 3
    assert len(game_after(tmp_path, steps).held) == 4
    c = resumed(tmp_path, steps + ["B"] + ["DOWN"] * 4 + ["A", "A"])
    assert has_text(c, "No letter is left in")
    back = steps + ["B"] + ["DOWN"] * 4 + ["A", "A", "LEFT", "RIGHT", "A"]    # A: back to the words
    c = resumed(tmp_path, back)
    assert has_text(c, "Take from") and screens_after(tmp_path, back) == ["menu", "take"]
    # a hand of action cards only: spelling offers the check mark alone
    g = position(2, [["skip", "draw_two"], list("DOG")], ["SOCK"])
    resume_save(tmp_path / "b", g, log=())
    c = resumed(tmp_path / "b", ["B", "DOWN", "A", "LEFT", "RIGHT", "A"])
    assert has_text(c, "New word") and has_text(c, "A: place the word")
    assert screens_after(tmp_path / "b", ["B", "DOWN", "A", "A", "B"]) == ["menu"]


def test_find_words_says_why_it_found_none(tmp_path):
    # issue 14: it said "No word can be made with these cards" whatever the reason: also
    # with nothing picked, too few cards picked, or the joker left out by the first-word rule
    g = position(2, [list("QXZ") + ["skip"], list("DOG")], ["SOCK"])
    resume_save(tmp_path, g, log=())
    c = resumed(tmp_path, ["DOWN"])                                 # nothing picked: the whole hand
    assert has_text(c, "No word can be made") and has_text(c, "from your hand.")
    c = resumed(tmp_path, ["A", "RIGHT", "A", "DOWN"])              # Q and X picked
    assert has_text(c, "A word needs 3") and has_text(c, "pick 1 more")
    c = resumed(tmp_path, ["A", "RIGHT", "A", "RIGHT", "A", "DOWN"])     # Q, X and Z
    assert has_text(c, "No word can be made") and has_text(c, "with the picked")
    c = resumed(tmp_path, ["A", "UP", "A", "DOWN"])                 # Q and the chosen SOCK
    assert has_text(c, "with the picked") and has_text(c, "cards and SOCK.")
    # before the first word: C, T and a joker make CAT, but a first word takes no joker
    g = position(2, [list("CT") + ["*", "skip"], list("DOG")], ["SOCK"], melded=False)
    resume_save(tmp_path / "b", g, log=())
    c = resumed(tmp_path / "b", ["DOWN"])
    assert has_text(c, "First word: 3+ cards") and has_text(c, "joker. Your letters") and has_text(c, "alone make none.")
    c = resumed(tmp_path / "b", ["A", "DOWN"])
    assert has_text(c, "Your first word needs") and has_text(c, "pick 2 more")
    # the joker allowed (a word made in an earlier turn): the same hand makes words
    g.melded = [True, True]
    resume_save(tmp_path / "c", g, log=())
    c = resumed(tmp_path / "c", ["DOWN"])
    assert has_text(c, "Words") and has_text(c, "CAT")


def test_find_words_leaves_a_picked_joker_out_of_a_first_word_and_says_so(tmp_path):
    # before the first word, with the joker picked, Find words listed CAT, COT and CUT (the
    # joker as their middle letter), and the table then refused each: "No joker in your first word"
    g = position(2, [list("CT") + ["*", "skip"], list("DOG")], ["SOCK"], melded=False)
    resume_save(tmp_path, g, log=())
    c = resumed(tmp_path, ["A", "RIGHT", "A", "RIGHT", "A", "DOWN"])       # C, T and the joker
    assert not has_text(c, "CAT") and has_text(c, "hand, no joker: pick") and has_text(c, "1 more card")
    golden(c, "words_first_word_reason")
    # A, C, T and the joker: the words of A, C and T alone, each noted; A lays one out, accepted
    g = position(2, [list("ACT") + ["*", "skip"], list("DOG")], ["SOCK"], melded=False)
    resume_save(tmp_path / "b", g, log=())
    keys = ["A", "RIGHT", "A", "RIGHT", "A", "RIGHT", "A", "DOWN"]
    c = resumed(tmp_path / "b", keys)
    assert has_text(c, "Words") and has_text(c, "ACT") and has_text(c, "CAT") and has_text(c, "word: no joker.")
    c = resumed(tmp_path / "b", keys + ["A"])
    assert not has_text(c, "No joker in your")
    assert [wrules.word_text(w) for w in game_after(tmp_path / "b", keys + ["A"]).words] == ["SOCK", "ACT"]


def test_a_refused_word_says_why_in_the_players_words(tmp_path):
    # issue 14: the adults' decks refuse verbs (the strict list), and the refusal says so
    g = position(2, [list("AET") + ["skip"], list("DOG")], ["SOCK"], opts={"mode": "adults2"})
    resume_save(tmp_path, g, log=())
    spell = ["B", "DOWN", "A", "RIGHT", "A", "LEFT", "A", "RIGHT", "RIGHT", "A", "RIGHT", "A"]   # E, A, T, OK
    c = resumed(tmp_path, spell + ["B"])                            # the turn menu: Commit's note says why
    assert has_text(c, "Commit") and has_text(c, "EAT: verbs are not")
    c = resumed(tmp_path, spell + ["B", "A"])                       # Commit: refused, and why
    assert has_text(c, "EAT: verbs are not") and has_text(c, "allowed in this") and has_text(c, "A:OK")
    golden(c, "words_verb_refused")


def test_setup_names_the_word_rule(tmp_path):
    # issue 14: the adults' decks refuse verbs by default; the Words row says so
    c = screen.play(" ".join(menu_keys() + ["DOWN"] * 6), seed=1, saves=str(tmp_path))
    assert has_text(c, "Words") and has_text(c, "adults' no verbs.")
    c = screen.play(" ".join(menu_keys() + ["DOWN"] * 6 + ["RIGHT"] * 2), seed=1, saves=str(tmp_path / "b"))
    assert has_text(c, "Strict") and has_text(c, "No verbs, no pet")


def test_b_goes_back_one_screen_at_a_time(tmp_path):
    resume_save(tmp_path, table_game())
    paths = [
        ["B", "DOWN", "DOWN", "A", "A"],                      # the turn menu, Take a letter, a letter
        ["B", "DOWN", "A"] + ["RIGHT"] * 7 + ["A"],           # Spell a word, the joker's letter
        ["B"] + ["DOWN"] * 4 + ["A", "A"],                    # Trade with opponent: whom, which card
        ["LEFT", "A"],                                        # Skip from the hand: whom
        ["B", "UP", "UP", "A"],                               # Table words
    ]
    for keys in paths:
        opened = screens_after(tmp_path, ["A"] + keys)
        assert opened, keys
        for back in range(len(opened) + 1):
            assert screens_after(tmp_path, ["A"] + keys + ["B"] * back) == opened[:len(opened) - back], (keys, back)
    assert screens_after(tmp_path, ["A", "B", "DOWN", "DOWN", "A", "A"]) == ["menu", "take", "letter"]
    # however often a screen is opened and left, nothing piles up
    again = ["A", "B"] + ["UP", "UP", "A", "B", "DOWN", "DOWN"] * 6     # Table words, B, six times
    assert screens_after(tmp_path, again) == ["menu"]
    assert screens_after(tmp_path, again + ["UP", "UP", "A"]) == ["menu", "table"]


def test_event_texts_name_the_players():
    from games.words.app import named
    assert named("P1: P2 skips the next turn", ["Ann", "Ben"]) == "Ann: Ben skips the next turn"
    assert named("P2 traded a card with P1", ["P2", "Bo"]) == "Bo traded a card with P2"    # once only
    assert named("P3: PEP (4 left)", ["A", "B", "Cy"]) == "Cy: PEP (4 left)"


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
    keys = KEYS.keys_for(wrules.Game.from_save(g.to_save()), action)
    assert names_of(game_after(tmp_path, ["A", "A"] + keys)) == names_of(want)


def test_keys_for_plays_whole_turns_of_the_normal_bot(tmp_path):
    """The normal bot's actions (letters taken from table words, jokers) by buttons."""
    from games.words import bot
    g = position(2, [list("WOGHNIR") + ["*"], list("ABCDEFG")], ["SHOCK", "TRAIN", "STONE"], {"mode": "adults34"})
    rng = Rng(3)
    for _ in range(6):
        if g.over or g.turn != 0:
            break
        action = bot.choose(g, "normal", rng)
        resume_save(tmp_path, g, kinds=["human", "human"])
        keys = KEYS.keys_for(wrules.Game.from_save(g.to_save()), action)
        got = game_after(tmp_path, ["A", "A"] + keys)
        g.apply(action)
        g.pop_events()
        assert names_of(got) == names_of(g), action


# ---------------------------------------------------------------- saving and resuming
def test_save_and_quit_mid_turn_then_resume_plays_on_identically(tmp_path):
    kinds, opts, seed = ["human", "easy", "human"], {"mode": "adults34"}, 4
    c, whole = run_game(tmp_path / "a", kinds, opts, seed)
    assert whole.game.over
    # stop in the middle of a turn: after a word was laid out, before its commit
    k = next(i for i in range(1, len(whole.actions)) if whole.actions[i] == "commit"
             and whole.actions[i - 1].split()[0] in ("new", "add"))
    d = Driver(seed, stop_after=k, resume=["A", "A"])   # the launcher's cursor on Word Cards; Resume is first
    c, d = run_game(tmp_path / "b", kinds, opts, seed, driver=d)
    assert d.stopped["editing"] and d.resume is None and d.stop_after is None   # it did quit mid-turn and resume
    assert d.actions == whole.actions
    assert d.game is not whole.game
    assert d.game.to_save() == whole.game.to_save()
    assert d.end == whole.end


def test_the_save_is_plain_and_small(tmp_path):
    # a quit at the first turn screen leaves a save the launcher resumes: the kit's
    # plain dicts (seats, the rules' to_save(), the computer players' rng, the events
    # not read yet) and the points of each round
    c = Console("pico", 2, new_game_keys(["human", "normal"]) + ["A", "MENU", "DOWN", "A"], str(tmp_path))
    c.run()
    saved = save_of(tmp_path)
    assert saved["seats"] == [{"name": "Ann", "kind": "human"}, {"name": "Ben", "kind": "normal"}]
    assert saved["rounds"] == [] and saved["log"]["count"] == 1 and len(saved["bot_rng"]) == 2
    game = wrules.Game.from_save(saved["game"])
    assert game.to_save() == saved["game"] and game.turn == 0 and not game.words
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
    resume_save(tmp_path, table_game())
    # spell T O E, then leave the console alone until the screen sleeps
    keys = ["A", "B", "DOWN", "A"] + ["RIGHT"] * 5 + ["A", "LEFT", "LEFT", "A", "LEFT", "LEFT", "LEFT", "A"]
    keys += ["RIGHT"] * 8 + ["A", "WAIT:61000"]
    c = resumed(tmp_path, keys)
    assert not c.model.is_on
    game = wrules.Game.from_save(save_of(str(tmp_path) + "-run")["game"])
    assert game.snap is not None and wrules.word_text(game.words[-1]) == "TOE"


def test_quitting_from_the_end_screen_leaves_no_save(tmp_path):
    class QuitAtTheEnd(Driver):
        def __call__(self, console):
            state = live()
            if state and state["waiting"] == "end" and self.end is None:
                assert has_text(console, "wins!") or has_text(console, "Tie:")
                self.end = True
                return ["MENU", "DOWN", "A", "WAIT:200000"]  # Save and quit, then let it sleep
            return Driver.__call__(self, console)
    run_game(tmp_path, ["human", "normal"], seed=3, driver=QuitAtTheEnd(3))
    assert save_of(tmp_path) is None
