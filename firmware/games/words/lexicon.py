"""Word lists of Word Cards: open_lexicon opens one of the lists on flash.

All three lists ("relaxed", "strict", "kids") live in one file, `words.dawg`, next
to this module, read in place by dawg.DawgLexicon (layout: docs/dictionary.md).
The interface (Lexicon, DictionaryError, LISTS) is in lexbase.py, also importable
from here; wordlist.WordListLexicon is the same interface in memory (tests).
Works unchanged on CPython and MicroPython (no os.path, no struct needed).
"""
from games.words.lexbase import LISTS, DictionaryError, Lexicon  # noqa: F401
from games.words.dawg import DawgLexicon

FILENAME = "words.dawg"


def _here():
    f = globals().get("__file__") or ""
    i = f.rfind("/")
    if i < 0:
        i = f.rfind("\\")
    return f[:i] if i >= 0 else "."


def dictionary_path(directory=None):
    return (directory or _here()) + "/" + FILENAME


def open_lexicon(name="relaxed", verify=True, path=None):
    """Open word list `name` ("relaxed", "strict" or "kids") of the file next to
    this module (or `path`). verify=True checks the CRC of the whole file once
    (about 125 KB read); every open checks the header and the size.
    Raises DictionaryError when the file is missing or damaged."""
    if name not in LISTS:
        raise ValueError("unknown word list '%s' (known: %s)" % (name, ", ".join(LISTS)))
    return DawgLexicon(path or dictionary_path(), name, verify)
