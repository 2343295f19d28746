# Dizzle screens (game id "dizzle"); docs/dizzle.md, "Playing on the console".
# Comments, not docstrings: the console compiles less.
#
# The turn screen: the whole sheet on the left, the dice on the table along
# the bottom, the right panel a bar and a zoom of 4 x 3 fields.
#   1. Take a die: LEFT/RIGHT choose a die value (the fields it may go on are
#      framed, the zoom shows the first of them), A takes it.
#   2. Put it: the arrows move the cursor over the sheet, A puts the die there
#      (on a field it may not go on, A says why), B goes back to step 1.
# No die fits: Roll again / Drop out (UP/DOWN, A). After an unlucky roll
# again: choose one of this turn's dice on the sheet to give back. A rocket:
# choose a free planet on the sheet. B on the turn screen: everyone's sheets
# (LEFT/RIGHT player, A zoom with a cursor, UP points, DOWN last events).
import gc
from core import font
from core.keys import K_UP, K_DOWN, K_LEFT, K_RIGHT, K_A, K_B, K_MENU
from core.rng import Rng
from core.table import LIVE, TableApp, run as run_app
from games.dizzle import bot, rules as R, sheets as S, view as V

LOG = 12            # event texts kept for the summaries (and saved)
BOT_MS = 700        # a computer player's move stays on screen this long


PACK = ("sheets", "tiers", "pool")     # saved as digit strings


def pack(t):
    return "".join("0123456789"[k] for k in t)


def unpack(t):
    return [ord(ch) - 48 for ch in t]


# ---- where each decision screen starts (keys_for depends on it) -------------
def values(g):
    out = []
    for v in g.pool:
        if v not in out:
            out.append(v)
    return out


def fits(g):
    # fits[v]: a die showing v may go somewhere now
    f = bytearray(7)
    for v, c in g.placements():
        f[v] = 1
    return f


def first_value(g):
    vals = values(g)
    f = fits(g)
    for i in range(len(vals)):
        if f[vals[i]]:
            return i
    return 0


def legal(g, v, marks, pl=None):
    # marks the fields a die showing v may go on (pl: g.placements() if known);
    # returns the first or -1
    first = -1
    for i in range(g.ncells):
        marks[i] = 0
    for w, c in pl or g.placements():
        if w == v:
            marks[c] = 1
            if first < 0:
                first = c
    return first


def start_cell(g, v):
    c = legal(g, v, V.MARK)
    if c >= 0:
        return c
    t = g.targets(g.cur)[1]
    return t[0] if t else 0


def choice_cells(g):
    # back / planet: the fields to choose from, sorted as the screen starts
    if g.phase == "back":
        return list(g.placed[g.cur])
    return g.free_planets(g.to_act())


def moves(g, a, b):
    ra, ca = divmod(a, g.cols)
    rb, cb = divmod(b, g.cols)
    k = ["DOWN"] * (rb - ra) if rb >= ra else ["UP"] * (ra - rb)
    return k + (["RIGHT"] * (cb - ca) if cb >= ca else ["LEFT"] * (ca - cb))


def keys_for(game, action):
    g = game
    if action in ("roll", "drop"):
        return ["DOWN", "A"] if action == "drop" and g.reroll_allowed() else ["A"]
    h, rc = action.split("@")
    r, c = rc.split(",")
    cell = int(r) * g.cols + int(c)
    if g.phase == "take":
        v = int(h)
        return ["RIGHT"] * (values(g).index(v) - first_value(g)) + ["A"] + moves(g, start_cell(g, v), cell) + ["A"]
    return moves(g, choice_cells(g)[0], cell) + ["A"]


