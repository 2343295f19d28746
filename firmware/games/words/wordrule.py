# Word Cards rules core: why a word is refused, in the player's terms. Imported only
# when a word is refused (checks.py), so a game without refusals never loads it.
from games.words.table import word_text, word_lower

# The pet forms the strict list leaves out (data/dictionary/diminutives.txt, the same
# words: tests/test_words_dictionary.py). Every other word of the dictionary that the
# strict list leaves out is a verb (WordNet knows it only as one).
PET_FORMS = (" bunnies bunny daddies daddy doggies doggy granny grannies hankie hankies horsey hubbies"
             " hubby kiddie kiddies kitties kitty laddie laddies lassie lassies mommies mommy nightie"
             " nighties piggies piggy sweetie sweeties tummies tummy undies veggie veggies ")


def why_not_a_word(game, w):
    # The reason the tiles w (not in the game's word list) are refused: a word of the
    # dictionary (the relaxed list) that this mode's list leaves out names the rule.
    t = word_text(w).upper()
    low = word_lower(w)
    if not game.lexicon().lists(low) & 1:
        return "%s is not in the dictionary" % t
    if game.dictionary == "kids":
        return "%s is not on the kids' word list" % t
    if (" %s " % low) in PET_FORMS:
        return "%s: pet forms are not allowed in this mode" % t
    return "%s: verbs are not allowed in this mode" % t
