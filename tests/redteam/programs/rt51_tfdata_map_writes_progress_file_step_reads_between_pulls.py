"""A resumable pipeline that records its progress: the dataset's map writes the id of
every element it makes to a progress file (`tf.io.write_file(path, as_string(id))`, a
temporary file) so a restarted job could skip ahead.  The step pulls example `a`, reads
the progress file with `tf.io.read_file` (eagerly the id of `a`, the last element made),
then pulls `b`, and trains on both, scaling `b`'s loss by whether the marker matched
`a`'s id.  The loop reads the file after every step too.  Prefetch injection and
autotuning are off, so elements are made when pulled.  Probes: a pipeline with a side
effect (a file write per element) observed by the step between two of its pulls and by
the loop after the call: the markers seen."""
import random

import numpy

random.seed(5137)
numpy.random.seed(5137)

import json
import os
import tempfile

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5137)
rng = np.random.default_rng(5137)

fd, PATH = tempfile.mkstemp(suffix=".progress")
os.close(fd)
with open(PATH, "w") as f:
    f.write("-1")

N = 50
XS = rng.normal(size=(N, 3)).astype(np.float32)
YS = (XS @ np.array([0.1, 0.9, -0.4], np.float32)).astype(np.float32)

OPTS = tf.data.Options()
OPTS.experimental_optimization.inject_prefetch = False
OPTS.autotune.enabled = False


def record(i, x, y, path):
    with tf.control_dependencies([tf.io.write_file(path, tf.strings.as_string(i))]):
        return tf.identity(i), tf.identity(x), tf.identity(y)


DS = (tf.data.Dataset.from_tensor_slices((np.arange(N, dtype=np.int64), XS, YS, [PATH] * N))
      .map(record).repeat().with_options(OPTS))
IT = iter(DS)

W = tf.Variable(tf.zeros((3,)), name="w")
OPT = keras.optimizers.SGD(learning_rate=0.1)


def train_step():
    ia, xa, ya = next(IT)
    marker = tf.strings.to_number(tf.io.read_file(PATH), out_type=tf.int64)
    ib, xb, yb = next(IT)
    match = tf.cast(tf.equal(marker, ia), tf.float32)
    with tf.GradientTape() as tape:
        la = tf.square(tf.reduce_sum(xa * W) - ya)
        lb = tf.square(tf.reduce_sum(xb * W) - yb) * (0.5 + match)
        loss = la + lb
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, int(ia), int(ib), int(marker)


markers = []
for step in range(34):
    loss, a, b, marker = train_step()
    with open(PATH) as f:
        after = f.read()
    markers.append(marker)
    print(step, a, b, "marker", marker, "file", after, repr(float(loss)))

os.remove(PATH)
del PATH
print(json.dumps({"markers": markers, "w": [repr(float(v)) for v in W.numpy()]}))
