"""Word Cards rules core: data, options, editing, refusals, action cards, endings, hints."""
import json
import os

import pytest

from core.jsonout import dumps
from core.rng import Rng
from core.rules import Illegal
from games.words import data, hints, rules

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

WORDS = ("act and ant awol bat bed big cab can cat cats cot cut den dig dog dogs god hen ink net not "
         "now owl own sat shock snow sock son sun tab tan tea ten toe tot town two who won")


class MiniLex:
    """A tiny in-memory word list with the lexicon interface (contains, words_from, iter_words_from)."""

    def __init__(self, words=WORDS, name="mini"):
        self.name = name
        self.words = sorted(set(words.split()))

    def contains(self, word):
        return word in self.words

    def lists(self, word):
        return 1 if word in self.words else 0      # the one list: the dictionary

    def iter_words_from(self, letters, jokers=0, min_len=3):
        return iter(self.words_from(letters, jokers, min_len))

    def words_from(self, letters, jokers=0, min_len=3, limit=None):
        out = []
        for w in self.words:
            if len(w) < min_len:
                continue
            rest = list(letters)
            short = 0
            for ch in w:
                if ch in rest:
                    rest.remove(ch)
                else:
                    short += 1
            if short <= jokers:
                out.append(w)
                if limit is not None and len(out) >= limit:
                    break
        return out


LEX = MiniLex()


def new_game(deal, players=2, options=None, seed=1, extra=()):
    """A started game whose hands are dealt in order from `deal` (7 per seat)."""
    g = rules.Game(players, options, Rng(seed), LEX)
    g.force(list(deal) + list(extra))
    g.start()
    g.pop_events()
    return g


def idx(g, name, nth=0):
    hand = g.hands[g.to_act()]
    k = 0
    for i in range(len(hand)):
        if rules.card_name(hand[i]) == name:
            if k == nth:
                return i
            k += 1
    raise KeyError(name)


def play_word(g, letters):
    used = {}
    refs = []
    for ch in letters.upper():
        n = used.get(ch, 0)
        used[ch] = n + 1
        refs.append(str(idx(g, ch, n)))
    g.apply("new " + " ".join(refs))


def refused(g, action, reason):
    before = dumps(g.to_save())
    with pytest.raises(Illegal) as e:
        g.apply(action)
    assert reason in e.value.reason, e.value.reason
    assert dumps(g.to_save()) == before, "a refused action changed the state"
    return e.value.reason


# ---------------------------------------------------------------- data
def test_data_py_is_a_fresh_build():
    import build_words_data
    with open(os.path.join(ROOT, "data", "words.json")) as f:
        spec = json.load(f)
    with open(os.path.join(ROOT, "firmware", "games", "words", "data.py")) as f:
        assert f.read() == build_words_data.build_text(spec)


def test_deck_composition():
    assert data.TOTAL_CARDS == 110
    kinds = list(data.CARD_KIND)
    assert kinds.count(data.KIND_LETTER) == 92
    assert kinds.count(data.KIND_JOKER) == 6
    assert kinds.count(data.KIND_ACTION) == 12
    colours = [data.CARD_COLOUR[c] for c in range(110) if kinds[c] == data.KIND_LETTER]
    assert [colours.count(i) for i in range(3)] == [45, 29, 18]
    sizes = dict(zip(data.MODES, [len(m) for m in data.MODE_CARDS]))
    assert sizes == {"children": 110, "adults2": 60, "adults34": 92}
    adults2 = data.MODE_CARDS[data.MODES.index("adults2")]
    assert len([c for c in adults2 if kinds[c] == data.KIND_JOKER]) == 3
    assert len([c for c in adults2 if kinds[c] == data.KIND_ACTION]) == 12
    for i in range(len(data.ACTIONS)):
        assert len([c for c in range(110) if kinds[c] == data.KIND_ACTION and data.CARD_VALUE[c] == i]) == 2


