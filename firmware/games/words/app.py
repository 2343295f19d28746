"""Word Cards screens (game id "words"); docs/words.md, "Playing on the console".

Turn screen: the table words, the others' hand sizes, your hand as tiles.
LEFT/RIGHT move over the hand, A picks a card (A on an action card plays it),
UP goes to the table words (A chooses the word to extend or rearrange, DOWN
back), DOWN lists the words your picked cards (and the chosen word) can make,
B opens the turn menu: Commit, Undo, Find words, Spell a word (your own
order), Take a letter, Draw a card, the action cards, Table words, Last turns.
An edit is applied at once; Commit checks the whole table, Undo restores it.
"""
import gc
from hal.keys import K_UP, K_DOWN, K_LEFT, K_RIGHT, K_A, K_B, K_MENU
from core.rules import Illegal
from core.rng import Rng
from games.words import bot, data, rules, view
from games.words.hints import _minus, build_action, word_options
from games.words.lexicon import DictionaryError

LIVE = {}
KIND = data.CARD_KIND
VALUE = data.CARD_VALUE
ACTION = data.KIND_ACTION
LOWER = rules.LOWER
EFFECT = ("Give one card away, take the deck's top card.",
          "Give a player a card, take one of theirs blindly.",
          "A player skips their next turn.",
          "Swap your whole hand with a player.",
          "A player draws 2 cards.",
          "Every other player draws 2 cards.")
LIMIT = 30      # words in a list
LOG = 12        # event texts kept for the summaries


class Quit(Exception):
    pass


def pack(x):
    """A save made small for the JSON writer, which keeps one piece per number,
    string and bracket until the end: a list of ints becomes one text '#1,2,3',
    a dict the list ['=key,key', value, value]."""
    if isinstance(x, dict):
        keys = sorted(x)
        out = ["=" + ",".join(keys)]
        for k in keys:
            out.append(pack(x[k]))
        return out
    if isinstance(x, (list, tuple)):
        out = []
        for i in x:
            if not isinstance(i, int) or i is True or i is False:
                out = []
                for i in x:
                    out.append(pack(i))
                return out
            out.append(str(i))
        return "#" + ",".join(out)
    return x


def unpack(x):
    if isinstance(x, list):
        if x and isinstance(x[0], str) and x[0][:1] == "=":
            d = {}
            keys = x[0][1:].split(",")
            for i in range(len(keys)):
                if keys[i]:
                    d[keys[i]] = unpack(x[i + 1])
            return d
        for i in range(len(x)):
            x[i] = unpack(x[i])
    elif isinstance(x, str) and x[:1] == "#":
        out = []
        for v in x[1:].split(",") if len(x) > 1 else ():
            out.append(int(v))
        return out
    return x


def card_name(c):
    k = KIND[c]
    return data.LETTERS[VALUE[c]] if k == 0 else "Joker" if k == 1 else data.ACTION_NAMES[VALUE[c]]


def menu_items(game):
    """The turn menu: [code, label, description]; codes are fixed, keys_for uses them."""
    hand = game.hands[game.turn]
    out = []
    if game.snap:
        out.append(["commit", "Commit", game.commit_problem() or "End your turn: the whole table is checked."])
        out.append(["undo", "Undo", "Hand and table back as they were at the start of the turn."])
    out.append(["words", "Find words", ""])
    out.append(["spell", "Spell a word", "Lay tiles out in your own order: a new word, or the chosen one."])
    if game.words:
        out.append(["take", "Take a letter", "Take a letter from a table word to use in another word."])
    out.append(["draw", "Draw a card", game.draw_problem() or "Take a card from the pile; your turn ends."])
    done = []
    for h in range(len(hand)):
        v = VALUE[hand[h]]
        if KIND[hand[h]] == ACTION and v not in done:
            done.append(v)
            out.append(["act %d" % h, data.ACTION_NAMES[v], EFFECT[v]])
    out.append(["table", "Table words", "Every word on the table and who made it; A chooses one."])
    out.append(["log", "Last turns", "What the players did lately."])
    return out


