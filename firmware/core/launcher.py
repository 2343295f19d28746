"""The launcher's menus: pick a game, set up seats and options, resume, settings, about.

choose() returns what to play and the caller (main.run) unloads this module
before the game starts, so its code is not in RAM while a game runs. What must
survive between visits (the cursor) lives in the session.
"""
from core.session import load_module, rules_text, setup_form, storage_words
from core.ui import Field
from games import catalogue

VERSION = "0.1.0"
# A seat's kinds: a person, or a computer player of one of the game's levels (its
# catalogue entry's `levels`)
KINDS = ("Human", "Easy CPU", "Normal CPU", "Hard CPU")
KIND_IDS = ("human", "easy", "normal", "hard")
KIND_HELPS = ("A person at this console.", "The console plays: a gentle player.",
              "The console plays: a good player.", "The console plays: looks ahead, plays to win.")
TYPE = "Type..."
DAMAGED = "Damaged save"    # the game menu's item in place of Resume when no copy loads
NAME_HELP = "LEFT/RIGHT a name, A to type one."
ENTER_CODE = "Enter code"
DAILY = "Daily game"
LINK = "Link play"


def available_games():
    """Catalogue entries whose app module is there: on the filesystem (or the ROMFS
    image) as app.py or app.mpy, or frozen into the firmware with the games package."""
    import os
    base = _games_dir()
    if base.startswith(".frozen"):  # frozen modules have no file to look for
        return list(catalogue.GAMES)
    out = []
    for entry in catalogue.GAMES:
        for name in ("app.py", "app.mpy"):
            try:
                os.stat(base + "/" + entry.id + "/" + name)
                out.append(entry)
                break
            except OSError:
                pass
    return out


def _games_dir():
    import games
    f = getattr(games, "__file__", "games/__init__.py")
    i = f.rfind("/")
    return f[:i] if i >= 0 else "games"


