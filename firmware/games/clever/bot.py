"""Computer players for Clever Kids (everything in this game is public).

easy: a child who knows the rules: half the time the colour with the most
dice, otherwise any colour that fits; then random crosses until nothing
fits; random bonus choices.
normal: looks ahead over the whole move (crosses, then the bonus chain) and
scores where it leads in centi-stars: stars, plus progress towards stars and
bonus circles still ahead, minus what the dice left in the middle give the
others (solo: plus what they give your own second pick); a move that ends
the game scores high only if it wins. Integers only: same on every platform.

How it stays fast on a Pico (the look-ahead is botsearch.py, on the sheet
model of botsheet.py and the tables of bottables.py): one position changed
in place, no copies and no action strings below the root; a sheet's worth
is nine table lookups; answers reused from two small caches; nothing
allocated while searching; and a work budget per decision (WORK), never a
clock, so CPython and MicroPython choose alike. docs/clever.md has the
figures.
"""
from games.clever import data, rules
from games.clever.botsearch import setup, start, ev, plan, first_cross, bonus_cross, top_presents

LEVELS = ("easy", "normal")
# per level: work units per decision (positions searched + others' picks worked
# out) and green fields tried per step of the look-ahead; a stronger level is
# larger ones (docs/clever.md)
WORK = {"normal": 80}
KEEP = {"normal": 2}
MAXJ = max(max(n) for n in rules.LNEED)   # most jokers one cross can take


def _by_jokers(acts):
    # acts (sorted) with the fewest jokers first: the first of equals wins
    for jokers in range(MAXJ + 1):
        for action in acts:
            if action.count("J") == jokers:
                yield action


def weighed(g, acts):
    """The actions of acts normal weighs, in the order it weighs them, with this
    decision's search set up: each is then valued by action_value, in this order (the
    work budget, WORK, is the decision's: the first actions get the most)."""
    setup(g, WORK["normal"], KEEP["normal"])
    if g.phase == "cross" and g.colour == 2 and len(acts) > 9:
        # presents: only the four that add most (with and without a joker)
        top = top_presents(g.sheets[g.seat], 4)
        acts = [a for a in acts if a == "done" or top >> _place(a) & 1]
    return _by_jokers(acts)


def _place(a):
    # the place field action a crosses (a present: its green bit)
    _line, place, _jokers = rules.parse(a)   # pyright: ignore[reportGeneralTypeIssues]  -- a is a field
    return place


def action_value(g, a):
    """normal's value of action a, one of weighed()'s (asked in its order): where the
    look-ahead says it leads, in centi-stars. Few locals: its frame stays off the heap."""
    c = data.COLOURS.find(a) if g.phase == "pick" else g.colour
    if a == "pass":
        start(g, g.sheets[g.seat], c, ())
        return ev()
    if g.phase == "pick":
        start(g, g.sheets[g.seat], c, ())
        return plan(c, False)
    if a in ("done", "skip"):
        start(g, g.sheets[g.seat], c, g.pending[a == "skip":])
        return ev()
    if g.phase == "bonus":
        start(g, g.sheets[g.seat], c, g.pending[1:])
        _bonus_cross(a)
        return ev()
    # the first cross as the action says (a joker where a symbol would do, maybe)
    start(g, g.sheets[g.seat], c, g.pending)
    first_cross(*rules.parse(a))
    return plan(c, True)


def _bonus_cross(a):
    line, place, _ = rules.parse(a)   # pyright: ignore[reportGeneralTypeIssues]  -- a is a field
    bonus_cross(line, place)


def _normal(g, acts):
    best_value, best_action = 0, ""      # no action is "": the first one is taken
    for a in weighed(g, acts):
        v = action_value(g, a)
        if not best_action or v > best_value:
            best_value, best_action = v, a
    return best_action


def _easy(g, acts, rng):
    acts = [a for a in acts if a not in ("pass", "done", "skip")] or acts
    if g.phase == "pick" and rng.randbelow(2):
        return max(acts, key=lambda a: (len(g.hand(data.COLOURS.find(a))), a))
    return acts[rng.randbelow(len(acts))]


def choose(game, level, rng):
    acts = game.legal_actions()
    if len(acts) == 1:
        return acts[0]
    return _easy(game, acts, rng) if level == "easy" else _normal(game, acts)
