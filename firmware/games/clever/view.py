"""Clever Kids drawings: the dice column, one area zoomed, the whole sheet.

Screen plan (128x64): title bar (rows 0-8); the five dice down the left
(x 0-23, one die per 11 rows); the panel on the right (x 25-127): one area
of a sheet (rows 10-54) and a status line (rows 56-63). The overview of a
whole sheet uses the full width under the bar.

Marks in a zoomed area: a star is a star; a bonus circle is a ring with
the colour letter inside (Y R G B), lit once earned; a crossed field is
crossed out (X); a field that can be crossed now has a frame; the cursor
is lit. In the overview a crossed field is lit, its reward drawn inside.
"""
from core import font
from core.font import FONT3x5
from games.clever import sheet as S

D = S.D
PX = 25          # the panel's left edge
SY = 56          # the status line
JOKER = 0


def _icons():
    """Icon and small marker per symbol code (from the symbol names in
    data.py), the star; then core.icon_data is let go: every game's icons
    together cost more heap than this game can spare."""
    from core import icon_data as I
    from core.session import unload
    by = {"R": I.CL_CANDLE, "G": I.CL_PRESENT, "cupcake": I.CL_CUPCAKE, "donut": I.CL_DONUT, "cake": I.CL_CAKE}
    icons, marks = [], []
    for i in range(len(D.SYM_NAMES)):
        nm = D.SYM_NAMES[i]
        if D.SYM_COLOUR[i] > 3:
            icons.append(I.JOKER_7)
            marks.append("")
        elif nm[0] == "Y":
            icons.append(I.CL_BALLOON)
            lab = D.SYM_LABEL[i]
            marks.append(font.HEART if "heart" in lab else lab[0].upper())
        else:
            icons.append(by.get(nm[2:], by.get(nm[0], I.CL_PRESENT)))
            marks.append("")
    out = (tuple(icons), tuple(marks), I.CL_STAR, I.CL_CANDLE, I.CL_PRESENT)
    unload("core.icon_data")
    return out


ICON, MARK, STAR8, CANDLE, PRESENT = _icons()


def symbol(fb, code, x, y, c=1):
    """A symbol: its 8x8 icon and, for balloons, the kind (heart, B, P, G)."""
    font.icon(fb, ICON[code], x, y + (code == JOKER), c)
    m = MARK[code]
    if m == font.HEART:
        font.text(fb, m, x + 8, y, c)
    elif m:
        font.text(fb, m, x + 9, y + 2, c, FONT3x5)


def reward(fb, rew, x, y, c=1, small=False):
    """A reward mark, 9x9 (7x7 small): star, or ring with the bonus colour."""
    if rew == 1:
        if small:
            font.text(fb, font.STAR, x + 1, y, c)
        else:
            font.icon(fb, STAR8, x, y, c)
    elif rew > 1:
        r = 3 if small else 4
        fb.ellipse(x + r, y + r, r, r, c)
        font.text(fb, D.COLOURS[rew - 2], x + r - 1, y + r - 2, c, FONT3x5)


def cross_out(fb, x, y, w, h, c=1):
    fb.line(x, y, x + w - 1, y + h - 1, c)
    fb.line(x, y + h - 1, x + w - 1, y, c)
    fb.line(x + 1, y, x + w - 1, y + h - 2, c)
    fb.line(x + 1, y + h - 1, x + w - 1, y + 1, c)


def dotted_rect(fb, x, y, w, h):
    for i in range(0, w, 2):
        fb.pixel(x + i, y, 1)
        fb.pixel(x + i, y + h - 1, 1)
    for i in range(0, h, 2):
        fb.pixel(x, y + i, 1)
        fb.pixel(x + w - 1, y + i, 1)


