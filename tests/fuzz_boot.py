"""One boot of the console under the key fuzz (run by tests/fuzz.py, under MicroPython).

    micropython -X heapsize=284K tests/fuzz_boot.py --keys-file F --saves DIR --seed N
                --game ID --title TITLE --setup 0|1 [--oom-shown 0|1]

The real launcher and games (tools/headless.py's Console: the real SSD1306 driver,
buttons, UI kit) play the keys in F. A fault screen is an escape here: Ui.error, the
one way the firmware shows a fault ("Game stopped", "Out of memory", "Something went
wrong"), ends the run with an ESCAPE line instead of being shown, so the caller can
fail the sequence and name the key. The last line says how the boot ended:

    DONE used=N ...                every key pressed, the console waiting for more
    RESET used=N ...               a game was picked: the caller boots again with the keys left
    ESCAPE used=N ... <title>: <body> a fault reached the screen (the traceback is printed above)
    NESTED used=N ... <bytes>      the firmware waited for a key with its calls nested too deep
    HARNESS used=N ... <error>     this harness failed (a bug of the fuzz, not of the firmware)

used: how many entries of F were played (a walk counts once it is complete, so a reset
in the middle of one plays it again from its start); then deepest=<stack bytes>,
pressed=<keys pressed>, ingame=<of them, while the game under test ran (its app module
loaded)>, walks=<walks completed>, lost=<walks given up>, ended=<end screens (Ui.scores)
the game under test showed>, oomshown=<Out of memory screens shown>. An interpreter that
dies prints none of these.

--oom-shown 1 (fuzz.py --oom-shown): the firmware's own Out of memory screen is no
escape; it is shown as on a console and the keys go on (the other fault screens stay
escapes).

Walks. Besides one character a key, F holds walks (fuzz.WALKS): "go to the game under
test" (resume it if it is saved, else a new game), "a new game" (answering Yes when the
launcher asks before replacing its save), "a new game, but No when asked, then Resume",
"a new game with every seat a computer player" (it plays on to its end screen with no
key pressed: random keys seldom finish a game), each followed by one character that
seeds the setup form's choices, and "save and quit".
A walk is played by looking at the screen, one key at a time: the kit's menus, forms
and messages are wrapped to note what is open (its title, items, starting row), so the
walk leaves a game by its menu's Save and quit, goes back with B through the launcher's
screens to the main menu, picks the game, its menu's item, and on a fresh setup form
sets the players and seats (people and computer players, seeded by the walk) and
presses Start. The same firmware and keys give the same walk: a sequence still replays
from its seed.
"""
import gc
import sys


def _root():
    f = globals().get("__file__") or ""
    i = f.rfind("/")
    here = f[:i] if i >= 0 else "."
    return here + "/.."


ROOT = _root()
sys.path.insert(0, ROOT + "/tools")
import _path  # noqa: E402  (firmware, or PP_FIRMWARE, on sys.path)

sys.path.append(ROOT)
import headless  # noqa: E402
from micropython import stack_use  # noqa: E402

# The deepest the firmware's calls go while it waits for a key, in bytes of this port's
# stack: at most 11.5 KB in 1,000 sequences over every game (about 25 nested calls);
# the Dizzle screens that reopened each other on B reached 28 KB within 12 sequences.
STACK_LIMIT = 20 * 1024


class Escape(BaseException):  # not Exception: nothing in the firmware may catch it
    """args: (the word of the last line, what to say)."""


SHOWN = [None, 0]   # with --oom-shown 1: the kit's own Ui.error, and the Out of memory screens shown


def _fault_is_an_escape(ui, *said):
    # Ui.error(title, body); before the kit (commit bce056b) Ui.error(exception, title)
    if SHOWN[0] is not None and "Out of memory" in said:
        SHOWN[1] += 1       # shown as on a console: what comes after it is what is tested
        return SHOWN[0](ui, *said)
    raise Escape("ESCAPE", ": ".join([str(s) for s in said]))


