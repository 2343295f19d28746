"""Word Cards drawing helpers for app.py: tiles, the table, the board, lists.

A tile is card * 32 + letter (as on the table). Tiles are drawn 8 px apart:
the card's letter (5x7) on top and its marker below - a colour shape for a
letter card (WC_CIRCLE blue, WC_SQUARE red, WC_TRIANGLE yellow), WC_JOKER for
a joker, WC_ACTION for an action card (a joker in the hand shows '*', on the
table its letter in lower case).
"""
import sys
from core import font
from games.words import data

_had = "core.icon_data" in sys.modules
from core.icon_data import WC_COLOURS, WC_JOKER, WC_ACTION  # noqa: E402
if not _had:        # 10 KB of icons for 6 of 7 bytes each: keep those, forget the rest
    from core.session import unload
    unload("core.icon_data")

KIND = data.CARD_KIND
LOWER = "abcdefghijklmnopqrstuvwxyz"
SHORT = ("Deck trade", "Trade", "Skip", "Swap hands", "Draw two", "All draw 2")
HAND_Y = 48       # letters of the hand row; markers 8 below; the cursor frames a tile
TABLE_Y = 20      # first table line (9 px apart)
LINES = 3


def tile(fb, t, x, y, inv=False, hand=False):
    """One tile: letter at (x+1, y), marker at (x, y + 8)."""
    c = t >> 5
    k = KIND[c]
    if inv:
        fb.fill_rect(x, y - 1, 7, 9, 1)
    if k == 2:
        font.text(fb, "!", x + 1, y, 0 if inv else 1)
        font.icon(fb, WC_ACTION, x, y + 8)
        return
    if k == 1:
        font.text(fb, "*" if hand else LOWER[t & 31], x + 1, y, 0 if inv else 1)
        font.icon(fb, WC_JOKER, x, y + 8)
        return
    font.text(fb, data.LETTERS[t & 31], x + 1, y, 0 if inv else 1)
    font.icon(fb, WC_COLOURS[data.CARD_COLOUR[c]], x, y + 8)


def row(fb, seq, y, cur, inv=(), hand=0, ok=False, used=()):
    """A row of tiles; -1 in seq is a 5 px gap. cur: cursor tile index (framed),
    inv: tile indexes drawn inverted, hand: the first `hand`
    tiles are hand cards, ok: a CHECK button after the tiles, used: tile
    indexes shown as a dot. Scrolls so the cursor is visible."""
    xs = []
    x = 1
    for t in seq:
        if t < 0:
            x += 5
        else:
            xs.append(x)
            x += 8
    if ok:
        xs.append(x + 2)
    n = len(xs)
    last = xs[-1] + 8 if n else 0
    shift = 0
    if 0 <= cur < n and last > 128:     # scroll: the cursor clear of the edge marks
        shift = max(0, min(xs[cur] - 113, last - 127))
    i = 0
    for t in seq:
        if t < 0:
            continue
        x = xs[i] - shift
        if -8 < x < 128:
            if i in used:
                fb.fill_rect(x + 3, y + 3, 1, 1, 1)
            else:
                tile(fb, t, x, y, i in inv, i < hand)
        i += 1
    if ok:
        x = xs[-1] - shift
        fb.rect(x - 1, y - 1, 9, 17, 1)
        font.text(fb, font.CHECK, x + 1, y + 3)
    if shift:
        fb.fill_rect(0, y - 2, 6, 18, 0)
        font.text(fb, font.TRI_LEFT, 0, y + 3)
    if last - shift > 128:
        fb.fill_rect(122, y - 2, 6, 18, 0)
        font.text(fb, font.TRI_RIGHT, 123, y + 3)
    if 0 <= cur < n:
        fb.rect(xs[cur] - shift - 1, y - 2, 9, 18, 1)


def word_text(w):
    s = ""
    for t in w:
        s += LOWER[t & 31] if KIND[t >> 5] == 1 else data.LETTERS[t & 31]
    return s


def flow(words):
    """(line, x) of every table word, flowed like text, 1 space apart."""
    out = []
    line = 0
    x = 0
    for w in words:
        wide = 6 * len(w) - 1
        if x and x + wide > 119:       # the scroll marks sit at the right
            line += 1
            x = 0
        out.append((line, x))
        x += wide + 7
    return out


def table(fb, game, cur=-1, target=-1):
    """The table words in LINES lines from TABLE_Y; scrolled so `cur` (or the
    target) is visible. Changed words are underlined, the target is lit (or
    framed while the cursor is elsewhere), the cursor word is lit."""
    words = game.words
    pos = flow(words)
    if not words:
        font.text(fb, "No words on the table", 2, TABLE_Y + 9)
        return
    changed = game.changed_words()
    last = pos[-1][0]
    top = 0
    see = cur if cur >= 0 else target
    if see >= 0 and pos[see][0] >= LINES:
        top = pos[see][0] - LINES + 1
    elif see < 0 and last >= LINES:
        top = last - LINES + 1      # the newest words
    for i in range(len(words)):
        line, x = pos[i]
        if not top <= line < top + LINES:
            continue
        x += 1
        y = TABLE_Y + 9 * (line - top)
        s = word_text(words[i]) or "_"
        wide = 6 * len(s) - 1
        lit = i == cur or (i == target and cur < 0)
        if lit:
            fb.fill_rect(x - 1, y - 1, wide + 2, 9, 1)
        elif i == target:
            fb.rect(x - 2, y - 2, wide + 4, 11, 1)
        font.text(fb, s, x, y, 0 if lit else 1)
        if i in changed:
            fb.hline(x, y + 8, wide, 1)
    if top:
        font.text(fb, font.TRI_UP, 122, TABLE_Y)
    if last >= top + LINES:
        font.text(fb, font.TRI_DOWN, 122, TABLE_Y + 18)