def opponents(game):
    out = []
    for k in range(1, game.n):
        out.append((game.turn + k) % game.n)
    return out


def give_list(game, h):
    out = []
    for i in range(len(game.hands[game.turn])):
        if i != h:
            out.append(i)
    return out


def pool_of(game, target):
    """Tiles a spelled word can use: [ref, tile] for hand letters and jokers,
    taken tiles, then the letters of the target word."""
    hand = game.hands[game.turn]
    out = []
    for i in range(len(hand)):
        if KIND[hand[i]] != ACTION:
            out.append([str(i), hand[i] * 32 + VALUE[hand[i]]])
    for i in range(len(game.held)):
        out.append(["t%d" % i, game.held[i]])
    if target >= 0:
        w = game.words[target]
        for i in range(len(w)):
            out.append(["%d.%d" % (target, i), w[i]])
    return out


def word_list(game, picks, target):
    """[[WORD, action]...], longest first: words from the picked cards (hints.word_options,
    kid-friendly words first), or with nothing picked from the whole hand and the taken
    tiles (the LIMIT longest, kid-friendly ones first among equals)."""
    if picks:
        out = word_options(game, picks, target, LIMIT, False)
        order = sorted(range(len(out)), key=lambda i: (-len(out[i][0]), i))
        return [out[i] for i in order]
    hand = game.hands[game.turn]
    refs = []
    letters = ""
    j = 0
    ok = game.jokers_allowed()
    for i in range(len(hand)):
        k = KIND[hand[i]]
        if k == 0 or k == 1 and ok and not j:
            refs.append(i)
            if k:
                j = 1
            else:
                letters += LOWER[VALUE[hand[i]]]
    for i in range(len(game.held)):
        refs.append("t%d" % i)
        if KIND[game.held[i] >> 5]:
            j += 1
        else:
            letters += LOWER[game.held[i] & 31]
    base = rules.word_lower(game.words[target]) if target >= 0 else ""
    hint = game.hint_lexicon()
    top = []                # [score, word]: longest first, kid-friendly words first among equals
    for wd in game.lexicon().iter_words_from(base + letters, j, max(3, len(base))):
        v = 2 * len(wd)
        if wd == base or len(top) == LIMIT and v + 1 <= top[-1][0] or _minus(wd, base) is None:
            continue
        v += hint.contains(wd)
        i = len(top)
        while i and top[i - 1][0] < v:
            i -= 1
        if i < LIMIT:
            top.insert(i, [v, wd])
            del top[LIMIT:]
    out = []
    for e in top:
        a = build_action(game, e[1], target if target >= 0 else None, refs)
        if a:
            out.append([e[1].upper(), a])
    return out


def about(game, a):
    """What a listed word uses, for the line under the list."""
    p = a.split()
    n = 0
    extra = ""
    for tok in p[1:] if p[0] == "new" else p[2:]:
        if "=" in tok:
            extra += ", joker=" + tok[-1].upper()
        if tok[0] == "t":
            extra += ", a taken letter"
        elif "." not in tok:
            n += 1
    s = "%d hand card%s" % (n, "" if n == 1 else "s")
    if p[0] == "set":
        s = view.word_text(game.words[int(p[1])]) + " + " + s
    return s + extra


def act_problem(game, h):
    """Why action card h cannot be played now (the rules' reason), or None."""
    try:
        game.apply("act %d - - -" % h)    # too many parts: refused after the turn checks
    except Illegal as e:
        if e.reason[:4] != "Play":
            return e.reason
    if data.ACTIONS[VALUE[game.hands[game.turn][h]]] == "trade_with_deck":
        return game.trade_problem()
    return None


