"""Curriculum noise level shared through a file: the input pipeline's map reads the
current noise level with `tf.io.read_file(PATH)` for every element it makes and adds
that much (seed-free, deterministic) offset to the targets; the step pulls example `a`,
trains on it, writes a new noise level computed from a's loss with
`tf.io.write_file(PATH, ...)`, then pulls example `b` (which eagerly is made with the
new level).  Prefetch injection is off, so elements are made when pulled.  The file is
a temporary file deleted at the end.  Probes: a pipeline reading state (a file) that the
step changes between two of its pulls in one call: the level each element carries."""
import random

import numpy

random.seed(5114)
numpy.random.seed(5114)

import json
import os
import tempfile

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5114)
rng = np.random.default_rng(5114)

fd, PATH = tempfile.mkstemp(suffix=".txt")
os.close(fd)
with open(PATH, "w") as f:
    f.write("0.5")

N = 60
XS = rng.normal(size=(N, 3)).astype(np.float32)
YS = (XS @ np.array([1.0, -1.0, 0.5], np.float32)).astype(np.float32)

OPTS = tf.data.Options()
OPTS.experimental_optimization.inject_prefetch = False
OPTS.autotune.enabled = False


def make(i, x, y, path):
    level = tf.strings.to_number(tf.io.read_file(path))
    return {"id": i, "x": x, "y": y + level, "level": level}


DS = (tf.data.Dataset.from_tensor_slices((np.arange(N, dtype=np.int64), XS, YS, [PATH] * N))
      .map(make).repeat().with_options(OPTS))
IT = iter(DS)

W = tf.Variable(tf.zeros((3,)), name="w")
B = tf.Variable(0.0, name="b")
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step():
    a = next(IT)
    with tf.GradientTape() as tape:
        la = tf.square(tf.reduce_sum(a["x"] * W) + B - a["y"])
    ga = tape.gradient(la, [W, B])
    OPT.apply_gradients(zip(ga, [W, B]))
    new_level = tf.round(tf.minimum(la, 4.0) * 100.0) / 100.0
    tf.io.write_file(PATH, tf.strings.as_string(new_level, precision=2))
    b = next(IT)
    with tf.GradientTape() as tape:
        lb = tf.square(tf.reduce_sum(b["x"] * W) + B - b["y"])
    gb = tape.gradient(lb, [W, B])
    OPT.apply_gradients(zip(gb, [W, B]))
    return la + lb, float(a["level"]), float(b["level"]), int(b["id"])


levels = []
for step in range(34):
    loss, lvl_a, lvl_b, bid = train_step()
    levels.append([lvl_a, lvl_b])
    print(step, bid, repr(lvl_a), repr(lvl_b), repr(float(loss)))

with open(PATH) as f:
    final_level = f.read()
os.remove(PATH)
del PATH
print(json.dumps({
    "levels": levels,
    "final_level": final_level,
    "w": [repr(float(v)) for v in W.numpy()],
    "b": repr(float(B.numpy())),
}))
