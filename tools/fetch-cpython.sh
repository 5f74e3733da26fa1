#!/usr/bin/env bash
# Puts the verified CPython 3.13.5 tarball at $1.
# Source: $CPYTHON_TARBALL if set (python.org's Python-3.13.5.tar.xz), else Debian's
# source package python3.13 (suite trixie), which carries upstream's tarball unchanged.
# apt runs with a private state directory: the system's apt configuration is never touched.
set -euo pipefail
dest=$1
want=93e583f243454e6e9e4588ca2c2662206ad961659863277afcdb96801647d640

verify() {
    local got
    got=$(sha256sum "$1" | cut -d' ' -f1)
    if [ "$got" != "$want" ]; then
        echo "error: $1 has sha256 $got, expected $want (CPython 3.13.5 source tarball)" >&2
        return 1
    fi
}

mkdir -p "$(dirname "$dest")"
if [ -n "${CPYTHON_TARBALL:-}" ]; then
    if [ ! -f "$CPYTHON_TARBALL" ]; then
        echo "error: CPYTHON_TARBALL=$CPYTHON_TARBALL: no such file" >&2
        exit 1
    fi
    verify "$CPYTHON_TARBALL"
    cp "$CPYTHON_TARBALL" "$dest.tmp" && mv "$dest.tmp" "$dest"
    exit 0
fi

if [ -f "$dest" ] && verify "$dest" 2>/dev/null; then
    exit 0
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/parts" "$work/lists/partial" "$work/archives/partial" "$work/src"
cat > "$work/parts/trixie-src.sources" <<SRC
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: trixie
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
apt_opts=(-o Dir::Etc::SourceList=/dev/null -o "Dir::Etc::SourceParts=$work/parts"
          -o "Dir::State::Lists=$work/lists" -o "Dir::Cache::Archives=$work/archives"
          -o Debug::NoLocking=1 -o APT::Sandbox::User=root)
apt-get "${apt_opts[@]}" -q update
(cd "$work/src" && apt-get "${apt_opts[@]}" -q source --download-only python3.13)
tarball=$(ls "$work"/src/python3.13_3.13.5.orig.tar.xz 2>/dev/null || true)
if [ -z "$tarball" ]; then
    echo "error: Debian's python3.13 source package did not contain python3.13_3.13.5.orig.tar.xz; found: $(ls "$work/src")" >&2
    echo "hint: set CPYTHON_TARBALL=/path/Python-3.13.5.tar.xz" >&2
    exit 1
fi
verify "$tarball"
mv "$tarball" "$dest.tmp" && mv "$dest.tmp" "$dest"
