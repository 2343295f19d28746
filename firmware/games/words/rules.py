"""Word Cards (game id "words"): the rules core. Pure; docs/words.md.

Cards are ids 0..109 (data.py). A card on the table is a tile: card*32+letter
(0..25); a joker's letter is the one declared for it. The word list is a
games.words.lexicon.Lexicon, passed in or opened by name on first use.
Written for a small heap: few functions, loops rather than comprehensions
(each function costs RAM on the console).
"""
from core.rules import Illegal, parse_options, winners_of
from core.rng import Rng
from games.words import data

GAME_ID = "words"
TITLE = "Word Cards"
MIN_PLAYERS = 2
MAX_PLAYERS = 4
_B = (True, False)
OPTIONS = (
    ("mode", "auto", ("auto", "children", "adults2", "adults34"), "deck (auto: by players)"),
    ("wordRules", "auto", ("auto", "strict", "relaxed"), "word list (auto: by deck)"),
    ("kidListOnly", False, _B, "kid-friendly words only"),
    ("initialMeldSameTurn", True, _B, "first word unlocks table now"),
    ("jokerBanWholeFirstTurn", False, _B, "no joker in first turn"),
    ("jokerKeepsLetterWhenRearranged", True, _B, "joker keeps its letter"),
    ("takenLetterMayExtendWord", True, _B, "taken letter may join a word"),
    ("multipleTakesPerTurn", True, _B, "take several letters a turn"),
    ("mayDrawInsteadOfPlaying", True, _B, "may draw instead of playing"),
    ("givenActionCard", "discard_after_effect", ("discard_after_effect", "into_hand"), "given card goes to"),
    ("tradeWithDeckOrder", "discard_then_draw", ("discard_then_draw", "draw_then_discard_old_card"),
     "deck trade order"),
    ("emptyDrawPile", "reshuffle_discards", ("reshuffle_discards", "no_draw"), "empty draw pile"),
    ("stalemate", "end_fewest_cards_wins", ("end_fewest_cards_wins",), "stuck: fewest cards wins"),
    ("stalemateRounds", 10, (5, 10, 20, 50), "rounds without a word to end"),
    ("scoringVariant", False, _B, "several rounds, count points"),
    ("matchRounds", data.MATCH_ROUNDS_DEFAULT, tuple(range(1, 21)), "rounds with points"),
    ("matchTie", "shared_win", ("shared_win",), "equal points share the win"),
    ("startPlayer", "choose", ("choose", "random"), "who starts (choose: seat 0)"),
)

LOWER = "abcdefghijklmnopqrstuvwxyz"
KIND = data.CARD_KIND
VALUE = data.CARD_VALUE
LETTER = data.KIND_LETTER
JOKER = data.KIND_JOKER
ACTION = data.KIND_ACTION
MIN = data.MIN_WORD
_LEX = {}     # word lists opened by name, shared by all games
_FORMS = ("new CARD ...", "set WORD CARD ...", "add WORD POSITION CARD", "take WORD POSITION",
          "back WORD POSITION", "joker WORD POSITION LETTER")
_SAVED = ("deck", "discard", "hands", "words", "owners", "held", "snap", "pre", "turn", "melded",
          "skips", "points", "round", "starter", "over", "won", "stall", "idle", "forced",
          "events", "started")


def card_name(c):
    """'A'..'Z', '*' for a joker, or the action id."""
    k = KIND[c]
    if k == LETTER:
        return data.LETTERS[VALUE[c]]
    return "*" if k == JOKER else data.ACTIONS[VALUE[c]]


def card_key(c):
    """Hand order: letters A..Z, jokers, action cards."""
    k = KIND[c]
    return (VALUE[c] if k == LETTER else 26 if k == JOKER else 27 + VALUE[c]) * 128 + c


def word_text(w):
    """Tiles as text: upper case for letter cards, lower case for jokers."""
    s = ""
    for t in w:
        s += LOWER[t & 31] if KIND[t >> 5] == JOKER else data.LETTERS[t & 31]
    return s


def word_lower(w):
    s = ""
    for t in w:
        s += LOWER[t & 31]
    return s


