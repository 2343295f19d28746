"""Word Cards properties: random legal play keeps every invariant and ends;
random (often illegal) table edits never corrupt the state; undo restores the turn."""
import json

from hypothesis import given, settings, strategies as st

from core.jsonout import dumps
from core.rng import Rng
from core.rules import Illegal
from games.words import data, rules

KIND = data.CARD_KIND
VALUE = data.CARD_VALUE


def check_invariants(g):
    """Raise AssertionError if the game state is inconsistent."""
    cards = list(g.deck) + list(g.discard) + [c for h in g.hands for c in h]
    cards += [t >> 5 for w in g.words for t in w] + [t >> 5 for t in g.held]
    assert sorted(cards) == sorted(data.MODE_CARDS[g.mi]), "cards appeared or vanished"
    for h in g.hands:
        assert h == sorted(h, key=rules.card_key), "hand out of order"
    for w in g.words + [g.held]:
        for t in w:
            c = t >> 5
            assert KIND[c] != data.KIND_ACTION, "an action card on the table"
            assert 0 <= t & 31 < 26
            if KIND[c] == data.KIND_LETTER:
                assert t & 31 == VALUE[c], "a letter card changed letter"
    assert len(g.owners) == len(g.words)
    assert min(g.skips) >= 0 and min(g.points) >= 0
    assert len(g.hands) == g.n == len(g.melded)
    if g.over:
        assert g.to_act() == -1 and g.winners() and g.legal_actions() == []
        return
    assert 0 <= g.to_act() < g.n and not g.winners()
    for s in range(g.n):
        if s != g.to_act() or g.snap is None:
            assert g.hands[s], "a player without cards but the round goes on"
    if g.snap is None:
        assert not g.held and g.pre == len(g.words)
        lex = g.lexicon()
        for w in g.words:
            assert len(w) >= data.MIN_WORD and lex.contains(rules.word_lower(w)), rules.word_text(w)
    else:
        assert g.pre <= len(g.words) and len(g.snap[1]) == g.pre
        assert all(g.words[i] for i in range(g.pre, len(g.words))), "an empty new word stays"


def play_random(players, seed, options=None, max_actions=3000):
    g = rules.Game(players, options, Rng(seed))
    g.start()
    pick = Rng(seed + 77)
    check_invariants(g)
    n = 0
    while not g.is_over():
        acts = g.legal_actions()
        assert acts, "no legal action while the game runs"
        a = acts[pick.randbelow(len(acts))]
        if a == "undo" and pick.randbelow(4):
            a = "commit" if "commit" in acts else a
        g.apply(a)
        for e in g.pop_events():
            assert isinstance(e, str) and 0 < len(e) <= 60, e
        check_invariants(g)
        n += 1
        assert n < max_actions, "the game did not end"
    return g, n


def test_random_legal_play_all_player_counts():
    total = 0
    for players in (2, 3, 4):
        for seed in range(4):
            g, n = play_random(players, seed * 7 + players)
            total += n
    assert total > 100


def test_random_legal_play_options():
    opts = ({"mode": "children", "scoringVariant": True, "matchRounds": 2},
            {"givenActionCard": "into_hand", "emptyDrawPile": "no_draw", "mayDrawInsteadOfPlaying": False},
            {"jokerBanWholeFirstTurn": True, "initialMeldSameTurn": False, "kidListOnly": True},
            {"tradeWithDeckOrder": "draw_then_discard_old_card", "startPlayer": "random",
             "multipleTakesPerTurn": False, "takenLetterMayExtendWord": False})
    for i in range(len(opts)):
        play_random(2 + i % 3, 100 + i, opts[i])


VERBS = ("new", "add", "take", "set", "back", "joker", "commit", "undo", "act")


def random_action(g, r):
    """A random edit in the notation; often illegal."""
    hand = len(g.hands[g.to_act()])
    words = len(g.words)

    def num(n):
        return r.randbelow(n + 2) - 1 if r.randbelow(20) else 99

    def ref():
        k = r.randbelow(10)
        if k < 5 or not words:
            s = str(num(hand))
        elif k < 8:
            w = r.randbelow(words)
            s = "%d.%d" % (w, num(len(g.words[w])))
        else:
            s = "t%d" % num(len(g.held))
        if r.randbelow(3) == 0:
            s += "=" + rules.LOWER[r.randbelow(26)]
        return s

    v = VERBS[r.randbelow(len(VERBS))]
    w = num(words)
    if v == "new":
        return "new " + " ".join([ref() for _ in range(1 + r.randbelow(5))])
    if v == "set":
        return "set %d %s" % (w, " ".join([ref() for _ in range(1 + r.randbelow(5))]))
    if v == "add":
        return "add %d %d %s" % (w, r.randbelow(6), ref())
    if v in ("take", "back"):
        return "%s %d %d" % (v, w, r.randbelow(6))
    if v == "joker":
        return "joker %d %d %s" % (w, r.randbelow(6), rules.LOWER[r.randbelow(26)])
    if v == "act":
        return "act %d %d %d" % (num(hand), r.randbelow(4), num(hand))[:4 + 2 * r.randbelow(3)]
    return v


def fuzz(seed, players, steps):
    g = rules.Game(players, None, Rng(seed))
    g.start()
    g.pop_events()
    r = Rng(seed * 31 + 5)
    start = dumps(g.to_save())
    for _ in range(steps):
        if g.is_over():
            break
        before = dumps(g.to_save())
        a = random_action(g, r)
        if r.randbelow(3) == 0:     # mix in real plays so the table fills and players meld
            acts = g.legal_actions()
            a = acts[r.randbelow(len(acts))]
        try:
            g.apply(a)
        except Illegal as e:
            assert e.reason and dumps(g.to_save()) == before, a
            continue
        check_invariants(g)
        g.pop_events()
        if a == "undo":
            assert dumps(g.to_save()) == start, "undo did not restore the start of the turn"
        if g.snap is None:
            start = dumps(g.to_save())


def test_fuzzed_edits_never_corrupt_the_state():
    for seed in range(6):
        fuzz(seed, 2 + seed % 3, 400)


@settings(max_examples=15, deadline=None)
@given(st.integers(min_value=0, max_value=10 ** 6), st.integers(min_value=2, max_value=4))
def test_fuzzed_edits_hypothesis(seed, players):
    fuzz(seed, players, 150)


def test_save_restore_anywhere_in_random_play():
    g = rules.Game(3, None, Rng(5))
    g.start()
    pick = Rng(9)
    while not g.is_over():
        acts = g.legal_actions()
        a = acts[pick.randbelow(len(acts))]
        copy = rules.Game.from_save(json.loads(json.dumps(g.to_save())))
        assert copy.legal_actions() == acts and copy.summary() == g.summary()
        g.apply(a)
        copy.apply(a)
        assert dumps(copy.to_save()) == dumps(g.to_save())
        assert copy.pop_events() == g.pop_events()
