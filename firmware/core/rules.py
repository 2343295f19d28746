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


_CONTAINERS = (list, tuple, dict, bytearray)
_SEQUENCES = (list, tuple)


def plain(value):
    """A deep copy of save data, in what JSON writes: dicts and lists are copied, tuples
    and bytearrays become lists, the rest (ints, strings, bools, None) is immutable and
    kept. A game's to_save() and from_save() use it, so a save never shares a list with
    the game. A bytearray (a board, a sheet) is
    copied in one list() call, not a call per byte: a save of a 4-player Dizzle game
    230 -> 124 us and 33 -> 9 KB allocated on the unix port; Cookie Party's save (once a
    turn) made ~850 calls before."""
    # An int (most of what a save holds: sheets, boards, dice) is answered by the first
    # test; a module's tuple of types, not isinstance(value, (list, tuple)), since that
    # builds a tuple at every call on MicroPython; a list is copied whole in C and only
    # its containers copied again, not a call per int. plain(to_save()) of 4-player
    # games after 40 actions, unix port, the old (a call per item) and this in one run:
    # Dizzle 706 -> 257 us and 18.2 -> 6.9 KB; Word Cards 517 -> 258 us and 8.6 -> 3.4
    # KB; Cookie Party 358 -> 165 us and 7.5 -> 3.4 KB; Clever Kids 65 -> 41 us.
    if isinstance(value, int):
        return value
    if isinstance(value, _SEQUENCES):
        out = list(value)
        for i in range(len(out)):
            if isinstance(out[i], _CONTAINERS):
                out[i] = plain(out[i])
        return out
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
