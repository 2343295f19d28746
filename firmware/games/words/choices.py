"""Word Cards: what the screens over the turn offer (screens.py): the turn menu and
its notes, the words a hand makes (or why none), the tiles a word may be spelled with, the
opponents and the cards an action card may take. Every list starts at its first
entry, in the order made here: tests/drive/words.py works out its keys from these.
"""
from core.rules import Illegal
from games.words import data, rules, view
from games.words.hints import Found, _minus, allowed_picks, build_action, word_options

KIND = data.CARD_KIND
VALUE = data.CARD_VALUE
ACTION = data.KIND_ACTION
LOWER = rules.LOWER
EFFECT = ("Give one card away, take the deck's top card.",
          "Give a player a card, take one of theirs blindly.",
          "A player skips their next turn.",
          "Swap your whole hand with a player.",
          "A player draws 2 cards.",
          "Every other player draws 2 cards.")
LIMIT = 30      # words in a list


class MenuItem:
    """A turn menu item: its code (fixed: "commit", "words", "act 3"...), label and
    the note shown under the menu while it is highlighted."""
    __slots__ = ("code", "label", "note")

    def __init__(self, code, label, note):
        self.code = code
        self.label = label
        self.note = note


class Piece:
    """A tile a spelled word may use. ref: how an action names it ("3" hand card 3,
    "t0" the first taken tile, "2.1" letter 1 of table word 2); tile: card * 32 + letter."""
    __slots__ = ("ref", "tile")

    def __init__(self, ref, tile):
        self.ref = ref
        self.tile = tile


def card_label(card):
    """A card as the screens name it: "K", "Joker", "Skip"."""
    kind = KIND[card]
    if kind == data.KIND_LETTER:
        return data.LETTERS[VALUE[card]]
    return "Joker" if kind == data.KIND_JOKER else data.ACTION_NAMES[VALUE[card]]


def menu_items(game, picks=(), target=-1):
    """The turn menu of the player to act (picks: the picked tiles, target: the chosen
    table word, for the notes)."""
    hand = game.hands[game.turn]
    out = []
    if game.snap:
        out.append(MenuItem("commit", "Commit", game.commit_problem() or "End your turn: the whole table is checked."))
        out.append(MenuItem("undo", "Undo", "Hand and table back as they were at the start of the turn."))
    chosen = " and " + view.word_text(game.words[target]) if 0 <= target < len(game.words) else ""
    out.append(MenuItem("words", "Find words", "Words from your %s%s." % (
        "picked cards" if picks else "whole hand", chosen)))
    out.append(MenuItem("spell", "Spell a word", "Lay tiles out in your own order: a new word, or the chosen one."))
    if game.words:
        out.append(MenuItem("take", "Take a letter", "Take a letter from a table word to use in another word."))
    out.append(MenuItem("draw", "Draw a card", game.draw_problem() or "Take a card from the pile; your turn ends."))
    done = []
    for h in range(len(hand)):
        value = VALUE[hand[h]]
        if KIND[hand[h]] == ACTION and value not in done:       # one item per kind of card
            done.append(value)
            out.append(MenuItem("act %d" % h, data.ACTION_NAMES[value], act_problem(game, h) or EFFECT[value]))
    out.append(MenuItem("table", "Table words", "Every word on the table and who made it; A chooses one."))
    out.append(MenuItem("log", "Last turns", "What the players did lately."))
    return out


def act_problem(game, h):
    """Why action card h cannot be played now (the rules' reason), or None."""
    try:
        game.apply("act %d - - -" % h)    # too many parts: refused after the turn checks
    except Illegal as e:
        if e.reason[:4] != "Play":
            return e.reason
    if data.ACTIONS[VALUE[game.hands[game.turn][h]]] == "trade_with_deck":
        return game.trade_problem()
    return None


def opponents(game):
    """The seats an action card may aim at, the next player first."""
    out = []
    for k in range(1, game.n):
        out.append((game.turn + k) % game.n)
    return out


def give_list(game, h):
    """The hand cards a trade with card h may give away: all the others."""
    out = []
    for i in range(len(game.hands[game.turn])):
        if i != h:
            out.append(i)
    return out


def pool_of(game, target):
    """The Pieces a spelled word can use: hand letters and jokers, taken tiles, then
    the letters of the target word (-1: none)."""
    hand = game.hands[game.turn]
    out = []
    for i in range(len(hand)):
        if KIND[hand[i]] != ACTION:
            out.append(Piece(str(i), hand[i] * 32 + VALUE[hand[i]]))
    for i in range(len(game.held)):
        out.append(Piece("t%d" % i, game.held[i]))
    if target >= 0:
        word = game.words[target]
        for i in range(len(word)):
            out.append(Piece("%d.%d" % (target, i), word[i]))
    return out


