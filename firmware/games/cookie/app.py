"""Cookie Party screens (game id "cookie"); docs/cookie.md, "Playing on the console".

Every decision screen: the player's 6x6 board on the left, the panel on the
right (dice, name and points, drink bars, what to do, the space under the
cursor zoomed). Spaces (place, move, put a chip, give a chip): the arrows
move a cursor over the board, A picks the space; the spaces A may pick (from
game.legal_actions(), worked out once per decision) have corner brackets.
Walls: UP/DOWN/LEFT/RIGHT pick that side of the rolled chip's space (the
sides that may be drawn are dashed), A draws it. The drink wall: a space first (A), then its side.
B: the turn menu (random layout / copy, skip the drink wall, no move, put
back; the scoreboard, every board, the last events). A+B held: game menu.
"""
import gc
import json
from core import font
from core.jsonout import dumps
from hal.keys import K_UP, K_DOWN, K_LEFT, K_RIGHT, K_A, K_B
from core.rng import Rng
from core.table import LIVE, TableApp, run as run_app
# (a collection after each module: the next one's objects then fill the
# holes its loading left, so larger blocks stay free for the saves)
from games.cookie import rules as R
gc.collect()
from games.cookie import bot
gc.collect()
from games.cookie import view as V
gc.collect()
from games.cookie.state import SS, SEGSP, CHIPS, seg_name, seg_index, space_name, _SAVE as SAVE_KEYS

LOG = 32            # event texts kept for the summaries
LOGB = 1200         # bytes for them
BOT_MS = 500        # a computer player's step stays on screen this long
LAYOUT = "cookielay"
SIDE_KEYS = (K_UP, K_DOWN, K_LEFT, K_RIGHT)     # top, bottom, left, right (state.SS order)
SIDE_NAMES = ("UP", "DOWN", "LEFT", "RIGHT")
VIEWS = ("Scoreboard", "All boards", "Last events")


# ---- what keys_for() and the screens agree on ------------------------------------
def extras(g):
    """The turn menu's actions in this phase (B opens it): [(action, label)]."""
    ph = g.phase
    if ph == "place":
        out = [("random", "Random layout")]
        if g.last_layout is not None:
            out.append(("copy", "Copy last layout"))
        return out
    if ph == "bonus" and g.opts["bonus_optional"]:
        return [("skip", "Skip drink wall")]
    if ph == "move":
        return [("done", "No move")]
    if ph == "target":
        return [("back", "Leave it there")]
    return []


def start(g):
    """Where the cursor starts: a space, or in the walls phase a side (0-3)."""
    p = g.seat
    ph = g.phase
    if ph == "walls":
        return first_side(g, p, g.space)
    if ph == "target":
        return g.chip_space(p, g.moving)
    if ph == "move" or ph == "claim":
        s = g.chip_space(p, g.roll_sum()) if ph == "move" else -1
        return s if s >= 0 else g.chip_space(p, g.chips_on_board(p)[0])
    if ph == "bonus":
        for s in range(36):
            if g.free_sides(p, s):
                return s
    x = g.free_spaces(p)
    return x[0] if x else 0


def first_side(g, p, s):
    w = g.walls[p]
    for k in range(4):
        if not w[SS[4 * s + k]]:
            return k
    return 0


def side_of(s, i):
    for k in range(4):
        if SS[4 * s + k] == i:
            return k
    return -1


def walk(a, b):
    """Keys moving the board cursor from space a to space b."""
    dr = b // 6 - a // 6
    dc = b % 6 - a % 6
    return (["DOWN"] * dr if dr > 0 else ["UP"] * -dr) + (["RIGHT"] * dc if dc > 0 else ["LEFT"] * -dc)


def keys_for(game, action):
    g = game
    e = extras(g)
    for j in range(len(e)):
        if e[j][0] == action:
            return ["B"] + ["DOWN"] * j + ["A"]
    a = action.split()
    if a[0] == "wall":
        i = seg_index(a[1], int(a[2]), int(a[3]))
        if g.phase == "walls":
            return [SIDE_NAMES[side_of(g.space, i)], "A"]
        s = SEGSP[2 * i] if SEGSP[2 * i] < 36 else SEGSP[2 * i + 1]
        return walk(start(g), s) + ["A", SIDE_NAMES[side_of(s, i)], "A"]
    if a[0] == "put":
        s = int(a[1]) * 6 + int(a[2])
    else:
        s = g.chip_space(g.seat, int(a[1]))
    return walk(start(g), s) + ["A"]


