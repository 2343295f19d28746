"""Word Cards computer players: strength, legality, hidden information, save/resume."""
import json

import selfplay
from core.jsonout import dumps
from core.rng import Rng
from games.words import bot, rules
from games.words.wordlist import WordListLexicon


def test_normal_beats_easy():
    """normal vs easy, 2 players, 500 seeds, seats alternating; ties are not wins."""
    won = 0
    points = {"easy": [], "normal": []}
    for seed in range(500):
        levels = ["normal", "easy"] if seed % 2 == 0 else ["easy", "normal"]
        r = selfplay.play("words", 2, seed, levels, None, lambda s: None)
        if r["winners"] == [levels.index("normal")]:
            won += 1
        for i in range(2):
            points[levels[i]].append(r["scores"][i])
    assert won >= 325, "normal won only %d of 500" % won
    assert sum(points["normal"]) > sum(points["easy"])


def test_bots_finish_every_player_count_and_option():
    opts = (None, {"mode": "children"}, {"scoringVariant": True, "matchRounds": 2},
            {"givenActionCard": "into_hand", "mayDrawInsteadOfPlaying": False},
            {"initialMeldSameTurn": False, "jokerBanWholeFirstTurn": True, "multipleTakesPerTurn": False},
            {"emptyDrawPile": "no_draw", "takenLetterMayExtendWord": False, "kidListOnly": True})
    for i in range(len(opts)):
        for players in (2, 3, 4):
            for levels in (["easy"], ["normal"], ["easy", "normal"]):
                r = selfplay.play("words", players, 40 + i, levels, opts[i], lambda s: None)
                assert r["winners"]


def _hide(game, seat, rng):
    """A copy of `game` where everything `seat` may not see is reshuffled."""
    g = rules.Game.from_save(json.loads(json.dumps(game.to_save())))
    others = [s for s in range(g.n) if s != seat]
    pool = list(g.deck)
    for s in others:
        pool += g.hands[s]
    rng.shuffle(pool)
    for s in others:
        k = len(g.hands[s])
        g.hands[s] = sorted(pool[:k], key=rules.card_key)
        pool = pool[k:]
    g.deck = pool
    return g


def test_bots_use_only_what_their_seat_knows():
    shuffler = Rng(3)
    checked = 0
    for seed in range(12):
        g = rules.Game(2 + seed % 3, None, Rng(seed))
        g.start()
        brng = Rng(seed + 1)
        n = 0
        while not g.is_over() and n < 120:
            seat = g.to_act()
            level = bot.LEVELS[(seat + seed) % 2]
            state = brng.getstate()
            a = bot.choose(g, level, brng)
            for _ in range(2):
                other = Rng(1)
                other.setstate(state)
                assert bot.choose(_hide(g, seat, shuffler), level, other) == a
                checked += 1
            g.apply(a)
            n += 1
    assert checked > 200


def _transcript(game, brng, levels, limit=5000):
    lines = []
    while not game.is_over() and len(lines) < limit:
        seat = game.to_act()
        a = bot.choose(game, levels[seat % len(levels)], brng)
        game.apply(a)
        lines.append("%d %s %s" % (seat, a, "|".join(game.pop_events())))
    lines.append(dumps([game.scores(), game.winners()]))
    return lines


def test_save_and_resume_anywhere_plays_on_identically():
    for seed, players in ((11, 2), (12, 3), (13, 4)):
        levels = ["easy", "normal"]
        g = rules.Game(players, None, Rng(seed))
        g.start()
        g.pop_events()
        full = _transcript(g, Rng(seed ^ 0x5A5A), levels)
        for cut in range(0, len(full) - 1, 3):
            g = rules.Game(players, None, Rng(seed))
            g.start()
            g.pop_events()
            brng = Rng(seed ^ 0x5A5A)
            head = []
            for _ in range(cut):
                seat = g.to_act()
                a = bot.choose(g, levels[seat % 2], brng)
                g.apply(a)
                head.append("%d %s %s" % (seat, a, "|".join(g.pop_events())))
            saved = json.loads(json.dumps({"game": g.to_save(), "bot": list(brng.getstate())}))
            g2 = rules.Game.from_save(saved["game"])
            brng2 = Rng(1)
            brng2.setstate(saved["bot"])
            assert head + _transcript(g2, brng2, levels) == full, "resume at action %d differs" % cut


class PlainSearch:
    """A DAWG lexicon whose best_words and insertions are the plain definitions
    (WordListLexicon's: score every word found, try every letter at every place)
    instead of the native walks; lookups and the word search stay the lexicon's."""

    best_words = WordListLexicon.best_words
    insertions = WordListLexicon.insertions

    def __init__(self, lx):
        self.lx = lx
        self.name = lx.name
        self.max_len = lx.max_len

    def contains(self, word):
        return self.lx.contains(word)

    def lists(self, word):
        return self.lx.lists(word)

    def iter_words_from(self, letters, jokers=0, min_len=3):
        return self.lx.iter_words_from(letters, jokers, min_len)

    def words_from(self, letters, jokers=0, min_len=3, limit=None):
        return self.lx.words_from(letters, jokers, min_len, limit)