class FuzzConsole(headless.Console):
    """Counts how deep the firmware's calls go each time it waits for a key: screens that
    open screens without returning (B answered by opening the screen before) grow it."""
    deepest = 0

    def idle(self, ms):
        used = stack_use()
        if used > self.deepest:
            self.deepest = used
        if used > STACK_LIMIT:
            raise Escape("NESTED", "%d bytes of stack while waiting for a key" % used)
        headless.Console.idle(self, ms)


# ---- what the kit shows: the open menus, forms and messages, innermost last ----------------
OPEN = []           # [kind, title, items or fields, starting row, serial]
SEEN = [0, None]    # (the serials given so far, the Ui)


def _noting(kind, method):
    def shown(ui, title, *args, **named):
        SEEN[0] += 1
        SEEN[1] = ui
        what = args[0] if args else None
        index = args[1] if kind == "menu" and len(args) > 1 else named.get("index", 0)
        OPEN.append((kind, title, what, index, SEEN[0]))
        try:
            return method(ui, title, *args, **named)
        finally:
            OPEN.pop()
    return shown


def _note_screens(Ui):
    for kind in ("menu", "form", "message", "keyboard"):
        setattr(Ui, kind, _noting(kind, getattr(Ui, kind)))
    Ui.scores = _counting_ends(Ui.scores)


ENDED = [0, ""]     # end screens (Ui.scores) the game under test showed; its app module's name


def _counting_ends(method):
    def scores(ui, *args, **named):
        if ENDED[1] in sys.modules:
            ENDED[0] += 1
        return method(ui, *args, **named)
    return scores


def _label(field):
    return field[0] if isinstance(field, list) else field.label     # (a list before the kit)


def _choices(field):
    return field[1] if isinstance(field, list) else field.choices


def _index(field):
    return field[2] if isinstance(field, list) else field.index


# The keys file holds one character a key (tests/fuzz.py writes it), read as bytes and
# handed to the console one key at a time: a list of 2,000 key names held for the whole
# boot took 17-34 KB of the very heap the fuzz caps (a list here, its copy in KeyScript).
KEY_NAMES = {ord("A"): "A", ord("B"): "B", ord("U"): "UP", ord("D"): "DOWN", ord("L"): "LEFT",
             ord("R"): "RIGHT", ord("M"): "MENU", ord("w"): "WAIT", ord("W"): "WAIT:61000"}
# walks (fuzz.WALKS): to the game (resume, or new), a new game, a new game refused (then
# Resume), each with a seed character; save and quit
WALK_GO, WALK_NEW, WALK_REFUSE, WALK_QUIT = ord("G"), ord("N"), ord("X"), ord("Q")
WALK_WATCH = ord("C")   # a new game with every seat a computer player: it plays on to its end
WALK_KEYS = 400     # a walk that has not arrived after this many keys is given up


class Walk:
    def __init__(self, goal, seed):
        self.goal = goal
        self.seed = seed
        self.keys = 0
        self.serial = -1    # the screen whose cursor row is known (one the walk saw open)
        self.row = 0
        self.menus = 0      # MENU pressed in a game without its game menu coming up
        self.final = False  # the key that picks the game was pressed
        self.start = SEEN[0]    # screens opened before the walk have serials up to this


