"""Clever Kids screens (game id "clever"); docs/clever.md, "Playing on the console".

Every decision screen: the five dice down the left, one area of the
player's sheet on the right, a status line under it.
Pick: LEFT/RIGHT (or UP/DOWN) choose a colour tab (Y R G B, and Pass for the
other players); the area of that colour shows what the dice could cross
first (framed). A picks it. Cross / bonus: LEFT/RIGHT move over the fields
that can be crossed now (and the Done / Skip button), UP/DOWN jump a row;
A crosses; when a field can be crossed with or without jokers a short list
asks how. B on any screen shows every player's sheet (LEFT/RIGHT player,
UP/DOWN overview and each area). A+B held: the game menu.
"""
import gc
from core import font
from hal.keys import K_UP, K_DOWN, K_LEFT, K_RIGHT, K_A, K_B
from core.rng import Rng
from core.table import LIVE, TableApp, run as run_app
from games.clever import rules as R, view as V

D = R.D
LOG = 24            # event texts kept for the summaries
BOT_MS = 600        # a computer player's step stays on screen this long
TABS = ("Y", "R", "G", "B", "pass")


def fields_of(acts):
    """The fields in a list of cross actions, in order, each once."""
    out = []
    for a in acts:
        f = a.split(" ")[0]
        if f not in ("done", "skip") and f not in out:
            out.append(f)
    return out


def items_of(game):
    """What the cursor moves over on the decision screen of game.to_act()."""
    ph = game.phase
    if ph == "pick":
        return list(TABS[:4 + game.role])
    acts = game.legal_actions()
    out = fields_of(acts)
    if ph == "cross":
        out.append("done")
    elif "skip" in acts:
        out.append("skip")
    return out


def start_of(game, items):
    """Where the cursor starts: the first colour that may be picked, else 0."""
    if game.phase == "pick":
        acts = game.legal_actions()
        for i in range(len(items)):
            if items[i] in acts:
                return i
    return 0


def variants(game, f):
    return [a for a in game.legal_actions() if a.split(" ")[0] == f]


def keys_for(game, action):
    items = items_of(game)
    f = action.split(" ")[0]
    i = items.index(f)
    keys = ["RIGHT"] * ((i - start_of(game, items)) % len(items)) + ["A"]
    if game.phase != "pick" and f not in ("done", "skip"):
        v = variants(game, f)
        if len(v) > 1:
            keys += ["DOWN"] * v.index(action) + ["A"]
    return keys


def area_of(game):
    """The colour whose area the current decision is about (-1: none yet)."""
    if game.phase == "bonus":
        return game.pending[0]
    return game.colour


def joker_text(s, a):
    """How a cross action uses the dice: '2 candles', 'donut + joker', 'joker'."""
    l, b, j = R.parse(a)
    k, want = R.need(s, l)
    real = k - j
    noun = D.SYM_LABEL[want] if want > 0 else ("balloon", "candle", "present", "sweet")[2 if l == R.GI else R.LCOL[l]]
    parts = []
    if real:
        parts.append(noun + " die" if l == 0 else "%d %ss" % (real, noun) if real > 1 else noun)
    if j:
        parts.append("%d jokers" % j if j > 1 else "joker")
    return " + ".join(parts)


