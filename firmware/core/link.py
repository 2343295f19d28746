"""Link play's protocol: two consoles, one game, over a serial cable (docs/link.md).

Both consoles run the same rules core from one shared seed, so only actions travel,
never screens. This module frames messages (start byte, length, sequence number, kind,
a check byte of those four, payload, CRC-16), acknowledges and resends them (go-back-N
over a window of frames), keeps the link alive with heartbeats, gives a "link lost"
verdict after a silence, and checks in a handshake that both consoles run the same game,
rules and data.

Split in two for the heap: this module is what serves a link while a game is played
(framing, acknowledgement and resend, heartbeats, the silence clock) and stays loaded;
the handshake, the version check, the link-up and the loss verdict with their texts are
core/linkstate.py, loaded while linking (or when the link changes state: a loss, a
restarted peer's hello) and let go once linked (poll(): `_forget_state`). Measured on the
64-bit unix port from .mpy (tests/link_heap.py): this module 13.8 KB (10.5 KB without
its interned names), core.linkstate 3.9 KB more while linking, 3.6 KB of which go again
once linked (names stay interned); before the split the one module was 16.0 KB (12.8 KB
without names), all of it kept during play.

Pure: the byte port (hal.link, or a simulated cable end: open, close, readinto(buf) -> n
without blocking, write(buf, n)) and the clock (hal.clock) are passed in, so the same code
runs under CPython, the unix port and on a console. Every buffer is allocated in the
constructor: an idle poll(), a heartbeat, an acknowledgement and a received or sent action
allocate nothing (tests/test_link_heap.py holds it to that). The new-game message, sent
once a game, lives in core/linkgame.py, loaded only then.
"""
import sys

try:
    from micropython import const  # pyright: ignore[reportAssignmentType]  -- the CPython fallback below redefines const
except ImportError:
    def const(x):
        return x

PROTOCOL = 2        # the frame and message formats below; a change must bump it (2: the header check)

SYNC = 0xA5         # first byte of every frame (not ASCII: a boot log or a REPL is noise)
MAX_PAYLOAD = 120   # the longest action is 15 bytes, a 5-seat new game about 90
HEADER = const(5)   # SYNC, LEN, SEQ, KIND, HCHK (the CRC-8 of the four before it)
FRAME_MAX = MAX_PAYLOAD + 7     # the header, the payload, the CRC-16

# link control: never queued, never acknowledged
HELLO = 0x01        # the handshake (versions, this console's session)
ACK = 0x02          # SEQ = the next sequence number expected; also the heartbeat
NAK = 0x03          # as ACK, and "a frame after SEQ came first: send again from SEQ"
# messages: queued, acknowledged, resent until acknowledged, delivered once and in order
NEW_GAME = 0x10
ACTION = 0x11
RESUME = 0x12
BYE = 0x13
# what else poll() reports (never on the wire)
LINKED = 0x20       # the handshake succeeded (again); .new_peer, .dropped
LOST = 0x21         # nothing from the other console for too long; .text() says why
MISMATCH = 0x22     # the consoles cannot play together; .text() says why
ERROR = 0x23        # a checked frame this console cannot read; .text() says why

QUEUE = 8           # messages waiting for an acknowledgement or their turn to go
_WINDOW = const(4)  # frames in flight: 4 x 127 bytes fit the peer's 512-byte UART ring
_CHUNK = const(32)  # bytes taken from the port at a time

# Channel.state
LINKING = 0
LINKED_STATE = 1
LOST_STATE = 2      # linking again after a loss: hellos go out, the queue waits
MISMATCH_STATE = 3
CLOSED = 4

_STATE = "core.linkstate"


def _state():
    """core.linkstate (the handshake, link-up and loss verdict), loaded when needed."""
    from core import linkstate
    return linkstate


def _forget_state():
    """Let go of core.linkstate (linked: nothing of it is needed until the link changes
    state again), as core.session.unload does, without its collection: the next one frees it."""
    del sys.modules[_STATE]
    core = sys.modules.get("core")
    if core is not None and hasattr(core, "linkstate"):
        delattr(core, "linkstate")


