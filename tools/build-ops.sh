#!/usr/bin/env bash
# Compiles a janus_ext TensorFlow custom-op source against the TensorFlow wheel in a
# prefix.  The result is cached in build/, keyed by the source and the TF version.
# Usage: build-ops.sh PYTHON REPO OUT_SO [SOURCE]
#   SOURCE defaults to janus_ops.cc; mpi_ops.cc is also linked against the prefix's MPICH
#   (the pinned `mpich` wheel puts mpi.h and libmpi.so.12 into the prefix); random_ops.cc
#   against libtensorflow_cc, which holds TF's range samplers (TF's Python loads it).
set -euo pipefail
python=$1 repo=$2 out=$3 source=${4:-janus_ops.cc}
src="$repo/janus_ext/$source"
command -v g++ > /dev/null || "$repo/tools/deps.sh" install
flags=$(JANUS_MODE=off "$python" -c 'import tensorflow as tf, sys
sys.stdout.write(" ".join(tf.sysconfig.get_compile_flags()) + "\n" + " ".join(tf.sysconfig.get_link_flags()) + "\n" + tf.__version__)' 2>/dev/null)
compile=$(sed -n 1p <<<"$flags") link=$(sed -n 2p <<<"$flags") version=$(sed -n 3p <<<"$flags")
include=$("$python" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
prefix=$("$python" -c 'import sys; print(sys.prefix)')
extra=()
if [ "$source" = mpi_ops.cc ]; then
    # libmpi.so.12 is the library mpi4py loads: one MPI in the process.  The op library
    # sits in <prefix>/lib/python3.13/janus/distributed/, libmpi in <prefix>/lib.
    extra=(-I"$prefix/include" -L"$prefix/lib" -lmpi '-Wl,-rpath,$ORIGIN/../../..')
elif [ "$source" = random_ops.cc ]; then
    extra=(-l:libtensorflow_cc.so.2)
fi
key=$( { cat "$src"; echo "$version $compile $link ${extra[*]}"; } | sha256sum | cut -c1-16)
built="$repo/build/ops-$key/$(basename "$out")"
if [ ! -f "$built" ]; then
    mkdir -p "$(dirname "$built")"
    # Python symbols resolve against the interpreter that loads the library (it is
    # linked statically and exports them), so libpython is not linked here.
    g++ -shared -fPIC -O2 -Wno-deprecated-declarations $compile -I"$include" "$src" \
        -o "$built.tmp" $link "${extra[@]}"
    mv "$built.tmp" "$built"
fi
cp "$built" "$out"
