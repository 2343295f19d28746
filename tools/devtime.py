"""Estimated Pico time: desktop MicroPython figures turned into RP2040 milliseconds.

    python tools/devtime.py calibrate        the factor here, now (runs the unix port)
    micropython tools/devtime.py calibrate   the same, in this interpreter

Every speed figure of `make bench` is measured on the MicroPython unix port on a
desktop CPU, which runs the same bytecode some 150-300 times faster than the
console's RP2040. So each measuring run also times a fixed calibration workload in
the same interpreter, and a time t measured there becomes

    estimated Pico ms = t * PICO_CALIBRATION_US / calibration_us / 1000

where PICO_CALIBRATION_US is what the *same code* is published to take on an RP2040
at 125 MHz (docs/performance.md has the sources and the limits of the model). The
workload is two published benchmarks, run one after the other:

- the integer-addition loop of shaoziyang/micropython_benchmarks (benchmark.py,
  add_test: a million `C = p[1] + p[2]` over a list), 7984 ms on an RP2040 at 125 MHz
  under MicroPython v1.23.0 (the repository's README table);
- the recursive Fibonacci(24) of DrKRR/Performance-Analysis-of-Raspberry-Pi-Pico-Boards
  (garbage collection off while it runs), 1.785616 s on a Raspberry Pi Pico at 125 MHz.

The first is loop and subscript work, the second call work: the game code is both.
Their factors agree within about 10% here; the combined one weighs them by their
Pico times. Runs unchanged under CPython (only the tools use that, to parse lines)
and MicroPython.
"""
import gc
import sys

ADD_LOOP_N = 1000000
ADD_LOOP_PICO_US = 7984000      # shaoziyang/micropython_benchmarks, RP2040 column, v1.23.0
FIB_N = 24
FIB_PICO_US = 1785616           # DrKRR/Performance-Analysis-of-Raspberry-Pi-Pico-Boards, Pico @125 MHz
PICO_CALIBRATION_US = ADD_LOOP_PICO_US + FIB_PICO_US
I2C_HZ = 400000                 # boards/pico.py I2C_FREQ: the display's bus
BITS_PER_BYTE = 9               # 8 data bits and the acknowledge
REPEATS = 3                     # the calibration's fastest of 3 (another process may share the CPU)
LINE = "CALIBRATION"


def _ticks_us():
    import time
    t = getattr(time, "ticks_us", None)
    if t is not None:
        return t()
    return time.perf_counter_ns() // 1000


def _ticks_diff(a, b):
    import time
    d = getattr(time, "ticks_diff", None)
    return d(a, b) if d is not None else a - b


def add_loop(p):
    """shaoziyang's add_test: p = [iterations, a, b]; the sum stays a small int on
    32-bit and 64-bit ports alike, so nothing is allocated."""
    for i in range(p[0]):
        C = p[1] + p[2]  # noqa: F841  (the published code keeps the sum in a local)


def fib(n):
    """The published recursive Fibonacci."""
    if n <= 1:
        return n
    return fib(n - 1) + fib(n - 2)


class Calibration:
    """The calibration workload's times in this interpreter, in microseconds."""
    __slots__ = ("add_us", "fib_us")

    def __init__(self, add_us, fib_us):
        self.add_us = add_us
        self.fib_us = fib_us

    def us(self):
        return self.add_us + self.fib_us

    def line(self):
        return "%s add_us=%d fib_us=%d" % (LINE, self.add_us, self.fib_us)


def calibrate(repeats=REPEATS):
    """Time both workloads here, the fastest of `repeats` runs each."""
    best_add = best_fib = None
    for _ in range(repeats):
        gc.collect()
        t = _ticks_us()
        add_loop([ADD_LOOP_N, 12345678, 56781234])
        a = _ticks_diff(_ticks_us(), t)
        gc.collect()
        gc.disable()  # as published
        t = _ticks_us()
        fib(FIB_N)
        f = _ticks_diff(_ticks_us(), t)
        gc.enable()
        if best_add is None or a < best_add:
            best_add = a
        if best_fib is None or f < best_fib:
            best_fib = f
    return Calibration(best_add, best_fib)


def parse_calibration(text):
    """Every CALIBRATION line of a tool's output, as Calibration objects, in order."""
    out = []
    for line in text.splitlines():
        if not line.startswith(LINE + " "):
            continue
        fields = {}
        for item in line.split()[1:]:
            k, v = item.split("=")
            fields[k] = int(v)
        out.append(Calibration(fields["add_us"], fields["fib_us"]))
    return out


def combined_us(calibrations):
    """One calibration for a run that timed it several times (at its start and end):
    the mean of their totals, so a load that came and went is split between them."""
    if not calibrations:
        raise ValueError("no CALIBRATION line: the run did not time the calibration workload")
    return sum(c.us() for c in calibrations) / float(len(calibrations))


def factor(calibration_us):
    """How many times slower the RP2040 runs what this interpreter ran in calibration_us."""
    if calibration_us <= 0:
        raise ValueError("calibration time must be positive, not %r" % (calibration_us,))
    return PICO_CALIBRATION_US / float(calibration_us)


def pico_ms(unix_us, calibration_us):
    """Estimated RP2040 milliseconds of work measured as unix_us in an interpreter
    whose calibration workload took calibration_us."""
    return unix_us * factor(calibration_us) / 1000.0


def i2c_ms(nbytes):
    """The display's bus time for nbytes at 400 kHz (the CPU waits for it on a console)."""
    return nbytes * BITS_PER_BYTE * 1000.0 / I2C_HZ


def report(cal):
    """The calibration, each workload's own factor and the combined one, as text lines."""
    add_f = ADD_LOOP_PICO_US / float(cal.add_us)
    fib_f = FIB_PICO_US / float(cal.fib_us)
    return [
        "calibration workload (published RP2040 @125 MHz time / time here):",
        "  add loop, %d iterations: %8.1f ms here, %7.0f ms on an RP2040: x%.0f" % (
            ADD_LOOP_N, cal.add_us / 1000.0, ADD_LOOP_PICO_US / 1000.0, add_f),
        "  fib(%d), recursive:       %8.1f ms here, %7.0f ms on an RP2040: x%.0f" % (
            FIB_N, cal.fib_us / 1000.0, FIB_PICO_US / 1000.0, fib_f),
        "  the two factors differ by %.0f%%" % (100.0 * abs(add_f - fib_f) / min(add_f, fib_f)),
        "factor (both together): x%.0f   (estimated Pico ms = unix ms x %.0f)" % (
            factor(cal.us()), factor(cal.us())),
    ]


def _unix_port():
    import os
    exe = os.path.join(os.path.dirname(sys.executable), "micropython")
    return exe if os.path.exists(exe) else None


def main(argv):
    if argv[:1] != ["calibrate"]:
        print("usage: devtime.py calibrate")
        sys.exit(2)
    if sys.implementation.name == "micropython":
        cal = calibrate()
        print(cal.line())
        for line in report(cal):
            print(line)
        return
    # CPython: the factor belongs to the unix port, so ask it
    import subprocess
    exe = _unix_port()
    if exe is None:
        print("devtime: the MicroPython unix port is not installed beside %s" % sys.executable)
        sys.exit(1)
    r = subprocess.run([exe, __file__, "calibrate"], capture_output=True, text=True)
    sys.stdout.write(r.stdout + r.stderr)
    sys.exit(r.returncode)


if __name__ == "__main__":
    main(sys.argv[1:])
