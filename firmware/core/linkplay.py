"""Link play in the table-game kit (docs/link.md, "Playing"): two consoles, one game.

Loaded only for a linked game (core.table imports it when the setup or the save says
so): a console that never links does not pay its RAM. Both consoles run the same rules
core from one seed; each seat is played on one console (its owner: a person there, or
a computer the host runs). The kit calls it at a game's start (both consoles at the
same turn of the same game), when the turn comes back to a person here ("Your turn"),
when the game is left (its last messages go first), and:

- a person's action here (TableApp.apply) and a computer player's choice here
  (TableApp.think) are sent to the other console as they are applied;
- think() for a seat of the other console waits, under the busy mark and a
  "Waiting for <name> on the other console" line, until the cable brings its action;
- the UI kit's nap (core.ui: Ui.poll, every 20 ms in wait_key and pause) serves the
  link, so acknowledgements and heartbeats go on while a person here decides.

Every action is counted (turn), so an action that arrives out of step is told, never
applied. A loss of the cable is shown when this console needs the other one.

What a game in play needs stays here; its rarer moments (the RESUME check at a game's
start, a stop, the "Link lost" choices) are core/linkcheck.py, loaded for the moment
(`checked`). Measured on the 64-bit unix port from .mpy, names aside (they stay
interned): this module 3.7 KB, core.linkcheck 2.4 KB while loaded; 5.4 KB kept during
play before the split.
"""
from core import font, link
from core.table import LIVE
from core.session import load_module, unload
from hal.keys import K_B, K_MENU

FLUSH_MS = 2000     # how long a console leaving a linked game waits for its last messages to be acknowledged
YOUR_TURN_MS = 900  # "Your turn" stays up this long when the other console has played
WAIT_MS = 20        # the nap between two looks at the cable while waiting for the other console


