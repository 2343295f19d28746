"""Run under the MicroPython unix port by tests/test_bot_alloc.py (test-only code).

    micropython tests/bot_alloc_probe.py frames
    micropython tests/bot_alloc_probe.py decisions GAME PLAYERS SEEDS

frames: bytes allocated by one call of each function the Clever Kids look-ahead
calls thousands of times per decision, one line `<name> <bytes>` each. MicroPython
puts a function's frame on the heap when its locals and value stack pass 11 words;
these must stay under that.
decisions: the most bytes one normal computer decision allocates over whole
games (every seat normal, seeds 1..SEEDS), as `MAX <bytes>`.
"""
import sys

sys.path.insert(0, "tools")
import _path  # noqa: E402  (firmware on sys.path; PP_FIRMWARE honoured)
from core.rng import Rng  # noqa: E402
from micropython import mem_total  # noqa: E402


def frames():
    rules, bot = _path.game_modules("clever")
    import games.clever.botsearch as S
    import games.clever.botsheet as H
    g = rules.Game(4, None, Rng(3))
    rng = Rng(1)
    g.start()
    while not (g.phase == "pick" and g.role == 0 and g.turn > 4):
        g.apply(bot.choose(g, "normal", rng))
        g.pop_events()

    def fresh(c):
        S.setup(g, 1000, 2)
        S.start(g, g.sheets[g.seat], c, ())
        S.X.src = g.sheets[(g.seat + 1) % g.n]
        S._score(S.S)           # the pool and its codes, as ev() leaves them

    def show(name, m):
        print(name, mem_total() - m)

    fresh(3)
    s, p, q = S.S, S.P, S._CHAIN_QUEUE
    q[0] = 0
    m = mem_total(); H.value(s, 0); show("value", m)
    m = mem_total(); H.lbest(s, 3, 0); show("lbest", m)
    m = mem_total(); H.lbonus(s, 3, 0); show("lbonus", m)
    m = mem_total(); H.gbest(s[H.GI], 0, 0); show("gbest", m)
    m = mem_total(); H.any_done(s); show("any_done", m)
    m = mem_total(); H.mark_line(S._CHAIN_SHEET, 0, q); show("mark_line", m)
    m = mem_total(); H.mark_green(S._CHAIN_SHEET, 3, q); show("mark_green", m)
    m = mem_total(); H.resolve(S._CHAIN_SHEET, q, 0); show("resolve", m)
    fresh(3)
    m = mem_total(); j = H.cross_line(s, 2, p); show("cross_line", m)
    if j >= 0:
        m = mem_total(); S._uncross_line(2, j); show("_uncross_line", m)
    s[H.HP] += 1
    m = mem_total(); H.cross_green(s, 5, p); show("cross_green", m)
    m = mem_total(); S._uncross_green(5); show("_uncross_green", m)
    s[H.HP] -= 1
    for c in range(4):
        fresh(c)
        m = mem_total(); S._chain(c, 0); show("_chain", m)
    fresh(3)
    m = mem_total(); S._codes(); show("_codes", m)
    m = mem_total(); S.gain(1, 0); show("gain", m)
    m = mem_total(); S.gain(-1, 0); show("gain", m)
    m = mem_total(); S._deny(0); show("_deny", m)
    m = mem_total(); S._score(s); show("_score", m)
    m = mem_total(); S._ending(s); show("_ending", m)
    m = mem_total(); S.ev(); show("ev", m)
    m = mem_total(); S._key(3); show("_key", m)
    fresh(3)
    m = mem_total(); S._line_moves(3); show("_line_moves", m)
    fresh(2)
    s[H.HP] += 2
    m = mem_total(); S._green_moves(); show("_green_moves", m)
    fresh(3)
    m = mem_total(); S.plan(3, False); show("plan", m)


def decisions(game_id, players, seeds):
    rules, bot = _path.game_modules(game_id)
    most = 0
    for seed in range(1, seeds + 1):
        g = rules.Game(players, None, Rng(seed))
        rng = Rng(seed ^ 0x5A5A)
        g.start()
        while not g.is_over():
            m = mem_total()
            a = bot.choose(g, "normal", rng)
            m = mem_total() - m
            most = m if m > most else most
            g.apply(a)
            g.pop_events()
    print("MAX", most)


if sys.argv[1] == "frames":
    frames()
else:
    decisions(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