def crc16(buf, start, end):
    """CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF) of buf[start:end], table-free.
    Chosen over Adler-32 (docs/link.md): 2 bytes instead of 4, catches every burst up to
    16 bits (Adler-32 is weak on frames this short), and stays below 2**16, so it never
    makes a long int on a 32-bit console. Measured on the unix port: 0.39 us a byte
    (~59 us est. Pico at x152), under the 87 us a byte takes at 115200 baud; a 512-byte
    table would be 4.6x faster but costs RAM the console lacks."""
    crc = 0xFFFF
    for i in range(start, end):
        x = ((crc >> 8) ^ buf[i]) & 0xFF
        x ^= x >> 4
        crc = ((crc << 8) ^ (x << 12) ^ (x << 5) ^ x) & 0xFFFF
    return crc


_CRC8 = b"\x00\x07\x0e\x09\x1c\x1b\x12\x15\x38\x3f\x36\x31\x24\x23\x2a\x2d"   # x<<4 through 0x07


def crc8(buf, start, end):
    """CRC-8/SMBUS (poly 0x07, init 0) of buf[start:end], a nibble at a time from a 16-byte
    table: the header's check byte. It catches every error burst up to 8 bits, so a length
    byte gone bad is refused as soon as the header is in, rather than trusted until the
    CRC-16 at the frame's end: a false length of 120 on a quiet link would hold back every
    frame behind it until 127 bytes came (seconds of resends; docs/link.md)."""
    crc = 0
    for i in range(start, end):
        crc ^= buf[i]
        crc = ((crc << 4) & 0xFF) ^ _CRC8[crc >> 4]
        crc = ((crc << 4) & 0xFF) ^ _CRC8[crc >> 4]
    return crc


class Timing:
    """The link's clock in milliseconds. lost_ms is long because a console does not serve
    the link while a computer player thinks: the slowest decision in `make bench` is 18 s
    est. Pico (Clever Kids, 4 players); lower it once the game serves the link meanwhile."""
    __slots__ = ("heartbeat_ms", "resend_ms", "resend_max_ms", "retries", "lost_ms", "hello_ms", "partial_ms")

    def __init__(self, heartbeat_ms=1000, resend_ms=200, resend_max_ms=2000, retries=12, lost_ms=20000,
                 hello_ms=500, partial_ms=50):
        self.heartbeat_ms = heartbeat_ms    # an ACK goes out when nothing else did for this long
        self.resend_ms = resend_ms          # first wait for an acknowledgement, doubled each time...
        self.resend_max_ms = resend_max_ms  # ...up to this
        self.retries = retries              # resends without progress before "lost" (~21 s)
        self.lost_ms = lost_ms              # silence before "lost"
        self.hello_ms = hello_ms            # the handshake is repeated this often until linked
        # a frame comes whole (127 bytes at most: 11 ms at 115200 baud), so a part of one
        # with nothing more in the port this long after its last byte is not a frame's start
        self.partial_ms = partial_ms


class Versions:
    """What must match for two consoles to play together (game id, rules and data
    versions, each 0-65535) and what is only shown (firmware)."""
    __slots__ = ("game", "rules", "data", "firmware")

    def __init__(self, game, rules, data, firmware):
        self.game = game
        self.rules = rules
        self.data = data
        self.firmware = firmware


# What a linked game checks in the handshake (core.linkplay, core.linkmenu): bump
# RULES_VERSION with any change of a game's rules that changes a game's course, and
# DATA_VERSION with a change of a game's data (sheets, decks, word lists)
RULES_VERSION = 1
DATA_VERSION = 1
FIRMWARE = "0.1.0"  # only shown in a mismatch text (core.launcher.VERSION)


def game_versions(game_id):
    return Versions(game_id, RULES_VERSION, DATA_VERSION, FIRMWARE)


class LinkBusy(Exception):
    """send_*() with QUEUE messages already waiting: nothing was queued."""


