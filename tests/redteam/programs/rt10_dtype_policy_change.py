"""A co-executed layer's dtype policy changed mid-run with the `dtype_policy` setter: the
Dense computes in float64 from step 9 (its float32 variables autocast, its float32 inputs
cast), in mixed_float16 from step 16, float32 again from 23; another layer has
autocast=False and receives float64 NumPy inputs (kept float64) and float32 tensors on
alternating steps. Output dtypes and exact values are printed. The batch comes from a
generator made outside the step (refused)."""
import json

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(4343)
rng = np.random.default_rng(4343)
X = rng.normal(size=(96, 4))
Y = rng.normal(size=(96, 1)).astype("float32")


class NoCast(keras.layers.Layer):
    def __init__(self, **kw):
        super().__init__(autocast=False, **kw)

    def build(self, shape):
        self.s = self.add_weight(shape=(shape[-1],), initializer="ones", name="s", dtype="float64")

    def call(self, x):
        return tf.cast(x * tf.cast(self.s, x.dtype), "float32"), x.dtype.name


def batches():
    i = 0
    while True:
        yield X[i:i + 8], tf.constant(Y[i:i + 8])
        i = (i + 8) % 88


DATA = batches()
NC = NoCast()
DENSE = keras.layers.Dense(5, activation="tanh")
HEAD = keras.layers.Dense(1)
NC.build((None, 4))
DENSE.build((None, 4))
HEAD.build((None, 5))
VARS = NC.trainable_variables + DENSE.trainable_variables + HEAD.trainable_variables


def flat(t):
    return np.asarray(t).ravel().tolist()


def train_step(step):
    x, y = next(DATA)
    xin = x if step % 2 else tf.constant(x.astype("float32"))
    with tf.GradientTape() as tape:
        h0, kind = NC(xin)
        h = DENSE(h0)
        p = HEAD(tf.cast(h, "float32"))
        loss = tf.reduce_mean(tf.square(p - y))
    grads = tape.gradient(loss, VARS)
    for v, g in zip(VARS, grads):
        v.assign_sub(0.05 * tf.cast(g, v.dtype))
    return loss, grads, kind, h


for step in range(30):
    if step == 9:
        DENSE.dtype_policy = "float64"
    if step == 16:
        DENSE.dtype_policy = "mixed_float16"
    if step == 23:
        DENSE.dtype_policy = "float32"
    loss, grads, kind, h = train_step(step)
    print(step, repr(float(loss)), kind, h.dtype.name, flat(h[0]))
    print("  g", [g.dtype.name for g in grads], flat(grads[0]), flat(grads[2])[:4])

print(json.dumps({"vars": [flat(v) for v in VARS]}))
