"""Clever Kids drawings: the dice column, one area zoomed, the whole sheet.

Screen plan (128x64): title bar (rows 0-8); the five dice down the left
(x 0-23, one die per 11 rows); the panel on the right (x 25-127): one area
of a sheet (rows 10-54) and a status line (rows 56-63). The overview of a
whole sheet uses the full width under the bar.

Marks in a zoomed area: a star is a star; a bonus circle is a ring with
the colour letter inside (Y R G B), lit once earned; a crossed field is
crossed out (X); a field that can be crossed now has a frame; the cursor
is lit. In the overview a crossed field is lit, its reward drawn inside.

A sheet is the rules' list of counters (games/clever/sheet.py): one per line
crossed left to right (yellow, red, each blue row), then the green mask.
"""
import micropython

from core import font
from core.font import FONT3x5
from games.clever import sheet as model

# The small drawing functions called for every field and die (symbol, reward, earned,
# cross_out, dotted_rect, die) are native code where the port has the emitter, plain
# Python in the simulator and the browser (as core/font.py's): as bytecode each call
# took its frame (5-6 arguments) from the heap, counted towards the console's collection
# every 4 KB, so drawing an area collected the heap about once. An area under that policy
# (100 KB live, unix port): 245-441 -> 43-99 us, the dice column 161 -> 15 us; view.mpy
# for a Pico (armv6m) 5.9 -> 9.2 KB. (area and dice_column native too: 16-62 and 11 us,
# but 12.1 KB.)

data = model.data
PX = 25          # the panel's left edge
SY = 56          # the status line
JOKER = 0


def _icons():
    """Icon and small marker per symbol code (from the symbol names in
    data.py), the star; then core.icon_data is let go: every game's icons
    together cost more heap than this game can spare."""
    from core import icon_data
    from core.session import unload
    by_kind = {"R": icon_data.CL_CANDLE, "G": icon_data.CL_PRESENT, "cupcake": icon_data.CL_CUPCAKE,
               "donut": icon_data.CL_DONUT, "cake": icon_data.CL_CAKE}
    icons, marks = [], []
    for code in range(len(data.SYM_NAMES)):
        symbol_name = data.SYM_NAMES[code]
        if data.SYM_COLOUR[code] > 3:
            icons.append(icon_data.JOKER_7)
            marks.append("")
        elif symbol_name[0] == "Y":
            icons.append(icon_data.CL_BALLOON)
            label = data.SYM_LABEL[code]
            marks.append(font.HEART if "heart" in label else label[0].upper())
        else:
            icons.append(by_kind.get(symbol_name[2:], by_kind.get(symbol_name[0], icon_data.CL_PRESENT)))
            marks.append("")
    out = (tuple(icons), tuple(marks), icon_data.CL_STAR, icon_data.CL_CANDLE, icon_data.CL_PRESENT)
    unload("core.icon_data")
    return out


ICON, MARK, STAR8, CANDLE, PRESENT = _icons()


@micropython.native
def symbol(fb, code, x, y, c=1):
    """A symbol: its 8x8 icon and, for balloons, the kind (heart, B, P, G)."""
    font.icon(fb, ICON[code], x, y + (code == JOKER), c)
    mark = MARK[code]
    if mark == font.HEART:
        font.text(fb, mark, x + 8, y, c)
    elif mark:
        font.text(fb, mark, x + 9, y + 2, c, FONT3x5)


@micropython.native
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
        font.text(fb, data.COLOURS[rew - 2], x + r - 1, y + r - 2, c, FONT3x5)


@micropython.native
def cross_out(fb, x, y, w, h, c=1):
    fb.line(x, y, x + w - 1, y + h - 1, c)
    fb.line(x, y + h - 1, x + w - 1, y, c)
    fb.line(x + 1, y, x + w - 1, y + h - 2, c)
    fb.line(x + 1, y + h - 1, x + w - 1, y + 1, c)


@micropython.native
def dotted_rect(fb, x, y, w, h):
    for i in range(0, w, 2):
        fb.pixel(x + i, y, 1)
        fb.pixel(x + i, y + h - 1, 1)
    for i in range(0, h, 2):
        fb.pixel(x, y + i, 1)
        fb.pixel(x + w - 1, y + i, 1)


