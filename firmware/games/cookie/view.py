"""Cookie Party drawings: a player's 6x6 board, the info panel, the scoreboard rows.

Screen plan (128x64): the board on the left (10 px a space: x 0-60, y 1-61),
the panel on the right (x 64-127): the dice and their sum, the player and
the points, the drink bars, two prompt lines, the space under the cursor
zoomed (cookie, name, chip, walls).

Marks, the same everywhere: a drawn (or printed) wall is a solid line, a
free one only its corner dots; a cookie is its icon; a red-background space
has a dotted ring inside; a chip is its number; a crossed space is an X;
the cursor space is lit (its walls stay visible); a wall that may be drawn
now is dashed, the wall under the cursor is a thick bar. While a space is
picked, every legal target has corner brackets inside (a 3-pixel L in each
inner corner; the lit cursor space has its corners cut round); the
other spaces have none (the cursor on one is a square).
"""
from core import draw, font
from core.font import FONT3x5
from games.cookie.state import SS

BY = 1          # the board's top edge (x starts at 0)
PX = 64         # the panel's left edge
ZY = 47         # the zoom lines


def _icons():
    """The cookie icons (KIND_CODES order); then
    core.icon_data is let go (every game's icons together cost heap)."""
    from core import icon_data as I
    from core.session import unload
    out = I.COOKIES
    unload("core.icon_data")
    return out


COOKIES = _icons()
KINDS = "CBDGJMPSW"     # data.KIND_CODES, the order of COOKIES


