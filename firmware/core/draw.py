"""Small drawings every game shares: dice faces and a selection frame.

Native code where the port has the emitter, so their frames stay off the heap (see
core/font.py: a bytecode frame this size counts towards the collection threshold)."""
from core.font import micropython, ptr8  # noqa: F401  (the emitters' names under CPython: see there)

# pip positions on a 3x3 grid (col, row) for faces 1..6
_PIPS = (
    ((1, 1),),
    ((0, 0), (2, 2)),
    ((0, 0), (1, 1), (2, 2)),
    ((0, 0), (2, 0), (0, 2), (2, 2)),
    ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
)


@micropython.native
def die(fb, x, y, size, face, inverted=False):
    """A die of size x size pixels showing face 1-6 (size >= 7)."""
    bg = 1 if inverted else 0
    fg = 0 if inverted else 1
    fb.fill_rect(x, y, size, size, bg)
    fb.rect(x, y, size, size, 1)
    pip = 2 if size >= 11 else 1
    span = size - 2 * 2 - pip
    for col, row in _PIPS[face - 1]:
        px = x + 2 + (span * col) // 2
        py = y + 2 + (span * row) // 2
        fb.fill_rect(px, py, pip, pip, fg)


@micropython.native
def frame(fb, x, y, w, h, c=1):
    """A two-pixel selection frame around a rectangle."""
    fb.rect(x - 2, y - 2, w + 4, h + 4, c)
    fb.rect(x - 1, y - 1, w + 2, h + 2, c)


@micropython.viper
def columns(frame, kept, x: int, w: int, back: int):
    """Columns x .. x+w-1 of a 128-column MONO_VLSB frame (hal/README.md: the display's
    buffer) copied into kept (8*w bytes, page after page), or back from it into the frame
    (back=1): a board a screen draws again and again unchanged is put back instead of
    drawn (Cookie Party's: 504 bytes, against 36 spaces, their walls and the grid)."""
    f = ptr8(frame)
    k = ptr8(kept)
    page = 0
    while page < 8:
        i = page * 128 + x
        j = page * w
        end = j + w
        while j < end:
            if back:
                f[i] = k[j]
            else:
                k[j] = f[i]
            i += 1
            j += 1
        page += 1
