"""Cookie Party drawings: a player's 6x6 board, the info panel, the scoreboard rows.

Screen plan (128x64): the board on the left (10 px a space: x 0-60, y 1-61),
the panel on the right (x 64-127): the dice and their sum, the player and
the points, the drink bars, two prompt lines, the space under the cursor
zoomed (cookie, name, chip, walls).

Marks, the same everywhere: a drawn (or printed) wall is a solid line, a
free one only its corner dots; a chip is its number; a crossed space is an X;
the cookies (a cookie is its icon, a red-background space has a dotted ring
inside) only when the player shows them (the calm board is walls and chips);
the cursor space is lit (its walls stay visible); a wall that may be drawn
now is dashed, the wall under the cursor is a thick bar. While a space is
picked, every legal target has corner brackets inside (a 3-pixel L in each
inner corner; the lit cursor space has its corners cut round); the
other spaces have none (the cursor on one is a square).

The rules' task entries are tuples (kind, needed, points, spaces, label) and
claims lists [task, slot, points, chip, round]: unpacked here into names.
"""
import micropython

from core import draw, font
from core.font import FONT3x5
from games.cookie.data import SPACE_SEGS
from games.cookie.state import seg_index, space_index, space_name

BY = 1          # the board's top edge (x starts at 0)
PX = 64         # the panel's left edge
ZY = 47         # the zoom lines


def _icons():
    """The cookie icons (KIND_CODES order); then
    core.icon_data is let go (every game's icons together cost heap)."""
    from core import icon_data
    from core.session import unload
    out = icon_data.COOKIES
    unload("core.icon_data")
    return out


COOKIES = _icons()
KINDS = "CBDGJMPSW"     # data.KIND_CODES, the order of COOKIES


