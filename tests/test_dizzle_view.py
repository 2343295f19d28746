"""Dizzle's overview drawn from its kept bases (games/dizzle/view.py _base) is the
overview drawn field by field, whatever the sheets, marks and cursor, and however
the sheets changed since a base was drawn (in place, another seat, another level)."""
import framebuf

from core.rng import Rng
from games.dizzle import rules, view
from games.dizzle.sheets import DIE, BOOM, XED


class Display(framebuf.FrameBuffer):
    """A frame buffer with its bytes at .buffer, as the display's (hal/ssd1306.py):
    the overview copies its base's bytes into them instead of blitting it."""

    def __init__(self):
        self.buffer = bytearray(1024)
        super().__init__(self.buffer, 128, 64, framebuf.MONO_VLSB)


def new_fb():
    return framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)


def field_by_field(fb, g, seat, cursor=-1, marks=None):
    """The overview as it was drawn before the bases: every field at every frame."""
    sh = g.sheets[seat]
    x0, y0 = view.origin(g)
    for i in range(g.ncells):
        if not g.pips[i]:
            continue
        x = x0 + (i % g.cols) * 6
        y = y0 + (i // g.cols) * 6
        m = marks[i] if marks is not None else 0
        if i == cursor:
            fb.fill_rect(x - 1, y - 1, 7, 7, 1)
            view.ov_cell(fb, g, sh, i, x, y, 0)
        else:
            if m & 1:
                fb.rect(x - 1, y - 1, 7, 7, 1)
            view.ov_cell(fb, g, sh, i, x, y, 1, m != 0)


def pixels(fb):
    return bytes(fb.pixel(x, y) for y in range(64) for x in range(128))


def test_overview_from_bases_is_the_overview_field_by_field():
    rng = Rng(5)
    for level in (1, 2, 3, 4, 2):
        g = rules.Game(4, {"level": level}, Rng(level))
        g.start()
        for step in range(40):
            seat = rng.randbelow(g.n)
            sh = g.sheets[seat]
            cell = rng.randbelow(g.ncells)
            sh[cell] = (0, XED, DIE, BOOM)[rng.randbelow(4)]    # changed in place
            marks = bytearray(rng.randbelow(3) for _ in range(g.ncells)) if step % 3 else None
            cursor = rng.randbelow(g.ncells) if step % 4 else -1
            for _ in range(2):      # drawn anew, then from the kept base
                got, copied, want = new_fb(), Display(), new_fb()
                view.overview(got, g, seat, cursor, marks)
                view.overview(copied, g, seat, cursor, marks)
                field_by_field(want, g, seat, cursor, marks)
                assert pixels(got) == pixels(want), (level, step, seat)
                assert pixels(copied) == pixels(want), (level, step, seat)


def place_by_words(g, text):
    """The field an event names, found as it was before (text split into words)."""
    for w in text.split(" "):
        w = w.rstrip(",)").split(",")
        if len(w) == 2 and w[0].isdigit() and w[1].isdigit():
            r = int(w[0]) - 1
            c = int(w[1]) - 1
            if 0 <= r < g.rows and 0 <= c < g.cols:
                return r * g.cols + c
    return -1


def test_place_finds_the_field_an_event_names():
    g = rules.Game(2, {"level": 3})
    assert view.place(g, "Ben 6 on 8,9 (puzzle A)") == 7 * g.cols + 8
    assert view.place(g, "Bomb 2,2 by Ann hits Ben") == g.cols + 1
    assert view.place(g, "Ann marks 3 X") == -1
    rng = Rng(9)
    parts = ["Ann", "6", "on", "1,1", "0,3", "8,9)", "12,2,", "3,4,5", ",", "2,", ",2", "(gem", "x1,2",
             "10,11", "07,03", "", "by", "9,99", "4,4),"]
    for _ in range(3000):
        text = " ".join(parts[rng.randbelow(len(parts))] for _ in range(rng.randbelow(7)))
        assert view.place(g, text) == place_by_words(g, text), text


def whole_screen(fb, g, seat, title, right, cursor, marks, value, fits):
    """The cursor screen as App.screen draws it: everything anew."""
    fb.fill(0)
    view.overview(fb, g, seat, cursor, marks)
    view.bar(fb, title, right)
    view.zoom(fb, g, seat, cursor, marks)
    view.pool(fb, g, value, fits)
    view.tag(fb, "R1/4")


def test_a_cursor_move_draws_what_the_whole_screen_draws():
    """view.moved (the old and the new cursor field, the old one's neighbours' frames,
    the bar, the zoom) over a screen drawn whole gives the screen drawn whole at the
    new cursor: every level, random sheets and marks, every step of the arrows."""
    rng = Rng(11)
    moves = 0
    for level in (1, 2, 3, 4):
        g = rules.Game(3, {"level": level}, Rng(level))
        g.start()
        for step in range(8):
            seat = rng.randbelow(g.n)
            for _ in range(1 + rng.randbelow(12)):
                g.sheets[seat][rng.randbelow(g.ncells)] = (0, XED, DIE, BOOM)[rng.randbelow(4)]
            marks = bytearray(rng.randbelow(3) if rng.randbelow(3) else 0 for _ in range(g.ncells))
            fits = bytearray(rng.randbelow(2) for _ in range(7))
            value = 1 + rng.randbelow(6)
            cell = rng.randbelow(g.ncells)
            got = Display()
            whole_screen(got, g, seat, "Ann", "", cell, marks, value, fits)
            for _ in range(20):     # the arrows, as App.cursor moves (clamped at the edges)
                row, col = divmod(cell, g.cols)
                d = rng.randbelow(4)
                row = max(0, min(g.rows - 1, row + (-1, 1, 0, 0)[d]))
                col = max(0, min(g.cols - 1, col + (0, 0, -1, 1)[d]))
                new = row * g.cols + col
                right = "ok" if marks[new] & 1 else ""
                view.moved(got, g, seat, cell, new, marks, "Ann", right)
                want = Display()
                whole_screen(want, g, seat, "Ann", right, new, marks, value, fits)
                assert pixels(got) == pixels(want), (level, step, cell, new)
                cell = new
                moves += 1
    assert moves == 4 * 8 * 20