def test_bots_decide_as_with_the_plain_searches():
    """Whole games: the computer players' actions are the same whether the lexicon
    answers best_words and insertions with the native walks or the plain definitions."""
    from games.words.lexicon import open_lexicon
    lists = {name: open_lexicon(name) for name in ("relaxed", "strict", "kids")}
    try:
        calls = 0
        for seed in range(18):
            players = 2 + seed % 3
            levels = (["normal"], ["normal", "easy"], ["easy", "normal"])[seed % 3]
            opts = {"scoringVariant": True, "matchRounds": 2} if seed % 2 else None
            runs = []
            for wrap in (lambda lx: lx, PlainSearch):
                g = rules.Game(players, opts, Rng(seed))
                g = rules.Game(players, opts, Rng(seed), wrap(lists[g.dictionary]), wrap(lists["kids"]))
                g.start()
                g.pop_events()
                runs.append(_transcript(g, Rng(seed ^ 0x5A5A), levels, 600))
            assert runs[0] == runs[1], "seed %d" % seed
            calls += len(runs[0])
        assert calls > 300
    finally:
        for lx in lists.values():
            lx.close()


# ---------------------------------------------------------------- the hard level (issue 15)
def test_hard_finishes_games_of_every_player_count():
    opts = (None, {"mode": "children"}, {"scoringVariant": True, "matchRounds": 2},
            {"initialMeldSameTurn": False, "multipleTakesPerTurn": False, "emptyDrawPile": "no_draw"})
    for i in range(len(opts)):
        for players in (2, 3, 4):
            for levels in (["hard"], ["hard", "normal"], ["easy", "hard"]):
                r = selfplay.play("words", players, 60 + i, levels, opts[i], lambda s: None)
                assert r["winners"], (i, players, levels)


def test_hard_is_reproducible_from_the_seed():
    for seed, players in ((5, 2), (6, 4)):
        runs = []
        for _ in range(2):
            lines = []
            selfplay.play("words", players, seed, ["hard", "normal"], None, lines.append)
            runs.append(lines)
        assert runs[0] == runs[1]
        assert any(" P0 " in line for line in runs[0])


def test_hard_beats_normal_more_often_than_not():
    """100 two-player games, seats alternating (500 seeds in make bench: docs/words.md)."""
    won = 0
    for seed in range(1, 101):
        levels = ["hard", "normal"] if seed % 2 else ["normal", "hard"]
        r = selfplay.play("words", 2, seed, levels, None, lambda s: None)
        if r["winners"] == [levels.index("hard")]:
            won += 1
    assert won > 55, "hard won only %d of 100" % won


def test_hard_uses_only_what_its_seat_knows():
    """The other hands and the deck reshuffled (what the seat cannot see): the same choice."""
    shuffler = Rng(5)
    checked = 0
    for seed in range(12):
        g = rules.Game(2 + seed % 3, None, Rng(seed))
        g.start()
        brng = Rng(seed + 1)
        n = 0
        while not g.is_over() and n < 150:
            seat = g.to_act()
            state = brng.getstate()
            a = bot.choose(g, "hard", brng)
            for _ in range(2):
                other = Rng(1)
                other.setstate(state)
                assert bot.choose(_hide(g, seat, shuffler), "hard", other) == a
                checked += 1
            g.apply(a)
            n += 1
    assert checked > 200


def test_hard_save_and_resume_plays_on_identically():
    seed, players = 14, 2
    levels = ["hard", "normal"]
    g = rules.Game(players, None, Rng(seed))
    g.start()
    g.pop_events()
    full = _transcript(g, Rng(seed ^ 0x5A5A), levels)
    for cut in range(1, len(full) - 1, 4):
        g = rules.Game(players, None, Rng(seed))
        g.start()
        g.pop_events()
        brng = Rng(seed ^ 0x5A5A)
        head = _transcript(g, brng, levels, cut)[:-1]
        g2 = rules.Game.from_save(json.loads(json.dumps(g.to_save())))
        brng2 = Rng(1)
        brng2.setstate(brng.getstate())
        assert head + _transcript(g2, brng2, levels) == full, "resume at action %d differs" % cut


def _table_cat_hand(letters):
    """Seat 0 has laid out CAT (children's deck) and holds exactly `letters`; its turn."""
    g = rules.Game(2, {"mode": "children"}, Rng(1))
    g.force(list("CATZQXJ") + list("MNOPUVY"))
    g.start()
    g.pop_events()
    names = [rules.card_name(c) for c in g.hands[0]]      # A C J Q T X Z
    g.apply("new %d %d %d" % (names.index("C"), names.index("A"), names.index("T")))
    g.apply("commit")
    g.apply("draw")             # seat 1
    hand = []
    for ch in letters:
        for c in g.deck:
            if rules.card_name(c) == ch and c not in hand:
                hand.append(c)
                break
    g.deck = [c for c in g.deck if c not in hand] + g.hands[0]
    g.hands[0] = sorted(hand, key=rules.card_key)
    g.pop_events()
    return g


def _turn(g, level):
    brng = Rng(2)
    acts = []
    while g.turn == 0 and not g.is_over() and len(acts) < 10:
        acts.append(bot.choose(g, level, brng))
        g.apply(acts[-1])
    return acts


def test_hard_goes_out_by_respelling_a_table_word_where_normal_draws():
    """Hand L, E and the table CAT: no single letter fits CAT, so normal draws; hard
    respells CAT with both (CLEAT) and goes out."""
    assert _turn(_table_cat_hand("LE"), "normal") == ["draw"]
    g = _table_cat_hand("LE")
    acts = _turn(g, "hard")
    assert acts[0].startswith("set 0 ") and acts[-1] == "commit", acts
    assert g.is_over() and g.winners() == [0]
