"""Build for a board and copy it over USB with mpremote, in one mpremote session.

    python tools/flash.py --board pico [--port /dev/ttyACM0]      # build, copy, reset
    python tools/flash.py --board pico --romfs                    # deploy a ROMFS image, copy main.py
    python tools/flash.py --board pico --mount                    # run build/pico (mpremote mount)

Ctrl-C ends a --mount run and stops the board (soft reset: idle at its REPL, nothing flashed changes).

Copying: the folders are created first, then every file is copied with
`fs cp` (mpremote skips files whose SHA-256 already matches), then the board
is reset into the launcher. Progress is shown as [n/total] per file.

--romfs: the board's ROMFS image (tools/romfs.py) is written to its ROMFS
partition (`mpremote romfs deploy`), the compiled copies an earlier flash left
on the filesystem are removed (the saves stay), main.py is copied, and the
board is reset. Firmware without a ROMFS partition (`mpremote romfs query`
finds none) or with one too small gets the .mpy files copied instead, with a
line saying so.

--mount runs the compiled tree build/<board> (built first), as flashed, from the
host: what runs is what `make bench` measures, and no game must compile from source.

A board that does not answer at all within FLASH_ANSWER_TIMEOUT seconds (30) is
given up on with a message, when flashing and when mounting alike.
The mpremote executable can be replaced with the MPREMOTE environment variable.
"""
import argparse
import os
import subprocess
import sys
import threading

import build as builder
import romfs

ROOT = builder.ROOT
# Seconds for the board to answer at all (mpremote blocks forever on a silent /dev/pts/N).
ANSWER_TIMEOUT = float(os.environ.get("FLASH_ANSWER_TIMEOUT", "30"))
MOUNT_GRACE = 1.0   # seconds for mpremote to end by itself after Ctrl-C in --mount
STOP_TIMEOUT = 20   # seconds for the session that stops the board after Ctrl-C in --mount


def mpremote():
    exe = os.environ.get("MPREMOTE")
    if exe:
        return exe.split()
    local = os.path.join(os.path.dirname(sys.executable), "mpremote")
    return [local if os.path.exists(local) else "mpremote"]


def serial_ports():
    """(device, is a USB serial port) of every serial port this machine has."""
    try:
        from serial.tools import list_ports   # pyserial, which mpremote installs
    except ImportError:
        return []
    return [(p.device, p.vid is not None) for p in sorted(list_ports.comports(), key=lambda p: p.device)]


def find_board(port, out):
    """Before anything is built or sent: the port named must exist; with none named, a
    USB serial port must be there for mpremote's `connect auto` to find a board on.
    Returns an exit status, 0 to go on."""
    ports = serial_ports()
    listed = ", ".join(device for device, _usb in ports) or "none"
    if port:
        if "/" in port and not os.path.exists(port):  # a path (COM3 on Windows is no file)
            out("flash: the port %s does not exist (serial ports here: %s)" % (port, listed))
            return 2
        return 0
    if not [device for device, usb in ports if usb]:
        out("flash: no board found: no USB serial port here (serial ports: %s). Plug the board in "
            "with a data cable (MicroPython installed), or name its port: make flash PORT=/dev/ttyACM0"
            % listed)
        return 1
    return 0


def connect_args(port):
    return ["connect", port] if port else ["connect", "auto"]


def flash_commands(outdir, files):
    """The chained mpremote commands that copy `files` (device paths) from outdir."""
    dirs = sorted({f.rsplit("/", i)[0] for f in files for i in range(1, f.count("/") + 1)})  # parents too
    mk = "import os\nfor d in %r:\n try:\n  os.mkdir(d)\n except OSError:\n  pass" % (["/" + d for d in dirs],)
    cmds = ["exec", mk]
    for f in files:
        cmds += ["+", "fs", "cp", os.path.join(outdir, f), ":/" + f]
    cmds += ["+", "reset"]
    return cmds


def flash(board, port=None, out=print, rom=False):
    if rom:
        return flash_romfs(board, port, out)
    outdir, files = builder.build(board, quiet=True)
    return copy_files(board, port, out, outdir, files)


