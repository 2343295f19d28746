"""Word Cards by buttons: the keys that perform an action from the start of the turn
screen (the cursor on the first card, nothing picked, no word chosen), worked out with
the lists the screens show (games.words.choices).

`commit`, `undo`, `draw` and `act ...` go through the turn menu; a `new` word made of
hand and taken cards picks them and chooses the word from Find words when it is listed,
otherwise (and for `add` and `set`) it is spelled with Spell a word; letters of other
table words in a `new`/`set` are taken first; `take` goes through Take a letter.
`back` and `joker` have no screen of their own (Undo, or spell the word again)."""
from games.words import data, rules
from games.words.choices import (ACTION, KIND, LOWER, VALUE, act_problem, give_list, menu_items, opponents,
                                 pool_of, word_list)


def _take(game):
    """Take a letter: the turn menu's item, while a word is on the table."""
    return menu(game, "take") if game.words else None


def _letter(game):
    """Take a letter, then the first table word: its letters."""
    return _take(game) + ["A"] if game.words and game.words[0] else None


def _card(game, aimed, trade):
    """The turn menu's item of an action card that can be played now, aimed at an
    opponent (or not) and a trade (or not); None when the hand has none."""
    hand = game.hands[game.turn]
    for h in range(len(hand)):
        value = VALUE[hand[h]]
        if (KIND[hand[h]] == ACTION and (data.ACTION_TARGET[value] == 1) == aimed
                and (data.ACTIONS[value][:5] == "trade") == trade and act_problem(game, h) is None):
            first = 0
            while KIND[hand[first]] != ACTION or VALUE[hand[first]] != value:
                first += 1
            return menu(game, "act %d" % first)
    return None


def _opponent(game):
    return _card(game, True, False) or _card(game, True, True)


def _give(game):
    """A trade: not aimed, its list of cards to give at once; aimed, after the opponent."""
    keys = _card(game, False, True)
    if keys is None:
        keys = _card(game, True, True)
        if keys is not None:
            keys = keys + ["A"]     # the first opponent
    return keys


def _joker(game):
    """Spell a word, then A on a joker of the hand: the letter it stands for."""
    pool = pool_of(game, -1)
    for i in range(len(pool)):
        if KIND[pool[i].tile >> 5] == data.KIND_JOKER and "." not in pool[i].ref:
            return menu(game, "spell") + moves(0, i) + ["A"]
    return None


# The screens the turn screen opens, and the keys that open each from there (at any
# turn's start: the turn menu ends with Table words, Last turns; Spell a word follows
# Find words while nothing is laid out). A function of the game gives the keys where
# the screen needs a state (a word on the table, an action card, a joker), or None
# when it cannot open at this turn.
SCREENS = {"menu": ["B"], "words": ["DOWN"], "spell": ["B", "DOWN", "A"], "table": ["B", "UP", "UP", "A"],
           "log": ["B", "UP", "A"], "take": _take, "letter": _letter, "opponent": _opponent, "give": _give,
           "joker": _joker}


def moves(a, b):
    """Keys moving a row's cursor from a to b."""
    return ["RIGHT"] * (b - a) if b >= a else ["LEFT"] * (a - b)


def menu(game, code):
    """Keys choosing the item `code` of the turn menu."""
    items = menu_items(game)
    for i in range(len(items)):
        if items[i].code == code:
            return ["B"] + ["DOWN"] * i + ["A"]
    raise ValueError("no '%s' in the turn menu now" % code)


