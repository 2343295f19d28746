"""What happened at the table, for every game's "What happened" screens.

Each event text is noted with its actor: the seat whose own action it tells of.
That player saw it happen, so it is not news to them. Each seat has read the log
up to its mark in `seen`, counted in events ever noted (`count`), so a mark stays
right when old texts are let go: only the last `keep` texts stay in RAM.
"""


class EventLog:
    __slots__ = ("texts", "actors", "count", "seen", "keep")

    def __init__(self, seats, keep=24):
        self.texts = []         # the last `keep` event texts, oldest first
        self.actors = []        # per text: the seat it tells of, or -1 (news to everyone)
        self.count = 0          # texts ever noted
        self.seen = [0] * seats
        self.keep = keep

    def note(self, text, actor=-1):
        self.texts.append(text)
        self.actors.append(actor)
        self.count += 1
        if len(self.texts) > self.keep:
            del self.texts[0]
            del self.actors[0]

    def _first(self, mark):
        # the index in texts of event number `mark` (0 if it is no longer kept)
        return max(0, mark - (self.count - len(self.texts)))

    def unseen(self, seat):
        """The texts seat has not read yet, without those about its own actions."""
        out = []
        actors = self.actors
        for i in range(self._first(self.seen[seat]), len(self.texts)):
            if actors[i] != seat:
                out.append(self.texts[i])
        return out

    def rewind(self, count):
        """Forget the texts noted since `count` texts had been noted (an action undone):
        nobody is told of it any more."""
        drop = self.count - count
        if drop > 0:
            keep = max(0, len(self.texts) - drop)
            del self.texts[keep:]
            del self.actors[keep:]
            self.count = count
            seen = self.seen
            for seat in range(len(seen)):
                if seen[seat] > count:
                    seen[seat] = count

    def mark_seen(self, seat):
        self.seen[seat] = self.count

    def recent(self, n):
        return self.texts[-n:]

    def to_save(self, readers):
        """The part some reader (the seats of the people at the table) has not read
        yet, and every seat's mark: a save keeps no text nobody will be shown."""
        mark = self.count
        for seat in readers:
            mark = min(mark, self.seen[seat])
        i = self._first(mark)
        return {"texts": self.texts[i:], "actors": self.actors[i:], "count": self.count,
                "seen": list(self.seen)}

    def load(self, data):
        """Take a saved log (to_save); KeyError or ValueError if it is not one."""
        texts = data["texts"]
        actors = data["actors"]
        if len(texts) != len(actors) or len(data["seen"]) != len(self.seen):
            raise ValueError("event log of another shape")
        self.texts = list(texts[-self.keep:])
        self.actors = list(actors[-self.keep:])
        self.count = int(data["count"])
        self.seen = [int(s) for s in data["seen"]]
