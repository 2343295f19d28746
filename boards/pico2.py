"""Raspberry Pi Pico 2 (RP2350): SSD1306 on I2C0, six buttons to ground, piezo on GP15.

Pure data plus make_hal(); see boards/README.md for the wiring table.
"""
NAME = "pico2"
TITLE = "Raspberry Pi Pico 2"
MPY_MARCH = "armv7emsp"      # mpy-cross -march for this CPU

DISPLAY_BUS = "i2c"
I2C_ID = 0
I2C_SDA = 4
I2C_SCL = 5
I2C_FREQ = 400000
DISPLAY_ADDR = 0x3C
DISPLAY_FLIP = False

# (key, GPIO): each button between the pin and GND, internal pull-up
BUTTONS = (("UP", 2), ("DOWN", 3), ("LEFT", 6), ("RIGHT", 7), ("A", 8), ("B", 9))
BUZZER = 15                 # optional piezo (PWM); None when not fitted
BATTERY_ADC = 29            # the Pico measures VSYS/3 on GP29
BATTERY_DIVIDER = 3.0
LED = "LED"                 # on-board LED, blinks when the display is missing
LED_KIND = "gpio"
STORAGE_ROOT = "/saves"
# link play (docs/link.md): UART1 on GP20 (pin 26) / GP21 (pin 27), GND on pin 28 beside them
LINK_UART = 1               # None: no link port
LINK_TX = 20
LINK_RX = 21
LINK_BAUD = 115200


def make_hal():
    from hal.device import make_hal as build
    import sys
    return build(sys.modules[__name__])
