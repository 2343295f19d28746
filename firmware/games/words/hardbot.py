"""Word Cards' hard computer player (bot.choose imports it only for "hard").

Most turns of a game are spent with one to three cards left, drawing because
nothing fits (normal against normal: 36% of all turns are draws). Hard spends its
budget there and on the order of its turns, not on more searches of the whole hand:
- the same best word step as normal (moves.best_steps, one search a decision);
- with a small hand, the ways out normal does not look for, cheap there (a few
  tiles a search): a table word respelled with hand letters (CAT + L, E -> CLEAT),
  one walk per short table word; a new word of hand letters and letters taken from
  table words (one from each, every word left a word), one best_words search;
- action cards first when they are only a burden (see _action).
It reads only its own hand, the table and the hand and pile sizes; the search
budget is fixed (BUDGET), never the clock.
"""
from games.words import data
from games.words.table import KIND, VALUE, LOWER, MIN, word_lower
from games.words.moves import OUT, TILE, JOKER, best_steps
from games.words.hints import _minus
from games.words.bot import give_away, step_action, end_of_edits, draw_or_first_word

# The search budget, in hand letters and table letters (tools/ref_words.py plays the
# same policy with a wider one): the respelling search for hands of up to 2 letters,
# table words of up to 4 letters, no joker; the taken-letters search for hands of up
# to 3 letters, offering the first 6 letters the table gives. Wider budgets did not
# play better over 500 seeds against normal (3 letters, 6-letter words and a joker:
# 62% against 63%); none at all 59%.
BUDGET = (2, 4, 0, 3, 6)
TAKE_K = 4          # words the taken-letters search keeps (the lexicon's most)
ATTACK_AT = 2       # Draw two / All draw two at a player down to this many cards
EARLY = ("trade_with_deck", "trade_with_opponent")
LATE = ("draw_two", "all_draw_two", "skip")


def _play(game, hand, h, name, low):
    """The action that plays action card h (called name) at seat low; None when the
    rules refuse it now (Trade with deck with nothing to draw)."""
    if name == "all_draw_two":
        return "act %d" % h
    if name == "trade_with_deck":
        return "act %d %d" % (h, give_away(hand, h)) if game.trade_problem() is None else None
    if name == "trade_with_opponent":
        return "act %d %d %d" % (h, low, give_away(hand, h))
    return "act %d %d" % (h, low)


def _action(game, item):
    """An action card to play at the start of the turn instead of item (the best
    word step, or None), or None.

    The turn that goes out must play every card, and an action card is a turn of
    its own: so the cards that are only a burden go first, while the words wait
    (measured, 500 seeds against normal: trades first 63% wins, after the words
    59%); Swap hands as soon as the other hand is no more than one card bigger than
    what the words would leave (62% against 59% when it had to gain a card);
    Skip at once with two players (the skipped turn comes back: a card shed for
    nothing); Draw two and All draw two are kept for a player down to ATTACK_AT
    cards, or played when nothing else is left to do."""
    seat = game.to_act()
    hand = game.hands[seat]
    if not game.melded[seat] or len(hand) < 2 or item is not None and item[0] >= OUT:
        return None
    low = -1            # the opponent with the fewest cards (the nearest in turn order first)
    for k in range(1, game.n):
        s = (seat + k) % game.n
        if low < 0 or len(game.hands[s]) < len(game.hands[low]):
            low = s
    lown = len(game.hands[low])
    shed = item[3] if item is not None else 0
    letters, nj = game.hand_letters()
    order = []
    if lown <= len(hand) + 1 - shed:
        order.append("swap_hands")
    if game.n == 2:
        order.append("skip")
    order += EARLY
    if lown <= ATTACK_AT or item is None or shed >= len(letters) + nj:
        order += LATE       # someone is nearly out, no word, or words would leave only these
    for name in order:
        for h in range(len(hand)):
            c = hand[h]
            if KIND[c] == data.KIND_ACTION and data.ACTIONS[VALUE[c]] == name:
                a = _play(game, hand, h, name, low)
                if a:
                    return a
    return None


