"""Game codes: a game's seed, players and options in 12 typeable characters (docs/app-api.md, "Game codes").

A code such as 0K3F-9MXR-T2QC is 11 data characters and a check character in
Crockford's base 32 (digits and capitals without I, L, O, U, so nothing reads as
another; typed O, I and L are taken for 0, 1, 1), grouped by four with '-'. The
data is one number in mixed radix, least significant first: the game (8), the
seats (1364: the number of players and each seat's kind of 4, together), the options
(256: each option's choice index, in its setup.py's order) and the 32-bit state of
the generator the game's dice and its computer players' seeds were drawn from (two
16-bit halves). The check character is Luhn mod 32, which finds any one wrong
character and almost any two neighbours swapped; its sum is FORMAT, not 0, so a code
of the first format (3 kinds, before the hard level) does not check.

Pure and small: it runs unchanged under CPython and MicroPython. The number is kept
as base-32 digits, so no intermediate goes above 2**22 (small ints on a console).
"""

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
ALIASES = {"O": "0", "I": "1", "L": "1"}
# a game's number in its code: never renumbered (a code names its game by it)
GAMES = ("clever", "dizzle", "cookie", "words")
KINDS = ("human", "easy", "normal", "hard")
SEATS = 5               # kinds held for this many seats
# The seats field: p players' kinds take 4**p values, after those of fewer players
# (4 + 16 + 64 + 256 + 1024 = 1364 in all): 5 seats of 4 kinds each and the players
# apart (8 x 4**5) would not fit 11 characters with the rest.
SEAT_OFFSETS = (0, 0, 4, 20, 84, 340)
SEAT_ROOM = 1364
FORMAT = 1              # the Luhn sum a right code makes: 0 was the first format's
OPTIONS = 256           # the options' room: the product of every option's choice count
DATA = 11               # data characters; then the check character
GROUP = 4


class CodeError(ValueError):
    """A text that is not a usable code; reason says why in a player's words. (The reason
    is the argument: MicroPython's built-in exceptions have no __init__ to call.)"""

    @property
    def reason(self):
        return self.args[0]


class Code:
    """What a code holds. options: each option's choice index, in setup.py's order
    (read by option_indexes); seed: the generator's state [hi, lo] (core.rng); text:
    the code as encode writes it."""
    __slots__ = ("text", "game", "players", "kinds", "options", "seed")

    def __init__(self, text, game, players, kinds, options, seed):
        self.text = text
        self.game = game
        self.players = players
        self.kinds = kinds
        self.options = options
        self.seed = seed


def _mul_add(digits, radix, value):
    carry = value
    for i in range(len(digits)):
        v = digits[i] * radix + carry
        digits[i] = v & 31
        carry = v >> 5
    if carry:
        raise ValueError("a game code overflows")


def _div(digits, radix):
    """digits //= radix, in place; the remainder."""
    rem = 0
    for i in range(len(digits) - 1, -1, -1):
        v = rem * 32 + digits[i]
        digits[i] = v // radix
        rem = v % radix
    return rem


def _luhn(values, check_included):
    """Luhn mod 32: the sum that a right check character makes 0 (factor 2 on every
    other character from the right, the check character's neighbour first)."""
    total = 0
    factor = 1 if check_included else 2
    for i in range(len(values) - 1, -1, -1):
        a = values[i] * factor
        total += a // 32 + a % 32
        factor = 3 - factor
    return total % 32


def options_number(offered, options):
    """The options as one number: each option's choice index in mixed radix. An option
    missing from `options` counts as its first choice (the rules' default)."""
    n = 0
    room = 1
    for name, _label, choices, _when in offered:
        index = 0
        if name in options:
            values = [value for value, _shown, _help in choices]
            if options[name] not in values:
                raise ValueError("option %s has no choice %r" % (name, options[name]))
            index = values.index(options[name])
        n = n * len(choices) + index
        room *= len(choices)
    if room > OPTIONS:
        raise ValueError("the options need more room than a code has")
    return n


def option_indexes(offered, number):
    """Each option's choice index from a code's options number; CodeError when it names
    a choice the game does not have."""
    out = [0] * len(offered)
    for j in range(len(offered) - 1, -1, -1):
        _name, _label, choices, _when = offered[j]
        count = len(choices)
        out[j] = number % count
        number //= count
    if number:
        raise CodeError("This code's options are not among this game's.")
    return out


def encode(game_id, kinds, options, offered, seed):
    """The code of a game: its id, its seats' kinds, its options dict (offered: its
    setup.py SETUP) and seed, the state [hi, lo] its generator started from."""
    if game_id not in GAMES or not 1 <= len(kinds) <= SEATS:
        raise ValueError("no code for %s with %d seats" % (game_id, len(kinds)))
    digits = [0] * DATA
    _mul_add(digits, 0x10000, seed[1] & 0xFFFF)
    _mul_add(digits, 0x10000, seed[0] & 0xFFFF)
    _mul_add(digits, OPTIONS, options_number(offered, options))
    seats = 0
    for s in range(len(kinds) - 1, -1, -1):
        seats = seats * len(KINDS) + KINDS.index(kinds[s])
    _mul_add(digits, SEAT_ROOM, SEAT_OFFSETS[len(kinds)] + seats)
    _mul_add(digits, 8, GAMES.index(game_id) + 1)
    values = [digits[i] for i in range(DATA - 1, -1, -1)]
    values.append((FORMAT - _luhn(values, False)) % 32)
    return _text(values)


def _text(values):
    text = ""
    for i in range(len(values)):
        if i and i % GROUP == 0:
            text += "-"
        text += ALPHABET[values[i]]
    return text


def decode(text):
    """The Code in a typed text (any case, with or without '-' and spaces); CodeError
    with the reason when it is not one."""
    values = []
    for ch in text.upper():
        if ch in "- ":
            continue
        ch = ALIASES.get(ch, ch)
        i = ALPHABET.find(ch)
        if i < 0:
            raise CodeError("'%s' is not in a game code: they have 0-9 and A-Z without I, L, O, U." % ch)
        values.append(i)
    if len(values) != DATA + 1:
        raise CodeError("A game code has %d characters; this has %d." % (DATA + 1, len(values)))
    if _luhn(values, True) != FORMAT:
        raise CodeError("This code has a typo: its characters do not check. Look again.")
    digits = [values[DATA - 1 - i] for i in range(DATA)]
    game = _div(digits, 8)
    seats = _div(digits, SEAT_ROOM)
    players = SEATS
    while seats < SEAT_OFFSETS[players]:
        players -= 1
    seats -= SEAT_OFFSETS[players]
    kinds = []
    for _ in range(players):
        kinds.append(KINDS[seats % len(KINDS)])
        seats //= len(KINDS)
    options = _div(digits, OPTIONS)
    hi = _div(digits, 0x10000)
    lo = _div(digits, 0x10000)
    if not 1 <= game <= len(GAMES) or [d for d in digits if d] or not (hi or lo):
        raise CodeError("This is not a code of a game this console has.")
    return Code(_text(values), GAMES[game - 1], players, kinds, options, [hi, lo])


def daily_seed(year, month, day):
    """The state every console starts the day's game from: the same date, the same dice."""
    from core.rng import Rng
    return list(Rng(year * 10000 + month * 100 + day).getstate())
