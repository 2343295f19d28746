"""Cookie Party screens (game id "cookie"); docs/cookie.md, "Playing on the console".

Every decision screen: the player's 6x6 board on the left, the panel on the right (dice, name and points,
drink bars, what to do, the space under the cursor zoomed). Spaces (place, move, put a chip, give a chip): the
arrows move a cursor over the board, A picks the space; the spaces A may pick (from game.legal_actions(),
worked out once per decision) have corner brackets. Walls: UP/DOWN/LEFT/RIGHT pick that side of the rolled
chip's space (the sides that may be drawn are dashed), A draws it. The drink wall: a space first (A), then its
side (B back to the spaces). Where a chip goes after a move: the cursor starts on the free space nearest to
it; B goes back to the choice of the chip. B: the turn menu: the phase's extra actions (random layout / copy,
skip the drink wall, no move), the views (the scoreboard, every board, the last events), then the cookie layer
(shown or not: the calm board is walls and chips); B in a view goes back to the menu, B there to the turn.
A+B: the game menu. Messages that name a place (a refusal, an event in "What happened") light it on the board
beside them.
"""
from core import font
from core.saves import SaveError
from core.table import LIVE, TableApp, run as run_app
from games.cookie import bot, rules, view
from games.cookie.data import CHIPS, SEG_SPACES, SPACE_SEGS
from games.cookie.state import seg_index, seg_name, space_index, space_name
from hal.keys import K_UP, K_DOWN, K_LEFT, K_RIGHT, K_A, K_B

LAYOUT = "cookielay"    # the save slot of the last finished layout, for "Copy last layout"
SIDE_KEYS = (K_UP, K_DOWN, K_LEFT, K_RIGHT)     # top, bottom, left, right: SPACE_SEGS order
ARROWS = K_UP | K_DOWN | K_LEFT | K_RIGHT
EXTRA_LABELS = {"random": "Random layout", "copy": "Copy last layout", "skip": "Skip drink wall",
                "done": "No move"}
LAYER_LABELS = ("Show cookies", "Hide cookies")     # the turn menu's item, by the layer shown now
VIEWS = ("Scoreboard", "All boards", "Last events")
# a computer player's action without a space, as the panel shows it: two lines
BOT_SAYS = {"random": ("places", "at random"), "skip": ("skips", "drink wall"), "done": ("no move", ""),
            "back": ("keeps", "it there"), "copy": ("copies", "a layout")}


# ---- where each decision screen starts (tests/drive/cookie.py depends on it) ---------
def extras(game):
    """The turn menu's actions in this phase, in menu order (B opens it)."""
    phase = game.phase
    if phase == "place":
        return ["random", "copy"] if game.last_layout is not None else ["random"]
    if phase == "bonus" and game.opts["bonus_optional"]:
        return ["skip"]
    if phase == "move":
        return ["done"]
    return []


def start(game):
    """Where the cursor starts: a space, or in the walls phase a side (0-3)."""
    seat = game.seat
    phase = game.phase
    if phase == "walls":
        return first_side(game, seat, game.space)
    if phase == "target":
        return nearest(game.free_spaces(seat), game.chip_space(seat, game.moving))
    if phase == "move" or phase == "claim":
        space = game.chip_space(seat, game.roll_sum()) if phase == "move" else -1
        return space if space >= 0 else game.chip_space(seat, game.chips_on_board(seat)[0])
    if phase == "bonus":
        for space in range(36):
            if game.free_sides(seat, space):
                return space
    free = game.free_spaces(seat)
    return free[0] if free else 0


