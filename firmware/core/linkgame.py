"""The new-game message of link play (docs/link.md): which game, the shared seed, every
seat and which console plays it, the options. Sent once a game, so it is loaded only
then (core.link imports it when one is sent or arrives), not kept with the protocol."""
from core.link import get_text, put_byte, put_text


class Seat:
    """A seat of a new game. mine: a player of this console (the sender's view when sent,
    the receiver's when received: the link flips it)."""
    __slots__ = ("mine", "kind", "name")

    def __init__(self, mine, kind, name):
        self.mine = mine
        self.kind = kind    # what the game's setup calls it: "human", "easy", "normal"...
        self.name = name


class NewGame:
    __slots__ = ("game", "seed", "seats", "options")

    def __init__(self, game, seed, seats, options):
        self.game = game
        self.seed = seed          # the shared seed, 0 <= seed < 2**30 (core.rng.Rng.new_seed)
        self.seats = seats        # list of Seat
        self.options = options    # dict name -> value (received: str values, as core.rules.parse_options takes)


def encode(buf, i, new_game):
    """Write the payload at buf[i:]; the index after it. ValueError when it does not fit."""
    i = put_text(buf, i, new_game.game)
    seed = new_game.seed
    for shift in (24, 16, 8, 0):
        i = put_byte(buf, i, (seed >> shift) & 0xFF)
    i = put_byte(buf, i, len(new_game.seats))
    for seat in new_game.seats:
        i = put_byte(buf, i, 0 if seat.mine else 1)
        i = put_text(buf, i, seat.kind)
        i = put_text(buf, i, seat.name)
    keys = sorted(new_game.options)
    i = put_byte(buf, i, len(keys))
    for key in keys:
        i = put_text(buf, i, key)
        i = put_text(buf, i, str(new_game.options[key]))
    return i


def decode(buf, i, end):
    """NewGame from the payload buf[i:end]; ValueError when it is malformed."""
    game, i = get_text(buf, i, end)
    if i + 5 > end:
        raise ValueError("a new game without its seed and seats")
    seed = (buf[i] << 24) | (buf[i + 1] << 16) | (buf[i + 2] << 8) | buf[i + 3]
    nseats = buf[i + 4]
    i += 5
    seats = []
    for _ in range(nseats):
        if i >= end:
            raise ValueError("a new game with fewer seats than it says")
        mine = buf[i] == 1      # 0: the sender's seat, 1: the receiver's
        kind, i = get_text(buf, i + 1, end)
        name, i = get_text(buf, i, end)
        seats.append(Seat(mine, kind, name))
    if i >= end:
        raise ValueError("a new game without its options")
    nopts = buf[i]
    i += 1
    options = {}
    for _ in range(nopts):
        key, i = get_text(buf, i, end)
        options[key], i = get_text(buf, i, end)
    if i != end:
        raise ValueError("a new game with %d bytes too many" % (end - i))
    return NewGame(game, seed, seats, options)
