# Word Cards rules core: class Edit, one table edit (_rebuild) of Turn.apply.
# pyright: reportAttributeAccessIssue=false
# (the type check, tools/typecheck.py: a mixin of rules.Game: its attributes are the Game's)
from core.rules import Illegal
from games.words import data
from games.words.table import KIND, VALUE, JOKER, ACTION, LOWER, _num, _cp
from games.words.checks import Checks


class Edit(Checks):
    def _rebuild(self, target, toks):
        # Word `target` (-1: a new word) becomes the cards named by `toks` in
        # order ('5' hand card, 't0' taken card, '2.1' table word 2 letter 1; '=x'
        # sets a joker's letter); its other tiles become taken cards. Checks
        # everything, then changes the state.
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
