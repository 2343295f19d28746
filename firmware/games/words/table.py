"""Word Cards rules core, first part: card helpers and class Table (dealing, drawing,
queries). The chain Table -> Checks (checks.py) -> Edit (edit.py) -> Turn (turn.py) ->
Cards (cards.py) -> Game (rules.py) keeps each file to one concern. A table tile is
card*32+letter (0..25); a joker's letter is the declared one."""
# pyright: reportAttributeAccessIssue=false
# (the type check, tools/typecheck.py: a mixin of rules.Game: its attributes are the Game's)
from core.rules import Illegal
from games.words import data

LOWER = "abcdefghijklmnopqrstuvwxyz"
KIND = data.CARD_KIND
VALUE = data.CARD_VALUE
LETTER = data.KIND_LETTER
JOKER = data.KIND_JOKER
ACTION = data.KIND_ACTION
MIN = data.MIN_WORD


def card_name(c):
    # 'A'..'Z', '*' for a joker, or the action id.
    k = KIND[c]
    if k == LETTER:
        return data.LETTERS[VALUE[c]]
    return "*" if k == JOKER else data.ACTIONS[VALUE[c]]


def card_key(c):
    # Hand order: letters A..Z, jokers, action cards.
    k = KIND[c]
    return (VALUE[c] if k == LETTER else 26 if k == JOKER else 27 + VALUE[c]) * 128 + c


def word_text(w):
    # Tiles as text: upper case for letter cards, lower case for jokers.
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
    # int(tok), or Illegal; with `top`, it must be in 0..top-1.
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


class Table:
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
        # Queue outcomes for the next random events: a card drawn from the pile
        # takes a card name ('A'..'Z', '*', an action id: the topmost such card is
        # drawn); a blind take from an opponent and a random start player take an
        # index (int).
        self.forced.extend(values)

    def _pick(self, n):
        if self.forced:
            v = self.forced.pop(0)
            if not isinstance(v, int) or v < 0 or v >= n:
                raise ValueError("force: a random pick needs 0..%d, not %r" % (n - 1, v))
            return v
        return self.rng.randbelow(n)

    def _draw(self, seat, card=None):
        # Draw the top card (or the forced one) into a hand, or give it `card`;
        # None if no card is left.
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

    def hand_letters(self, seat=None):
        # (letters as a string, number of jokers) of a hand (default: the player to act).
        s = ""
        j = 0
        for c in self.hands[self.turn if seat is None else seat]:
            if KIND[c] == LETTER:
                s += LOWER[VALUE[c]]
            elif KIND[c] == JOKER:
                j += 1
        return s, j

    def changed_words(self):
        # Indices of table words that differ from the start of the turn.
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
