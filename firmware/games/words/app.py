"""Word Cards screens (game id "words"); docs/words.md, "Playing on the console".

Turn screen: the table words, the others' hand sizes, your hand as tiles.
LEFT/RIGHT move over the hand, A picks a card (A on an action card plays it),
UP goes to the table words (A chooses the word to extend or rearrange, DOWN
back), DOWN lists the words your picked cards (and the chosen word) can make,
B opens the turn menu (screens.py): Commit, Undo, Find words, Spell a word (your
own order), Take a letter, Draw a card, the action cards, Table words, Last turns.
An edit is applied at once; Commit checks the whole table, Undo restores it.
"""
from core.rules import Illegal
from core.table import LIVE, TableApp, run as run_app
from games.words import bot, rules, view
from games.words.choices import ACTION, KIND, card_label
from games.words.lexicon import DictionaryError
from games.words.screens import BACK, TRIED, Screens
from hal.keys import K_UP, K_DOWN, K_LEFT, K_RIGHT, K_A, K_B

TURN_MS = 1200      # a computer player's finished turn stays on screen this long


def named(text, names):
    """A rules event text with the players' names for its seats P1..P4."""
    parts = text.split("P")
    out = parts[0]
    for part in parts[1:]:
        seat = part[:1]
        if "1" <= seat <= str(len(names)):
            out += names[int(seat) - 1] + part[1:]
        else:
            out += "P" + part
    return out