def test_every_letter_in_blue():
    blue = [data.CARD_VALUE[c] for c in range(110) if data.CARD_KIND[c] == 0 and data.CARD_COLOUR[c] == 0]
    assert sorted(set(blue)) == list(range(26))


# ---------------------------------------------------------------- options and setup
def test_options_and_modes():
    assert rules.Game(2, None, Rng(1), LEX).mode == "adults2"
    assert rules.Game(3, None, Rng(1), LEX).mode == "adults34"
    g = rules.Game(4, {"mode": "children"}, Rng(1), LEX)
    assert (g.mode, g.dictionary) == ("children", "relaxed")
    assert rules.Game(2, {"kidListOnly": True}, Rng(1), LEX).dictionary == "kids"
    assert rules.Game(2, {"wordRules": "relaxed"}, Rng(1), LEX).dictionary == "relaxed"
    assert rules.Game(2, None, Rng(1), LEX).dictionary == "strict"
    with pytest.raises(ValueError):
        rules.Game(2, {"nope": 1}, Rng(1), LEX)
    with pytest.raises(ValueError):
        rules.Game(2, {"mode": "party"}, Rng(1), LEX)
    with pytest.raises(ValueError):
        rules.Game(5, None, Rng(1), LEX)
    g = rules.Game(2, {"matchRounds": "3", "scoringVariant": "true"}, Rng(1), LEX)
    assert g.opts["matchRounds"] == 3 and g.opts["scoringVariant"] is True


def test_deal_and_hand_order():
    g = new_game("TOC*SAK" + "BEDSUNE")
    assert [rules.card_name(c) for c in g.hands[0]] == ["A", "C", "K", "O", "S", "T", "*"]
    assert len(g.deck) == 60 - 14
    assert g.to_act() == 0 and g.legal_actions()


def test_random_start_player_is_forced():
    g = rules.Game(3, {"startPlayer": "random"}, Rng(1), LEX)
    g.force([2])
    g.start()
    assert g.to_act() == 2


def test_no_action_before_start_or_after_end():
    g = rules.Game(2, None, Rng(1), LEX)
    with pytest.raises(Illegal):
        g.apply("draw")
    g = new_game("CATSDOG" + "QXZVJKB")
    play_word(g, "cats")
    play_word(g, "dog")
    g.apply("commit")
    assert g.is_over() and g.winners() == [0] and g.scores() == [7, 0]
    assert g.legal_actions() == []
    with pytest.raises(Illegal) as e:
        g.apply("draw")
    assert "over" in e.value.reason


# ---------------------------------------------------------------- editing
def test_examples_add_and_take():
    g = new_game("SOCKATE" + "DIGHWON")
    play_word(g, "sock")
    g.apply("commit")
    play_word(g, "dig")
    g.apply("commit")
    g.apply("draw")
    g.apply("add 0 1 %d" % idx(g, "H"))
    assert g.summary()["table"] == ["SHOCK", "DIG"]
    assert g.changed_words() == [0]
    g.apply("commit")
    g.apply("draw")
    g.apply("new %d 0.1 %d" % (idx(g, "W"), idx(g, "O")))
    assert g.summary()["table"] == ["SOCK", "DIG", "WHO"]
    g.apply("commit")
    assert [len(h) for h in g.hands] == [5, 1]
    assert g.pop_events()[-1] == "P2: SOCK, WHO (1 left)"


def test_undo_restores_turn_start_and_back_returns_cards():
    g = new_game("CATSDOG" + "QXZVJKB")
    start = dumps(g.to_save())
    play_word(g, "cat")
    g.apply("take 0 2")
    assert g.summary()["held"] == "T"
    g.apply("new t0 %d %d" % (idx(g, "O"), idx(g, "D")))
    assert g.summary()["table"] == ["CA", "TOD"]
    g.apply("back 1 0")      # the T came from the hand this turn: it may go back
    assert g.summary()["table"] == ["CA", "OD"]
    assert "T" in g.summary()["hands"][0]
    g.apply("undo")
    assert dumps(g.to_save()) == start


