"""hal.link (hal/link.py) over a stand-in machine.UART, the boards' link pins, and the
HAL building it (hal/device.py; the simulator's console gets a cable end instead)."""
import importlib

import pytest

import machine
import boards
from hal.device import make_link
from hal.link import BAUD, RX_RING, Link


class FakeUART:
    made = []

    def __init__(self, uart_id, **kw):
        self.uart_id = uart_id
        self.kw = kw
        self.waiting = bytearray(b"stale boot log")
        self.written = bytearray()
        self.reads = 0
        self.deinited = False
        FakeUART.made.append(self)

    def any(self):
        return len(self.waiting)

    def read(self):
        data = bytes(self.waiting)
        self.waiting[:] = b""
        return data

    def readinto(self, buf):
        self.reads += 1
        n = min(len(buf), len(self.waiting))
        buf[:n] = self.waiting[:n]
        self.waiting[:n] = b""
        return n

    def write(self, buf, n):
        self.written += bytes(buf[:n])
        return n

    def deinit(self):
        self.deinited = True


@pytest.fixture
def uart(monkeypatch):
    FakeUART.made = []
    monkeypatch.setattr(machine, "UART", FakeUART, raising=False)
    return FakeUART


def test_the_uart_starts_on_open_with_the_board_pins_and_drops_stale_bytes(uart):
    link = Link(1, 20, 21)
    assert uart.made == []                  # nothing at boot
    link.open()
    (u,) = uart.made
    assert u.uart_id == 1
    assert u.kw["baudrate"] == BAUD == 115200 and u.kw["rxbuf"] == RX_RING and u.kw["timeout"] == 0
    assert u.kw["tx"].id == 20 and u.kw["rx"].id == 21
    assert u.waiting == b""                 # the boot log before open is not a frame


def test_readinto_never_waits_and_write_sends_n_bytes(uart):
    link = Link(1, 20, 21)
    link.open()
    u = uart.made[0]
    buf = bytearray(8)
    assert link.readinto(buf) == 0 and u.reads == 0   # any() first: no read when nothing is there
    u.waiting += b"0123456789"
    assert link.readinto(buf) == 8 and bytes(buf) == b"01234567"
    assert link.readinto(buf) == 2
    assert link.write(bytearray(b"abcdef"), 4) == 4 and u.written == b"abcd"


def test_close_stops_the_uart_and_open_starts_it_again(uart):
    link = Link(1, 20, 21)
    link.open()
    link.close()
    assert uart.made[0].deinited
    assert link.readinto(bytearray(4)) == 0 and link.write(b"x", 1) == 0
    link.open()
    assert len(uart.made) == 2


@pytest.mark.parametrize("name", boards.names())
def test_every_board_has_a_link_and_the_hal_builds_it(name):
    board = importlib.import_module("boards." + name)
    link = make_link(board)
    assert isinstance(link, Link)
    assert (link.uart_id, link.tx, link.rx, link.baud) == (board.LINK_UART, board.LINK_TX, board.LINK_RX, 115200)


def test_a_board_without_a_link_gets_none():
    class NoLink:
        LINK_UART = None
    assert make_link(NoLink) is None
    assert make_link(object()) is None      # a board file from before link play


def _used_pins(board):
    pins = [board.I2C_SDA, board.I2C_SCL] if board.DISPLAY_BUS == "i2c" else []
    for attr in ("SPI_SCK", "SPI_MOSI", "SPI_DC", "SPI_RES", "SPI_CS", "BUZZER", "BATTERY_ADC", "LED"):
        v = getattr(board, attr, None)
        if isinstance(v, int):
            pins.append(v)
    pins += [gpio for _, gpio in board.BUTTONS]
    return pins


# RP2040 and RP2350 share these (datasheets, GPIO function tables): UART1's TX and RX pins
RP2_UART1 = ({4, 8, 20, 24}, {5, 9, 21, 25})
# pins a link must not take on the ESP32 boards: strapping pins, USB, the UART0 REPL,
# flash and octal PSRAM (S3); strapping, USB, the UART0 REPL's RX (C3)
ESP32S3_AVOID = {0, 3, 45, 46, 19, 20, 43, 44} | set(range(26, 38))
ESP32C3_AVOID = {2, 8, 9, 18, 19, 20} | set(range(12, 18))


@pytest.mark.parametrize("name", boards.names())
def test_link_pins_are_free_and_fit_the_chip(name):
    board = importlib.import_module("boards." + name)
    tx, rx = board.LINK_TX, board.LINK_RX
    assert tx != rx
    assert tx not in _used_pins(board) and rx not in _used_pins(board)
    if name in ("pico", "pico2"):
        assert board.LINK_UART == 1 and tx in RP2_UART1[0] and rx in RP2_UART1[1]
    elif name == "esp32s3":
        assert board.LINK_UART in (1, 2) and not {tx, rx} & ESP32S3_AVOID
    elif name == "esp32c3":
        assert board.LINK_UART == 1 and not {tx, rx} & ESP32C3_AVOID
    else:
        pytest.fail("a new board: say here which pins its link may take")



def test_the_simulated_console_has_a_cable_socket():
    from sim.console import Console
    from sim.cable import Cable
    c = Console()
    link = c.hal.link
    link.open()
    assert link.write(b"into the void", 13) == 13
    assert link.readinto(bytearray(4)) == 0
    cable = Cable(c.clock)
    c2 = Console(link=cable.a)
    assert c2.hal.link is cable.a


def test_the_headless_console_takes_a_cable_end(tmp_path):
    import headless
    from sim.cable import Cable
    lines = []
    c = headless.Console(1, [], str(tmp_path), lines.append)
    assert c.hal.link is None
    cable = Cable(c.clock)
    c2 = headless.Console(1, [], str(tmp_path), lines.append, link=cable.b)
    assert c2.hal.link is cable.b
