"""The console's statistics of the table games: per game and per player name, kept in a
small save per game ('stats-<game id>', core.saves: atomic, checksummed, shape-checked).
One file per game, not one for all: a game's end then reads, parses and writes only its
own (at a Word Cards game's end, a family's full figures of every game needed 55 KB of
free heap in one file, 24 KB in the game's own: tests/stats_heap.py).

Loaded only when a game ends (core.table records every person's result there) and on
the Statistics screens (core.stats_screen), then let go: no game holds it while it plays.

A file, numbers only apart from the names it counts by:
{"n": games recorded, "names": {player name: ENTRY}}, ENTRY =
{"l": n when last played (the most recent names are kept), "p": games, "w": won,
 "b": best score, "t": total score (the mean is t / p),
 "o": {an opponent's level (a seat's kind: "easy", "human"...): {"p": games, "w": won}},
 "x": {what the game sorts its results by ("Level 2", a solo rating): {"p", "w", "b"}}}.
Bounded: names of at most NAME_CHARS characters (the keyboard's), at most MAX_NAMES names
a game (the most recent; the oldest is dropped), at most MAX_KEYS levels and groups a name:
a file of at most 4 KB (about 2 KB with eight players' figures).
"""
from core.saves import NEWEST, SaveError

STATS = "stats-"     # and the game's id: the file's name
MAX_NAMES = 8
NAME_CHARS = 8
MAX_KEYS = 6     # opponents' levels: easy, normal, hard, human and two more; Clever Kids' 5 ratings
NAMES = "names"
RECORDED = "n"
LAST = "l"
PLAYED = "p"
WON = "w"
BEST = "b"
TOTAL = "t"
OPPONENTS = "o"
GROUPS = "x"


def _counts(d, keys):
    for key in keys:
        if type(d[key]) is not int:  # (type: true and false are ints to isinstance)
            raise TypeError(key)


def _table(d, keys):
    """A dict of at most MAX_KEYS named counters (an entry's "o" or "x")."""
    if len(d) > MAX_KEYS:
        return False
    for name in d:
        _counts(d[name], keys)
    return True


def is_stats(data):
    """Saves.load's shape check: KeyError or TypeError (or False) when a copy is not one."""
    _counts(data, (RECORDED,))
    game = data[NAMES]
    if len(game) > MAX_NAMES:
        return False
    for name in game:
        entry = game[name]
        _counts(entry, (LAST, PLAYED, WON, BEST, TOTAL))
        if len(name) > NAME_CHARS or not _table(entry[OPPONENTS], (PLAYED, WON)) or \
                not _table(entry[GROUPS], (PLAYED, WON, BEST)):
            return False
    return True


def load(session, game_id):
    """A game's statistics, and whether a damaged copy was passed over: then it is told, in a
    player's words, and the caller saves them (the damaged file is replaced)."""
    data, problems = session.saves.load(STATS + game_id, is_stats)
    if problems:
        if data is None:
            what = "The statistics were unreadable, so they start again from here."
        elif [p for p in problems if p.startswith(NEWEST)]:
            what = "The newest statistics were unreadable, so the ones saved before are used: the last game may be missing."
        else:
            what = "The power went while the statistics were saved: the last game is missing from them."
        session.ui.message("Statistics", "%s Nothing else lost.\n(%s)" % (what, "; ".join(problems)))
    if data is None:
        data = {RECORDED: 0, NAMES: {}}
    return data, bool(problems)


def save(session, game_id, data):
    """Atomically (core.saves); a storage that refuses it is told once, and play goes on."""
    try:
        session.saves.save(STATS + game_id, data)
    except (OSError, SaveError) as e:
        session.storage_problem("The statistics were", e)


def _count(table, key, fields):
    """table[key], a counter dict, made when new (unless MAX_KEYS are there already)."""
    if key not in table:
        if len(table) >= MAX_KEYS:
            return None
        table[key] = {}
        for field in fields:
            table[key][field] = 0
    return table[key]


def record(session, game_id, names, kinds, scores, winners, groups):
    """One finished game: scores[seat], winners (seats), groups[seat] (a label or None).
    Only people's seats are counted; the others' kinds are their opponents' levels. A
    game alone (one seat) is played, never won: nobody was beaten."""
    data, _damaged = load(session, game_id)
    data[RECORDED] += 1
    game = data[NAMES]
    for seat in range(len(names)):
        if kinds[seat] != "human":
            continue
        name = names[seat][:NAME_CHARS]
        score = scores[seat]
        won = 1 if seat in winners and len(names) > 1 else 0
        entry = game.get(name)
        if entry is None:
            entry = game[name] = {PLAYED: 0, WON: 0, BEST: score, TOTAL: 0, OPPONENTS: {}, GROUPS: {}}
        entry[LAST] = data[RECORDED]
        entry[PLAYED] += 1
        entry[WON] += won
        entry[BEST] = max(entry[BEST], score)
        entry[TOTAL] += score
        levels = []
        for other in range(len(names)):
            if other != seat and kinds[other] not in levels:
                levels.append(kinds[other])
        for level in levels:
            counter = _count(entry[OPPONENTS], level, (PLAYED, WON))
            if counter is not None:
                counter[PLAYED] += 1
                counter[WON] += won
        if groups[seat] is not None:
            counter = _count(entry[GROUPS], groups[seat], (PLAYED, WON, BEST))
            if counter is not None:
                counter[BEST] = max(counter[BEST], score) if counter[PLAYED] else score
                counter[PLAYED] += 1
                counter[WON] += won
    while len(game) > MAX_NAMES:
        oldest = None
        for name in game:
            if oldest is None or (game[name][LAST], name) < (game[oldest][LAST], oldest):
                oldest = name
        del game[oldest]
    save(session, game_id, data)
