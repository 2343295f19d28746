"""hal/ssd1306.py's loops over the frame, as viper code where the port has the emitter.

A module of their own, imported once a display has answered (hal.ssd1306.SSD1306's
constructor): the rest of the driver is bytecode, which any MicroPython loads, so a board
without a display still boots and says so (tests/test_flash.py runs build/pico, compiled
for the Pico's Cortex-M0+, on the unix port, which cannot load that machine code).
"""


def ptr8(buf):
    """The viper cast to a byte pointer: compiled away in viper code, plain indexing
    where the function runs as Python (the simulator, the browser's port)."""
    return buf


class micropython:  # noqa: N801
    """Where MicroPython compiles @micropython.viper itself it never looks this name up;
    under CPython viper leaves the function as it is (the `micropython` module there may
    be Adafruit Blinka's, which refuses viper)."""
    viper = ptr8


# show()'s loops are viper code: finding the changed blocks in Python (a compare of two
# memoryviews a block) and sending each block as its own transaction took 50-100 us on
# the unix port for an event page that changes a board and a panel (about 50 blocks), more
# than drawing it (docs/performance.md).
@micropython.viper
def windows(frame, shadow, width: int, pages: int, full: int, out, changed) -> int:
    """The windows show() sends, into out (4 bytes each: first page, last page, first block,
    end block), their count returned: on each page the runs of changed blocks (16 columns x
    1 page), a run with the same blocks as one on the page above joining its window (a
    board redrawn is one window, not one a page). Each changed block is copied into shadow.
    changed: a bytearray of a flag a block of a page (scratch)."""
    f = ptr8(frame)
    sh = ptr8(shadow)
    o = ptr8(out)
    flag = ptr8(changed)
    nb = (width + 15) // 16
    count = 0
    p = 0
    while p < pages:
        b = 0
        while b < nb:
            a = p * width + b * 16
            e = a + 16
            if e > (p + 1) * width:
                e = (p + 1) * width
            d = full
            while a < e and not d:
                if f[a] != sh[a]:
                    d = 1
                a += 1
            flag[b] = d
            b += 1
        b = 0
        while b < nb:
            if not flag[b]:
                b += 1
                continue
            end = b + 1
            while end < nb and flag[end]:
                end += 1
            a = p * width + b * 16
            e = p * width + end * 16
            if e > (p + 1) * width:
                e = (p + 1) * width
            while a < e:
                sh[a] = f[a]
                a += 1
            r = 0
            while r < count:
                if o[4 * r + 1] == p - 1 and o[4 * r + 2] == b and o[4 * r + 3] == end:
                    o[4 * r + 1] = p
                    break
                r += 1
            if r == count:
                o[4 * count] = p
                o[4 * count + 1] = p
                o[4 * count + 2] = b
                o[4 * count + 3] = end
                count += 1
            b = end
        p += 1
    return count


@micropython.viper
def stage(stage, frame, start: int, n: int):
    # frame[start:start+n] into stage[1:1+n] (stage[0] is the I2C control byte)
    d = ptr8(stage)
    f = ptr8(frame)
    k = 0
    while k < n:
        d[1 + k] = f[start + k]
        k += 1