def copy_files(board, port, out, outdir, files):
    files = sorted(files, key=lambda f: (f == builder.BOOT_FILE, f))  # main.py last: a cut copy never boots half
    cmd = mpremote() + connect_args(port) + flash_commands(outdir, files)
    out("flashing %d files to %s (%s) ..." % (len(files), port or "the first board found", board))
    done = [0]

    def show(line):
        if line.startswith("cp "):
            done[0] += 1
            out("[%d/%d] %s" % (done[0], len(files), line.rsplit(" :", 1)[-1].lstrip("/")))
        elif line:
            out(line)
    rc, _ = _session(cmd, port, out, show)
    if rc != 0:
        return _failed(rc, out)
    out("done: %d files, board reset into the launcher" % len(files))
    return 0


def _session(cmd, port, out, show):
    """Run one mpremote session, passing each line of its output to show(line) as it comes.
    Returns (exit status, every line)."""
    env = dict(os.environ, PYTHONUNBUFFERED="1")  # mpremote writes to a pipe: unbuffered, progress is live
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    answered = _give_up_if_silent(proc, port, out)
    lines = []
    for line in proc.stdout:  # text mode: mpremote's \r progress updates come as lines too
        answered.set()
        line = line.rstrip()
        lines.append(line)
        show(line)
    answered.set()
    return proc.wait(), lines


# ----- ROMFS -------------------------------------------------------------------------------------------------

def romfs_partition(query_lines):
    """(bytes of ROMFS partition 0 or None, why not) from `mpremote romfs query`'s output."""
    for line in query_lines:
        if line.startswith("ROMFS0 partition has size "):
            return int(line.split()[4]), ""
    for line in query_lines:
        if line.startswith(("ROMFS is not enabled", "No ROMFS partitions")):
            return None, "mpremote romfs query: " + line.strip().rstrip(".")
    return None, "mpremote romfs query found none"


def clean_code(files):
    """Board code removing the compiled copies of `files` (device paths) that an earlier flash left on
    the filesystem, then their folders where empty: nothing else (the saves stay)."""
    dirs = sorted({f.rsplit("/", i)[0] for f in files for i in range(1, f.count("/") + 1)},
                  key=lambda d: -d.count("/"))  # children before parents
    return ("import os\nfor p in %r:\n try:\n  os.remove(p)\n except OSError:\n  pass\n"
            "for d in %r:\n try:\n  os.rmdir(d)\n except OSError:\n  pass"
            % (["/" + f for f in files], ["/" + d for d in dirs]))


