"""WordListLexicon: a word list in memory with the lexicon interface (tests, small cases).

Its best_words and insertions are the plain definitions the DAWG's native ones are
tested against."""
from games.words.lexbase import Lexicon, _letter_counts, _norm_word


class WordListLexicon(Lexicon):
    """In-memory lexicon from a list of words."""

    def __init__(self, words, name="words"):
        ws = []
        for w in words:
            b = _norm_word(w)
            if b is None or not b:
                raise ValueError("not a lowercase a-z word: %r" % (w,))
            ws.append(b.decode())
        ws = sorted(set(ws))
        self._words = ws
        self._set = set(ws)
        self.name = name
        self.count = len(ws)
        self.max_len = max([len(w) for w in ws]) if ws else 0

    def contains(self, word):
        b = _norm_word(word)
        return b is not None and b.decode() in self._set

    def iter_words_from(self, letters, jokers=0, min_len=3):
        have = _letter_counts(letters)
        if jokers < 0:
            raise ValueError("jokers must be >= 0")
        return self._search(have, jokers, min_len, len(letters) + jokers)

    def _search(self, have, jokers, min_len, total):
        for w in self._words:
            n = len(w)
            if n < min_len or n > total:
                continue
            need = bytearray(26)
            for c in w:
                need[ord(c) - 97] += 1
            short = 0
            for k in range(26):
                if need[k] > have[k]:
                    short += need[k] - have[k]
            if short <= jokers:
                yield w

    def best_words(self, letters, jokers, min_len, k, weights, joker_weight, full_bonus=0, must=None):
        # the plain way: score every word of the search (the reference for the DAWG's)
        top = []            # the best [score, word] pairs so far, best first
        scores = []         # their scores, what a new word is ranked against
        for w in self.iter_words_from(letters, jokers, min_len):
            have = _letter_counts(letters)
            score = 0
            nj = 0
            for ch in w:
                x = ord(ch) - 97
                if have[x]:
                    have[x] -= 1
                    score += weights[x]
                else:
                    nj += 1
                    score += joker_weight
            if must is not None and have[ord(must) - 97]:
                continue
            if nj == jokers and len(w) - nj == len(letters):
                score += full_bonus
            i = len(top)
            while i and score > scores[i - 1]:
                i -= 1
            if i < k:
                top.insert(i, [score, w])
                scores.insert(i, score)
                del top[k:]
                del scores[k:]
        return top

    def insertions(self, word, letters):
        # the plain way: try every letter at every position
        fits = [0] * 26
        cnt = _letter_counts(letters)
        for x in range(26):
            if cnt[x]:
                ch = chr(97 + x)
                for p in range(len(word) + 1):
                    if (p == 0 or word[p - 1] != ch) and self.contains(word[:p] + ch + word[p:]):
                        fits[x] |= 1 << p
        return fits
