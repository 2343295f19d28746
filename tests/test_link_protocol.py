"""Link play's protocol (firmware/core/link.py) over the simulator's virtual cable
(sim/cable.py), in one process on a virtual clock: the handshake, delivery exactly once
and in order over a clean and a lossy cable, the cable pulled and plugged back, a peer
that restarts, versions that differ, and a peer that sends garbage."""
import pytest

from core import link, linkgame
from core.rng import Rng
from sim.cable import Cable, Noise
from link_pair import ManualClock, Pair, Side, VERSIONS

T = link.Timing()


def send_stream(side, n, text="a%d"):
    """Send n actions as fast as the queue takes them (polling drives the rest)."""
    side.next = getattr(side, "next", 0)
    ch = side.channel
    while side.next < n and ch.room() and ch.linked():
        ch.send_action(side.next % 4, side.next % 65536, text % side.next)
        side.next += 1


def expected(n, text="a%d"):
    return [(i % 4, i % 65536, text % i) for i in range(n)]


def exchange(pair, n, limit_ms=3600000):
    """Both sides send n actions to each other; every one arrives once and in order."""
    a, b = pair.a, pair.b

    def done():
        send_stream(a, n, "a%d")
        send_stream(b, n, "b%d")
        return (len(a.actions) >= n and len(b.actions) >= n and not a.channel.pending()
                and not b.channel.pending())
    pair.until(done, limit_ms)
    assert b.actions == expected(n, "a%d")
    assert a.actions == expected(n, "b%d")


def test_crc16_is_ccitt_false():
    assert link.crc16(b"123456789", 0, 9) == 0x29B1
    assert link.crc16(b"xx123456789", 2, 11) == 0x29B1


def test_handshake_links_both_and_says_new_peer():
    p = Pair()
    p.linked()
    for side in (p.a, p.b):
        assert side.events == [(link.LINKED, "Linked", True, 0)]
        assert side.channel.peer.game == "clever" and side.channel.peer.firmware == "0.1.0"
    assert p.clock.now < 100   # a hello and its answer: milliseconds on a clean cable


def test_thousands_of_actions_on_a_clean_cable():
    p = Pair()
    p.linked()
    exchange(p, 3000)
    for side in (p.a, p.b):
        ch = side.channel
        assert ch.resent == 0 and ch.bad_frames == 0 and ch.garbage == 0 and ch.duplicates == 0
        assert side.kinds() == [link.LINKED]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_thousands_of_actions_on_a_lossy_cable(seed):
    """About one byte in 70 dropped, corrupted, duplicated or delayed, each way."""
    noise = [Noise(seed * 2 + k, drop=0.004, corrupt=0.004, duplicate=0.003, delay=0.004) for k in (0, 1)]
    p = Pair(noise[0], noise[1])
    p.linked()
    exchange(p, 2000)
    for n in noise:
        assert n.dropped and n.corrupted and n.duplicated and n.delayed
    for side in (p.a, p.b):
        ch = side.channel
        assert ch.resent > 0 and ch.bad_frames > 0 and ch.duplicates > 0
        assert side.kinds() == [link.LINKED]   # never "lost" on a merely bad cable


def test_a_very_bad_cable_still_delivers_everything_once():
    noise = [Noise(7 + k, drop=0.02, corrupt=0.02, duplicate=0.02, delay=0.02) for k in (0, 1)]
    p = Pair(noise[0], noise[1])
    p.linked()
    exchange(p, 200)


def test_ticks_wrap_during_the_exchange():
    p = Pair(Noise(11, drop=0.003, corrupt=0.003), Noise(12, drop=0.003), start=(1 << 30) - 3000)
    p.linked()
    exchange(p, 1000)   # the clock wraps after 3 s, well inside


def test_cable_pulled_shorter_than_lost_keeps_the_link():
    p = Pair()
    p.linked()
    for i in range(6):
        p.a.channel.send_action(0, i, "x%d" % i)
    p.run(2)
    p.cable.unplug()    # mid-turn: frames on the wire are lost
    p.run(T.lost_ms - 3000)
    p.cable.plug()
    p.until(lambda: len(p.b.actions) == 6 and not p.a.channel.pending(), 10000)
    assert p.b.actions == [(0, i, "x%d" % i) for i in range(6)]
    assert p.a.kinds() == [link.LINKED] and p.b.kinds() == [link.LINKED]