def others(fb, game, names, me):
    """The other players' hand sizes (the name cut to fit, then the count lit, a 'z'
    per turn they will skip), and the draw pile at the right."""
    n = str(len(game.deck))
    right = 118 - 6 * len(n)             # where the pile mark starts
    for cut in (3, 2, 1):
        x = 1
        for s in range(game.n):
            if s != me:
                x += 6 * (min(cut, len(names[s])) + len(str(len(game.hands[s]))) + game.skips[s]) + 8
        if x - 6 <= right:
            break
    x = 1
    for s in range(game.n):
        if s != me:
            x = font.text(fb, names[s][:cut], x, 10) + 1
            c = "%d%s" % (len(game.hands[s]), "z" * game.skips[s])
            fb.fill_rect(x - 1, 10, 6 * len(c) + 1, 8, 1)     # the count as a lit badge
            x = font.text(fb, c, x, 10, 0) + 7
    x = font.text_right(fb, n, 127, 10) - 8
    fb.rect(x, 12, 5, 6, 1)             # a small stack of cards
    fb.fill_rect(x + 2, 10, 5, 6, 0)
    fb.rect(x + 2, 10, 5, 6, 1)
    for x in range(0, 128, 2):
        fb.pixel(x, 18, 1)


def board(ui, game, names, seat, private, cur=-1, picks=(), target=-1, wcur=-1, status=""):
    """The turn screen: bar, hand sizes, table, then the hand (private) or a status text."""
    fb = ui.fb
    ui.clear()
    title = names[seat]
    hand = game.hands[seat]
    right = "%d card%s" % (len(hand), "" if len(hand) == 1 else "s")
    if private:
        if game.opts["scoringVariant"]:
            title += " R%d" % game.round
        right = "taken" if game.held else ""
        if wcur >= 0:
            right = "by " + names[game.owners[wcur]]
        elif cur < len(hand):
            c = hand[cur]
            right = "Joker" if KIND[c] == 1 else SHORT[data.CARD_VALUE[c]] if KIND[c] else data.LETTERS[
                data.CARD_VALUE[c]]
    ui.bar(title, right)
    others(fb, game, names, seat)
    table(fb, game, wcur, target)
    if private:
        seq = []
        for c in hand:
            seq.append(c * 32 + data.CARD_VALUE[c])
        if game.held:
            seq.append(-1)
            seq.extend(game.held)
        inv = []
        for r in picks:
            inv.append(r if isinstance(r, int) else len(hand) + int(r[1:]))
        row(fb, seq, HAND_Y, cur if wcur < 0 else -1, inv, len(hand))
    else:
        y = HAND_Y
        for line in font.wrap(status, 124)[:2]:
            font.text(fb, line, 2, y)
            y += 8
    ui.show()


def listing(ui, title, items, index, first, rows, desc, right=None):
    """A list of `rows` rows with a description (lines) of the selected item below."""
    fb = ui.fb
    ui.clear()
    ui.bar(title, right)
    n = len(items)
    for i in range(first, min(n, first + rows)):
        ui.row(i - first, items[i], None, i == index, n > rows)
    if n > rows:
        span = rows * 9
        fb.vline(126, 10, span, 1)
        h = max(3, span * rows // n)
        fb.fill_rect(125, 10 + (span - h) * first // (n - rows), 3, h, 1)
    if desc:
        y = 64 - 8 * len(desc)
        fb.fill_rect(0, y - 2, 128, 66 - y, 0)
        fb.hline(0, y - 2, 128, 1)
        for line in desc:
            font.text(fb, line, 1, y)
            y += 8
    ui.show()


def tiles(ui, title, seq, cur, hint, hand=0, ok=False, used=(), made=None):
    """A screen with one row of tiles to choose from (spelling: the word so far above)."""
    fb = ui.fb
    ui.clear()
    ui.bar(title, None if made is None else "B:del")
    y = 26
    if made is not None:
        row(fb, made, 12, -1)
        if not made:
            font.text(fb, "Pick letters in order", 2, 14)
        fb.hline(0, 30, 128, 1)
        y = 34
    row(fb, seq, y, cur, (), hand, ok, used)
    font.text(fb, hint, 2, 56)
    ui.show()


def grid(ui, title, i, hint):
    """The joker's letter: A-Z in two rows of 13, the cursor letter lit."""
    fb = ui.fb
    ui.clear()
    ui.bar(title)
    for k in range(26):
        x = 5 + 9 * (k % 13)
        y = 17 + 14 * (k // 13)
        if k == i:
            fb.fill_rect(x - 2, y - 2, 9, 11, 1)
        font.text(fb, data.LETTERS[k], x, y, 0 if k == i else 1)
    font.text(fb, hint, 2, 50)
    ui.show()