class App(Screens):
    RULES = rules
    LOG_KEEP = 12
    BOT_MS = 700
    PRIVATE = True

    def new_game(self, options, rng):
        game = TableApp.new_game(self, options, rng)
        game.start()
        self.rounds = []    # the points each seat gained in each round so far (the end screen)
        return game

    def save_more(self, data):
        data["rounds"] = self.rounds

    def restore_more(self, saved):
        self.rounds = []
        for gains in saved["rounds"]:
            if len(gains) != len(self.names):
                raise ValueError("a round's points of another shape")
            self.rounds.append([int(g) for g in gains])

    def play(self):
        """The word lists are opened first: a missing or damaged one is told, and
        nothing is lost (a new game is not saved, a resumed one keeps its save; one
        that fails in play is saved as it stands)."""
        try:
            self.game.lexicon()
            self.game.hint_lexicon()
        except DictionaryError as e:
            self.tell_problem(e)
            return
        try:
            TableApp.play(self)
        except DictionaryError as e:
            if not self.game.is_over():
                self.save()
            self.tell_problem(e)

    def tell_problem(self, error):
        LIVE["waiting"] = "continue"
        self.ui.message("Word Cards", str(error))

    def begin(self):
        self.said = []      # the event texts of the last turn's end (turn_over)
        self.tell(-1)       # a new game's "P1 starts"

    def turn_mark(self):
        # Every turn ends with an event (the words, the draw, the card played) and only
        # a turn's end makes one, so the events noted count turns; game.turn does not
        # (a Skip between two players gives the same seat the next turn).
        return self.log.count

    def tell(self, seat):
        """Note the rules' new events with the players' names. Those up to the last
        telling of seat's action are seat's own (it saw them happen: a reshuffle on its
        draw); what followed (a skipped turn, a new round) is news to everyone.
        Returns the first text of seat's action, or ""."""
        events = self.game.pop_events()
        if not events:
            return ""
        me = "P%d" % (seat + 1)
        seen = 0
        for i in range(len(events)):
            if events[i][:2] == me:
                seen = i + 1
        own = ""
        self.said = []
        for i in range(len(events)):
            text = named(events[i], self.names)
            self.log.note(text, seat if i < seen else -1)
            self.said.append(text)
            if not own and events[i][:2] == me:
                own = text
        return own

    def turn_over(self):
        """At the end of a round: each player's gain and total, and how it ended."""
        game = self.game
        if not game.over and game.round == len(self.rounds) + 1:
            return
        gains = []
        lines = []
        for seat in range(game.n):
            gain = game.points[seat]
            for before in self.rounds:
                gain -= before[seat]
            gains.append(gain)
            lines.append("%s: +%d, total %d" % (self.names[seat], gain, game.points[seat]))
        self.rounds.append(gains)
        if game.over:
            self.read("Game over", self.said)
        else:
            self.read("Round %d of %d" % (len(self.rounds), game.opts["matchRounds"]), lines + self.said)
        for seat in range(game.n):      # everyone has seen how the round ended
            self.log.mark_seen(seat)

    # ---- a person's turn ------------------------------------------------------------------
    def decide(self, seat):
        """The turn screen until an action is tried (the next decision starts afresh)."""
        game = self.game
        cursor = 0          # the tile under the cursor: the hand, then the taken tiles
        picks = []          # picked tiles: hand indexes and "t0" taken tiles
        target = -1         # the chosen table word
        on_word = -1        # the table word under the cursor (after UP), or -1: on the hand
        while True:
            hand = game.hands[seat]
            count = len(hand) + len(game.held)
            if target >= len(game.words):
                target = -1
            view.board(self.ui, game, self.names, seat, True, cursor, picks, target, on_word)  # pyright: ignore[reportArgumentType]  -- unannotated: target and on_word are ints here
            k = self.key()
            outcome = BACK
            if on_word >= 0:
                on_word, target = self.on_table(k, on_word, target)
            elif k & (K_LEFT | K_RIGHT) and count:
                cursor = (cursor + (1 if k & K_RIGHT else -1)) % count
            elif k & K_UP and game.words:
                on_word = target if target >= 0 else 0
            elif k & K_A and count:
                if cursor < len(hand) and KIND[hand[cursor]] == ACTION:
                    outcome = self.play_card(cursor)
                else:
                    ref = cursor if cursor < len(hand) else "t%d" % (cursor - len(hand))
                    if ref in picks:
                        picks.remove(ref)
                    else:
                        picks.append(ref)
            elif k & K_DOWN:
                outcome = self.visit("words", self.find_words, picks, target)
            elif k & K_B:
                outcome = self.visit("menu", self.turn_menu, picks, target)
            if outcome == TRIED:
                self.tell(seat)
                return
            if outcome is not BACK:
                target = outcome        # chosen in Table words

    def on_table(self, k, on_word, target):
        """A key with the cursor on the table words: (the word under the cursor, or -1
        back on the hand; the chosen word)."""
        lines = view.flow(self.game.words)[0]
        if k & (K_LEFT | K_RIGHT):
            return (on_word + (1 if k & K_RIGHT else -1)) % len(lines), target
        if k & (K_UP | K_DOWN):     # the first word of that line; below the last: the hand
            line = max(0, lines[on_word] + (1 if k & K_DOWN else -1))
            on_word = -1
            for i in range(len(lines) - 1, -1, -1):
                if lines[i] == line:
                    on_word = i
            return on_word, target
        if k & K_A:
            return -1, -1 if target == on_word else on_word
        if k & K_B:
            return -1, target
        return on_word, target

    # ---- computer players ---------------------------------------------------------------------
    def robot(self, seat):
        """One action of a computer player: its words as they are laid out, then how its
        turn ended."""
        game = self.game
        name = self.names[seat]
        LIVE["waiting"] = "continue"
        if not game.snap:
            view.board(self.ui, game, self.names, seat, False, status=name + " is thinking...")
        action = self.think(bot, seat)
        try:
            game.apply(action)
        except Illegal:         # not expected: the turn then ends with a draw
            if game.snap:
                game.apply("undo")
            game.apply("draw")
        own = self.tell(seat)
        if own:
            view.board(self.ui, game, self.names, seat, False, status=own)
            self.pause(TURN_MS)
            return
        words = ""
        for i in game.changed_words():
            words += " " + view.word_text(game.words[i])
        view.board(self.ui, game, self.names, seat, False, status=name + ":" + words)
        self.pause(self.BOT_MS)

    # ---- the end ------------------------------------------------------------------------------
    def finish(self):
        game = self.game
        rows = []
        for seat in range(game.n):
            if game.opts["scoringVariant"]:
                detail = ""
                for r in range(len(self.rounds)):
                    detail += "Round %d: +%d\n" % (r + 1, self.rounds[r][seat])
                detail += "Total: %d" % game.points[seat]
            else:
                hand = game.hands[seat]
                detail = "Cards left: %d" % len(hand)
                for card in hand:
                    detail += "\n" + card_label(card)
            rows.append((self.names[seat], game.points[seat], detail))
        self.scores("Word Cards", rows, game.winners())


def run(ctx, setup, saved):
    run_app(App, ctx, setup, saved)
