"""Run by tests/test_undo.py under CPython and the MicroPython unix port (test-only
code): in a game of normal computer players of each table game, every action that
may be undone is undone and played again; one line per undo with the game's state
after it, so the two interpreters' outputs must be identical."""
import sys

sys.path.insert(0, "tools")
import _path  # noqa: E402  (firmware on sys.path)
from core.jsonout import dumps  # noqa: E402
from core.rng import Rng  # noqa: E402
from core.undo import TakeBack  # noqa: E402


def walk(game_id, seed, players):
    rules, bot = _path.game_modules(game_id)
    game = rules.Game(players, None, Rng(seed))
    game.start()
    game.pop_events()       # the apps tell the events at once: a state holds none between actions
    rng = Rng(seed ^ 0x5A5A)
    tb = TakeBack()
    n = 0
    while not game.is_over() and n < 3000:
        n += 1
        seat = game.to_act()
        action = bot.choose(game, "normal", rng)
        seen = game.revealed()
        tb.before(game, seat, n)
        game.apply(action)
        tb.after(game, seat, action, seen)
        game.pop_events()
        if tb.can_undo(seat):
            game, mark = tb.undo(rules.Game.from_save)
            print("%s undone %s at %d: %s" % (game_id, action, mark, dumps(game.to_save())))
            seen = game.revealed()
            tb.before(game, seat, n)
            game.apply(action)
            tb.after(game, seat, action, seen)
            game.pop_events()
    print("%s over %s" % (game_id, dumps(game.scores())))


# Dizzle: with two players each take passes the turn; alone, a player takes die after die
for gid, players in (("clever", 2), ("dizzle", 1), ("cookie", 2), ("words", 2)):
    walk(gid, 6, players)
