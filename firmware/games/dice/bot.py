"""Computer 'players' for the dice roller, so self-play exercises every path.

easy: always rolls everything. normal: chases a high total by re-rolling the
dice that show 1-3 (all of them, or a fresh roll when none are low).
"""
LEVELS = ("easy", "normal")


def choose(game, level, rng):
    if level == "easy":
        return "roll"
    low = [str(i + 1) for i in range(len(game.dice)) if game.dice[i] <= 3]
    if not low:
        return "roll"
    return "reroll " + ",".join(low)