class App:
    def __init__(self, ctx, setup, saved):
        self.ctx = ctx
        self.ui = ctx.ui
        self.brng = Rng(1)
        if saved is None:
            r = ctx.rng
            self.game = rules.Game(len(setup["seats"]), setup["options"],
                                   Rng(r.new_seed()))
            self.game.start()
            self.brng.seed(r.new_seed())
            self.log = []
            self.nlog = 0
            self.seen = [0] * self.game.n
            self.rounds = []
            self.names = []
            self.kinds = []
            for seat in setup["seats"]:
                self.names.append(seat["name"])
                self.kinds.append(seat["kind"])
        else:
            self.game = rules.Game.from_save(unpack(saved["game"]))
            more = unpack(saved["more"])        # events noted, computer players' rng, events seen
            self.nlog = more[0]
            self.brng.setstate(more[1:3])
            self.seen = more[3:]
            self.log = saved["log"].split("|") if saved["log"] else []
            self.rounds = unpack(saved["rounds"])
            self.names = []
            self.kinds = []
            for seat in saved["seats"].split(","):
                self.names.append(seat.split(":")[0])
                self.kinds.append(seat.split(":")[1])
        self.humans = self.kinds.count("human")
        self.shown = -1
        LIVE["game"] = self.game
        LIVE["waiting"] = "continue"

    def save(self):
        d = self.game.to_save()
        opts = {}
        for o in rules.OPTIONS:         # only what differs from the defaults
            if d["opts"][o[0]] != o[1]:
                opts[o[0]] = d["opts"][o[0]]
        d["opts"] = opts
        seats = []
        for i in range(self.game.n):
            seats.append(self.names[i] + ":" + self.kinds[i])
        d = {"seats": ",".join(seats), "game": pack(d), "log": "|".join(self.log), "rounds": pack(self.rounds),
             "more": pack([self.nlog] + list(self.brng.getstate()) + self.seen)}
        gc.collect()        # the JSON writer wants a few KB in one piece
        self.ctx.save_game(d)

    def key(self, waiting="decide"):
        LIVE["waiting"] = waiting
        k = self.ui.wait_key()
        if k & K_MENU:
            if self.ctx.open_menu() == "quit":
                raise Quit()
            return 0
        return k

    def say(self, title, body):
        LIVE["waiting"] = "continue"
        self.ui.message(title, body)

    def note(self):
        """Move the rules' event texts into the log, with the players' names."""
        for e in self.game.pop_events():
            for i in range(self.game.n):
                e = e.replace("P%d" % (i + 1), self.names[i])
            self.log.append(e)
            self.nlog += 1
        del self.log[:-LOG]

    def apply(self, a):
        try:
            self.game.apply(a)
            return True
        except Illegal as e:
            self.say("Not allowed", e.reason)
            return False

    def choose(self, title, items, desc=None, right=None):
        """A list; desc: None, a text, a list of texts or a function of the index.
        Returns the index, or -1 for B."""
        n = len(items)
        i = first = 0
        while True:
            d = desc
            if isinstance(desc, list):
                d = desc[i]
            elif callable(desc):
                d = desc(i)
            d = view.font.wrap(d, 126)[:3] if d else ()
            rows = (52 - 8 * len(d)) // 9 if d else 6
            if i < first:
                first = i
            elif i >= first + rows:
                first = i - rows + 1
            view.listing(self.ui, title, items, i, first, rows, d, right)
            k = self.key()
            if k & K_UP:
                i = (i - 1) % n
            elif k & K_DOWN:
                i = (i + 1) % n
            elif k & K_LEFT:
                i = max(0, i - rows)
            elif k & K_RIGHT:
                i = min(n - 1, i + rows)
            elif k & K_A:
                return i
            elif k & K_B:
                return -1

    def pick(self, title, seq, cur, hint, hand=0, ok=False, used=(), made=None):
        """A row of tiles (for spelling: the word so far above it). LEFT/RIGHT move;
        returns (cursor, True) for A, (cursor, False) for B. hint: a text or one per tile."""
        while True:
            view.tiles(self.ui, title, seq, cur, hint if isinstance(hint, str) else hint[cur], hand, ok,
                       used, made)
            k = self.key()
            if k & (K_LEFT | K_RIGHT):
                cur = (cur + (1 if k & K_RIGHT else -1)) % (len(seq) + ok)
            elif k & (K_A | K_B):
                return cur, k & K_A

    def letter(self, i):
        """The joker's letter: an index 0..25 or -1."""
        while True:
            view.grid(self.ui, "Joker letter", i, "A: joker = " + data.LETTERS[i])
            k = self.key()
            if k & (K_LEFT | K_RIGHT):
                i = (i + (1 if k & K_RIGHT else -1)) % 26
            elif k & (K_UP | K_DOWN):
                i = (i + 13) % 26
            elif k & K_A:
                return i
            elif k & K_B:
                return -1

    # ------------------------------------------------------------ the turn of a person
    def human(self, s):
        if self.humans > 1 and self.shown != s:
            LIVE["waiting"] = "continue"
            self.ui.pass_to(self.names[s])
        self.shown = s
        self.note()
        old = self.nlog - len(self.log)
        lines = self.log[max(0, self.seen[s] - old):]
        if lines:
            self.say("What happened", "\n".join(lines))
        self.decide(s)
        self.note()
        i = len(self.log)
        while i and self.log[i - 1][:len(self.names[s])] != self.names[s]:
            i -= 1          # what followed the move (a skipped turn, a reshuffle) is news
        self.seen[s] = self.nlog - len(self.log) + i

    def decide(self, s):
        """The turn screen until the turn ends (commit, draw or an action card)."""
        game = self.game
        cur = 0
        picks = []
        target = -1
        wcur = -1
        while True:
            hand = game.hands[s]
            n = len(hand) + len(game.held)
            if target >= len(game.words):
                target = -1
            view.board(self.ui, game, self.names, s, True, cur, picks, target, wcur)
            k = self.key()
            code = None
            if wcur >= 0:                       # on the table words
                pos = view.flow(game.words)
                line = max(0, pos[wcur][0] + (1 if k & K_DOWN else -1))
                if k & (K_LEFT | K_RIGHT):
                    wcur = (wcur + (1 if k & K_RIGHT else -1)) % len(pos)
                elif k & (K_UP | K_DOWN):           # the first word of that line; below the last: the hand
                    wcur = -1
                    for i in range(len(pos) - 1, -1, -1):
                        if pos[i][0] == line:
                            wcur = i
                elif k & K_A:
                    target = -1 if target == wcur else wcur
                    wcur = -1
                elif k & K_B:
                    wcur = -1
            elif k & (K_LEFT | K_RIGHT) and n:
                cur = (cur + (1 if k & K_RIGHT else -1)) % n
            elif k & K_UP and game.words:
                wcur = target if target >= 0 else 0
            elif k & K_A and n:
                if cur < len(hand) and KIND[hand[cur]] == ACTION:
                    code = "act %d" % cur
                else:
                    r = cur if cur < len(hand) else "t%d" % (cur - len(hand))
                    if r in picks:
                        picks.remove(r)
                    else:
                        picks.append(r)
            elif k & K_DOWN:
                code = "words"
            elif k & K_B:
                items = menu_items(game)
                labels = []
                descs = []
                for m in items:
                    labels.append(m[1])
                    d = m[2]
                    if m[0] == "words":
                        d = "Words from your %s%s." % ("picked cards" if picks else "whole hand",
                                                       " and " + view.word_text(game.words[target])
                                                       if target >= 0 else "")
                    elif m[0][:3] == "act":
                        d = act_problem(game, int(m[0][4:])) or d
                    descs.append(d)
                i = self.choose("Your turn", labels, descs)
                if i >= 0:
                    code = items[i][0]
            if code is None:
                continue
            r = self.do(code, s, picks, target)
            if r == 2:
                return
            if r >= 10:
                target = r - 10
            elif r:
                picks = []
                target = -1
            cur = 0

    def do(self, code, s, picks, target):
        """Carry out a menu choice: 0 nothing changed, 1 done, 2 the turn ended,
        10 + w: table word w chosen."""
        game = self.game
        hand = game.hands[s]
        if code == "commit":
            return 2 if self.apply("commit") else 1
        if code == "undo":
            self.apply("undo")
            return 1
        if code == "draw":
            before = list(game.snap[0] if game.snap else hand)
            if self.apply("draw"):
                self.got(before, s, "You drew")
                return 2
            return 1
        if code == "words":
            ws = word_list(game, picks, target)
            if not ws:
                self.say("Find words", "No word can be made with these cards.")
                return 0
            items = []
            for w in ws:
                items.append(w[0])
            i = self.choose("Words", items, lambda i: about(game, ws[i][1]), "%d" % len(ws))
            if i < 0:
                return 0
            self.apply(ws[i][1])
            return 1
        if code == "spell":
            return self.spell(target)
        if code == "take":
            items = []
            for w in game.words:
                items.append(view.word_text(w))
            w = self.choose("Take from", items)
            if w < 0:
                return 0
            p, a = self.pick("Take from " + items[w], game.words[w], 0, "A: take this letter")
            if a:
                self.apply("take %d %d" % (w, p))
            return a and 1
        if code == "table":
            items = []
            changed = game.changed_words()
            for w in game.words:
                items.append(view.word_text(w) or "_")
            i = self.choose("Table words", items, lambda i: "Made by %s%s" % (
                self.names[game.owners[i]], " - changed this turn" if i in changed else ""))
            return 0 if i < 0 else 10 + i
        if code == "log":
            self.say("Last turns", "\n".join(self.log) or "Nothing yet.")
            return 0
        # an action card
        h = int(code[4:])
        v = VALUE[hand[h]]
        why = act_problem(game, h)
        if why:
            self.say(data.ACTION_NAMES[v][:15], why)
            return 1
        a = code
        if data.ACTION_TARGET[v] == 1:
            opp = opponents(game)
            items = []
            for o in opp:
                c = len(game.hands[o])
                items.append("%s (%d card%s)" % (self.names[o], c, "" if c == 1 else "s"))
            i = self.choose(view.SHORT[v], items, EFFECT[v])
            if i < 0:
                return 0
            a += " %d" % opp[i]
        if data.ACTIONS[v][:5] == "trade":
            g = give_list(game, h)
            seq = []
            for i in g:
                seq.append(hand[i] * 32 + VALUE[hand[i]])
            i, ok = self.pick("Give which card?", seq, 0, "A: give this card", len(seq))
            if not ok:
                return 0
            a += " %d" % g[i]
        before = list(hand)
        if not self.apply(a):
            return 1
        self.got(before, s, "You got")
        return 2

    def got(self, before, s, title):
        """After a draw or a trade: the cards that came into the hand."""
        new = ""
        for c in self.game.hands[s]:
            if c not in before:
                new += (", " if new else "") + card_name(c)
        if new:
            self.say(title, new)

    def spell(self, target):
        """Lay out a word tile by tile: a new word, or the target word anew."""
        game = self.game
        pool = pool_of(game, target)
        seq = []
        hints = []
        for p in pool:
            seq.append(p[1])
            hints.append("in the word" if "." in p[0] else "taken letter" if p[0][0] == "t" else "your hand")
        hints.append("A: place the word")
        toks = []
        used = []
        made = []
        cur = 0
        title = "Spell " + view.word_text(game.words[target]) if target >= 0 else "New word"
        while True:
            cur, a = self.pick(title, seq, cur, hints, len(seq) - len(game.held) - (
                len(game.words[target]) if target >= 0 else 0), True, used, made)
            if not a:
                if not toks:
                    return 0
                toks.pop()
                used.pop()
                made.pop()
            elif cur == len(seq):
                if toks:
                    self.apply(("new " if target < 0 else "set %d " % target) + " ".join(toks))
                    return 1
            elif cur not in used:
                r, t = pool[cur]
                if KIND[t >> 5] == 1 and "." not in r:
                    li = self.letter(t & 31)
                    if li < 0:
                        continue
                    r += "=" + LOWER[li]
                    t += li - (t & 31)
                toks.append(r)
                used.append(cur)
                made.append(t)

    # ------------------------------------------------------------ computer players
    def robot(self, s):
        game = self.game
        name = self.names[s]
        view.board(self.ui, game, self.names, s, False, status=name + " is thinking...")
        while True:
            a = bot.choose(game, self.kinds[s], self.brng)
            try:
                game.apply(a)
            except Illegal:
                if game.snap:
                    game.apply("undo")
                a = "draw"
                game.apply(a)
            if a in ("commit", "draw") or a[:3] == "act":
                break
            words = ""
            for i in game.changed_words():
                words += " " + view.word_text(game.words[i])
            view.board(self.ui, game, self.names, s, False, status=name + ":" + words)
            self.ui.pause(700)
        self.note()
        view.board(self.ui, game, self.names, s, False, status=self.log[-1] if self.log else "")
        self.ui.pause(1200)

    # ------------------------------------------------------------ the game
    def play(self):
        game = self.game
        self.save()
        while not game.over:
            s = game.turn
            r0 = game.round
            p0 = list(game.points)
            n0 = self.nlog
            if self.kinds[s] == "human":
                self.human(s)
            else:
                self.robot(s)
            self.note()
            if game.round != r0 or game.over:
                gains = []
                lines = []
                for i in range(game.n):
                    gains.append(game.points[i] - p0[i])
                    lines.append("%s: +%d, total %d" % (self.names[i], gains[i], game.points[i]))
                self.rounds.append(gains)
                last = self.log[len(self.log) - min(len(self.log), self.nlog - n0):]
                self.say("Game over" if game.over else "Round %d of %d" % (r0, game.opts["matchRounds"]),
                         "\n".join(last if game.over else lines + last))
                self.seen = [self.nlog] * game.n
            self.save()
        self.ui.on_sleep = None  # finished: sleeping on the end screen must not save it again
        self.ctx.clear_save()
        rows = []
        for s in range(game.n):
            h = game.hands[s]
            d = "Cards left: %d" % len(h)
            for c in h:
                d += "\n" + card_name(c)
            if game.opts["scoringVariant"]:
                d = ""
                for r in range(len(self.rounds)):
                    d += "Round %d: +%d\n" % (r + 1, self.rounds[r][s])
                d += "Total: %d" % game.points[s]
            rows.append((self.names[s], game.points[s], d))
        LIVE["waiting"] = "continue"
        self.ui.scores("Word Cards", rows, game.winners())


