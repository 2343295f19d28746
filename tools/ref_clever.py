"""Clever Kids' outside reference player, for the strength bench only (`make bench`,
`python tools/bench.py --only strength`; selfplay level "ref"), never on the console.

A plain Monte Carlo player that plays for the win, not for stars: at each colour pick
with a choice (PHASES; the crosses and bonuses are normal's), the normal bot's TOP best actions (by its own scores) are each tried
in the same FUTURES sampled futures (common random numbers): the game is copied, its
dice generator replaced by one seeded from this player's own rng (the real game's
future rolls are never read), the action applied, and the normal bot plays every
seat to the end of the game (or HORIZON turns on). The action with the most wins
(a win 2, a shared win 1), then the best total star margin, is taken.
Everything on a Clever Kids table is public. Far too slow for the console.
"""
try:
    import _path  # noqa: F401  (firmware/ on the path when run from tools/)
except ImportError:
    from tools import _path  # noqa: F401

from core.rng import Rng
from games.clever import bot, rules as R

TOP = 4         # the normal bot's best actions tried
FUTURES = 16    # sampled futures per action
HORIZON = 99    # turns played out (99: to the end of the game)
PHASES = ("pick",)  # decisions searched so (the colour picks); the others are normal's


def scored(g, acts):
    """(normal's value, action) for each of acts, best first (the first of equals first),
    as bot._normal values them."""
    out = []
    for a in bot.weighed(g, acts):
        out.append((bot.action_value(g, a), -len(out), a))
    out.sort(reverse=True)
    return [(v, a) for v, _, a in out]


def outcome(game, seat, action, dice_seed):
    """(2 win / 1 shared / 0 lost, star margin) after action in one sampled future."""
    copy = R.Game.from_save(game.to_save())
    copy.rng = Rng(dice_seed)
    copy.forced = []
    copy.events = []
    copy.apply(action)
    end = game.turn + HORIZON
    while not copy.is_over() and copy.turn < end:
        copy.apply(bot.choose(copy, "normal", None))
        copy.events = []
    sc = copy.scores()
    other = max(sc[q] for q in range(copy.n) if q != seat) if copy.n > 1 else 0
    m = sc[seat] - other
    return (2 if m > 0 else 1 if m == 0 else 0), m


def choose(game, level, rng, top=None, futures=None):
    acts = game.legal_actions()
    if len(acts) < 2:
        return acts[0]
    if game.phase not in PHASES:
        return bot.choose(game, "normal", rng)
    cand = [a for _, a in scored(game, acts)[:top or TOP]]
    if len(cand) < 2 or game.n < 2:
        return cand[0]
    seat = game.seat
    seeds = [rng.new_seed() for _ in range(futures or FUTURES)]
    best_key = best_action = None       # the best so far: (wins, margin, -i) and its action
    for i in range(len(cand)):
        w = m = 0
        for sd in seeds:
            a, b = outcome(game, seat, cand[i], sd)
            w += a
            m += b
        k = (w, m, -i)
        if best_key is None or k > best_key:
            best_key, best_action = k, cand[i]
    return best_action