def _score(letters, used, nplay, out_ok, bonus):
    """A step's score as moves.best_steps scores it: used = the hand's letters it
    plays (a letter the hand lacks is a joker)."""
    have = list(letters)
    score = bonus
    for ch in used:
        if ch in have:
            have.remove(ch)
            score += TILE[LOWER.find(ch)]
        else:
            score += JOKER
    if len(used) == nplay and out_ok:
        score += OUT
    return score


def _respelled(game, lex, item, letters, nj, longest, jokers):
    """item, or a better step: a table word of up to `longest` letters respelled with
    hand letters (all its own letters stay) and up to `jokers` jokers."""
    hand = game.hands[game.to_act()]
    nplay = len(letters) + nj
    sj = min(nj, jokers) if game.jokers_allowed() else 0
    best = item[0] if item is not None else -99
    refs = list(range(len(hand)))
    for wi in range(len(game.words)):
        base = word_lower(game.words[wi])
        if len(base) > longest:
            continue
        for wd in lex.iter_words_from(base + letters, sj, len(base) + 1):
            rest = _minus(wd, base)
            if rest is not None:
                score = _score(letters, rest, nplay, nplay == len(hand), -1)
                if score > best:
                    best = score
                    item = [score, wd, (wi, refs), len(rest)]
    return item


def _with_taken(game, lex, item, letters, nj, most):
    """item, or a better step: a new word of hand letters and letters taken from
    table words, at most one from each, each word left a word of the list; the
    first `most` such letters of the table are offered."""
    hand = game.hands[game.to_act()]
    frees = ""          # letters that may be taken, and where from ("W.P")
    where = []
    for wi in range(len(game.words)):
        base = word_lower(game.words[wi])
        seen = ""
        for p in range(len(base) if len(base) > MIN else 0):
            x = base[p]
            if x not in seen and len(frees) < most and lex.contains(base[:p] + base[p + 1:]):
                seen += x
                frees += x
                where.append(wi)
                where.append(p)
    if not frees:
        return item
    weights = bytearray(26)     # hand letters first: a word that plays more of them scores more
    for i in range(26):
        weights[i] = 16 if LOWER[i] in letters else 1
    nplay = len(letters) + nj
    best = item[0] if item is not None else -99
    for e in lex.best_words(letters + frees, 0, MIN, TAKE_K, weights, 0):
        wd = e[1]
        have = list(letters)
        played = ""
        refs = []
        from_words = []
        for ch in wd:
            if ch in have:
                have.remove(ch)
                played += ch
                continue
            j = 0
            while j < len(frees) and (frees[j] != ch or where[2 * j] in from_words):
                j += 1
            if j == len(frees):
                played = ""
                break
            from_words.append(where[2 * j])
            refs.append("%d.%d" % (where[2 * j], where[2 * j + 1]))
        if played:
            score = _score(letters, played, nplay, nplay == len(hand), -1 - len(refs))
            if score > best:
                best = score
                item = [score, wd, (None, list(range(len(hand))) + refs), len(played)]
    return item


def choose(game, rng, budget=BUDGET):
    if game.held:
        return "undo"
    lex = game.lexicon()
    top = best_steps(game, lex, None, "normal", rng, 1)
    item = top[0] if top else None
    letters, nj = game.hand_letters()
    if (item is None or item[0] < OUT) and letters and game.may_touch_table():
        respell, longest, jokers, take, most = budget
        if len(letters) <= respell:
            item = _respelled(game, lex, item, letters, nj, longest, jokers)
        if len(letters) <= take and (game.opts["multipleTakesPerTurn"] or not game.snap):
            item = _with_taken(game, lex, item, letters, nj, most)
    if not game.snap:
        a = _action(game, item)
        if a:
            return a
    if item is not None:
        a = step_action(game, item)
        if a:
            return a
    if game.snap:
        return end_of_edits(game)
    return draw_or_first_word(game)
