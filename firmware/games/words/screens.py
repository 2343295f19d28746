"""Word Cards: the screens opened over the turn screen (app.py): the turn menu and
what it opens (Find words, Spell a word, Take a letter, Table words, Last turns, the
action cards), the row of tiles they pick from and the joker's letter grid.

Each is opened with visit() and returns BACK when left with B (the screen under it
is shown again: the turn menu, or the turn screen), TRIED when an action was tried
(done, or refused with the rules' reason: the turn screen starts afresh), or, from
Table words, the index of the word chosen.
"""
from core.table import LIVE, TableApp
from games.words import data, view
from games.words.choices import (EFFECT, KIND, LOWER, VALUE, about, act_problem, card_label,
                                 give_list, joker_left_out, menu_items, no_word_reason, opponents,
                                 pool_of, word_list)
from hal.keys import K_UP, K_DOWN, K_LEFT, K_RIGHT, K_A, K_B

BACK = None
TRIED = -1


class Screens(TableApp):
    # ---- the pieces every screen uses ------------------------------------------------------
    def choose(self, title, items, notes=None, index=0, right=None):
        """A list (Ui.menu, notes under it): the index chosen with A, or -1 for B."""
        LIVE["waiting"] = "decide"
        return max(-1, self.ui.menu(title, items, index, right, notes))

    def pick(self, title, tiles, cursor, hint, hand=0, ok=False, used=(), made=None):
        """A row of tiles (spelling: the word so far above it). LEFT/RIGHT move;
        returns (cursor, True) for A, (cursor, False) for B. hint: a text or one per tile."""
        while True:
            view.tiles(self.ui, title, tiles, cursor, hint if isinstance(hint, str) else hint[cursor], hand, ok,
                       used, made)
            k = self.key()
            places = len(tiles) + ok
            if k & (K_LEFT | K_RIGHT) and places:
                cursor = (cursor + (1 if k & K_RIGHT else -1)) % places
            elif k & (K_A | K_B):
                return cursor, k & K_A

    def joker_letter(self, letter):
        """The joker's letter: an index 0..25, or -1 (B)."""
        while True:
            view.grid(self.ui, "Joker letter", letter, "A: joker = " + data.LETTERS[letter])
            k = self.key()
            if k & (K_LEFT | K_RIGHT):
                letter = (letter + (1 if k & K_RIGHT else -1)) % 26
            elif k & (K_UP | K_DOWN):
                letter = (letter + 13) % 26
            elif k & K_A:
                return letter
            elif k & K_B:
                return -1

    def tried(self, action):
        """A person's action, refused with its reason or done: TRIED either way."""
        self.apply(action)
        return TRIED

    def show_new(self, seat, before, title):
        """After a draw or a trade: the cards that came into seat's hand."""
        new = []
        for card in self.game.hands[seat]:
            if card not in before:
                new.append(card_label(card))
        if new:
            self.read(title, [", ".join(new)])

    # ---- the turn menu ---------------------------------------------------------------------
    def turn_menu(self, picks, target):
        """B on the turn screen. A screen an item opens returns here on B."""
        index = 0
        while True:
            items = menu_items(self.game, picks, target)
            labels = []
            notes = []
            for item in items:
                labels.append(item.label)
                notes.append(item.note)
            index = self.choose("Your turn", labels, notes, index)
            if index < 0:
                return BACK
            outcome = self.carry_out(items[index].code, picks, target)
            if outcome is not BACK:
                return outcome

    def carry_out(self, code, picks, target):
        if code in ("commit", "undo"):
            return self.tried(code)
        if code == "draw":
            return self.draw()
        if code == "words":
            return self.visit("words", self.find_words, picks, target)
        if code == "spell":
            return self.visit("spell", self.spell, target)
        if code == "take":
            return self.visit("take", self.take_letter)
        if code == "table":
            return self.visit("table", self.table_words)
        if code == "log":
            return self.visit("log", self.read, "Last turns", self.log.recent(self.LOG_KEEP) or ["Nothing yet."],
                              True)
        return self.play_card(int(code[4:]))

    def draw(self):
        game = self.game
        seat = game.turn
        before = list(game.snap[0] if game.snap else game.hands[seat])
        if self.apply("draw"):
            self.show_new(seat, before, "You drew")
        return TRIED

    # ---- Find words, Table words, Take a letter ------------------------------------------------
    def find_words(self, picks, target):
        """The words the picked tiles (or the whole hand) make, with the chosen word."""
        game = self.game
        self.ui.busy()
        found = word_list(game, picks, target)
        if not found:
            return self.read("Find words", [no_word_reason(game, picks, target)])
        labels = []
        notes = []
        joker = joker_left_out(game, picks)     # the rules leave the joker out of these words: said under each
        for entry in found:
            labels.append(entry.word)
            notes.append(about(game, entry.action) + (". " + joker if joker else ""))
        i = self.choose("Words", labels, notes, 0, "%d" % len(found))
        return BACK if i < 0 else self.tried(found[i].action)

    def table_words(self):
        """Every table word and its maker; A chooses the word to extend or respell."""
        game = self.game
        if not game.words:
            return self.read("Table words", ["No words on the table yet."])
        labels = []
        notes = []
        changed = game.changed_words()
        for i in range(len(game.words)):
            labels.append(view.word_text(game.words[i]) or "_")
            notes.append("Made by %s%s" % (self.names[game.owners[i]],
                                           " - changed this turn" if i in changed else ""))
        i = self.choose("Table words", labels, notes)
        return BACK if i < 0 else i

    def take_letter(self):
        """A table word, then the letter to take from it."""
        game = self.game
        labels = []
        for word in game.words:
            labels.append(view.word_text(word) or "_")
        index = 0
        while True:
            index = self.choose("Take from", labels, None, index)
            if index < 0:
                return BACK
            outcome = self.visit("letter", self.take_from, index, labels[index])
            if outcome is not BACK:
                return outcome

    def take_from(self, word, text):
        if not self.game.words[word]:       # every letter of it taken this turn
            return self.read("Take from " + text, ["No letter is left in this word."])
        position, chosen = self.pick("Take from " + text, self.game.words[word], 0, "A: take this letter")
        return self.tried("take %d %d" % (word, position)) if chosen else BACK

    # ---- Spell a word ------------------------------------------------------------------------
    def spell(self, target):
        """Lay out a word tile by tile: a new word, or the target word anew. B takes the
        last tile back; B with none leaves."""
        game = self.game
        pool = pool_of(game, target)
        tiles = []
        hints = []
        for piece in pool:
            tiles.append(piece.tile)
            hints.append("in the word" if "." in piece.ref else "taken letter" if piece.ref[0] == "t" else "your hand")
        hints.append("A: place the word")
        refs = []           # the word so far: the refs of an action
        used = []           # their places in the row
        made = []           # their tiles, as laid out
        cursor = 0
        title = "Spell " + view.word_text(game.words[target]) if target >= 0 else "New word"
        hand = len(tiles) - len(game.held) - (len(game.words[target]) if target >= 0 else 0)
        while True:
            cursor, chosen = self.pick(title, tiles, cursor, hints, hand, True, used, made)
            if not chosen:
                if not refs:
                    return BACK
                refs.pop()
                used.pop()
                made.pop()
            elif cursor == len(tiles):
                if refs:
                    return self.tried(("new " if target < 0 else "set %d " % target) + " ".join(refs))
            elif cursor not in used:
                ref = pool[cursor].ref
                tile = pool[cursor].tile
                if KIND[tile >> 5] == data.KIND_JOKER and "." not in ref:
                    letter = self.visit("joker", self.joker_letter, tile & 31)
                    if letter < 0:
                        continue
                    ref += "=" + LOWER[letter]
                    tile += letter - (tile & 31)
                refs.append(ref)
                used.append(cursor)
                made.append(tile)

    # ---- action cards --------------------------------------------------------------------------
    def play_card(self, h):
        """Action card h of the hand: the opponent it aims at and the card a trade gives."""
        game = self.game
        value = VALUE[game.hands[game.turn][h]]
        why = act_problem(game, h)
        if why:
            self.refuse(why)
            return TRIED
        action = "act %d" % h
        if data.ACTION_TARGET[value] == 1:
            return self.visit("opponent", self.aim, h, value)
        if data.ACTIONS[value][:5] == "trade":
            return self.visit("give", self.give, h, action)
        return self.act(action)

    def aim(self, h, value):
        game = self.game
        seats = opponents(game)
        labels = []
        for seat in seats:
            cards = len(game.hands[seat])
            labels.append("%s (%d card%s)" % (self.names[seat], cards, "" if cards == 1 else "s"))
        index = 0
        while True:
            index = self.choose(view.SHORT[value], labels, [EFFECT[value]] * len(labels), index)
            if index < 0:
                return BACK
            action = "act %d %d" % (h, seats[index])
            if data.ACTIONS[value][:5] != "trade":
                return self.act(action)
            outcome = self.visit("give", self.give, h, action)
            if outcome is not BACK:
                return outcome

    def give(self, h, action):
        """The card a trade gives away."""
        hand = self.game.hands[self.game.turn]
        cards = give_list(self.game, h)
        tiles = []
        for i in cards:
            tiles.append(hand[i] * 32 + VALUE[hand[i]])
        cursor, chosen = self.pick("Give which card?", tiles, 0, "A: give this card", len(tiles))
        return self.act(action + " %d" % cards[cursor]) if chosen else BACK

    def act(self, action):
        seat = self.game.turn
        before = list(self.game.hands[seat])
        if self.apply(action):
            self.show_new(seat, before, "You got")
        return TRIED

