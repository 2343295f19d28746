"""Dizzle screens (game id "dizzle"); docs/dizzle.md, "Playing on the console".

The turn screen: the whole sheet on the left, the dice on the table along the
bottom, on the right a bar and a zoom of 4 x 3 fields.
1. Take a die: LEFT/RIGHT choose a die value (the fields it may go on are framed,
   the zoom shows the first of them), A takes it.
2. Put it: the arrows move the cursor over the sheet, A puts the die there (on a
   field it may not go on, A says why), B goes back to step 1.
No die fits: Roll again / Drop out (UP/DOWN, A). After an unlucky roll again:
choose one of this turn's dice on the sheet to give back. A rocket: choose a free
planet. B on the turn screen: everyone's sheets (LEFT/RIGHT player, A zoom with a
cursor, UP points, DOWN last events; B back to the turn).
"""
from core import font
from core.table import LIVE, TableApp, run as run_app
from games.dizzle import bot, rules, view
from games.dizzle.texts import EV_NO_FIT
from games.dizzle.sheets import BOOM, XED
from hal.keys import K_UP, K_DOWN, K_LEFT, K_RIGHT, K_A, K_B, K_MENU


class App(TableApp):
    RULES = rules
    LOG_KEEP = 12
    BOT_MS = 700

    def begin(self):
        self.before = [bytearray(self.game.ncells) for _ in self.names]    # the sheets before an action
        self.tag = ""           # the short tag under the zoom
        self.told = False       # the player was just told to give back a die
        if self.game.phase == "setup":
            self.game.start()
            self.game.pop_events()
            self.show_roll()

    def pass_reason(self, seat):
        phase = self.game.phase
        return ("to choose a planet" if phase == "planet" else
                "to give back a die" if phase == "back" else "to take a die")

    def stats_group(self, seat):
        return "Level %d" % self.game.level

    # ---- a person's decision ------------------------------------------------------------
    def decide(self, seat):
        game = self.game
        self.set_tag(seat)
        if game.phase == "take":
            placements = game.placements()
            if placements:
                self.take(seat, placements)
            else:
                self.no_fit(seat)
        elif game.phase == "back":
            self.choose_field(seat, "Give back", "No die fits after rolling again: give back one "
                              "of this turn's dice.", "back@")
        else:
            self.choose_field(seat, "Planet", "Your rocket flies: cross a free planet of your choice.",
                              "planet@")

    def set_tag(self, seat):
        game = self.game
        if game.last == seat:
            self.tag = "LAST"
            return
        if game.phase == "take":
            mode, _cells = game.targets(seat)
            if mode == "jump":
                self.tag = "JUMP"
                return
        self.tag = "R%d/%d" % (game.round_no(), game.rounds)

    def screen(self, seat, title, right, cursor, marks, chosen=0, fits=None):
        game = self.game
        fb = self.fb
        self.ui.clear()
        view.overview(fb, game, seat, cursor, marks)
        view.bar(fb, title, right)
        if cursor >= 0:
            view.zoom(fb, game, seat, cursor, marks)
        view.pool(fb, game, chosen, fits)
        view.tag(fb, self.tag)

    def title(self, seat):
        return "Last go" if self.game.last == seat else self.names[seat]

    def take(self, seat, placements):
        # placements: the game's, searched once for the whole choice (a search of the sheet)
        game = self.game
        vals = view.values(game)
        fits = view.fitting(game, placements)
        i = view.first_value(game, fits)
        marks = view.MARK
        value = cell = 0
        while True:
            if value != vals[i]:
                value = vals[i]
                cell = view.mark_fields(game, value, marks, placements)
            self.screen(seat, self.title(seat), font.ARROW_LEFT + font.ARROW_RIGHT, cell, marks, value, fits)
            if cell < 0:
                view.lines(self.fb, ["No field", "for a %d" % value, "now."])
            self.ui.show()
            k = self.key()
            if k & (K_LEFT | K_RIGHT):
                i = (i + (1 if k & K_RIGHT else -1)) % len(vals)
            elif k & K_B:
                self.visit("sheets", self.sheets, seat)
            elif k & K_A:
                at = cell if cell >= 0 else view.start_cell(game, value)
                field = self.cursor(seat, self.title(seat), at, value, fits, marks)
                if field >= 0 and self.act(seat, "%d@%s" % (value, game.rc(field))):
                    return

    def cursor(self, seat, title, cell, value, fits, marks, check=True):
        """The cursor on the sheet: the field chosen with A, or -1 (B). With a die
        value, A on a field it may not go on says why."""
        game = self.game
        shown = drawn = -1  # the field the cursor was on, and ui.clears, when the screen was drawn
        while True:
            right = font.CHECK if check and marks[cell] & 1 else ""
            if shown >= 0 and drawn == self.ui.clears:     # only the cursor moved since
                view.moved(self.fb, game, seat, shown, cell, marks, title, right)
            else:
                self.screen(seat, title, right, cell, marks, value, fits)
            self.ui.show()
            drawn = self.ui.clears
            k = self.key()
            shown = cell if k & (K_UP | K_DOWN | K_LEFT | K_RIGHT) else -1
            row, col = divmod(cell, game.cols)
            if k & K_UP:
                row = max(0, row - 1)
            elif k & K_DOWN:
                row = min(game.rows - 1, row + 1)
            elif k & K_LEFT:
                col = max(0, col - 1)
            elif k & K_RIGHT:
                col = min(game.cols - 1, col + 1)
            elif k & K_A:
                if value and not marks[cell] & 1:
                    why = game.why_not(value, row, col)
                    if why:
                        self.refuse(why)
                        continue
                return cell
            elif k & K_B:
                return -1
            cell = row * game.cols + col

    def no_fit(self, seat):
        game = self.game
        fb = self.fb
        items = ["Roll again", "Drop out"] if game.reroll_allowed() else ["Drop out"]
        actions = ["roll", "drop"] if len(items) == 2 else ["drop"]
        i = 0
        marks = view.MARK
        targets = game.target_cells(seat)
        for cell in range(game.ncells):
            marks[cell] = cell in targets
        fits = view.fitting(game)
        while True:
            self.screen(seat, self.title(seat), "", -1, marks, 0, fits)
            view.lines(fb, ["No die", "fits."])
            for j in range(len(items)):
                view.button(fb, items[j], 33 + 12 * j, j == i)
            self.ui.show()
            k = self.key()
            if k & (K_UP | K_DOWN | K_LEFT | K_RIGHT):
                i = (i + 1) % len(items)
            elif k & K_B:
                self.visit("sheets", self.sheets, seat)
            elif k & K_A and self.act(seat, actions[i]):
                return

    def choose_field(self, seat, title, intro, verb):
        game = self.game
        cells = view.choice_cells(game)
        if not self.told:
            self.read(title, [intro])
        self.told = False
        marks = bytearray(game.ncells)
        for cell in cells:
            marks[cell] = 1
        cell = cells[0]
        while True:
            cell = self.cursor(seat, title, cell, 0, None, marks, False)
            if cell < 0:
                self.visit("sheets", self.sheets, seat)
                cell = cells[0]
            elif self.act(seat, verb + game.rc(cell)):
                return

    # ---- an action and what it set off ------------------------------------------------------
    def act(self, seat, action, person=True):
        """Apply an action (a person's may be refused: False); then its results, the
        end of the turn, and the next roll."""
        game = self.game
        for p in range(game.n):
            self.before[p][:] = game.sheets[p]
        turn = game.turn + 1
        if not person:
            game.apply(action)
        elif not self.apply(action):
            return False
        events = game.pop_events()
        # the action's own events come first; when the turn ended, then the end of
        # the turn; when another began, its roll last
        rolled = game.turn + 1 != turn and not game.is_over()
        own = len(events)
        if game.turn + 1 != turn or game.phase in ("planet", "over"):
            own = 0 if action[:6] == "planet" else 1
            if action == "roll" and len(events) > 1 and self.gives_back(seat, events[1]):
                own = 2     # no fit after rolling again: gives back / nothing to give back
        self.note(events[:own], seat)
        if person:
            self.log.mark_seen(seat)
            if action == "roll":
                texts = events[:own]
                if game.to_act() == seat and game.phase == "take":
                    texts.append("A die fits: take one.")
                elif game.phase == "back" and game.to_act() == seat:
                    texts.append("Still no fit: give back one of this turn's dice.")
                    self.told = True
                self.read("Roll again", texts)
            elif own > 1:
                self.read(self.names[seat], events[1:own])
        end = events[own:len(events) - rolled]
        if action[:6] == "planet" and end and person:
            end = end[1:]       # the player's own choice: no need to tell
        if end:
            self.report(turn, end)
        if rolled:
            self.show_roll()
        return True

    def read(self, title, texts, from_end=False):
        """Events that name a field (issue 14): the kit's pages (read_pages), one at a
        time on the sheet of the player named, that field blinking, then lit. Other
        texts, or nobody to read them: the kit's list."""
        if not self.humans or max([view.place(self.game, t) for t in texts] + [-1]) < 0:
            return TableApp.read(self, title, texts, from_end)
        self.read_pages(title, texts, from_end, 4)

    def event_page(self, at, text, title, count, lit):
        """The event on the sheet of the player it names (else the holder's), beside
        it; whether it names a field (that blinks)."""
        game = self.game
        cell = view.place(game, text)
        self.ui.clear()
        seat = view.seat_in(self.names, text, max(self.holder, 0))
        view.event_page(self.fb, game, seat, cell, lit, text, title, at, count)
        return cell >= 0

    def gives_back(self, seat, text):
        name = self.names[seat]
        return text == EV_NO_FIT % name or text[:len(name) + 12] == name + " gives back "

    def report(self, turn, texts):
        game = self.game
        if game.is_over():
            texts += self.tie_note()
        self.read("Game over" if game.is_over() else "Turn %d over" % turn, texts)
        self.show_bombs()

    def tie_note(self):
        game = self.game
        scores = game.scores()
        winners = game.winners()
        best = [p for p in range(game.n) if scores[p] == scores[winners[0]]]
        if len(best) > len(winners):
            w = winners[0]
            return ["Tie on %d points: fewer X's wins (%s: %d X)" % (scores[w], self.names[w], game.x_count(w))]
        return []

    def show_bombs(self):
        """The fields blown up this turn: each hit sheet, the fields framed (blinking)."""
        game = self.game
        ui = self.ui
        marks = view.MARK
        bombs = game.of("*")
        for seat in range(game.n):
            # only a bomb field blows up: looking at those first spares the look at
            # every field of every sheet at each turn's end (0.9 ms a turn's end on
            # the unix port, 4 players, timed with the profiler's wrappers on)
            hit = 0
            for i in bombs:
                if game.sheets[seat][i] == BOOM != self.before[seat][i]:
                    hit = 1
            if not hit:
                continue
            hit = 0
            by = []
            for i in range(game.ncells):
                marks[i] = game.sheets[seat][i] == BOOM and self.before[seat][i] != BOOM
                if marks[i]:
                    hit += 1
                    for p in range(game.n):
                        if game.sheets[p][i] == XED != self.before[p][i] and self.names[p] not in by:
                            by.append(self.names[p])
            if not hit:
                continue
            for blink in range(7):
                ui.clear()
                view.overview(self.fb, game, seat, -1, marks if blink % 2 == 0 else None)
                view.bar(self.fb, "Boom!")
                view.lines(self.fb, [self.names[seat], "%d field%s" % (hit, "s" if hit > 1 else ""),
                                     "-%d points" % (hit * game.level_sheet.bomb_penalty)]
                           + (["by " + by[0]] + by[1:] if by else ["blown up"]))
                ui.show()
                if blink < 6:
                    self.pause(200)
            self.hold()

    def show_roll(self):
        """A new turn: the start player's roll, sorted; the round tracker. The round
        is named at its first turn; then whose turn it is."""
        game = self.game
        self.ui.clear()
        self.ui.bar("Round %d of %d" % (game.round_no(), game.rounds) if game.turn % game.n == 0
                    else "%s's turn" % self.names[game.starter])
        view.roll(self.fb, game)
        self.ui.show()
        self.hold()

    # ---- computer players ---------------------------------------------------------------------
    def robot(self, seat):
        action = self.think(bot, seat)
        if "@" in action:
            what = action.split("@")[0]
            value = int(what) if what.isdigit() else 0
            self.tag = "PUT %d" % value if value else ("BACK" if what == "back" else "PLNT")
            self.screen(seat, self.names[seat], "", view.cell_of(action, self.game.cols), None, value)
        else:
            self.set_tag(seat)
            self.screen(seat, self.names[seat], "", -1, None)
            view.lines(self.fb, ["rolls", "again"] if action == "roll" else ["drops out"])
        self.ui.show()
        LIVE["waiting"] = "continue"
        k = self.ui.pause(self.BOT_MS)
        self.act(seat, action, False)
        if k & K_MENU:
            self.menu()

    # ---- everyone's sheets ---------------------------------------------------------------------
    def sheets(self, seat):
        """Any player's sheet: LEFT/RIGHT player, A a cursor with the zoom, UP points,
        DOWN the last events, B back."""
        game = self.game
        tag = self.tag
        self.tag = "R%d/%d" % (game.round_no(), game.rounds)
        while True:
            self.ui.clear()
            view.sheet_page(self.fb, game, seat, self.names[seat], self.tag)
            self.ui.show()
            k = self.key("continue")
            if k & (K_LEFT | K_RIGHT):
                seat = (seat + (1 if k & K_RIGHT else -1)) % game.n
            elif k & K_A:
                self.visit("zoom", self.cursor, seat, self.names[seat], 0 if game.pips[0] else game.ncells // 2,
                           0, None, bytearray(game.ncells), False)
            elif k & K_UP:
                self.visit("points", self.read, self.names[seat],
                           ["%s %d" % (name, points) for name, points in game.breakdown(seat)])
            elif k & K_DOWN:
                self.visit("events", self.read, "Last events", self.log.recent(8) or ["Nothing yet."])
            elif k & K_B:
                self.tag = tag
                return

    # ---- the end ---------------------------------------------------------------------------------
    def finish(self):
        game = self.game
        # best first; a tie on points: fewer X's first (the tie-break)
        order = sorted(range(game.n), key=lambda p: (-game.score(p), game.x_count(p), p))
        rows = []
        for p in order:
            points = "\n".join("%s %d" % (name, n) for name, n in game.breakdown(p))
            rows.append((self.names[p], game.score(p), points + "\nX's %d (tie-break)" % game.x_count(p)))
        self.scores("Game over", rows, [order.index(p) for p in game.winners()])


def run(ctx, setup, saved):
    run_app(App, ctx, setup, saved)
