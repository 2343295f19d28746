"""Word Cards: the options its setup screen offers and its rules summary (the format: docs/game-api.md, setup.py)."""
SETUP = (
    ("mode", "Deck", (("auto", "Auto", "The adults' deck for this many players."),
                      ("children", "Kids", "The children's deck."),
                      ("adults2", "2 adult", "The adults' deck for 2 players."),
                      ("adults34", "3-4 adlt", "The adults' deck for 3-4 players.")), None),
    ("wordRules", "Words", (("auto", "Auto", "Kids' deck any word, adults' no verbs."),
                            ("relaxed", "Relaxed", "Any word in the dictionary."),
                            ("strict", "Strict", "No verbs, no pet forms (kitty).")), None),
    ("kidListOnly", "Kid words", ((False, "No", "Words as the Words row says."),
                                  (True, "Only", "Only kid-friendly words count.")), None),
    ("scoringVariant", "Points", ((False, "1 round", "One round: fewest cards left wins."),
                                  (True, "Rounds", "Rounds: points for cards others hold.")), None),
    ("matchRounds", "Rounds", ((5, "5", "Rounds in the match."), (7, "7", "Rounds in the match."),
                               (10, "10", "Rounds in the match."), (3, "3", "Rounds in the match.")),
     ("scoringVariant", (True,))),
)


# what the setup form says of each computer level (its one line; docs/words.md)
LEVELS = (
    ('easy', "Plays short kids' words, at random."),
    ('normal', 'Sheds its most and worst cards.'),
    ('hard', 'Plans its cards to go out first.'),
)

# the rules summary: the launcher's "Rules" item and the in-game menu
RULES = ("Be the first with no cards left.\n"
         "Your turn is ONE of: make words, play one action card, or draw a card.\n"
         "Words: 3+ letters, from the dictionary; with the adults' decks no verbs and no pet "
         "forms such as kitty (the Words option). Make new words from your hand, add hand letters to any table "
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
