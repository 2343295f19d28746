"""The shared UI kit: every screen the launcher and the games have in common.

Screens draw into hal.display (a 128x64 framebuf) with core.font and wait for
keys with wait_key(), which also sleeps the screen after the idle delay
(calling on_sleep first, so a game can save) and wakes it on a press.
"""
from core import font, heap
from hal.keys import K_UP, K_DOWN, K_LEFT, K_RIGHT, K_A, K_B, K_MENU

W = 128
H = 64
BAR_H = 9       # title bar
MARK_W = 11     # the busy mark's width (its height is BAR_H: the two top pages)
ROW_H = 9       # one list row
TOP = 11        # first row under the bar (one dark line between)
ROWS = 6        # list rows on screen
CHARS = 20      # characters that fit beside a scroll mark


def _scrolled(index, first, rows=ROWS):
    """The first visible row after moving the cursor to index."""
    if index < first:
        return index
    if index >= first + rows:
        return index - rows + 1
    return first


def clip(s, n=CHARS):
    return s if len(s) <= n else s[:n - 1] + "~"


def _same(fields, shown):
    """Whether a form's rows are the ones shown: the same Field objects in the same order."""
    if shown is None or len(fields) != len(shown):
        return False
    for i in range(len(fields)):
        if fields[i] is not shown[i]:
            return False
    return True


class Field:
    """One row of a form: a label and the choices LEFT/RIGHT go through (the one
    shown is choices[index]); on_a(field) runs when A is pressed on the row; helps,
    when given, holds a help text per choice (two lines at most), shown under the form."""
    __slots__ = ("label", "choices", "index", "on_a", "helps")

    def __init__(self, label, choices, index=0, on_a=None, helps=None):
        self.label = label
        self.choices = choices
        self.index = index
        self.on_a = on_a
        self.helps = helps

    def shown(self):
        return self.choices[self.index]


def busy_mark(fb):
    """The mark that says the console is busy, not frozen: an ellipsis in a box in the
    top right corner (tools/headless.py looks for it to tell a busy screen)."""
    fb.fill_rect(W - MARK_W, 0, MARK_W, BAR_H, 0)
    fb.rect(W - MARK_W, 0, MARK_W, BAR_H, 1)
    font.text(fb, font.ELLIPSIS, W - 9, 1)


