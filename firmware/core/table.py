# What the table games' screens share (docs/app-api.md, "core.table").
# Comments, not docstrings: the console compiles less.
from core.keys import K_MENU
from core.rules import Illegal
from core.session import QuitGame, unload

LIVE = {}       # the app's LIVE (the app module names it)


class TableApp:
    # A game's App sets self.ctx, self.ui, self.game; its own save() and
    # refuse(reason).
    def key(self, waiting="decide"):
        # the next key; A+B: the game menu, and 0
        LIVE["waiting"] = waiting
        k = self.ui.wait_key()
        if k & K_MENU:
            self.menu()
            return 0
        return k

    def menu(self):
        # the game menu; "Save and quit" saves and leaves the game (a finished
        # game, its save already cleared, is not saved again)
        LIVE["waiting"] = "continue"
        if self.ctx.open_menu() == "quit":
            if not self.game.is_over():
                self.save()
            raise QuitGame()

    def pause(self, ms):
        # a pause any key cuts short; A+B opens the game menu
        if self.ui.pause(ms) & K_MENU:
            self.menu()

    def apply(self, a):
        # a human's action; False (the rules' reason shown) if the rules refuse it
        try:
            self.game.apply(a)
        except Illegal as e:
            self.refuse(e.reason)
            return False
        return True


def run(app):
    # play to the end or to "Save and quit"
    try:
        app.play()
    except QuitGame:
        pass
    finally:
        app.ui.on_sleep = None
        LIVE.clear()
        # not kept between games: left in the middle of the heap, this module
        # would split the free space the launcher and the next game get
        unload("core.table")
