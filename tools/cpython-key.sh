#!/usr/bin/env bash
# Prints the cache key of a CPython build: a hash of everything that goes into it.
# Usage: cpython-key.sh TARBALL_SHA256 PATCH_DIR|none CONFIGURE_FLAGS...
# Inputs: the tarball's hash, each patch's name and bytes in apply order, the configure
# flags, and this build recipe (tools/build-cpython.sh), so a change to any of them
# builds anew and an unchanged set reuses the cached interpreter.
set -euo pipefail
# PATCH_DIR "none" builds stock CPython (bench/interp compares against it).
patch_names() {
    [ "$1" = none ] || (cd "$1" && ls [0-9][0-9][0-9][0-9]-*.patch 2>/dev/null | LC_ALL=C sort)
}
here=$(cd "$(dirname "$0")" && pwd)
tarball_sha=$1 patch_dir=$2
shift 2
{
    echo "tarball $tarball_sha"
    for p in $(patch_names "$patch_dir"); do
        echo "patch $p $(sha256sum < "$patch_dir/$p" | cut -d' ' -f1)"
    done
    echo "configure $*"
    echo "recipe $(sha256sum < "$here/build-cpython.sh" | cut -d' ' -f1)"
} | sha256sum | cut -c1-16
