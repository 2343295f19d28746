"""Run under the MicroPython unix port by tests/test_cookie_app.py (test-only code).

    micropython tests/cookie_draw_probe.py

Bytes allocated while Cookie Party draws its turn screen's board: a whole board
(view.board) and a cursor move (view.moved), one line `<what> <bytes>` each, on a
board in the middle of a 4-player game (chips, walls, crosses, the cookie layer shown).
"""
import sys

sys.path.insert(0, "tools")
import _path  # noqa: E402  (firmware on sys.path; PP_FIRMWARE honoured)
import framebuf  # noqa: E402
from core.rng import Rng  # noqa: E402
from micropython import mem_total  # noqa: E402


def main():
    rules, bot = _path.game_modules("cookie")
    from games.cookie import view
    g = rules.Game(4, None, Rng(5))
    rng = Rng(2)
    g.start()
    while g.round < 8:
        g.apply(bot.choose(g, "normal", rng))
        g.pop_events()
    fb = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
    legal = bytearray(36)
    for s in g.free_spaces(0):
        legal[s] = 1
    view.board(fb, g, 0, 0, (), -1, legal, True)
    view.moved(fb, g, 0, 0, 1, legal, True)
    m = mem_total()
    view.board(fb, g, 0, 7, (), -1, legal, True)
    print("board", mem_total() - m)
    m = mem_total()
    view.moved(fb, g, 0, 7, 8, legal, True)
    print("moved", mem_total() - m)


main()
