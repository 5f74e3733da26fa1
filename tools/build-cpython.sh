#!/usr/bin/env bash
# Builds the patched CPython 3.13.5 into $CACHE_DIR/cpython-$KEY, once per key.
# Usage: build-cpython.sh TARBALL PATCH_DIR|none CACHE_DIR KEY CONFIGURE_FLAGS...
# The finished install appears under its final name only when every stage succeeded
# (built in a scratch directory, then renamed), so a cache entry is never half-built.
# The interpreter is statically linked to libpython: the installed tree is then
# relocatable and can be copied into any prefix (`make install PREFIX=...`).
set -euo pipefail
# PATCH_DIR "none" builds stock CPython (bench/interp compares against it).
patch_names() {
    [ "$1" = none ] || (cd "$1" && ls [0-9][0-9][0-9][0-9]-*.patch 2>/dev/null | LC_ALL=C sort)
}
here=$(cd "$(dirname "$0")" && pwd)
tarball=$1 patch_dir=$2 cache_dir=$3 key=$4
shift 4
final="$cache_dir/cpython-$key"
[ -x "$final/bin/python3.13" ] && exit 0

. "$here/stage.sh"
mkdir -p "$cache_dir"
scratch=$(mktemp -d "$cache_dir/.build-$key.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
logs="$cache_dir/logs"
mkdir -p "$logs"

stage unpack "$logs/unpack-$key.log" tar -xf "$tarball" -C "$scratch"
src="$scratch/Python-3.13.5"
for p in $(patch_names "$patch_dir"); do
    # --fuzz=0: a hunk that does not apply exactly is a rejected hunk, never a guess.
    if ! patch -d "$src" -p1 --batch --forward --fuzz=0 --no-backup-if-mismatch \
            -i "$patch_dir/$p" > "$logs/patch-$key.log" 2>&1; then
        cat "$logs/patch-$key.log" >&2
        echo "error: patch $p does not apply to CPython 3.13.5 (log: $logs/patch-$key.log)" >&2
        exit 1
    fi
    echo "[janus] patch      $p"
done
# Installed under the scratch name, then moved: the prefix only names where sysconfig
# says headers live; the interpreter finds its stdlib relative to itself.
stage configure "$logs/configure-$key.log" \
    sh -c 'cd "$1" && shift && ./configure --prefix="$0" "$@"' "$final" "$src" "$@"
stage build "$logs/build-$key.log" make -C "$src" -j"$(nproc)"
stage install "$logs/install-$key.log" make -C "$src" install DESTDIR="$scratch/root"
mv "$scratch/root$final" "$final.tmp"
mv "$final.tmp" "$final"
