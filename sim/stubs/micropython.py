"""CPython stand-in for MicroPython's ``micropython`` module (simulator only).

const() returns its argument; the code-emitter decorators return the function
unchanged (so @micropython.native / @viper code must also be valid plain Python
to run in the simulator); the memory helpers are harmless no-ops.
"""

_opt = 0
_locked = 0


def const(x):
    return x


def native(f):
    return f


def viper(f):
    return f


def asm_thumb(f):
    return f


def asm_xtensa(f):
    return f


def opt_level(level=None):
    global _opt
    if level is None:
        return _opt
    _opt = level
    return None


def mem_info(verbose=None):
    print("mem: simulator (CPython), no MicroPython heap statistics")


def qstr_info(verbose=None):
    print("qstr: simulator (CPython), no qstr pool")


def stack_use():
    return 0


def heap_lock():
    global _locked
    _locked += 1
    return _locked - 1


def heap_unlock():
    global _locked
    if _locked:
        _locked -= 1
    return _locked


def heap_locked():
    return _locked


def alloc_emergency_exception_buf(size):
    return None


def kbd_intr(c):
    return None