def test_set_rearranges_and_joker_letters():
    g = new_game("CA*OWLX" + "TBDSUNE")
    play_word(g, "owl")
    g.apply("commit")
    play_word(g, "sun")
    g.apply("commit")
    g.apply("new %d %d %d=t" % (idx(g, "C"), idx(g, "A"), idx(g, "*")))
    g.apply("commit")
    # the joker of CAt may not turn into another letter in its own word
    refused(g, "joker 2 2 b", "keeps its letter")
    # put the T from the hand in its place; the joker becomes an E in BED
    g.apply("set 2 2.0 2.1 %d" % idx(g, "T"))
    g.apply("new %d t0=e %d" % (idx(g, "B"), idx(g, "D")))
    assert g.summary()["table"] == ["OWL", "SUN", "CAT", "BeD"]
    g.apply("commit")


def test_joker_may_change_letter_with_option_off():
    g = new_game("CA*OWLX" + "TBDSUNE", options={"jokerKeepsLetterWhenRearranged": False})
    play_word(g, "owl")
    g.apply("commit")
    play_word(g, "sun")
    g.apply("commit")
    g.apply("new %d %d %d=t" % (idx(g, "C"), idx(g, "A"), idx(g, "*")))
    g.apply("commit")
    g.apply("joker 2 2 b")
    g.apply("add 2 0 %d" % idx(g, "T"))     # T + CAb -> no word, just checks the edit
    assert g.summary()["table"][2] == "TCAb"
    g.apply("undo")
    g.apply("joker 2 2 b")
    assert g.commit_problem() == "Play at least one card from your hand"


def test_taken_letter_options():
    deal = "CATSIBG" + "UNDOWLE"

    def setup(opts):
        g = new_game(deal, options=opts)
        play_word(g, "cat")
        g.apply("commit")
        play_word(g, "owl")
        g.apply("commit")
        g.apply("draw")
        return g

    g = setup({"takenLetterMayExtendWord": False})
    g.apply("set 0 0.0 %d 0.2" % idx(g, "U"))       # CUT, the A is taken
    g.apply("set 1 t0 1.1 1.0 1.2")                # AWOL
    assert g.commit_problem() == "A taken letter must go into a new word"
    g = setup({"multipleTakesPerTurn": False})
    g.apply("new 0.1 %d %d" % (idx(g, "N"), idx(g, "D")))
    assert g.commit_problem() == "CT is too short: a word needs 3 letters"
    g.apply("new 0.0 %d" % idx(g, "U"))
    assert g.commit_problem() == "Take only one letter per turn"


