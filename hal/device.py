"""Build the Hal object from a board description (boards/<board>.py).

Used on the device by board.make_hal(); the simulator calls make_hal() with
its own clock, rng, storage root and power, and the stub `machine` module.
"""
from hal.keys import key_bit


class Hal:
    start_code = None   # a game code the console starts with (the browser's ?code=), or None

    def __init__(self, board, display, buttons, clock, entropy, storage, sound, power, led=None, link=None):
        self.board = board
        self.display = display
        self.buttons = buttons
        self.clock = clock
        self.entropy = entropy    # entropy(n) -> n random bytes: os.urandom on a console
        self.storage = storage
        self.sound = sound
        self.power = power
        self.led = led
        self.link = link          # hal.link.Link (or a simulated cable end), None: no link port


# `machine` is imported inside the builders: the Hal class alone must import
# where there is no machine module (the browser, the headless harness).


def make_display(board):
    import machine
    Pin = machine.Pin
    if board.DISPLAY_BUS == "i2c":
        from hal.ssd1306 import SSD1306_I2C
        i2c = machine.I2C(board.I2C_ID, sda=Pin(board.I2C_SDA), scl=Pin(board.I2C_SCL), freq=board.I2C_FREQ)
        display = SSD1306_I2C(128, 64, i2c, board.DISPLAY_ADDR)
    elif board.DISPLAY_BUS == "spi":
        from hal.ssd1306_spi import SSD1306_SPI
        spi = machine.SPI(board.SPI_ID, baudrate=board.SPI_BAUD, sck=Pin(board.SPI_SCK), mosi=Pin(board.SPI_MOSI))
        display = SSD1306_SPI(128, 64, spi, Pin(board.SPI_DC, Pin.OUT), Pin(board.SPI_RES, Pin.OUT),
                              Pin(board.SPI_CS, Pin.OUT))
    else:
        raise ValueError("board %s: DISPLAY_BUS must be 'i2c' or 'spi'" % board.NAME)
    if board.DISPLAY_FLIP:
        display.flip(True)
    return display


def make_buttons(board, clock):
    import machine
    from hal.buttons import Buttons
    Pin = machine.Pin
    pins = tuple((key_bit(name), Pin(gpio, Pin.IN, Pin.PULL_UP)) for name, gpio in board.BUTTONS)
    return Buttons(pins, clock)


def make_led(board):
    import machine
    if board.LED is None:
        return None
    if board.LED_KIND == "neopixel":
        import neopixel
        return _PixelLed(neopixel.NeoPixel(machine.Pin(board.LED), 1))
    return machine.Pin(board.LED, machine.Pin.OUT)


def make_link(board):
    """The link port (hal/link.py) when the board names one; the UART starts on open()."""
    if getattr(board, "LINK_UART", None) is None:
        return None
    from hal.link import Link
    return Link(board.LINK_UART, board.LINK_TX, board.LINK_RX, getattr(board, "LINK_BAUD", 115200))


class _PixelLed:
    def __init__(self, np):
        self._np = np

    def value(self, v):
        self._np[0] = (16, 0, 0) if v else (0, 0, 0)
        self._np.write()


def make_hal(board, clock=None, entropy=None, storage_root=None, power=None, link=None):
    # link: the simulator's cable end; None builds the board's own (make_link)
    import machine
    from hal.storage import FileStorage
    from hal.sound import Sound
    from hal.power import Power
    if clock is None:
        from hal.clock import Clock
        clock = Clock()
    display = make_display(board)
    buttons = make_buttons(board, clock)
    pwm = machine.PWM(machine.Pin(board.BUZZER)) if board.BUZZER is not None else None
    sound = Sound(pwm, clock)
    if power is None:
        adc = machine.ADC(machine.Pin(board.BATTERY_ADC)) if board.BATTERY_ADC is not None else None
        power = Power(adc, board.BATTERY_DIVIDER, lightsleep=getattr(machine, "lightsleep", None),
                      sleep_ms=clock.sleep_ms)
    storage = FileStorage(storage_root or board.STORAGE_ROOT)
    if entropy is None:
        import os
        entropy = os.urandom   # the hardware random source (rp2: the ring oscillator; esp32: its RNG)
    if link is None:
        link = make_link(board)
    return Hal(board.NAME, display, buttons, clock, entropy, storage, sound, power, make_led(board), link)
