#!/usr/bin/env bash
# Fills a janus-python prefix: cached interpreter → pinned dependencies → janus_ext →
# janus runtime → bin/janus-python.  Each stage is skipped when the prefix's marker says
# it is current, so `make` after editing runtime/ only recopies the runtime.
# Usage: install-prefix.sh DEST CPYTHON_DIR KEY TF
set -euo pipefail
dest=$1 cpython=$2 key=$3 tf=$4
here=$(cd "$(dirname "$0")" && pwd)
repo=$(dirname "$here")
. "$here/stage.sh"
logs="$repo/build/logs"
mkdir -p "$logs"
requirements="$repo/requirements/$tf.txt"
if [ ! -f "$requirements" ]; then
    echo "error: TF=$tf is not a known variant (must be cpu or gpu)" >&2
    exit 2
fi
deps_hash=$(cat "$requirements" | sha256sum | cut -c1-16)
stdlib="$dest/lib/python3.13"
# The dependencies and the runtime's own build steps never run janus.
export JANUS_MODE=off

marker() { cat "$dest/$1" 2>/dev/null || true; }

# A prefix is rebuilt from the cached interpreter when the interpreter's key changed,
# and also when the TF variant changed: tensorflow-cpu and tensorflow[and-cuda] install
# the same module and pip cannot swap one for the other cleanly.
if [ "$(marker .janus-cpython)" != "$key" ] || { [ -n "$(marker .janus-deps)" ] && [ "$(marker .janus-deps)" != "$tf-$deps_hash" ]; }; then
    if [ -e "$dest" ] && [ -n "$(ls -A "$dest" 2>/dev/null)" ] && [ ! -f "$dest/.janus-cpython" ]; then
        echo "error: $dest exists and is not a janus-python prefix; remove it or choose another PREFIX" >&2
        exit 1
    fi
    rm -rf "$dest"
    mkdir -p "$(dirname "$dest")"
    stage copy "$logs/copy.log" cp -a "$cpython" "$dest"
    echo "$key" > "$dest/.janus-cpython"
fi

if [ "$(marker .janus-deps)" != "$tf-$deps_hash" ]; then
    stage deps "$logs/deps.log" "$dest/bin/python3.13" -m pip install \
        --disable-pip-version-check --no-warn-script-location -r "$requirements"
    echo "$tf-$deps_hash" > "$dest/.janus-deps"
fi
# After every pip run (it writes absolute #! lines): the prefix must survive being moved.
"$dest/bin/python3.13" "$here/relocatable-scripts.py" "$dest"

# janus_ext is built per interpreter key (its ABI is that of the patched interpreter).
stage extension "$logs/extension.log" sh -c 'cd "$1" && "$2" setup.py -q build_ext \
        --build-lib "$3/build/ext-$4" --build-temp "$3/build/tmp-$4"' \
    _ "$repo/janus_ext" "$dest/bin/python3.13" "$repo" "$key"
# Files a running janus-python may have loaded are replaced by rename, never rewritten
# in place: a process mapping the old library keeps it, one starting now gets the new.
for so in "$repo/build/ext-$key"/janus_ext*.so; do
    name=$(basename "$so")
    cp "$so" "$stdlib/.$name.new" && mv -f "$stdlib/.$name.new" "$stdlib/$name"
done

# The runtime lives beside the stdlib, not in site-packages, so that a venv made by
# janus-python (which does not read the base site-packages) still starts janus.  It is
# made complete beside the old one, then swapped in.
rm -rf "$stdlib/.janus.new" "$stdlib/.janus.old"
cp -r "$repo/runtime/janus" "$stdlib/.janus.new"
# TF custom ops (object-pointer reads, the recursive-backprop stash): ~10 s, cached.
stage ops "$logs/ops.log" "$here/build-ops.sh" "$dest/bin/python3.13" "$repo" \
    "$stdlib/.janus.new/graph/_janus_ops.so"
# The candidate sampler that takes eager's op seeds as an input (semantics/random_ops.py).
stage random-ops "$logs/random-ops.log" "$here/build-ops.sh" "$dest/bin/python3.13" "$repo" \
    "$stdlib/.janus.new/semantics/_janus_random_ops.so" random_ops.cc
# MPI collectives for data-parallel training (janus/distributed/collectives.py), against MPICH.
stage mpi-ops "$logs/mpi-ops.log" "$here/build-ops.sh" "$dest/bin/python3.13" "$repo" \
    "$stdlib/.janus.new/distributed/_janus_mpi_ops.so" mpi_ops.cc
find "$stdlib/.janus.new" -name __pycache__ -prune -exec rm -rf {} +
"$dest/bin/python3.13" -m compileall -q "$stdlib/.janus.new" > /dev/null
if [ -d "$stdlib/janus" ]; then mv "$stdlib/janus" "$stdlib/.janus.old"; fi
mv "$stdlib/.janus.new" "$stdlib/janus"
rm -rf "$stdlib/.janus.old"
ln -sf python3.13 "$dest/bin/janus-python"