# ---- the dice ----------------------------------------------------------------
def die(fb, code, x, y, state=0):
    """One die, 24x10: colour letter, symbol. state 0 free, 1 used in this
    move (dimmed), 2 not in the middle (only its outline, dotted)."""
    if state == 2:
        dotted_rect(fb, x, y, 24, 10)
        return
    fb.rect(x, y, 24, 10, 1)
    col = D.SYM_COLOUR[code]
    if col < 4:
        fb.fill_rect(x, y, 7, 10, 1)
        font.text(fb, D.COLOURS[col], x + 1, y + 1, 0)
    symbol(fb, code, x + 9, y + 1)
    if state == 1:
        for j in range(10):
            for i in range(j & 1, 24, 2):
                fb.pixel(x + i, y + j, 0)


def dice_column(fb, g):
    """The five dice down the left edge, as the player to act sees them."""
    for i in range(S.NDICE):
        st = 2 if g.role and g.taken[i] else 1 if g.spent[i] else 0
        die(fb, g.dice[i], 0, 10 + 11 * i, st)


# ---- one area, zoomed --------------------------------------------------------
def _train():
    """x of each wagon in its row (two rows)."""
    n = len(S.LREW[1])
    out = []
    x = 0
    for i in range(n):
        if i == (n + 1) // 2:
            x = 0
        out.append(x)
        x += 5 * S.LNEED[1][i] + 8
    return tuple(out)


TRAIN = _train()
NFIELDS = (len(S.LREW[0]), len(S.LREW[1]), S.GR * S.GC, sum(len(S.LREW[l]) for l in range(2, S.GI)))