# ---- saves: lists of small ints as short texts ------------------------------------
# A save is written as one JSON text in one piece (and copied a few times on
# the way to the file), so it is kept small: a list of ints 0-43 becomes one
# character each after "$" ("0" = 0), other lists of ints "#1,-2,300". The
# game's state is packed straight from its attributes (game.to_save() would
# first copy every bytearray into a list of ints: 12 KB for four players),
# each value a text, all of them one text: the JSON writer keeps a list entry
# per piece (a 4 KB list for 270 pieces).
def pack(x):
    if isinstance(x, dict):
        out = {}
        for k in x:
            out[k] = pack(x[k])
        return out
    if isinstance(x, (list, tuple, bytearray)):
        for i in x:
            if not isinstance(i, int) or i is True or i is False:
                return [pack(i) for i in x]
        if x and (min(x) < 0 or max(x) > 43):
            return "#" + ",".join([str(i) for i in x])
        b = bytearray(x)
        for i in range(len(b)):
            b[i] += 48
        return "$" + b.decode()
    return x


def unpack(x):
    if isinstance(x, dict):
        for k in x:
            x[k] = unpack(x[k])
    elif isinstance(x, list):
        for i in range(len(x)):
            x[i] = unpack(x[i])
    elif isinstance(x, str) and x[:1] == "$":
        return [ord(c) - 48 for c in x[1:]]
    elif isinstance(x, str) and x[:1] == "#":
        return [int(v) for v in x[1:].split(",")]
    return x


def to_text(x):
    """x packed, as JSON with ' for " (no text in a save has either): one
    plain text the save's JSON writer takes in one piece."""
    return dumps(pack(x)).replace('"', "'")


def from_text(t):
    return unpack(json.loads(t.replace("'", '"')))


def full_layout(x):
    return isinstance(x, list) and len(x) == 36 and sorted(x) == [0] * 25 + list(CHIPS)


def phase_text(g):
    """The two prompt lines of the decision screen."""
    ph = g.phase
    if ph == "place":
        return "Place %d" % CHIPS[g.placed], "B: random"
    if ph == "walls":
        return "Chip %d:" % g.roll_sum(), "%d wall%s" % (g.need, "s" if g.need > 1 else "")
    if ph == "bonus":
        return "Drink wall", "B: skip" if g.opts["bonus_optional"] else "anywhere"
    if ph == "relocate":
        return "Chip %d to" % g.pending[0], "free space"
    if ph == "move":
        return "Move chip?", "B: no"
    if ph == "target":
        return "Chip %d to" % g.moving, "B: back"
    return "", "Give chip"


