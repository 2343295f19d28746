# Word Cards (game id "words"): the rules core. Pure; docs/words.md.
#
# Three modules (MicroPython compiles each in one piece): table.py (card
# helpers, class Table), turn.py (class Turn: actions), this one (class Game:
# options, setup, action cards, saves; every name of the other two is also
# rules.<name>). The word list is a games.words.lexicon.Lexicon, passed in or
# opened by name on first use.
from core.rules import parse_options, winners_of
from core.rng import Rng
from games.words.turn import *
from games.words.table import _num, _cp

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
_LEX = {}     # word lists opened by name, shared by all games
_SAVED = ("deck", "discard", "hands", "words", "owners", "held", "snap", "pre", "turn", "melded",
          "skips", "points", "round", "starter", "over", "won", "stall", "idle", "forced",
          "events", "started")


class Game(Turn):
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
        # The word list that decides what is a word (or list `name`, opened once).
        if name is None:
            if self._lex is None:
                self._lex = self.lexicon(self.dictionary)
            return self._lex
        if name not in _LEX:
            from games.words import lexicon
            _LEX[name] = lexicon.open_lexicon(name)
        return _LEX[name]

    def hint_lexicon(self):
        # The kid-friendly list (hints, computer players); a lexicon passed in serves both.
        if self._hint is None:
            self._hint = self.lexicon("kids")
        return self._hint

    # ---------------------------------------------------------------- setup, randomness
    def start(self):
        self.started = True
        if self.opts["startPlayer"] == "random":
            self.starter = self._pick(self.n)
        self._new_round()
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
