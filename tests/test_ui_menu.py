"""ui.menu redraws only the rows a key changed: every frame it sends must be the frame
a whole redraw makes."""
import framebuf

from core.ui import Ui
from hal.keys import K_UP, K_DOWN, K_LEFT, K_RIGHT, K_A, K_B, K_MENU


class _Display(framebuf.FrameBuffer):
    def __init__(self, frames):
        self.buffer = bytearray(128 * 64 // 8)  # the display contract's frame (hal/README.md)
        framebuf.FrameBuffer.__init__(self, self.buffer, 128, 64, framebuf.MONO_VLSB)
        self.frames = frames

    def show(self):
        self.frames.append(bytes(self.buffer))


class _Buttons:
    """The keys of a script, one a wait; on_key runs before each is handed out."""

    def __init__(self, keys, on_key):
        self.keys = list(keys)
        self.on_key = on_key

    def update(self):
        pass

    def pressed(self):
        self.on_key()
        return self.keys.pop(0)

    def idle_ms(self):
        return 0

    def touch(self):
        pass


class _Power:
    def battery_level(self):
        return 3

    def nap(self, ms, off=False):
        pass


class _Hal:
    def __init__(self, keys, on_key):
        self.frames = []
        self.display = _Display(self.frames)
        self.buttons = _Buttons(keys, on_key)
        self.sound = self
        self.power = _Power()

    def update(self):
        pass


class _Settings:
    sound = False

    def sleep_ms(self):
        return 0


def kit(keys, whole):
    """(hal, ui) pressing keys; whole: every key finds the screen drawn over (as if
    another screen had been up), so each frame is a whole redraw: the reference."""
    box = []

    def on_key():
        if whole:
            box[0].clears += 1

    hal = _Hal(keys, on_key)
    ui = Ui(hal, _Settings())
    box.append(ui)
    return hal, ui


def frames(keys, whole, items, index=0, notes=None, hook=None):
    """The frames ui.menu sends for keys, and how many screens it began (ui.clears)."""
    hal, ui = kit(keys, whole)
    ui.menu_hook = hook and (lambda: hook(ui))
    hal.frames.clear()
    begun = ui.clears
    result = ui.menu("Title of menu", items, index, notes=notes)
    return hal.frames, ui.clears - begun, result


def same_frames(keys, items, index=0, notes=None, hook=None):
    fast, fast_clears, fast_result = frames(keys, False, items, index, notes, hook)
    slow, slow_clears, slow_result = frames(keys, True, items, index, notes, hook)
    assert fast_result == slow_result
    assert len(fast) == len(slow) == len(keys) + (1 if hook else 0)
    for i in range(len(fast)):
        assert fast[i] == slow[i], "frame %d differs" % i
    return fast_clears, slow_clears


def test_moving_the_cursor_redraws_two_rows_with_the_same_pixels():
    items = ["New game", "Resume", "Rules", "Statistics", "Settings"]
    keys = [K_DOWN, K_DOWN, K_UP, K_DOWN, K_DOWN, K_DOWN, K_DOWN, K_UP, K_LEFT, K_RIGHT, K_B]
    fast_clears, slow_clears = same_frames(keys, items)
    assert fast_clears == 1     # drawn whole once, then only rows
    assert slow_clears == 2 * len(keys)    # each key: the screen drawn over, then whole


def test_a_scrolling_list_redraws_whole_when_it_scrolls_and_rows_otherwise():
    items = ["Item number %d of many" % i for i in range(13)]   # clipped labels, a scroll mark
    keys = [K_DOWN] * 8 + [K_UP] * 9 + [K_RIGHT, K_RIGHT, K_DOWN, K_LEFT, K_UP, K_UP, K_A]
    fast_clears, slow_clears = same_frames(keys, items, 2)
    assert 1 < fast_clears < slow_clears


def test_notes_under_the_list_and_the_game_menu_over_it_redraw_whole():
    items = ["One", "Two", "Three", "Four"]
    notes = ["", "A note for two", "A note for two", ""]
    opened = []

    def hook(ui):       # the game menu, drawn over the list
        opened.append(1)
        ui.clear()
        ui.center("Game menu", 30)
        ui.show()

    keys = [K_DOWN, K_DOWN, K_DOWN, K_MENU, K_UP, K_UP, K_B]
    same_frames(keys, items, 0, notes, hook)
    assert opened


def test_a_note_of_as_many_lines_redraws_its_lines_only_with_the_same_pixels():
    items = ["One", "Two", "Three", "Four"]
    notes = ["First note", "Second note", "Third, a longer note that takes two lines",
             "Fourth, long, on two lines"]
    keys = [K_DOWN, K_DOWN, K_DOWN, K_UP, K_UP, K_UP, K_DOWN, K_B]
    fast_clears, slow_clears = same_frames(keys, items, 0, notes)
    # whole at first and where the note's line count changes (1 -> 2 lines, 2 -> 1); the
    # two rows and the note's lines at the other five keys (each key changed the note)
    assert fast_clears == 3 and slow_clears == 2 * len(keys)


def test_work_put_off_that_draws_is_followed_by_the_menu_again():
    """A settings save put off with ui.later() that fails shows a message: the menu
    is then drawn again before it waits (not left under the message)."""
    hal = _Hal([K_A, K_DOWN, K_B], lambda: None)
    ui = Ui(hal, _Settings())
    ui.later(lambda: ui.message("Storage", "The settings were not saved."))
    hal.frames.clear()
    assert ui.menu("Title", ["One", "Two"]) == -1
    menu_first = hal.frames[0]
    # the menu, the menu with the busy mark while the save runs, the message, the menu
    # again (whole), the menu after DOWN
    assert hal.frames[3] == menu_first and hal.frames[2] != menu_first
    assert hal.frames[1] != menu_first and hal.frames[1][:2 * 128] != menu_first[:2 * 128]
    assert hal.frames[1][2 * 128:] == menu_first[2 * 128:]    # the mark alone, in the corner
    assert len(hal.frames) == 5


def test_work_put_off_runs_under_the_busy_mark_which_goes_after():
    """A turn's save put off until the screen is up (ui.later) runs at the next wait
    for a key with the busy mark over the corner, and the screen is as it was after."""
    from core.ui import busy_mark
    hal = _Hal([K_B], lambda: None)
    ui = Ui(hal, _Settings())
    seen = []
    ui.later(lambda: seen.append(bytes(hal.display.buffer)))
    hal.frames.clear()
    assert ui.menu("Title", ["One", "Two"]) == -1
    menu, marked, after = hal.frames[:3]
    assert seen == [marked]                 # the work ran while the mark was up
    expect = bytearray(menu)
    fb = framebuf.FrameBuffer(expect, 128, 64, framebuf.MONO_VLSB)
    busy_mark(fb)
    assert marked == bytes(expect) and after == menu
    assert len(hal.frames) == 3


def form_frames(keys, whole, make):
    """The frames ui.form sends for keys (as frames() for ui.menu), its value, and how
    many screens it began. make(): the form's fields (a function: rows may come and go)."""
    hal, ui = kit(keys, whole)
    hal.frames.clear()
    begun = ui.clears
    result = ui.form("A form", make, "Start")
    return hal.frames, ui.clears - begun, result


def test_a_form_redraws_the_rows_a_key_changed_with_the_same_pixels():
    """ui.form, as ui.menu: a cursor move or a value changed on the same page redraws
    that row, the row that was lit, the scroll mark and the help; a page scrolled or
    rows that came or went (a function of the values) redraw the screen whole."""
    from core.ui import Field

    def fields(helps):
        players = Field("Players", ["2", "3", "4"], 0, None, ["Two at the table.", "Three.", "Four, a long "
                                                              "help that takes two lines under the form."] if helps else None)
        seats = [Field("P%d name" % (i + 1), ["Ann", "Ben", "Cat", "Dan"], i, None,
                       ["A name for the seat."] * 4 if helps else None) for i in range(4)]
        option = Field("Rule", ["on", "off"], 0)

        def make():
            return [players] + seats[:2 + players.index] + [option]
        return make

    keys = [K_DOWN, K_RIGHT, K_RIGHT, K_UP, K_RIGHT, K_DOWN, K_DOWN, K_DOWN, K_DOWN, K_DOWN, K_LEFT,
            K_DOWN, K_DOWN, K_UP, K_UP, K_UP, K_UP, K_UP, K_UP, K_LEFT, K_DOWN, K_RIGHT, K_A, K_B]
    for helps in (True, False):
        fast, fast_clears, fast_result = form_frames(keys, False, fields(helps))
        slow, slow_clears, slow_result = form_frames(keys, True, fields(helps))
        assert fast_result == slow_result is False
        assert len(fast) == len(slow) == len(keys)
        for i in range(len(fast)):
            assert fast[i] == slow[i], "frame %d differs (helps %s)" % (i, helps)
        assert 1 < fast_clears < slow_clears / 2, (helps, fast_clears, slow_clears)
