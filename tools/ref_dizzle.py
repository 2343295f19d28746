"""Dizzle's outside reference player, for the strength bench only (`make bench`,
`python tools/bench.py --only strength`; selfplay level "ref"), never on the console.

A plain Monte Carlo player, as issue 15 describes the yardstick it measured: each of
the normal bot's best placements (TOP of them) is tried in the same FUTURES random
futures: the game is copied, the dice still to be rolled are rolled by a generator
seeded from this player's own rng (the copy's dice generator is replaced: the real
game's future rolls are never read), the normal bot plays every seat to the end of
the next turn, and the placement whose futures end with the best mean score margin
(own score minus the best other score) is taken. Rolls again, give-backs and planets
are normal's.
Everything else on a Dizzle table is public. Far too slow for the console: some
6 ms a decision under CPython on a desktop core, where hard takes about 0.1 ms; 500
two-player games against hard take some 130 s of one core (20 games: 5.3 s CPU).
Issue 15's run (every legal placement, 8 futures) won 66.5% against normal; this cut
(4 x 4 play-outs) wins about 61% (500 seeds).
"""
try:
    import _path  # noqa: F401  (firmware/ on the path when run from tools/)
except ImportError:
    from tools import _path  # noqa: F401

from core.rng import Rng
from games.dizzle import bot
from games.dizzle.rules import Game

TOP = 4         # the normal bot's best placements tried
FUTURES = 4     # random futures per placement
LOOKAHEAD = 2   # turns played out: the rest of this one and the next


def choose(game, level, rng):
    acts = game.legal_actions()
    if len(acts) < 2 or game.phase != "take" or acts[0] == "drop":
        return bot.choose(game, "normal", rng)
    seat = game.to_act()
    # the same futures for every placement (common random numbers): the
    # placements differ by what they do, not by the luck of their dice
    futures = [(rng.new_seed(), rng.new_seed()) for _ in range(FUTURES)]
    best = None
    for action in candidates(game, rng):
        total = 0
        for dice_seed, play_seed in futures:
            total += future_margin(game, seat, action, dice_seed, play_seed)
        if best is None or total > best[0]:
            best = (total, action)
    return best[1]


def candidates(game, rng):
    """The normal bot's TOP best placements, best first (its own scores)."""
    seat = game.to_act()
    val = bot.values(game, seat)
    near = [[], None]
    for i in game.placed[seat]:
        game._around(seat, i, near[0])
    if game.opts["cluster"] == "newest":
        near = None
    scored = []
    for v, c in game.placements():
        scored.append((bot._place(game, seat, val, v, c, near), rng.randbelow(4), "%d@%s" % (v, game.rc(c))))
    scored.sort(reverse=True)
    return [entry[2] for entry in scored[:TOP]]


def future_margin(game, seat, action, dice_seed, play_seed):
    """seat's score margin LOOKAHEAD turns on, after action, in one sampled future."""
    copy = Game.from_save(game.to_save())
    copy.rng = Rng(dice_seed)   # sampled dice, not the game's own
    copy.forced = []
    copy.apply(action)
    end = game.turn + LOOKAHEAD
    play_rng = Rng(play_seed)
    while not copy.is_over() and copy.turn < end:
        copy.apply(bot.choose(copy, "normal", play_rng))
    scores = copy.scores()
    return scores[seat] - max(scores[q] for q in range(copy.n) if q != seat) if copy.n > 1 else scores[seat]