def nearest(spaces, space):
    """The first of spaces fewest cursor steps from space."""
    return min(spaces, key=lambda other: abs(other // 6 - space // 6) + abs(other % 6 - space % 6))


def first_side(game, seat, space):
    """The first side (top, bottom, left, right) of space without a wall."""
    walls = game.walls[seat]
    for side in range(4):
        if not walls[SPACE_SEGS[4 * space + side]]:
            return side
    return 0


def full_layout(layout):
    return isinstance(layout, list) and len(layout) == 36 and sorted(layout) == [0] * 25 + list(CHIPS)


def phase_text(game):
    """The two prompt lines of the decision screen."""
    phase = game.phase
    if phase == "place":
        return "Place %d" % CHIPS[game.placed], "B: random"
    if phase == "walls":
        return "Chip %d:" % game.roll_sum(), "%d wall%s" % (game.need, "s" if game.need > 1 else "")
    if phase == "bonus":
        return "Drink wall", "B: skip" if game.opts["bonus_optional"] else "anywhere"
    if phase == "relocate":
        return "Chip %d to" % game.pending[0], "free space"
    if phase == "move":
        return "Move chip?", "B: no"
    if phase == "target":
        return "Chip %d to" % game.moving, "B: back"     # B: "back" (the chip's choice again)
    return "", "Give chip"


class App(TableApp):
    RULES = rules
    LOG_KEEP = 32
    BOT_MS = 500
    cookies = False     # the cookie layer shown (the turn menu switches it; saved)

    def new_game(self, options, rng):
        game = TableApp.new_game(self, options, rng)
        if game.opts["setup"] == "free":
            kept = self.ctx.saves.load(LAYOUT)[0]
            if isinstance(kept, dict) and full_layout(kept.get("layout")):
                game.last_layout = bytearray(kept["layout"])
        game.start()
        self.note(game.pop_events())
        return game

    def begin(self):
        # the cursor: a space, or in the walls phase a side of the chip's space (0-3)
        self.cursor = 0
        self.legal = bytearray(36)      # the spaces that may be picked now (made once)
        self.viewer = max(0, self.holder)   # whose board a message without a name shows

    def restore_more(self, saved):
        self.cookies = saved.get("cookies") is True

    def save_more(self, data):
        data["cookies"] = self.cookies

    def turn_mark(self):
        # the rounds are played seat by seat: a save whenever the seat changes
        return self.game.round * 8 + self.game.seat

    def pass_reason(self, seat):
        game = self.game
        if game.phase == "place":
            return "to place your chips"
        return "Round %d: rolled %d" % (game.round, game.roll_sum())

    # ---- a person's decision ------------------------------------------------------------
    def decide(self, seat):
        game = self.game
        self.cursor = start(game)
        if game.phase != "walls":
            self.mark_targets(seat)
        while True:
            if game.phase == "walls":
                action = self.sides(seat, game.space, self.cursor)
            else:
                action = self.spaces(seat)
            if action and self.act(seat, action):
                return

    def act(self, seat, action):
        """A person's action (False: refused, the reason shown); then what it set off."""
        game = self.game
        phase = game.phase
        if not self.apply(action):
            return False
        # the first event of these only repeats what the player just did
        verb = action.split()[0]
        echo = verb in ("wall", "skip", "random", "copy") or verb == "put" and phase != "place"
        self.note(game.pop_events(), seat if echo else -1)
        if phase == "place" and (game.phase != "place" or game.seat != seat):
            self.keep_layout()
        self.news(seat, self.names[seat])
        return True

    def keep_layout(self):
        try:
            self.ctx.saves.save(LAYOUT, {"layout": list(self.game.last_layout)})
        except (OSError, SaveError):
            pass    # only a convenience for the next game; the game's own save tells of the storage

    def mark_targets(self, seat):
        """self.legal: 1 for every space an action of legal_actions() picks (put: a free space; move /
        give: the chip's; a drink wall: the spaces beside it), from the queries legal_actions() uses, not
        its texts (the drink wall's 84 made and parsed: most of a key's 0.9 ms unix, ~190 ms on a Pico)."""
        game = self.game
        legal = self.legal
        for space in range(36):
            legal[space] = 0
        phase = game.phase
        if phase == "move" or phase == "claim":
            for chip in game.chips_on_board(seat):
                legal[game.chip_space(seat, chip)] = 1
        elif phase == "bonus":
            for wall in game.free_walls(seat):
                for space in (SEG_SPACES[2 * wall], SEG_SPACES[2 * wall + 1]):
                    if space < 36:
                        legal[space] = 1
        elif phase == "place" or phase == "relocate" or phase == "target":
            for space in game.free_spaces(seat):
                legal[space] = 1

    def screen(self, seat, cursor=-1, legal=None, marks=(), wall=-1, zoom=-1, lines=None):
        """The decision screen: the board (cursor space lit, legal spaces bracketed, marks
        the walls that may be drawn, wall the chosen one), the panel, the zoom."""
        game = self.game
        fb = self.fb
        view.board(fb, game, seat, cursor, marks, wall, legal, self.cookies)
        view.head(fb, game, seat, self.names[seat])
        first, second = lines or phase_text(game)
        if game.phase == "claim" and not lines:
            view.task_icon(fb, game, game.todo[0], view.PX, 29)
            first = "  +%d done" % game.next_points(game.todo[0])
        view.prompt(fb, first, second)
        if zoom >= 0:
            view.zoom(fb, game, seat, zoom)
        self.ui.show()

    def spaces(self, seat):
        """The board cursor (and its zoom); returns an action or None."""
        game = self.game
        shown = -1      # the cursor of the screen drawn before when only a move followed, else -1
        while True:
            cursor = self.cursor
            if shown < 0:
                self.screen(seat, cursor, self.legal, zoom=cursor)
            else:       # two spaces and the zoom, not the whole screen (docs/performance.md)
                view.moved(self.fb, game, seat, shown, cursor, self.legal, self.cookies)
                self.ui.show()
            saving = self.ui.pending is not None    # (a save refused by the storage draws a message)
            k = self.key()
            shown = cursor if k & ARROWS and not saving else -1     # (A+B: 0, the game menu was drawn)
            if k & (K_UP | K_DOWN):
                self.cursor = (cursor + (6 if k & K_DOWN else 30)) % 36
            elif k & (K_LEFT | K_RIGHT):
                self.cursor = cursor - cursor % 6 + (cursor + (1 if k & K_RIGHT else 5)) % 6
            elif k & K_B:
                return "back" if game.phase == "target" else self.visit("menu", self.turn_menu, seat)
            elif k & K_A:
                phase = game.phase
                if phase == "bonus":
                    if not game.free_sides(seat, cursor):
                        self.refuse("Space %s has all four walls already" % space_name(cursor))
                        continue
                    action = self.sides(seat, cursor, first_side(game, seat, cursor))
                    if action:
                        return action
                elif phase == "move" or phase == "claim":
                    chip = game.chip_at[seat][cursor]
                    if chip:
                        return "%s %d" % ("move" if phase == "move" else "give", chip)
                    self.refuse("No chip on %s: pick one of your chips%s" % (
                        space_name(cursor), " (B: no move)" if phase == "move" else " to give"))
                else:
                    return "put " + space_name(cursor)

    def sides(self, seat, space, side):
        """A side of space: UP/DOWN/LEFT/RIGHT choose, A draws it; B the turn menu
        (walls) or back to the spaces (the drink wall)."""
        game = self.game
        walls = game.phase == "walls"
        while True:
            self.screen(seat, -1, None, game.free_sides(seat, space), SPACE_SEGS[4 * space + side], space,
                        None if walls else ("Drink wall", "B: back"))
            k = self.key()
            for j in range(4):
                if k & SIDE_KEYS[j]:
                    side = j
                    if walls:
                        self.cursor = side
            if k & K_A:
                return "wall " + seg_name(SPACE_SEGS[4 * space + side])
            if k & K_B:
                return self.visit("menu", self.turn_menu, seat) if walls else None

    # ---- the turn menu and the views --------------------------------------------------------
    def turn_menu(self, seat):
        """The phase's extra actions, then the views; returns an action or None (B)."""
        actions = extras(self.game)
        labels = [EXTRA_LABELS[action] for action in actions] + list(VIEWS) + [LAYER_LABELS[self.cookies]]
        index = 0
        self.viewer = seat
        while True:
            LIVE["waiting"] = "continue"
            index = self.ui.menu(self.names[seat], labels, index)
            if index == -2:
                self.menu()
                index = 0
            elif index < 0:
                return None
            elif index < len(actions):
                return actions[index]
            elif index == len(labels) - 1:
                self.cookies = not self.cookies
                return None
            elif labels[index] == "Scoreboard":
                self.visit("scoreboard", self.scoreboard, seat)
            elif labels[index] == "All boards":
                self.visit("boards", self.boards, seat)
            else:
                self.visit("events", self.read, "Last events", self.log.recent(self.LOG_KEEP), True)

    def scoreboard(self, seat):
        """Every task: its slots (taken ones lit) and one player's progress;
        LEFT/RIGHT player, UP/DOWN task, A who scored it, B back."""
        game = self.game
        task = first = 0
        while True:
            first = min(task, max(first, task - 4))
            view.scoreboard_page(self.ui, game, seat, task, first)
            k = self.key("continue")
            if k & (K_LEFT | K_RIGHT):
                seat = (seat + (1 if k & K_RIGHT else game.n - 1)) % game.n
            elif k & (K_UP | K_DOWN):
                task = (task + (1 if k & K_DOWN else game.nt - 1)) % game.nt
            elif k & K_A:
                self.visit("task", self.ui.message, "Task", view.task_text(game, task))
            elif k & K_B:
                return

    def boards(self, seat):
        """Any player's board: LEFT/RIGHT player, A or B back."""
        game = self.game
        while True:
            view.board_page(self.fb, game, seat, self.cookies)
            self.ui.show()
            k = self.key("continue")
            if k & (K_LEFT | K_RIGHT):
                seat = (seat + (1 if k & K_RIGHT else game.n - 1)) % game.n
            elif k & (K_A | K_B):
                return

    # ---- messages: the places they name lit on the board ------------------------------------
    def news(self, seat, title="What happened"):
        self.viewer = seat
        TableApp.news(self, seat, title)

    def read(self, title, texts, from_end=False):
        """The kit's event pages (read_pages), each event beside the board it tells of."""
        self.read_pages(title, texts, from_end)

    def event_page(self, at, text, title, count, lit):
        """The event beside the board it tells of (the viewer's, or the player it
        names), its places lit; nothing blinks."""
        view.event_page(self.fb, self.game, self.viewer, text, title, at, count, self.cookies)
        return False

    def refuse(self, reason):
        """The reason beside the board, the place it names lit there."""
        view.refusal(self.fb, self.game, self.game.seat, reason, self.cookies)
        self.ui.show()
        self.hold()

    # ---- computer players -------------------------------------------------------------------
    def robot(self, seat):
        """The computer player's step drawn on its board (the wall, the chip, the space)."""
        game = self.game
        action = self.think(bot, seat)
        words = action.split()
        cursor = wall = -1
        if words[0] == "wall":
            wall = seg_index(words[1], int(words[2]), int(words[3]))
            verb, what = "draws", "a wall"
        elif words[0] == "put":
            cursor = space_index(int(words[1]), int(words[2]))
            chip = game.moving or (game.pending[0] if game.pending else CHIPS[game.placed])
            verb, what = "puts", "chip %d" % chip
        elif words[0] == "move" or words[0] == "give":
            cursor = game.chip_space(seat, int(words[1]))
            verb, what = words[0] + "s", "chip " + words[1]
        else:
            verb, what = BOT_SAYS[words[0]]
        fb = self.fb
        view.board(fb, game, seat, cursor, (), wall, None, self.cookies)
        view.head(fb, game, seat, self.names[seat])
        view.prompt(fb, verb, what)
        font.text(fb, "CPU", view.PX, view.ZY + 9)
        self.ui.show()
        game.apply(action)
        self.note(game.pop_events())
        LIVE["waiting"] = "continue"
        self.pause(self.BOT_MS)

    # ---- the end ----------------------------------------------------------------------------
    def finish(self):
        """The last events; every score and the winner(s); A on a row lists that
        player's tasks."""
        game = self.game
        if self.humans:
            self.news(self.holder if self.holder >= 0 else self.kinds.index("human"), "Game over")
        self.scores("Game over", view.end_rows(game), game.winners())


def run(ctx, setup, saved):
    run_app(App, ctx, setup, saved)
