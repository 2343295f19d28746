"""Word Cards (game id "words"): rules.py, bot.py, data.py; lexicon.py is the word list.

The word-list modules are imported here, first: the DAWG reader is the biggest
module to compile from source, so it goes in before the rules and bots fill the heap.
"""
from games.words import lexicon  # noqa: F401
