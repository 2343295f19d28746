"""Word Cards drawing helpers for app.py and screens.py: tiles, the table, the board.

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


def tile(fb, value, x, y, lit=False, hand=False):
    """One tile (card * 32 + letter): letter at (x+1, y), marker at (x, y + 8)."""
    card = value >> 5
    kind = KIND[card]
    if lit:
        fb.fill_rect(x, y - 1, 7, 9, 1)
    if kind == data.KIND_ACTION:
        font.text(fb, "!", x + 1, y, 0 if lit else 1)
        font.icon(fb, WC_ACTION, x, y + 8)
        return
    if kind == data.KIND_JOKER:
        font.text(fb, "*" if hand else LOWER[value & 31], x + 1, y, 0 if lit else 1)
        font.icon(fb, WC_JOKER, x, y + 8)
        return
    font.text(fb, data.LETTERS[value & 31], x + 1, y, 0 if lit else 1)
    font.icon(fb, WC_COLOURS[data.CARD_COLOUR[card]], x, y + 8)


def row(fb, tiles, y, cursor, lit=(), hand=0, ok=False, used=()):
    """A row of tiles; -1 among them is a 5 px gap. cursor: the tile framed, lit:
    tile indexes drawn inverted, hand: the first `hand` tiles are hand cards, ok: a
    CHECK button after the tiles, used: tile indexes shown as a dot. Scrolls so the
    cursor is visible."""
    xs = []
    x = 1
    for value in tiles:
        if value < 0:
            x += 5
        else:
            xs.append(x)
            x += 8
    if ok:
        xs.append(x + 2)
    count = len(xs)
    last = xs[-1] + 8 if count else 0
    shift = 0
    if 0 <= cursor < count and last > 128:     # scroll: the cursor clear of the edge marks
        shift = max(0, min(xs[cursor] - 113, last - 127))
    i = 0
    for value in tiles:
        if value < 0:
            continue
        x = xs[i] - shift
        if -8 < x < 128:
            if i in used:
                fb.fill_rect(x + 3, y + 3, 1, 1, 1)
            else:
                tile(fb, value, x, y, i in lit, i < hand)
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
    if 0 <= cursor < count:
        fb.rect(xs[cursor] - shift - 1, y - 2, 9, 18, 1)


def word_text(word):
    """A table word as text: jokers in lower case."""
    text = ""
    for value in word:
        text += LOWER[value & 31] if KIND[value >> 5] == data.KIND_JOKER else data.LETTERS[value & 31]
    return text


def flow(words):
    """The table words flowed like text, 1 space apart: the line of each word, and
    its x on that line."""
    lines = []
    xs = []
    line = 0
    x = 0
    for word in words:
        wide = 6 * len(word) - 1
        if x and x + wide > 119:       # the scroll marks sit at the right
            line += 1
            x = 0
        lines.append(line)
        xs.append(x)
        x += wide + 7
    return lines, xs


def table(fb, game, cursor=-1, target=-1):
    """The table words in LINES lines from TABLE_Y; scrolled so the cursor's word
    (or the target) is visible. Changed words are underlined, the target is lit (or
    framed while the cursor is elsewhere), the cursor word is lit."""
    words = game.words
    lines, xs = flow(words)
    if not words:
        font.text(fb, "No words on the table", 2, TABLE_Y + 9)
        return
    changed = game.changed_words()
    last = lines[-1]
    top = 0
    see = cursor if cursor >= 0 else target
    if see >= 0 and lines[see] >= LINES:
        top = lines[see] - LINES + 1
    elif see < 0 and last >= LINES:
        top = last - LINES + 1      # the newest words
    for i in range(len(words)):
        line = lines[i]
        if not top <= line < top + LINES:
            continue
        x = xs[i] + 1
        y = TABLE_Y + 9 * (line - top)
        text = word_text(words[i]) or "_"
        wide = 6 * len(text) - 1
        lit = i == cursor or (i == target and cursor < 0)
        if lit:
            fb.fill_rect(x - 1, y - 1, wide + 2, 9, 1)
        elif i == target:
            fb.rect(x - 2, y - 2, wide + 4, 11, 1)
        font.text(fb, text, x, y, 0 if lit else 1)
        if i in changed:
            fb.hline(x, y + 8, wide, 1)
    if top:
        font.text(fb, font.TRI_UP, 122, TABLE_Y)
    if last >= top + LINES:
        font.text(fb, font.TRI_DOWN, 122, TABLE_Y + 18)


def others(fb, game, names, me):
    """The other players' hand sizes (the name cut to fit, then the count lit, a 'z'
    per turn they will skip), and the draw pile at the right."""
    pile = str(len(game.deck))
    right = 118 - 6 * len(pile)         # where the pile mark starts
    for cut in (3, 2, 1):
        x = 1
        for seat in range(game.n):
            if seat != me:
                x += 6 * (min(cut, len(names[seat])) + len(str(len(game.hands[seat]))) + game.skips[seat]) + 8
        if x - 6 <= right:
            break
    x = 1
    for seat in range(game.n):
        if seat != me:
            x = font.text(fb, names[seat][:cut], x, 10) + 1
            count = "%d%s" % (len(game.hands[seat]), "z" * game.skips[seat])
            fb.fill_rect(x - 1, 10, 6 * len(count) + 1, 8, 1)     # the count as a lit badge
            x = font.text(fb, count, x, 10, 0) + 7
    x = font.text_right(fb, pile, 127, 10) - 8
    fb.rect(x, 12, 5, 6, 1)             # a small stack of cards
    fb.fill_rect(x + 2, 10, 5, 6, 0)
    fb.rect(x + 2, 10, 5, 6, 1)
    for x in range(0, 128, 2):
        fb.pixel(x, 18, 1)


def board(ui, game, names, seat, private, cursor=-1, picks=(), target=-1, on_word=-1, status=""):
    """The turn screen: bar, hand sizes, table, then the hand (private) or a status text.
    cursor: the hand tile under the cursor; on_word: the table word under it instead."""
    fb = ui.fb
    ui.clear()
    title = names[seat]
    hand = game.hands[seat]
    right = "%d card%s" % (len(hand), "" if len(hand) == 1 else "s")
    if private:
        if game.opts["scoringVariant"]:
            title += " R%d" % game.round
        right = "taken" if game.held else ""
        if on_word >= 0:
            right = "by " + names[game.owners[on_word]]
        elif cursor < len(hand):
            card = hand[cursor]
            kind = KIND[card]
            right = ("Joker" if kind == data.KIND_JOKER else SHORT[data.CARD_VALUE[card]] if kind
                     else data.LETTERS[data.CARD_VALUE[card]])
    ui.bar(title, right)
    others(fb, game, names, seat)
    table(fb, game, on_word, target)
    if private:
        shown = []
        for card in hand:
            shown.append(card * 32 + data.CARD_VALUE[card])
        if game.held:
            shown.append(-1)
            shown.extend(game.held)
        lit = []
        for ref in picks:
            lit.append(ref if isinstance(ref, int) else len(hand) + int(ref[1:]))
        row(fb, shown, HAND_Y, cursor if on_word < 0 else -1, lit, len(hand))
    else:
        y = HAND_Y
        for line in font.wrap(status, 124)[:2]:
            font.text(fb, line, 2, y)
            y += 8
    ui.show()


def tiles(ui, title, row_tiles, cursor, hint, hand=0, ok=False, used=(), made=None):
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
    row(fb, row_tiles, y, cursor, (), hand, ok, used)
    font.text(fb, hint, 2, 56)
    ui.show()


def grid(ui, title, cursor, hint):
    """The joker's letter: A-Z in two rows of 13, the cursor letter lit."""
    fb = ui.fb
    ui.clear()
    ui.bar(title)
    for letter in range(26):
        x = 5 + 9 * (letter % 13)
        y = 17 + 14 * (letter // 13)
        if letter == cursor:
            fb.fill_rect(x - 2, y - 2, 9, 11, 1)
        font.text(fb, data.LETTERS[letter], x, y, 0 if letter == cursor else 1)
    font.text(fb, hint, 2, 50)
    ui.show()