class Launcher:
    def __init__(self, session):
        self.session = session
        self.hal = session.hal
        self.ui = session.ui
        self.saves = session.saves
        self.settings = session.settings
        self.main = None    # the main menu's (games, items), once worked out (main_items())

    def choose(self):
        """Menus until a game is picked: returns (game_id, setup, saved)."""
        session = self.session
        ui = self.ui
        if session.problems:
            self.settings_damaged(session.problems)
            session.problems = []
        if self.hal.start_code:     # the browser's ?code=: that game's setup, filled in
            picked = load_module("core.codemenu").from_address(self)
            if picked is not None:
                return picked
        index = getattr(session, "menu_index", 0)
        while True:
            games, items = self.main_items()
            for i in range(len(games)):
                if games[i].id == self.settings.last_game:
                    index = i
            choice = ui.menu("pocket-party", items, index)
            if choice < 0:
                continue
            session.menu_index = index = choice
            if choice < len(games):
                picked = self.game_menu(games[choice])
                if picked is not None:
                    return picked
            elif choice == len(games):
                session.settings_screen()
            else:
                self.about()

    def main_items(self):
        """(games, items) of the main menu, worked out once a visit to the launcher: the
        games' files and their saves do not change under its menus but for a damaged save
        deleted (damaged() forgets them). Looking for them again each time the main menu
        came back (5 app files, 15 save files) made B from a game's menu allocate 11.3 KB,
        now 96 B (64-bit unix port, make bench keys' launcher session)."""
        main = self.main
        if main is None:
            games = available_games()
            items = []
            for g in games:
                items.append(g.title + (" *" if self.saves.exists(g.id) else ""))
            items.append("Settings")
            items.append("About")
            main = self.main = (games, items)
        return main

    def about(self):
        p = self.hal.power
        level = p.battery_level()
        free = p.free_memory()
        self.ui.message("About", "pocket-party %s\nBoard: %s\nFree memory: %s\nBattery: %s\n"
                        "Hold A+B in a game for its menu." % (
                            VERSION, self.hal.board, "%d bytes" % free if free >= 0 else "n/a",
                            "n/a" if level is None else "%d/4" % level))

    def settings_damaged(self, problems):
        """Say which copy of the settings is used and what was lost (core.saves names the
        copies in problems), then save them, so the damaged copy is replaced and this is
        said once."""
        from core.saves import NEWEST, SaveError
        if not self.settings.from_save:
            what = "Settings unreadable, so the defaults are back (typed names too)."
        elif [p for p in problems if p.startswith(NEWEST)]:
            what = ("The newest settings were unreadable, so the ones saved before are used: "
                    "the last change may be lost.")
        else:
            what = ("The power went while the settings were saved: that change is lost, "
                    "the ones before are used.")
        self.ui.message("Settings", "%s Nothing else lost.\n(%s)" % (what, "; ".join(problems)))
        try:
            self.session.save_settings()
        except (OSError, SaveError):
            pass  # storage full or read-only: the same will be said at the next power-on

    def remember(self, game_id):
        """The game picked comes first in the menu next time. Saved once the game menu
        is up (ui.later): the save held that menu back by 700 ms on a Pico (est., the
        profiler's game-menu session), and the settings are not needed before."""
        if self.settings.last_game != game_id:
            self.settings.last_game = game_id
            self.ui.later(self.session.save_settings)

    def game_menu(self, entry):
        ui = self.ui
        game_id, title = entry.id, entry.title
        self.remember(game_id)
        back_to = None      # the item to come back to (after reading the rules)
        while True:
            has_save = self.saves.exists(game_id)
            items = ["New game"]
            if has_save:  # a save no copy of which loads is not offered as Resume
                items.insert(0, "Resume" if self.resumable(game_id) else DAMAGED)
            items.append("Rules")
            if entry.has_setup:  # the table games record their results (core.stats)
                items.append("Statistics")
            items += self.code_items(entry)
            if entry.has_setup and self.hal.link is not None:   # two consoles, one game (core.linkmenu)
                items.append(LINK)
            choice = ui.menu(title, items, items.index(back_to) if back_to in items else 0)
            if choice < 0:
                return None
            what = back_to = items[choice]
            if what == "Rules":
                ui.busy()   # reading the rules imports the setup module: ~670 ms on a Pico (est.)
                ui.message(title, rules_text(game_id))  # not the whole game
            elif what == "Statistics":
                self.session.open_screen("core.stats_screen", entry)
            elif what == DAMAGED:
                self.damaged(game_id)
            elif what == "Resume":
                ui.busy()   # the save is read, then the game loaded: seconds on a Pico
                data, problems = self.saves.load(game_id)
                if data is None:  # (its JSON unreadable behind a right checksum)
                    self.damaged(game_id)
                    continue
                if problems:
                    self.resume_older(problems)
                return (game_id, None, data)
            else:
                if has_save and not ui.confirm("New game", "Start over? The saved game is lost."):
                    continue
                if what == LINK:
                    setup = load_module("core.linkmenu").menu(self, entry)
                elif what != "New game":
                    codemenu = load_module("core.codemenu")
                    setup = codemenu.daily(self, entry) if what == DAILY else codemenu.typed(self, entry)
                elif entry.has_setup:
                    setup = self.setup(entry)
                else:   # no setup form (whose OK shows the busy mark): the game loads now
                    ui.busy()
                    setup = {"seats": [{"name": "You", "kind": "human"}], "options": {}}
                if setup is not None:
                    self.forget_unfit(game_id)  # the new game's save replaces it
                    return (game_id, setup, None)

    def resumable(self, game_id):
        """Some copy of the game's save is whole (its checksum right: the JSON is not read
        for a menu) and, as far as this session has seen, fits this version of the game."""
        return game_id not in self.session.unfit and self.saves.readable(game_id)

    def forget_unfit(self, game_id):
        if game_id in self.session.unfit:
            self.session.unfit.remove(game_id)

    def damaged(self, game_id):
        """No copy of the save can be resumed: say why, then offer to delete it (B keeps it,
        and the menu still offers no Resume)."""
        ui = self.ui
        if game_id in self.session.unfit:
            why = "Save does not fit this version of the game."
        else:
            problems = self.saves.load(game_id)[1]
            why = "Save unreadable.\n(%s)" % ("; ".join(problems) or "missing")
        ui.message(DAMAGED, why)
        if not ui.confirm(DAMAGED, "Delete the damaged save? It cannot be resumed. B keeps it as it is."):
            return
        self.main = None    # the main menu's star may go
        try:
            self.saves.delete(game_id)
            self.forget_unfit(game_id)
        except OSError as e:  # read-only storage: the player's words, the error to the serial log
            print("pocket-party: the damaged save of %s not deleted (%s)" % (game_id, e))
            ui.message(DAMAGED, "The save could not be deleted. " + storage_words(e))

    def resume_older(self, problems):
        from core.saves import NEWEST
        if [p for p in problems if p.startswith(NEWEST)]:
            what = "Newest save unreadable,\nso resuming the one\nbefore it."
        else:
            what = "The power went while\nthe game was saved:\nresuming the save\nbefore it."
        self.ui.message("Resume", "%s\n(%s)" % (what, "; ".join(problems)))

    def setup(self, entry, code=None):
        """Players, seats and options. Returns {'seats': [...], 'options': {...}} or None.
        code: a game code (core.codes) of this game, already read: the form starts as it
        says, under the code as its title, and the game gets its seed."""
        game_id, title, lo, hi = entry.id, entry.title, entry.min_players, entry.max_players
        # The form imports the game's setup module (its options and rules text): Word
        # Cards' took 305 ms est. Pico with the screen unchanged (make bench, 2026-12-02).
        self.ui.busy()
        offered, level_lines = setup_form(game_id)
        names = self.settings.name_choices()
        kinds = ("human",) + entry.levels
        at = [KIND_IDS.index(kind) for kind in kinds]
        helps = [KIND_HELPS[k] for k in at]
        for level, line in level_lines:     # the game's own line for a level
            if level in kinds:
                helps[kinds.index(level)] = line
        seat_fields = []
        for i in range(hi):
            seat_fields.append(Field("P%d name" % (i + 1), names + [TYPE], i % len(names), self._type_name,
                                     [NAME_HELP] * (len(names) + 1)))
            seat_fields.append(Field("P%d is" % (i + 1), [KINDS[k] for k in at], 0 if i == 0 else kinds.index("normal"),
                                     None, helps))
        option_fields = []
        for _name, label, choices, _when in offered:
            option_fields.append(Field(label, [shown for _value, shown, _help in choices], 0, None,
                                       [help for _value, _shown, help in choices]))
        players = Field("Players", [str(n) for n in range(lo, hi + 1)], max(lo, min(hi, 2)) - lo, None,
                        ["%d players at the table." % n for n in range(lo, hi + 1)])

        def value(j):
            """Option j's value: the one chosen while it is on the form, else the first
            (the rules' default: a hidden choice, e.g. who starts a solo game, must not
            change the game)."""
            _name, _label, choices, _when = offered[j]
            chosen, _shown, _help = choices[option_fields[j].index if applies(j) else 0]
            return chosen

        def applies(j):
            """Whether option j is on the form: its `when` (docs/game-api.md, setup.py),
            a condition on an option above it or on the number of players, holds."""
            _name, _label, _choices, when = offered[j]
            if when is None:
                return True
            what, values = when
            if what == "players":
                return lo + players.index in values
            for k in range(j):
                name, _label, _choices, _when = offered[k]
                if name == what:
                    return value(k) in values
            return False

        if code is not None:
            title = code.text
            players.index = code.players - lo
            for i in range(code.players):
                seat_fields[2 * i + 1].index = kinds.index(code.kinds[i])
            indexes = load_module("core.codes").option_indexes(offered, code.options)
            for j in range(len(offered)):
                option_fields[j].index = indexes[j]

        def fields():
            shown = [players] + seat_fields[:2 * (lo + players.index)]
            for j in range(len(offered)):
                if applies(j):
                    shown.append(option_fields[j])
            return shown

        while True:
            if not self.ui.form(title, fields):
                return None
            n = lo + players.index
            seat_names = [seat_fields[2 * i].shown() for i in range(n)]
            if TYPE in seat_names:
                self.ui.message(title, "Choose a name, or press A on 'Type...' to type one.")
                continue
            if len(set(seat_names)) < n:
                self.ui.message(title, "Two players have the same name. Give everyone their own.")
                continue
            break
        seats = []
        for i in range(n):
            seats.append({"name": seat_names[i], "kind": kinds[seat_fields[2 * i + 1].index]})
        opts = {}
        for j in range(len(offered)):
            name, _label, _choices, _when = offered[j]
            opts[name] = value(j)
        if code is None:
            return {"seats": seats, "options": opts}
        return {"seats": seats, "options": opts, "seed": code.seed}

    # ---- game codes (core.codes): the same dice and cards again ------------------------------
    def code_items(self, entry):
        """The game menu's items for codes: a game with a setup screen takes one; a game
        for one player has a daily game too."""
        if not entry.has_setup:
            return []
        return [ENTER_CODE, DAILY] if entry.min_players == 1 else [ENTER_CODE]

    def _type_name(self, field):
        """A on a name row: type a name on the keyboard (B with nothing typed goes back)."""
        name = self.ui.keyboard("Player name")
        if name:
            self.settings.remember_name(name)
            self.session.save_settings()
            if name not in field.choices:
                field.choices.insert(len(field.choices) - 1, name)
                field.helps.append(NAME_HELP)
            field.index = field.choices.index(name)