class LinkPlay:
    """The link of one linked game. info: {"host": 0/1, "mine": [0/1 per seat],
    "turn": actions applied} (the setup's "link", or the save's)."""

    def __init__(self, app, info):
        self.app = app
        self.ui = app.ui
        self.host = bool(info["host"])
        self.mine = [bool(m) for m in info["mine"]]
        self.turn = int(info.get("turn", 0))
        self.alone = bool(info.get("alone", 0))  # the host plays on alone (computers in the guest's seats)
        self.inbox = []         # (seat, turn, action) received, not yet applied
        self.peer = None        # the other console's RESUME: (turn, state hash), until checked
        self.lost = ""          # why the link is lost, while it is
        self.problem = ""       # a mismatch or a BYE: this game cannot go on linked
        self.channel = None
        self.linked_once = False
        self.checked = False    # the other console's RESUME agreed with this game
        self.last_here = False  # the last action applied was this console's
        hal = app.ctx.hal
        if self.alone:
            pass
        elif hal.link is None:  # a linked game's save on a console without a link port
            self.problem = "This console has no link port."
        else:
            self.channel = link.Channel(hal.link, hal.clock, link.game_versions(app.ctx.game_id), hal.entropy(4))
            self.channel.open()
            self.ui.poll = self.poll

    def to_save(self):
        return {"host": int(self.host), "mine": [int(m) for m in self.mine], "turn": self.turn,
                "alone": int(self.alone)}

    def close(self):
        """The game is left: what this console sent goes first (up to FLUSH_MS), or a
        console resumed at once would start a new session without it and be out of step."""
        if self.ui.poll == self.poll:
            self.ui.poll = None
        channel = self.channel
        if channel is not None:
            clock = self.app.ctx.hal.clock
            start = clock.ticks_ms()
            while (channel.linked() and channel.pending()
                   and clock.ticks_diff(clock.ticks_ms(), start) < FLUSH_MS):
                self.poll()
                clock.sleep_ms(WAIT_MS)
            channel.close()
            self.channel = None

    # ---- the cable, at every nap --------------------------------------------------------
    def poll(self):
        """Read what the cable brought (Ui.poll: allocates nothing when nothing came)."""
        ch = self.channel
        m = ch.poll()
        while m is not None:
            kind = m.kind
            if kind == link.ACTION:
                self.inbox.append((m.seat, m.turn, m.text()))
            elif kind == link.RESUME:
                self.peer = (m.turn, m.state_hash)
                self.settle()
            elif kind == link.LOST:
                self.lost = m.text()
            elif kind == link.LINKED:
                self.lost = ""
                # the other console started again (from its save) after the first link:
                # it has lost what was sent to it, so say again where this one stands
                if m.new_peer and self.linked_once and ch.room():   # (its queue was dropped: room)
                    ch.send_resume(self.turn, checked("state_hash", self.app.game))
                self.linked_once = True
            elif kind == link.MISMATCH or kind == link.ERROR:
                self.problem = m.text()
            elif kind == link.BYE:
                self.problem = "The other console left the game: " + m.text()
            m = ch.poll()

    def here(self, seat):
        """Whether seat is played on this console."""
        return self.alone or self.mine[seat]

    # ---- the kit's hooks ------------------------------------------------------------------
    def applied(self, seat, action):
        """An action of this console's seat was applied: the other console gets it."""
        if self.alone:
            self.turn += 1
            return
        while not self.channel.room():      # 8 messages wait (a long loss): wait for the cable
            self.wait(seat, "Sending to the other console")
        self.channel.send_action(seat, self.turn, action)
        self.last_here = True
        self.turn += 1
        self.settle()

    def received(self, seat):
        """The action of the other console's seat, once the cable brings it."""
        line = "Waiting for %s on the other console" % self.app.names[seat]   # (once, not at every nap)
        self.shown = None       # drawn over whatever the app shows now
        while True:
            if self.inbox:
                got_seat, turn, action = self.inbox.pop(0)
                if got_seat != seat or turn != self.turn:
                    self.stop("The other console played seat %d at turn %d; this one "
                                    "expected seat %d at turn %d." % (got_seat + 1, turn, seat + 1, self.turn))
                self.turn += 1
                self.last_here = False
                self.settle()
                return action
            self.wait(seat, line)
            if self.alone:      # the host took the other console's seats over meanwhile
                return None

    def your_turn(self, seat):
        """The turn comes back to this console's person: say so for a moment (any key cuts
        it short). With two persons here, the pass screen names them instead."""
        if self.alone or self.last_here or self.app.humans > 1:
            return
        self.last_here = True
        app = self.app
        ui = self.ui
        fb = ui.fb
        LIVE["waiting"] = "continue"
        ui.clear()
        fb.rect(0, 0, 128, 64, 1)
        ui.center("Your turn", 8)
        fb.fill_rect(14, 20, 100, 13, 1)
        ui.center(app.names[seat], 23, 0)
        ui.center(app.pass_reason(seat)[:20], 40)
        ui.show()
        app.pause(YOUR_TURN_MS)

    def start(self):
        """At the game's start (new or resumed): both consoles say where they stand and
        wait for each other (core.linkcheck.start)."""
        checked("start", self)

    def settle(self):
        """The other console's RESUME (turn, state hash) against this console's game, once
        this one has applied what the other had then (its actions may still be on the way);
        a different game is a problem (wait() then stops the game)."""
        if self.peer is None:
            return
        turn, digest = self.peer
        if turn > self.turn:
            return
        self.peer = None
        self.checked = True
        checked("compare", self, turn, digest)     # a different game: a problem

    # ---- waiting for the other console ------------------------------------------------------
    def wait(self, seat, line):
        """One nap of waiting for the other console with `line` at the screen's foot and
        the busy mark: A+B or B opens the game menu; a lost link offers its choices."""
        ui = self.ui
        LIVE["waiting"] = "continue"    # (no decision of this console's: tests/drive reads it)
        if self.problem:
            self.stop(self.problem)
        if self.lost:
            checked("lost_menu", self)
            return
        fb = ui.fb
        if self.shown != line:     # two lines at the screen's foot, over the game's
            self.shown = line
            lines = font.wrap(line, 126)[:2]
            top = 64 - 9 * len(lines)
            fb.fill_rect(0, top - 1, 128, 65 - top, 0)
            fb.hline(0, top - 2, 128, 1)
            for i in range(len(lines)):
                font.text(fb, lines[i], 0, top + 9 * i)
            ui.busy()
        k = ui.pause(WAIT_MS)
        if k & (K_MENU | K_B):
            self.shown = None
            self.app.menu()

    shown = None        # the waiting line drawn last (redrawn after the game menu)

    def stop(self, reason):
        """This game cannot go on linked: say why and leave it, saved (core.linkcheck.stop)."""
        checked("stop", self, reason)


_CHECK = "core.linkcheck"


def checked(name, *args):
    """core.linkcheck's function name, called with args, the module loaded for it and let
    go of after (whether it returns or raises: a stop leaves the game)."""
    try:
        return getattr(load_module(_CHECK), name)(*args)
    finally:
        unload(_CHECK)
