"""WordListLexicon: a word list in memory with the lexicon interface (tests, small cases)."""
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
