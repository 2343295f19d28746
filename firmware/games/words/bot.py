"""Computer players for Word Cards, and the word hints the screens use.

choose(game, level, rng) -> one action for game.to_act(). A bot builds its
turn one complete word at a time ('new ...', 'add ...'), so the table is valid
after every step, then says 'commit'. It sees only its own hand, the table,
hand sizes and pile sizes.

easy:   one word a turn from the kid-friendly list (random among its best
        three of the first 40 found), sometimes a letter put into one of two
        random table words; random action cards when stuck.
normal: several steps a turn, each the one that sheds the most and the most
        awkward cards: new words, a letter put into a table word, a new word
        with one letter taken from a table word; jokers only with small hands;
        action cards aimed at the player with the fewest cards.

Bounded for the handheld: at most 9 hand letters per search, jokers only with
6 cards or fewer, results streamed (iter_words_from) rather than listed, and
where a letter fits into a table word cached by word (speed only, never a choice).
"""
from games.words import data
from games.words import rules

LEVELS = ("easy", "normal")
LOWER = rules.LOWER
KIND = data.CARD_KIND
VALUE = data.CARD_VALUE
MIN = data.MIN_WORD
HARD = b"\0\2\1\0\0\2\2\2\0\6\4\0\2\0\0\2\6\0\0\0\0\4\3\6\3\6"   # awkward letters, a..z
_cache = [None, {}]       # [lexicon, {word + letter: positions where the letter fits}]


def _minus(word, part):
    """The letters of `word` left after taking out `part`; None if part is not inside."""
    rest = list(word)
    for ch in part:
        if ch not in rest:
            return None
        rest.remove(ch)
    return rest


def _steps(game, lex, check, level, rng, k):
    """The k best word steps, best first: [score, word, action or (word index, refs), cards]."""
    hand = game.hands[game.to_act()]
    letters, nj = game.hand_letters()      # letter cards come first in a hand, in order
    jok = len(letters)
    nplay = jok + nj
    out_ok = nplay == len(hand)            # no action card left behind
    jokers_ok = nj > 0 and game.jokers_allowed()
    top = []
    search = letters
    if len(letters) > 9:    # keep up to 3 awkward letters, 4 vowels, then the rest
        hard = ""
        vow = ""
        rest = ""
        for ch in letters:
            if HARD[LOWER.find(ch)] >= 4 and len(hard) < 3:
                hard += ch
            elif ch in "aeiou":
                vow += ch
            elif HARD[LOWER.find(ch)] < 4:
                rest += ch
        search = "".join(sorted((hard + vow[:4] + rest + vow[4:])[:9]))
    sj = min(nj, 2) if jokers_ok and len(hand) <= 6 else 0

    def consider(wd, extra, how, bonus):
        if check is not None and not check.contains(wd):
            return
        have = list(letters)
        score = bonus
        n = 0
        for ch in _minus(wd, extra):
            n += 1
            if ch in have:
                have.remove(ch)
                score += 10 + HARD[LOWER.find(ch)]
            else:
                score += 3
        if n == nplay and out_ok:
            score += 1000
        i = len(top)
        while i and (score > top[i - 1][0] or score == top[i - 1][0] and wd < top[i - 1][1]):
            i -= 1
        if n and i < k:
            top.insert(i, [score, wd, how, n])
            del top[k:]

    refs = list(range(len(hand)))
    stream = lex.words_from
    if level == "normal":
        stream = getattr(lex, "iter_words_from", stream)    # no list: less heap
    if len(search) + sj >= MIN:
        for wd in stream(search, sj, MIN, *((40,) if level == "easy" else ())):
            consider(wd, "", (None, refs), 0)
    if not game.may_touch_table():
        return top
    # a letter put into a table word
    if _cache[0] is not lex:
        _cache[0] = lex
        _cache[1] = {}
    cache = _cache[1]
    wis = range(len(game.words))
    if level == "easy" and len(wis) > 2:
        wis = (rng.randbelow(len(wis)), rng.randbelow(len(wis)))
    xs = LOWER if jokers_ok and (nplay == 1 or level == "normal" and len(hand) <= 2) else letters
    for wi in wis:
        base = rules.word_lower(game.words[wi])
        done = ""
        for x in xs:
            if x in done:
                continue
            done += x
            key = base + x
            pos = cache.get(key)
            if pos is None:
                if len(cache) > 24:
                    cache.clear()
                pos = b""
                for p in range(len(base) + 1):
                    if (p == 0 or base[p - 1] != x) and lex.contains(base[:p] + x + base[p:]):
                        pos += bytes((p,))
                cache[key] = pos
            h = letters.find(x)
            for p in pos:
                a = "add %d %d %s" % (wi, p, h if h >= 0 else "%d=%s" % (jok, x))
                consider(base[:p] + x + base[p:], base, a, -1)
    # a new word with one letter taken from a table word (leaving a word in order)
    if level == "normal" and (not top or top[0][3] < 3) and (
            game.opts["multipleTakesPerTurn"] or not game.snap):
        frees = []
        seen = ""
        for wi in range(len(game.words)):
            base = rules.word_lower(game.words[wi])
            for p in range(len(base) if len(base) > MIN else 0):
                x = base[p]
                if x not in seen and lex.contains(base[:p] + base[p + 1:]):
                    seen += x
                    frees.append((HARD[LOWER.find(x)], x, wi, p))
        frees.sort()
        for _h, x, wi, p in frees[:3]:
            if len(search) + sj + 1 >= MIN:
                for wd in stream(search + x, sj, MIN, *((40,) if level == "easy" else ())):
                    if wd.count(x) > search.count(x):
                        consider(wd, x, (None, refs + ["%d.%d" % (wi, p)]), -2)
    return top