# ---- the dice ----------------------------------------------------------------
@micropython.native
def die(fb, code, x, y, state=0, lit=False):
    """One die, 24x10: colour letter, symbol. state 0 free, 1 used in this
    move (dimmed), 2 not in the middle (only its outline, dotted; lit: with its
    symbol). A lit die (one the colour at the cursor would use, or the die at
    the cursor) is drawn dark on light."""
    if state == 2:
        dotted_rect(fb, x, y, 24, 10)
        if lit:                         # at the die cursor: what it was
            symbol(fb, code, x + 9, y + 1)
        return
    ink = 0 if lit else 1
    if lit:
        fb.fill_rect(x, y, 24, 10, 1)
    else:
        fb.rect(x, y, 24, 10, 1)
    colour = data.SYM_COLOUR[code]
    if colour < 4:
        fb.fill_rect(x + lit, y + lit, 7, 10 - 2 * lit, ink)    # a lit die: its frame stays apart
        font.text(fb, data.COLOURS[colour], x + 1 + lit, y + 1, 1 - ink)
    symbol(fb, code, x + 9, y + 1, ink)
    if state == 1:
        for j in range(10):
            for i in range(j & 1, 24, 2):
                fb.pixel(x + i, y + j, 0)


def in_middle(game, i):
    """Whether die i is there for the player to act (not taken by the roller)."""
    return not (game.role and game.taken[i])


def dice_column(fb, game, colour=-1, cursor=-1):
    """The five dice down the left edge, as the player to act sees them; lit: the
    die at the cursor, else the dice picking colour would use (its own and the jokers)."""
    for i in range(model.NDICE):
        state = 2 if not in_middle(game, i) else 1 if game.spent[i] else 0
        code = game.dice[i]
        own = data.SYM_COLOUR[code]     # > 3: a joker
        lit = i == cursor if cursor >= 0 else colour >= 0 and (own == colour or own > 3)
        die(fb, code, 0, 10 + 11 * i, state, lit)


DICE_HINT = font.ARROW_DOWN + "dice"     # UP/DOWN: what each die is (made once, not a key)
DIE_HINT = font.ARROW_DOWN + font.DIE


def stars_text(sheet):
    """The stars of sheet, for the title bar."""
    return "%d%s" % (model.stars(sheet), font.STAR)


def die_text(game, i):
    """What die i is and does, in words (the rulebook's, for the joker)."""
    code = game.dice[i]
    colour = data.SYM_COLOUR[code]
    if colour > 3:
        return "Joker: any symbol of the colour you pick, alone or with its dice."
    name = data.COLOUR_NAMES[colour]
    what = data.SYM_LABEL[code] + (" balloon" if colour == 0 else "")
    use = "Pick %s to cross it." % name if in_middle(game, i) else "The roller used it."
    return "%s die: %s. %s" % (name[0].upper() + name[1:], what, use)


def die_help(fb, game, i):
    """The panel for die i: the die large, what it is and does beside and under it."""
    code = game.dice[i]
    x, y = PX + 1, 11
    fb.rect(x, y, 33, 20, 1)
    colour = data.SYM_COLOUR[code]
    if colour < 4:
        fb.fill_rect(x, y, 8, 20, 1)
        font.text(fb, data.COLOURS[colour], x + 2, y + 7, 0)
    big_icon(fb, ICON[code], x + 9 + (code == JOKER), y + 2 + (code == JOKER))
    mark = MARK[code]
    if mark:
        font.text(fb, mark, x + 26, y + 2, 1, font.FONT5x7 if mark == font.HEART else FONT3x5)
    lines = font.wrap(die_text(game, i), 127 - x - 36)
    beside = lines[:3]
    lines = beside + font.wrap(" ".join(lines[3:]), 127 - x)
    for row in range(len(lines)):
        font.text(fb, lines[row], x + 36 if row < 3 else x, y + 8 * row)


def big_icon(fb, ic, x, y):
    """An icon at twice its size."""
    w, h, bits = ic
    for k in range(w):
        for j in range(h):
            if bits[(j >> 3) * w + k] >> (j & 7) & 1:
                fb.fill_rect(x + 2 * k, y + 2 * j, 2, 2, 1)


