"""A per-position loss table in a tf.TensorArray: the step reads slot 0 once for the
loss and then, for a diagnostics line, reads it again inside try/except.  Eager's
TensorArray (clear_after_read=True by default) raises InvalidArgumentError on the second
read ('Could not read index 0 twice because it was cleared'), which the step catches
and counts; a graph's TensorArray (a TensorList) returns the value again.  Probes: the
eager TensorArray's own Python implementation vs the graph one."""
import random

import numpy

random.seed(3420)
numpy.random.seed(3420)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3420)
rng = np.random.default_rng(3420)
XS = rng.normal(size=(96, 6)).astype(np.float32)
YS = np.stack([XS[:, 0] - XS[:, 1], XS[:, 2] * 0.5, np.tanh(XS[:, 3])], axis=1).astype(np.float32)
MODEL = keras.Sequential([keras.layers.Input((6,)), keras.layers.Dense(8, activation="tanh"), keras.layers.Dense(3)])
OPT = keras.optimizers.Adam(learning_rate=0.01)
DIAG = {"reread": 0, "cleared": 0, "sum": 0.0}


def train_step(x, y):
    with tf.GradientTape() as tape:
        out = MODEL(x)
        ta = tf.TensorArray(tf.float32, size=3)
        for k in range(3):
            ta = ta.write(k, tf.reduce_mean(tf.square(out[:, k] - y[:, k])))
        head0 = ta.read(0)
        loss = head0 + 0.5 * (ta.read(1) + ta.read(2))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    try:
        again = ta.read(0)
        DIAG["reread"] += 1
        DIAG["sum"] += float(again)
    except tf.errors.InvalidArgumentError:
        DIAG["cleared"] += 1
    return loss


for step in range(34):
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), DIAG["reread"], DIAG["cleared"])

print("diag", DIAG["reread"], DIAG["cleared"], DIAG["sum"].hex())
for v in MODEL.trainable_variables:
    print(v.path, float(tf.reduce_sum(v)).hex())