class Message:
    """What poll() returns; one object, reused: read it before the next poll()."""
    __slots__ = ("kind", "seat", "turn", "state_hash", "new_peer", "dropped", "new_game", "reason",
                 "_buf", "_start", "_end")

    def __init__(self, buf):
        self._buf = buf
        self.kind = self.seat = self.turn = self.state_hash = self.dropped = self._start = self._end = 0
        self.new_peer = False
        self.new_game = None
        self.reason = ""

    def text(self):
        """ACTION: the action; BYE: why; an event: a reason to show."""
        if self._end > self._start:
            return bytes(self._buf[self._start:self._end]).decode()
        return self.reason


def _u16(buf, i):
    return (buf[i] << 8) | buf[i + 1]


def _put_u16(buf, i, v):
    if not 0 <= v <= 0xFFFF:
        raise ValueError("%d out of range 0..65535" % v)
    buf[i] = v >> 8
    buf[i + 1] = v & 0xFF
    return i + 2


def put_byte(buf, i, v):
    if i >= FRAME_MAX - 2:
        raise ValueError("link message too long (at most %d bytes)" % MAX_PAYLOAD)
    if not 0 <= v <= 255:
        raise ValueError("%d does not fit a byte" % v)
    buf[i] = v
    return i + 1


def put_text(buf, i, text, counted=True):
    """Printable ASCII only (names, options and actions are; anything else is refused
    before it is queued): a length byte first when counted. Indexing a str allocates
    nothing on MicroPython, iterating one does."""
    n = len(text)
    if counted:
        i = put_byte(buf, i, n)
    if i + n > FRAME_MAX - 2:
        raise ValueError("link message too long (at most %d bytes)" % MAX_PAYLOAD)
    for k in range(n):
        c = ord(text[k])
        if c < 0x20 or c > 0x7E:
            raise ValueError("only printable ASCII goes over the link: %r" % text)
        buf[i + k] = c
    return i + n


def get_text(buf, i, end):
    """(str, next index) of a counted text; ValueError if it runs past end or is not printable."""
    n = buf[i] if i < end else 255
    i += 1
    if i + n > end or not printable(buf, i, i + n):
        raise ValueError("an unreadable text")
    return bytes(buf[i:i + n]).decode(), i + n


def printable(buf, start, end):
    for i in range(start, end):
        if buf[i] < 0x20 or buf[i] > 0x7E:
            return False
    return True


def _seal(buf, end, seq, kind):
    """Write the header of a frame whose payload ends at end, and the CRC of buf[1:end]
    after it; the frame's length."""
    buf[0] = SYNC
    buf[1] = end - HEADER
    buf[2] = seq
    buf[3] = kind
    buf[4] = crc8(buf, 0, 4)
    crc = crc16(buf, 1, end)
    buf[end] = crc >> 8
    buf[end + 1] = crc & 0xFF
    return end + 2