def test_refusals_change_nothing():
    g = new_game(["C", "A", "T", "S", "O", "*", "skip"] + list("QXZVJKB"))
    refused(g, "", "Unknown action")
    refused(g, "dance", "Unknown action")
    refused(g, "new", "Say it like this: new CARD")
    refused(g, "new 9", "You have no card 9")
    refused(g, "new x", "is not a card number")
    refused(g, "new 0 0 1", "only be used once")
    refused(g, "new %d 0 1" % idx(g, "skip"), "is an action card")
    refused(g, "new 0 1 %d" % idx(g, "*"), "Say which letter the joker is")
    refused(g, "new 0 1 %d=1" % idx(g, "*"), "is not a letter")
    refused(g, "new 0=b 1 2", "Only a joker can stand for another letter")
    refused(g, "new 1 0 %d=t" % idx(g, "*"), "No joker in your first word")
    refused(g, "add 0 0 1", "There is no word 0")
    refused(g, "take 0", "Say it like this: take WORD POSITION")
    refused(g, "new t0", "There is no taken card 0")
    refused(g, "undo", "Nothing to undo")
    refused(g, "commit", "Make a word first")
    refused(g, "act %d 1" % idx(g, "skip"), "Make a word before")
    refused(g, "act 0", "is not an action card")
    play_word(g, "cats")
    refused(g, "add 0 9 1", "has no position 9")
    refused(g, "take 0 7", "has no letter 7")
    refused(g, "add 0 0 0.1", "only be used once")
    refused(g, "back 0 x", "is not a position number")
    g.apply("commit")
    # P2 has not made a word: the table is closed to them
    refused(g, "add 0 4 0", "First make a word of your own")
    refused(g, "take 0 3", "First make a word of your own")
    refused(g, "new 0.1 0 1", "First make a word of your own")
    g.apply("draw")
    # P1 again, with O, joker, skip
    refused(g, "back 0 0", "Only cards from your hand")
    g.apply("take 0 3")
    refused(g, "commit", "Put the taken letter S into a word")
    g.apply("add 0 3 t0")
    refused(g, "commit", "Play at least one card")
    g.apply("take 0 0")
    g.apply("take 0 0")
    g.apply("take 0 0")
    g.apply("take 0 0")
    g.apply("new t0 t1 t2 t3 %d" % idx(g, "O"))
    refused(g, "commit", "Leave a word of 3 letters where CATS was")
    g.apply("undo")
    g.apply("take 0 3")
    g.apply("new t0 %d" % idx(g, "O"))
    refused(g, "commit", "SO is too short")
    g.apply("add 1 0 %d=x" % idx(g, "*"))
    refused(g, "commit", "XSO is not in the dictionary")
    refused(g, "act %d 1" % idx(g, "skip"), "An action card is a whole turn")
    g.apply("undo")
    refused(g, "act %d" % idx(g, "skip"), "Play it like this: act")
    refused(g, "act %d 0" % idx(g, "skip"), "Choose an opponent")
    refused(g, "act %d 5" % idx(g, "skip"), "Choose an opponent")
    g.apply("act %d 1" % idx(g, "skip"))
    assert g.to_act() == 0


def test_refusals_last_action_card_and_trades():
    g = new_game(["C", "A", "T", "D", "O", "G", "trade_with_deck"] + list("QXZVJKB"),
                 options={"emptyDrawPile": "no_draw"})
    play_word(g, "cat")
    play_word(g, "dog")
    g.apply("commit")
    g.apply("draw")
    refused(g, "act 0 1", "You can't end with an action card")
    g.apply("draw")
    g.apply("draw")
    h = idx(g, "trade_with_deck")
    refused(g, "act %d %d" % (h, h), "Choose one of your other cards")
    refused(g, "act %d" % h, "Play it like this")
    g.deck = []
    refused(g, "act %d %d" % (h, 1 - h), "The draw pile is empty")


def first_word_refusal(word, options):
    """The reason a commit of `word` as the first word is refused (the real word lists)."""
    g = rules.Game(2, options, Rng(1))
    g.force(list((word.upper() + "RSNDMPB")[:7]))       # seat 0's hand; the rest at random
    g.start()
    play_word(g, word)
    return g.commit_problem()


def test_a_refused_word_says_which_rule_leaves_it_out():
    # issue 14: the strict list drops verbs and pet forms, and said only "not in the word list"
    adults = {"mode": "adults2"}        # Words: Auto = strict
    assert first_word_refusal("eat", adults) == "EAT: verbs are not allowed in this mode"
    assert first_word_refusal("elate", adults) == "ELATE: verbs are not allowed in this mode"
    assert first_word_refusal("kitty", adults) == "KITTY: pet forms are not allowed in this mode"
    assert first_word_refusal("tummy", {"mode": "children", "wordRules": "strict"}) == "TUMMY: pet forms are not allowed in this mode"
    assert first_word_refusal("ehi", adults) == "EHI is not in the dictionary"
    # relaxed words (the kids' deck's default): verbs and pet forms are words
    assert first_word_refusal("eat", {"mode": "children"}) is None
    assert first_word_refusal("kitty", {"wordRules": "relaxed"}) is None
    assert first_word_refusal("ehi", {"mode": "children"}) == "EHI is not in the dictionary"
    # kid-friendly words only: a dictionary word left out of that list says so
    assert first_word_refusal("elate", {"kidListOnly": True}) == "ELATE is not on the kids' word list"


