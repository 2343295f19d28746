"""The Statistics screens: a game's players (its menu's "Statistics") and the reset in
Settings. Loaded for the visit only (Session.open_screen), like the settings form."""
from core import stats
from core.session import storage_words

VS = {"human": "people"}    # an opponent's level as a player says it; others by their name


def run(session, entry):
    """entry: the game's catalogue entry. Its players, most recent first (A: their
    figures, B: back), or a word that there are none yet."""
    ui = session.ui
    data, damaged = stats.load(session, entry.id)
    if damaged:
        stats.save(session, entry.id, data)   # the damaged copy is replaced by what was read
    players = data[stats.NAMES]
    if not players:
        ui.message(entry.title, "No statistics yet. They are kept when a game with a person "
                                "at the table ends.")
        return
    names = sorted(players, key=lambda name: (-players[name][stats.LAST], name))
    items = ["%-8s %s" % (name, _games(players[name][stats.PLAYED])) for name in names]
    index = 0
    while True:
        index = ui.menu(entry.title, items, index)
        if index < 0:
            return
        ui.message(names[index], figures(players[names[index]]))


def _games(n):
    return "%d game%s" % (n, "" if n == 1 else "s")


def _mean(total, games):
    tenths = (abs(total) * 10 + games // 2) // games     # rounded to a tenth
    return "%s%d.%d" % ("-" if total < 0 else "", tenths // 10, tenths % 10)


def figures(entry):
    """One player's figures in one game, a line each."""
    lines = ["%s, won %d" % (_games(entry[stats.PLAYED]), entry[stats.WON]),
             "Best %d, mean %s" % (entry[stats.BEST], _mean(entry[stats.TOTAL], entry[stats.PLAYED]))]
    opponents = entry[stats.OPPONENTS]
    for level in sorted(opponents):   # 20 characters make a line: "vs normal: won 0/1"
        counter = opponents[level]
        lines.append("vs %s: won %d/%d" % (VS.get(level, level), counter[stats.WON], counter[stats.PLAYED]))
    groups = entry[stats.GROUPS]
    for label in sorted(groups):
        counter = groups[label]
        won = "won %d, " % counter[stats.WON] if counter[stats.WON] else ""
        lines.append("%s: %s" % (label, _games(counter[stats.PLAYED])))
        lines.append("%sbest %d" % (won, counter[stats.BEST]))
    return "\n".join(lines)


def reset(session):
    """Settings' "Reset statistics": every game's, after a confirmation (B keeps them)."""
    ui = session.ui
    if not ui.confirm("Statistics", "Reset the statistics of every game and player? B keeps them."):
        return
    from games.catalogue import ids
    try:
        for game_id in ids():
            session.saves.delete(stats.STATS + game_id)
    except OSError as e:
        ui.message("Statistics", "%s The statistics were not reset." % storage_words(e))
        return
    ui.message("Statistics", "The statistics are reset.")
