# Word Cards rules core: class Cards, the action cards and the turn order, the
# end of a round and of the game.
# pyright: reportAttributeAccessIssue=false
# (the type check, tools/typecheck.py: a mixin of rules.Game: its attributes are the Game's)
from core.rules import Illegal, winners_of
from games.words import data
from games.words.table import KIND, VALUE, ACTION, card_name, _num
from games.words.turn import Turn


class Cards(Turn):
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
