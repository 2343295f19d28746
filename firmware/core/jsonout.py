"""Deterministic JSON text for transcripts and saves.

MicroPython's json.dumps neither sorts keys nor iterates dicts in insertion
order, so anything compared between CPython and MicroPython goes through here:
keys sorted, no spaces, ints/strings/bools/None/lists/tuples/dicts only.
"""


_CHUNK = 48
# the short escapes JSON has for control characters (others are \u00XX)
_SHORT = ("", "", "", "", "", "", "", "", "\\b", "\\t", "\\n", "", "\\f", "\\r") + ("",) * 18


class _Out:
    """Collects the pieces, folding them into one string every _CHUNK pieces, so no
    large list block is needed on a small, fragmented heap."""

    def __init__(self):
        self.done = ""
        self.parts = []

    def append(self, piece):
        parts = self.parts
        parts.append(piece)
        if len(parts) >= _CHUNK:
            self.done += "".join(parts)
            del parts[:]

    def text(self):
        return self.done + "".join(self.parts)


def dumps(obj):
    out = _Out()
    _write(obj, out)
    return out.text()


def write(obj, out):
    """dumps(obj)'s text given piece by piece to out.append(str), never whole."""
    _write(obj, out)


def _write(obj, out):
    if obj is None:
        out.append("null")
    elif obj is True:
        out.append("true")
    elif obj is False:
        out.append("false")
    elif isinstance(obj, int):
        out.append(str(obj))
    elif isinstance(obj, str):
        _write_str(obj, out)
    elif isinstance(obj, (list, tuple)):
        out.append("[")
        first = True
        for item in obj:
            if not first:
                out.append(",")
            first = False
            _write(item, out)
        out.append("]")
    elif isinstance(obj, dict):
        out.append("{")
        first = True
        for key in sorted(obj):
            if not isinstance(key, str):
                raise TypeError("json keys must be str")
            if not first:
                out.append(",")
            first = False
            _write_str(key, out)
            out.append(":")
            _write(obj[key], out)
        out.append("}")
    elif isinstance(obj, (bytes, bytearray)):
        # a list of ints, written without making the list (a board or sheet a rules
        # core keeps as a bytearray is saved without a copy)
        out.append("[")
        for i in range(len(obj)):
            if i:
                out.append(",")
            out.append(str(obj[i]))
        out.append("]")
    else:
        raise TypeError("not serialisable: %r" % (obj,))


def _plain(s):
    for ch in s:
        o = ord(ch)
        if o < 0x20 or o > 0x7E or ch == '"' or ch == "\\":
            return False
    return True


def _write_str(s, out):
    if _plain(s):
        # the common case in one piece: a list entry per character would need a
        # large block for long transcripts on a small heap
        out.append('"' + s + '"')
        return
    out.append('"')
    for ch in s:
        o = ord(ch)
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif o < 0x20 and _SHORT[o]:
            out.append(_SHORT[o])
        elif o > 0xFFFF:  # outside the BMP: a UTF-16 surrogate pair, as JSON wants
            o -= 0x10000
            out.append("\\u%04x\\u%04x" % (0xD800 | (o >> 10), 0xDC00 | (o & 0x3FF)))
        elif o < 0x20 or o > 0x7E:
            out.append("\\u%04x" % o)
        else:
            out.append(ch)
    out.append('"')