def _action_card(game, level, rng, attack_only=False):
    """An 'act ...' action, or None."""
    seat = game.to_act()
    hand = game.hands[seat]
    if not game.melded[seat] or len(hand) < 2 or game.snap:
        return None
    opp = []
    for s in range(game.n):
        if s != seat:
            opp.append((len(game.hands[s]), (s - seat) % game.n, s))
    opp.sort()
    if attack_only and opp[0][0] > 2:
        return None
    plays = []
    for h in range(len(hand)):
        if KIND[hand[h]] != data.KIND_ACTION:
            continue
        name = data.ACTIONS[VALUE[hand[h]]]
        t = opp[rng.randbelow(len(opp))][2] if level == "easy" else opp[0][2]
        if level == "easy":
            g = rng.randbelow(len(hand) - 1)
            g += g >= h
        else:       # give away the most awkward card
            best = -99
            for i in range(len(hand)):
                c = hand[i]
                v = -10 if KIND[c] == data.KIND_JOKER else 1
                if KIND[c] == data.KIND_LETTER:
                    v = 2 * HARD[VALUE[c]] - (LOWER[VALUE[c]] in "aeiou")
                    for d in hand:
                        if d != c and KIND[d] == data.KIND_LETTER and VALUE[d] == VALUE[c]:
                            v += 1
                if i != h and v > best:
                    best = v
                    g = i
        if name == "all_draw_two":
            plays.append((1, "act %d" % h))
        elif name in ("draw_two", "skip"):
            plays.append((1 + (name == "skip"), "act %d %d" % (h, t)))
        elif attack_only:
            continue
        elif name == "trade_with_deck":
            if game.trade_problem() is None:
                plays.append((4, "act %d %d" % (h, g)))
        elif name == "trade_with_opponent":
            plays.append((5, "act %d %d %d" % (h, t, g)))
        elif level == "easy" or opp[0][0] <= len(hand) - 1:
            plays.append((6, "act %d %d" % (h, t)))
    if not plays:
        return None
    if level == "easy":
        return plays[rng.randbelow(len(plays))][1]
    plays.sort()
    return plays[0][1]


def choose(game, level, rng):
    if game.held:
        return "undo"
    lex = game.lexicon()
    check = None
    if level == "easy":
        check = lex
        lex = game.hint_lexicon()
        if lex is check:
            check = None
    if not (level == "easy" and game.snap):
        top = _steps(game, lex, check, level, rng, 3 if level == "easy" else 1)
        if top:
            item = top[0]
            if level == "easy" and item[0] < 1000:
                item = top[rng.randbelow(len(top))]
            elif level == "normal" and not game.snap and item[0] < 1000:
                a = _action_card(game, level, rng, True)    # attack someone about to go out
                letters, nj = game.hand_letters()
                if a is None and item[3] >= len(letters) + nj < len(game.hands[game.to_act()]):
                    a = _action_card(game, level, rng)          # words would leave only action cards
                if a:
                    return a
            how = item[2]
            a = how if isinstance(how, str) else build_action(game, item[1], how[0], how[1])
            if a:
                return a
    if game.snap:
        if game.commit_problem() is None:
            return "commit"
        return "draw" if game.draw_problem() is None else "undo"
    a = _action_card(game, level, rng)
    if a:
        return a
    if game.draw_problem() is None:
        return "draw"
    for a in game.legal_actions():
        if a[:4] == "new ":
            return a
    return "draw"


# ---------------------------------------------------------------- hints for the screens
def build_action(game, wd, word, refs):
    """An action that lays out the word `wd` from table word `word` (all its
    tiles; None for a new word) and `refs` (hand indices, 't0' taken cards,
    'W.P' table letters to take; earlier refs are used first, jokers last).
    None if the letters do not fit."""
    hand = game.hands[game.to_act()]
    pool = []
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
            pool.append([r, -1 if KIND[t >> 5] == data.KIND_JOKER and "." not in r else t & 31])
    nbase = len(base)
    out = []
    for ch in wd:
        got = None
        for want in (LOWER.find(ch), -1):
            for e in pool:
                if got is None and e[1] == want:
                    got = e[0] + ("=" + ch if want < 0 else "")
                    e[1] = -2
        if got is None:
            return None
        out.append(got)
    for e in pool[:nbase]:
        if e[1] != -2:
            return None
    return ("new " if word is None else "set %d " % word) + " ".join(out)


def word_options(game, cards, word=-1, limit=12, exact=True):
    """'Pick tiles, pick a word' for the screens: cards = hand indices and/or
    't0' taken cards; word = a table word to extend (all its letters stay) or
    -1. Up to `limit` [WORD, action] pairs, kid-list words first; exact=True
    uses every chosen card, exact=False any of them."""
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
    base = rules.word_lower(game.words[word]) if word >= 0 else ""
    total = len(base) + len(letters) + jokers
    if total < MIN:
        return []
    hint = game.hint_lexicon()
    out = [[], []]
    for wd in game.lexicon().words_from(base + letters, jokers, total if exact else max(MIN, len(base) + 1), 200):
        a = _minus(wd, base) is not None and build_action(game, wd, word if word >= 0 else None, cards)
        if a:
            out[0 if hint.contains(wd) else 1].append([wd.upper(), a])
    return (out[0] + out[1])[:limit]
