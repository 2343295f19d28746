"""Word Cards: laying out a word as an action, and the words picked tiles make.

build_action turns a word into the 'new ...' / 'set ...' action that lays it out
(the computer players use it too); word_options is the screens' "pick tiles, pick a
word" list.
"""
from games.words import data
from games.words.table import LOWER, KIND, VALUE, MIN, word_lower

CANDIDATES = 200    # word_options looks at the first 200 words the tiles make, alphabetically
# build_action's pool: a tile's letter is 0..25 (a..z), or one of these
WILD = -1           # a joker from the hand: any letter the word needs
USED = -2           # taken by the word being laid out


class Found:
    """A word the picked tiles make (upper case, as listed), and the action that lays it out."""
    __slots__ = ("word", "action")

    def __init__(self, word, action):
        self.word = word
        self.action = action


def _minus(word, part):
    """The letters of `word` left after taking out `part`; None if part is not inside."""
    rest = list(word)
    for ch in part:
        if ch not in rest:
            return None
        rest.remove(ch)
    return rest


def build_action(game, wd, word, refs):
    """An action that lays out the word `wd` from table word `word` (all its
    tiles; None for a new word) and `refs` (hand indices, 't0' taken cards,
    'W.P' table letters to take; earlier refs are used first, jokers last).
    None if the letters do not fit."""
    hand = game.hands[game.to_act()]
    pool_refs = []      # the tiles the word may use: how the action names each
    pool_letters = []   # and its letter (or WILD), USED once the word has it
    base = []
    if word is not None:
        for i in range(len(game.words[word])):
            base.append("%d.%d" % (word, i))
    for r in base + list(refs):
        r = str(r)
        if r[:1] == "t":
            t = game.held[int(r[1:])]
        elif "." in r:
            w, p = r.split(".")
            t = game.words[int(w)][int(p)]
        else:
            t = hand[int(r)] * 32 + VALUE[hand[int(r)]]
        if KIND[t >> 5] != data.KIND_ACTION:
            pool_refs.append(r)
            pool_letters.append(WILD if KIND[t >> 5] == data.KIND_JOKER and "." not in r else t & 31)
    nbase = len(base)
    out = []
    for ch in wd:
        got = None
        for want in (LOWER.find(ch), WILD):
            for i in range(len(pool_letters)):
                if got is None and pool_letters[i] == want:
                    got = pool_refs[i] + ("=" + ch if want == WILD else "")
                    pool_letters[i] = USED
        if got is None:
            return None
        out.append(got)
    for letter in pool_letters[:nbase]:     # the table word's own tiles: every one used
        if letter != USED:
            return None
    return ("new " if word is None else "set %d " % word) + " ".join(out)


def allowed_picks(game, cards):
    """The picked cards a word may use now, and how many were left out: a joker from
    the hand only once the rules allow it (a first word is 3+ cards from the hand and
    no joker), so no word is listed that the table then refuses."""
    if game.jokers_allowed():
        return cards, 0
    hand = game.hands[game.to_act()]
    kept = []
    for r in cards:
        if str(r)[:1] == "t" or KIND[hand[int(r)]] != data.KIND_JOKER:
            kept.append(r)
    return kept, len(cards) - len(kept)


def word_options(game, cards, word=-1, limit=12, exact=True):
    """'Pick tiles, pick a word' for the screens: cards = hand indices and/or
    't0' taken cards; word = a table word to extend (all its letters stay) or
    -1. Up to `limit` Found (WORD, action), kid-list words first; exact=True
    uses every chosen card, exact=False any of them. A joker the rules do not
    allow yet is left out (allowed_picks)."""
    cards, _left_out = allowed_picks(game, cards)
    hand = game.hands[game.to_act()]
    letters = ""
    jokers = 0
    for r in cards:
        r = str(r)
        t = game.held[int(r[1:])] if r[:1] == "t" else hand[int(r)] * 32 + VALUE[hand[int(r)]]
        if KIND[t >> 5] == data.KIND_JOKER:
            jokers += 1
        elif KIND[t >> 5] == data.KIND_LETTER:
            letters += LOWER[t & 31]
    base = word_lower(game.words[word]) if word >= 0 else ""
    total = len(base) + len(letters) + jokers
    if total < MIN:
        return []
    hint = game.hint_lexicon()
    hinted = []         # words of the hint (kid-friendly) list
    others = []
    # The first CANDIDATES words alphabetically, kid-list words first, `limit` kept: walked
    # one at a time and stopped as soon as that list is decided, so at most 2 x limit
    # entries are held, not 200 words and their actions (Word Cards ran out of memory here
    # at the console's heap cap: tests/fuzz.py, cookie seed 94 and words seed 143).
    it = game.lexicon().iter_words_from(base + letters, jokers, total if exact else max(MIN, len(base) + 1))
    n = 0
    for wd in it:
        n += 1
        a = _minus(wd, base) is not None and build_action(game, wd, word if word >= 0 else None, cards)
        if a:
            group = hinted if hint.contains(wd) else others
            if len(group) < limit:
                group.append(Found(wd.upper(), a))
        if n >= CANDIDATES or len(hinted) >= limit:
            break
    close = getattr(it, "close", None)
    if close:       # MicroPython never closes a dropped generator itself
        close()
    return (hinted + others)[:limit]