def test_cable_pulled_long_gives_lost_then_resumes_with_nothing_lost():
    p = Pair()
    p.linked()
    exchange(p, 50)
    for i in range(3):
        p.a.channel.send_action(1, 50 + i, "late%d" % i)
    p.cable.unplug()
    p.run(T.lost_ms + 1000)
    for side in (p.a, p.b):
        assert side.kinds() == [link.LINKED, link.LOST]
        assert "No answer from the other console for 20 s" in side.events[-1][1]
        assert side.channel.state == link.LOST_STATE
    p.b.channel.send_action(2, 50, "while-lost")   # queued, goes when linked again
    p.run(60000)        # a minute unplugged: nothing changes, hellos go nowhere
    p.cable.plug()
    p.until(lambda: p.a.channel.linked() and p.b.channel.linked() and not p.a.channel.pending()
            and not p.b.channel.pending(), 10000)
    p.run(50)
    for side in (p.a, p.b):
        assert side.events[2] == (link.LINKED, "Linked", False, 0)   # the same peer: resumed
    assert p.b.actions[50:] == [(1, 50 + i, "late%d" % i) for i in range(3)]
    assert p.a.actions[50:] == [(2, 50, "while-lost")]


def test_unplugged_during_the_handshake_then_plugged():
    p = Pair()
    p.cable.unplug()
    p.open()
    p.run(30000)
    assert p.a.events == [] and p.b.events == []
    assert p.a.channel.status().startswith("Waiting for the other console")
    p.cable.plug()
    p.until(lambda: p.a.channel.linked() and p.b.channel.linked(), 2000)


def test_busy_peer_that_does_not_poll_for_18_s_is_not_lost():
    """A computer player thinking: the console serves no link for 18 s (bench's worst)."""
    p = Pair()
    p.linked()
    p.b.busy_until = p.clock.now + 18000
    for i in range(8):
        p.a.channel.send_action(0, i, "move %d with a longer text to fill the ring" % i)
    p.run(18000)
    p.until(lambda: len(p.b.actions) == 8 and not p.a.channel.pending(), 10000)
    assert [a[1] for a in p.b.actions] == list(range(8))
    assert p.a.kinds() == [link.LINKED] and p.b.kinds() == [link.LINKED]
    assert p.cable.lines[0].overflow > 0    # the resends overflowed B's UART ring: harmless


def test_one_way_cable_gives_a_reason_naming_the_wire():
    p = Pair()
    p.linked()
    p.cable.lines[0].noise = Noise(1, drop=1.0)   # A's TX to B's RX is broken
    p.a.channel.send_action(0, 0, "lost")
    p.run(T.lost_ms + 3000)
    a_lost = [e for e in p.a.events if e[0] == link.LOST]
    b_lost = [e for e in p.b.events if e[0] == link.LOST]
    assert a_lost and "wire from this console's TX to its RX" in a_lost[0][1]
    assert b_lost and "No answer" in b_lost[0][1]


def test_peer_restart_is_a_new_peer_and_drops_what_was_queued_for_the_old_one():
    p = Pair()
    p.linked()
    exchange(p, 10)
    p.cable.unplug()
    p.a.channel.send_action(0, 10, "for the old B")
    p.run(100)
    # B reboots: a new channel, a new nonce, on the same end of the cable
    p.b = Side("B", p.cable.b, p.clock, nonce=b"bbbb")
    p.b.channel.open()
    p.cable.plug()
    p.until(lambda: p.a.channel.linked() and p.b.channel.linked()
            and any(e[0] == link.LINKED and e[2] for e in p.a.events[1:]), 30000)
    p.run(50)
    restart = [e for e in p.a.events[1:] if e[0] == link.LINKED]
    assert restart == [(link.LINKED, "Linked", True, 1)]
    assert p.b.events == [(link.LINKED, "Linked", True, 0)]
    p.a.channel.send_action(0, 0, "fresh")
    p.until(lambda: p.b.actions == [(0, 0, "fresh")], 2000)


