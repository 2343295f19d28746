"""Dizzle drawings (game id "dizzle"): the sheet overview, the zoom around a cursor, the
dice pool, the roll.
"""
# Screen plan of every sheet screen (128x64):
#   x 0-65,  y 0-53   the whole sheet, 6 px a field (up to 11 x 9 fields)
#   x 67-127, y 0-8   a bar: whose sheet, what is asked
#   x 68-127, y 10-54 the zoom: 4 x 3 fields of 15 px around the cursor, with
#                     pips (5x7 digit), symbol (7x7 icon) and its tag
#                     (gem points, puzzle letter, key/lock colour)
#   x 0-103, y 56-63  the dice on the table (sorted), as 7x7 dice
#   x 106-127, y 57   a short tag: JUMP, LAST, or the round
# Marks, the same in the overview and the zoom: an X is an X; a die placed this
# turn is a lit square (zoom: a die face); a field blown up by a bomb is
# chequered (zoom: hatched); a field the die may go on is framed; the cursor is
# lit (its content dark). The zoom shows every free field's pips (and symbol).
# The overview marks only what a player looks for at a glance (issue 14: 3x5
# digits on every field read as noise): the symbols, and pips only where the
# next die may go (marks bit 2) or where a frame is (bit 1); any other free
# field is a dot, so the sheet keeps its shape.
import framebuf
from core import font
from core import draw
from core.font import FONT3x5
from games.dizzle.sheets import XED, DIE, BOOM, START

OW = 66         # overview width, height
OH = 54
PX = 67         # right panel
ZY = 10         # zoom top
ZP = 15         # zoom pitch (14 px field + 1 px gap)
ZC = 4          # zoom columns, rows
ZR = 3
PY = 56         # dice pool line


def _icons():
    # symbol code -> its number in three tables, a symbol's 7x7 icon (the zoom), its
    # 5x5 overview glyph and its tag (the zoom's text beside the icon, or ""); the X,
    # the dice. Then core.icon_data is let go: every game's icons together cost heap.
    # (Three tuples take less heap than a (icon, glyph, tag) tuple a symbol.)
    from core import icon_data
    from core.session import unload
    mini = {    # 5x5 overview glyphs (columns, bit 0 at the top)
        "g": b"\x04\x0a\x11\x0a\x04",    # gem: a diamond
        "p": b"\x1e\x1e\x1f\x1e\x04",    # puzzle piece
        "b": b"\x0e\x1f\x1f\x1f\x0e",    # bomb: a ball
        "f": b"\x1f\x07\x07\x07\x02",    # flag
        "k": b"\x0e\x0a\x0e\x04\x0c",    # key
        "l": b"\x1c\x1f\x15\x1f\x1c",    # lock
        "r": b"\x04\x06\x1f\x06\x04",    # rocket: an arrow up
        "o": b"\x0e\x11\x11\x11\x0e",    # planet: a ring
        "~": b"\x18\x1c\x1c\x1c\x18",    # brown pile: a mound
    }
    sym = {}
    icons = []
    glyphs = []
    tags = []
    gem, puzzle, key, lock = icon_data.DZ_GEM, icon_data.DZ_PUZZLE, icon_data.DZ_KEY, icon_data.DZ_LOCK
    for symbol, icon, glyph, tag in (("1", gem, "g", "1"), ("2", gem, "g", "2"), ("3", gem, "g", "3"),
                                     ("A", puzzle, "p", "A"), ("B", puzzle, "p", "B"),
                                     ("*", icon_data.DZ_BOMB, "b", ""), ("F", icon_data.DZ_FLAG, "f", ""),
                                     ("y", key, "k", "Y"), ("u", key, "k", "B"), ("r", key, "k", "R"),
                                     ("Y", lock, "l", "Y"), ("U", lock, "l", "B"), ("R", lock, "l", "R"),
                                     ("^", icon_data.DZ_ROCKET, "r", ""), ("o", icon_data.DZ_PLANET, "o", ""),
                                     ("~", icon_data.DZ_PILE, "~", "")):
        sym[ord(symbol)] = len(icons)
        icons.append(icon)
        glyphs.append((5, 5, mini[glyph]))
        tags.append(tag)
    out = sym, tuple(icons), tuple(glyphs), tuple(tags), icon_data.DZ_X, icon_data.DICE_7, icon_data.DICE_9
    unload("core.icon_data")
    return out


