"""Word Cards (game id "words"): rules.py, bot.py, data.py; lexicon.py is the word list.

The word-list module is imported here, first: compiling it from source needs
the most free heap, so it goes in before the rules and bots fill the heap.
"""
from games.words import lexicon  # noqa: F401
