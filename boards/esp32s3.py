"""ESP32-S3-DevKitC-1: SSD1306 on I2C0 (GPIO8/9), six buttons to ground, piezo on GPIO17.

Pure data plus make_hal(); see boards/README.md for the wiring table.
"""
NAME = "esp32s3"
TITLE = "ESP32-S3 DevKitC-1"
MPY_MARCH = "xtensawin"

DISPLAY_BUS = "i2c"
I2C_ID = 0
I2C_SDA = 8
I2C_SCL = 9
I2C_FREQ = 400000
DISPLAY_ADDR = 0x3C
DISPLAY_FLIP = False

BUTTONS = (("UP", 4), ("DOWN", 5), ("LEFT", 6), ("RIGHT", 7), ("A", 15), ("B", 16))
BUZZER = 17
BATTERY_ADC = 1             # GPIO1 behind a 100k/100k divider from the battery
BATTERY_DIVIDER = 2.0
LED = 48                    # the RGB LED of the DevKitC-1 v1.0 (v1.1: 38)
LED_KIND = "neopixel"
STORAGE_ROOT = "/saves"
# link play (docs/link.md): UART1 routed to GPIO10 / GPIO11 (UART0 on 43/44 is the REPL)
LINK_UART = 1               # None: no link port
LINK_TX = 10
LINK_RX = 11
LINK_BAUD = 115200


def make_hal():
    from hal.device import make_hal as build
    import sys
    return build(sys.modules[__name__])
