# Word Cards rules core, part 2 of 3: class Turn, the actions (legal_actions,
# apply, table edits). Game in rules.py adds setup, action cards and saves.
from games.words.table import *
from games.words.table import _num, _cp

_FORMS = ("new CARD ...", "set WORD CARD ...", "add WORD POSITION CARD", "take WORD POSITION",
          "back WORD POSITION", "joker WORD POSITION LETTER")


class Turn(Table):
    # ---------------------------------------------------------------- legal actions
    def legal_actions(self):
        # A documented subset: 'draw' when allowed, 'undo' after an edit,
        # 'commit' when the table would be accepted, every playable action card
        # and up to 8 new words from the hand (bot.word_options finds more).
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

