"""Type-check the code against the APIs it runs on (issue 18): `make typecheck`.

    python tools/typecheck.py            every check; exit 1 naming each finding (file:line:col)
    python tools/typecheck.py --setup    only install the stubs (tools/install_deps.sh runs this)
    python tools/typecheck.py --only rp2 --tree DIR
                                         one check, on a copy of the device tree (the tests)

Device code (firmware/, hal/, boards/) is checked with basedpyright against MicroPython's own
stubs, once per board family, since their `machine` modules differ:
- rp2 (pico, pico2): pyrightconfig.json at the root, which is also what an editor opening the
  repository reads;
- esp32 (esp32s3, esp32c3): the same configuration with the esp32 stubs and board, written to
  build/typecheck/pyrightconfig.esp32.json.
The device sees `board` as the family's first board file (tools/build.py copies it in as
/board.py), `core`, `games` from firmware/ and `hal` from the root. The stubs, pinned in
requirements-stubs-<family>.txt, are installed with pip --target into
build/typecheck/stubs/<family>/, never into .venv's site-packages, where their `machine` would
hide the simulator's stand-in. CPython's library is kept out of sight: MicroPython's stdlib
stubs serve as typeshed and the environment is an empty site-packages
(build/typecheck/env/none), so `import dataclasses` in a firmware file is an error.
The stdlib stubs' builtins.pyi is CPython's, so it declares methods MicroPython's built-in
types lack (`str.format_map`, `str.zfill`, `bytes.hex`...): setup asks the pinned MicroPython
unix port which of them its types really have, and takes the others out of each family's copy
of the stubs (trim_builtins), so calling one in a firmware file is a finding. The unix port has
at least the built-in methods of the rp2 and esp32 ports (it is built with more features), so
what it lacks no board has. `const()` needs no import on a board (the compiler knows it), and a
firmware file that forgets `from micropython import const` fails at import in the simulator,
which every test shows: the stubs declare it as a built-in, and the check leaves it so.
Host code (sim/, tools/, web/) is checked against CPython with tools/pyrightconfig.host.json.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "build", "typecheck")
DEVICE_CONFIG = os.path.join(ROOT, "pyrightconfig.json")
HOST_CONFIG = os.path.join(ROOT, "tools", "pyrightconfig.host.json")
FAMILIES = {"rp2": ("pico", "pico2"), "esp32": ("esp32s3", "esp32c3")}
# The built-in types whose methods the stubs may declare and MicroPython lack
TRIMMED_TYPES = ("str", "bytes", "bytearray", "list", "dict", "set", "frozenset", "int", "float", "tuple")
DEVICE_DIRS = ("firmware", "hal", "boards")


class SetupError(Exception):
    """The checker or the stubs are missing and could not be installed (offline?)."""


def stubs_dir(family):
    return os.path.join(OUT, "stubs", family)


def _read(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return None


def checker():
    exe = os.path.join(os.path.dirname(sys.executable), "basedpyright")
    if os.path.exists(exe):
        return exe
    exe = shutil.which("basedpyright")
    if exe is None:
        raise SetupError("basedpyright is not installed (requirements.txt pins it): run `make`")
    return exe


def setup():
    """Install each family's pinned stubs (again when the pins changed), lay out `board` and
    the empty environment. Idempotent; raises SetupError when pip cannot install."""
    for family, boards in FAMILIES.items():
        req = os.path.join(ROOT, "requirements-stubs-%s.txt" % family)
        pins = _read(req) or ""
        target = stubs_dir(family)
        marker = os.path.join(target, ".pins")
        if _read(marker) != pins:
            shutil.rmtree(target, ignore_errors=True)
            r = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                                "--no-deps", "--target", target, "-r", req], capture_output=True, text=True)
            if r.returncode != 0:
                shutil.rmtree(target, ignore_errors=True)
                err = [l for l in (r.stderr + r.stdout).splitlines() if "is ignored" not in l]
                raise SetupError("could not install the %s stubs (%s): %s" % (
                    family, os.path.basename(req), " ".join(err[-3:]) or "pip failed"))
            with open(marker, "w") as f:
                f.write(pins)
        board_dir = os.path.join(OUT, "board", family)
        os.makedirs(board_dir, exist_ok=True)
        src = os.path.join(ROOT, "boards", boards[0] + ".py")
        if _read(os.path.join(board_dir, "board.py")) != _read(src):
            shutil.copyfile(src, os.path.join(board_dir, "board.py"))
        trim_builtins(target)
    os.makedirs(os.path.join(OUT, "env", "none", "lib", "site-packages"), exist_ok=True)
    checker()


def micropython():
    exe = os.path.join(os.path.dirname(sys.executable), "micropython")
    return exe if os.path.exists(exe) else shutil.which("micropython")


def missing_methods(exe):
    """{type name: [public methods the stubs may name and MicroPython's type lacks]}, asked of
    the MicroPython at exe for the names CPython's types have."""
    wanted = {}
    for name in TRIMMED_TYPES:
        wanted[name] = sorted(m for m in dir(getattr(__builtins__, name, None) or eval(name))
                              if not m.startswith("_"))
    probe = "import sys\nfor t, ms in %r:\n    print(t, ' '.join(m for m in ms if not hasattr(eval(t), m)))\n" % (
        sorted(wanted.items()),)
    r = subprocess.run([exe, "-c", probe], capture_output=True, text=True)
    if r.returncode != 0:
        raise SetupError("MicroPython could not list its built-in methods: %s" % r.stderr[-300:])
    # kept: a method an abstract base of the type's stub requires (bytearray's insert, for
    # MutableSequence), without which the stub's type could not be made at all
    import collections.abc as abc
    required = set()
    for base in (abc.MutableSequence, abc.MutableMapping, abc.MutableSet):
        required |= getattr(base, "__abstractmethods__")  # set by ABCMeta; the typeshed stub lacks it
    missing = {}
    for line in r.stdout.splitlines():
        t, _, names = line.partition(" ")
        missing[t] = [n for n in names.split() if n not in required]
    return missing


def _drop_methods(lines, cls, names):
    """lines of a .pyi with the defs of names in `class cls` (and their decorators) taken out."""
    out = []
    inside = False
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("class "):
            inside = re.match(r"class %s\b" % re.escape(cls), line) is not None
        elif inside and line.strip() and not line.startswith(" "):
            inside = False
        m = re.match(r"    def (\w+)\(", line) if inside else None
        if m and m.group(1) in names:
            while out and out[-1].startswith("    @"):
                out.pop()     # its @overload / @deprecated lines
            while not re.search(r"\.\.\.\s*(#.*)?$", lines[i]):
                i += 1        # a signature over several lines ends with `: ...`
            i += 1
            continue
        out.append(line)
        i += 1
    return out


def trim_builtins(target):
    """Take the methods MicroPython lacks out of target's stdlib/builtins.pyi, once per stub
    install (a marker lists what was taken out). Without the unix port yet (tools/install_deps.sh
    installs it after the stubs) it is done at the next setup, which every check runs."""
    path = os.path.join(target, "stdlib", "builtins.pyi")
    marker = os.path.join(target, ".trimmed")
    if _read(marker) is not None or not os.path.exists(path):
        return
    exe = micropython()
    if exe is None:
        return
    missing = missing_methods(exe)
    with open(path) as f:
        lines = f.read().split("\n")
    for cls in TRIMMED_TYPES:
        if missing.get(cls):
            lines = _drop_methods(lines, cls, set(missing[cls]))
    with open(path, "w") as f:
        f.write("\n".join(lines))
    with open(marker, "w") as f:
        for cls in TRIMMED_TYPES:
            f.write("%s: %s\n" % (cls, " ".join(missing.get(cls, []))))


def load_config(path):
    """A pyright configuration (JSON with // comment lines, as pyright reads it)."""
    with open(path) as f:
        text = "".join(l for l in f if not l.lstrip().startswith("//"))
    return json.loads(text)


def device_config(family, tree=ROOT):
    """The root configuration for `family`, with absolute paths: the checked folders from
    `tree`, the stubs, board and environment from this checkout's build/typecheck/."""
    cfg = load_config(DEVICE_CONFIG)

    def place(p):
        if p.startswith("build/"):
            return os.path.join(ROOT, p.replace("/rp2", "/" + family))
        return os.path.normpath(os.path.join(tree, p))

    for key in ("include", "exclude", "ignore", "extraPaths"):
        if key in cfg:
            cfg[key] = [p if "*" in p else place(p) for p in cfg[key]]
    for key in ("typeshedPath", "stubPath", "venvPath"):
        cfg[key] = place(cfg[key])
    return cfg


def run(name, config, shown_from=ROOT):
    """Run basedpyright with one configuration file; (findings, seconds). A finding is
    'name: path:line:col: severity: message (rule)', its path relative to shown_from."""
    t = time.monotonic()
    r = subprocess.run([checker(), "--outputjson", "-p", config], capture_output=True, text=True,
                       cwd=os.path.dirname(config))
    try:
        report = json.loads(r.stdout)
    except ValueError:
        return ["%s: basedpyright failed (exit %d): %s" % (name, r.returncode, (r.stderr or r.stdout)[-800:])], 0.0
    found = []
    for d in report.get("generalDiagnostics", []):
        if d["severity"] not in ("error", "warning"):
            continue
        path = os.path.relpath(d.get("file", "?"), shown_from)
        start = d.get("range", {}).get("start", {})
        message = re.sub(r"\s+", " ", d["message"]).strip()
        found.append("%s: %s:%d:%d: %s: %s%s" % (name, path, start.get("line", 0) + 1, start.get("character", 0) + 1,
                                                 d["severity"], message,
                                                 " (%s)" % d["rule"] if d.get("rule") else ""))
    if not found and r.returncode not in (0, 1):
        found.append("%s: basedpyright failed (exit %d): %s" % (name, r.returncode, (r.stderr or r.stdout)[-800:]))
    return found, time.monotonic() - t


def check(only=None, tree=ROOT, quiet=False):
    """Run the checks (all, or those named in `only`); the list of findings."""
    setup()
    found = []
    names = list(FAMILIES) + ["host"]
    for name in names:
        if only and name not in only:
            continue
        if name == "host":
            config = HOST_CONFIG
        elif name == "rp2" and tree == ROOT:
            config = DEVICE_CONFIG
        else:
            config = os.path.join(OUT if tree == ROOT else tree, "pyrightconfig.%s.json" % name)
            with open(config, "w") as f:
                json.dump(device_config(name, tree), f, indent=1)
        got, secs = run(name, config, shown_from=tree)
        found += got
        if not quiet:
            print("typecheck %-5s %s  %d finding%s  %.1f s" % (
                name, os.path.relpath(config, ROOT), len(got), "" if len(got) == 1 else "s", secs))
    return found


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--setup", action="store_true", help="only install the stubs")
    ap.add_argument("--only", action="append", choices=list(FAMILIES) + ["host"], help="run only this check")
    ap.add_argument("--tree", default=ROOT, help="check the device folders of this copy of the tree")
    args = ap.parse_args(argv)
    try:
        if args.setup:
            setup()
            print("typecheck: stubs for %s in %s" % (", ".join(FAMILIES), os.path.relpath(OUT, ROOT)))
            return 0
        found = check(args.only, os.path.abspath(args.tree))
    except SetupError as e:
        print("typecheck: cannot run: %s" % e, file=sys.stderr)
        return 2
    for line in found:
        print(line)
    if found:
        print("typecheck: %d finding%s" % (len(found), "" if len(found) == 1 else "s"), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
