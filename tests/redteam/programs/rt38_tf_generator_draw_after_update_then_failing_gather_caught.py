"""Like a step that logs a noisy probe after its update: the step applies its gradients
first, then draws probe noise from a tf.random.Generator G (the draw op advances G's state
variable in place) and gathers per-example biases at indices shifted by a zero computed
from that noise, so the gather runs after both the update and the draw.  Batches whose ids
are out of range make eager's gather raise InvalidArgumentError, caught in the step.  Eager
advances G once and updates W once per step whatever happens.  Probes: a failing op after
an update and after a stateful generator draw inside one step: what is rolled back and
what is re-run."""
import random

import numpy

random.seed(398)
numpy.random.seed(398)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3818)
rng = np.random.default_rng(3818)
XS = rng.normal(size=(48, 4)).astype(np.float32)
YS = (XS[:, :1] * 0.5 - XS[:, 2:3]).astype(np.float32)
IDS = rng.integers(0, 6, size=(48,)).astype(np.int32)
IDS[[18, 33]] = 7
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.1)
TABLE = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)
G = tf.random.Generator.from_seed(8)
LOG = {"caught": 0, "probe": []}


def train_step(x, y, ids):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    noise = G.normal([x.shape[0], 1], stddev=0.01)
    zero = tf.cast(tf.reduce_sum(noise) * 0.0, tf.int32)
    try:
        probe = tf.reduce_mean(tf.gather(TABLE, ids + zero) + noise)
    except tf.errors.InvalidArgumentError:
        LOG["caught"] += 1
        probe = tf.reduce_mean(noise)
    return loss, probe


for step in range(30):
    i = (step * 8) % 48
    loss, probe = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), tf.constant(IDS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(probe)), G.state.numpy().tolist(), LOG["caught"], int(OPT.iterations))

print(json.dumps({"W": W.numpy().ravel().tolist(), "G": G.state.numpy().tolist(),
                  "log": LOG["caught"], "it": int(OPT.iterations)}))
