"""ESP32-C3 SuperMini: SSD1306 on I2C (GPIO8 SDA / GPIO9 SCL), six buttons, piezo on GPIO10.

Pure data plus make_hal(); see boards/README.md for the wiring table.
"""
NAME = "esp32c3"
TITLE = "ESP32-C3 SuperMini"
MPY_MARCH = "rv32imc"

DISPLAY_BUS = "i2c"
I2C_ID = 0
I2C_SDA = 8
I2C_SCL = 9
I2C_FREQ = 400000
DISPLAY_ADDR = 0x3C
DISPLAY_FLIP = False

BUTTONS = (("UP", 0), ("DOWN", 1), ("LEFT", 3), ("RIGHT", 4), ("A", 5), ("B", 6))
BUZZER = 10
BATTERY_ADC = 2             # GPIO2 behind a 100k/100k divider
BATTERY_DIVIDER = 2.0
LED = None                  # the SuperMini's LED shares GPIO8 with SDA
LED_KIND = "gpio"
STORAGE_ROOT = "/saves"
# link play (docs/link.md): UART1 routed to GPIO21 / GPIO7, the two pins left; RX is not
# GPIO20, where UART0's REPL listens (a byte 0x03 there would stop the program)
LINK_UART = 1               # None: no link port
LINK_TX = 21
LINK_RX = 7
LINK_BAUD = 115200


def make_hal():
    from hal.device import make_hal as build
    import sys
    return build(sys.modules[__name__])