# The board's drawing (draw_wall, cell, board) is native code where the port has the
# emitter (as core/font.py; plain Python in the simulator and the browser): a bytecode
# cell() (10 arguments) took its frame from the heap at each of its 36 calls a board,
# so every key press allocated ~4.6 KB (median) and collected the heap more than once
# a key (core.heap: one collection per 4 KB). draw_wall makes no tuple for the same reason.
@micropython.native
def draw_wall(fb, wall, style):
    """style 1: solid; 2: dashed (may be drawn now); 3: thick (the cursor)."""
    horizontal = wall < 42
    if horizontal:
        x = 10 * (wall % 6)
        y = BY + 10 * (wall // 6)
    else:
        x = 10 * ((wall - 42) % 7)
        y = BY + 10 * ((wall - 42) // 7)
    if style == 1:
        if horizontal:
            fb.hline(x, y, 11, 1)
        else:
            fb.vline(x, y, 11, 1)
    elif style == 3:
        if horizontal:
            fb.fill_rect(x, y - 1, 11, 3, 1)
        else:
            fb.fill_rect(x - 1, y, 3, 11, 1)
    else:
        for k in range(1, 10, 2):
            if horizontal:
                fb.pixel(x + k, y, 1)
            else:
                fb.pixel(x, y + k, 1)


@micropython.native
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


CHIP_TEXT = ("", "", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12")  # a chip's number, not made at each draw


@micropython.native
def cell(fb, game, seat, space, x, y, lit=False, under=False, legal=False, cookies=False):
    """A space of seat's board with its top-left grid corner at x, y (interior
    x+1..x+9); lit: the cursor, or a place a message names (a lit square, its
    content dark); under: the cookie even under a chip or a cross; legal: a
    target now (corner brackets); cookies: the cookie layer (icon, red ring)."""
    c = 1
    cookies = cookies or under
    if lit:
        # the whole space lit, one dark pixel short of every drawn wall
        walls = game.walls[seat]
        top = walls[SPACE_SEGS[4 * space]] and 1
        left = walls[SPACE_SEGS[4 * space + 2]] and 1
        right = 9 - (walls[SPACE_SEGS[4 * space + 3]] and 1)
        bottom = 9 - (walls[SPACE_SEGS[4 * space + 1]] and 1)
        fb.fill_rect(x + 1 + left, y + 1 + top, right - left, bottom - top, 1)
        c = 0
        if legal:
            # a legal cursor space: its four corners cut (rounded)
            fb.pixel(x + 1 + left, y + 1 + top, 0)
            fb.pixel(x + right, y + 1 + top, 0)
            fb.pixel(x + 1 + left, y + bottom, 0)
            fb.pixel(x + right, y + bottom, 0)
    elif game.red[space] and cookies:
        for k in range(1, 10, 2):
            fb.pixel(x + k, y + 1, 1)
            fb.pixel(x + k, y + 9, 1)
            fb.pixel(x + 1, y + k, 1)
            fb.pixel(x + 9, y + k, 1)
    if legal and not lit:
        brackets(fb, x + 1, y + 1, x + 9, y + 9, 1)
    chip = 0 if under else game.chip_at[seat][space]
    if game.crossed[seat][space] and not under:
        fb.line(x + 2, y + 2, x + 8, y + 8, c)
        fb.line(x + 8, y + 2, x + 2, y + 8, c)
    elif chip:
        font.text(fb, CHIP_TEXT[chip], x + (2 if chip > 9 else 4), y + 3, c, FONT3x5)
    elif cookies:
        font.icon(fb, COOKIES[KINDS.find(game.kinds[space])], x + 2, y + 2, c)


class _Kept:
    """A seat's plain board as last drawn on the display (no cursor, marks, chosen wall or
    targets): its pixels (columns 0-62, core.draw.columns) and what they show. A turn's
    event pages and every decision screen draw the same boards again: put back, one costs
    1.6 us on the unix port against 43-60 us drawn (80-110 with the cookie layer), 36
    spaces, their walls and the grid. One a seat (660 bytes, made at its first board): the
    event pages go from one player's board to the next, so with one for all the bench's
    Cookie Party session drew about 630 of its 1,050 plain boards, with one a seat 254."""

    def __init__(self):
        self.pixels = bytearray(8 * (PX - 1))
        self.game = None            # the rules' Game shown (Undo and a resume make another)
        self.cookies = False
        self.walls = bytearray(84)  # the seat's walls, crosses and chips shown
        self.crossed = bytearray(36)
        self.chips = bytearray(36)

    def shows(self, game, seat, cookies):
        return (game is self.game and cookies == self.cookies and game.walls[seat] == self.walls
                and game.crossed[seat] == self.crossed and game.chip_at[seat] == self.chips)

    def keep(self, frame, game, seat, cookies):
        draw.columns(frame, self.pixels, 0, PX - 1, 0)
        self.game = game
        self.cookies = cookies
        self.walls[:] = game.walls[seat]
        self.crossed[:] = game.crossed[seat]
        self.chips[:] = game.chip_at[seat]


_KEPT = []      # a _Kept a seat


@micropython.native
def plain(fb, game, seat, cookies):
    """Seat's board without a cursor, marks or targets: put back when the display showed it
    last as it is now (_Kept), else drawn and kept."""
    frame = getattr(fb, "buffer", None)     # the display's (hal/README.md); another frame is drawn
    if frame is not None:
        while len(_KEPT) <= seat:
            _KEPT.append(_Kept())
        kept = _KEPT[seat]
        if kept.shows(game, seat, cookies):
            draw.columns(frame, kept.pixels, 0, PX - 1, 1)
            return
    fb.fill_rect(0, 0, PX - 1, 64, 0)
    for space in range(36):
        cell(fb, game, seat, space, 10 * (space % 6), BY + 10 * (space // 6), False, False, False, cookies)
    walls = game.walls[seat]
    for wall in range(84):
        if walls[wall]:
            draw_wall(fb, wall, 1)
    for y in range(BY, BY + 61, 10):
        for x in range(0, 61, 10):
            fb.pixel(x, y, 1)
    if frame is not None:
        _KEPT[seat].keep(frame, game, seat, cookies)


@micropython.native
def board(fb, game, seat, cursor=-1, marks=(), chosen=-1, legal=None, cookies=False):
    """Seat's board: cursor the lit space, marks walls shown dashed, chosen the
    wall under the cursor (thick), legal (36 flags, or None) the spaces that
    may be picked now (bracketed), cookies the cookie layer. The plain board first,
    then what lies over it: a target's brackets and the lit cursor space are drawn
    inside their spaces (walls and grid dots stay), the marks and the chosen wall last."""
    plain(fb, game, seat, cookies)
    if legal is not None:
        for space in range(36):
            if legal[space] and space != cursor:
                x = 10 * (space % 6)
                y = BY + 10 * (space // 6)
                brackets(fb, x + 1, y + 1, x + 9, y + 9, 1)
    if cursor >= 0:
        x = 10 * (cursor % 6)
        y = BY + 10 * (cursor // 6)
        fb.fill_rect(x + 1, y + 1, 9, 9, 0)
        cell(fb, game, seat, cursor, x, y, True, False, legal is not None and legal[cursor], cookies)
    walls = game.walls[seat]
    for wall in marks:
        if not walls[wall]:
            draw_wall(fb, wall, 2)
    if chosen >= 0:
        draw_wall(fb, chosen, 3)


@micropython.native
def moved(fb, game, seat, old, cursor, legal, cookies):
    """The cursor moved from old on the screen of board(), head(), prompt() and zoom()
    drawn before without marks or a chosen wall: the two spaces (their insides: walls,
    grid dots and other spaces stay) and the zoom (rows 45-63 are its own) drawn again."""
    space = old
    while True:
        x = 10 * (space % 6)
        y = BY + 10 * (space // 6)
        fb.fill_rect(x + 1, y + 1, 9, 9, 0)
        cell(fb, game, seat, space, x, y, space == cursor, False, legal is not None and legal[space], cookies)
        if space == cursor:
            break
        space = cursor
    fb.fill_rect(PX - 1, ZY - 2, 129 - PX, 66 - ZY, 0)
    zoom(fb, game, seat, cursor)


# ---- the places a message names, shown on the board -------------------------------------
def _number(word):
    return word.rstrip(",").isdigit()


def groups(text):
    """The words of text, the words of a place kept together ("H 2 3", "4 1"):
    a line break never splits a place."""
    words = text.split()
    out = []
    i = 0
    while i < len(words):
        n = 1
        if words[i] in ("H", "V") and i + 2 < len(words) and _number(words[i + 1]) and _number(words[i + 2]):
            n = 3
        elif i + 1 < len(words) and _number(words[i]) and _number(words[i + 1]):
            n = 2
        out.append(words[i] if n == 1 else " ".join(words[i:i + n]))    # (a word alone: not copied)
        i += n
    return out


def place(group):
    """A group of groups() -> the place it names: 0-35 a space, 36 + index a
    wall; -1 for any other word."""
    words = group.rstrip(",").split()
    if len(words) == 3:
        wall = seg_index(words[0], int(words[1]), int(words[2]))
        return 36 + wall if wall >= 0 else -1
    if len(words) == 2 and _number(words[0]):
        return space_index(int(words[0]), int(words[1]))
    return -1


def spot(fb, game, seat, text, cookies=False, parts=None):
    """Light every place text names on seat's board (drawn before): a space
    lit, a wall thick. parts: groups(text), when the caller has them."""
    for group in groups(text) if parts is None else parts:
        found = place(group)
        if found >= 36:
            draw_wall(fb, found - 36, 3)
        elif found >= 0:
            cell(fb, game, seat, found, 10 * (found % 6), BY + 10 * (found // 6), True, False, False, cookies)


def lines(fb, text, x, y, rows, parts=None):
    """text wrapped from x, y to the right edge, places kept whole; in the small
    font when it needs more than rows lines. parts: groups(text), when the caller
    has them."""
    # The lines are found by lengths alone (a character is face.advance wide) and only the
    # rows drawn are made: joining a text word by word made 9.4 KB for an event of 3 lines
    # (188 us on the unix port, two collections on a console; now 3.8 KB, 84 us).
    face = font.FONT5x7
    if parts is None:
        parts = groups(text)
    while True:
        starts = [0]    # the first group of each line
        n = 0           # characters on the line so far
        for i in range(len(parts)):
            if n and (n + 1 + len(parts[i])) * face.advance > 127 - x:
                starts.append(i)
                n = len(parts[i])
            else:
                n += (1 if n else 0) + len(parts[i])
        if len(starts) <= rows or face is FONT3x5:
            break
        face = FONT3x5
        rows = rows * 4 // 3
    starts.append(len(parts))
    for row in range(min(rows, len(starts) - 1)):
        font.text(fb, " ".join(parts[starts[row]:starts[row + 1]]), x, y, 1, face)
        y += face.line_h


def event_page(fb, game, viewer, text, title, at, count, cookies):
    """Event text (number at of count) beside the board it tells of, the places
    it names lit: the board of the player it names ("Ben: ..."), else the
    viewer's (a roll lights the rolled chip there); the panel: the title, whose board, the event, which of how many."""
    # The groups of the text made once for spot() and lines() (they made them each),
    # the name found and "Round" checked without making strings: the event pages' keys
    # of the bench's Cookie Party session, two runs of each alternately, twice: 2336 ->
    # 1792 B allocated a response; median 354/352 -> 326/333 and 251/261 -> 256/273 us
    # unix (within the machine's noise).
    seat = viewer
    for other in range(game.n):
        name = game.names[other]
        if text.startswith(name) and text.startswith(": ", len(name)):
            seat = other
            text = text[len(name) + 2:]
            break
    board(fb, game, seat, -1, (), -1, None, cookies)
    parts = groups(text)
    spot(fb, game, seat, text, cookies, parts)
    last = text[text.rfind(" ") + 1:] if text.startswith("Round") else ""    # its last word
    if last.isdigit() and game.chip_space(seat, int(last)) >= 0:
        # a roll: the rolled chip on the board shown
        spot(fb, game, seat, space_name(game.chip_space(seat, int(last))), cookies)
    fb.fill_rect(PX - 1, 0, 128 - PX + 1, 64, 0)
    font.text(fb, title, PX, 1, 1, FONT3x5)
    fb.fill_rect(PX - 1, 6, 128 - PX + 1, 9, 1)
    font.text(fb, game.names[seat][:10], PX, 7, 0)
    lines(fb, text, PX, 16, 5, parts)
    font.text(fb, "%d/%d" % (at + 1, count) + (font.ARROW_UP if at else "") +
              (font.ARROW_DOWN if at + 1 < count else ""), PX, 56)
    font.text_right(fb, "A:next" if at + 1 < count else "A:OK", 127, 56)


def refusal(fb, game, seat, reason, cookies):
    """A refused action's reason in a box over the panel, the place it names
    lit on the board beside it (the board as it was drawn)."""
    parts = groups(reason)
    spot(fb, game, seat, reason, cookies, parts)
    fb.fill_rect(PX - 1, 0, 128 - PX + 1, 64, 0)
    fb.rect(PX - 1, 0, 128 - PX + 1, 64, 1)
    lines(fb, reason, PX + 1, 2, 6, parts)
    font.text_right(fb, "A:OK", 126, 55)


def bars(fb, crossed, x, y):
    """The drink: a cup and three bars, crossed ones filled."""
    fb.rect(x, y + 1, 5, 6, 1)
    fb.hline(x - 1, y, 7, 1)
    for k in range(3):
        bx = x + 8 + 5 * k
        if k < crossed:
            fb.fill_rect(bx, y, 4, 7, 1)
        else:
            fb.rect(bx, y, 4, 7, 1)


def head(fb, game, seat, name):
    """Panel top: the dice and their sum, the player, points / goal, the drink."""
    fb.fill_rect(PX - 1, 0, 128 - PX + 1, 64, 0)
    if game.dice[0]:
        draw.die(fb, PX, 0, 11, game.dice[0])
        draw.die(fb, PX + 13, 0, 11, game.dice[1])
        font.text(fb, "=%d" % game.roll_sum(), PX + 26, 2)
    if game.round:
        font.text_right(fb, "R%d" % game.round, 128, 3, 1, FONT3x5)
    font.text(fb, name[:10], PX, 12)
    font.text(fb, "%d/%d" % (game.score[seat], game.threshold), PX, 20)
    bars(fb, game.bars[seat], PX + 39, 20)


def prompt(fb, first, second=""):
    font.text(fb, first[:10], PX, 29)
    font.text(fb, second[:10], PX, 37)


@micropython.native
def zoom(fb, game, seat, space):
    """The space under the cursor, readable: its cookie (even under a chip
    or a cross; red ring), the kind's name, its row and column (from 1), chip
    or cross."""
    fb.fill_rect(PX - 1, ZY - 2, 11, 11, 0)
    cell(fb, game, seat, space, PX - 2, ZY - 3, False, True)
    font.text(fb, game.kind_name(space)[:8], PX + 11, ZY)
    font.text(fb, space_name(space), PX, ZY + 11, 1, FONT3x5)
    chip = game.chip_at[seat][space]
    what = "crossed" if game.crossed[seat][space] else "chip %d" % chip if chip else "red" if game.red[space] else ""
    font.text(fb, what, PX + 15, ZY + 9)


def task_icon(fb, game, task, x, y, c=1):
    """7x7 mark of a task: its cookie, a dotted square (red), a row (line)."""
    kind = game.tasks[task].id
    if kind[:4] == "all_":
        font.icon(fb, COOKIES[KINDS.find(kind[4])], x, y, c)
    elif kind == "line":
        fb.rect(x, y + 2, 7, 3, c)
        fb.vline(x + 3, y + 2, 3, c)
    else:
        fb.rect(x, y, 7, 7, c)
        for k in range(2, 5, 2):
            fb.pixel(x + k, y + 2, c)
            fb.pixel(x + k, y + 4, c)
            fb.pixel(x + 3, y + 3, c)


# ---- the screens beside the turn: scoreboard, boards, the end ------------------------------
def scoreboard_page(ui, game, seat, lit, first):
    """Five tasks from first, task lit highlighted; seat's progress and points."""
    fb = ui.fb
    ui.clear()
    ui.bar("Goal %d" % game.threshold, "%s %d" % (game.names[seat], game.score[seat]))
    for task in range(first, min(game.nt, first + 5)):
        task_row(fb, game, seat, task, 11 + 9 * (task - first), task == lit)
    ui.scroll_mark(first, 5, game.nt)
    font.text(fb, "%s A:who B:back" % (font.ARROW_LEFT + font.ARROW_RIGHT), 0, 56)
    ui.show()


def task_text(game, task):
    """A task for a message: its name, points, who scored it and when."""
    points = game.tasks[task].points
    out = [game.tasks[task].label, "Points %d / %d / %d" % (points[0], points[1], points[2])]
    for seat in range(game.n):
        for claimed, _slot, got, _chip, when in game.claims[seat]:
            if claimed == task:
                out.append("%s %d (round %d)" % (game.names[seat], got, when))
    if len(out) == 2:
        out.append("Nobody yet. Next: %d" % game.next_points(task))
    return "\n".join(out)


def board_page(fb, game, seat, cookies=False):
    """Seat's board with its points, drink, chips left and tasks done."""
    board(fb, game, seat, -1, (), -1, None, cookies)
    head(fb, game, seat, game.names[seat])
    gone = 0
    for chip in range(2, 13):
        gone += game.gone[seat][chip] > 0
    prompt(fb, "%d/%d " % (seat + 1, game.n) + font.ARROW_LEFT + font.ARROW_RIGHT, "chips %d" % (11 - gone))
    font.text(fb, "tasks %d" % len(game.claims[seat]), PX, ZY)
    font.text(fb, "B:back", PX, ZY + 9)


def end_rows(game):
    """ui.scores rows: name, points, every task with the points it brought."""
    rows = []
    for seat in range(game.n):
        lines = []
        for _task, label, points in game.task_list(seat):
            lines.append("%s: %s" % (label, points or "-"))
        rows.append((game.names[seat], game.score[seat], "\n".join(lines) + "\nTotal %d points" % game.score[seat]))
    return rows


def task_row(fb, game, seat, task, y, lit):
    """A scoreboard row: mark, name, the three slots (taken ones lit) and
    seat's progress (crossed / needed, or a check and the points got)."""
    info = game.tasks[task]
    kind = info.id
    spaces = info.spaces
    c = 0 if lit else 1
    if lit:
        fb.fill_rect(0, y - 1, 124, 9, 1)
    task_icon(fb, game, task, 1, y, c)
    name = game.kind_name(spaces[0]) if kind[:4] == "all_" else "ROW/COL" if kind == "line" else "6 RED"
    font.text(fb, name, 10, y, c)
    for slot in range(3):
        sx = 60 + 13 * slot
        taken = slot < game.level[task]
        for other in range(game.n):
            for claimed, claimed_slot, _got, _chip, _when in game.claims[other]:
                if claimed == task and claimed_slot == slot:
                    taken = True
        if taken:
            fb.fill_rect(sx, y - 1, 12, 9, c)
        value = info.points[slot]
        font.text(fb, str(value), sx + (1 if value > 9 else 4), y, c ^ 1 if taken else c)
    done = game.done[seat][task]
    font.text(fb, font.CHECK + str(done) if done else "%d/%d" % (progress(game, seat, task), info.needed if spaces else 6),
              100, y, c)


def progress(game, seat, task):
    """How far seat is with a task: crossed spaces of it (the best line)."""
    needed = game.tasks[task].needed
    spaces = game.tasks[task].spaces
    crossed = game.crossed[seat]
    if spaces:
        return min(needed, sum([crossed[space] for space in spaces]))
    best = 0
    for line in range(6):
        best = max(best, sum([crossed[6 * line + k] for k in range(6)]), sum([crossed[6 * k + line] for k in range(6)]))
    return best