def word_list(game, picks, target):
    """Found words, longest first: from the picked tiles (hints.word_options,
    kid-friendly words first), or with nothing picked from the whole hand and the
    taken tiles (the LIMIT longest, kid-friendly ones first among equals)."""
    out = []
    if picks:
        found = word_options(game, picks, target, LIMIT, False)
        order = sorted(range(len(found)), key=lambda i: (-len(found[i].word), i))
        for i in order:
            out.append(found[i])
        return out
    hand = game.hands[game.turn]
    refs = []
    letters = ""
    jokers = 0
    allowed = game.jokers_allowed()
    for i in range(len(hand)):
        kind = KIND[hand[i]]
        if kind == data.KIND_LETTER or kind == data.KIND_JOKER and allowed and not jokers:
            refs.append(i)
            if kind == data.KIND_JOKER:
                jokers = 1
            else:
                letters += LOWER[VALUE[hand[i]]]
    for i in range(len(game.held)):
        refs.append("t%d" % i)
        if KIND[game.held[i] >> 5]:
            jokers += 1
        else:
            letters += LOWER[game.held[i] & 31]
    base = rules.word_lower(game.words[target]) if target >= 0 else ""
    best = longest(game.lexicon(), game.hint_lexicon(), base + letters, jokers, base)
    for word in best:
        action = build_action(game, word, target if target >= 0 else None, refs)
        if action:
            out.append(Found(word.upper(), action))
    return out


def longest(lex, hint, letters, jokers, base):
    """The LIMIT words of lex the tiles make that hold every letter of base (and are not
    base itself), longest first, words of the hint list first among equals, then
    alphabetical. The dictionary's native search where it has one (a str made only for
    the words kept; hand aeinrstl, unix port: 1280 -> 416 us from the filesystem, 1041 ->
    223 us from a ROMFS image), else longest_plain."""
    fast = getattr(lex, "longest_words", None)
    top = fast(letters, jokers, max(3, len(base)), LIMIT + 1, base, hint) if fast else None
    if top is None:
        return longest_plain(lex, hint, letters, jokers, base)
    out = []
    for score, word in top:     # base itself may be among the LIMIT + 1
        if word != base and len(out) < LIMIT:
            out.append(word)
    return out


def longest_plain(lex, hint, letters, jokers, base):
    """longest() word by word (any lexicon): every word the tiles make becomes a str."""
    best = []               # the best words so far: longest first, kid-friendly first among equals
    scores = []             # their scores: 2 per letter, 1 more for a kid-friendly word
    for word in lex.iter_words_from(letters, jokers, max(3, len(base))):
        score = 2 * len(word)
        if word == base or len(best) == LIMIT and score + 1 <= scores[-1] or _minus(word, base) is None:
            continue
        score += hint.contains(word)
        i = len(best)
        while i and scores[i - 1] < score:
            i -= 1
        if i < LIMIT:
            best.insert(i, word)
            scores.insert(i, score)
            del best[LIMIT:]
            del scores[LIMIT:]
    return best


def joker_left_out(game, picks):
    """The rule that leaves a joker out of word_list(game, picks, ...) ("First word: no
    joker."), or "" when no joker is left out: the list and its reasons say it."""
    if picks:
        _kept, out = allowed_picks(game, picks)
    elif game.jokers_allowed():
        return ""
    else:
        _letters, out = game.hand_letters()
    if not out:
        return ""
    return "First word: no joker." if not game.may_touch_table() else "First turn: no joker."


def no_word_reason(game, picks, target):
    """Why word_list(game, picks, target) found no word, in the player's terms: too few
    cards picked, the first-word rule (the joker left out), or no word in those cards."""
    first = not game.may_touch_table()
    chosen = view.word_text(game.words[target]) if target >= 0 else ""
    if picks:
        joker = joker_left_out(game, picks)     # the picked joker does not count
        kept, _left_out = allowed_picks(game, picks)
        short = rules.MIN - len(kept) - len(chosen)
        if short > 0:
            return "%s: pick %d more card%s, or none for your whole hand." % (
                "Your first word needs 3+ cards from your hand" + (", no joker" if joker else "") if first
                else "A word needs 3 letters" + (" (%s)" % joker[:-1].lower() if joker else ""),
                short, "" if short == 1 else "s")
        return "No word can be made with the picked cards%s.%s" % (" and " + chosen if chosen else "",
                                                                  " " + joker if joker else "")
    letters, jokers = game.hand_letters()
    if jokers and not game.jokers_allowed() and game.lexicon().words_from(letters, 1, rules.MIN, 1):
        return "First word: 3+ cards from your hand, no joker. Your letters alone make none."
    return "No word can be made from your hand%s." % (" and " + chosen if chosen else "")


def about(game, action):
    """What a listed word uses, for the line under the list."""
    parts = action.split()
    cards = 0
    extra = ""
    for ref in parts[1:] if parts[0] == "new" else parts[2:]:
        if "=" in ref:
            extra += ", joker=" + ref[-1].upper()
        if ref[0] == "t":
            extra += ", a taken letter"
        elif "." not in ref:
            cards += 1
    text = "%d hand card%s" % (cards, "" if cards == 1 else "s")
    if parts[0] == "set":
        text = view.word_text(game.words[int(parts[1])]) + " + " + text
    return text + extra