@pytest.mark.parametrize("change,words,b_words", [
    (link.Versions("clever", 4, 1, "0.2.0"), ["clever rules 4 on the other console (firmware 0.2.0)",
                                               "3 on this one (0.1.0)"],
     ["clever rules 3 on the other console (firmware 0.1.0), 4 on this one (0.2.0)"]),
    (link.Versions("clever", 3, 2, "0.1.0"), ["clever data 2 on the other console", "1 on this one"],
     ["clever data 1 on the other console", "2 on this one"]),
    (link.Versions("dizzle", 3, 1, "0.1.0"), ["The other console is set for dizzle, this one for clever"],
     ["The other console is set for clever, this one for dizzle: pick the same game on both"]),
])
def test_version_mismatch_gives_both_a_clear_reason(change, words, b_words):
    p = Pair(versions_b=change)
    p.open()
    p.run(3000)
    assert not p.a.channel.linked() and not p.b.channel.linked()
    assert p.a.kinds() == [link.MISMATCH] and p.b.kinds() == [link.MISMATCH]
    for w in words:
        assert w in p.a.events[0][1]
    assert p.a.channel.status() == p.a.events[0][1]
    for w in b_words:   # the mirror image
        assert w in p.b.events[0][1]
    # sending while mismatched queues (nothing is lost, nothing goes)
    p.a.channel.send_action(0, 0, "waits")
    p.run(1000)
    assert p.b.actions == []


def test_other_protocol_version_is_a_mismatch():
    p = Pair()
    p.b.channel._hello[5] = link.PROTOCOL + 1     # the first payload byte
    p.open()
    p.run(2000)
    assert p.a.events == [(link.MISMATCH, "Link protocol %d on the other console, %d on this one: put the same "
                                          "firmware on both" % (link.PROTOCOL + 1, link.PROTOCOL), False, 0)]


def test_mismatch_then_the_other_picks_the_same_game_links():
    p = Pair(versions_b=link.Versions("dizzle", 3, 1, "0.1.0"))
    p.open()
    p.run(2000)
    p.b = Side("B", p.cable.b, p.clock, nonce=b"bbbb")
    p.b.channel.open()
    p.until(lambda: p.a.channel.linked() and p.b.channel.linked(), 3000)
    p.run(50)
    assert p.a.kinds() == [link.MISMATCH, link.LINKED]


def _garbage(rng, n):
    return bytes(rng.next16() & 0xFF for _ in range(n))


def test_garbage_between_frames_loses_nothing_and_never_raises():
    p = Pair()
    p.linked()
    rng = Rng(5)
    a = p.a
    sent = 0
    while len(p.b.actions) < 500:
        if sent < 500 and a.channel.room():
            a.channel.send_action(0, sent, "g%d" % sent)
            sent += 1
        if rng.next16() % 10 == 0:
            junk = _garbage(rng, 1 + rng.next16() % 40)
            if rng.next16() % 3 == 0:
                junk = bytes((link.SYNC,)) + junk     # a false start
            p.cable.b.inject(junk)
        p.tick()
    assert p.b.actions == [(0, i, "g%d" % i) for i in range(500)]
    assert p.b.channel.garbage > 1000
    assert p.b.kinds() == [link.LINKED]


def test_a_peer_that_only_sends_garbage_gets_a_clear_status():
    clock = ManualClock()
    cable = Cable(clock)
    side = Side("A", cable.a, clock)
    side.channel.open()
    rng = Rng(9)
    for _ in range(2000):
        cable.a.inject(_garbage(rng, 8))
        clock.now += 10
        side.poll()
    assert side.events == []
    assert not side.channel.linked()
    assert "unreadable bytes from the cable: is the other console running pocket-party?" in side.channel.status()


