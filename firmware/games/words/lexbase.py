"""The word-list interface of Word Cards: class Lexicon, DictionaryError, LISTS.

Subclasses: dawg.DawgLexicon (the lists on flash), wordlist.WordListLexicon (in
memory). lexicon.py opens the lists. CPython and MicroPython alike.
"""

LISTS = ("relaxed", "strict", "kids")   # list name -> mask bit 1, 2, 4


class DictionaryError(Exception):
    """The dictionary file is missing or damaged; the message is for the player."""


def damaged(name, why):
    return DictionaryError("Dictionary '%s' is damaged (%s): reinstall the game files" % (name, why))


def _letter_counts(letters):
    cnt = bytearray(26)
    for ch in letters:
        k = ord(ch) | 32
        k -= 97
        if k < 0 or k > 25:
            raise ValueError("letters must be a-z, got %r" % ch)
        cnt[k] += 1
    return cnt


def _norm_word(word):
    """Lower-case a-z byte string of `word`, or None when it cannot be a word."""
    try:
        w = word.lower().encode()
    except (AttributeError, UnicodeError):
        return None
    for c in w:
        if c < 97 or c > 122:
            return None
    return w


class Lexicon:
    """A word list: contains, words_from, iter_words_from, best_words, insertions."""

    name = "?"
    count = 0               # number of words in the list
    max_len = 15

    def contains(self, word):
        raise NotImplementedError

    def __contains__(self, word):
        return self.contains(word)

    def lists(self, word):
        # The word lists holding `word`, as bits of LISTS (1 relaxed, 2 strict, 4 kids);
        # a list in memory knows only itself (its bit if it is named as one of LISTS).
        if self.name in LISTS and self.contains(word):
            return 1 << LISTS.index(self.name)
        return 0

    def words_from(self, letters, jokers=0, min_len=3, limit=None):
        """Sorted words makeable from the multiset `letters` plus `jokers` wildcards.

        Every word uses each tile at most once; a joker stands for any one letter.
        With `limit`, the first `limit` words in alphabetical order (and the search
        stops there). A productive 8 + 1 hand can make thousands of words (about
        35 bytes each): on the device use `limit`, `min_len` or iter_words_from."""
        out = []
        if limit is not None and limit <= 0:
            return out
        it = self.iter_words_from(letters, jokers, min_len)
        for w in it:
            out.append(w)
            if limit is not None and len(out) >= limit:
                close = getattr(it, "close", None)
                if close:       # MicroPython never closes a dropped generator itself
                    close()
                break
        return out

    def iter_words_from(self, letters, jokers=0, min_len=3):
        """The words of words_from one by one, alphabetically, none kept."""
        raise NotImplementedError

    def best_words(self, letters, jokers, min_len, k, weights, joker_weight, full_bonus=0, must=None):
        """The k best-scoring words of words_from(letters, jokers, min_len), best first
        (alphabetical among equal scores), as [score, word] pairs; no other word is kept.
        A word scores weights[letter] (26 numbers, a..z) for each tile it uses (tiles
        before jokers, from the left: the search's own rule), joker_weight for each
        joker, and full_bonus when it uses every tile and every joker. must: a letter
        whose tiles a word must all use (other words are left out)."""
        raise NotImplementedError

    def insertions(self, word, letters):
        """Where one of `letters` put into `word` makes a word of the list: 26 position
        masks, a..z (bit p of entry x: letter x put in before word[p], p = len(word) at
        the end). A word made two ways (a letter put beside the same letter) counts once,
        at the first position."""
        raise NotImplementedError

    def close(self):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
