"""The computer players' word search: the best word steps for the player to act.

Bounded for the handheld: at most 9 hand letters per search, jokers only with 6
cards or fewer. The normal level asks the lexicon for the best-scoring words only
(best_words: the score below, worked out during the search, so no other word
becomes a string) and for every letter that fits into a table word in one walk
(insertions); the easy level streams the first 40 words it finds.
"""
from games.words.table import LOWER, MIN, word_lower
from games.words.hints import _minus

HARD = b"\0\2\1\0\0\2\2\2\0\6\4\0\2\0\0\2\6\0\0\0\0\4\3\6\3\6"   # awkward letters, a..z
TILE = bytes([10 + h for h in HARD])    # what a hand letter is worth in a word (consider)
JOKER = 3                               # what a joker is worth
OUT = 1000                              # bonus for a word that plays every letter and joker


# A Step is made only when a word enters the k best (not per word found): in place of
# the 4-item lists it replaced, the bytes a decision allocates stayed within 0.4%
# (unix port, 20 seeds, normal and hard, 2 and 4 players; the most: 21.7 KB normal,
# 48.4 KB hard, as before).
class Step:
    """One word step a search found: its score, the word, the cards of the hand it
    sheds, and how it is laid out: the action itself ('add ...'), or None and what
    hints.build_action builds it from (table_word: the index of the table word it
    respells, or None for a new word; refs: the hand indices and 'W.P' table letters)."""
    __slots__ = ("score", "word", "cards", "action", "table_word", "refs")

    def __init__(self, score, word, cards, action, table_word, refs):
        self.score = score
        self.word = word
        self.cards = cards
        self.action = action
        self.table_word = table_word
        self.refs = refs


def best_steps(game, lex, check, level, rng, k):
    """The k best word steps (Step), best first."""
    hand = game.hands[game.to_act()]
    letters, nj = game.hand_letters()      # letter cards come first in a hand, in order
    jok = len(letters)
    nplay = jok + nj
    out_ok = nplay == len(hand)            # no action card left behind
    jokers_ok = nj > 0 and game.jokers_allowed()
    top = []
    search = letters
    if len(letters) > 9:    # keep up to 3 awkward letters, 4 vowels, then the rest
        hard = ""
        vow = ""
        rest = ""
        for ch in letters:
            if HARD[LOWER.find(ch)] >= 4 and len(hard) < 3:
                hard += ch
            elif ch in "aeiou":
                vow += ch
            elif HARD[LOWER.find(ch)] < 4:
                rest += ch
        search = "".join(sorted((hard + vow[:4] + rest + vow[4:])[:9]))
    sj = min(nj, 2) if jokers_ok and len(hand) <= 6 else 0

    def consider(wd, extra, action, refs, bonus):
        if check is not None and not check.contains(wd):
            return
        have = list(letters)
        score = bonus
        n = 0
        for ch in _minus(wd, extra):
            n += 1
            if ch in have:
                have.remove(ch)
                score += TILE[LOWER.find(ch)]
            else:
                score += JOKER
        if n == nplay and out_ok:
            score += OUT
        i = len(top)
        while i and (score > top[i - 1].score or score == top[i - 1].score and wd < top[i - 1].word):
            i -= 1
        if n and i < k:
            top.insert(i, Step(score, wd, n, action, None, refs))
            del top[k:]

    def found(tiles, extra):
        """Words from tiles (+ sj jokers) worth considering: for easy the first 40;
        for normal the k best by consider's score, which differs from best_words'
        by a constant here (extra's tile, the bonus), so the order is the same. Every
        tile and joker played (OUT) needs the whole hand in the search."""
        if level == "easy":
            return lex.words_from(tiles, sj, MIN, 40)
        full = OUT if out_ok and len(search) == len(letters) and sj == nj else 0
        return [word for _score, word in lex.best_words(tiles, sj, MIN, k, TILE, JOKER, full, extra or None)]

    refs = list(range(len(hand)))
    if len(search) + sj >= MIN:
        for wd in found(search, ""):
            consider(wd, "", None, refs, 0)
    if not game.may_touch_table():
        return top
    # a letter put into a table word
    wis = range(len(game.words))
    if level == "easy" and len(wis) > 2:
        wis = (rng.randbelow(len(wis)), rng.randbelow(len(wis)))
    xs = LOWER if jokers_ok and (nplay == 1 or level == "normal" and len(hand) <= 2) else letters
    for wi in wis:
        base = word_lower(game.words[wi])
        fits = lex.insertions(base, xs)
        done = ""
        for x in xs:
            if x in done:
                continue
            done += x
            h = letters.find(x)
            m = fits[LOWER.find(x)]
            p = 0
            while m:
                if m & 1:
                    a = "add %d %d %s" % (wi, p, h if h >= 0 else "%d=%s" % (jok, x))
                    consider(base[:p] + x + base[p:], base, a, None, -1)
                m >>= 1
                p += 1
    # a new word with one letter taken from a table word (leaving a word in order)
    if level == "normal" and (not top or top[0].cards < 3) and (
            game.opts["multipleTakesPerTurn"] or not game.snap):
        frees = []
        seen = ""
        for wi in range(len(game.words)):
            base = word_lower(game.words[wi])
            for p in range(len(base) if len(base) > MIN else 0):
                x = base[p]
                if x not in seen and lex.contains(base[:p] + base[p + 1:]):
                    seen += x
                    frees.append((HARD[LOWER.find(x)], x, wi, p))
        frees.sort()
        for _h, x, wi, p in frees[:3]:
            if len(search) + sj + 1 >= MIN:
                for wd in found(search + x, x):     # words using the taken letter x
                    consider(wd, x, None, refs + ["%d.%d" % (wi, p)], -2)
    return top