def run(ctx, setup, saved):
    app = App(ctx, setup, saved)
    try:
        try:
            app.game.lexicon()
            app.game.hint_lexicon()
        except DictionaryError as e:
            app.say("Word Cards", str(e))
            return
        ctx.ui.on_sleep = app.save
        app.play()
    except Quit:
        if not app.game.over:  # a finished game's save is already cleared
            app.save()
    except DictionaryError as e:
        app.save()
        app.say("Word Cards", str(e))


# ------------------------------------------------------------ keys for tests and demos
def _moves(a, b):
    return ["RIGHT"] * (b - a) if b >= a else ["LEFT"] * (a - b)


def _menu(game, code):
    i = 0
    for m in menu_items(game):
        if m[0] == code:
            return ["B"] + ["DOWN"] * i + ["A"]
        i += 1
    raise ValueError("no '%s' in the turn menu now" % code)


def keys_for(game, action):
    """The keys that perform `action` from the start of the turn screen."""
    p = action.split()
    v = p[0]
    hand = game.hands[game.turn]
    if v in ("commit", "undo", "draw"):
        return _menu(game, v)
    if v == "take":
        return _menu(game, "take") + ["DOWN"] * int(p[1]) + ["A"] + _moves(0, int(p[2])) + ["A"]
    if v == "act":
        h = int(p[1])
        val = VALUE[hand[h]]
        h0 = 0
        while KIND[hand[h0]] != ACTION or VALUE[hand[h0]] != val:
            h0 += 1
        keys = _menu(game, "act %d" % h0)
        if data.ACTION_TARGET[val] == 1:
            keys += ["DOWN"] * opponents(game).index(int(p[2])) + ["A"]
        if data.ACTIONS[val][:5] == "trade":
            g = int(p[-1])
            keys += _moves(0, give_list(game, h0).index(h if g == h0 else g)) + ["A"]
        return keys
    if v not in ("new", "add", "set"):
        raise ValueError("keys_for: no screen for '%s'" % action)
    target = -1
    if v == "new":
        seq = p[1:]
    elif v == "add":
        target = int(p[1])
        seq = []
        for i in range(len(game.words[target])):
            seq.append("%d.%d" % (target, i))
        seq.insert(int(p[2]), p[3])
    else:
        target = int(p[1])
        seq = p[2:]
    keys = []
    if target < 0 and "." not in action:      # pick the cards, choose the word from the list
        picks = []
        word = ""
        cur = 0
        for tok in seq:
            r = tok.split("=")[0]
            i = len(hand) + int(r[1:]) if r[0] == "t" else int(r)
            keys += _moves(cur, i) + ["A"]
            cur = i
            picks.append(r if r[0] == "t" else i)
            t = game.held[int(r[1:])] if r[0] == "t" else hand[i] * 32 + VALUE[hand[i]]
            word += tok[-1].upper() if "=" in tok else data.LETTERS[t & 31]
        ws = word_list(game, picks, -1)
        for j in range(len(ws)):
            if ws[j][0] == word:
                return keys + _menu(game, "words") + ["DOWN"] * j + ["A"]
        keys = []
    g = game
    for i in range(len(seq)):                  # letters of other words: take them first
        r = seq[i].split("=")[0]
        if "." in r and int(r.split(".")[0]) != target:
            if g is game:
                g = rules.Game.from_save(game.to_save(), game.lexicon(), game.hint_lexicon())
            w, q = r.split(".")
            keys += keys_for(g, "take %s %s" % (w, q))
            g.apply("take %s %s" % (w, q))
            seq[i] = "t%d" % (len(g.held) - 1) + seq[i][len(r):]
            for j in range(i + 1, len(seq)):
                r2 = seq[j].split("=")[0]
                if "." in r2 and r2.split(".")[0] == w and int(r2.split(".")[1]) > int(q):
                    seq[j] = "%s.%d" % (w, int(r2.split(".")[1]) - 1) + seq[j][len(r2):]
    if target >= 0:
        keys += ["UP"] + ["RIGHT"] * target + ["A"]
    keys += _menu(g, "spell")
    pool = pool_of(g, target)
    refs = []
    for e in pool:
        refs.append(e[0])
    cur = 0
    for tok in seq:
        r = tok.split("=")[0]
        i = refs.index(r)
        keys += _moves(cur, i) + ["A"]
        cur = i
        t = pool[i][1]
        if KIND[t >> 5] == 1 and "." not in r:
            d = ((LOWER.find(tok[-1]) if "=" in tok else t & 31) - (t & 31)) % 26
            keys += (["RIGHT"] * d if d <= 13 else ["LEFT"] * (26 - d)) + ["A"]
    return keys + _moves(cur, len(pool)) + ["A"]
