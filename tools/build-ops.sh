#!/usr/bin/env bash
# Compiles janus_ext/janus_ops.cc (TensorFlow custom ops) against the TensorFlow wheel in
# a prefix.  The result is cached in build/, keyed by the source and the TF version.
# Usage: build-ops.sh PYTHON REPO OUT_SO
set -euo pipefail
python=$1 repo=$2 out=$3
src="$repo/janus_ext/janus_ops.cc"
command -v g++ > /dev/null || "$repo/tools/deps.sh" install
flags=$(JANUS_MODE=off "$python" -c 'import tensorflow as tf, sys
sys.stdout.write(" ".join(tf.sysconfig.get_compile_flags()) + "\n" + " ".join(tf.sysconfig.get_link_flags()) + "\n" + tf.__version__)' 2>/dev/null)
compile=$(sed -n 1p <<<"$flags") link=$(sed -n 2p <<<"$flags") version=$(sed -n 3p <<<"$flags")
include=$("$python" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
key=$( { cat "$src"; echo "$version $compile $link"; } | sha256sum | cut -c1-16)
built="$repo/build/ops-$key/_janus_ops.so"
if [ ! -f "$built" ]; then
    mkdir -p "$(dirname "$built")"
    # Python symbols resolve against the interpreter that loads the library (it is
    # linked statically and exports them), so libpython is not linked here.
    g++ -shared -fPIC -O2 -Wno-deprecated-declarations $compile -I"$include" "$src" -o "$built.tmp" $link
    mv "$built.tmp" "$built"
fi
cp "$built" "$out"