def keys_for(game, action):
    """The keys that perform `action` from the start of the turn screen."""
    parts = action.split()
    verb = parts[0]
    hand = game.hands[game.turn]
    if verb in ("commit", "undo", "draw"):
        return menu(game, verb)
    if verb == "take":
        return menu(game, "take") + ["DOWN"] * int(parts[1]) + ["A"] + moves(0, int(parts[2])) + ["A"]
    if verb == "act":
        return card_keys(game, parts)
    if verb not in ("new", "add", "set"):
        raise ValueError("keys_for: no screen for '%s'" % action)
    target = -1
    if verb == "new":
        refs = parts[1:]
    elif verb == "add":
        target = int(parts[1])
        refs = ["%d.%d" % (target, i) for i in range(len(game.words[target]))]
        refs.insert(int(parts[2]), parts[3])
    else:
        target = int(parts[1])
        refs = parts[2:]
    if target < 0 and "." not in action:
        keys = found_keys(game, refs)
        if keys:
            return keys
    return spell_keys(game, target, refs)


def card_keys(game, parts):
    """An action card: its menu item (one per kind of card: the first of its kind), the
    opponent, the card a trade gives."""
    hand = game.hands[game.turn]
    h = int(parts[1])
    value = VALUE[hand[h]]
    first = 0
    while KIND[hand[first]] != ACTION or VALUE[hand[first]] != value:
        first += 1
    keys = menu(game, "act %d" % first)
    if data.ACTION_TARGET[value] == 1:
        keys += ["DOWN"] * opponents(game).index(int(parts[2])) + ["A"]
    if data.ACTIONS[value][:5] == "trade":
        given = int(parts[-1])
        keys += moves(0, give_list(game, first).index(h if given == first else given)) + ["A"]
    return keys


def found_keys(game, refs):
    """A new word of hand and taken cards: pick them, then choose it in Find words
    (None if it is not listed there)."""
    hand = game.hands[game.turn]
    keys = []
    picks = []
    word = ""
    cursor = 0
    for tok in refs:
        ref = tok.split("=")[0]
        i = len(hand) + int(ref[1:]) if ref[0] == "t" else int(ref)
        keys += moves(cursor, i) + ["A"]
        cursor = i
        picks.append(ref if ref[0] == "t" else i)
        tile = game.held[int(ref[1:])] if ref[0] == "t" else hand[i] * 32 + VALUE[hand[i]]
        word += tok[-1].upper() if "=" in tok else data.LETTERS[tile & 31]
    found = word_list(game, picks, -1)
    for j in range(len(found)):
        if found[j].word == word:
            return keys + ["DOWN"] + ["DOWN"] * j + ["A"]
    return None


def spell_keys(game, target, refs):
    """Take the letters of other table words, choose the target word, then spell."""
    keys = []
    now = game
    refs = list(refs)
    for i in range(len(refs)):
        ref = refs[i].split("=")[0]
        if "." in ref and int(ref.split(".")[0]) != target:
            if now is game:
                now = rules.Game.from_save(game.to_save(), game.lexicon(), game.hint_lexicon())
            word, pos = ref.split(".")
            keys += keys_for(now, "take %s %s" % (word, pos))
            now.apply("take %s %s" % (word, pos))
            refs[i] = "t%d" % (len(now.held) - 1) + refs[i][len(ref):]
            for j in range(i + 1, len(refs)):     # the later letters of that word move left
                later = refs[j].split("=")[0]
                if "." in later and later.split(".")[0] == word and int(later.split(".")[1]) > int(pos):
                    refs[j] = "%s.%d" % (word, int(later.split(".")[1]) - 1) + refs[j][len(later):]
    if target >= 0:
        keys += ["UP"] + ["RIGHT"] * target + ["A"]
    keys += menu(now, "spell")
    pool = pool_of(now, target)
    places = [piece.ref for piece in pool]
    cursor = 0
    for tok in refs:
        ref = tok.split("=")[0]
        i = places.index(ref)
        keys += moves(cursor, i) + ["A"]
        cursor = i
        tile = pool[i].tile
        if KIND[tile >> 5] == data.KIND_JOKER and "." not in ref:
            steps = ((LOWER.find(tok[-1]) if "=" in tok else tile & 31) - (tile & 31)) % 26
            keys += (["RIGHT"] * steps if steps <= 13 else ["LEFT"] * (26 - steps)) + ["A"]
    return keys + moves(cursor, len(pool)) + ["A"]
