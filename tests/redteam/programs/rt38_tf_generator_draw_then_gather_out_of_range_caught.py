"""The step draws noise from a tf.random.Generator G (its state is a resource variable
that the draw op advances in place), then looks up a per-example bias with tf.gather at
indices that come from the data plus a zero computed from the noise (so the gather runs
after the draw).  Some batches carry an index out of range: eager's gather raises
InvalidArgumentError, which the step catches (it then uses a zero bias).  Eager advances
G once per step whatever happens; the state printed each step shows it.  Probes: a
stateful random-generator op before an op that fails inside a try, and whether a re-run
of the step draws from the generator a second time."""
import random

import numpy

random.seed(397)
numpy.random.seed(397)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3817)
rng = np.random.default_rng(3817)
XS = rng.normal(size=(48, 4)).astype(np.float32)
YS = (XS[:, :1] * 0.5 + XS[:, 3:] * 2.0).astype(np.float32)
IDS = rng.integers(0, 6, size=(48,)).astype(np.int32)
IDS[[21, 30, 45]] = 9          # out of range for a table of 6 rows
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.1)
TABLE = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.1)
OPT = keras.optimizers.SGD(learning_rate=0.05)
G = tf.random.Generator.from_seed(21)
CAUGHT = []


def train_step(x, y, ids):
    noise = G.normal(tf.shape(x), stddev=0.05)
    zero = tf.cast(tf.reduce_sum(noise) * 0.0, tf.int32)
    try:
        bias = tf.gather(TABLE, ids + zero)
    except tf.errors.InvalidArgumentError:
        CAUGHT.append(int(OPT.iterations))
        bias = tf.zeros_like(y)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square((x + noise) @ W + bias - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss


for step in range(30):
    i = (step * 8) % 48
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), tf.constant(IDS[i:i + 8]))
    print(step, repr(float(loss)), G.state.numpy().tolist(), CAUGHT[-1:] )

print(json.dumps({"W": W.numpy().ravel().tolist(), "G": G.state.numpy().tolist(),
                  "caught": CAUGHT, "it": int(OPT.iterations)}))