class App(TableApp):

    def __init__(self, ctx, setup, saved):
        self.ctx = ctx
        self.ui = ctx.ui
        self.fb = ctx.ui.fb
        # the long-lived state is made right after a collection: it then
        # fills the small holes the imports left, not the large free block
        gc.collect()
        self.brng = Rng(1)
        self.logb = bytearray(LOGB)
        self.seen = bytearray(LOG)
        self.logn = self.nlog = 0
        if saved is None:
            r = ctx.rng
            seats = setup["seats"]
            g = R.Game(len(seats), setup["options"], Rng(r.new_seed()))
            g.names = [s["name"] for s in seats]
            self.brng.seed(r.new_seed())
            if g.opts["setup"] == "free":
                x = ctx.saves.load(LAYOUT)[0]
                if isinstance(x, dict) and full_layout(x.get("layout")):
                    g.last_layout = bytearray(x["layout"])
            self.game = g
            g.start()
            self.note(-1)
        else:
            setup = from_text(saved["setup"])
            d = {"game": "cookie"}
            k = SAVE_KEYS.split() + ["rng"]
            t = saved["game"].split("|")
            for i in range(len(k)):
                d[k[i]] = from_text(t[i])
            g = self.game = R.Game.from_save(d)
            self.brng.setstate(unpack(saved["bot_rng"]))
            if "log" in saved:      # (a save from before the log was kept: none)
                t = saved["log"].encode()
                k = unpack(saved["seen"])
                self.logb[0:len(t)] = t
                self.logn = len(t)
                self.nlog = len(k)
                self.seen[0:len(k)] = bytes(k)
        self.setup = setup
        self.kinds = [s["kind"] for s in setup["seats"]]
        self.humans = self.kinds.count("human")
        # the last human seat that decided: a new game starts without a pass
        # screen, a resumed one with it (who holds the console now?)
        self.holder = -1
        if saved is None and self.kinds[g.to_act()] == "human":
            self.holder = g.to_act()
        self.turn = self.when()
        self.cur = 0
        self.legal = bytearray(36)      # the spaces that may be picked now (made once)
        LIVE["game"] = g
        LIVE["waiting"] = "continue"

    def when(self):
        return self.game.round * 8 + self.game.seat

    # ---- saving, the game menu, the event log -----------------------------------------
    def save(self):
        # (a few long texts: the JSON writer keeps a list entry per piece;
        # the collection first leaves the free heap in one piece for it)
        gc.collect()
        g = self.game
        t = [to_text(getattr(g, k)) for k in SAVE_KEYS.split()]
        t.append(to_text(g.rng.getstate()))
        # the event log from the first event a person has not seen yet: its
        # texts ('|' after each) and who saw them
        i = k = 0
        m = 0
        for p in range(g.n):
            if self.kinds[p] == "human":
                m |= 1 << p
        while i < self.nlog and self.seen[i] & m == m:
            k = self.logb.find(b"|", k) + 1
            i += 1
        self.ctx.save_game({"setup": to_text(self.setup), "game": "|".join(t),
                            "bot_rng": pack(self.brng.getstate()),
                            "log": str(memoryview(self.logb)[k:self.logn], "utf-8"), "seen": pack(self.seen[i:self.nlog])})

    def menu(self):
        """The game menu; on Resume the screen waits as before."""
        w = LIVE.get("waiting")
        TableApp.menu(self)
        LIVE["waiting"] = w

    def note(self, owner):
        """Keep the rules' event texts; owner: the seat whose own action the
        first one merely echoes (marked seen by that seat)."""
        for e in self.game.pop_events():
            self.log(e, 1 << owner if owner >= 0 else 0)
            owner = -1

    def log(self, text, k):
        """Keep an event text and who saw it (k, bits) in two bytearrays made
        once ('|' after each text): no strings scattered over a small heap;
        the oldest go when they are full."""
        b = self.logb
        text = text.encode() + b"|"
        while self.nlog == LOG or self.logn + len(text) > LOGB:
            i = b.find(b"|") + 1
            n = self.logn - i
            b[0:n] = b[i:self.logn]
            self.logn = n
            self.nlog -= 1
            self.seen[0:self.nlog] = self.seen[1:self.nlog + 1]
        b[self.logn:self.logn + len(text)] = text
        self.logn += len(text)
        self.seen[self.nlog] = k
        self.nlog += 1

    def texts(self):
        """The kept event texts, oldest first."""
        return bytes(self.logb[:self.logn]).decode().split("|")[:-1]

    def news(self, seat, title="What happened", mine=False):
        """The events seat has not seen (mine: only those about seat), to
        read; marked seen once read ("Save and quit" on this screen shows
        them again on Resume)."""
        lines = []
        at = []
        me = self.game.names[seat] + ":"
        t = self.texts()
        for i in range(self.nlog):
            if not self.seen[i] >> seat & 1 and (not mine or t[i].startswith(me)):
                at.append(i)
                lines.append(t[i])
        t = None
        if lines:
            self.read(title, lines)
        for i in at:
            self.seen[i] |= 1 << seat

    def read(self, title, events):
        """Events as a list to read, UP/DOWN scroll; A goes on, B the turn menu's views."""
        lines = []
        for e in events:
            w = font.wrap(e, 126)
            lines.append(w[0])
            for more in font.wrap(" ".join(w[1:]), 120):
                lines.append(" " + more)
        first = max(0, len(lines) - 5) if title == "Last events" else 0
        while True:
            V.events_page(self.ui, title, lines, first)
            k = self.key("continue")
            if k & K_UP and first > 0:
                first -= 1
            elif k & K_DOWN and first + 5 < len(lines):
                first += 1
            elif k & K_A:
                return
            elif k & K_B and title != "Last events":
                self.view_menu(max(0, self.game.to_act()))

    def refuse(self, reason):
        """A reason (the rules core's) in a box over the screen."""
        V.refusal(self.fb, reason)
        self.ui.show()
        while True:
            k = self.key("continue")
            if not k or k & (K_A | K_B):
                return

    def apply(self, a):
        """Apply a human's action; False (reason shown) if the rules refuse it."""
        g = self.game
        seat = g.seat
        ph = g.phase
        if not TableApp.apply(self, a):
            return False
        echo = a[0] in "wsrc" or a[0] == "p" and ph != "place"
        self.note(seat if echo else -1)
        if ph == "place" and (g.phase != "place" or g.seat != seat):
            self.ctx.saves.save(LAYOUT, {"layout": list(g.last_layout)})
        self.news(seat, g.names[seat], True)
        return True

    # ---- the game --------------------------------------------------------------------
    def play(self):
        g = self.game
        self.ui.on_sleep = self.save
        self.save()
        while not g.is_over():
            seat = g.to_act()
            if self.kinds[seat] != "human":
                self.bot(seat)
            else:
                if self.humans > 1 and self.holder != seat:
                    LIVE["waiting"] = "continue"
                    self.ui.pass_to(g.names[seat], "to place your chips" if g.phase == "place" else
                                    "Round %d: rolled %d" % (g.round, g.roll_sum()))
                self.holder = seat
                self.news(seat)
                self.decide()
            if self.when() != self.turn:
                self.turn = self.when()
                self.save()
        self.finish()

    def bot(self, seat):
        g = self.game
        p = seat
        a = bot.choose(g, self.kinds[seat], self.brng)
        x = a.split()
        cur = -1
        sel = -1
        if x[0] == "wall":
            sel = seg_index(x[1], int(x[2]), int(x[3]))
            t = ("draws", "a wall")
        elif x[0] == "put":
            cur = int(x[1]) * 6 + int(x[2])
            t = ("puts", "chip %d" % (g.moving or (g.pending[0] if g.pending else CHIPS[g.placed])))
        elif x[0] in ("move", "give"):
            cur = g.chip_space(p, int(x[1]))
            t = (x[0] + "s", "chip " + x[1])
        else:
            t = {"random": ("places", "at random"), "skip": ("skips", "drink wall"),
                 "done": ("no move", ""), "back": ("keeps", "it there"), "copy": ("copies", "a layout")}[x[0]]
        V.board(self.fb, g, p, cur, (), sel)
        V.head(self.fb, g, p, g.names[p])
        V.prompt(self.fb, t[0], t[1])
        font.text(self.fb, "CPU", V.PX, V.ZY + 9)
        self.ui.show()
        g.apply(a)
        self.note(-1)
        LIVE["waiting"] = "continue"
        self.pause(BOT_MS)

    def screen(self, cur=-1, marks=(), sel=-1, zoom=-1, text=None, legal=None):
        """The decision screen of the seat to act."""
        g = self.game
        p = g.seat
        fb = self.fb
        V.board(fb, g, p, cur, marks, sel, legal)
        V.head(fb, g, p, g.names[p])
        a, b = text or phase_text(g)
        if g.phase == "claim" and not text:
            V.task_icon(fb, g, g.todo[0], V.PX, 29)
            a = "  +%d done" % g.next_points(g.todo[0])
        V.prompt(fb, a, b)
        if zoom >= 0:
            V.zoom(fb, g, p, zoom)
        self.ui.show()

    def decide(self):
        """One decision of the human seat to act."""
        g = self.game
        self.cur = start(g)
        if g.phase != "walls":
            self.targets()
        while True:
            if g.phase == "walls":
                a = self.sides(g.space, self.cur)
            else:
                a = self.spaces()
            if a and self.apply(a):
                return

    def targets(self):
        """self.legal: 1 for every space an action of game.legal_actions()
        picks (put r c; move / give N: the chip's space; a drink wall: the
        spaces beside it), once per decision."""
        g = self.game
        p = g.seat
        m = self.legal
        for s in range(36):
            m[s] = 0
        for a in g.legal_actions():
            x = a.split()
            if x[0] == "put":
                m[int(x[1]) * 6 + int(x[2])] = 1
            elif x[0] == "move" or x[0] == "give":
                m[g.chip_space(p, int(x[1]))] = 1
            elif x[0] == "wall":
                i = seg_index(x[1], int(x[2]), int(x[3]))
                for s in (SEGSP[2 * i], SEGSP[2 * i + 1]):
                    if s < 36:
                        m[s] = 1

    def turn_menu(self):
        """B: the phase's extra actions and the views. Returns an action or None."""
        g = self.game
        e = extras(g)
        i = self.ui.menu(g.names[g.seat], [x[1] for x in e] + list(VIEWS))
        if i == -2:
            self.menu()
        if i < 0:
            return None
        if i < len(e):
            return e[i][0]
        self.views(g.seat, i - len(e))
        return None

    def spaces(self):
        """The board cursor (and its zoom); returns an action or None."""
        g = self.game
        p = g.seat
        while True:
            cur = self.cur
            self.screen(cur, zoom=cur, legal=self.legal)
            k = self.key()
            if k & (K_UP | K_DOWN):
                self.cur = (cur + (6 if k & K_DOWN else 30)) % 36
            elif k & (K_LEFT | K_RIGHT):
                self.cur = cur - cur % 6 + (cur + (1 if k & K_RIGHT else 5)) % 6
            elif k & K_B:
                return self.turn_menu()
            elif k & K_A:
                ph = g.phase
                if ph == "bonus":
                    if not g.free_sides(p, cur):
                        self.refuse("Space %s has all four walls already" % space_name(cur))
                        continue
                    a = self.sides(cur, first_side(g, p, cur))
                    if a:
                        return a
                elif ph == "move" or ph == "claim":
                    if g.chip_at[p][cur]:
                        return "%s %d" % ("move" if ph == "move" else "give", g.chip_at[p][cur])
                    self.refuse("No chip on %s: pick one of your chips%s" % (
                        space_name(cur), " (B: no move)" if ph == "move" else " to give"))
                else:
                    return "put " + space_name(cur)

    def sides(self, s, k):
        """A side of space s: UP/DOWN/LEFT/RIGHT choose, A draws; B the turn
        menu (walls) or back to the spaces (drink wall)."""
        g = self.game
        while True:
            self.screen(-1, g.free_sides(g.seat, s), SS[4 * s + k], s,
                        ("Drink wall", "B: back") if g.phase == "bonus" else None)
            key = self.key()
            for j in range(4):
                if key & SIDE_KEYS[j]:
                    k = j
                    if g.phase == "walls":
                        self.cur = k
            if key & K_A:
                return "wall " + seg_name(SS[4 * s + k])
            if key & K_B:
                if g.phase == "walls":
                    return self.turn_menu()
                return None

    # ---- views: the scoreboard, every board ------------------------------------------
    def view_menu(self, p):
        i = self.ui.menu("Look at", list(VIEWS))
        if i == -2:
            self.menu()
        elif i >= 0:
            self.views(p, i)

    def views(self, p, which):
        """0 the scoreboard, 1 every board, 2 the last events."""
        if which == 0:
            self.scoreboard(p)
        elif which == 1:
            self.boards(p)
        else:
            self.read("Last events", self.texts())

    def scoreboard(self, p):
        """Every task: its slots (taken ones lit) and seat p's progress;
        LEFT/RIGHT player, UP/DOWN task, A who scored it, B back."""
        g = self.game
        i = first = 0
        while True:
            first = min(i, max(first, i - 4))
            V.scoreboard_page(self.ui, g, p, i, first)
            k = self.key("continue")
            if k & (K_LEFT | K_RIGHT):
                p = (p + (1 if k & K_RIGHT else g.n - 1)) % g.n
            elif k & (K_UP | K_DOWN):
                i = (i + (1 if k & K_DOWN else g.nt - 1)) % g.nt
            elif k & K_A:
                self.ui.message("Task", V.task_text(g, i))
            elif k & K_B:
                return

    def boards(self, p):
        """Any player's board: LEFT/RIGHT player, A/B back."""
        g = self.game
        while True:
            V.board_page(self.fb, g, p)
            self.ui.show()
            k = self.key("continue")
            if k & (K_LEFT | K_RIGHT):
                p = (p + (1 if k & K_RIGHT else g.n - 1)) % g.n
            elif k & (K_A | K_B):
                return

    # ---- the end ---------------------------------------------------------------------
    def finish(self):
        """The save goes; the last events; every score and the winner(s); A on
        a row lists that player's tasks."""
        g = self.game
        self.ui.on_sleep = None
        self.ctx.clear_save()
        if self.humans:
            self.news(self.holder if self.holder >= 0 else self.kinds.index("human"), "Game over")
        LIVE["waiting"] = "continue"
        self.ui.scores("Game over", V.end_rows(g), g.winners())


def run(ctx, setup, saved):
    run_app(App, ctx, setup, saved)