class Feed:
    """The console's driver: the next key when its script runs out, or the next key of a walk."""

    def __init__(self, codes, game_id, title, has_setup):
        self.codes = codes
        self.at = 0             # the next character of codes
        self.used = 0           # entries played whole
        self.app = "games.%s.app" % game_id
        ENDED[1] = self.app
        self.title = title
        self.has_setup = has_setup
        self.walk = None
        self.pressed = 0
        self.ingame = 0
        self.walks = 0
        self.lost = 0

    def __call__(self, console):
        try:
            return self.next_key()
        except MemoryError as e:
            if SHOWN[0] is None:
                sys.print_exception(e)
                raise Escape("HARNESS", repr(e))
            # --oom-shown runs below the console's cap, where the walk's own look at the
            # screen (a setup form's rows, made by the firmware) may not fit either: the
            # walk is given up and the console goes on with B, as a person would
            if self.walk is not None:
                self.lost += 1
                self.end_walk()
            gc.collect()
            return self.press("B")
        except Exception as e:  # the harness's own fault: not the firmware's to catch
            sys.print_exception(e)
            raise Escape("HARNESS", repr(e))

    def next_key(self):
        while True:
            walk = self.walk
            if walk is not None:
                key = self.step(walk)
                if key is None or walk.keys >= WALK_KEYS:
                    if key is not None:
                        self.lost += 1
                    else:
                        self.walks += 1
                    self.end_walk()
                    continue
                walk.keys += 1
                return self.press(key)
            if self.at >= len(self.codes):
                return None
            c = self.codes[self.at]
            if c in (WALK_GO, WALK_NEW, WALK_REFUSE, WALK_WATCH):
                seed = self.codes[self.at + 1] if self.at + 1 < len(self.codes) else 0
                self.walk = Walk(c, seed)
                continue
            if c == WALK_QUIT:
                self.walk = Walk(c, 0)
                continue
            self.at += 1
            self.used += 1
            return self.press(KEY_NAMES[c])

    def end_walk(self):
        self.at += 1 if self.walk.goal == WALK_QUIT else 2
        self.used += 1
        self.walk = None

    def complete(self):
        """Entries played whole, counting a walk whose last key (Start, Resume) was
        pressed: the reset it made ends this boot."""
        return self.used + (1 if self.walk is not None and self.walk.final else 0)

    trace = False

    def press(self, key):
        if self.trace:
            top = OPEN[-1] if OPEN else None
            print("KEY %s %s %s %s" % (key, "walk" if self.walk else "-", self.app in sys.modules,
                                       top[1] if top else "-"))
        if not key.startswith("WAIT"):
            self.pressed += 1
            if self.app in sys.modules:
                self.ingame += 1
        return [key]

    # ---- one key of a walk, from what is on the screen --------------------------------------
    def step(self, walk):
        """The walk's next key, or None when it has arrived."""
        ui = SEEN[1]
        if ui is not None and getattr(ui, "asleep", False):
            return "LEFT"   # wakes the screen, does nothing else
        top = OPEN[-1] if OPEN else None
        in_game = None
        for name in sys.modules:
            if name.startswith("games.") and name.endswith(".app"):
                in_game = name
        if walk.final:
            return None
        if in_game is not None:
            if in_game == self.app and walk.goal == WALK_GO:
                return None
            return self.leave_game(walk, top, ui)
        if walk.goal == WALK_QUIT:
            return None
        if top is None:
            return "B"
        kind, title, what, index, serial = top
        if kind == "menu" and title == "pocket-party":
            return self.pick(walk, top, self.title, self.title + " *")
        if kind == "menu" and title == self.title:
            items = what
            want = "New game"
            if walk.goal == WALK_GO and "Resume" in items:
                want = "Resume"
            key = self.pick(walk, top, want)
            if key == "A" and (want == "Resume" or not self.has_setup and items[0] == "New game"):
                walk.final = True
            return key
        if kind == "message" and title == "New game":     # "Start over? The saved game is lost."
            if walk.goal == WALK_REFUSE:
                walk.goal = WALK_GO
                return "B"
            if not self.has_setup:
                walk.final = True
            return "A"
        if kind == "form" and title == self.title:
            return self.fill(walk, top)
        return "B"

    def leave_game(self, walk, top, ui):
        if top is not None and top[0] == "menu" and top[1] == "Game menu":
            walk.menus = 0
            key = self.pick(walk, top, "Save and quit")
            if key == "A" and walk.goal == WALK_QUIT:
                walk.final = True
            return key
        if ui is not None and getattr(ui, "in_menu", False):
            return "B"      # the rules or settings, opened from the game menu
        walk.menus += 1
        return "B" if walk.menus % 4 == 0 else "MENU"

    def pick(self, walk, top, *names):
        """UP/DOWN to the first of names in the menu on top, then A; B first when its
        cursor is not known (the menu was open before the walk)."""
        _kind, _title, items, index, serial = top
        target = -1
        for i in range(len(items)):
            if items[i] in names:
                target = i
                break
        if target < 0:
            return "B"
        if walk.serial != serial:
            if serial <= walk.start:
                return "B"      # open before the walk: where its cursor is is not known
            walk.serial = serial
            walk.row = max(0, min(index, len(items) - 1))
        if walk.row == target:
            return "A"
        walk.row = (walk.row + 1) % len(items)
        return "DOWN"

    def fill(self, walk, top):
        """On a setup form the walk saw open: the Players row and the seats' kinds as the
        walk's seed says (the first seat a person mostly, the others mostly computer
        players, so turns pass), options at random; then to Start and A."""
        fields, serial = top[2], top[4]
        if walk.serial != serial:
            if serial <= walk.start:
                return "B"
            walk.serial = serial
            walk.row = 0
        rows = fields() if callable(fields) else fields
        n = len(rows) + 1
        walk.row = min(walk.row, n - 1)
        target = n - 1
        step = 0
        for i in range(len(rows)):
            want = self.choice(walk, _label(rows[i]), _choices(rows[i]))
            if want is not None and want != _index(rows[i]):
                target = i
                step = 1
                break
        if walk.row != target:
            walk.row = (walk.row + 1) % n
            return "DOWN"
        if step:
            return "RIGHT"
        walk.final = True
        return "A"

    def choice(self, walk, label, choices):
        """The row's value the walk wants (an index of choices), or None: leave it."""
        h = walk.seed
        for ch in label:
            h = (h * 31 + ord(ch)) & 0xFFFF
        h = (h * 2654435761 >> 7) & 0xFFFF
        if label.endswith(" name"):
            return None
        if label == "Players":
            return h % len(choices)
        if label.endswith(" is"):   # "Human", then the computer levels
            if walk.goal == WALK_WATCH:
                return 1 + h % (len(choices) - 1)
            if label == "P1 is":
                return 0 if h % 8 else 1 + h % (len(choices) - 1)
            return 0 if h % 5 == 0 else 1 + h % (len(choices) - 1)
        return h % len(choices)


