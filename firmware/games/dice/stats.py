"""The dice roller's statistics file ('dicestats'): every face rolled on this console.

Loaded with a shape check (core.saves), so a file of the wrong shape counts as damaged,
like a bad checksum, instead of stopping the roller at every start. Damage is told to the
player, who chooses: start the count again from zero, or keep the file as it is (and
this game's rolls are not added to it).
"""
STATS = "dicestats"


def is_stats(data):
    counts = data["counts"]
    if len(counts) != 6:
        return False
    for c in counts:
        if type(c) is not int or c < 0:  # (type: true and false are ints to isinstance)
            return False
    return True


def load(ctx):
    """(the six face counts to go on from, whether to save them into the file)."""
    ui = ctx.ui
    data, problems = ctx.saves.load(STATS, is_stats)
    why = "\n(%s)" % "; ".join(problems)
    if data is not None:
        if problems:
            ui.message("Dice statistics", "The last rolls may be missing from the count: its newest "
                       "copy was unreadable, so an older one is used." + why)
        return list(data["counts"]), True
    if not problems:
        return [0] * 6, True  # no rolls counted yet
    if ui.confirm("Dice statistics", "The count of past rolls is unreadable. Start it again from "
                  "zero? B keeps the file as it is, and this game's rolls are not counted in it." + why):
        return [0] * 6, True
    return [0] * 6, False


def save(ctx, counts):
    ctx.saves.save(STATS, {"counts": counts})