def _num(tok, what, top=None):
    """int(tok), or Illegal; with `top`, it must be in 0..top-1."""
    try:
        v = int(tok)
    except ValueError:
        raise Illegal("'%s' is not a %s number" % (tok, what))
    if top is not None and not 0 <= v < top:
        raise Illegal({"word": "There is no word %d on the table", "card": "You have no card %d",
                       "taken card": "There is no taken card %d"}.get(what, "No %s %%d" % what) % v)
    return v


def _cp(x):
    if isinstance(x, (list, tuple)):
        out = []
        for i in x:
            out.append(_cp(i))
        return out
    return x


class Game:
    def __init__(self, nplayers, options=None, rng=None, lexicon=None, hint_lexicon=None):
        if nplayers < MIN_PLAYERS or nplayers > MAX_PLAYERS:
            raise ValueError("Word Cards takes 2 to 4 players")
        self.n = nplayers
        o = self.opts = parse_options(OPTIONS, options)
        self.rng = rng or Rng(1)
        mode = o["mode"]
        if mode == "auto":
            mode = "adults2"
            for i in range(len(data.MODES)):
                if nplayers in data.MODE_PLAYERS[i]:
                    mode = data.MODES[i]
        self.mode = mode
        self.mi = data.MODES.index(mode)
        self.dictionary = "kids" if o["kidListOnly"] else (
            data.MODE_RULES[self.mi] if o["wordRules"] == "auto" else o["wordRules"])
        self._lex = lexicon
        self._hint = hint_lexicon or lexicon
        self.deck = []           # draw pile, top card last
        self.discard = []
        self.hands = []          # card ids in card_key order
        self.words = []          # table words: lists of tiles
        self.owners = []         # seat that placed each word
        self.held = []           # tiles taken this turn, still to be placed
        self.snap = None         # [hand, words, owners] at the turn's first edit
        self.pre = 0             # table words at the start of the turn
        self.turn = 0
        self.melded = [False] * nplayers   # made a word in an earlier turn
        self.skips = [0] * nplayers
        self.points = [0] * nplayers
        self.round = 1
        self.starter = 0
        self.over = False
        self.won = []
        self.stall = 0           # turns in a row that ended with a failed draw
        self.idle = 0            # turns since the last word play
        self.forced = []
        self.events = []
        self.started = False

    def lexicon(self, name=None):
        """The word list that decides what is a word (or list `name`, opened once)."""
        if name is None:
            if self._lex is None:
                self._lex = self.lexicon(self.dictionary)
            return self._lex
        if name not in _LEX:
            from games.words import lexicon
            _LEX[name] = lexicon.open_lexicon(name)
        return _LEX[name]

    def hint_lexicon(self):
        """The kid-friendly list (hints, computer players); a lexicon passed in serves both."""
        if self._hint is None:
            self._hint = self.lexicon("kids")
        return self._hint

    # ---------------------------------------------------------------- setup, randomness
    def start(self):
        self.started = True
        if self.opts["startPlayer"] == "random":
            self.starter = self._pick(self.n)
        self._new_round()

    def _new_round(self):
        self.deck = list(data.MODE_CARDS[self.mi])
        self.rng.shuffle(self.deck)
        self.discard, self.words, self.owners, self.held = [], [], [], []
        self.hands = []
        for s in range(self.n):
            self.hands.append([])
            self.melded[s] = False
            self.skips[s] = 0
        self.snap = None
        self.pre = self.stall = self.idle = 0
        for s in range(self.n):
            for _ in range(data.HAND_SIZE):
                self._draw(s)
        self.turn = self.starter
        r = ""
        if self.opts["scoringVariant"]:
            r = "Round %d of %d: " % (self.round, self.opts["matchRounds"])
        self.events.append(r + "P%d starts" % (self.starter + 1))

    def force(self, values):
        """Queue outcomes for the next random events: a card drawn from the pile
        takes a card name ('A'..'Z', '*', an action id: the topmost such card is
        drawn); a blind take from an opponent and a random start player take an
        index (int)."""
        self.forced.extend(values)

    def _pick(self, n):
        if self.forced:
            v = self.forced.pop(0)
            if not isinstance(v, int) or v < 0 or v >= n:
                raise ValueError("force: a random pick needs 0..%d, not %r" % (n - 1, v))
            return v
        return self.rng.randbelow(n)

    def _draw(self, seat, card=None):
        """Draw the top card (or the forced one) into a hand, or give it `card`;
        None if no card is left."""
        if card is None:
            if not self.deck:
                if self.opts["emptyDrawPile"] != "reshuffle_discards" or not self.discard:
                    return None
                self.deck, self.discard = self.discard, []
                self.rng.shuffle(self.deck)
                self.events.append("Discards shuffled into a new draw pile")
            i = len(self.deck) - 1
            if self.forced:
                v = self.forced.pop(0)
                if not isinstance(v, str):
                    raise ValueError("force: a drawn card needs a card name, not %r" % (v,))
                v = "*" if v == "joker" else v.upper() if len(v) == 1 else v
                while i >= 0 and card_name(self.deck[i]) != v:
                    i -= 1
                if i < 0:
                    raise ValueError("force: no %s in the draw pile" % v)
            card = self.deck.pop(i)
        self.hands[seat].append(card)
        self.hands[seat].sort(key=card_key)
        return card

    # ---------------------------------------------------------------- queries
    def to_act(self):
        return -1 if self.over else self.turn

    def is_over(self):
        return self.over

    def pop_events(self):
        ev, self.events = self.events, []
        return ev

    def scores(self):
        return list(self.points)

    def winners(self):
        return list(self.won) if self.over else []

    def may_touch_table(self, jokers=False):
        """May the player to act add to or take from words already on the table?
        jokers=True: may they put a joker from the hand on the table now?"""
        if self.melded[self.turn]:
            return True
        if self.opts["jokerBanWholeFirstTurn"] if jokers else not self.opts["initialMeldSameTurn"]:
            return False
        return self._first_word() >= 0

    def jokers_allowed(self):
        return self.may_touch_table(True)

    def _first_word(self):
        """Index of a new word this turn made only of hand letter cards (no joker),
        3+ long and in the word list; -1 if none."""
        hand = self.snap[0] if self.snap else self.hands[self.turn]
        for i in range(self.pre, len(self.words)):
            w = self.words[i]
            if len(w) >= MIN and self.lexicon().contains(word_lower(w)):
                ok = True
                for t in w:
                    if KIND[t >> 5] != LETTER or (t >> 5) not in hand:
                        ok = False
                if ok:
                    return i
        return -1

    def hand_letters(self, seat=None):
        """(letters as a string, number of jokers) of a hand (default: the player to act)."""
        s = ""
        j = 0
        for c in self.hands[self.turn if seat is None else seat]:
            if KIND[c] == LETTER:
                s += LOWER[VALUE[c]]
            elif KIND[c] == JOKER:
                j += 1
        return s, j

    def changed_words(self):
        """Indices of table words that differ from the start of the turn."""
        out = []
        if self.snap:
            old = self.snap[1]
            for i in range(len(self.words)):
                if i >= len(old) or self.words[i] != old[i]:
                    out.append(i)
        return out

    def summary(self):
        hands = []
        table = []
        for h in self.hands:
            hands.append([card_name(c) for c in h])
        for w in self.words:
            table.append(word_text(w))
        return {"round": self.round, "turn": self.to_act(), "mode": self.mode,
                "dictionary": self.dictionary, "hands": hands, "counts": [len(h) for h in self.hands],
                "table": table, "owners": list(self.owners), "held": word_text(self.held),
                "editing": self.snap is not None, "changed": self.changed_words(),
                "deck": len(self.deck), "discard": len(self.discard), "melded": list(self.melded),
                "skips": list(self.skips), "points": list(self.points), "over": self.over,
                "winners": self.winners()}

    # ---------------------------------------------------------------- legal actions
    def legal_actions(self):
        """A documented subset: 'draw' when allowed, 'undo' after an edit,
        'commit' when the table would be accepted, every playable action card
        and up to 8 new words from the hand (bot.word_options finds more)."""
        if self.over or not self.started:
            return []
        s = self.turn
        hand = self.hands[s]
        out = []
        if self.draw_problem() is None:
            out.append("draw")
        if self.snap:
            out.append("undo")
            if self.commit_problem() is None:
                out.append("commit")
        elif self.melded[s] and len(hand) > 1:
            for h in range(len(hand)):
                if KIND[hand[h]] != ACTION:
                    continue
                name = data.ACTIONS[VALUE[hand[h]]]
                for t in range(self.n):
                    for k in range(len(hand)):
                        if name == "all_draw_two":
                            a = "act %d" % h
                        elif name == "trade_with_deck":
                            a = "act %d %d" % (h, k) if self.trade_problem() is None else ""
                        elif name == "trade_with_opponent":
                            a = "act %d %d %d" % (h, t, k)
                        else:
                            a = "act %d %d" % (h, t)
                        if t != s and k != h and a:
                            out.append(a)
        letters, j = self.hand_letters()
        if not self.jokers_allowed():
            j = 0
        if len(letters) + j >= MIN:
            for w in self.lexicon().words_from(letters, j, MIN, 8):
                used = []
                refs = ""
                for ch in w:
                    k = letters.find(ch)        # letter cards come first in a hand, in order
                    while k in used:
                        k = letters.find(ch, k + 1)
                    if k < 0:                   # a joker: they follow the letter cards
                        k = len(letters)
                        while k in used:
                            k += 1
                        refs += " %d=%s" % (k, ch)
                    else:
                        refs += " %d" % k
                    used.append(k)
                out.append("new" + refs)
        return sorted(set(out))

    # ---------------------------------------------------------------- apply
    def apply(self, action):
        if not self.started or self.over:
            raise Illegal("The game is over" if self.over else "The game has not started")
        p = action.split() or [""]
        verb, a = p[0], p[1:]
        s = self.turn
        if verb == "act":
            return self._act(a)
        if verb in ("commit", "undo", "draw"):
            if a:
                raise Illegal("Say just: " + verb)
            if verb == "commit":
                problem = self.commit_problem()
                if problem:
                    raise Illegal(problem)
                left = len(self.hands[s])
                names = []
                for i in self.changed_words():
                    names.append(word_text(self.words[i]).upper())
                text = "P%d: %s (%d left)" % (s + 1, ", ".join(names), left)
                if len(text) > 58:
                    text = "P%d made %d words (%d left)" % (s + 1, len(names), left)
                self.events.append(text)
                self.melded[s] = True
                self.stall = self.idle = 0
                return self._next_turn() if left else self._end_round([s])
            if verb == "draw":
                problem = self.draw_problem()
                if problem:
                    raise Illegal(problem)
            elif not self.snap:
                raise Illegal("Nothing to undo")
            if self.snap:
                self.hands[s], self.words, self.owners = _cp(self.snap)
                self.held = []
                self.snap = None
            if verb == "draw":
                if self._draw(s) is None:
                    self.events.append("P%d could not draw: no cards left" % (s + 1))
                    self.stall += 1
                else:
                    self.events.append("P%d drew a card (%d cards)" % (s + 1, len(self.hands[s])))
                    self.stall = 0
                self.idle += 1
                self._next_turn()
            return
        form = None
        for f in _FORMS:
            if f.split()[0] == verb:
                form = f.split()
        if form is None:
            raise Illegal("Unknown action '%s'" % action)
        if len(a) != len(form) - 1 and not (form[-1] == "..." and len(a) >= len(form) - 2):
            raise Illegal("Say it like this: " + " ".join(form))
        if verb == "new":
            w = -1
            refs = a
        else:
            w = _num(a[0], "word", len(self.words))
            n = len(self.words[w])
            refs = []
            for i in range(n):
                refs.append("%d.%d" % (w, i))
            if verb == "set":
                refs = a[1:]
            elif verb == "add":
                pos = _num(a[1], "position")
                if pos < 0 or pos > n:
                    raise Illegal("Word %d has no position %d" % (w, pos))
                refs.insert(pos, a[2])
            else:
                pos = _num(a[1], "position")
                if not 0 <= pos < n:
                    raise Illegal("Word %d has no letter %d" % (w, pos))
                if verb == "take":
                    refs.pop(pos)
                elif verb == "joker":
                    refs[pos] += "=" + a[2]
                else:   # back
                    c = self.words[w][pos] >> 5
                    if c not in (self.snap[0] if self.snap else []):
                        raise Illegal("Only cards from your hand go back to your hand")
                    self.words[w].pop(pos)
                    self._draw(s, c)
                    refs = None
        if refs is not None:
            self._rebuild(w, refs)
        for i in range(len(self.words) - 1, self.pre - 1, -1):
            if not self.words[i]:           # a new word emptied again disappears
                self.words.pop(i)
                self.owners.pop(i)

    # ---------------------------------------------------------------- editing the table
    def _rebuild(self, target, toks):
        """Word `target` (-1: a new word) becomes the cards named by `toks` in
        order ('5' hand card, 't0' taken card, '2.1' table word 2 letter 1; '=x'
        sets a joker's letter); its other tiles become taken cards. Checks
        everything, then changes the state."""
        hand = self.hands[self.turn]
        first = not self.melded[self.turn]
        loc = bytearray(data.TOTAL_CARDS)      # card -> 1 + its word at the start of the turn
        sw = self.snap[1] if self.snap else self.words
        for i in range(len(sw)):
            for t in sw[i]:
                loc[t >> 5] = i + 1
        refs = []
        tiles = []
        touched = [target]
        for tok in toks:
            li = -1
            if "=" in tok:
                tok, x = tok.split("=", 1)
                li = LOWER.find(x.lower()) if len(x) == 1 else -1
                if li < 0:
                    raise Illegal("'%s' is not a letter" % x)
            if tok[:1] == "t":
                r = ("t", _num(tok[1:], "taken card", len(self.held)), 0)
                old = self.held[r[1]]
            elif "." in tok:
                w, p = tok.split(".", 1)
                w = _num(w, "word", len(self.words))
                p = _num(p, "position")
                if not 0 <= p < len(self.words[w]):
                    raise Illegal("Word %d has no letter %d" % (w, p))
                r = ("w", w, p)
                old = self.words[w][p]
                touched.append(w)
            else:
                r = ("h", _num(tok, "card", len(hand)), 0)
                c = hand[r[1]]
                if KIND[c] == ACTION:
                    raise Illegal("%s is an action card, not a letter" % data.ACTION_NAMES[VALUE[c]])
                if KIND[c] == JOKER:
                    if li < 0:
                        raise Illegal("Say which letter the joker is: %d=e" % r[1])
                    if first and self.opts["jokerBanWholeFirstTurn"]:
                        raise Illegal("No jokers in your first turn")
                    if first and self._first_word() < 0:
                        raise Illegal("No joker in your first word")
                old = c * 32 + VALUE[c]
            if r in refs:
                raise Illegal("A card can only be used once")
            refs.append(r)
            if li >= 0 and li != old & 31:
                if KIND[old >> 5] != JOKER:
                    raise Illegal("Only a joker can stand for another letter")
                if r[0] != "h" and self.opts["jokerKeepsLetterWhenRearranged"] and \
                        loc[old >> 5] == target + 1 > 0:
                    raise Illegal("A joker keeps its letter unless it moves to another word")
                old += li - (old & 31)
            tiles.append(old)
        for w in touched:
            if 0 <= w < self.pre and not self.may_touch_table():
                if first and self.opts["initialMeldSameTurn"]:
                    raise Illegal("First make a word of your own from your hand")
                raise Illegal("You can use table words after your first turn")
        # all checks passed
        if not self.snap:
            self.snap = [list(hand), _cp(self.words), list(self.owners)]
        held = []
        for i in range(len(self.held)):
            if ("t", i, 0) not in refs:
                held.append(self.held[i])
        for w in range(len(self.words)):
            keep = []
            for i in range(len(self.words[w])):
                if ("w", w, i) not in refs:
                    keep.append(self.words[w][i])
                    if w == target:
                        held.append(self.words[w][i])
            self.words[w] = keep
        self.held = held
        keep = []
        for i in range(len(hand)):
            if ("h", i, 0) not in refs:
                keep.append(hand[i])
        self.hands[self.turn] = keep
        if target >= 0:
            self.words[target] = tiles
        else:
            self.words.append(tiles)
            self.owners.append(self.turn)

    # ---------------------------------------------------------------- ending a turn
    def commit_problem(self):
        """None when the table would be accepted now, else what is wrong."""
        if not self.snap:
            return "Make a word first, or draw a card"
        if self.held:
            return "Put the taken letter %s into a word" % word_text(self.held[:1]).upper()
        hand = self.hands[self.turn]
        shand, swords = self.snap[0], self.snap[1]
        if len(hand) >= len(shand):
            return "Play at least one card from your hand"
        loc = bytearray(2 * data.TOTAL_CARDS)  # card -> 1 + its word, its letter at the start
        for i in range(len(swords)):
            for t in swords[i]:
                loc[t >> 5] = i + 1
                loc[data.TOTAL_CARDS + (t >> 5)] = t & 31
        taken = 0
        jok = False
        for i in range(len(self.words)):
            for t in self.words[i]:
                was = loc[t >> 5] - 1
                if KIND[t >> 5] == JOKER and was != i:
                    jok = True
                if was < 0:
                    continue
                if was != i:
                    taken += 1
                    if i < self.pre and not self.opts["takenLetterMayExtendWord"]:
                        return "A taken letter must go into a new word"
                elif loc[data.TOTAL_CARDS + (t >> 5)] != t & 31 and self.opts["jokerKeepsLetterWhenRearranged"]:
                    return "A joker keeps its letter unless it moves to another word"
        if taken > 1 and not self.opts["multipleTakesPerTurn"]:
            return "Take only one letter per turn"
        for i in range(len(self.words)):
            w = self.words[i]
            if i < self.pre and w == swords[i]:
                continue
            t = word_text(w).upper()
            if not w:
                return "Leave a word of 3 letters where %s was" % word_text(swords[i]).upper()
            if len(w) < MIN:
                return "%s is too short: a word needs 3 letters" % t
            if not self.lexicon().contains(word_lower(w)):
                return "%s is not in the word list" % t
        if not self.melded[self.turn]:
            if not self.opts["initialMeldSameTurn"] and self.words[:self.pre] != swords:
                return "You can use table words after your first turn"
            if self._first_word() < 0:
                if jok:
                    return "No joker in your first word"
                return "Your first word must use only cards from your hand"
            if jok and self.opts["jokerBanWholeFirstTurn"]:
                return "No jokers in your first turn"
        return None

    def draw_problem(self):
        """Why the player to act may not draw, or None."""
        if not self.opts["mayDrawInsteadOfPlaying"]:
            s, j = self.hand_letters()
            if not self.jokers_allowed():
                j = 0
            if len(s) + j >= MIN and self.lexicon().words_from(s, j, MIN, 1):
                return "You can still make a word from your hand"
        return None

    def trade_problem(self):
        """Why Trade with deck cannot be played now, or None."""
        if self.deck or self.opts["emptyDrawPile"] == "reshuffle_discards" and (
                self.discard or self.opts["tradeWithDeckOrder"] == "discard_then_draw"):
            return None
        return "The draw pile is empty"

    # ---------------------------------------------------------------- action cards
    def _act(self, a):
        s = self.turn
        hand = self.hands[s]
        if not a:
            raise Illegal("Say which action card: act CARD ...")
        h = _num(a[0], "card", len(hand))
        card = hand[h]
        if KIND[card] != ACTION:
            raise Illegal("Card %d (%s) is not an action card" % (h, card_name(card)))
        if self.snap:
            raise Illegal("An action card is a whole turn: undo your words first")
        if not self.melded[s]:
            raise Illegal("Make a word before you play an action card")
        if len(hand) < 2:
            raise Illegal("You can't end with an action card: draw instead")
        name = data.ACTIONS[VALUE[card]]
        target = data.ACTION_TARGET[VALUE[card]] == 1
        trade = name[:5] == "trade"
        if len(a) != 1 + target + trade:
            raise Illegal("Play it like this: act %d%s%s" % (h, " PLAYER" * target, " CARD" * trade))
        if target:
            t = _num(a[1], "player")
            if t < 0 or t >= self.n or t == s:
                raise Illegal("Choose an opponent, not player %d" % t)
        if trade:
            g = _num(a[-1], "card")
            if g < 0 or g >= len(hand) or g == h:
                raise Illegal("Choose one of your other cards to trade")
            g = hand[g]
            if name == "trade_with_deck" and self.trade_problem():
                raise Illegal(self.trade_problem())
        # legal: play it
        hand.pop(h)
        me = "P%d" % (s + 1)
        keep = False
        if name == "trade_with_deck":
            if self.opts["tradeWithDeckOrder"] == "discard_then_draw":
                hand.remove(g)
                self.discard.append(g)
                self._draw(s)
            else:
                self._draw(s)
                hand.remove(g)
                self.discard.append(g)
            text = "%s traded a card with the draw pile" % me
        elif name == "trade_with_opponent":
            got = self.hands[t].pop(self._pick(len(self.hands[t])))
            hand.remove(g)
            self._draw(t, g)
            self._draw(s, got)
            text = "%s traded a card with P%d" % (me, t + 1)
        elif name == "skip":
            self.skips[t] += 1
            keep = True
            text = "%s: P%d skips the next turn" % (me, t + 1)
        elif name == "swap_hands":
            self.hands[s], self.hands[t] = self.hands[t], hand
            text = "%s swapped hands with P%d" % (me, t + 1)
        elif name == "draw_two":
            keep = True
            self._draw(t)
            self._draw(t)
            text = "%s: P%d draws 2 (%d cards)" % (me, t + 1, len(self.hands[t]))
        else:
            for k in range(1, self.n):
                self._draw((s + k) % self.n)
                self._draw((s + k) % self.n)
            text = "%s: all others draw 2" % me
        self.events.append(text)
        if keep and self.opts["givenActionCard"] == "into_hand":
            self._draw(t, card)
        else:
            self.discard.append(card)
        self.stall = 0
        self.idle += 1
        self._next_turn()

    # ---------------------------------------------------------------- turn order, end
    def _next_turn(self):
        self.snap = None
        self.held = []
        self.pre = len(self.words)
        if self.stall >= self.n or self.idle >= self.opts["stalemateRounds"] * self.n:
            self.events.append("Nobody can play: fewest cards wins" if self.stall >= self.n else
                               "No word for %d rounds: fewest cards wins" % self.opts["stalemateRounds"])
            counts = []
            for h in self.hands:
                counts.append(-len(h))
            return self._end_round(winners_of(counts))
        s = (self.turn + 1) % self.n
        while self.skips[s]:
            self.skips[s] -= 1
            self.events.append("P%d skips a turn" % (s + 1))
            s = (s + 1) % self.n
        self.turn = s

    def _end_round(self, win):
        gain = 0
        names = []
        for s in range(self.n):
            if s in win:
                names.append("P%d" % (s + 1))
            else:
                gain += len(self.hands[s]) * data.POINTS_PER_CARD
        for s in win:
            self.points[s] += gain
        v = self.opts["scoringVariant"]
        if v:
            self.events.append("%s won round %d: +%d points" % (" and ".join(names), self.round, gain))
        else:
            self.events.append("%s won!" % " and ".join(names))
        self.snap = None
        self.held = []
        if v and self.round < self.opts["matchRounds"]:
            self.round += 1
            self.starter = (self.starter + 1) % self.n
            return self._new_round()
        self.over = True
        self.won = winners_of(self.points) if v else win

    # ---------------------------------------------------------------- saves
    def to_save(self):
        d = {"game": GAME_ID, "v": 1, "n": self.n, "opts": dict(self.opts),
             "rng": list(self.rng.getstate())}
        for k in _SAVED:
            d[k] = _cp(getattr(self, k))
        return d

    @classmethod
    def from_save(cls, d, lexicon=None, hint_lexicon=None):
        if d.get("game") != GAME_ID:
            raise ValueError("not a Word Cards save")
        rng = Rng(1)
        rng.setstate(d["rng"])
        g = cls(d["n"], d["opts"], rng, lexicon, hint_lexicon)
        for k in _SAVED:
            setattr(g, k, _cp(d[k]))
        return g
