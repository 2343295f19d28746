"""The simulator's link cables (sim/cable.py): UART timing, the receive ring, the noise
model, pulling the cable, and the pipe end between processes."""
import os
import threading

from sim.cable import BAUD, RX_RING, Cable, Noise, PipeEnd, loose_end
from link_pair import ManualClock


def opened(clock, **kw):
    cable = Cable(clock, **kw)
    cable.a.open()
    cable.b.open()
    return cable


def test_bytes_take_uart_time_and_arrive_in_order():
    clock = ManualClock()
    cable = opened(clock)
    data = bytes(range(100))
    cable.a.write(data, 100)
    buf = bytearray(200)
    assert cable.b.readinto(buf) == 0          # 100 bytes take 8.7 ms at 115200 baud
    clock.now += 5
    n = cable.b.readinto(buf)
    assert n == 5000 * BAUD // 10 // 1000000   # 57 of them after 5 ms
    clock.now += 5
    m = cable.b.readinto(memoryview(buf)[n:])
    assert bytes(buf[:n + m]) == data


def test_write_sends_only_n_bytes_and_a_closed_end_hears_nothing():
    clock = ManualClock()
    cable = Cable(clock)
    cable.a.open()
    cable.a.write(b"abcdef", 3)
    clock.now += 10
    buf = bytearray(10)
    assert cable.b.readinto(buf) == 0          # b is not open: its UART is off
    cable.b.open()                             # and what came before is stale
    cable.a.write(b"xyz", 2)
    clock.now += 10
    assert cable.b.readinto(buf) == 2 and bytes(buf[:2]) == b"xy"


def test_a_full_ring_loses_the_newest_bytes():
    clock = ManualClock()
    cable = opened(clock)
    data = bytes(i & 0xFF for i in range(RX_RING + 300))
    cable.a.write(data, len(data))
    clock.now += 1000
    buf = bytearray(2000)
    assert cable.b.readinto(buf) == RX_RING
    assert bytes(buf[:RX_RING]) == data[:RX_RING]
    assert cable.lines[0].overflow == 300


def test_noise_is_seeded_and_does_what_it_says():
    def run(seed):
        clock = ManualClock()
        noise = Noise(seed, drop=0.05, corrupt=0.05, duplicate=0.05, delay=0.05, delay_ms=20)
        cable = opened(clock, noise_ab=noise)
        data = bytes(i & 0xFF for i in range(400))
        cable.a.write(data, 400)
        clock.now += 5000
        buf = bytearray(1000)
        n = cable.b.readinto(buf)
        return bytes(buf[:n]), noise
    got, noise = run(3)
    assert run(3)[0] == got and run(4)[0] != got
    assert noise.dropped and noise.corrupted and noise.duplicated and noise.delayed
    assert len(got) == 400 - noise.dropped + noise.duplicated


def test_unplugged_cable_loses_what_is_on_the_wire_and_what_is_sent():
    clock = ManualClock()
    cable = opened(clock)
    cable.a.write(b"0123456789", 10)
    clock.now += 0           # nothing has arrived yet
    cable.unplug()
    cable.a.write(b"lost", 4)
    clock.now += 100
    buf = bytearray(20)
    assert cable.b.readinto(buf) == 0
    cable.plug()
    cable.a.write(b"back", 4)
    clock.now += 10
    assert cable.b.readinto(buf) == 4 and bytes(buf[:4]) == b"back"


def test_a_loose_end_sends_nowhere_and_hears_nothing():
    clock = ManualClock()
    end = loose_end(clock)
    end.open()
    assert end.write(b"hello", 5) == 5
    clock.now += 100
    assert end.readinto(bytearray(8)) == 0


def test_pipe_ends_between_two_threads(tmp_path):
    """CPython here; tests/test_link_pipe.py runs them in two MicroPython processes."""
    a2b, b2a = str(tmp_path / "a2b"), str(tmp_path / "b2a")
    os.mkfifo(a2b)
    os.mkfifo(b2a)
    ends = {}
    t = threading.Thread(target=lambda: ends.__setitem__("b", PipeEnd(a2b, b2a, "b")))
    t.start()
    ends["a"] = PipeEnd(a2b, b2a, "a")
    t.join(10)
    a, b = ends["a"], ends["b"]
    a.open()
    b.open()
    a.write(b"ping", 4)
    buf = bytearray(8)
    got = b""
    for _ in range(2000):
        n = b.readinto(buf)
        got += bytes(buf[:n])
        if len(got) >= 4:
            break
        b.clock.sleep_ms(1)
    assert got == b"ping"
    a.shut()
    for _ in range(100):
        b.readinto(buf)
        if b.peer_gone:
            break
    assert b.peer_gone
    b.shut()
