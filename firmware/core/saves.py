"""Versioned, checksummed saves written so a power cut never loses the last good one.

File layout: b"PPSV", format version (1 byte), payload length (4 bytes LE),
Adler-32 of the payload (4 bytes LE), then the payload: JSON text (the port's
json module; key order is not kept). Writing: the new file goes to NAME.tmp and is read back; only if
the current NAME still reads back valid is it kept as NAME.bak; then NAME.tmp
becomes NAME by rename (atomic on littlefs and POSIX).

Loading tries a complete NAME.tmp first (the power went after writing it, so it
is the newest), then NAME, then NAME.bak, and reports every damaged file it had
to pass over, naming the copy in a player's words. A complete NAME.tmp is
adopted at once (it becomes NAME, the old NAME its .bak), so that the next save,
which writes NAME.tmp again, cannot destroy the newest copy if it is cut too; a
save adopts it the same way when no load came first (a new game over a cut save).
Deleting removes the oldest copy first: a cut delete may leave the newest copy, never
an older one.
tests/test_power_cut.py cuts the power at every storage operation to prove it.
"""
import json
from core.jsonout import dumps, write

MAGIC = b"PPSV"
VERSION = 1
_HEADER = 13


# The three copies of a save, as a player is told about them
UNFINISHED = "unfinished copy"  # NAME.tmp: a save the power cut short
NEWEST = "newest copy"          # NAME
OLDER = "older copy"            # NAME.bak: the one saved before it
_COPIES = ((".tmp", UNFINISHED), ("", NEWEST), (".bak", OLDER))


class SaveError(Exception):
    pass


def ptr8(buf):
    """The viper cast to a byte pointer: compiled away in native code, plain indexing
    where the function runs as Python."""
    return buf


class micropython:  # noqa: N801
    """Where MicroPython compiles @micropython.viper itself it never looks this name
    up; under CPython (and the browser's port, whose build takes the decorator out)
    the decorator leaves the function as it is."""
    viper = ptr8


@micropython.viper
def _adler(data, n: int, a: int, b: int) -> int:
    # Native code on the console: a 3 KB save's checksum in 0.2 ms on the unix port
    # as bytecode, 33 ms on a Pico; a save checks two files and a load one.
    # a, b: the two sums so far (each below 65521), so a checksum can go on piece by piece
    p = ptr8(data)
    i = 0
    while i < n:
        a += p[i]
        if a >= 65521:
            a -= 65521
        b += a
        if b >= 65521:
            b -= 65521
        i += 1
    return (b << 16) | a


def adler32(data, start=1):
    """Adler-32 of bytes or a bytearray (an int below 2**32); start: the Adler-32 of the
    bytes before them, to checksum a text piece by piece (json_adler32)."""
    value = _adler(data, len(data), start & 0xFFFF, (start >> 16) & 0xFFFF)
    if value < 0:  # a 32-bit port's native int wrapped past 2**31
        value += 1 << 32
    return value


class _Adler32:
    """Takes JSON text piece by piece (core.jsonout.write) into its Adler-32, a few
    pieces at a time, so the whole text is never made: the game's start, where a linked
    console's RESUME hash is taken, is where a linked Word Cards game ran out of memory
    first (at a 262K heap: dumps' text growing, then its bytes; the save's is 1.5 KB).
    The same value as adler32 of the whole text's bytes."""

    def __init__(self):
        self.sum = 1            # the Adler-32 of what was folded in so far
        self.parts = []

    def append(self, piece):
        parts = self.parts
        parts.append(piece)
        if len(parts) >= 32:
            self.fold()

    def fold(self):
        data = "".join(self.parts).encode()
        del self.parts[:]
        self.sum = adler32(data, self.sum)

    def value(self):
        self.fold()
        return self.sum


def json_adler32(obj):
    """The Adler-32 of core.jsonout's text of obj (its bytes), the text never made whole:
    what a linked game's RESUME compares (core.linkcheck.state_hash)."""
    digest = _Adler32()
    write(obj, digest)
    return digest.value()


def _u32(n):
    return bytes((n & 0xFF, (n >> 8) & 0xFF, (n >> 16) & 0xFF, (n >> 24) & 0xFF))


def _read_u32(data, at):
    return data[at] | (data[at + 1] << 8) | (data[at + 2] << 16) | (data[at + 3] << 24)


def text_of(obj):
    """Save data as JSON text. The port's own json (C) writes it thirty times faster
    than core.jsonout (a 3 KB Cookie Party save: 70 us against 2,040 us on the unix
    port, 155 ms on a Pico). It keeps no key order, which a save does not need
    (transcripts, which are compared between interpreters, go through core.jsonout).
    Bytes inside (a board kept as a bytearray) only core.jsonout can write: the slow way."""
    try:
        return json.dumps(obj, separators=(",", ":"))
    except TypeError:
        return dumps(obj)