class Channel:
    """One console's side of a link: poll() it from the UI loop (every nap), send_*()
    what the other console must know. Messages are delivered exactly once, in order,
    across lost bytes, resends and a cable pulled out for any time, as long as both
    consoles keep running; a console that restarted is a new peer (LINKED .new_peer)."""

    def __init__(self, port, clock, versions, nonce, timing=None):
        # nonce: 4 bytes from hal.entropy, so the other console can tell a restart
        if len(nonce) != 4:
            raise ValueError("the link nonce is 4 bytes")
        self.port = port
        self.clock = clock
        self.versions = versions
        self.timing = timing or Timing()
        self.nonce = bytes(nonce)
        self.state = CLOSED
        self.reason = "Link closed"
        self.peer = None            # the other console's Versions, once heard
        self._peer_nonce = None
        self._heard = False         # the peer's matching hello arrived in this round
        self._new_peer = False
        self._dropped = 0
        # receiving: port -> chunk -> frame buffer (the frame stays there while delivered)
        self._chunk = bytearray(_CHUNK)
        self._cpos = 0
        self._clen = 0
        self._rx = bytearray(FRAME_MAX)
        self._n = 0
        self._flen = 0              # the frame's length once its header passed the check
        self._rx_at = 0             # when the port last gave bytes
        self._ready = False
        self._held = False
        self._rx_next = 0
        self._nak_for = -1          # the gap a NAK was sent for (one NAK a gap)
        # sending: a ring of QUEUE frames, the first _sent of them on the wire
        self._slots = [bytearray(FRAME_MAX) for _ in range(QUEUE)]
        self._lens = bytearray(QUEUE)
        self._head = 0
        self._count = 0
        self._sent = 0
        self._sent_hw = 0           # how many of them went out at least once
        self._base = 0              # sequence number of the first
        self._ack = bytearray(HEADER + 2)
        self._hello = bytearray(FRAME_MAX)
        self._hello_len = _state().build_hello(self)
        self._last_rx = 0
        self._last_tx = 0
        self._resend_at = 0
        self._hello_at = 0
        self._wait = self.timing.resend_ms
        self._retries = 0
        self._hellos = 0            # hellos from the peer since its last other frame
        self._events = []
        self._msg = Message(self._rx)
        # counters (docs/link.md; the tests read them)
        self.sent = 0
        self.resent = 0
        self.received = 0
        self.bad_frames = 0
        self.garbage = 0
        self.duplicates = 0
        self._noise = 0             # garbage bytes since the last good frame

    # ---- what the game calls ------------------------------------------------------------
    def open(self):
        _state().start(self)

    def close(self):
        if self.state != CLOSED:
            self.port.close()
            self.state = CLOSED
            self.reason = "Link closed"

    def linked(self):
        return self.state == LINKED_STATE

    def pending(self):
        """Messages sent and not acknowledged yet (0: the other console has them all)."""
        return self._count

    def room(self):
        return QUEUE - self._count

    def status(self):
        """A line for the screen while not linked."""
        if self.state == LINKING:
            return _state().status(self)
        return self.reason

    def poll(self):
        """Serve the link; the next received message or event (a Message, valid until the
        next poll) or None. Never blocks, never raises on what the cable brings."""
        if self.state == CLOSED:
            return None
        if self.state == LINKED_STATE and _STATE in sys.modules:
            _forget_state()
        if self._held:
            self._held = False
            self._ready = self._consume()
        now = self.clock.ticks_ms()
        self._transmit(now)
        while not self._events:
            if self._ready:
                done = self._handle(now)
                if done == 1:
                    self._held = True
                    return self._msg
                if done == 0:
                    self._ready = self._consume()
                continue
            if self._cpos >= self._clen:
                n = self.port.readinto(self._chunk)
                if not n and self._n and self.clock.ticks_diff(now, self._rx_at) >= self.timing.partial_ms:
                    # a start that no frame followed: read on from the next SYNC buffered
                    self._shift(1, True)
                    self._ready = self._check()
                    continue
                if not n:
                    # the timers only once all that waited is read: after a long busy
                    # spell the other console's frames are in the UART ring, not lost
                    self._timers(now)
                    if not self._events:
                        return None
                    break
                self._cpos = 0
                self._clen = n
                self._rx_at = now
            b = self._chunk[self._cpos]
            self._cpos += 1
            self._ready = self._push(b)
        return self._pop_event()

    def send_new_game(self, new_game):
        """A core.linkgame.NewGame; its seats as this console sees them (Seat.mine: a
        player of this console)."""
        from core import linkgame
        k = self._slot()
        self._queue(k, NEW_GAME, linkgame.encode(self._slots[k], HEADER, new_game))

    def send_action(self, seat, turn, action):
        """The action (printable ASCII) of seat, the game's turn-th (0-based: the number
        of actions applied before it)."""
        k = self._slot()
        slot = self._slots[k]
        if not action:
            raise ValueError("an empty action")
        i = put_byte(slot, HEADER, seat)
        i = _put_u16(slot, i, turn)
        self._queue(k, ACTION, put_text(slot, i, action, False))

    def send_resume(self, turn, state_hash):
        """Where this console's copy of the game stands: the actions applied and a 32-bit
        hash of its state, so both can tell whether their saves are the same game."""
        k = self._slot()
        slot = self._slots[k]
        i = _put_u16(slot, HEADER, turn)
        i = _put_u16(slot, i, (state_hash >> 16) & 0xFFFF)
        self._queue(k, RESUME, _put_u16(slot, i, state_hash & 0xFFFF))

    def send_bye(self, reason="bye"):
        k = self._slot()
        self._queue(k, BYE, put_text(self._slots[k], HEADER, reason, False))

    # ---- sending ----------------------------------------------------------------------------
    def _slot(self):
        """The free slot a message is written into (it counts once _queue seals it)."""
        if self.state == CLOSED:
            raise ValueError("the link is closed")
        if self._count >= QUEUE:
            raise LinkBusy("%d messages wait for the other console" % QUEUE)
        return (self._head + self._count) % QUEUE

    def _queue(self, k, kind, end):
        self._lens[k] = _seal(self._slots[k], end, (self._base + self._count) & 0xFF, kind)
        self._count += 1
        self._transmit(self.clock.ticks_ms())

    def _transmit(self, now):
        if self.state != LINKED_STATE:
            return
        while self._sent < self._count and self._sent < _WINDOW:
            k = (self._head + self._sent) % QUEUE
            if self._sent == 0:
                self._resend_at = now
            self.port.write(self._slots[k], self._lens[k])
            self._sent += 1
            if self._sent > self._sent_hw:
                self._sent_hw = self._sent
                self.sent += 1
            else:
                self.resent += 1
            self._last_tx = now

    def _send_ack(self, now, kind=ACK):
        self.port.write(self._ack, _seal(self._ack, HEADER, self._rx_next, kind))
        self._last_tx = now

    # ---- receiving ----------------------------------------------------------------------------
    def _push(self, b):
        n = self._n
        if n == 0 and b != SYNC:
            self.garbage += 1
            self._noise += 1
            return False
        self._rx[n] = b
        self._n = n + 1
        return self._check()

    def _check(self):
        """True when the buffer starts with a whole frame whose CRC is right; a bad start
        (a header failing its check, a frame failing its CRC) is dropped up to the next
        SYNC in what is buffered, so a frame hidden behind garbage (or behind a frame that
        lost a byte) is still found."""
        rx = self._rx
        while True:
            n = self._n
            if not self._flen:
                if n < HEADER:
                    return False
                if rx[1] <= MAX_PAYLOAD and rx[4] == crc8(rx, 0, 4):
                    self._flen = rx[1] + HEADER + 2
            if self._flen:
                total = self._flen
                if n < total:
                    return False
                crc = crc16(rx, 1, total - 2)
                if rx[total - 2] == crc >> 8 and rx[total - 1] == crc & 0xFF:
                    return True
                self.bad_frames += 1
            self._shift(1, True)

    def _shift(self, start, to_sync):
        """Drop the buffer's first bytes (up to the next SYNC after start when to_sync)."""
        rx = self._rx
        n = self._n
        self._flen = 0
        i = start
        if to_sync:
            while i < n and rx[i] != SYNC:
                i += 1
            self.garbage += i
            self._noise += i
        j = 0
        while i < n:
            rx[j] = rx[i]
            i += 1
            j += 1
        self._n = j

    def _consume(self):
        self._shift(self._flen, False)
        return self._check()

    def _handle(self, now):
        """0: done with the frame; 1: deliver it (self._msg); 2: keep it for the next poll."""
        rx = self._rx
        seq = rx[2]
        kind = rx[3]
        end = self._flen - 2
        self._noise = 0
        self.received += 1
        if kind == HELLO:
            _state().on_hello(self, now, end)
            return 0
        if self.state != LINKED_STATE:
            if self._heard and (kind == ACK or kind == NAK or kind >= NEW_GAME):
                _state().linked(self, now)  # the peer sends these only once it has our hello
                return 2            # the LINKED event first
            return 0
        self._last_rx = now
        self._hellos = 0
        if kind == ACK or kind == NAK:
            self._on_ack(seq, now)
            if kind == NAK and self._sent:
                self._sent = 0      # go back now rather than after the resend wait
                self._transmit(now)
            return 0
        if kind < NEW_GAME:
            return self._unreadable(kind)
        if seq != self._rx_next:
            self.duplicates += 1
            if (seq - self._rx_next) & 0xFF < 128 and self._nak_for != self._rx_next:
                self._nak_for = self._rx_next   # a frame came after a lost one
                self._send_ack(now, NAK)
            else:
                self._send_ack(now)             # a resend of what arrived
            return 0
        self._rx_next = (seq + 1) & 0xFF
        self._nak_for = -1
        self._send_ack(now)
        return self._deliver(kind, end)

    def _deliver(self, kind, end):
        rx = self._rx
        m = self._msg
        m.kind = kind
        m._start = m._end = 0
        m.new_game = None
        m.reason = ""
        if kind == ACTION:
            if end < HEADER + 4 or not printable(rx, HEADER + 3, end):
                return self._unreadable(kind)
            m.seat = rx[HEADER]
            m.turn = _u16(rx, HEADER + 1)
            m._start = HEADER + 3
            m._end = end
        elif kind == BYE:
            if not printable(rx, HEADER, end):
                return self._unreadable(kind)
            m._start = HEADER
            m._end = end
        elif kind == RESUME:
            if end != HEADER + 6:
                return self._unreadable(kind)
            m.turn = _u16(rx, HEADER)
            m.state_hash = (_u16(rx, HEADER + 2) << 16) | _u16(rx, HEADER + 4)
        elif kind == NEW_GAME:
            from core import linkgame
            try:
                m.new_game = linkgame.decode(rx, HEADER, end)  # pyright: ignore[reportAttributeAccessIssue]  -- unannotated: new_game starts as None
            except ValueError:
                return self._unreadable(kind)
        else:
            return self._unreadable(kind)
        return 1

    def _unreadable(self, kind):
        self.bad_frames += 1
        self._event(ERROR, "The other console sent a message this one cannot read (kind 0x%02x)" % kind)
        return 0

    def _on_ack(self, seq, now):
        acked = (seq - self._base) & 0xFF
        if acked == 0 or acked > self._sent_hw:
            return      # nothing new, or an acknowledgement from before a go-back
        self._head = (self._head + acked) % QUEUE
        self._count -= acked
        self._sent_hw -= acked
        self._sent = self._sent - acked if self._sent > acked else 0
        self._base = seq
        self._retries = 0
        self._wait = self.timing.resend_ms
        self._resend_at = now
        self._transmit(now)

    # ---- time ------------------------------------------------------------------------------
    def _timers(self, now):
        t = self.timing
        clock = self.clock
        if self.state == LINKED_STATE:
            silent = clock.ticks_diff(now, self._last_rx)
            if silent >= t.lost_ms:
                state = _state()
                state.lose(self, now, state.silence_reason(self, silent))
                return
            if self._sent and clock.ticks_diff(now, self._resend_at) >= self._wait:
                if self._retries >= t.retries:
                    state = _state()
                    state.lose(self, now, state.NOT_ACKNOWLEDGED)
                    return
                self._retries += 1
                self._wait = min(self._wait * 2, t.resend_max_ms)
                self._sent = 0      # go back: _transmit sends them all again
            if clock.ticks_diff(now, self._last_tx) >= t.heartbeat_ms:
                self._send_ack(now)
        elif self.state != CLOSED:
            if clock.ticks_diff(now, self._hello_at) >= t.hello_ms:
                _state().send_hello(self, now)

    # ---- events --------------------------------------------------------------------------------
    def _event(self, kind, reason, new_peer=False, dropped=0):
        if len(self._events) >= 4:
            self._events.pop(0)
        self._events.append((kind, reason, new_peer, dropped))

    def _pop_event(self):
        kind, reason, new_peer, dropped = self._events.pop(0)
        m = self._msg
        m.kind = kind
        m.reason = reason
        m.new_peer = new_peer
        m.dropped = dropped
        m.new_game = None
        m._start = m._end = 0
        return m
