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
from games.words.moves import HARD, OUT, best_steps
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
    opp = []            # the other seats, fewest cards first, the nearest in turn order first on a tie
    for k in range(1, game.n):
        s = (seat + k) % game.n
        i = len(opp)
        while i and len(game.hands[opp[i - 1]]) > len(game.hands[s]):
            i -= 1
        opp.insert(i, s)
    fewest = len(game.hands[opp[0]])
    if attack_only and fewest > 2:
        return None
    plays = []          # the actions in the order found (easy picks one at random)
    best = ""           # the best of them: the lowest rank, then the first in text order
    best_rank = 99
    for h in range(len(hand)):
        if KIND[hand[h]] != data.KIND_ACTION:
            continue
        name = data.ACTIONS[VALUE[hand[h]]]
        t = opp[rng.randbelow(len(opp))] if level == "easy" else opp[0]
        if level == "easy":
            g = rng.randbelow(len(hand) - 1)
            g += g >= h
        else:
            g = give_away(hand, h)
        a = None        # this card's action, and its rank (the lowest is played)
        rank = 0
        if name == "all_draw_two":
            rank, a = 1, "act %d" % h
        elif name in ("draw_two", "skip"):
            rank, a = 1 + (name == "skip"), "act %d %d" % (h, t)
        elif attack_only:
            continue
        elif name == "trade_with_deck":
            if game.trade_problem() is None:
                rank, a = 4, "act %d %d" % (h, g)
        elif name == "trade_with_opponent":
            rank, a = 5, "act %d %d %d" % (h, t, g)
        elif level == "easy" or fewest <= len(hand) - 1:
            rank, a = 6, "act %d %d" % (h, t)
        if a is None:
            continue
        plays.append(a)
        if rank < best_rank or rank == best_rank and a < best:
            best = a
            best_rank = rank
    if not plays:
        return None
    if level == "easy":
        return plays[rng.randbelow(len(plays))]
    return best


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
            step = top[0]
            if level == "easy" and step.score < OUT:
                step = top[rng.randbelow(len(top))]
            elif level == "normal" and not game.snap and step.score < OUT:
                a = _action_card(game, level, rng, True)    # attack someone about to go out
                letters, nj = game.hand_letters()
                if a is None and step.cards >= len(letters) + nj < len(game.hands[game.to_act()]):
                    a = _action_card(game, level, rng)          # words would leave only action cards
                if a:
                    return a
            a = step_action(game, step)
            if a:
                return a
    if game.snap:
        return end_of_edits(game)
    a = _action_card(game, level, rng)
    if a:
        return a
    return draw_or_first_word(game)


def step_action(game, step):
    """The action of a moves.Step, or None (its letters do not fit)."""
    if step.action is not None:
        return step.action
    return build_action(game, step.word, step.table_word, step.refs)


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
