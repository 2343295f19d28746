"""What the launcher shows before a game: the options its setup screen
offers (the rest keep the defaults documented in docs/words.md). Kept apart from rules.py so the launcher never
loads the rules core or the dictionary: (option, label, ((value, shown as), ...)),
and RULES."""
SETUP = (
    ("mode", "Deck", (("auto", "Auto"), ("children", "Kids"), ("adults2", "2 adult"),
                      ("adults34", "3-4 adlt"))),
    ("wordRules", "Words", (("auto", "Auto"), ("relaxed", "Relaxed"), ("strict", "Strict"))),
    ("kidListOnly", "Kid words", ((False, "No"), (True, "Only"))),
    ("scoringVariant", "Points", ((False, "1 round"), (True, "Rounds"))),
    ("matchRounds", "Rounds", ((5, "5"), (7, "7"), (10, "10"), (3, "3"))),
)

# the rules summary: the launcher's "Rules" item and the in-game menu
RULES = ("Be the first with no cards left.\n"
         "Your turn is ONE of: make words, play one action card, or draw a card.\n"
         "Words: 3+ letters. Make new words from your hand, add hand letters to any table "
         "word, take letters from table words for another word (leave a word of 3+ behind), "
         "rearrange letters, several words a turn. Your first word comes from your own hand, "
         "no joker. A joker is any letter; a joker taken from the table is played again that "
         "turn.\n"
         "Action cards are a whole turn, only after your first word, never your last card: "
         "Trade with deck, Trade with opponent, Skip, Swap hands, Draw two, All draw two.\n"
         "If nobody can play, or nobody made a word for many rounds, the fewest cards win.\n"
         "Points variant: a round's winner scores 1 per card left in the other hands; most "
         "points after the rounds wins.\n"
         "Keys: LEFT/RIGHT a card, A pick it, UP a table word, DOWN find words, B turn menu "
         "(Commit, Undo, Spell, Take, Draw, actions).")