def flash_romfs(board, port=None, out=print):
    image, size, outdir, files = romfs.build_image(board, out)
    rc, lines = _session(mpremote() + connect_args(port) + ["romfs", "query"], port, out, lambda line: None)
    if rc != 0:
        if not any("TransportExecError" in line for line in lines):  # no board, or no answer: no fallback
            for line in lines:
                out(line)
            return _failed(rc, out)
        partition, why = None, "mpremote romfs query failed on the board: " + [x for x in lines if x.strip()][-1]
    else:
        partition, why = romfs_partition(lines)
    if partition is not None and partition < size:
        partition, why = None, "the partition has %d bytes, the image %d" % (partition, size)
    if partition is None:
        out("no ROMFS partition to use (%s): copying .mpy files instead" % why)
        return copy_files(board, port, out, outdir, files)
    beside = builder.beside_image(files)
    stale = builder.image_files(files)
    out("writing the ROMFS image (%d of %d bytes of the partition) and %s to %s (%s) ..." % (
        size, partition, ", ".join(beside), port or "the first board found", board))
    cmd = mpremote() + connect_args(port) + ["romfs", "deploy", image, "+", "exec", clean_code(stale)]
    for f in beside:
        cmd += ["+", "fs", "cp", os.path.join(outdir, f), ":/" + f]
    cmd += ["+", "reset"]
    shown = [0]

    def show(line):
        if line.startswith("Writing at offset "):
            percent = min(100, (int(line.split()[-1]) + romfs.BLOCK) * 100 // size)
            if percent >= shown[0] + 25 or percent == 100:
                shown[0] = percent
                out("image %d%%" % percent)
        elif line.startswith("cp "):
            out(line.rsplit(" :", 1)[-1].lstrip("/"))
        elif line and not line.startswith(("Preparing at offset", "Image size is", "ROMFS0 partition has")):
            out(line)
    rc, _ = _session(cmd, port, out, show)
    if rc != 0:
        return _failed(rc, out)
    out("done: ROMFS image of %d files and %s, board reset into the launcher" % (len(stale), ", ".join(beside)))
    return 0


def _give_up_if_silent(proc, port, out):
    """Kill mpremote if nothing at all comes back within ANSWER_TIMEOUT; call .set() on the
    returned event when something does."""
    answered = threading.Event()

    def watchdog():
        if not answered.wait(ANSWER_TIMEOUT) and proc.poll() is None:
            out("no answer from %s within %g s" % (port or "the board", ANSWER_TIMEOUT))
            proc.kill()

    threading.Thread(target=watchdog, daemon=True).start()
    return answered


def _failed(rc, out):
    out("mpremote failed (exit %d): is the board plugged in, running MicroPython, and the port right?" % rc)
    return rc if rc > 0 else 1


def _pass_on(proc, answered):
    """Copy mpremote's output (its mount line, then what the firmware prints) to our stdout as it comes."""
    fd = proc.stdout.fileno()
    while True:
        chunk = os.read(fd, 512)
        if not chunk:
            return
        answered.set()
        sys.stdout.buffer.write(chunk)
        sys.stdout.flush()


def _wait_polled(proc, step=0.2):
    """proc.wait(), in short waits. The kernel may hand Ctrl-C's SIGINT to the reader thread; Python
    then runs its handler in the main thread only at its next bytecode, which a main thread blocked in
    waitpid() never reaches while mpremote runs (seen once in a clean-clone make test under load:
    the mount ran on 30 s after Ctrl-C). A timed wait sleeps in steps and sees the signal."""
    while True:
        try:
            return proc.wait(step)
        except subprocess.TimeoutExpired:
            pass


def mount(board, port=None, out=print):
    """Run the launcher from build/<board> on the host (mpremote mount): nothing is flashed. Ctrl-C
    stops the board. The tree is built first, so the board imports the .mpy files a flash copies.

    On Ctrl-C mpremote gets the SIGINT too, but `exec` does not pass it on to the board: mpremote goes
    on to unmount, waiting for a prompt the still-running firmware never gives. So mpremote is ended
    here, and a second session (`soft-reset`: Ctrl-C, raw REPL, Ctrl-D) stops the firmware and drops
    the mount; the board is left idle at its REPL.
    """
    outdir, _ = builder.build(board, quiet=True)  # fails early for a wrong BOARD=
    out("running build/%s on %s (mpremote mount) ..." % (board, port or "the first board found"))
    sys.stdout.flush()  # before mpremote's own output, which goes straight to the byte stream
    cmd = mpremote() + connect_args(port) + ["mount", outdir, "exec", mount_code()]
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env)
    # mpremote prints its mount line once the board answers: a silent port is given up on
    answered = _give_up_if_silent(proc, port, out)
    reader = threading.Thread(target=_pass_on, args=(proc, answered), daemon=True)
    reader.start()
    try:
        rc = _wait_polled(proc)
        reader.join(2)
        return _failed(rc, out) if rc != 0 else 0
    except KeyboardInterrupt:
        pass
    try:
        try:
            proc.wait(MOUNT_GRACE)  # it may end by itself (the firmware had already returned)
        except subprocess.TimeoutExpired:
            proc.terminate()
            try:
                proc.wait(5)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        out("stopping the board ...")
        stop = mpremote() + connect_args(port) + ["soft-reset"]
        try:
            rc = subprocess.call(stop, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            rc = None
    except KeyboardInterrupt:
        rc = None
    if rc == 0:
        out("stopped: the board is idle at its REPL (reset it to boot what is flashed)")
    else:
        out("could not stop the board: it may still run the firmware from this tree; unplug it or reset it")
    return 130  # interrupted, as a shell reports Ctrl-C


def mount_code():
    """The mounted build folder first on sys.path (mpremote mounts it at /remote), then boot as at power-on."""
    return "import sys\nsys.path.insert(0, '/remote')\nimport main\nmain.boot()"


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--board", default="pico")
    p.add_argument("--port", default=None)
    p.add_argument("--mount", action="store_true")
    p.add_argument("--romfs", action="store_true", help="deploy a ROMFS image (falls back to .mpy files)")
    args = p.parse_args(argv)
    try:
        builder.board_module(args.board)  # a wrong BOARD= is said first
        status = find_board(args.port, print)
        if status:
            return status
        if args.mount:
            return mount(args.board, args.port)
        return flash(args.board, args.port, rom=args.romfs)
    except builder.BuildError as e:
        print("flash: %s" % e, file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
