"""Button bits shared by the HAL, the UI kit and every game."""
from micropython import const

K_UP = const(1)
K_DOWN = const(2)
K_LEFT = const(4)
K_RIGHT = const(8)
K_A = const(16)
K_B = const(32)
K_MENU = const(64)  # A+B held together: the in-game menu
K_DIRS = const(15)

NAMES = (("UP", K_UP), ("DOWN", K_DOWN), ("LEFT", K_LEFT), ("RIGHT", K_RIGHT),
         ("A", K_A), ("B", K_B), ("MENU", K_MENU))


def key_bit(name):
    for n, bit in NAMES:
        if n == name:
            return bit
    raise ValueError("unknown key '%s' (keys: UP DOWN LEFT RIGHT A B MENU)" % name)