def test_initial_meld_same_turn_option():
    g = new_game("SOCKATE" + "HCATWON", options={"initialMeldSameTurn": False})
    play_word(g, "sock")
    g.apply("commit")
    play_word(g, "cat")
    refused(g, "add 0 1 %d" % idx(g, "H"), "after your first turn")
    assert not g.may_touch_table()


def test_must_play_option():
    g = new_game("CATSDOG" + "QXZVJKB", options={"mayDrawInsteadOfPlaying": False})
    refused(g, "draw", "You can still make a word")
    assert "draw" not in g.legal_actions()
    play_word(g, "cats")
    g.apply("commit")
    assert "draw" in g.legal_actions()      # Q X Z V J K B make no word
    g.apply("draw")


# ---------------------------------------------------------------- action cards
def melded_pair(extra, players=2, options=None, others=None):
    deal = ["C", "A", "T", "S", "O", "N", extra]
    for k in range(players - 1):
        deal += list(others or ("QXZVJKB", "DFGHLMP", "RUWYBEI")[k])
    g = new_game(deal, players=players, options=options)
    play_word(g, "cat")
    g.apply("commit")
    for _ in range(players - 1):
        g.apply("draw")
    g.pop_events()
    return g


def test_skip_and_skips_add_up():
    g = melded_pair("skip", players=3)
    g.skips[1] = 1
    g.apply("act %d 1" % idx(g, "skip"))
    assert g.skips == [0, 1, 0] and g.to_act() == 2
    ev = g.pop_events()
    assert ev[0] == "P1: P2 skips the next turn" and ev[1] == "P2 skips a turn"
    g.apply("draw")
    g.apply("draw")
    assert g.to_act() == 2 and g.skips == [0, 0, 0]


def test_draw_two_and_into_hand():
    g = melded_pair("draw_two", options={"givenActionCard": "into_hand"})
    g.apply("act %d 1" % idx(g, "draw_two"))
    assert [len(h) for h in g.hands] == [3, 11]
    assert "draw_two" in g.summary()["hands"][1] and g.discard == []


def test_trade_with_deck_orders():
    for order in ("discard_then_draw", "draw_then_discard_old_card"):
        g = melded_pair("trade_with_deck", options={"tradeWithDeckOrder": order})
        g.force(["E"])
        g.apply("act %d %d" % (idx(g, "trade_with_deck"), idx(g, "N")))
        assert g.summary()["hands"][0] == ["E", "O", "S"]
        assert [rules.card_name(c) for c in g.discard] == ["N", "trade_with_deck"]


def test_trade_with_opponent_blind_pick():
    g = melded_pair("trade_with_opponent")
    g.force([2])
    opp = list(g.hands[1])
    g.apply("act %d 1 %d" % (idx(g, "trade_with_opponent"), idx(g, "N")))
    assert opp[2] in g.hands[0] and len(g.hands[0]) == 3 and len(g.hands[1]) == 8
    assert "N" in g.summary()["hands"][1]


def test_swap_and_all_draw_two():
    g = melded_pair("swap_hands", players=3)
    mine = [c for c in g.hands[0] if rules.card_name(c) != "swap_hands"]
    theirs = list(g.hands[2])
    g.apply("act %d 2" % idx(g, "swap_hands"))
    assert g.hands[0] == theirs and g.hands[2] == mine
    g = melded_pair("all_draw_two", players=4)
    g.apply("act %d" % idx(g, "all_draw_two"))
    assert [len(h) for h in g.hands] == [3, 10, 10, 10]


