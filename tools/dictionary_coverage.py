#!/usr/bin/env python3
"""How many common English words the Word Cards dictionary lacks (a host tool, run by hand).

    python tools/dictionary_coverage.py [--top 10000] [--dawg FILE] [--quiet]

Takes the most frequent English words of the PyPI package wordfreq (an independent
list: web, subtitles, books, news...), keeps those the rulebook allows ("Word Rules
(Advice)": no names, place names, countries, abbreviations; the game's 3-15 letters
a-z; and the project's profanity filter), and prints the share of them missing from
the relaxed list (the whole dictionary) with the missing words, then the words left
out and why. docs/words.md records the figure.

wordfreq is pinned in requirements.txt (make installs it into .venv), and
tests/test_words_dictionary.py holds the share to at most 1% in make test.

What is a name or an abbreviation is SCOWL's word (Debian's scowl, as for the build:
tools/install_system_deps.sh), from all of its spellings (American, British,
Canadian, Australian) and sizes up to 95:
  name          SCOWL has the word capitalised (a name, a place, a country, a day,
                a language...) at a smaller size than as a lower-case word (sizes up
                to 80 count; a word only there capitalised is a name)
  abbreviation  in SCOWL's abbreviation or contraction lists or its Roman numerals,
                and in none of its lower-case word lists up to size 80
  profanity     data/dictionary/profanity.txt less allow.txt (kept out on purpose)
Every other word of the game's shape counts (and every word the list has): it is
"missing" when the list lacks it.
The words SCOWL does not know at all (slang, brands, "dont") are counted too, and
listed apart, so the share is not made smaller by the source the dictionary comes from.
"""
import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import _path  # noqa: E402,F401  (firmware on sys.path)
import build_dictionary  # noqa: E402
from games.words.lexicon import open_lexicon  # noqa: E402

WORDFREQ_VERSION = "3.1.1"      # the version the figure in docs/words.md was taken with
TOP = 10000
LOWER_UP_TO = 80                # SCOWL sizes that make a lower-case word a word here


def top_words(n):
    """wordfreq's n most frequent English words, most frequent first."""
    try:
        import wordfreq
    except ImportError:
        raise SystemExit("wordfreq is not installed: run make (requirements.txt pins wordfreq==%s)"
                         % WORDFREQ_VERSION)
    return wordfreq.top_n_list("en", n)


class Scowl:
    """What SCOWL says of a lower-case word: its smallest size as a lower-case word
    (lower), its smallest size capitalised (upper), abbreviations and numerals (abbr)."""

    def __init__(self, directory=build_dictionary.SCOWL_DIR):
        if not os.path.isdir(directory):
            raise SystemExit("SCOWL not found in %s: run tools/install_system_deps.sh" % directory)
        self.lower = {}
        self.upper = {}
        self.abbr = set()
        for name in sorted(os.listdir(directory)):
            category, _, size = name.rpartition(".")
            if not size.isdigit():
                continue
            kind = category.partition("-")[2]
            with open(os.path.join(directory, name), "rb") as f:
                for raw in f:
                    self._note(raw.strip().decode("latin-1"), kind, int(size))

    def _note(self, w, kind, size):
        low = w.lower()
        if kind in ("abbreviations", "contractions", "roman-numerals"):
            self.abbr.add(low.rstrip("."))
        elif w[:1].isupper():
            self.upper[low] = min(size, self.upper.get(low, size))
        elif kind == "words":
            self.lower[low] = min(size, self.lower.get(low, size))

    def excluded(self, word):
        """Why the rulebook leaves `word` out ("name", "abbreviation"), or None. A
        lower-case entry of size 95 (the rarest words, and odd entries such as
        "american") does not make a word of a name or an abbreviation."""
        lower = self.lower.get(word, LOWER_UP_TO + 1)
        upper = self.upper.get(word)
        if upper is not None and upper < lower:
            return "name"
        if lower > LOWER_UP_TO and word in self.abbr:
            return "abbreviation"
        return None

    def knows(self, word):
        return word in self.lower or word in self.upper or word in self.abbr


def coverage(words, contains, scowl, profanity):
    """{"considered": [...], "missing": [...], "unknown": [...] (missing and unknown to
    SCOWL), "name"/"abbreviation"/"profanity"/"shape": [...] (left out)}, in the order given."""
    out = {"considered": [], "missing": [], "unknown": [], "name": [], "abbreviation": [],
           "profanity": [], "shape": []}
    for w in words:
        if not build_dictionary.WORD_RE.match(w):
            out["shape"].append(w)
            continue
        if contains(w):
            out["considered"].append(w)
            continue
        why = "profanity" if w in profanity else scowl.excluded(w)
        if why:
            out[why].append(w)
            continue
        out["considered"].append(w)
        out["missing"].append(w)
        if not scowl.knows(w):
            out["unknown"].append(w)
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--top", type=int, default=TOP, help="wordfreq's most frequent words (%(default)s)")
    ap.add_argument("--dawg", help="the dictionary file (default: the firmware's words.dawg)")
    ap.add_argument("--quiet", action="store_true", help="the figures only, not the words")
    args = ap.parse_args(argv)
    words = top_words(args.top)
    profanity = build_dictionary.read_hand_list("profanity.txt") - build_dictionary.read_hand_list("allow.txt")
    with open_lexicon("relaxed", path=args.dawg) as lx:
        got = coverage(words, lx.contains, Scowl(), profanity)
    n = len(got["considered"])
    missing = got["missing"]
    from importlib.metadata import version
    print("wordfreq %s: the %d most frequent English words; %d of the game's shape (3-15 letters a-z)"
          % (version("wordfreq"), len(words), len(words) - len(got["shape"])))
    print("left out (not in the list) as the rulebook says: %d names, %d abbreviations; %d profanity "
          "(the project's filter)" % (len(got["name"]), len(got["abbreviation"]), len(got["profanity"])))
    print("missing from the relaxed list: %d of %d allowed words = %.2f%% (%d of them unknown to SCOWL)"
          % (len(missing), n, 100.0 * len(missing) / max(1, n), len(got["unknown"])))
    if not args.quiet:
        known = [w for w in missing if w not in got["unknown"]]
        print("\nmissing, known to SCOWL (%d):\n  %s" % (len(known), " ".join(known)))
        print("\nmissing, unknown to SCOWL (%d):\n  %s" % (len(got["unknown"]), " ".join(got["unknown"])))
        for why in ("name", "abbreviation", "profanity"):
            print("\nleft out, %s (%d):\n  %s" % (why, len(got[why]), " ".join(got[why])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