def main(argv):
    opts = {"--keys-file": None, "--saves": None, "--seed": "1", "--game": "", "--title": "", "--setup": "1",
            "--trace": "0", "--oom-shown": "0"}
    for i in range(0, len(argv) - 1, 2):
        opts[argv[i]] = argv[i + 1]
    with open(opts["--keys-file"], "rb") as f:
        feed = Feed(f.read(), opts["--game"], opts["--title"], opts["--setup"] == "1")
    feed.trace = opts["--trace"] == "1"    # a line a key (KEY name walk|- in-game top-screen)
    from core.ui import Ui
    if opts["--oom-shown"] == "1":
        SHOWN[0] = Ui.error
    Ui.error = _fault_is_an_escape
    _note_screens(Ui)
    console = FuzzConsole(int(opts["--seed"]), [], opts["--saves"], lambda line: None, driver=feed)
    try:
        left = console.run(resets=True)
    except Escape as e:
        print("%s used=%d %s %s" % (e.args[0], feed.used + (1 if feed.walk else 0), counts(feed, console), e.args[1]))
        return
    if left is None:
        print("DONE used=%d %s" % (feed.used, counts(feed, console)))
    else:
        print("RESET used=%d %s" % (feed.complete() - len(left), counts(feed, console)))


def counts(feed, console):
    return "deepest=%d pressed=%d ingame=%d walks=%d lost=%d ended=%d oomshown=%d" % (
        console.deepest, feed.pressed, feed.ingame, feed.walks + (1 if feed.walk is not None and feed.walk.final else 0),
        feed.lost, ENDED[0], SHOWN[1])


if __name__ == "__main__":
    main(sys.argv[1:])
