# Word Cards rules core: class Checks, what the rules allow now (may the player
# touch the table, commit, draw, trade with the deck).
# pyright: reportAttributeAccessIssue=false
# (the type check, tools/typecheck.py: a mixin of rules.Game: its attributes are the Game's)
from games.words import data
from games.words.table import Table, KIND, LETTER, JOKER, MIN, word_text, word_lower


class Checks(Table):
    def may_touch_table(self, jokers=False):
        # May the player to act add to or take from words already on the table?
        # jokers=True: may they put a joker from the hand on the table now?
        if self.melded[self.turn]:
            return True
        if self.opts["jokerBanWholeFirstTurn"] if jokers else not self.opts["initialMeldSameTurn"]:
            return False
        return self._first_word() >= 0

    def jokers_allowed(self):
        return self.may_touch_table(True)

    def _first_word(self):
        # Index of a new word this turn made only of hand letter cards (no joker),
        # 3+ long and in the word list; -1 if none.
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

    # ---------------------------------------------------------------- ending a turn
    def commit_problem(self):
        # None when the table would be accepted now, else what is wrong.
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
            for t in swords[i]:  # pyright: ignore[reportGeneralTypeIssues]  -- unannotated: swords is a list of lists
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
                from games.words.wordrule import why_not_a_word     # loaded only for a refusal
                return why_not_a_word(self, w)
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
        # Why the player to act may not draw, or None.
        if not self.opts["mayDrawInsteadOfPlaying"]:
            s, j = self.hand_letters()
            if not self.jokers_allowed():
                j = 0
            if len(s) + j >= MIN and self.lexicon().words_from(s, j, MIN, 1):
                return "You can still make a word from your hand"
        return None

    def trade_problem(self):
        # Why Trade with deck cannot be played now, or None.
        if self.deck or self.opts["emptyDrawPile"] == "reshuffle_discards" and (
                self.discard or self.opts["tradeWithDeckOrder"] == "discard_then_draw"):
            return None
        return "The draw pile is empty"
