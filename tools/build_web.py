"""Assemble the static site of "play in the browser" into build/web/.

    python tools/build_web.py [--out build/web]

The site is the firmware, unchanged, on the official MicroPython WebAssembly
port (npm @micropython/micropython-webassembly-pyscript, pinned in
web/package-lock.json; `sh tools/install_web_deps.sh` installs it):

    index.html style.css app.js worker.js   the page (web/)
    micropython.mjs micropython.wasm        the port, from web/node_modules
    firmware.json                           firmware/ + hal/ as .mpy (tools/build.py
                                            mpy_tree: bytecode, any port), the data
                                            files, and the browser HAL (web/web_hal.py,
                                            sim/keyscript.py)

No server-side code and nothing fetched from elsewhere: any static file server
works offline; interactive play needs the COOP/COEP headers that
`python web/serve.py` (make web-serve) sends.
"""
import argparse
import base64
import json
import os
import shutil
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import build as fwbuild  # noqa: E402

WEB = os.path.join(ROOT, "web")
PORT_PKG = os.path.join(WEB, "node_modules", "@micropython", "micropython-webassembly-pyscript")
PAGE = ("index.html", "style.css", "app.js", "worker.js")
RUNTIME = ("micropython.mjs", "micropython.wasm")
# browser-side Python: (source, path in the bundle)
EXTRA = (
    (os.path.join(WEB, "web_hal.py"), "web_hal.py"),
    (os.path.join(ROOT, "sim", "keyscript.py"), "sim/keyscript.py"),
)


class WebBuildError(Exception):
    pass


def bundle(mpy_dir):
    files = {}
    # only what the firmware has now (mpy_dir is incremental and may hold stale files)
    for _src, dev in fwbuild.device_files("pico")[1:]:
        rel = dev[:-3] + ".mpy" if dev.endswith(".py") else dev
        with open(os.path.join(mpy_dir, rel), "rb") as f:
            files[rel] = base64.b64encode(f.read()).decode()
    for src, rel in EXTRA:
        with open(src, "rb") as f:
            files[rel] = base64.b64encode(f.read()).decode()
    files["sim/__init__.py"] = ""
    return {"files": files}


def build_web(out=None, quiet=False):
    out = out or os.path.join(ROOT, "build", "web")
    for name in RUNTIME:
        if not os.path.exists(os.path.join(PORT_PKG, name)):
            raise WebBuildError("%s is missing: run `sh tools/install_web_deps.sh` (npm ci in web/)"
                                % os.path.relpath(os.path.join(PORT_PKG, name), ROOT))
    mpy_dir = os.path.join(ROOT, "build", "web-mpy")
    try:
        fwbuild.mpy_tree(mpy_dir, None)  # incremental; no native code in the browser's port  # pyright: ignore[reportArgumentType]  -- march=None: no native code (build.mpy_tree's doc)
    except fwbuild.BuildError as e:
        raise WebBuildError(str(e))
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(out)
    for name in PAGE:
        shutil.copyfile(os.path.join(WEB, name), os.path.join(out, name))
    for name in RUNTIME:
        shutil.copyfile(os.path.join(PORT_PKG, name), os.path.join(out, name))
    data = bundle(mpy_dir)
    with open(os.path.join(out, "firmware.json"), "w") as f:
        json.dump(data, f, separators=(",", ":"), sort_keys=True)
    if not quiet:
        total = sum(os.path.getsize(os.path.join(out, n)) for n in os.listdir(out))
        print("web: %s (%d files in the firmware bundle, %d KB in all)"
              % (os.path.relpath(out, ROOT), len(data["files"]), total // 1024))
    return out


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", default=None)
    args = p.parse_args(argv)
    try:
        build_web(args.out)
    except WebBuildError as e:
        print("build_web: %s" % e, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