# ---------------------------------------------------------------- piles and endings
def test_reshuffle_and_empty_pile():
    g = melded_pair("skip")
    g.discard = g.deck[:5]
    g.deck = []
    g.apply("draw")
    assert len(g.hands[0]) == 5 and len(g.deck) == 4 and g.discard == []
    assert "Discards shuffled into a new draw pile" in g.pop_events()
    g = melded_pair("skip", options={"emptyDrawPile": "no_draw"})
    g.discard = g.deck[:5]
    g.deck = []
    g.apply("draw")
    assert len(g.hands[0]) == 4 and g.stall == 1


def test_stalemate_fewest_cards_wins():
    g = melded_pair("skip", options={"emptyDrawPile": "no_draw"})
    g.deck = []
    g.apply("draw")
    g.apply("draw")
    assert g.is_over() and g.winners() == [0] and g.scores() == [8, 0]
    assert "Nobody can play: fewest cards wins" in g.pop_events()


def test_rounds_without_words_end_the_game():
    g = melded_pair("skip", options={"stalemateRounds": 5})
    n = 0
    while not g.is_over():
        g.apply("draw")
        n += 1
    assert n == 9 and g.winners() == [0]    # P2's draw before this loop was the 10th turn


def test_scoring_variant_match():
    g = new_game("CATSDOG" + "QXZVJKB", options={"scoringVariant": True, "matchRounds": 2})
    play_word(g, "cats")
    play_word(g, "dog")
    g.apply("commit")
    assert not g.is_over() and g.points == [7, 0] and g.round == 2 and g.to_act() == 1
    assert g.winners() == []
    # play round 2 out by drawing until the rounds-without-words rule ends it
    g.opts["stalemateRounds"] = 5
    while not g.is_over():
        g.apply("draw")
    assert g.is_over() and g.round == 2
    assert g.winners() == [i for i in range(2) if g.points[i] == max(g.points)]


# ---------------------------------------------------------------- hints, legal actions, saves
def test_word_options_pick_tiles_pick_a_word():
    g = new_game("CAT*DOG" + "QXZVJKB")
    opts = hints.word_options(g, [idx(g, "C"), idx(g, "A"), idx(g, "T")])
    assert [o.word for o in opts] == ["ACT", "CAT"]
    g.apply(opts[1].action)
    assert g.summary()["table"] == ["CAT"]
    g.apply("commit")
    g.apply("draw")
    # extend CAT with the joker: every option keeps C, A, T and maps the joker
    opts = hints.word_options(g, [idx(g, "*")], 0)
    actions = {o.word: o.action for o in opts}
    assert actions["CATS"] == "set 0 0.0 0.1 0.2 %d=s" % idx(g, "*")
    g.apply(actions["CATS"])
    assert g.summary()["table"] == ["CATs"]
    assert hints.word_options(g, [idx(g, "D")]) == []


def test_legal_actions_are_legal():
    g = new_game(["C", "A", "T", "S", "O", "*", "skip"] + list("DOGSUNE"))
    for _ in range(12):
        acts = g.legal_actions()
        assert acts == sorted(acts) and acts
        for a in acts:
            probe = rules.Game.from_save(json.loads(json.dumps(g.to_save())), LEX)
            probe.apply(a)
        if g.is_over():
            break
        pick = [a for a in acts if a.startswith("new")] or [a for a in acts if a == "commit"] or acts
        g.apply(pick[0])


def test_save_mid_turn_round_trip():
    g = new_game("CATSDOG" + "QXZVJKB")
    play_word(g, "cat")
    g.apply("take 0 0")
    data_ = json.loads(json.dumps(g.to_save()))
    h = rules.Game.from_save(data_, LEX)
    assert dumps(h.to_save()) == dumps(g.to_save())
    assert h.summary() == g.summary()
    for x in (g, h):
        x.apply("add 0 0 t0")
        x.apply("commit")
    assert dumps(h.to_save()) == dumps(g.to_save())


def test_summary_is_json():
    g = new_game("CATSDOG" + "QXZVJKB")
    play_word(g, "cat")
    s = g.summary()
    assert json.loads(dumps(s)) == s
    assert s["editing"] and s["changed"] == [0] and s["table"] == ["CAT"]