def encode(obj):
    text = text_of(obj)
    # At most two copies of the save whole at once: the text, then its bytes, then the
    # file. Header + payload as one expression held three (the text, its bytes and the
    # sum): a Word Cards save in the middle of a turn is 2.7 KB, and the key fuzz ran out
    # of memory in it at the console's heap cap (tests/fuzz.py --games words --seed 500).
    payload = text.encode()
    text = None
    n = len(payload)
    data = bytearray(_HEADER + n)
    data[0:4] = MAGIC
    data[4] = VERSION
    data[5:9] = _u32(n)
    data[9:_HEADER] = _u32(adler32(payload))
    data[_HEADER:] = payload
    return data


def check(data):
    """Raise SaveError unless data is a whole, undamaged save (header and checksum);
    returns the payload, a view into data (no copy). Cheap: it does not parse the JSON.

    A save checks two files: the copy of each payload it made took a second block of
    the file's size (1.5 KB for a Word Cards save), and a Word Cards game near the heap
    cap ran out of memory in that copy (tests/fuzz.py, words seed 1003)."""
    if data is None:
        raise SaveError("missing")
    if len(data) < _HEADER or data[:4] != MAGIC:
        raise SaveError("not a save file")
    if data[4] != VERSION:
        raise SaveError("made by another version (v%d)" % data[4])
    n = _read_u32(data, 5)
    payload = memoryview(data)[_HEADER:]
    if len(payload) != n:
        raise SaveError("cut short (%d of %d bytes)" % (len(payload), n))
    if adler32(payload) != _read_u32(data, 9):
        raise SaveError("damaged (checksum)")
    return payload


def decode(data):
    """The saved object, or SaveError with a reason a player can read."""
    payload = check(data)
    try:
        try:
            return json.loads(payload)  # pyright: ignore[reportArgumentType]  -- MicroPython's json reads any buffer; the stub says str
        except TypeError:
            return json.loads(bytes(payload))   # CPython's wants bytes
    except ValueError:
        raise SaveError("damaged (not readable)")


class Saves:
    def __init__(self, storage):
        self.storage = storage

    def _valid(self, name):
        try:
            check(self.storage.read(name))
            return True
        except SaveError:
            return False

    def save(self, name, obj):
        st = self.storage
        tmp = name + ".tmp"
        if st.exists(tmp) and self._valid(tmp):
            self._commit(name)  # a cut save never loaded since: it is the newest, keep it first
        # Whether the copy this save replaces is worth keeping as NAME.bak, found before
        # the new text is made: never both whole in memory at once. A save in the middle
        # of a turn holds Undo's copy of the game (2.5 KB in Word Cards), and reading the
        # old copy beside the new one ran out of memory in the key fuzz at the console's
        # heap cap (tests/fuzz.py --games words --seed 27 --sequences 1 --keys 1000).
        keep = self._valid(name)
        data = encode(obj)
        st.write(tmp, data)
        # Read back whole and checked against the length and checksum written, with the
        # save's own copy let go first: the file and the save are never both in memory
        sums = bytes(data[5:_HEADER])
        data = None
        if not self._kept(tmp, sums):
            st.remove(tmp)
            raise SaveError("the storage did not keep the save")
        self._commit(name, keep)

    def _kept(self, name, sums):
        """Whether the file reads back whole, undamaged, with this length and checksum."""
        back = self.storage.read(name)
        try:
            check(back)
        except SaveError:
            return False
        return back[5:_HEADER] == sums

    def _commit(self, name, keep=None):
        """NAME.tmp (complete) becomes NAME; NAME, if valid (keep: known), becomes NAME.bak
        first."""
        st = self.storage
        if keep is None:
            keep = self._valid(name)
        if keep:
            st.rename(name, name + ".bak")
        st.rename(name + ".tmp", name)

    def load(self, name, check=None):
        """(object or None, list of problems found). Never raises for bad files.

        check(obj), if given, says whether a save has the right shape: it returns False or
        raises (KeyError...) when not, and that copy then counts as damaged like a bad
        checksum, so the next one is tried. A complete NAME.tmp is made NAME (see above)."""
        problems = []
        for suffix, copy in _COPIES:
            data = self.storage.read(name + suffix)
            if data is None:
                continue
            try:
                obj = decode(data)
            except SaveError as e:
                problems.append("%s: %s" % (copy, e))
                continue
            if check is not None and not _fits(check, obj):
                problems.append("%s: wrong contents for this version" % copy)
                continue
            if suffix == ".tmp":
                try:
                    self._commit(name)
                except OSError:
                    pass  # read-only storage: it loads from NAME.tmp until it can be written
            return obj, problems
        return None, problems

    def readable(self, name):
        """Some copy is whole (header and checksum; the JSON is not parsed): what load
        would find, told cheaply."""
        return self._valid(name + ".tmp") or self._valid(name) or self._valid(name + ".bak")

    def exists(self, name):
        st = self.storage
        return st.exists(name) or st.exists(name + ".tmp") or st.exists(name + ".bak")

    def delete(self, name):
        # oldest first, so a cut delete never leaves an older copy to load: NAME.bak, then
        # NAME, then NAME.tmp (when complete, a cut save not loaded since, it is the newest)
        for suffix in (".bak", "", ".tmp"):
            self.storage.remove(name + suffix)


def _fits(check, obj):
    try:
        return check(obj) is not False
    except MemoryError:
        raise  # not the save's fault
    except Exception:
        return False
