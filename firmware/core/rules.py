"""What every rules core shares: the refusal exception, option handling, the winners
and the copy of save data.

Pure: no I/O, no hardware, runs unchanged under CPython and MicroPython.
"""


class Illegal(Exception):
    """An action the rules refuse. str(e) is a reason a player can read."""

    @property
    def reason(self):
        return self.args[0] if self.args else "not allowed"


def parse_options(spec, given):
    """Merge user options into defaults and check them.

    spec: tuple of (name, default, allowed_values_tuple, help_text).
    given: dict or None. Returns a dict. Raises ValueError with a readable
    message for an unknown name or a value that is not allowed.
    """
    opts = {}
    for name, default, _allowed, _help in spec:
        opts[name] = default
    if given:
        for name in sorted(given):
            value = given[name]
            found = _option(spec, name)
            if found is None:
                raise ValueError("unknown option '%s'" % name)
            default, allowed = found
            if isinstance(default, int) and not isinstance(default, bool) and isinstance(value, str):
                try:
                    value = int(value)
                except ValueError:
                    raise ValueError("option '%s' needs a number" % name)
            if isinstance(default, bool) and isinstance(value, str):
                value = value in ("1", "true", "on", "yes")
            if allowed and value not in allowed:
                raise ValueError("option '%s' must be one of %s" % (name, ", ".join(str(a) for a in allowed)))
            opts[name] = value
    return opts


def _option(spec, name):
    """(default, allowed values) of option name in spec, or None when spec has none."""
    for option, default, allowed, _help in spec:
        if option == name:
            return default, allowed
    return None


def plain(value):
    """A deep copy of save data, in what JSON writes: dicts and lists are copied, tuples
    and bytearrays become lists, the rest (ints, strings, bools, None) is immutable and
    kept. A game's to_save() and from_save() use it, so a save never shares a list with
    the game, and core.undo for its copy of the game. A bytearray (a board, a sheet) is
    copied in one list() call, not a call per byte: a save of a 4-player Dizzle game
    230 -> 124 us and 33 -> 9 KB allocated on the unix port; Cookie Party's save (once a
    turn) made ~850 calls before."""
    # An int (most of what a save holds: sheets, boards, dice) is answered by the first
    # test; two tests, not isinstance(value, (list, tuple)), since that builds a tuple
    # at every call on MicroPython. plain(to_save()) of 4-player games after 30-40
    # actions, unix port: Dizzle 18240 -> 6944 B, Cookie Party 7520 -> 3424 B, Word
    # Cards 8960 -> 3648 B, Clever Kids 4576 -> 2048 B; the save's fields, the fastest
    # of 7: Dizzle 723 -> 563 us, Word Cards 297 -> 253 us, Clever Kids 66 -> 44 us.
    if isinstance(value, int):
        return value
    if isinstance(value, list) or isinstance(value, tuple):
        return [plain(item) for item in value]
    if isinstance(value, bytearray):
        return list(value)
    if isinstance(value, dict):
        out = {}
        for key in value:
            out[key] = plain(value[key])
        return out
    return value


def winners_of(scores, tiebreak=None):
    """Seats with the best score (ties shared); tiebreak: list, higher is better."""
    best = None
    for i in range(len(scores)):
        key = (scores[i], tiebreak[i] if tiebreak else 0)
        if best is None or key > best:
            best = key
    return [i for i in range(len(scores)) if (scores[i], tiebreak[i] if tiebreak else 0) == best]
