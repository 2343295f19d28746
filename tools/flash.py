"""Build for a board and copy it over USB with mpremote, in one mpremote session.

    python tools/flash.py --board pico [--port /dev/ttyACM0]      # build, copy, reset
    python tools/flash.py --board pico --mount                    # run from this tree (mpremote mount)

Ctrl-C ends a --mount run and stops the board (soft reset: idle at its REPL, nothing flashed changes).

Copying: the folders are created first, then every file is copied with
`fs cp` (mpremote skips files whose SHA-256 already matches), then the board
is reset into the launcher. Progress is shown as [n/total] per file.
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


def flash(board, port=None, out=print):
    outdir, files = builder.build(board, quiet=True)
    files = sorted(files, key=lambda f: (f == "main.py", f))  # main.py last: a cut copy never boots half
    cmd = mpremote() + connect_args(port) + flash_commands(outdir, files)
    out("flashing %d files to %s (%s) ..." % (len(files), port or "the first board found", board))
    env = dict(os.environ, PYTHONUNBUFFERED="1")  # mpremote writes to a pipe: unbuffered, progress is live
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    answered = _give_up_if_silent(proc, port, out)
    done = 0
    for line in proc.stdout:
        answered.set()
        line = line.rstrip()
        if line.startswith("cp "):
            done += 1
            out("[%d/%d] %s" % (done, len(files), line.rsplit(" :", 1)[-1].lstrip("/")))
        elif line:
            out(line)
    answered.set()
    rc = proc.wait()
    if rc != 0:
        return _failed(rc, out)
    out("done: %d files, board reset into the launcher" % len(files))
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


def mount(board, port=None, out=print):
    """Run the launcher from the host tree (mpremote mount): nothing is flashed. Ctrl-C stops the board.

    On Ctrl-C mpremote gets the SIGINT too, but `exec` does not pass it on to the board: mpremote goes
    on to unmount, waiting for a prompt the still-running firmware never gives. So mpremote is ended
    here, and a second session (`soft-reset`: Ctrl-C, raw REPL, Ctrl-D) stops the firmware and drops
    the mount; the board is left idle at its REPL.
    """
    builder.board_module(board)  # fails early for a wrong BOARD=
    cmd = mpremote() + connect_args(port) + ["mount", ROOT, "exec", mount_code(board)]
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env)
    # mpremote prints its mount line once the board answers: a silent port is given up on
    answered = _give_up_if_silent(proc, port, out)
    reader = threading.Thread(target=_pass_on, args=(proc, answered), daemon=True)
    reader.start()
    try:
        rc = proc.wait()
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


def mount_code(board):
    return ("import sys\nsys.path[:0] = ['/remote/firmware', '/remote']\n"
            "import boards.%s as board\nsys.modules['board'] = board\nimport main\nmain.boot()" % board)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--board", default="pico")
    p.add_argument("--port", default=None)
    p.add_argument("--mount", action="store_true")
    args = p.parse_args(argv)
    try:
        if args.mount:
            return mount(args.board, args.port)
        return flash(args.board, args.port)
    except builder.BuildError as e:
        print("flash: %s" % e, file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
