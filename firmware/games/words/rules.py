# Word Cards (game id "words"): the rules core. Pure; docs/words.md.
#
# class Game: options, setup, saves. It ends a chain of small modules (MicroPython
# compiles a module in one piece): table.py (card helpers, Table: dealing, drawing,
# queries), checks.py (Checks: commit, draw and trade checks), edit.py (Edit: a table
# edit), turn.py (Turn: legal_actions, apply), cards.py (Cards: action cards, turn
# order, end of a round). Every public name of table.py is also rules.<name>. The
# word list is a games.words.lexicon.Lexicon, passed in or opened by name on first use.
from core.rules import parse_options
from core.rng import Rng
from games.words import data
from games.words.table import *
from games.words.table import _cp
from games.words.cards import Cards

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


class Game(Cards):
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

    def revealed(self):
        # changes when the game shows something new (core.undo: an action after which it
        # changed cannot be undone): a card drawn or traded, an action card played
        return (self.rng.getstate(), len(self.forced), len(self.deck), len(self.discard))

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