class App(TableApp):

    def __init__(self, ctx, setup, saved):
        self.ctx = ctx
        self.ui = ctx.ui
        self.fb = ctx.ui.fb
        self.brng = Rng(1)
        if saved is None:
            r = ctx.hal.rng
            g = R.Game(len(setup["seats"]), setup["options"], Rng(r.next16() * 16384 + r.next16()))
            g.names = [s["name"] for s in setup["seats"]]
            self.kinds = [s["kind"] for s in setup["seats"]]
            self.brng.seed(r.next16() * 16384 + r.next16())
            self.log = []
            self.nlog = 0
            self.seen = [0] * g.n
        else:
            d = dict(saved["game"])
            for k in PACK:                      # see save()
                d[k] = unpack(d[k]) if k == "pool" else [unpack(t) for t in d[k]]
            g = R.Game.from_save(d)
            self.kinds = saved["kinds"]
            self.brng.setstate(saved["bot_rng"])
            self.log = saved["log"].split("|") if saved["log"] else []
            self.nlog = saved["nlog"]
            self.seen = saved["seen"]
        self.game = g
        self.humans = self.kinds.count("human")
        # the human seat holding the console: none yet on a resume (pass first)
        self.holder = -1 if saved is not None and self.humans > 1 else self.first_human()
        self.snap = [bytearray(g.ncells) for _ in range(g.n)]    # the sheets before an action
        self.tag = ""
        self.told = False       # the player was just told to give back a die
        LIVE["game"] = g
        LIVE["waiting"] = "continue"

    def first_human(self):
        return self.kinds.index("human") if self.humans else -1

    # ---- saving, messages ---------------------------------------------------------
    def save(self):
        # small numbers as digit strings, the log as one text: core.jsonout keeps a
        # list entry per number and string, and a few hundred of them need a large
        # free block on the console. The seats' names are in the game.
        # (packed before to_save() copies them: no big lists on the way)
        gc.collect()
        g = self.game
        sh, ti, po = g.sheets, g.tiers, g.pool
        g.sheets = [pack(t) for t in sh]
        g.tiers = [pack(t) for t in ti]
        g.pool = pack(po)
        try:
            d = g.to_save()
        finally:
            g.sheets, g.tiers, g.pool = sh, ti, po
        self.ctx.save_game({"kinds": self.kinds, "game": d, "bot_rng": list(self.brng.getstate()),
                            "log": "|".join(self.log), "nlog": self.nlog, "seen": self.seen})

    def hold(self, ms=1500):
        # a screen everyone should see: A with people at the table, else a pause
        if self.humans:
            while not self.key("continue") & (K_A | K_B):
                pass
        else:
            self.pause(ms)

    def read(self, title, texts, indent=True):
        # event texts to read (UP/DOWN scroll); A goes on, B shows the sheets
        ui = self.ui
        fb = self.fb
        rows = []
        for e in texts:
            w = font.wrap(e, 124) or [""]
            rows.append(w[0])
            for more in font.wrap(" ".join(w[1:]), 118 if indent else 124):
                rows.append(" " + more if indent else more)
        first = 0
        per = 5
        while True:
            ui.clear()
            ui.bar(title)
            for i in range(first, min(len(rows), first + per)):
                font.text(fb, rows[i], -2 if rows[i][:1] == " " else 2, 11 + 9 * (i - first))
            ui.scroll_mark(first, per, len(rows))
            font.text_right(fb, "A:OK", 124, 56)
            if len(rows) > per:
                font.text(fb, font.ARROW_UP + font.ARROW_DOWN, 2, 56)
            ui.show()
            if not self.humans:
                self.pause(1200)
                return
            k = self.key("continue")
            if k & K_UP and first > 0:
                first -= 1
            elif k & K_DOWN and first + per < len(rows):
                first += 1
            elif k & K_A:
                return
            elif k & K_B:
                self.sheets(max(0, self.game.to_act()))

    def refuse(self, reason):
        # the rules' reason, in a box over the screen
        V.box(self.fb, font.wrap(reason, 108)[:4])
        self.ui.show()
        while not self.key("continue") & (K_A | K_B):
            pass

    # ---- events -------------------------------------------------------------------------
    def note(self, actor, own):
        for e in own:
            self.log.append("%d%s" % (actor, e))     # the seat, then the text
            self.nlog += 1
        del self.log[:-LOG]

    def news(self, seat):
        # what the others did since this seat last decided
        first = self.nlog - len(self.log)
        own = "%d" % seat
        lines = [self.log[i][1:] for i in range(len(self.log))
                 if i + first >= self.seen[seat] and self.log[i][0] != own]
        if lines:
            self.read("What happened", lines)
        self.seen[seat] = self.nlog     # once read: Save and quit here shows it again on Resume

    def act(self, seat, a, human):
        # apply an action; then the results, the end of the turn, the next roll
        g = self.game
        for q in range(g.n):
            self.snap[q][:] = g.sheets[q]
        turn = g.turn + 1
        if not human:
            g.apply(a)
        elif not self.apply(a):
            return False
        ev = g.pop_events()
        # the action's own events, then (when the turn ended) the end of the turn,
        # and (when another began) its roll, last
        rolled = g.turn + 1 != turn and not g.is_over()
        i = len(ev)
        if g.turn + 1 != turn or g.phase in ("planet", "over"):
            i = 0 if a[:6] == "planet" else 1
            if a == "roll" and len(ev) > 1 and (ev[1] == S.TEXT[52] % g.names[seat] or
                                                ev[1][:len(g.names[seat]) + 12] == g.names[seat] + " gives back "):
                i = 2       # no fit after rolling again: gives back / nothing to give back
        self.note(seat, ev[:i])
        if human:
            self.seen[seat] = self.nlog
            if a == "roll":
                t = ev[:i]
                if g.to_act() == seat and g.phase == "take":
                    t.append("A die fits: take one.")
                elif g.phase == "back" and g.to_act() == seat:
                    t.append("Still no fit: give back one of this turn's dice.")
                    self.told = True
                self.read("Roll again", t)
            elif i > 1:
                self.read(g.names[seat], ev[1:i])
        end = ev[i:len(ev) - rolled]
        if a[:6] == "planet" and end and human:
            end = end[1:]       # the player's own choice: no need to tell
        if end:
            self.report(turn, end)
        if rolled:
            self.rolled()
        return True

    def report(self, turn, texts):
        g = self.game
        if g.is_over():
            texts += self.tie_note()
        self.read("Turn %d over" % turn if not g.is_over() else "Game over", texts)
        self.bombs()

    def tie_note(self):
        g = self.game
        s = g.scores()
        w = g.winners()
        top = [i for i in range(g.n) if s[i] == s[w[0]]]
        if len(top) > len(w):
            return ["Tie on %d points: fewer X's wins (%s: %d X)" % (s[w[0]], g.names[w[0]], g.x_count(w[0]))]
        return []

    def bombs(self):
        # fields blown up this turn: each hit sheet, the fields framed (blinking)
        g = self.game
        ui = self.ui
        fb = self.fb
        marks = V.MARK
        for q in range(g.n):
            hit = 0
            by = []
            for i in range(g.ncells):
                marks[i] = g.sheets[q][i] == V.BOOM and self.snap[q][i] != V.BOOM
                if marks[i]:
                    hit += 1
                    for p in range(g.n):
                        if g.sheets[p][i] == V.XED != self.snap[p][i] and g.names[p] not in by:
                            by.append(g.names[p])
            if not hit:
                continue
            for blink in range(7):
                ui.clear()
                V.overview(fb, g, q, -1, marks if blink % 2 == 0 else None)
                V.bar(fb, "Boom!")
                V.lines(fb, [g.names[q], "%d field%s" % (hit, "s" if hit > 1 else ""), "-%d points" % (hit * g.lv[8])]
                        + (["by " + by[0]] + by[1:] if by else ["blown up"]))
                ui.show()
                if blink < 6:
                    self.pause(200)
            self.hold()

    def rolled(self):
        # the new turn: the start player's roll, sorted; the round tracker
        g = self.game
        self.ui.clear()
        self.ui.bar("Round %d of %d" % (g.round_no(), g.rounds))
        V.roll(self.fb, g)
        self.ui.show()
        self.hold()

    # ---- the game ---------------------------------------------------------------------
    def play(self):
        g = self.game
        self.ui.on_sleep = self.save
        if g.phase == "setup":
            g.start()
            g.pop_events()
            self.save()
            self.rolled()
        while not g.is_over():
            seat = g.to_act()
            t = g.turn
            if self.kinds[seat] == "human":
                self.human(seat)
            else:
                self.robot(seat)
            if g.turn != t:
                self.save()
        self.finish()

    def human(self, seat):
        g = self.game
        if self.humans > 1 and self.holder != seat:
            LIVE["waiting"] = "continue"
            self.ui.pass_to(g.names[seat], "to choose a planet" if g.phase == "planet" else
                            "to give back a die" if g.phase == "back" else "to take a die")
        self.holder = seat
        self.news(seat)
        self.mode_tag(seat)
        ph = g.phase
        if ph == "take":
            if g.placements():
                self.take(seat)
            else:
                self.nofit(seat)
        elif ph == "back":
            self.choose(seat, "Give back", ["No die fits after", "rolling again:", "give back one of",
                                            "this turn's dice."], "back@")
        else:
            self.choose(seat, "Planet", ["Your rocket flies:", "cross a free", "planet of your", "choice."],
                        "planet@")

    def mode_tag(self, seat):
        # the tag under the zoom, worked out once a decision
        g = self.game
        if g.last == seat:
            t = "LAST"
        elif g.phase == "take" and g.targets(seat)[0] == "jump":
            t = "JUMP"
        else:
            t = "R%d/%d" % (g.round_no(), g.rounds)
        self.tag = t

    def screen(self, seat, title, right, cursor, marks, sel=0, f=None):
        g = self.game
        fb = self.fb
        self.ui.clear()
        V.overview(fb, g, seat, cursor, marks)
        V.bar(fb, title, right)
        if cursor >= 0:
            V.zoom(fb, g, seat, cursor, marks)
        V.pool(fb, g, sel, f)
        V.tag(fb, self.tag)

    def take(self, seat):
        g = self.game
        vals = values(g)
        f = fits(g)
        i = first_value(g)
        marks = V.MARK
        name = g.names[seat]
        pl = g.placements()
        v = 0
        while True:
            if v != vals[i]:
                v = vals[i]
                c = legal(g, v, marks, pl)
            self.screen(seat, "Last go" if g.last == seat else name, font.ARROW_LEFT + font.ARROW_RIGHT, c, marks, v, f)
            if c < 0:
                V.lines(self.fb, ["No field", "for a %d" % v, "now."])
            self.ui.show()
            k = self.key()
            if k & (K_LEFT | K_RIGHT):
                i = (i + (1 if k & K_RIGHT else -1)) % len(vals)
            elif k & K_B:
                self.sheets(seat)
            elif k & K_A:
                p = self.cursor(seat, name, c if c >= 0 else start_cell(g, v), v, f, marks)
                if p >= 0 and self.act(seat, "%d@%d,%d" % (v, p // g.cols, p % g.cols), True):
                    return

    def cursor(self, seat, title, c, v, f, marks, check=True):
        # the cursor on the sheet: returns the field chosen with A, or -1 (B);
        # with a die value v, A on an unmarked field says why it may not go there
        g = self.game
        while True:
            self.screen(seat, title, font.CHECK if check and marks[c] else "", c, marks, v, f)
            self.ui.show()
            k = self.key()
            r, col = divmod(c, g.cols)
            if k & K_UP:
                r = max(0, r - 1)
            elif k & K_DOWN:
                r = min(g.rows - 1, r + 1)
            elif k & K_LEFT:
                col = max(0, col - 1)
            elif k & K_RIGHT:
                col = min(g.cols - 1, col + 1)
            elif k & K_A:
                if v and not marks[c]:
                    why = g.why_not(v, r, col)
                    if why:
                        self.refuse(why)
                        continue
                return c
            elif k & K_B:
                return -1
            c = r * g.cols + col

    def nofit(self, seat):
        g = self.game
        fb = self.fb
        items = ["Roll again", "Drop out"] if g.reroll_allowed() else ["Drop out"]
        acts = ["roll", "drop"] if len(items) == 2 else ["drop"]
        i = 0
        marks = V.MARK
        t = g.targets(seat)[1]
        for c in range(g.ncells):
            marks[c] = c in t
        f = fits(g)
        while True:
            self.screen(seat, "Last go" if g.last == seat else g.names[seat], "", -1, marks, 0, f)
            V.lines(fb, ["No die", "fits."])
            for k in range(len(items)):
                V.button(fb, items[k], 33 + 12 * k, k == i)
            self.ui.show()
            k = self.key()
            if k & (K_UP | K_DOWN | K_LEFT | K_RIGHT):
                i = (i + 1) % len(items)
            elif k & K_B:
                self.sheets(seat)
            elif k & K_A:
                if self.act(seat, acts[i], True):
                    return

    def choose(self, seat, title, intro, verb):
        g = self.game
        cells = choice_cells(g)
        if not self.told:
            self.read(title, [" ".join(intro)], False)
        self.told = False
        marks = bytearray(g.ncells)
        for c in cells:
            marks[c] = 1
        c = cells[0]
        while True:
            c = self.cursor(seat, title, c, 0, None, marks, False)
            if c < 0:
                self.sheets(seat)
                c = cells[0]
            elif self.act(seat, "%s%d,%d" % (verb, c // g.cols, c % g.cols), True):
                return

    # ---- computer players ---------------------------------------------------------------
    def robot(self, seat):
        g = self.game
        a = bot.choose(g, self.kinds[seat], self.brng)
        name = g.names[seat]
        v = 0
        if "@" in a:
            h, rc = a.split("@")
            r, c = rc.split(",")
            cell = int(r) * g.cols + int(c)
            v = int(h) if h.isdigit() else 0
            self.tag = "PUT %d" % v if v else ("BACK" if h == "back" else "PLNT")
            self.screen(seat, name, "", cell, None, v)
        else:
            self.mode_tag(seat)
            self.screen(seat, name, "", -1, None)
            V.lines(self.fb, ["rolls", "again"] if a == "roll" else ["drops out"])
        self.ui.show()
        LIVE["waiting"] = "continue"
        k = self.ui.pause(BOT_MS)
        self.act(seat, a, False)
        if k & K_MENU:
            self.menu()

    # ---- everyone's sheets ----------------------------------------------------------------
    def sheets(self, p):
        # LEFT/RIGHT player, A a cursor with the zoom, UP points, DOWN last events
        g = self.game
        fb = self.fb
        tag = self.tag
        self.tag = "R%d/%d" % (g.round_no(), g.rounds)
        while True:
            self.ui.clear()
            V.overview(fb, g, p, -1, None)
            V.bar(fb, g.names[p], "%d/%d" % (p + 1, g.n))
            st = "out" if not g.active[p] else "last go" if g.last == p else "in"
            if g.is_over():
                st = ""
            V.lines(fb, ["%d points" % g.score(p), "%d X" % g.x_count(p), "%d dice" % len(g.placed[p]), st])
            font.text(fb, "A:zoom", V.PX + 1, 46)
            V.pool(fb, g)
            V.tag(fb, self.tag)
            self.ui.show()
            k = self.key("continue")
            if k & (K_LEFT | K_RIGHT):
                p = (p + (1 if k & K_RIGHT else -1)) % g.n
            elif k & K_A:
                self.cursor(p, g.names[p], 0 if g.pips[0] else g.ncells // 2, 0, None, bytearray(g.ncells), False)
            elif k & K_UP:
                self.read(g.names[p], ["%s %d" % (a, b) for a, b in g.breakdown(p)])
            elif k & K_DOWN:
                self.read("Last events", [e[1:] for e in self.log[-8:]] or ["Nothing yet."])
            elif k & K_B:
                self.tag = tag
                return

    # ---- the end -----------------------------------------------------------------------------
    def finish(self):
        g = self.game
        ui = self.ui
        ui.on_sleep = None
        self.ctx.clear_save()
        # best first; a tie on points: fewer X's first (the tie-break)
        order = sorted(range(g.n), key=lambda p: (-g.score(p), g.x_count(p), p))
        rows = []
        for p in order:
            d = "\n".join("%s %d" % (a, b) for a, b in g.breakdown(p))
            rows.append((g.names[p], g.score(p), d + "\nX's %d (tie-break)" % g.x_count(p)))
        win = [order.index(p) for p in g.winners()]
        LIVE["waiting"] = "continue"
        ui.scores("Game over", rows, win)


def run(ctx, setup, saved):
    run_app(App(ctx, setup, saved))
