#!/bin/sh
# Install the Debian packages the dictionary build reads (tools/build_dictionary.py):
#   scowl          /usr/share/dict/scowl/   word lists (relaxed and kids lists)
#   wordnet-base   /usr/share/wordnet/      parts of speech (strict list)
# Idempotent: does nothing when both are installed. Needs root (or sudo) and apt-get;
# elsewhere it says what is missing and exits 0, and the rebuild test skips.
set -eu
PKGS="scowl wordnet-base"
missing=""
for p in $PKGS; do
    if ! dpkg-query -W -f '${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing="$missing $p"
    fi
done
if [ -z "$missing" ]; then
    echo "install_system_deps: $PKGS already installed"
    exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "install_system_deps: no apt-get; install$missing by hand to rebuild the dictionary" >&2
    exit 0
fi
SUDO=""
if [ "$(id -u)" != "0" ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
        SUDO="sudo -n"
    else
        echo "install_system_deps: not root and no password-less sudo; install$missing by hand" >&2
        exit 0
    fi
fi
export DEBIAN_FRONTEND=noninteractive
if $SUDO apt-get update -qq && $SUDO apt-get install -y -qq --no-install-recommends $missing; then
    echo "install_system_deps: installed$missing"
else
    echo "install_system_deps: could not install$missing; the dictionary rebuild test will skip" >&2
fi
