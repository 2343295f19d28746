"""Word Cards' hard computer player (bot.choose imports it only for "hard").

Most turns of a game are spent with one to three cards left, drawing because
nothing fits (normal against normal: 36% of all turns are draws). Hard spends its
budget there and on the order of its turns, not on more searches of the whole hand:
- the same best word step as normal (moves.best_steps, one search a decision);
- with a small hand and no action card, the ways out normal does not look for, cheap
  there (a few tiles a search, only words that play the whole hand): a table word
  respelled with every hand letter and joker (CAT + L, E -> CLEAT), one walk per
  short table word; a new word of every hand letter and letters taken from table
  words (one from each, every word left a word), one best_words search;
- action cards first when they are only a burden (see _action);
- with a big hand at the start of a turn (7 to 9 letters), the first step whose
  whole turn sheds the most: its own and normal's next best, each played out with
  normal's steps (see _look_ahead; tools/ref_words.py does it at every step).
It reads only its own hand, the table and the hand and pile sizes; the search
budget is fixed (BUDGET, LOOK_SEARCHES), never the clock.
"""
from core.rules import Illegal
from games.words import data
from games.words.table import KIND, VALUE, LOWER, MIN, word_lower
from games.words.moves import OUT, TILE, JOKER, Step, best_steps
from games.words.hints import _minus
from games.words.bot import give_away, step_action, end_of_edits, draw_or_first_word

# The search budget for the ways out, in hand letters and table letters
# (tools/ref_words.py plays the same policy with a wider one): the respelling search
# for hands of up to 3 letters, table words of up to 6 letters, a joker; the
# taken-letters search for hands of up to 4 letters, offering the first 9 letters the
# table gives. They are kept only when they go out. 2 players against normal, seeds
# 1001-2000 (not the bench's 1-500): 64.1% (seeds 2001-3000: 63.8%); before, when they
# replaced normal's step whenever they scored more, on (2, 4, 0, 3, 6): 61.7% (61.5%).
# Going out only, on 1001-2000: (2, 4, 0, 3, 6) 62.7%, (2, 4, 1, 3, 6) 63.1%,
# (4, 7, 0, 5, 12) 63.6%, (3, 6, 1, 3, 6) 63.9%, (2, 6, 1, 4, 9) 64.0%, (4, 7, 1, 5, 12)
# and (6, 9, 2, 7, 16) 64.1%: the table words of 6 letters and the joker count.
BUDGET = (3, 6, 1, 4, 9)
TAKE_K = 4          # words the taken-letters search keeps (the lexicon's most)
ATTACK_AT = 2       # Draw two / All draw two at a player down to this many cards
# The look-ahead at the start of a turn (_look_ahead), for hands of 7 to 9 letters:
# there the first word decides what the rest of the turn can play (two words instead
# of one). Measured over 500 seeds against normal (4 tries, 6 searches, hard's own
# steps played out): at every hand size 64.4%, from 7 letters 65.0%, only up to 5 or
# 6 letters 63.2% / 62.8%; none 63.6%. That one allocated up to 132 KB a decision
# (before: 26 KB) and took up to an est. Pico 644-681 ms, over the 500 ms budget. The
# play-outs get normal's search alone (respelling and taken letters are for small
# hands): 4 tries and 3 searches 64.6%, up to 64 KB and 642 ms in a loaded bench;
# 2 tries and 2 searches 64.2% (seeds 501-1000: 61.4%, none 60.8%), up to 48 KB, 297 ms.
TRIES = 2                   # normal's best first steps tried (best_words keeps 4 at most)
LOOK_FEWEST = 7             # hands of this many letters look ahead,
LOOK_MOST = 9               # up to this many
LOOK_SEARCHES = 2           # step searches the play-outs of one decision may make
PLAYOUT_BUDGET = (0, 0, 0, 0, 0)    # hard's budget in the play-outs: nothing beyond normal
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