SYM, SYM_ICON, SYM_GLYPH, SYM_TAG, XICON, DICE7, DICE9 = _icons()
DIGITS = "0123456"
MARK = bytearray(128)   # scratch: 1 = framed field (no allocation per frame)


def origin(g):
    # top-left of the overview, centred in its area
    return (OW - g.cols * 6 + 1) // 2, (OH - g.rows * 6 + 1) // 2


def hatch(fb, x, y, w, h, c=1):
    # diagonal lines 3 px apart over a w x h box
    for d in range(2 - h, w, 3):
        for t in range(h):
            if 0 <= d + t < w:
                fb.pixel(x + d + t, y + t, c)


def ov_cell(fb, g, sh, i, x, y, c=1, pips=True):
    # one field of the overview, a 5x5 box at x, y; a free field without a
    # symbol shows its pips, or (pips False) a dot
    p = g.pips[i]
    st = sh[i]
    if st == XED or p == START:
        fb.line(x, y, x + 4, y + 4, c)
        fb.line(x, y + 4, x + 4, y, c)
    elif st == DIE:
        fb.fill_rect(x, y, 5, 5, c)
    elif st == BOOM:
        for k in range(0, 25, 2):
            fb.pixel(x + k % 5, y + k // 5, c)
    elif g.syms[i] != 46:
        font.icon(fb, SYM_GLYPH[SYM[g.syms[i]]], x, y, c)
    elif pips:
        font.text(fb, DIGITS[p], x + 1, y, c, FONT3x5)
    else:
        fb.pixel(x + 2, y + 2, c)


# The overview without marks or cursor, drawn once per look of a sheet and then
# blitted (transparent zeros) under each frame's marks: every field drawn again
# on every key was three quarters of a key's work (60-80 fields a frame; the
# median key of the bench's Dizzle session 0.6 -> 0.3-0.4 ms on the unix port,
# with the changes in sheets.py and app.py). Every mark draws only
# inside its own 5x5 box, or lit pixels around it, so the marked fields can be
# drawn again over the blitted base with the same result. One base per seat
# (462 B each, made at a seat's first overview): the event pages go from one
# player's sheet to another's at every key.
class _ScreenPages:
    """The display's bytes (screen) and its pages' first OW bytes (pages, memoryviews
    made once for that screen)."""
    __slots__ = ("screen", "pages")

    def __init__(self):
        self.screen = None
        self.pages = []


_SCREEN = _ScreenPages()


class _Base:
    """One seat's base: its FrameBuffer, the level (number) it shows, a copy of the sheet
    it shows and its pages (_pages)."""
    __slots__ = ("fb", "level", "kept", "pages")

    def __init__(self):
        pixels = bytearray(OW * ((OH + 7) // 8))
        self.fb = framebuf.FrameBuffer(pixels, OW, OH, framebuf.MONO_VLSB)
        self.level = 0          # none drawn yet
        self.kept = bytearray(0)
        self.pages = _pages(pixels, OW)


_BASES = []     # a _Base per seat


def _pages(pixels, width):
    # the first OW bytes of each page of the overview's rows, as memoryviews
    view = memoryview(pixels)
    return [view[p * width:p * width + OW] for p in range((OH + 7) // 8)]


def _base(g, seat):
    # the base of seat's sheet; drawn again only when the sheet changed
    sh = g.sheets[seat]
    while len(_BASES) <= seat:
        _BASES.append(_Base())
    base = _BASES[seat]
    fb = base.fb
    kept = base.kept
    if base.level == g.level and kept == sh:
        return base
    x0, y0 = origin(g)
    cols = g.cols
    if base.level == g.level and len(kept) == len(sh):
        # the same level: only the fields that changed (a turn changes a few of
        # them, and every look of a field is inside its own 5x5 box). The event
        # pages' keys of the bench's Dizzle session (295; most show a sheet changed
        # since its base was drawn), median on the unix port: 602/615 -> 317/300 us
        for i in range(g.ncells):
            if kept[i] != sh[i] and g.pips[i]:
                x = x0 + (i % cols) * 6
                y = y0 + (i // cols) * 6
                fb.fill_rect(x, y, 5, 5, 0)
                ov_cell(fb, g, sh, i, x, y, 1, False)
        kept[:] = sh
        return base
    fb.fill(0)
    for i in range(g.ncells):
        if g.pips[i]:
            ov_cell(fb, g, sh, i, x0 + (i % cols) * 6, y0 + (i // cols) * 6, 1, False)
    base.level = g.level
    if len(kept) == len(sh):
        kept[:] = sh
    else:
        base.kept = bytearray(sh)
    return base


def overview(fb, g, seat, cursor=-1, marks=None):
    # the whole sheet of seat; marks[i] bit 1 frames field i, any mark shows
    # its pips; cursor lit
    sh = g.sheets[seat]
    base = _base(g, seat)
    screen = getattr(fb, "buffer", None)
    if screen is not None and len(screen) == 1024:
        # The display's own bytes (hal/ssd1306.py: MONO_VLSB, a page of 128 bytes a
        # row of 8 pixels): the base's pages copied in. Every caller draws the
        # overview first on a cleared screen, so this is what the blit with
        # transparent zeros draws, which goes pixel by pixel: 9.7 -> 1.9 us (unix,
        # the fastest of 7 x 50 calls), nothing allocated.
        if _SCREEN.screen is not screen:
            _SCREEN.screen = screen
            _SCREEN.pages = _pages(screen, 128)
        dst = _SCREEN.pages
        src = base.pages
        for p in range(len(src)):
            dst[p][:] = src[p]
    else:
        fb.blit(base.fb, 0, 0, 0)
    if marks is None and cursor < 0:
        return
    x0, y0 = origin(g)
    cols = g.cols
    for i in range(g.ncells):
        m = marks[i] if marks is not None else 0
        if not (m or i == cursor) or not g.pips[i]:
            continue
        x = x0 + (i % cols) * 6
        y = y0 + (i // cols) * 6
        if i == cursor:
            fb.fill_rect(x - 1, y - 1, 7, 7, 1)
            ov_cell(fb, g, sh, i, x, y, 0)
        else:
            fb.fill_rect(x, y, 5, 5, 0)
            if m & 1:
                fb.rect(x - 1, y - 1, 7, 7, 1)
            ov_cell(fb, g, sh, i, x, y, 1)


def moved(fb, g, seat, old, cursor, marks, title, right):
    # The cursor moved from old on a screen drawn by App.screen (the same sheet,
    # marks and dice): only the old and the new cursor field, the frames of the
    # old one's neighbours (its lit 7x7 square covered the gaps they share; every
    # other pixel of a field is inside its own 5x5 box), the bar and the zoom are
    # drawn again, the same pixels as overview() and zoom() drawn whole (tests/
    # test_dizzle_view.py). The bench's Dizzle session's 169 cursor keys, median on
    # the unix port (two runs of each, alternately): 392/373 -> 252/246 us; another
    # pair, with the base copied in overview() too: 290/264 -> 190/176 us.
    sh = g.sheets[seat]
    x0, y0 = origin(g)
    cols = g.cols
    r, c = divmod(old, cols)
    x = x0 + c * 6
    y = y0 + r * 6
    fb.fill_rect(x - 1, y - 1, 7, 7, 0)
    if g.pips[old]:
        if marks[old]:
            ov_cell(fb, g, sh, old, x, y, 1)
        else:
            ov_cell(fb, g, sh, old, x, y, 1, False)
    for i in range(max(0, r - 1) * cols, min(g.rows, r + 2) * cols):
        if marks[i] & 1 and g.pips[i] and -1 <= i % cols - c <= 1:
            fb.rect(x0 + (i % cols) * 6 - 1, y0 + (i // cols) * 6 - 1, 7, 7, 1)
    if g.pips[cursor]:
        x = x0 + (cursor % cols) * 6
        y = y0 + (cursor // cols) * 6
        fb.fill_rect(x - 1, y - 1, 7, 7, 1)
        ov_cell(fb, g, sh, cursor, x, y, 0)
    bar(fb, title, right)
    fb.fill_rect(PX, ZY, 128 - PX, ZR * ZP, 0)
    zoom(fb, g, seat, cursor, marks)


def zoom_origin(g, cell):
    r, c = divmod(cell, g.cols)
    r0 = max(0, min(r - 1, g.rows - ZR))
    c0 = max(0, min(c - 1, g.cols - ZC))
    return r0, c0


def zoom(fb, g, seat, cursor, marks=None):
    # 4 x 3 fields around cursor, big: pips, symbol, tag
    sh = g.sheets[seat]
    r0, c0 = zoom_origin(g, cursor)
    for rr in range(ZR):
        for cc in range(ZC):
            r = r0 + rr
            c = c0 + cc
            if r >= g.rows or c >= g.cols:
                continue
            i = r * g.cols + c
            x = PX + 1 + cc * ZP
            y = ZY + rr * ZP
            p = g.pips[i]
            if not p:
                if i == cursor:
                    fb.rect(x, y, 14, 14, 1)
                continue
            k = 1
            if i == cursor:
                fb.fill_rect(x, y, 14, 14, 1)
                k = 0
            elif marks is not None and marks[i] & 1:
                fb.rect(x, y, 14, 14, 1)
            st = sh[i]
            if st == XED or p == START:
                font.icon(fb, XICON, x + 3, y + 3, k)
            elif st == DIE:
                font.icon(fb, DICE9[p - 1], x + 3, y + 3, k)
            elif st == BOOM:
                hatch(fb, x + 1, y + 1, 12, 12, k)
            else:
                font.text(fb, DIGITS[p], x + 1, y + 1, k)
                s = SYM.get(g.syms[i], -1)
                if s >= 0:
                    font.icon(fb, SYM_ICON[s], x + 6, y + 6, k)
                    if SYM_TAG[s]:
                        font.text(fb, SYM_TAG[s], x + 1, y + 9, k, FONT3x5)


def die7(fb, x, y, v, style=0):
    # a 7x7 die: 0 outlined, 1 lit (chosen), 2 fits nowhere now (corners only)
    if style == 1:
        font.icon(fb, DICE7[v - 1], x, y)
        return
    if style == 0:
        fb.rect(x, y, 7, 7, 1)
    else:
        for k in (0, 6):
            fb.pixel(x + k, y, 1)
            fb.pixel(x + k, y + 6, 1)
    for col, row in draw._PIPS[v - 1]:
        fb.pixel(x + 2 + col, y + 2 + row, 1)


def pool(fb, g, sel=0, fits=None):
    # the dice on the table: dice of value sel lit, dice that fit nowhere now
    # (fits given and not fits[v]) without their outline
    x = 0
    for v in g.pool:
        die7(fb, x, PY, v, 1 if v == sel else 2 if fits is not None and not fits[v] else 0)
        x += 8


def bar(fb, text, right=""):
    # the title bar over the right panel (the title cut short to leave room)
    fb.fill_rect(PX, 0, 128 - PX, 9, 1)
    n = (128 - PX - 3 - (font.width(right) + 1 if right else 0)) // 6
    font.text(fb, text[:n], PX + 2, 1, 0)
    if right:
        font.text_right(fb, right, 127, 1, 0)


def tag(fb, text):
    font.text_right(fb, text, 128, PY + 1, 1, FONT3x5)


def lines(fb, texts, y=ZY + 1, x=PX + 1):
    # short texts in the right panel (10 characters a line), or from x
    for t in texts:
        font.text(fb, t, x, y)
        y += 9


def button(fb, text, y, lit):
    w = 128 - PX
    if lit:
        fb.fill_rect(PX, y - 2, w, 11, 1)
    else:
        fb.rect(PX, y - 2, w, 11, 1)
    font.text(fb, text, PX + 1, y, 0 if lit else 1)


def box(fb, texts, hint="A:OK"):
    # a framed box over the screen with a few lines of text
    n = len(texts)
    h = 9 * n + 14
    y = (64 - h) // 2
    fb.fill_rect(4, y, 120, h, 0)
    fb.rect(4, y, 120, h, 1)
    fb.rect(5, y + 1, 118, h - 2, 1)
    for t in texts:
        font.text_center(fb, t, 64, y + 4)
        y += 9
    font.text_right(fb, hint, 120, y + 3)


def roll(fb, g):
    # the start player's roll (big dice, sorted, in rows of up to 7) and the
    # round tracker: each name with a box per round, ticked when start player
    font.text(fb, "%s rolls %d dice:" % (g.names[g.starter], len(g.pool)), 2, 11)
    y = 21
    i = 0
    while i < len(g.pool):
        row = g.pool[i:i + 7]
        x = (128 - 14 * len(row) + 3) // 2
        for v in row:
            draw.die(fb, x, y, 11, v)
            x += 14
        y += 14
        i += 7
    y = max(y, 48)
    x = 0
    for p in range(g.n):
        if x + 4 * (len(g.names[p]) + g.rounds) > 128:
            x = 0
            y += 7
        x = font.text(fb, g.names[p], x, y, 1, FONT3x5) + 2
        for k in range(g.rounds):
            if k < g.ticks[p]:
                fb.fill_rect(x + 4 * k, y, 3, 5, 1)
            else:
                fb.rect(x + 4 * k, y, 3, 5, 1)
        x += 4 * g.rounds + 6
    font.text_right(fb, "A:OK", 127, PY)


def sheet_page(fb, game, seat, name, tag_text):
    # a player's sheet among everyone's: the whole sheet, points, X's, dice this
    # turn and whether they are still in; the dice on the table
    overview(fb, game, seat, -1, None)
    bar(fb, name, "%d/%d" % (seat + 1, game.n))
    state = "out" if not game.active[seat] else "last go" if game.last == seat else "in"
    lines(fb, ["%d points" % game.score(seat), "%d X" % game.x_count(seat),
               "%d dice" % len(game.placed[seat]), "" if game.is_over() else state])
    font.text(fb, "A:zoom", PX + 1, 46)
    pool(fb, game)
    tag(fb, tag_text)


_WRAPPED = [None, 0, None, None, 0, None]     # two texts wrapped: text, width, lines; text, width, lines


def wrapped(text, width):
    # font.wrap(text, width), kept for the next frames: an event page is drawn five
    # times (its field blinks) and font.wrap allocates 1.5-3 KB a text (unix port,
    # 64-bit), more than a collection's worth at the console's threshold every page.
    w = _WRAPPED
    for k in (0, 3):
        if w[k + 1] == width and w[k] == text:
            return w[k + 2]
    k = 0 if w[1] == width or not w[1] else 3     # a slot per width
    w[k] = text
    w[k + 1] = width
    w[k + 2] = font.wrap(text, width)
    return w[k + 2]


def event_page(fb, g, seat, cell, lit, text, title, page, pages):
    # one event on the sheet it happened on: the field it names (cell, -1 none)
    # lit when lit, the text beside it; the list's title and page at the bottom. A
    # text naming no field too long for the side (like "Still no fit: give
    # back one of this turn's dice.") takes the whole width instead.
    t = wrapped(text, 128 - PX)
    if cell < 0 and len(t) > 5:
        fb.fill_rect(0, 0, 128, 9, 1)
        font.text_right(fb, "%d/%d" % (page + 1, pages), 126, 1, 0)
        lines(fb, wrapped(text, 126)[:5], 11, 0)
    else:
        overview(fb, g, seat, cell if lit else -1, None)
        bar(fb, g.names[seat], "%d/%d" % (page + 1, pages))
        lines(fb, t[:5])
    font.text(fb, title, 0, PY)
    font.text_right(fb, "A:next" if page + 1 < pages else "A:OK", 127, PY)


def place(g, text):
    # the field an event names ("Ben 6 on 8,9 (puzzle A)": row 8, column 9,
    # counted from 1), or -1: the first word (spaces apart, without trailing
    # "," and ")") that is digits,digits on the sheet. Found with find() and
    # indices: split into words it took 7.4 us and 448 B a page shown, now 3.4 us
    # and none (unix port).
    n = len(text)
    i = 0
    while i <= n:
        j = text.find(" ", i)
        if j < 0:
            j = n
        e = j
        while e > i and text[e - 1] in ",)":
            e -= 1
        k = text.find(",", i, e)
        if k >= 0:
            r = _number(text, i, k)
            c = _number(text, k + 1, e)
            if 0 < r <= g.rows and 0 < c <= g.cols:
                return (r - 1) * g.cols + c - 1
        i = j + 1
    return -1


def seat_in(names, text, default):
    # The player an event is about (its first name; "Bomb 2,2 by Ann": Ann), else
    # default (the one holding the console). startswith and find, not slices and
    # formatting: 352 -> 0 B a page shown.
    for p in range(len(names)):
        name = names[p]
        n = len(name)
        if text.startswith(name) and len(text) > n and text[n] in " :'":
            return p
        k = text.find(" by ")
        while k >= 0:
            if text.startswith(name, k + 4) and text.startswith(" ", k + 4 + n):
                return p
            k = text.find(" by ", k + 1)
    return default


def _number(text, i, e):
    # text[i:e] read as a number, -1 unless it is all digits (and not empty)
    if i >= e:
        return -1
    v = 0
    while i < e:
        d = ord(text[i]) - 48
        if d < 0 or d > 9:
            return -1
        v = v * 10 + d
        i += 1
    return v


# ---- what the decision screens mark and where they start (tests/drive/dizzle.py
# depends on it): plain logic, kept here with the marks it fills
def values(game):
    # The die values on the table, each once, in pool order.
    out = []
    for v in game.pool:
        if v not in out:
            out.append(v)
    return out


def fitting(game, placements=None):
    # fitting[v]: a die showing v may go somewhere now (placements: the game's, when
    # the caller has them already: each is a search of the sheet).
    fits = bytearray(7)
    for value, _cell in placements or game.placements():
        fits[value] = 1
    return fits


def first_value(game, fits=None):
    # The first die value (index in values()) that fits somewhere: where the turn starts.
    vals = values(game)
    fits = fits or fitting(game)
    for i in range(len(vals)):
        if fits[vals[i]]:
            return i
    return 0


def mark_fields(game, value, marks, placements=None):
    # Mark the fields a die showing value may go on (1: framed) and those any die
    # may go on (2: the overview shows their pips); the first framed one, or -1.
    first = -1
    for i in range(game.ncells):
        marks[i] = 0
    for v, cell in placements or game.placements():
        marks[cell] = 2
        if v == value:
            marks[cell] = 1
            if first < 0:
                first = cell
    return first


def start_cell(game, value):
    # Where the cursor starts for a die of value: its first field, else a target.
    cell = mark_fields(game, value, MARK)
    if cell >= 0:
        return cell
    targets = game.target_cells(game.cur)
    return targets[0] if targets else 0


def choice_cells(game):
    # The fields to give back or to send a rocket to, in the order the cursor starts.
    if game.phase == "back":
        return list(game.placed[game.cur])
    return game.free_planets(game.to_act())


def cell_of(action, cols):
    # The field an action names ("5@3,4", "back@1,6", counted from 1): its index.
    row, col = action.split("@")[1].split(",")
    return (int(row) - 1) * cols + int(col) - 1