def please_wait(fb):
    """The first frame of every boot: what follows (loading the launcher, or the game
    picked before a reset, and setting it up) takes a while on a Pico, and the display's
    set-up has just cleared the panel, so the console says at once that it is busy.
    main.run shows it before it loads the rest of the kit (core.saves, core.settings,
    core.session: their imports 58 ms est. Pico): the launcher's boot to this frame,
    9 boots under tools/headless.py --timing, median 228 -> 128 ms est. Pico, the
    fastest 126 -> 79 (the machine shared, 2026-12-02). (Drawn before the settings are read: a console set
    to show the picture upside down shows this one frame the other way up.)"""
    fb.fill(0)
    text = "Please wait"
    font.text(fb, text, (W - font.width(text)) // 2, 28, 1)
    busy_mark(fb)


class Ui:
    def __init__(self, hal, settings, waiting_shown=False):
        self.hal = hal
        self.fb = hal.display
        font.use_display(self.fb)     # text straight into the display's buffer
        self.settings = settings
        self.on_sleep = None
        self.asleep = False
        self.menu_hook = None    # set while a game runs: A+B opens its menu on any screen
        self.in_menu = False     # the game menu is open: A+B does not open it again
        self.pending = None      # work put off until the frame is up (later())
        self.prepare = None      # work to do once the frame is up, before the next key (ahead())
        self._under = bytearray(2 * MARK_W)  # what the busy mark covers (catch_up)
        self.poll = None         # a linked game's link, served at every nap (core.linkplay)
        self.clears = 0          # screens begun (clear()): a menu redraws a row only over its own
        # the boot's first frame: main.run shows it before the kit loads (waiting_shown);
        # a Ui made elsewhere (a test, a tool) starts on it too
        self.clears += 1
        if not waiting_shown:
            please_wait(self.fb)
            self.show()

    # ---- drawing helpers -------------------------------------------------
    def clear(self):
        self.clears += 1
        self.fb.fill(0)

    def show(self):
        try:
            self.fb.show()
        except OSError as e:
            self.reconnect(e)

    def reconnect(self, error):
        """The display stopped answering (a loose wire, a glitch on the bus): try again
        every half second, the LED blinking, until it answers; it is then set up anew
        and sent the whole frame. A one-off glitch costs one retry."""
        hal = self.hal
        print("pocket-party: the display does not answer (%s); retrying" % error)
        led = hal.led
        lit = 0
        while True:
            try:
                hal.display.init_display()  # a panel that lost power has lost its set-up too
                self.settings.apply(hal)
                if self.asleep:
                    hal.display.poweroff()
                if led is not None:
                    led.value(0)
                return
            except OSError:
                pass
            lit ^= 1
            if led is not None:
                led.value(lit)
            hal.clock.sleep_ms(500)

    def text(self, s, x, y, c=1):
        font.text(self.fb, s, x, y, c)

    def center(self, s, y, c=1):
        font.text(self.fb, s, (W - font.width(s)) // 2, y, c)

    def bar(self, title, right=None):
        fb = self.fb
        fb.fill_rect(0, 0, W, BAR_H, 1)
        font.text(fb, clip(title, 15), 2, 1, 0)
        if right is not None:
            font.text(fb, right, W - 2 - font.width(right), 1, 0)
        else:
            self._status(W - 2)

    def _status(self, x):
        """Battery and sound marks at the right of the title bar, drawn dark on light."""
        fb = self.fb
        level = self.hal.power.battery_level()
        if level is not None:
            x -= 12
            fb.rect(x, 2, 10, 5, 0)
            fb.fill_rect(x + 10, 3, 1, 3, 0)
            fb.fill_rect(x + 1, 3, 2 * level, 3, 0)
            x -= 3
        if not self.settings.sound:
            x -= 7
            fb.line(x, 2, x + 5, 7, 0)
            fb.line(x, 7, x + 5, 2, 0)

    def row(self, i, label, value=None, selected=False, scrolls=False):
        y = TOP + i * ROW_H
        fb = self.fb
        if selected:
            # a list item is lit only as wide as its label: moving the cursor then
            # changes a few display blocks instead of two whole pages
            wide = W - 4 if scrolls else W
            if value is None:
                wide = min(wide, font.width(clip(label, CHARS)) + 4)
            fb.fill_rect(0, y - 1, wide, ROW_H, 1)
        c = 0 if selected else 1
        font.text(fb, clip(label, CHARS), 2, y, c)
        if value is not None:
            font.text(fb, value, W - (6 if scrolls else 2) - font.width(value), y, c)

    def scroll_mark(self, first, count, total, rows=ROWS):
        if total <= count:
            return
        fb = self.fb
        top = TOP - 1
        span = rows * ROW_H
        fb.vline(W - 2, top, span, 1)
        h = max(4, span * count // total)
        y = top + (span - h) * first // max(1, total - count)
        fb.fill_rect(W - 3, y, 3, h, 1)

    def keep(self, into):
        """Copy the frame drawn so far into `into` (a bytearray of the frame's size the
        caller made once), to be put back with restore(): a screen whose keys change
        only a little of it draws the rest once, then each key puts it back (a copy in
        C, allocating nothing) and draws what it changes over it."""
        into[:] = self.fb.buffer

    def restore(self, kept):
        """Put back a frame copied with keep()."""
        self.fb.buffer[:] = kept

    def busy(self):
        """A mark in the top right corner while the console works (a computer player
        thinks, a word list is searched): the screen is not frozen, it is busy. Work
        put off with later() is done now, under the mark."""
        busy_mark(self.fb)
        self.show()
        self.catch_up()

    # ---- work put off until the screen is up -------------------------------
    def later(self, work):
        """Do work() (a game's save at the end of a turn) once the next screen is shown:
        when the console next waits for a key or pauses, or under the busy mark. The
        person sees the next screen without waiting for the storage (a save takes
        several times a key press's drawing on a Pico), and a key pressed meanwhile is
        latched by the buttons. One piece of work at a time: a later call replaces it."""
        self.pending = work

    def ahead(self, work):
        """Do work() once the next screen is up, after any work put off with later(), without
        the busy mark: what the next key would otherwise do before its frame (the copy of
        the game Undo keeps, made before a person's first action: 20-45 ms est. Pico) is
        done while the person reads the screen. One piece at a time; None cancels it."""
        self.prepare = work

    def catch_up(self, marked=False):
        """Do the work put off with later(), if any (once). marked: the screen is up
        and a person may be reading it (a wait for a key, a pause), so the busy mark
        shows over its corner while the work runs and goes again after, unless the
        work drew a screen of its own (a storage problem). A turn's save ran up to 236
        ms est. Pico after the frame in make bench (2026-12-02: a write, two reads and
        two renames of the storage, the renames most of it on this host), with nothing
        on the screen to say so, and a flash file system has costs of its own; the
        mark costs two small frames (two 16-column blocks each: about 1 ms of bus)."""
        self._caught_up(marked)
        work = self.prepare
        if work is not None:
            self.prepare = None
            work()

    def _caught_up(self, marked):
        work = self.pending
        if work is None:
            return
        self.pending = None
        if not marked:
            work()
            return
        buf = self.fb.buffer
        under = self._under
        under[:MARK_W] = buf[W - MARK_W:W]       # the corner's two pages (rows 0-8)
        under[MARK_W:] = buf[2 * W - MARK_W:2 * W]
        drawn = self.clears
        busy_mark(self.fb)
        self.show()
        work()
        if drawn == self.clears:
            buf[W - MARK_W:W] = under[:MARK_W]
            buf[2 * W - MARK_W:2 * W] = under[MARK_W:]
            self.show()

    # ---- waiting ---------------------------------------------------------
    def wait_key(self):
        """Block until a key; sleeps the screen when idle. Returns key bits."""
        self.catch_up(True)
        heap.idle()
        hal = self.hal
        buttons = hal.buttons
        while True:
            buttons.update()
            k = buttons.pressed()
            hal.sound.update()
            if k:
                if self.asleep:
                    self.wake()
                    continue
                if self.settings.sound:
                    hal.sound.beep(1760, 8)
                return k
            if not self.asleep:
                delay = self.settings.sleep_ms()
                if delay and buttons.idle_ms() >= delay:
                    self.sleep()
            if self.poll is not None:
                self.poll()
            hal.power.nap(20, self.asleep)

    def chord(self, k):
        """On the kit's own screens, A+B opens the running game's menu. True if it did
        (the screen then redraws itself); games handle A+B in their own loops."""
        if k & K_MENU and self.menu_hook is not None and not self.in_menu:
            self.menu_hook()
            return True
        return False

    def pause(self, ms):
        """Let the player read for ms; any key cuts it short (and is returned). The
        screen moved on by itself, so a person may be watching: the idle delay before
        the screen sleeps counts from the end of the pause (computer players' moves)."""
        self.catch_up(True)
        hal = self.hal
        clock = hal.clock
        start = clock.ticks_ms()
        k = 0
        while clock.ticks_diff(clock.ticks_ms(), start) < ms:
            hal.buttons.update()
            k = hal.buttons.pressed()
            hal.sound.update()
            if k:
                break
            if self.poll is not None:
                self.poll()
            clock.sleep_ms(20)
        hal.buttons.touch()
        return k

    def sleep(self):
        # asleep first: nothing on_sleep does (a save that fails) may wait for a key
        self.asleep = True
        if self.on_sleep is not None:
            self.on_sleep()
        try:
            self.hal.display.poweroff()
        except OSError as e:
            print("pocket-party: the display did not go off (%s)" % e)

    def wake(self):
        self.asleep = False
        try:
            self.hal.display.poweron()
        except OSError as e:
            self.reconnect(e)
        self.hal.buttons.touch()
        self.hal.buttons.clear()

    def note_lines(self, lines):
        """A note under a list (a menu item's, a form row's help): a rule, then the lines."""
        if not lines:
            return
        y = H - 8 * len(lines)
        self.fb.hline(0, y - 2, W, 1)
        for line in lines:
            self.text(line, 1, y)
            y += 8

    # ---- screens ---------------------------------------------------------
    def menu(self, title, items, index=0, right=None, notes=None):
        """A scrolling list. Returns the chosen index, -1 for B, -2 for the menu chord.

        notes: a text per item ("" for none): the note of the item under the cursor
        is shown under the list (up to 3 lines), which keeps the rows above it.

        A key that only moves the cursor on the same page redraws the two rows whose
        highlight moved (then the scroll mark over them), not the whole screen: the
        same pixels. With the launcher's settings save put off (ui.later), the launcher's
        menus' median key went from 57 to 48 ms and from 44 to 33 ms est. Pico in two
        runs of make bench keys (docs/performance.md). The whole screen is drawn when
        the page scrolls, the note changes, or anything else drew meanwhile (clear()
        counts).

        A note of as many lines as the one shown redraws only its lines under the rule
        (the rows above stay), and each item's note is wrapped once a menu: Word Cards'
        turn menu, a note per item, sent 925 bytes and wrapped 3.5 KB of text at every
        UP/DOWN (docs/performance.md)."""
        n = len(items)
        index = max(0, min(index, n - 1))
        first = 0
        shown = -1          # the item lit on screen, -1: the screen is to be drawn whole
        shown_first = 0
        shown_lines = ()
        drawn = -1          # self.clears once the screen was drawn
        wrapped = [None] * n if notes else None     # each item's note lines, once wrapped
        while True:
            lines = ()
            if notes and notes[index]:
                lines = wrapped[index]  # pyright: ignore[reportOptionalSubscript]  -- made when notes are given
                if lines is None:
                    lines = wrapped[index] = font.wrap(notes[index], W - 2)[:3]  # pyright: ignore[reportOptionalSubscript]  -- made when notes are given
            rows = (H - 12 - 8 * len(lines)) // ROW_H if lines else ROWS
            first = _scrolled(index, first, rows)
            if (shown >= 0 and drawn == self.clears and first == shown_first
                    and len(lines) == len(shown_lines)):
                fb = self.fb
                for i in (shown, index):
                    fb.fill_rect(0, TOP - 1 + (i - first) * ROW_H, W, ROW_H, 0)
                    self.row(i - first, items[i], None, i == index, n > rows)
                self.scroll_mark(first, rows, n, rows)
                if lines != shown_lines:
                    y = H - 8 * len(lines)
                    fb.fill_rect(0, y, W, H - y, 0)     # under the rule, drawn again in place
                    self.note_lines(lines)
            else:
                self.clear()
                self.bar(title, right)
                for i in range(first, min(n, first + rows)):
                    self.row(i - first, items[i], None, i == index, n > rows)
                self.scroll_mark(first, rows, n, rows)
                self.note_lines(lines)
            self.show()
            shown, shown_first, shown_lines = index, first, lines
            drawn = self.clears
            # work put off with later() runs now that the frame is up; if it drew a
            # screen of its own (a storage problem), the menu is drawn again first
            self.catch_up(True)
            if drawn != self.clears:
                shown = -1
                continue
            k = self.wait_key()
            if k & K_UP:
                index = (index - 1) % n
            elif k & K_DOWN:
                index = (index + 1) % n
            elif k & K_LEFT:
                index = max(0, index - rows)
            elif k & K_RIGHT:
                index = min(n - 1, index + rows)
            elif k & K_MENU:
                shown = -1      # the game menu was over this one
                if not self.chord(k):
                    return -2
            elif k & K_A:
                return index
            elif k & K_B:
                return -1

    def form(self, title, fields, ok_label="Start"):
        """Rows of choices changed with LEFT/RIGHT, then an OK row; under them, the help
        of the row the cursor is on (two lines, when any field has helps).

        fields: a list of Field, or a function returning one (rows may come and go as
        values change: it is called again when a value changed, by LEFT/RIGHT or a
        field's on_a). Returns True when OK is chosen (the busy mark is then up),
        False on B. A field's index changes in place.
        """
        make = fields if callable(fields) else None
        index = 0
        first = 0
        shown = -1          # the row lit on screen, -1: the screen is to be drawn whole
        shown_fields = None
        shown_first = 0
        drawn = -1          # self.clears once the screen was drawn
        remake = True       # a value changed: make() may give other rows
        while True:
            if make is not None and remake:
                fields = make()
            remake = False
            n = len(fields) + 1  # pyright: ignore[reportArgumentType]  -- fields: a list, or a function (make) making one
            helps = False
            for f in fields:  # pyright: ignore[reportGeneralTypeIssues]  -- fields: a list, or a function (make) making one
                helps = helps or f.helps is not None
            rows = (H - 12 - 16) // ROW_H if helps else ROWS    # room for two lines of help
            index = min(index, n - 1)
            first = _scrolled(index, first, rows)
            # A key that moved the cursor or changed a value on the same page, the rows
            # the same, redraws the two rows whose highlight moved (or the row changed),
            # the scroll mark and the help under them: the same pixels as a whole redraw
            # (tests/test_ui_menu.py). With make() called only when a value changed, a
            # key of Clever Kids' setup form allocated 2,528 B (median), now 1,344, and
            # took 119-126 us, now 107 (a 12-row form, unix port).
            if (shown >= 0 and drawn == self.clears and first == shown_first
                    and _same(fields, shown_fields)):
                fb = self.fb
                for i in (shown, index):
                    fb.fill_rect(0, TOP - 1 + (i - first) * ROW_H, W, ROW_H, 0)
                    self._form_row(fields, i, first, index, ok_label, n > rows)
                self.scroll_mark(first, rows, n, rows)
                if helps:
                    fb.fill_rect(0, TOP - 1 + rows * ROW_H, W, H - (TOP - 1 + rows * ROW_H), 0)
            else:
                self.clear()
                self.bar(title)
                for i in range(first, min(n, first + rows)):
                    self._form_row(fields, i, first, index, ok_label, n > rows)
                self.scroll_mark(first, rows, n, rows)
            if helps and index < len(fields) and fields[index].helps is not None:  # pyright: ignore[reportArgumentType]  -- fields: a list, or a function (make) making one
                self.note_lines(font.wrap(fields[index].helps[fields[index].index], W - 2)[:2])
            self.show()
            shown, shown_fields, shown_first = index, fields, first
            drawn = self.clears
            k = self.wait_key()
            if self.chord(k):
                remake = True
                continue
            if k & K_UP:
                index = (index - 1) % n
            elif k & K_DOWN:
                index = (index + 1) % n
            elif k & (K_LEFT | K_RIGHT) and index < len(fields):  # pyright: ignore[reportArgumentType]  -- fields: a list, or a function (make) making one
                f = fields[index]
                f.index = (f.index + (-1 if k & K_LEFT else 1)) % len(f.choices)
                remake = True
            elif k & K_A:
                if index == len(fields):  # pyright: ignore[reportArgumentType]  -- fields: a list, or a function (make) making one
                    # what OK starts (a game set up, loaded after a reset) takes a while:
                    # the form says so at once
                    self.busy()
                    return True
                f = fields[index]
                if f.on_a is not None:
                    f.on_a(f)
                    remake = True
                else:
                    index = (index + 1) % n
            elif k & K_B:
                return False

    def _form_row(self, fields, i, first, index, ok_label, scrolls):
        """Row i of a form (a field, or the OK row after them), lit if it is index."""
        if i < len(fields):
            f = fields[i]
            value = f.shown()
            if len(f.choices) > 1:
                value = "<" + value + ">"
            self.row(i - first, f.label, value, i == index, scrolls)
        else:
            self.row(i - first, "  " + ok_label, None, i == index, scrolls)

    def message(self, title, body, hint="A:OK"):
        """Word-wrapped text; UP/DOWN scroll a line, LEFT/RIGHT a page. Returns the key
        that closed it (A or B). A text of more than one page says so in its hint: the
        page and the LEFT/RIGHT arrows ("2/4 <> A:OK"), or nobody finds the paging."""
        lines = []
        for para in body.split("\n"):
            lines.extend(font.wrap(para, W - 8) or [""])
        first = 0
        per = ROWS - 1
        last = max(0, len(lines) - per)
        pages = (len(lines) + per - 1) // per
        while True:
            self.clear()
            self.bar(title)
            for i in range(first, min(len(lines), first + per)):
                self.text(lines[i], 2, TOP + (i - first) * ROW_H)
            self.scroll_mark(first, per, len(lines))
            shown = hint
            if pages > 1:
                shown = "%d/%d %s%s %s" % (pages if first >= last else first // per + 1, pages,
                                           font.ARROW_LEFT, font.ARROW_RIGHT, hint)
            font.text(self.fb, shown, W - 4 - font.width(shown), H - 8)
            self.show()
            k = self.wait_key()
            if self.chord(k):
                continue
            if k & K_UP:
                first = max(0, first - 1)
            elif k & K_DOWN:
                first = min(last, first + 1)
            # a page at a time: a long text is a few presses. They go to where a page
            # starts (from a line scrolled to, or from the last page, which may start
            # less than a page after the one before), so the hint's page is the one shown
            elif k & K_LEFT:
                first = max(0, (first - 1) // per * per)
            elif k & K_RIGHT:
                first = min(last, (first // per + 1) * per)
            elif k & (K_A | K_B):
                return k & (K_A | K_B)

    def confirm(self, title, question):
        return self.message(title, question, "A:Yes B:No") == K_A

    def notice(self, title, body):
        """Draw a short message without waiting (e.g. 'Saving...')."""
        self.clear()
        self.bar(title)
        y = TOP + 4
        for line in font.wrap(body, W - 8)[:5]:
            self.center(line, y)
            y += ROW_H
        self.show()

    def pass_to(self, name, why=""):
        """Pass-and-play: nothing private is drawn until the named player presses A."""
        while True:
            self.clear()
            self.fb.rect(0, 0, W, H, 1)
            self.center("Pass the console to", 6)
            self.fb.fill_rect(14, 18, W - 28, 13, 1)
            self.center(name, 21, 0)
            if why:
                self.center(clip(why, 20), 36)
            self.center("A: I am " + clip(name, 12), 52)
            self.show()
            k = self.wait_key()
            if not self.chord(k) and k & K_A:
                return

    def scores(self, title, rows, winners, code=None):
        """End screen. rows: list of (name, score, detail-or-None); winners: row indexes;
        code: the game's code (core.codes), a row under the scores."""
        # seat order breaks ties: MicroPython's sort is not stable
        order = sorted(range(len(rows)), key=lambda i: (-rows[i][1], i))
        if len(winners) == 1:
            head = rows[winners[0]][0] + " wins!"
        elif winners:
            head = "Tie: " + " & ".join(rows[i][0] for i in winners)
        else:
            head = title
        items = []
        for i in order:
            mark = "*" if i in winners else " "
            items.append("%s%-8s %4d" % (mark, clip(rows[i][0], 8), rows[i][1]))
        if code:
            items.append("Code " + code)
        while True:
            choice = self.menu(clip(head, 15), items, 0, "")
            if choice < 0:
                return
            if choice == len(rows):
                self.show_code(code)
                continue
            detail = rows[order[choice]][2]
            if detail:
                self.message(rows[order[choice]][0], detail)
            else:
                return

    def show_code(self, code):
        """A game's code (core.codes) and what it is for."""
        self.message("Game code", "%s\nSame dice and cards again: Enter code in the game's menu, "
                                  "on any console." % code)

    def error(self, title, body):
        """A fault, in a player's words (the exception itself goes to the serial log).
        Nothing of a game runs under it: A+B opens no game menu here."""
        self.menu_hook = None
        self.on_sleep = None
        self.message(title, body, "A:OK")

    def keyboard(self, prompt, initial="", maxlen=8):
        """On-screen keyboard. Returns the text, or None on B with nothing typed."""
        cells = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-<*"
        cols = 13
        text = initial
        pos = 0
        while True:
            self.clear()
            self.bar(prompt)
            self.text(text + "_", 4, 14)
            for i in range(len(cells)):
                x = 2 + (i % cols) * 9
                y = 30 + (i // cols) * 11
                ch = cells[i]
                sel = i == pos
                if sel:
                    self.fb.fill_rect(x - 1, y - 2, 9, 11, 1)
                glyph = font.CHECK if ch == "*" else (font.ARROW_LEFT if ch == "<" else ch)
                font.text(self.fb, glyph, x + 1, y, 0 if sel else 1)
            self.show()
            k = self.wait_key()
            if self.chord(k):
                continue
            if k & K_LEFT:
                pos = (pos - 1) % len(cells)
            elif k & K_RIGHT:
                pos = (pos + 1) % len(cells)
            elif k & K_UP:
                pos = (pos - cols) % len(cells)
            elif k & K_DOWN:
                pos = (pos + cols) % len(cells)
            elif k & K_A:
                ch = cells[pos]
                if ch == "*":
                    if text:
                        return text[0] + text[1:].lower()
                elif ch == "<":
                    text = text[:-1]
                elif len(text) < maxlen:
                    text += ch
            elif k & K_B:
                if text:
                    text = text[:-1]
                else:
                    return None
