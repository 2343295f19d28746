"""Word Cards' outside reference player, for the strength bench only (never on the console).

    python tools/selfplay.py words --players 2 --seed 1 --levels hard,ref

The hard player's policy (games/words/hardbot.py) with a wider search budget and a
full-turn look-ahead: where hard would lay out a word, it tries each of the best
REF_STEPS first steps (normal's search, k best) and hard's own, plays each turn out
on a copy of the table (hard's steps, as many as the turn takes, up to the commit)
and keeps the first step of the turn that leaves the fewest cards in its hand. The
copy never draws a card or plays an action card: it sees only what its seat sees
(its hand, the table, the hand sizes), as the bots do.
"""
try:
    import _path  # noqa: F401  -- puts firmware/ on the path
except ImportError:  # imported as tools.ref_words
    from tools import _path  # noqa: F401

from games.words import rules, hardbot
from games.words.moves import best_steps
from games.words.bot import step_action

REF_STEPS = 4                   # first steps tried (best_words keeps at most 4)
REF_BUDGET = (4, 7, 1, 5, 12)   # hardbot.BUDGET, wider: hands of 4/5 letters, a joker
TURN_STEPS = 12                 # steps a turn played out on a copy may take


def _word_step(action):
    return action[:4] in ("new ", "add ", "set ")


def _turn_left(game, first, rng):
    """Cards left in the hand of the player to act once `first` and then hard's steps
    are laid out and committed on a copy of the game (None if no commit is reached)."""
    seat = game.to_act()
    copy = rules.Game.from_save(game.to_save(), game.lexicon(), game.hint_lexicon())
    a = first
    for _ in range(TURN_STEPS):
        if a == "commit":
            return len(copy.hands[seat]) if copy.commit_problem() is None else None
        if not _word_step(a):
            break
        copy.apply(a)
        a = hardbot.choose(copy, rng, REF_BUDGET)
    if copy.snap and copy.commit_problem() is None:
        return len(copy.hands[seat])
    return None


def choose(game, level, rng):
    del level
    own = hardbot.choose(game, rng, REF_BUDGET)
    if not (_word_step(own) or own == "commit"):
        return own              # an action card, a draw or an undo: hard's choice
    tries = [own]
    for step in best_steps(game, game.lexicon(), None, "normal", rng, REF_STEPS):
        a = step_action(game, step)
        if a and a not in tries:
            tries.append(a)
    if game.snap and "commit" not in tries and game.commit_problem() is None:
        tries.append("commit")
    best = own
    fewest = _turn_left(game, own, rng)
    for a in tries[1:]:
        left = _turn_left(game, a, rng)
        if left is not None and (fewest is None or left < fewest):
            best = a
            fewest = left
    return best