class App(TableApp):

    def __init__(self, ctx, setup, saved):
        self.ctx = ctx
        self.ui = ctx.ui
        self.fb = ctx.ui.fb
        self.brng = Rng(1)
        self.log = []       # event texts, each led by the seat it echoes ('-': none)
        self.nlog = 0       # events ever logged
        if saved is None:
            r = ctx.rng
            g = R.Game(len(setup["seats"]), setup["options"], Rng(r.new_seed()))
            g.names = [s["name"] for s in setup["seats"]]
            self.brng.seed(r.new_seed())
            self.kinds = [s["kind"] for s in setup["seats"]]
            self.game = g
            g.start()
            self.seen = [0] * g.n      # per seat: events seen up to here
            self.note(-1)
        else:
            # the save is kept small (the names and options are in the game's
            # own save; of the event log only what a person has not seen yet):
            # it is written in one piece
            g = self.game = R.Game.from_save(saved["game"])
            self.brng.setstate(saved["bot_rng"])
            self.kinds = saved["kinds"]
            self.seen = [0] * g.n
            if "log" in saved:      # (a save from before the log was kept: none)
                self.log = saved["log"].split("|") if saved["log"] else []
                self.nlog = saved["nlog"]
                self.seen = saved["seen"]
        self.humans = self.kinds.count("human")
        self.bots = None
        if self.humans < g.n:       # the computer players' module only when there are some
            from games.clever import bot
            self.bots = bot
        # the last human seat that decided: a new game starts without a pass screen,
        # a resumed one with it (who holds the console now?)
        self.holder = -1
        if saved is None:
            self.holder = g.to_act()
        elif self.humans == 1:
            self.holder = self.kinds.index("human")
        self.turn = g.turn
        LIVE["game"] = g
        LIVE["waiting"] = "continue"

    # ---- saving, the event log ----------------------------------------------------
    def save(self):
        gc.collect()    # the save is built in one piece: room for it in a fragmented heap
        # the events a person (with none: seat 0, whose "Game over" lists them)
        # has not seen yet, as one text
        first = self.nlog
        for p in range(self.game.n):
            if self.kinds[p] == "human" or p == 0 and not self.humans:
                first = min(first, self.seen[p])
        first = max(0, first - self.nlog + len(self.log))
        self.ctx.save_game({"kinds": self.kinds, "game": self.game.to_save(),
                            "bot_rng": list(self.brng.getstate()),
                            "log": "|".join(self.log[first:]), "nlog": self.nlog, "seen": self.seen})

    def note(self, owner):
        """Keep the rules' event texts; owner: the seat whose own action the
        first one merely echoes (not shown back to that player)."""
        g = self.game
        ev = g.pop_events()
        again = False
        for e in ev:
            again = again or e.endswith("rolls again")
        for e in ev:
            # the roller sees the roll on the dice: no news, unless it was rolled again
            if not again and e.startswith(g.names[g.active] + " rolls "):
                owner = g.active
            self.log.append("-0123"[owner + 1] + e)
            owner = -1
            self.nlog += 1
        del self.log[:-LOG]

    def unseen(self, seat):
        first = self.nlog - len(self.log)
        own = "0123"[seat]
        return [e[1:] for i, e in enumerate(self.log) if i + first >= self.seen[seat] and e[0] != own]

    def news(self, seat, title="What happened"):
        """Show the events seat has not seen yet (if any)."""
        lines = self.unseen(seat)
        for e in lines:
            if e.endswith("rolls again"):
                title = "Rolled again!"
        if lines:
            self.read(title, lines)
        # seen once read: "Save and quit" on this screen shows it again on Resume
        self.seen[seat] = self.nlog

    def read(self, title, events):
        """Events as a list to read, UP/DOWN scroll; A goes on, B shows the sheets."""
        ui = self.ui
        lines = []
        for e in events:
            w = font.wrap(e, 126)
            lines.append(w[0])
            for more in font.wrap(" ".join(w[1:]), 120):
                lines.append(" " + more)
        first = 0
        per = 5
        while True:
            ui.clear()
            ui.bar(title)
            for i in range(first, min(len(lines), first + per)):
                font.text(self.fb, lines[i], 0, 11 + 9 * (i - first))
            font.text_right(self.fb, "A:OK", 127, 56)
            if len(lines) > per:
                font.text(self.fb, (font.ARROW_UP if first else " ") + (
                    font.ARROW_DOWN if first + per < len(lines) else ""), 0, 56)
            ui.show()
            k = self.key("continue")
            if k & K_UP and first > 0:
                first -= 1
            elif k & K_DOWN and first + per < len(lines):
                first += 1
            elif k & K_A:
                return
            elif k & K_B:
                self.sheets(self.game.to_act() if not self.game.over else 0)

    def refuse(self, reason):
        """The rules' reason for a refusal, in a box over the screen."""
        fb = self.fb
        fb.fill_rect(6, 14, 116, 40, 0)
        fb.rect(6, 14, 116, 40, 1)
        fb.rect(7, 15, 114, 38, 1)
        y = 18
        for line in font.wrap(reason, 108)[:3]:
            font.text_center(fb, line, 64, y)
            y += 9
        font.text_right(fb, "A:OK", 118, 45)
        self.ui.show()
        while True:
            k = self.key("continue")
            if not k or k & (K_A | K_B):
                return

    def apply(self, a):
        """Apply a human's action; False (reason shown) if the rules refuse it."""
        seat = self.game.seat
        if not TableApp.apply(self, a):
            return False
        self.note(seat if a != "done" else -1)
        self.results(seat)
        return True

    def results(self, seat):
        """What the player's action set off by itself (bonus crosses, the
        next roll...): shown to that player at once."""
        self.news(seat, self.game.names[seat])

    # ---- the game ----------------------------------------------------------------
    def play(self):
        g = self.game
        self.ui.on_sleep = self.save
        self.save()
        while not g.over:
            seat = g.to_act()
            if self.kinds[seat] != "human":
                self.bot(seat)
            else:
                if self.humans > 1 and self.holder != seat:
                    LIVE["waiting"] = "continue"
                    self.ui.pass_to(g.names[seat], "to roll the dice" if g.phase == "pick" and not g.role
                                    else "to use the dice left")
                self.holder = seat
                self.news(seat)
                self.decide(seat)
            if g.turn != self.turn:
                self.turn = g.turn
                self.save()
        self.finish()

    def bot(self, seat):
        g = self.game
        a = self.bots.choose(g, self.kinds[seat], self.brng)
        c = area_of(g)
        cur = None
        if g.phase == "pick":
            c = D.COLOURS.find(a)
            text = "passes" if a == "pass" else "picks " + D.COLOUR_NAMES[c]
        else:
            cur = a.split(" ")[0]
            text = "done" if a == "done" else "skips" if a == "skip" else R.label(a)
        self.screen(g.names[seat] + " (CPU)", c, self.targets(c) if cur is None else (), cur)
        self.status(text)
        self.ui.show()
        g.apply(a)
        self.note(-1)
        LIVE["waiting"] = "continue"
        self.pause(BOT_MS)

    def targets(self, c):
        """Fields the player to act could cross first in colour c (pick screen)."""
        g = self.game
        if c < 0 or g.why_colour(c):
            return ()
        return fields_of(R.options(g.sheets[g.seat], c, g.counts(c)))

    def screen(self, title, c, targets=(), cursor=None):
        g = self.game
        ui = self.ui
        ui.clear()
        ui.bar(title, "%d%s" % (R.stars(g.sheets[g.seat]), font.STAR))
        V.dice_column(self.fb, g)
        if c >= 0:
            V.area(self.fb, g.sheets[g.seat], c, targets, cursor)

    def status(self, text, button=None, lit=False):
        """The status line under the area: a text and a button (Done, Skip)."""
        fb = self.fb
        font.text(fb, text, V.PX + 1, V.SY)
        if button:
            w = font.width(button) + 4
            x = 128 - w
            if lit:
                fb.fill_rect(x, V.SY - 1, w, 9, 1)
            else:
                fb.rect(x, V.SY - 1, w, 10, 1)     # open at the bottom edge
            font.text(fb, button, x + 2, V.SY, 0 if lit else 1)

    def decide(self, seat):
        g = self.game
        items = items_of(g)
        cur = start_of(g, items)
        while True:
            it = items[cur]
            if g.phase == "pick":
                self.draw_pick(items, cur)
            else:
                self.draw_cross(items, cur)
            k = self.key()
            if k & (K_LEFT | K_RIGHT):
                cur = (cur + (1 if k & K_RIGHT else -1)) % len(items)
            elif k & (K_UP | K_DOWN):
                cur = self.jump(items, cur, 1 if k & K_DOWN else -1)
            elif k & K_B:
                self.sheets(seat)
            elif k & K_A:
                if g.phase == "pick" or it in ("done", "skip"):
                    a = it
                else:
                    v = variants(g, it)
                    a = v[0] if len(v) == 1 else self.how(it, v)
                if a is not None and self.apply(a):
                    return

    def jump(self, items, cur, step):
        """UP/DOWN: on the pick screen the next tab; on a sheet the nearest
        field in the row above / below (or the button)."""
        g = self.game
        if g.phase == "pick":
            return (cur + step) % len(items)
        c = area_of(g)
        here = V.cell_at(c, items[cur])
        best = None
        for i in range(len(items)):
            cell = V.cell_at(c, items[i])
            if cell is None or here is None:
                continue
            dy = (cell[4] - here[4]) * step
            if dy > 0:
                d = dy * 4 + abs(cell[3] - here[3])
                if best is None or d < best[0]:
                    best = (d, i)
        return best[1] if best else (cur + step) % len(items)

    def draw_pick(self, items, cur):
        g = self.game
        fb = self.fb
        it = items[cur]
        c = D.COLOURS.find(it) if it != "pass" else -1
        name = g.names[g.seat]
        self.screen("%s: %s?" % (name, D.COLOUR_NAMES[c]) if c >= 0 else name + ": pass?", c, self.targets(c))
        acts = g.legal_actions()
        x = V.PX
        for i in range(len(items)):
            t = "Pass" if items[i] == "pass" else items[i]
            w = font.width(t) + 3
            if i == cur:
                fb.fill_rect(x, V.SY - 1, w, 9, 1)
            font.text(fb, t, x + 2, V.SY, 0 if i == cur else 1)
            if items[i] not in acts:
                fb.line(x, V.SY + 7, x + w - 1, V.SY - 1, 0 if i == cur else 1)
            x += w + 3
        if c < 0:
            font.text(fb, "Cross nothing", V.PX + 4, 20)
            font.text(fb, "this turn.", V.PX + 4, 30)
        ui = self.ui
        ui.show()

    def draw_cross(self, items, cur):
        g = self.game
        it = items[cur]
        c = area_of(g)
        name = g.names[g.seat]
        title = "%s: %s" % (name, D.COLOUR_NAMES[c] if g.phase == "cross" else "bonus")
        self.screen(title, c, items, it)
        button = "Done" if items[-1] == "done" else "Skip" if items[-1] == "skip" else None
        text = "" if it in ("done", "skip") else R.label(it)
        self.status(text, button, it in ("done", "skip"))
        self.ui.show()

    def how(self, f, acts):
        """Several ways to cross field f (with / without jokers): a short list."""
        g = self.game
        s = g.sheets[g.seat]
        fb = self.fb
        items = items_of(g)
        i = 0
        while True:
            self.draw_cross(items, items.index(f))
            h = 12 + 10 * len(acts)
            fb.fill_rect(V.PX - 1, 10, 104, h, 0)
            fb.rect(V.PX - 1, 10, 104, h, 1)
            font.text(fb, R.label(f) + " with", V.PX + 2, 12)
            for k in range(len(acts)):
                y = 22 + 10 * k
                if k == i:
                    fb.fill_rect(V.PX + 1, y - 1, 100, 9, 1)
                font.text(fb, joker_text(s, acts[k]), V.PX + 3, y, 0 if k == i else 1)
            self.ui.show()
            k = self.key()
            if k & (K_UP | K_LEFT):
                i = (i - 1) % len(acts)
            elif k & (K_DOWN | K_RIGHT):
                i = (i + 1) % len(acts)
            elif k & K_A:
                return acts[i]
            elif k & K_B:
                return None

    # ---- everyone's sheets --------------------------------------------------------
    def sheets(self, p):
        """Any player's sheet: LEFT/RIGHT player, UP/DOWN overview / areas."""
        g = self.game
        fb = self.fb
        page = 0
        while True:
            s = g.sheets[p]
            ui = self.ui
            ui.clear()
            ui.bar(g.names[p], "%d%s %d/%d" % (R.stars(s), font.STAR, p + 1, g.n))
            if page == 0:
                V.overview(fb, s)
            else:
                c = page - 1
                V.area(fb, s, c)
                fb.fill_rect(0, 11, 7, 9, 1)
                font.text(fb, D.COLOURS[c], 1, 12, 0)
                font.text(fb, "%d%s" % (R.area_stars(s)[c], font.STAR), 0, 22)
                font.text(fb, D.AREA_NAMES[c], V.PX + 1, V.SY)
            ui.show()
            k = self.key("continue")
            if k & (K_LEFT | K_RIGHT):
                p = (p + (1 if k & K_RIGHT else -1)) % g.n
            elif k & (K_UP | K_DOWN):
                page = (page + (1 if k & K_DOWN else -1)) % 5
            elif k & (K_A | K_B):
                return

    # ---- the end ------------------------------------------------------------------
    def finish(self):
        g = self.game
        ui = self.ui
        ui.on_sleep = None
        self.ctx.clear_save()
        seat = self.holder if self.holder >= 0 else 0
        self.news(seat, "Game over")
        rows = []
        for p in range(g.n):
            a = R.area_stars(g.sheets[p])
            d = "\n".join("%s %d" % (D.AREA_NAMES[c], a[c]) for c in range(4))
            rows.append((g.names[p], sum(a), d + "\nTotal %d stars" % sum(a)))
        LIVE["waiting"] = "continue"
        if g.n == 1:
            self.rating(rows[0][1])
            ui.scores("%d stars!" % rows[0][1], rows, [])
        else:
            ui.scores("Game over", rows, g.winners())

    def rating(self, n):
        """Solo: the rating table, the player's line lit."""
        ui = self.ui
        fb = self.fb
        t = D.SOLO_RATINGS
        while True:
            ui.clear()
            ui.bar("%d stars" % n)
            for i in range(len(t)):
                lo = t[i][0]
                hi = t[i + 1][0] - 1 if i + 1 < len(t) else -1
                rng = "%d-%d" % (lo, hi) if hi >= 0 else "%d+" % lo
                y = 11 + 9 * i
                on = R.rating(n) == t[i][1]
                if on:
                    fb.fill_rect(0, y - 1, 128, 9, 1)
                font.text(fb, rng, 2, y + 1, 0 if on else 1, font.FONT3x5)
                font.text(fb, t[i][1], 26, y, 0 if on else 1)
            font.text_right(fb, "A:OK", 127, 56)
            ui.show()
            if self.key("continue") & (K_A | K_B):
                return


def run(ctx, setup, saved):
    run_app(App, ctx, setup, saved)
