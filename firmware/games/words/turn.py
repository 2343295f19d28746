# Word Cards rules core: class Turn, the actions (legal_actions, apply).
# pyright: reportAttributeAccessIssue=false
# (the type check, tools/typecheck.py: a mixin of rules.Game: its attributes are the Game's)
from core.rules import Illegal
from games.words import data
from games.words.table import KIND, VALUE, ACTION, MIN, word_text, _num, _cp
from games.words.edit import Edit

_FORMS = ("new CARD ...", "set WORD CARD ...", "add WORD POSITION CARD", "take WORD POSITION",
          "back WORD POSITION", "joker WORD POSITION LETTER")


class Turn(Edit):
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