# ---- one area, zoomed --------------------------------------------------------
def _train():
    """x of each wagon in its row (two rows)."""
    n = len(model.LREW[1])
    out = []
    x = 0
    for i in range(n):
        if i == (n + 1) // 2:
            x = 0
        out.append(x)
        x += 5 * model.LNEED[1][i] + 8
    return tuple(out)


TRAIN = _train()
NFIELDS = (len(model.LREW[0]), len(model.LREW[1]), model.GR * model.GC,
           sum(len(model.LREW[line]) for line in range(2, model.GI)))


def cell(colour, i):
    """Field i of area colour: (key, line, index or green bit, x, y, w, h)."""
    if colour == 2:
        row, col = i // model.GC, i % model.GC
        return ("G%d%d" % (row + 1, col + 1), model.GI, i, PX + 1 + 14 * col, 11 + 11 * row, 13, 10)
    if colour == 0:     # balloons: two rows
        half = (NFIELDS[0] + 1) // 2
        return ("Y%d" % (i + 1), 0, i, PX + 17 * (i % half), 11 + 22 * (i // half), 15, 10)
    if colour == 1:     # the train: two rows, a wagon as wide as its candles
        return ("R%d" % (i + 1), 1, i, PX + 1 + TRAIN[i], 11 + 21 * (i >= (NFIELDS[1] + 1) // 2),
                5 * model.LNEED[1][i] + 3, 11)
    line = 2            # sweets: a row per kind, a pair per field
    while i >= len(model.LREW[line]):
        i -= len(model.LREW[line])
        line += 1
    return ("%s%d" % (model.LNAME[line], i + 1), line, i, PX + 1 + 33 * i, 11 + 14 * (line - 2), 19, 10)


def _geometry():
    """Each area's fields as bytes, six a field (line, index, x, y, w, h): drawn on
    every key, read without allocating (cell() makes a tuple and a key text a field,
    and UP/DOWN's place() called it for every field of every item)."""
    out = []
    for colour in range(4):
        b = bytearray(6 * NFIELDS[colour])
        for i in range(NFIELDS[colour]):
            _key, line, index, x, y, w, h = cell(colour, i)
            b[6 * i:6 * i + 6] = bytes((line, index, x, y, w, h))
        out.append(bytes(b))
    return tuple(out)


GEOM = _geometry()
del _geometry   # run once: its code need not stay in the heap


def spot(colour, key):
    """The index of field key ("Y3", "R5", "G23", "B21") in area colour, -1 if it is
    none of that area's fields (a button). Worked out from the key: making every field's
    key to look it up took 2.6 KB a call (64-bit unix port), a decision's first frame
    made them up to three times (layout())."""
    line = 0
    first = 0           # the area's index of the line's first field
    for line in range(model.GI + 1):
        area = 2 if line == model.GI else model.LCOL[line]
        name = model.LNAME[line]
        if area == colour and key.startswith(name):
            break
        if area == colour and line < model.GI:
            first += len(model.LREW[line])
    else:
        return -1
    digits = key[len(name):]
    if not digits.isdigit():
        return -1
    if line == model.GI:
        if len(digits) != 2:
            return -1
        row = int(digits) // 10 - 1
        col = int(digits) % 10 - 1
        return row * model.GC + col if 0 <= row < model.GR and 0 <= col < model.GC else -1
    i = int(digits) - 1
    return first + i if 0 <= i < len(model.LREW[line]) else -1


def layout(colour, items):
    """(spots, framed) for the keys in items over area colour, once a decision: the
    field index of each item (255: a button), and a flag per field (framed by area())."""
    spots = bytearray(len(items))
    framed = bytearray(NFIELDS[colour])
    for j in range(len(items)):
        i = spot(colour, items[j])
        if i < 0:
            i = 255
        spots[j] = i
        if i != 255:
            framed[i] = 1
    return spots, framed


def framed(sheet, colour, counts):
    """A flag per field of area colour: the fields the dice counted in counts (rules'
    hand counts, counts[0] jokers) could cross first, the fields of the actions
    sheet.options() makes (tests/test_clever_app.py holds the two the same), found
    without making those actions' texts and looking each one up: a pick screen's first
    frame, and each tab's, made them (10-13 KB a tab, 64-bit unix port)."""
    flags = bytearray(NFIELDS[colour])
    if colour == 2:
        if model.have(counts, -1, 2) > 0 or counts[0] > 0:
            for b in range(model.GR * model.GC):
                flags[b] = not sheet[model.GI] >> b & 1
        return flags
    first = 0           # the area's index of the line's first field
    for line in range(model.GI):
        if model.LCOL[line] == colour:
            at = sheet[line]
            if at < len(model.LREW[line]):
                k = model.LNEED[line][at]
                if max(0, k - model.have(counts, model.LWANT[line][at], colour)) <= min(k, counts[0]):
                    flags[first + at] = 1
            first += len(model.LREW[line])
    return flags


def place(colour, key):
    """Where field key of area colour is drawn: (x, y) of its top left, or None."""
    i = spot(colour, key)
    return None if i < 0 else (GEOM[colour][6 * i + 2], GEOM[colour][6 * i + 3])


def jump(colour, spots, at, step):
    """UP/DOWN on a sheet: the item (spots: each one's field, layout()) of the nearest
    field in the row above / below, or the next item (the button)."""
    geom = GEOM[colour]
    here = spots[at]
    best = -1
    best_distance = 0
    for i in range(len(spots)):
        there = spots[i]
        if there == 255 or here == 255:
            continue
        rows_on = (geom[6 * there + 3] - geom[6 * here + 3]) * step
        if rows_on > 0:
            distance = rows_on * 4 + abs(geom[6 * there + 2] - geom[6 * here + 2])
            if best < 0 or distance < best_distance:
                best, best_distance = i, distance
    return best if best >= 0 else (at + step) % len(spots)


def status(fb, text, button=None, lit=False):
    """The status line under the area: a text and a button (Done, Skip)."""
    font.text(fb, text, PX + 1, SY)
    if button:
        w = font.width(button) + 4
        x = 128 - w
        if lit:
            fb.fill_rect(x, SY - 1, w, 9, 1)
        else:
            fb.rect(x, SY - 1, w, 10, 1)     # open at the bottom edge
        font.text(fb, button, x + 2, SY, 0 if lit else 1)


def joker_text(sheet, action):
    """How a cross action uses the dice: '2 candles', 'donut + joker', 'joker'."""
    line, _field, jokers = model.parse(action)  # pyright: ignore[reportGeneralTypeIssues]  -- parse() is None only for what is not a field
    needed, want = model.need(sheet, line)
    real = needed - jokers
    noun = data.SYM_LABEL[want] if want > 0 else (
        "balloon", "candle", "present", "sweet")[2 if line == model.GI else model.LCOL[line]]
    parts = []
    if real:
        parts.append(noun + " die" if line == 0 else "%d %ss" % (real, noun) if real > 1 else noun)
    if jokers:
        parts.append("%d jokers" % jokers if jokers > 1 else "joker")
    return " + ".join(parts)


def crossed(sheet, line, index):
    return sheet[model.GI] >> index & 1 if line == model.GI else index < sheet[line]


def area(fb, sheet, colour, framed=None, cursor=-1, only=-1):
    """Area colour of sheet with its rewards (lit once earned); crossed fields
    show an X, fields flagged in framed (layout()) are framed, the field at index
    cursor is lit. only >= 0: that field alone, over the area drawn before (the
    cursor put on it: the same pixels as the whole area drawn with that cursor, as
    tests/test_clever_app.py checks; nothing a field draws after it overlaps a lit
    field but in light)."""
    geom = GEOM[colour]
    for i in range(only if only >= 0 else 0, only + 1 if only >= 0 else NFIELDS[colour]):
        g = 6 * i
        line = geom[g]      # one by one: a six-name unpacking builds a tuple
        index = geom[g + 1]
        x = geom[g + 2]
        y = geom[g + 3]
        w = geom[g + 4]
        h = geom[g + 5]
        on = i == cursor
        done = crossed(sheet, line, index)
        if on:
            fb.fill_rect(x - 1, y - 1, w + 2, h + 2, 1)
        elif framed is not None and framed[i]:
            fb.rect(x - 1, y - 1, w + 2, h + 2, 1)
        ink = 0 if on else 1
        if done:
            if colour & 1:
                fb.rect(x, y, w, h, 1)
            cross_out(fb, x + 1, y, w - 2, h)
        elif colour == 0:
            symbol(fb, data.YELLOW_SYM[index], x + 2, y + 1, ink)
        elif colour == 1:
            fb.rect(x, y, w, h, ink)
            for k in range(model.LNEED[line][index]):
                font.icon(fb, CANDLE, x - 1 + 5 * k, y + 2, ink)
        elif colour == 2:
            font.icon(fb, PRESENT, x + 2, y + 1, ink)
        else:
            fb.rect(x, y, w, h, ink)
            code = model.LWANT[line][index]
            font.icon(fb, ICON[code], x + 1, y + 1, ink)
            font.icon(fb, ICON[code], x + 10, y + 1, ink)
        if colour == 0:
            earned(fb, model.LREW[line][index], x + 3, y + 11, done)
        elif colour == 1:
            if index % ((len(model.LREW[1]) + 1) // 2):
                fb.hline(x - 5, y + 6, 4, 1)
            earned(fb, model.LREW[line][index], x + w // 2 - 4, y + 12, done)
        elif colour == 3:
            earned(fb, model.LREW[line][index], x + 21, y + 1, done)
    if colour == 2 and only < 0:
        gx = PX + 1
        for i in range(model.GR + model.GC):
            full = sheet[model.GI] & model.GMASK[i] == model.GMASK[i]
            if i < model.GR:
                earned(fb, model.GREW[i], gx + 14 * model.GC + 1, 12 + 11 * i, full)
            else:
                earned(fb, model.GREW[i], gx + 14 * (i - model.GR) + 2, 12 + 11 * model.GR, full)


@micropython.native
def earned(fb, rew, x, y, lit):
    """A reward mark, lit (drawn dark on a lit square) once it is earned."""
    if rew and lit:
        fb.fill_rect(x - 1, y - 1, 11, 11, 1)
    reward(fb, rew, x, y, 0 if lit else 1)


# ---- the whole sheet ---------------------------------------------------------
def overview(fb, sheet, top=10):
    """All four areas of a sheet, small, under the bar. A field is a box,
    lit once crossed, with its reward inside (a star, or the letter of the
    bonus colour); each area's stars at its right."""
    stars = model.area_stars(sheet)
    for colour in (0, 1):       # balloons and train: a strip each
        y = top + 1 + 10 * colour
        _label(fb, colour, 0, y)
        x = 7
        for i in range(len(model.LREW[colour])):
            w = 8 if colour == 0 else 4 * model.LNEED[1][i] + 3
            _mini(fb, x, y, w, i < sheet[colour], model.LREW[colour][i])
            x += w + 1
        _stars(fb, stars[colour], 128, y + 1)
    fb.vline(115, top + 1, 19, 1)
    y0 = top + 21
    _label(fb, 2, 0, y0)        # presents: the grid, row stars right, column rewards below
    green = sheet[model.GI]
    for row in range(model.GR):
        for col in range(model.GC):
            _mini(fb, 7 + 8 * col, y0 + 8 * row, 9, green >> row * model.GC + col & 1, 0)
    for i in range(model.GR + model.GC):
        full = green & model.GMASK[i] == model.GMASK[i]
        if i < model.GR:
            _mini(fb, 8 + 8 * model.GC, y0 + 8 * i, 9, full, model.GREW[i], False)
        else:
            _mini(fb, 7 + 8 * (i - model.GR), y0 + 8 * model.GR + 1, 9, full, model.GREW[i], False)
    _stars(fb, stars[2], 60, y0 + 8 * model.GR + 1)
    _label(fb, 3, 66, y0)       # sweets: a row per kind
    for line in range(2, model.GI):
        y = y0 + 8 * (line - 2)
        font.icon(fb, ICON[data.BLUE_SYM[line - 2]], 75, y)     # the sweet its fields want
        for i in range(len(model.LREW[line])):
            _mini(fb, 85 + 9 * i, y, 9, i < sheet[line], model.LREW[line][i])
    _stars(fb, stars[3], 128, y0 + 8 * model.GR + 1)


def _label(fb, colour, x, y):
    font.text(fb, data.COLOURS[colour], x + 1, y + 1)


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
        font.text(fb, data.COLOURS[rew - 2], x + (w - 3) // 2, y + 2, 0 if done else 1, FONT3x5)