def cell(c, i):
    """Field i of area c: (key, line, index or green bit, x, y, w, h)."""
    if c == 2:
        r, k = i // S.GC, i % S.GC
        return ("G%d%d" % (r + 1, k + 1), S.GI, i, PX + 1 + 14 * k, 11 + 11 * r, 13, 10)
    if c == 0:      # balloons: two rows
        half = (NFIELDS[0] + 1) // 2
        return ("Y%d" % (i + 1), 0, i, PX + 17 * (i % half), 11 + 22 * (i // half), 15, 10)
    if c == 1:      # the train: two rows, a wagon as wide as its candles
        return ("R%d" % (i + 1), 1, i, PX + 1 + TRAIN[i], 11 + 21 * (i >= (NFIELDS[1] + 1) // 2),
                5 * S.LNEED[1][i] + 3, 11)
    l = 2           # sweets: a row per kind, a pair per field
    while i >= len(S.LREW[l]):
        i -= len(S.LREW[l])
        l += 1
    return ("%s%d" % (S.LNAME[l], i + 1), l, i, PX + 1 + 33 * i, 11 + 14 * (l - 2), 19, 10)


def cell_at(c, key):
    for i in range(NFIELDS[c]):
        t = cell(c, i)
        if t[0] == key:
            return t
    return None


def crossed(s, l, b):
    return s[S.GI] >> b & 1 if l == S.GI else b < s[l]


def area(fb, s, c, targets=(), cursor=None):
    """Area c of sheet s with its rewards (lit once earned); crossed fields
    show an X, fields in targets are framed, the cursor is lit."""
    for i in range(NFIELDS[c]):
        key, l, b, x, y, w, h = cell(c, i)
        on = key == cursor
        done = crossed(s, l, b)
        if on:
            fb.fill_rect(x - 1, y - 1, w + 2, h + 2, 1)
        elif key in targets:
            fb.rect(x - 1, y - 1, w + 2, h + 2, 1)
        ink = 0 if on else 1
        if done:
            if c & 1:
                fb.rect(x, y, w, h, 1)
            cross_out(fb, x + 1, y, w - 2, h)
        elif c == 0:
            symbol(fb, D.YELLOW_SYM[b], x + 2, y + 1, ink)
        elif c == 1:
            fb.rect(x, y, w, h, ink)
            for k in range(S.LNEED[l][b]):
                font.icon(fb, CANDLE, x - 1 + 5 * k, y + 2, ink)
        elif c == 2:
            font.icon(fb, PRESENT, x + 2, y + 1, ink)
        else:
            fb.rect(x, y, w, h, ink)
            sym = S.LWANT[l][b]
            font.icon(fb, ICON[sym], x + 1, y + 1, ink)
            font.icon(fb, ICON[sym], x + 10, y + 1, ink)
        if c == 0:
            earned(fb, S.LREW[l][b], x + 3, y + 11, done)
        elif c == 1:
            if b % ((len(S.LREW[1]) + 1) // 2):
                fb.hline(x - 5, y + 6, 4, 1)
            earned(fb, S.LREW[l][b], x + w // 2 - 4, y + 12, done)
        elif c == 3:
            earned(fb, S.LREW[l][b], x + 21, y + 1, done)
    if c == 2:
        gx = PX + 1
        for i in range(S.GR + S.GC):
            full = s[S.GI] & S.GMASK[i] == S.GMASK[i]
            if i < S.GR:
                earned(fb, S.GREW[i], gx + 14 * S.GC + 1, 12 + 11 * i, full)
            else:
                earned(fb, S.GREW[i], gx + 14 * (i - S.GR) + 2, 12 + 11 * S.GR, full)


def earned(fb, rew, x, y, lit):
    """A reward mark, lit (drawn dark on a lit square) once it is earned."""
    if rew and lit:
        fb.fill_rect(x - 1, y - 1, 11, 11, 1)
    reward(fb, rew, x, y, 0 if lit else 1)


# ---- the whole sheet ---------------------------------------------------------
def overview(fb, s, top=10):
    """All four areas of sheet s, small, under the bar. A field is a box,
    lit once crossed, with its reward inside (a star, or the letter of the
    bonus colour); each area's stars at its right."""
    st = S.area_stars(s)
    for c in (0, 1):            # balloons and train: a strip each
        y = top + 1 + 10 * c
        _label(fb, c, 0, y)
        x = 7
        for i in range(len(S.LREW[c])):
            w = 8 if c == 0 else 4 * S.LNEED[1][i] + 3
            _mini(fb, x, y, w, i < s[c], S.LREW[c][i])
            x += w + 1
        _stars(fb, st[c], 128, y + 1)
    fb.vline(115, top + 1, 19, 1)
    y0 = top + 21
    _label(fb, 2, 0, y0)        # presents: the grid, row stars right, column rewards below
    g = s[S.GI]
    for r in range(S.GR):
        for k in range(S.GC):
            _mini(fb, 7 + 8 * k, y0 + 8 * r, 9, g >> r * S.GC + k & 1, 0)
    for i in range(S.GR + S.GC):
        full = g & S.GMASK[i] == S.GMASK[i]
        if i < S.GR:
            _mini(fb, 8 + 8 * S.GC, y0 + 8 * i, 9, full, S.GREW[i], False)
        else:
            _mini(fb, 7 + 8 * (i - S.GR), y0 + 8 * S.GR + 1, 9, full, S.GREW[i], False)
    _stars(fb, st[2], 60, y0 + 8 * S.GR + 1)
    _label(fb, 3, 66, y0)       # sweets: a row per kind
    for l in range(2, S.GI):
        y = y0 + 8 * (l - 2)
        font.icon(fb, ICON[S.LWANT[l][0]], 75, y)
        for i in range(len(S.LREW[l])):
            _mini(fb, 85 + 9 * i, y, 9, i < s[l], S.LREW[l][i])
    _stars(fb, st[3], 128, y0 + 8 * S.GR + 1)


def _label(fb, c, x, y):
    font.text(fb, D.COLOURS[c], x + 1, y + 1)


def _stars(fb, n, right, y):
    font.text_right(fb, "%d%s" % (n, font.STAR), right, y)


def _mini(fb, x, y, w, done, rew, box=True):
    """One small field (w x 9): lit when crossed, its reward mark inside."""
    if done:
        fb.fill_rect(x + 1, y + 1, w - 2, 7, 1)    # inset: crossed neighbours stay apart
    elif box:
        fb.rect(x, y, w, 9, 1)
    if rew == 1:
        font.text(fb, font.STAR, x + (w - 5) // 2, y + 1, 0 if done else 1)
    elif rew > 1:
        font.text(fb, D.COLOURS[rew - 2], x + (w - 3) // 2, y + 2, 0 if done else 1, FONT3x5)
