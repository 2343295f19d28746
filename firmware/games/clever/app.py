"""Clever Kids screens (game id "clever"); docs/clever.md, "Playing on the console".

Every decision screen: the five dice down the left, one area of the
player's sheet on the right, a status line under it.
Pick: LEFT/RIGHT choose a colour tab (Y R G B, and Pass for the other
players); the area of that colour shows what the dice could cross first
(framed), the dice it uses are lit. A picks it. UP/DOWN: a die, large, and
what it is (a person's first joker opens there). Cross / bonus: LEFT/RIGHT move over the fields
that can be crossed now (and the Done / Skip button), UP/DOWN jump a row;
A crosses; when a field can be crossed with or without jokers a short list
asks how (B: back to the field). B on a decision screen shows every
player's sheet (LEFT/RIGHT player, UP/DOWN overview and each area; B back).
A+B held: the game menu.
"""
from core import font
from core.table import LIVE, TableApp, run as run_app
from games.clever import rules, view
from hal.keys import K_UP, K_DOWN, K_LEFT, K_RIGHT, K_A, K_B

data = rules.data
TABS = ("Y", "R", "G", "B", "pass")
BUTTONS = ("done", "skip")


# ---- what the cursor moves over, and where it starts (tests/drive/clever.py depends on it) ----
def fields_of(actions):
    """The fields in a list of cross actions, in order, each once."""
    out = []
    for action in actions:
        field = action.split(" ")[0]
        if field not in BUTTONS and field not in out:
            out.append(field)
    return out


def items_of(game, actions=None):
    """What the cursor moves over on the decision screen of game.to_act():
    the colour tabs, or the fields that can be crossed and the Done / Skip button
    (actions: game.legal_actions(), when the caller has them)."""
    if game.phase == "pick":
        return list(TABS[:4 + game.role])
    if actions is None:
        actions = game.legal_actions()
    out = fields_of(actions)
    if game.phase == "cross":
        out.append("done")
    elif "skip" in actions:
        out.append("skip")
    return out


def start_of(game, items, actions=None):
    """Where the cursor starts: the first colour that may be picked, else 0
    (actions: game.legal_actions(), when the caller has them)."""
    if game.phase == "pick":
        actions = actions or game.legal_actions()
        for i in range(len(items)):
            if items[i] in actions:
                return i
    return 0


def variants(game, field, actions=None):
    """The ways to cross field now (with or without jokers), in the order the list shows
    them (actions: game.legal_actions(), when the caller has them)."""
    if actions is None:
        actions = game.legal_actions()
    return [action for action in actions if action.split(" ")[0] == field]


def area_of(game):
    """The colour whose area the current decision is about (-1: none yet)."""
    if game.phase == "bonus":
        return game.pending[0]
    return game.colour