def _action(game, step):
    """An action card to play at the start of the turn instead of step (the best
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
    if not game.melded[seat] or len(hand) < 2 or step is not None and step.score >= OUT:
        return None
    low = -1            # the opponent with the fewest cards (the nearest in turn order first)
    for k in range(1, game.n):
        s = (seat + k) % game.n
        if low < 0 or len(game.hands[s]) < len(game.hands[low]):
            low = s
    lown = len(game.hands[low])
    shed = step.cards if step is not None else 0
    letters, nj = game.hand_letters()
    order = []
    if lown <= len(hand) + 1 - shed:
        order.append("swap_hands")
    if game.n == 2:
        order.append("skip")
    order += EARLY
    if lown <= ATTACK_AT or step is None or shed >= len(letters) + nj:
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


def _respelled(game, lex, step, letters, nj, longest, jokers):
    """A step that goes out, or step: a table word of up to `longest` letters respelled
    with every hand letter and joker (all its own letters stay), a hand of at most
    `jokers` jokers. Only words of exactly that length come out of the search."""
    if nj > jokers or nj and not game.jokers_allowed():
        return step
    nplay = len(letters) + nj
    refs = list(range(nplay))
    out = None
    for wi in range(len(game.words)):
        base = word_lower(game.words[wi])
        if len(base) > longest or out is not None:
            continue
        for wd in lex.iter_words_from(base + letters, nj, len(base) + nplay):
            rest = _minus(wd, base) if out is None else None
            if rest is not None:
                out = Step(_score(letters, rest, nplay, True, -1), wd, nplay, None, wi, refs)
    return step if out is None else out


def _with_taken(game, lex, step, letters, most):
    """A step that goes out, or step: a new word of every hand letter (no joker) and
    letters taken from table words, at most one from each, each word left a word of
    the list; the first `most` such letters of the table are offered."""
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
        return step
    weights = bytearray(26)     # hand letters first: a word missing one of them ranks below
    for i in range(26):
        weights[i] = 16 if LOWER[i] in letters else 1
    nplay = len(letters)
    best = step.score if step is not None else -99
    for _rank, wd in lex.best_words(letters + frees, 0, max(MIN, nplay + 1), TAKE_K, weights, 0):
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
        if len(played) == nplay:
            score = _score(letters, played, nplay, True, -1 - len(refs))
            if score > best:
                best = score
                step = Step(score, wd, nplay, None, None, list(range(nplay)) + refs)
    return step


def _best_step(game, rng, budget, tries=None):
    """Hard's word step (normal's best, or a better way out for a small hand), or
    None; with tries (a list), normal's TRIES best steps are appended to it."""
    lex = game.lexicon()
    k = TRIES if tries is not None else 1
    seat = game.to_act()
    fw = game._first_word() if game.snap and not game.melded[seat] else -1
    top = best_steps(game, lex, None, "normal", rng, k + 1 if fw >= 0 else k)
    if fw >= 0:     # a joker put into the turn's first word: that turn could not commit
        bad = "add %d " % fw
        i = 0
        while i < len(top):
            how = top[i].action
            if isinstance(how, str) and how.startswith(bad) and "=" in how:
                del top[i]
            else:
                i += 1
        del top[k:]
    if tries is not None:
        tries += top
    step = top[0] if top else None
    letters, nj = game.hand_letters()
    if (step is None or step.score < OUT) and letters and len(letters) + nj == len(
            game.hands[seat]) and game.may_touch_table():
        respell, longest, jokers, take, most = budget   # (ways out: no action card left)
        if len(letters) <= respell:
            step = _respelled(game, lex, step, letters, nj, longest, jokers)
        if (step is None or step.score < OUT) and not nj and len(letters) <= take and (
                game.opts["multipleTakesPerTurn"] or not game.snap):
            step = _with_taken(game, lex, step, letters, most)
    return step


class _Work:
    """The step searches the play-outs of one decision have left."""
    __slots__ = ("searches",)

    def __init__(self, searches):
        self.searches = searches


def _turn_left(game, first, rng, work):
    """The cards left in the hand once the step `first` and then normal's best
    steps (work.searches: the searches left for them) are laid out; None when that turn
    could not commit. Only at the start of a turn: the steps are laid out on the
    game itself and taken back with the turn's undo, which puts back equal hands
    and table (a copy of the game, from_save(to_save()), allocates 12.5 KB on the
    64-bit unix port: more than a whole turn of steps). Nothing is drawn or
    played from an action card, so it reads only what the seat sees."""
    seat = game.to_act()
    a = first
    try:
        while a:
            game.apply(a)
            if work.searches <= 0:
                break
            work.searches -= 1
            step = _best_step(game, rng, PLAYOUT_BUDGET)
            a = step_action(game, step) if step is not None else None
        return len(game.hands[seat]) if game.commit_problem() is None else None
    except Illegal:
        return None             # a step the rules refuse: that turn is not played
    finally:
        if game.snap:
            game.apply("undo")


def _look_ahead(game, rng, budget):
    """The first step of the turn (a Step, or None), a whole turn ahead: hard's own
    step and normal's TRIES best are played out (_turn_left) in that order while
    the work lasts, and the one whose turn leaves the fewest cards is kept (the
    earlier on a tie). The kept step carries its action, built."""
    tries = []
    step = _best_step(game, rng, budget, tries)
    if step is None or step.score >= OUT:
        return step
    own = step
    own_action = step.action        # as found: the action is built below
    first = step_action(game, step)
    if not first:
        return step
    step.action = first
    work = _Work(LOOK_SEARCHES)
    fewest = _turn_left(game, first, rng, work)
    for other in tries:
        if fewest == 0 or work.searches <= 0:
            break               # it goes out (nothing does better), or the work is spent
        if other.word == own.word and other.action == own_action and \
                other.table_word == own.table_word and other.refs == own.refs:
            continue            # hard's own step (building its action again costs 2.9 KB)
        a = step_action(game, other)
        if a and a != first:
            left = _turn_left(game, a, rng, work)
            if left is not None and (fewest is None or left < fewest):
                other.action = a
                step = other
                fewest = left
    return step


def _looks_ahead(game):
    """Whether hard looks ahead now: at the start of a turn (no edit made), with a
    hand of LOOK_FEWEST to LOOK_MOST letters."""
    if game.snap:
        return False
    letters, _jokers = game.hand_letters()
    return LOOK_FEWEST <= len(letters) <= LOOK_MOST


def choose(game, rng, budget=BUDGET):
    if game.held:
        return "undo"
    if _looks_ahead(game):
        step = _look_ahead(game, rng, budget)
    else:
        step = _best_step(game, rng, budget)
    if not game.snap:
        a = _action(game, step)
        if a:
            return a
    if step is not None:
        a = step_action(game, step)
        if a:
            return a
    if game.snap:
        return end_of_edits(game)
    return draw_or_first_word(game)
