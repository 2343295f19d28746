"""The link's changes of state (docs/link.md, "The handshake and versions", "What happens
on loss"): hellos and the version check, the link-up, a restarted peer, the loss verdict
and its reasons, the waiting line. core.link's Channel loads this module only while it
links (or when the link changes state: a loss, a hello from the other console during
play) and lets go of it once linked, so a game in play does not hold it. Functions of
the channel (its fields are core.link's), no state of their own.
"""
from core.link import (HEADER, HELLO, LINKED, LINKED_STATE, LINKING, LOST, LOST_STATE, MISMATCH, MISMATCH_STATE,
                       PROTOCOL, Versions, _put_u16, _seal, _u16, get_text, put_text)

_HEARD = 1          # HELLO flag: "I have your hello and our versions match"

WAITING = "Waiting for the other console: connect the cable and pick Link play on both"
NOT_ACKNOWLEDGED = ("The other console does not acknowledge what this one sends: check the wire from this "
                    "console's TX to its RX")


def start(ch):
    """Channel.open(): linking starts, a hello goes out."""
    ch.port.open()
    now = ch.clock.ticks_ms()
    ch.state = LINKING
    ch.reason = WAITING
    ch._heard = False
    ch._last_rx = now
    send_hello(ch, now)


def status(ch):
    """Channel.status() while linking."""
    if ch._noise:
        return "%d unreadable bytes from the cable: is the other console running pocket-party?" % ch._noise
    return WAITING


def build_hello(ch):
    """The hello's payload in ch._hello (FRAME_MAX bytes, made once); the frame's length."""
    h = ch._hello
    v = ch.versions
    h[HEADER] = PROTOCOL
    h[HEADER + 1] = 0
    for j in range(4):
        h[HEADER + 2 + j] = ch.nonce[j]
    _put_u16(h, HEADER + 6, v.rules)
    _put_u16(h, HEADER + 8, v.data)
    i = put_text(h, HEADER + 10, v.game)
    return put_text(h, i, v.firmware) + 2


def send_hello(ch, now):
    h = ch._hello
    h[HEADER + 1] = _HEARD if (ch._heard or ch.state == LINKED_STATE) else 0
    ch.port.write(h, _seal(h, ch._hello_len - 2, 0, HELLO))
    ch._hello_at = now
    ch._last_tx = now


def mismatch(mine, theirs):
    """A reason a player can read, or None when the consoles can play together."""
    if theirs.game != mine.game:
        return "The other console is set for %s, this one for %s: pick the same game on both" % (
            theirs.game, mine.game)
    what = "rules" if theirs.rules != mine.rules else "data" if theirs.data != mine.data else None
    if what is None:
        return None
    return "%s %s %d on the other console (firmware %s), %d on this one (%s): put the same firmware on both" % (
        mine.game, what, getattr(theirs, what), theirs.firmware, getattr(mine, what), mine.firmware)


def on_hello(ch, now, end):
    rx = ch._rx
    if end < HEADER + 12:
        ch.bad_frames += 1
        return
    if rx[HEADER] != PROTOCOL:
        mismatched(ch, "Link protocol %d on the other console, %d on this one: put the same firmware "
                       "on both" % (rx[HEADER], PROTOCOL))
        return
    flags = rx[HEADER + 1]
    try:
        game, i = get_text(rx, HEADER + 10, end)
        firmware, i = get_text(rx, i, end)
    except ValueError:
        ch.bad_frames += 1
        return
    theirs = Versions(game, _u16(rx, HEADER + 6), _u16(rx, HEADER + 8), firmware)
    ch.peer = theirs
    reason = mismatch(ch.versions, theirs)
    if reason is not None:
        mismatched(ch, reason)
        return
    nonce = bytes(rx[HEADER + 2:HEADER + 6])
    if nonce != ch._peer_nonce:
        ch._new_peer = True
        ch._dropped = 0 if ch._peer_nonce is None else restart_session(ch)
        ch._peer_nonce = nonce
        if ch.state == LINKED_STATE:      # it restarted while this one stayed linked
            ch._event(LINKED, "Linked", True, ch._dropped)
            ch._new_peer = False
    if ch.state == LINKED_STATE:
        if flags & _HEARD:
            ch._send_ack(now)     # links it now rather than at the next heartbeat
        else:
            ch._hellos += 1       # it lost this console: answer
            send_hello(ch, now)
        return
    if ch.state == MISMATCH_STATE:
        ch.state = LINKING
        ch.reason = WAITING
    ch._heard = True
    if flags & _HEARD:
        linked(ch, now)
    else:
        send_hello(ch, now)


def restart_session(ch):
    """The peer is a new session: what was queued for the old one is dropped."""
    dropped = ch._count
    ch._head = ch._count = ch._sent = ch._sent_hw = ch._base = 0
    ch._rx_next = 0
    ch._nak_for = -1
    return dropped


def mismatched(ch, reason):
    ch._heard = False
    if ch.state != MISMATCH_STATE or ch.reason != reason:
        ch.state = MISMATCH_STATE
        ch.reason = reason
        ch._event(MISMATCH, reason)


def linked(ch, now):
    ch.state = LINKED_STATE
    ch.reason = "Linked"
    ch._last_rx = now
    ch._hellos = 0
    ch._retries = 0
    ch._wait = ch.timing.resend_ms
    ch._sent = 0
    ch._event(LINKED, "Linked", ch._new_peer, ch._dropped)
    ch._new_peer = False
    ch._dropped = 0
    ch._send_ack(now)
    ch._transmit(now)


def silence_reason(ch, ms):
    if ch._hellos:
        return "The other console does not hear this one: check the wire from this console's TX to its RX"
    s = "%d.%d s" % (ms // 1000, ms % 1000 // 100) if ms < 10000 else "%d s" % (ms // 1000)
    if ch._noise:
        return "Only noise from the other console for %s (%d bytes): check the cable" % (s, ch._noise)
    return "No answer from the other console for %s: is the cable in?" % s


def lose(ch, now, reason):
    ch.state = LOST_STATE
    ch.reason = reason
    ch._heard = False
    ch._sent = 0
    ch._event(LOST, reason)
    send_hello(ch, now)