class App(TableApp):
    RULES = rules

    def new_game(self, options, rng):
        game = TableApp.new_game(self, options, rng)
        game.start()
        return game

    def begin(self):
        # the computer players' module only when there are some: a solo game keeps
        # 5.4 KB more heap (bot.mpy imported, unix port, 64-bit)
        self.bot = None
        self.told = 0       # a bit per seat: the joker's help was shown to that person
        self.base = bytearray(128 * 64 // 8)    # a crossing screen without cursor and status (draw_cross)
        if self.humans < len(self.kinds):
            from games.clever import bot
            self.bot = bot
        self.record(-1)     # a new game's first roll (a resumed game has no events waiting)

    def pass_reason(self, seat):
        game = self.game
        return "to roll the dice" if game.phase == "pick" and not game.role else "to use the dice left"

    # ---- the event log ------------------------------------------------------------
    def record(self, actor):
        """Log the rules' new event texts; actor: the seat whose own action the
        first one merely tells of (no news to that player)."""
        game = self.game
        events = game.pop_events()
        again = False
        for text in events:
            again = again or text.endswith("rolls again")
        roll = self.names[game.active] + " rolls "
        for text in events:
            # the roller sees the roll on the dice: no news, unless it was rolled again
            if not again and text.startswith(roll):
                actor = game.active
            self.note([text], actor)
            actor = -1

    def news(self, seat, title="What happened"):
        """What seat has not seen yet; titled "Rolled again!" when nothing fitted a roll."""
        for text in self.log.unseen(seat):
            if text.endswith("rolls again"):
                title = "Rolled again!"
        TableApp.news(self, seat, title)

    def act(self, seat, action):
        """A person's action: False (the reason shown) if the rules refuse it. What it
        set off by itself (bonus crosses, the next roll...) is shown to them at once."""
        if not self.apply(action):
            return False
        self.record(-1 if action == "done" else seat)
        self.news(seat, self.names[seat])
        return True

    # ---- a person's decision ------------------------------------------------------------
    def decide(self, seat):
        game = self.game
        self.actions = game.legal_actions()     # once a decision (A on a field asked again: 10 KB)
        items = items_of(game, self.actions)
        self.prepare(items)
        at = start_of(game, items, self.actions)
        die = self.first_joker(seat)    # the die whose help the pick screen shows, -1: none
        while True:
            item = items[at]
            if game.phase == "pick":
                self.draw_pick(items, at, die)
            else:
                self.draw_cross(items, at)
            k = self.key()
            if k & (K_LEFT | K_RIGHT):
                at = (at + (1 if k & K_RIGHT else -1)) % len(items)
                die = -1
            elif k & (K_UP | K_DOWN) and game.phase == "pick":     # down the dice, then none
                die = (die + (2 if k & K_DOWN else 0)) % (rules.NDICE + 1) - 1
            elif k & (K_UP | K_DOWN):
                at = view.jump(self.colour, self.spots, at, 1 if k & K_DOWN else -1)
            elif k & K_B:
                self.visit("sheets", self.sheets, seat)
            elif k & K_A:
                if game.phase == "pick" or item in BUTTONS:
                    action = item
                else:
                    ways = variants(game, item, self.actions)
                    action = ways[0] if len(ways) == 1 else self.visit("how", self.how, items, at, ways)
                if action is not None and self.act(seat, action):
                    return

    def first_joker(self, seat):
        """Where the pick screen's die cursor starts: on the first joker the first
        time this person may use one (this session), so its help is there, else -1."""
        game = self.game
        if game.phase == "pick" and not self.told >> seat & 1:
            for i in range(rules.NDICE):
                if game.dice[i] == view.JOKER and view.in_middle(game, i):
                    self.told |= 1 << seat
                    return i
        return -1

    def targets(self, colour, actions=None):
        """The fields the player to act could cross first in colour (pick screen), a flag
        per field (view.framed); none if colour may not be picked (actions: the decision's
        legal actions say so; the rules are asked otherwise)."""
        game = self.game
        if colour < 0 or (data.COLOURS[colour] not in actions if actions is not None else game.why_colour(colour)):
            return bytearray(view.NFIELDS[colour] if colour >= 0 else 0)
        return view.framed(game.sheets[game.seat], colour, game.counts(colour))

    def prepare(self, items):
        """What the decision screen shows on every key, kept for the decision (the texts
        and each tab's framed fields once first shown): a key that moves the cursor
        allocates 864 B median instead of 3,424 (the rules' options, every field's name,
        the titles were made again on each key; make bench keys' session, 64-bit unix)."""
        game = self.game
        name = self.names[game.seat]
        self.right = view.stars_text(game.sheets[game.seat])
        self.kept = False                       # self.base is not this decision's yet
        if game.phase == "pick":
            self.titles = [""] * len(items)     # each tab's, the first time it is shown
            self.tab_framed = [bytearray()] * 4     # each colour's, when its tab is first shown
            return
        self.colour = colour = area_of(game)
        self.spots, self.framed = view.layout(colour, items)
        self.labels = [""] * len(items)         # each item's, the first time it is shown
        self.title = "%s: %s" % (name, data.COLOUR_NAMES[colour] if game.phase == "cross" else "bonus")

    def screen(self, title, colour, framed=None, cursor=-1, die=-1, right=None):
        """The bar, the dice (lit: those picking colour uses) and the area of colour
        of the player to act (framed, cursor: as view.area), or what die is and does."""
        game = self.game
        ui = self.ui
        ui.clear()
        ui.bar(title, right or view.stars_text(game.sheets[game.seat]))
        view.dice_column(self.fb, game, colour if game.phase == "pick" else -1, die)
        if die >= 0:
            view.die_help(self.fb, game, die)
        elif colour >= 0:
            view.area(self.fb, game.sheets[game.seat], colour, framed, cursor)

    def draw_pick(self, items, at, die):
        game = self.game
        fb = self.fb
        item = items[at]
        colour = data.COLOURS.find(item) if item != "pass" else -1
        framed = self.tab_framed[colour] if colour >= 0 else None
        if colour >= 0 and not framed:
            framed = self.tab_framed[colour] = self.targets(colour, self.actions)
        title = self.titles[at]
        if not title:
            name = self.names[game.seat]
            title = self.titles[at] = name + ": pass?" if colour < 0 else "%s: %s?" % (name, data.COLOUR_NAMES[colour])
        self.screen(title, colour, framed, -1, die, self.right)
        actions = self.actions
        x = view.PX
        for i in range(len(items)):
            tab = "Pass" if items[i] == "pass" else items[i]
            w = font.width(tab) + 3
            if i == at:
                fb.fill_rect(x, view.SY - 1, w, 9, 1)
            font.text(fb, tab, x + 2, view.SY, 0 if i == at else 1)
            if items[i] not in actions:     # struck through: A on it says why not
                fb.line(x, view.SY + 7, x + w - 1, view.SY - 1, 0 if i == at else 1)
            x += w + 3
        # UP/DOWN: what each die is ("dice" where the tabs leave room, else a die face)
        font.text_right(fb, view.DICE_HINT if x < 96 else view.DIE_HINT, 127, view.SY)
        if colour < 0 and die < 0:
            font.text(fb, "Cross nothing", view.PX + 4, 20)
            font.text(fb, "this turn.", view.PX + 4, 30)
        self.ui.show()

    def draw_cross(self, items, at, show=True):
        """The crossing screen: drawn once a decision without the cursor and the status line
        and kept (ui.keep); each key puts it back and draws the cursor's field and the status
        over it (make bench keys' session, RIGHT keys: median 402 -> 197 us unix port)."""
        item = items[at]
        spot = self.spots[at]
        if self.kept:
            self.ui.restore(self.base)
        else:
            self.screen(self.title, self.colour, self.framed, -1, -1, self.right)
            self.ui.keep(self.base)
            self.kept = True
        if spot != 255:
            game = self.game
            view.area(self.fb, game.sheets[game.seat], self.colour, self.framed, spot, spot)
        button = "Done" if items[-1] == "done" else "Skip" if items[-1] == "skip" else None
        label = self.labels[at]
        if not label:       # (a button's is "", made again at no cost)
            label = self.labels[at] = "" if item in BUTTONS else rules.label(item)
        view.status(self.fb, label, button, item in BUTTONS)
        if show:
            self.ui.show()

    def how(self, items, at, ways):
        """Several ways to cross the field at the cursor (with / without jokers):
        a short list over it. The way chosen with A, or None (B)."""
        game = self.game
        sheet = game.sheets[game.seat]
        fb = self.fb
        i = 0
        while True:
            self.draw_cross(items, at, False)
            h = 12 + 10 * len(ways)
            fb.fill_rect(view.PX - 1, 10, 104, h, 0)
            fb.rect(view.PX - 1, 10, 104, h, 1)
            font.text(fb, rules.label(items[at]) + " with", view.PX + 2, 12)
            for row in range(len(ways)):
                y = 22 + 10 * row
                if row == i:
                    fb.fill_rect(view.PX + 1, y - 1, 100, 9, 1)
                font.text(fb, view.joker_text(sheet, ways[row]), view.PX + 3, y, 0 if row == i else 1)
            self.ui.show()
            k = self.key()
            if k & (K_UP | K_LEFT):
                i = (i - 1) % len(ways)
            elif k & (K_DOWN | K_RIGHT):
                i = (i + 1) % len(ways)
            elif k & K_A:
                return ways[i]
            elif k & K_B:
                return None

    # ---- computer players ---------------------------------------------------------------------
    def robot(self, seat):
        game = self.game
        action = self.think(self.bot, seat)
        colour = area_of(game)
        field = None
        if game.phase == "pick":
            colour = data.COLOURS.find(action)      # pass: -1, no area
            text = "passes" if action == "pass" else "picks " + data.COLOUR_NAMES[colour]
        else:
            field = action.split(" ")[0]
            text = "done" if action == "done" else "skips" if action == "skip" else rules.label(action)
        self.screen(self.names[seat] + " (CPU)", colour, self.targets(colour) if field is None else None,
                    view.spot(colour, field) if field else -1)
        view.status(self.fb, text)
        self.ui.show()
        game.apply(action)
        self.record(-1)
        LIVE["waiting"] = "continue"
        self.pause(self.BOT_MS)

    # ---- everyone's sheets --------------------------------------------------------
    def sheets(self, seat):
        """Any player's sheet: LEFT/RIGHT player, UP/DOWN the overview and each area
        zoomed; A or B back."""
        game = self.game
        fb = self.fb
        ui = self.ui
        page = 0
        while True:
            sheet = game.sheets[seat]
            ui.clear()
            ui.bar(self.names[seat], "%d%s %d/%d" % (rules.stars(sheet), font.STAR, seat + 1, game.n))
            if page == 0:
                view.overview(fb, sheet)
            else:
                colour = page - 1
                view.area(fb, sheet, colour)
                fb.fill_rect(0, 11, 7, 9, 1)
                font.text(fb, data.COLOURS[colour], 1, 12, 0)
                font.text(fb, "%d%s" % (rules.area_stars(sheet)[colour], font.STAR), 0, 22)
                font.text(fb, data.AREA_NAMES[colour], view.PX + 1, view.SY)
            ui.show()
            k = self.key("continue")
            if k & (K_LEFT | K_RIGHT):
                seat = (seat + (1 if k & K_RIGHT else -1)) % game.n
            elif k & (K_UP | K_DOWN):
                page = (page + (1 if k & K_DOWN else -1)) % 5
            elif k & (K_A | K_B):
                return

    def finish(self):  # ---- the end
        game = self.game
        # the last events for the person holding the console (nobody: seat 0)
        self.news(self.holder if self.holder >= 0 else 0, "Game over")
        rows = []
        for seat in range(game.n):
            stars = rules.area_stars(game.sheets[seat])
            detail = "\n".join("%s %d" % (data.AREA_NAMES[colour], stars[colour]) for colour in range(4))
            rows.append((self.names[seat], sum(stars), detail + "\nTotal %d stars" % sum(stars)))
        if game.n == 1:  # the statistics count the rating reached (stats_group)
            total = game.scores()[0]
            self.rating(total)
            self.scores("%d stars!" % total, rows, [])
        else:
            self.scores("Game over", rows, game.winners())

    def stats_group(self, seat):
        return "Rated " + rules.rating(self.game.scores()[0]) if self.game.n == 1 else None

    def rating(self, stars):
        """Solo: the rating table, the player's line lit."""
        ui = self.ui
        fb = self.fb
        table = data.SOLO_RATINGS
        title = rules.rating(stars)
        ui.clear()
        ui.bar("%d stars" % stars)
        for i in range(len(table)):
            low, name = table[i]
            stars_range = "%d+" % low
            if i + 1 < len(table):
                next_low, _next_name = table[i + 1]
                stars_range = "%d-%d" % (low, next_low - 1)
            y = 11 + 9 * i
            on = name == title
            if on:
                fb.fill_rect(0, y - 1, 128, 9, 1)
            font.text(fb, stars_range, 2, y + 1, 0 if on else 1, font.FONT3x5)
            font.text(fb, name, 26, y, 0 if on else 1)
        font.text_right(fb, "A:OK", 127, 56)
        ui.show()
        self.hold()


def run(ctx, setup, saved):
    run_app(App, ctx, setup, saved)