def corner(i):
    """Wall i -> (x, y, horizontal) of its top/left end on the screen."""
    if i < 42:
        return 10 * (i % 6), BY + 10 * (i // 6), True
    i -= 42
    return 10 * (i % 7), BY + 10 * (i // 7), False


def wall(fb, i, style):
    """style 1: solid; 2: dashed (may be drawn now); 3: thick (the cursor)."""
    x, y, h = corner(i)
    if style == 1:
        if h:
            fb.hline(x, y, 11, 1)
        else:
            fb.vline(x, y, 11, 1)
    elif style == 3:
        if h:
            fb.fill_rect(x, y - 1, 11, 3, 1)
        else:
            fb.fill_rect(x - 1, y, 3, 11, 1)
    else:
        for k in range(1, 10, 2):
            if h:
                fb.pixel(x + k, y, 1)
            else:
                fb.pixel(x, y + k, 1)


def brackets(fb, x0, y0, x1, y1, c):
    """A 3-pixel L in each corner of the box x0..x1, y0..y1: a legal target."""
    fb.hline(x0, y0, 2, c)
    fb.vline(x0, y0, 2, c)
    fb.hline(x1 - 1, y0, 2, c)
    fb.vline(x1, y0, 2, c)
    fb.hline(x0, y1, 2, c)
    fb.vline(x0, y1 - 1, 2, c)
    fb.hline(x1 - 1, y1, 2, c)
    fb.vline(x1, y1 - 1, 2, c)


def cell(fb, g, p, s, x, y, lit=False, under=False, legal=False):
    """Space s of seat p with its top-left grid corner at x, y (interior
    x+1..x+9); lit: the cursor (a lit 7x7 square, its content dark);
    under: the cookie even under a chip or a cross; legal: a target now
    (corner brackets)."""
    c = 1
    if lit:
        # the whole space lit, one dark pixel short of every drawn wall
        w = g.walls[p]
        t = w[SS[4 * s]] and 1
        u = w[SS[4 * s + 2]] and 1
        r = 9 - (w[SS[4 * s + 3]] and 1)
        b = 9 - (w[SS[4 * s + 1]] and 1)
        fb.fill_rect(x + 1 + u, y + 1 + t, r - u, b - t, 1)
        c = 0
        if legal:
            # a legal cursor space: its four corners cut (rounded)
            fb.pixel(x + 1 + u, y + 1 + t, 0)
            fb.pixel(x + r, y + 1 + t, 0)
            fb.pixel(x + 1 + u, y + b, 0)
            fb.pixel(x + r, y + b, 0)
    elif g.red[s]:
        for k in range(1, 10, 2):
            fb.pixel(x + k, y + 1, 1)
            fb.pixel(x + k, y + 9, 1)
            fb.pixel(x + 1, y + k, 1)
            fb.pixel(x + 9, y + k, 1)
    if legal and not lit:
        brackets(fb, x + 1, y + 1, x + 9, y + 9, 1)
    v = 0 if under else g.chip_at[p][s]
    if g.crossed[p][s] and not under:
        fb.line(x + 2, y + 2, x + 8, y + 8, c)
        fb.line(x + 8, y + 2, x + 2, y + 8, c)
    elif v:
        font.text(fb, str(v), x + 6 - 2 * len(str(v)), y + 3, c, FONT3x5)
    else:
        font.icon(fb, COOKIES[KINDS.find(g.kinds[s])], x + 2, y + 2, c)


def board(fb, g, p, cur=-1, marks=(), sel=-1, legal=None):
    """Seat p's board: cur the cursor space, marks walls shown dashed, sel
    the wall under the cursor (thick), legal (36 flags, or None) the spaces
    that may be picked now (bracketed)."""
    fb.fill_rect(0, 0, PX - 1, 64, 0)
    for s in range(36):
        cell(fb, g, p, s, 10 * (s % 6), BY + 10 * (s // 6), s == cur, False, legal is not None and legal[s])
    w = g.walls[p]
    for i in range(84):
        if w[i]:
            wall(fb, i, 1)
    for y in range(BY, BY + 61, 10):
        for x in range(0, 61, 10):
            fb.pixel(x, y, 1)
    for i in marks:
        if not w[i]:
            wall(fb, i, 2)
    if sel >= 0:
        wall(fb, sel, 3)


def bars(fb, n, x, y):
    """The drink: a cup and three bars, crossed ones filled."""
    fb.rect(x, y + 1, 5, 6, 1)
    fb.hline(x - 1, y, 7, 1)
    for k in range(3):
        bx = x + 8 + 5 * k
        if k < n:
            fb.fill_rect(bx, y, 4, 7, 1)
        else:
            fb.rect(bx, y, 4, 7, 1)


def head(fb, g, p, name):
    """Panel top: the dice and their sum, the player, points / goal, the drink."""
    fb.fill_rect(PX - 1, 0, 128 - PX + 1, 64, 0)
    if g.dice[0]:
        draw.die(fb, PX, 0, 11, g.dice[0])
        draw.die(fb, PX + 13, 0, 11, g.dice[1])
        font.text(fb, "=%d" % g.roll_sum(), PX + 26, 2)
    if g.round:
        font.text_right(fb, "R%d" % g.round, 128, 3, 1, FONT3x5)
    font.text(fb, name[:10], PX, 12)
    font.text(fb, "%d/%d" % (g.score[p], g.threshold), PX, 20)
    bars(fb, g.bars[p], PX + 39, 20)


def prompt(fb, a, b=""):
    font.text(fb, a[:10], PX, 29)
    font.text(fb, b[:10], PX, 37)


def zoom(fb, g, p, s):
    """The space under the cursor, readable: its cookie (even under a chip
    or a cross; red ring), the kind's name, its row and column, chip or cross."""
    fb.fill_rect(PX - 1, ZY - 2, 11, 11, 0)
    cell(fb, g, p, s, PX - 2, ZY - 3, False, True)
    font.text(fb, g.kind_name(s)[:8], PX + 11, ZY)
    font.text(fb, "%d %d" % (s // 6, s % 6), PX, ZY + 11, 1, FONT3x5)
    v = g.chip_at[p][s]
    t = "crossed" if g.crossed[p][s] else "chip %d" % v if v else "red" if g.red[s] else ""
    font.text(fb, t, PX + 15, ZY + 9)


def task_icon(fb, g, t, x, y, c=1):
    """7x7 mark of task t: its cookie, a dotted square (red), a row (line)."""
    k = g.tasks[t][0]
    if k[:4] == "all_":
        font.icon(fb, COOKIES[KINDS.find(k[4])], x, y, c)
    elif k == "line":
        fb.rect(x, y + 2, 7, 3, c)
        fb.vline(x + 3, y + 2, 3, c)
    else:
        fb.rect(x, y, 7, 7, c)
        for k in range(2, 5, 2):
            fb.pixel(x + k, y + 2, c)
            fb.pixel(x + k, y + 4, c)
            fb.pixel(x + 3, y + 3, c)


# ---- the screens beside the turn: scoreboard, boards, events, refusals, the end ----------
def scoreboard_page(ui, g, p, i, first):
    """Five tasks from first, task i lit; seat p's progress and points."""
    fb = ui.fb
    ui.clear()
    ui.bar("Goal %d" % g.threshold, "%s %d" % (g.names[p], g.score[p]))
    for t in range(first, min(g.nt, first + 5)):
        task_row(fb, g, p, t, 11 + 9 * (t - first), t == i)
    ui.scroll_mark(first, 5, g.nt)
    font.text(fb, "%s A:who B:back" % (font.ARROW_LEFT + font.ARROW_RIGHT), 0, 56)
    ui.show()


def task_text(g, t):
    """Task t for a message: its name, points, who scored it and when."""
    x = g.tasks[t]
    out = [x[4], "Points %d / %d / %d" % (x[2][0], x[2][1], x[2][2])]
    for q in range(g.n):
        for c in g.claims[q]:
            if c[0] == t:
                out.append("%s %d (round %d)" % (g.names[q], c[2], c[4]))
    if len(out) == 2:
        out.append("Nobody yet. Next: %d" % g.next_points(t))
    return "\n".join(out)


def board_page(fb, g, p):
    """Seat p's board with its points, drink, chips left and tasks done."""
    board(fb, g, p)
    head(fb, g, p, g.names[p])
    gone = 0
    for v in range(2, 13):
        gone += g.gone[p][v] > 0
    prompt(fb, "%d/%d " % (p + 1, g.n) + font.ARROW_LEFT + font.ARROW_RIGHT, "chips %d" % (11 - gone))
    font.text(fb, "tasks %d" % len(g.claims[p]), PX, ZY)
    font.text(fb, "B:back", PX, ZY + 9)


def events_page(ui, title, lines, first):
    """Five lines of event texts from first, arrows when there are more."""
    fb = ui.fb
    ui.clear()
    ui.bar(title)
    for i in range(first, min(len(lines), first + 5)):
        font.text(fb, lines[i], 0, 11 + 9 * (i - first))
    font.text_right(fb, "A:OK", 128, 56)
    if len(lines) > 5:
        font.text(fb, (font.ARROW_UP if first else " ") + (
            font.ARROW_DOWN if first + 5 < len(lines) else ""), 0, 56)
    ui.show()


def refusal(fb, reason):
    """A reason in a box over the screen."""
    fb.fill_rect(4, 9, 120, 54, 0)
    fb.rect(4, 9, 120, 54, 1)
    fb.rect(5, 10, 118, 52, 1)
    y = 13
    for line in font.wrap(reason, 112)[:4]:
        font.text_center(fb, line, 64, y)
        y += 9
    font.text_right(fb, "A:OK", 120, 52)


def end_rows(g):
    """ui.scores rows: name, points, every task with the points it brought."""
    rows = []
    for p in range(g.n):
        d = []
        for x in g.task_list(p):
            d.append("%s: %s" % (x[1], x[2] or "-"))
        rows.append((g.names[p], g.score[p], "\n".join(d) + "\nTotal %d points" % g.score[p]))
    return rows


def task_row(fb, g, p, t, y, lit):
    """A scoreboard row: mark, name, the three slots (taken ones lit) and
    seat p's progress (crossed / needed, or a check and the points got)."""
    x = g.tasks[t]
    c = 0 if lit else 1
    if lit:
        fb.fill_rect(0, y - 1, 124, 9, 1)
    task_icon(fb, g, t, 1, y, c)
    k = x[0]
    font.text(fb, g.kind_name(x[3][0]) if k[:4] == "all_" else "ROW/COL" if k == "line" else "6 RED", 10, y, c)
    for j in range(3):
        sx = 60 + 13 * j
        taken = j < g.level[t]
        for q in range(g.n):
            for cl in g.claims[q]:
                if cl[0] == t and cl[1] == j:
                    taken = True
        if taken:
            fb.fill_rect(sx, y - 1, 12, 9, c)
        v = x[2][j]
        font.text(fb, str(v), sx + (1 if v > 9 else 4), y, c ^ 1 if taken else c)
    d = g.done[p][t]
    font.text(fb, font.CHECK + str(d) if d else "%d/%d" % (progress(g, p, t), x[1] if x[3] else 6), 100, y, c)


def progress(g, p, t):
    """How far seat p is with task t: crossed spaces of it (the best line)."""
    x = g.tasks[t]
    cr = g.crossed[p]
    if x[3]:
        return min(x[1], sum([cr[s] for s in x[3]]))
    best = 0
    for r in range(6):
        best = max(best, sum([cr[6 * r + c] for c in range(6)]), sum([cr[6 * c + r] for c in range(6)]))
    return best