def test_garbage_only_while_linked_is_lost_with_a_noise_reason():
    p = Pair()
    p.linked()
    p.cable.unplug()     # B is gone; noise comes in instead
    rng = Rng(3)
    for _ in range(T.lost_ms // 100 + 20):
        p.a.end.into.send(_garbage(rng, 4).replace(bytes((link.SYNC,)), b"x"), 4)
        p.run(100)
    lost = [e for e in p.a.events if e[0] == link.LOST]
    assert lost and lost[0][1].startswith("Only noise from the other console for 20 s")


def _frame(kind, seq, payload):
    """A frame as docs/link.md gives it, built here rather than by core.link."""
    head = bytes((link.SYNC, len(payload), seq, kind))
    body = head + bytes((link.crc8(head, 0, 4),)) + payload
    crc = link.crc16(body, 1, len(body))
    return body + bytes((crc >> 8, crc & 0xFF))


@pytest.mark.parametrize("kind,payload", [
    (link.ACTION, b"\x00\x00"),                 # no action text
    (link.ACTION, b"\x00\x00\x01\xffbad"),      # not printable
    (link.RESUME, b"\x00\x01"),                 # too short
    (link.NEW_GAME, b"\x06clever\x00\x00\x00\x01\x09"),   # 9 seats, none there
    (0x1F, b"future"),                          # a kind this protocol does not know
])
def test_checked_frame_that_cannot_be_read_is_an_error_event_and_the_link_goes_on(kind, payload):
    p = Pair()
    p.linked()
    p.cable.a.write(_frame(kind, 0, payload), len(_frame(kind, 0, payload)))
    p.run(50)
    assert p.b.kinds() == [link.LINKED, link.ERROR]
    assert "The other console sent a message this one cannot read (kind 0x%02x)" % kind == p.b.events[1][1]
    # its sequence number was used: A's next message (seq 1) arrives
    p.a.channel._base = 1
    p.a.channel.send_action(0, 0, "next")
    p.until(lambda: p.b.actions == [(0, 0, "next")], 2000)


def test_random_frames_with_good_crc_never_raise():
    p = Pair()
    p.linked()
    rng = Rng(21)
    for _ in range(3000):
        kind = (link.HELLO, link.ACK, link.NAK, link.NEW_GAME, link.ACTION, link.RESUME, link.BYE,
                rng.next16() & 0xFF)[rng.next16() % 8]
        payload = _garbage(rng, rng.next16() % 40)
        f = _frame(kind, rng.next16() & 0xFF, payload)
        p.cable.a.write(f, len(f))
        p.tick()
    p.run(100)


def test_new_game_round_trip_flips_who_owns_each_seat():
    p = Pair()
    p.linked()
    seats = [linkgame.Seat(True, "human", "Ann"), linkgame.Seat(False, "human", "Bob"), linkgame.Seat(True, "normal", "CPU")]
    p.a.channel.send_new_game(linkgame.NewGame("clever", 0x3FFFFFFF, seats, {"rounds": 6, "mode": "kids"}))
    p.a.channel.send_resume(123, 0xDEADBEEF)
    p.a.channel.send_bye("game over")
    p.run(100)
    assert p.b.others == [
        (link.NEW_GAME, ("clever", 0x3FFFFFFF, [(False, "human", "Ann"), (True, "human", "Bob"),
                                                 (False, "normal", "CPU")], [("mode", "kids"), ("rounds", "6")])),
        (link.RESUME, (123, 0xDEADBEEF)),
        (link.BYE, "game over"),
    ]


def test_bad_sends_raise_and_queue_nothing():
    p = Pair()
    p.linked()
    ch = p.a.channel
    with pytest.raises(ValueError):
        ch.send_action(0, 0, "")
    with pytest.raises(ValueError):
        ch.send_action(0, 0, "caf\u00e9")
    with pytest.raises(ValueError):
        ch.send_action(0, 0, "tab\there")
    with pytest.raises(ValueError):
        ch.send_action(256, 0, "seat")
    with pytest.raises(ValueError):
        ch.send_action(0, 0, "x" * 200)
    with pytest.raises(ValueError):
        ch.send_action(0, 70000, "turn too big")
    with pytest.raises(ValueError):
        ch.send_new_game(linkgame.NewGame("clever", 1, [linkgame.Seat(True, "human", "n" * 40)] * 5, {}))
    assert ch.pending() == 0
    p.cable.unplug()
    for i in range(link.QUEUE):
        ch.send_action(0, i, "q%d" % i)
    with pytest.raises(link.LinkBusy):
        ch.send_action(0, 99, "one too many")
    p.cable.plug()
    p.until(lambda: len(p.b.actions) == link.QUEUE, 30000)
    assert [a[2] for a in p.b.actions] == ["q%d" % i for i in range(link.QUEUE)]


def test_closed_channel_polls_nothing_and_refuses_to_send():
    p = Pair()
    p.linked()
    p.a.channel.close()
    assert p.a.channel.poll() is None
    with pytest.raises(ValueError):
        p.a.channel.send_action(0, 0, "x")
    p.run(T.lost_ms + 1000)
    assert p.b.kinds() == [link.LINKED, link.LOST]


def test_a_console_busy_longer_than_lost_reads_what_waited_before_judging():
    """Its UART ring holds the other's heartbeats: the first poll after the busy spell
    reads them, so it does not call the link lost (the other side, hearing nothing for
    lost_ms, does: it cannot tell a busy console from a pulled cable)."""
    p = Pair()
    p.linked()
    p.a.busy_until = p.clock.now + T.lost_ms + 500
    p.run(T.lost_ms + 2000)
    assert p.a.kinds() == [link.LINKED]
    assert p.b.kinds() == [link.LINKED, link.LOST, link.LINKED]
    assert p.b.events[-1][2] is False     # the same console: nothing lost


class SetByte:
    """A cable that changes one byte: the at-th byte sent from now on becomes value
    (a noise model, sim/cable.Noise's interface: deterministic, for one known fault)."""

    def __init__(self, at, value):
        self.at = at
        self.value = value
        self.count = 0

    def apply(self, byte, out):
        if self.count == self.at:
            byte = self.value
        self.count += 1
        out.append((byte, 0))


def _idle_pair(timing=None):
    """Linked, everything acknowledged, between two heartbeats."""
    p = Pair(timing=timing)
    p.linked()
    p.run(300)
    assert not p.a.channel.pending() and not p.b.channel.pending()
    return p


def _action_delay(p):
    """Virtual ms from sending an action to its acknowledgement being back."""
    t0 = p.clock.now
    p.a.channel.send_action(0, 0, "G21")
    p.until(lambda: p.b.actions and not p.a.channel.pending(), 30000)
    assert p.b.actions == [(0, 0, "G21")]
    return p.clock.now - t0


# One resend interval and a few polls: what a frame lost on the wire costs anyway.
ONE_RESEND = T.resend_ms + 30


@pytest.mark.parametrize("to", ["b", "a"])        # before the action, or before its ACK
@pytest.mark.parametrize("gap_ms", [0, 20, 700])
@pytest.mark.parametrize("junk", [
    b"\xa5\x78",                                # a start and a long length: what the audit saw
    b"\xa5\x6f",
    b"\xa5\x30",
    b"\xa5",
    b"\xa5\x78\x00\x11",                        # a whole header but for its check byte
    "valid",                                    # a header that passes its check, then nothing
])
def test_a_stray_header_on_an_idle_link_does_not_delay_the_next_action(junk, gap_ms, to):
    """Noise on a quiet cable that looks like the start of a frame must not hold back
    the frames after it (before protocol 2, `A5 78` delayed the next action 9 s)."""
    p = _idle_pair()
    if junk == "valid":
        junk = bytes((link.SYNC, 120, 0, link.ACTION, link.crc8(bytes((link.SYNC, 120, 0, link.ACTION)), 0, 4)))
    getattr(p.cable, to).inject(junk)
    p.run(gap_ms)
    delay = _action_delay(p)
    assert delay <= ONE_RESEND, "%d ms" % delay
    assert p.a.kinds() == [link.LINKED] and p.b.kinds() == [link.LINKED]


@pytest.mark.parametrize("partial_ms", [T.partial_ms, 10 ** 6], ids=["both-defences", "check-byte-alone"])
@pytest.mark.parametrize("line", [0, 1])          # the action's frame, or its ACK
@pytest.mark.parametrize("at,value", [(1, 111), (1, 120), (1, 0x30), (1, 1), (2, 7), (3, link.NAK)])
def test_a_corrupted_header_inside_a_frame_costs_one_resend(line, at, value, partial_ms):
    """A frame whose length (or sequence number, or kind) byte went bad on the wire is
    refused at once by the header's check byte, so the resend is read as it comes; the
    check byte does it alone, without the wait for a partial frame (partial_ms)."""
    p = _idle_pair(link.Timing(partial_ms=partial_ms))
    p.cable.lines[line].noise = SetByte(at, value)
    delay = _action_delay(p)
    assert delay <= ONE_RESEND, "%d ms" % delay
    assert p.a.channel.resent <= 1
    assert p.a.kinds() == [link.LINKED] and p.b.kinds() == [link.LINKED]


def test_header_check_is_crc8():
    assert link.crc8(b"123456789", 0, 9) == 0xF4     # CRC-8/SMBUS's check value
    # every single-byte error in a header is caught
    head = bytearray((link.SYNC, 12, 34, link.ACTION))
    good = link.crc8(head, 0, 4)
    for i in range(1, 4):
        for e in range(1, 256):
            head[i] ^= e
            assert link.crc8(head, 0, 4) != good
            head[i] ^= e
