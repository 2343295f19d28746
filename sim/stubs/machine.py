"""The pieces of MicroPython's `machine` that the HAL uses, wired to the simulator.

Pins hold levels that the simulator sets from the keyboard or a script; I2C
and SPI writes go to simulated devices (the SSD1306 model) registered by
address; a missing device answers like a real bus with no ACK (OSError 19).
"""

_levels = {}      # pin id -> 0/1
_handlers = {}    # pin id -> irq handler
_i2c_devices = {}  # address -> object with i2c_write(bytes)
_spi_device = [None, None]  # (object with spi_write(dc, bytes), data/command pin id)
_sleep_hook = [None]  # callable(ms) for lightsleep
beeps = []        # (freq, duty) changes, for tests


def reset_world():
    _levels.clear()
    _handlers.clear()
    _i2c_devices.clear()
    _spi_device[0] = None
    _spi_device[1] = None
    del beeps[:]


def set_level(pin_id, level):
    """Called by the simulator: drive a pin; fires its falling-edge interrupt."""
    old = _levels.get(pin_id, 1)
    _levels[pin_id] = level
    h = _handlers.get(pin_id)
    if h is not None and old == 1 and level == 0:
        h(Pin._registry[pin_id])


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8
    _registry = {}

    def __init__(self, pin_id, mode=-1, pull=-1, value=None):
        self.id = pin_id
        Pin._registry[pin_id] = self
        if value is not None:
            _levels[pin_id] = value
        elif pull == Pin.PULL_UP and pin_id not in _levels:
            _levels[pin_id] = 1

    def value(self, v=None):
        if v is None:
            return _levels.get(self.id, 1)
        _levels[self.id] = 1 if v else 0

    def __call__(self, v=None):
        return self.value(v)

    def on(self):
        self.value(1)

    def off(self):
        self.value(0)

    def toggle(self):
        self.value(0 if self.value() else 1)

    def irq(self, handler=None, trigger=IRQ_FALLING, hard=False):
        _handlers[self.id] = handler


class I2C:
    def __init__(self, bus_id=0, scl=None, sda=None, freq=400000):
        self.freq = freq

    def scan(self):
        return sorted(_i2c_devices)

    def writeto(self, addr, buf, stop=True):
        dev = _i2c_devices.get(addr)
        if dev is None:
            raise OSError(19)  # ENODEV: nothing acknowledged
        dev.i2c_write(bytes(buf))
        return len(buf)

    def writevto(self, addr, vector, stop=True):
        data = b"".join(bytes(v) for v in vector)
        self.writeto(addr, data, stop)


class SoftI2C(I2C):
    pass


class SPI:
    def __init__(self, bus_id=0, baudrate=8000000, polarity=0, phase=0, sck=None, mosi=None, miso=None):
        self.baudrate = baudrate

    def init(self, baudrate=8000000, polarity=0, phase=0):
        self.baudrate = baudrate

    def write(self, buf):
        dev = _spi_device[0]
        if dev is not None:
            dev.spi_write(_levels.get(_spi_device[1], 0), bytes(buf))


class PWM:
    def __init__(self, pin, freq=1000, duty_u16=0):
        self._freq = freq
        self._duty = duty_u16

    def freq(self, f=None):
        if f is None:
            return self._freq
        self._freq = f

    def duty_u16(self, d=None):
        if d is None:
            return self._duty
        self._duty = d
        beeps.append((self._freq, d))

    def deinit(self):
        pass


class ADC:
    value_u16 = 52000  # about 4.0 V behind a 2:1 divider

    def __init__(self, pin):
        pass

    def read_u16(self):
        return ADC.value_u16


def lightsleep(ms=0):
    if _sleep_hook[0] is not None:
        _sleep_hook[0](ms)


def freq():
    return 125000000


def unique_id():
    return b"SIMULATR"


def reset():
    raise SystemExit("machine.reset() in the simulator")


def soft_reset():
    # as on a board: nothing after it runs (the simulator's own restart is sim.keyscript.restart)
    raise SystemExit("machine.soft_reset() in the simulator")
