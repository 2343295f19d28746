"""Computer players for Word Cards: choose(game, level, rng) -> one action for game.to_act().

A bot builds its turn one complete word at a time ('new ...', 'add ...'), so the
table is valid after every step, then says 'commit'. It sees only its own hand,
the table, hand sizes and pile sizes. The word search is moves.best_steps.

easy:   one word a turn from the kid-friendly list (random among its best
        three of the first 40 found), sometimes a letter put into one of two
        random table words; random action cards when stuck.
normal: several steps a turn, each the one that sheds the most and the most
        awkward cards: new words, a letter put into a table word, a new word
        with one letter taken from a table word; jokers only with small hands;
        action cards aimed at the player with the fewest cards.
hard:   normal's search, plus respelled table words and words with taken
        letters while the hand is small, and a look-ahead of the whole turn for
        its first step while the hand is big; action cards played for the race
        (hardbot.py, imported only when a hard seat plays).
"""
from games.words import data
from games.words.table import LOWER, KIND, VALUE
from games.words.moves import HARD, best_steps
from games.words.hints import build_action

LEVELS = ("easy", "normal", "hard")


def give_away(hand, h):
    """Index of the card to give in a trade (never h, the action card): the most
    awkward letter, a doubled letter before a single one, a joker last."""
    best = -99
    g = 0
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
    return g


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
        else:
            g = give_away(hand, h)
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
    if level == "hard":
        from games.words import hardbot
        return hardbot.choose(game, rng)
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
        top = best_steps(game, lex, check, level, rng, 3 if level == "easy" else 1)
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
            a = step_action(game, item)
            if a:
                return a
    if game.snap:
        return end_of_edits(game)
    a = _action_card(game, level, rng)
    if a:
        return a
    return draw_or_first_word(game)


def step_action(game, item):
    """The action of one of best_steps' items (moves.py), or None."""
    how = item[2]
    return how if isinstance(how, str) else build_action(game, item[1], how[0], how[1])


def end_of_edits(game):
    """With words changed this turn and nothing better: commit them, else draw, else undo."""
    if game.commit_problem() is None:
        return "commit"
    return "draw" if game.draw_problem() is None else "undo"


def draw_or_first_word(game):
    """Nothing to play: draw, else the first new word the rules offer (a draw refused)."""
    if game.draw_problem() is None:
        return "draw"
    for a in game.legal_actions():
        if a[:4] == "new ":
            return a
    return "draw"
