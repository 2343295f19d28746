#!/bin/sh
# Dependencies of "play in the browser" (make web, the browser tests):
#   web/node_modules   npm ci: the MicroPython WebAssembly port and playwright-core,
#                      exactly as pinned in web/package-lock.json (no browser download)
#   chromium           Debian's, for the headless browser tests (apt-get, root only)
# Idempotent: does nothing when both are there. Where something cannot be installed
# (no npm, not root, no apt-get) it says so and exits 0; the browser tests then skip
# with the reason.
set -u
cd "$(dirname "$0")/.."

if [ -f web/node_modules/.package-lock.json ] && cmp -s web/package-lock.json web/node_modules/.pp-lock 2>/dev/null; then
    echo "install_web_deps: web/node_modules up to date"
elif ! command -v npm >/dev/null 2>&1; then
    echo "install_web_deps: no npm (Node.js 18+); install it, then run: (cd web && npm ci)" >&2
else
    echo "install_web_deps: npm ci in web/"
    if (cd web && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error); then
        cp web/package-lock.json web/node_modules/.pp-lock
    else
        echo "install_web_deps: npm ci failed (offline?); the browser build and tests will skip" >&2
    fi
fi

if command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ]; then
    echo "install_web_deps: chromium already installed"
    exit 0
fi
sh tools/install_system_deps.sh --with-recommends chromium -- the browser tests will skip
exit 0
