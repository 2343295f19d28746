"""Dizzle's overview drawn from its kept bases (games/dizzle/view.py _base) is the
overview drawn field by field, whatever the sheets, marks and cursor, and however
the sheets changed since a base was drawn (in place, another seat, another level)."""
import framebuf

from core.rng import Rng
from games.dizzle import rules, view
from games.dizzle.sheets import DIE, BOOM, XED


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
                got, want = new_fb(), new_fb()
                view.overview(got, g, seat, cursor, marks)
                field_by_field(want, g, seat, cursor, marks)
                assert pixels(got) == pixels(want), (level, step, seat)
