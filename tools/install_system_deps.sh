#!/bin/sh
# Install Debian packages the project's builds and tests read, idempotently.
#   sh tools/install_system_deps.sh                 scowl wordnet-base: the dictionary build
#                                                   (/usr/share/dict/scowl/, /usr/share/wordnet/)
#   sh tools/install_system_deps.sh PKG... -- WHAT  other packages; WHAT says what skips without them
#   --with-recommends first: install their recommended packages too (chromium)
# Does nothing when they are installed. Needs root (or password-less sudo) and apt-get;
# elsewhere it says what is missing and exits 0, and the tests that need them skip.
set -eu
what="the dictionary rebuild test will skip"
RECOMMENDS="--no-install-recommends"
if [ "${1:-}" = "--with-recommends" ]; then
    RECOMMENDS=""
    shift
fi
PKGS=""
while [ $# -gt 0 ]; do
    if [ "$1" = "--" ]; then
        shift
        what="$*"
        break
    fi
    PKGS="$PKGS $1"
    shift
done
[ -n "$PKGS" ] || PKGS="scowl wordnet-base"
missing=""
for p in $PKGS; do
    if ! dpkg-query -W -f '${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing="$missing $p"
    fi
done
if [ -z "$missing" ]; then
    echo "install_system_deps:$PKGS already installed"
    exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "install_system_deps: no apt-get; install$missing by hand, or $what" >&2
    exit 0
fi
SUDO=""
if [ "$(id -u)" != "0" ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
        SUDO="sudo -n"
    else
        echo "install_system_deps: not root and no password-less sudo; install$missing by hand, or $what" >&2
        exit 0
    fi
fi
export DEBIAN_FRONTEND=noninteractive
if $SUDO apt-get update -qq && $SUDO apt-get install -y -qq $RECOMMENDS $missing; then
    echo "install_system_deps: installed$missing"
else
    echo "install_system_deps: could not install$missing; $what" >&2
fi
