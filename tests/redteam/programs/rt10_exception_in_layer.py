"""Exceptions raised inside co-executed layer calls, caught by the step: a program layer
that counts its calls, appends to a log and bumps a variable with assign_add before raising
ValueError when a tensor's value crosses a threshold (Python branch on float()); a layer
whose tf.debugging.assert_less fails at run time on some batches after an assign_add; and
a Dense called with the wrong feature size (Keras' input check raises). Python state,
variables and printed lines must match eager's, including the updates made before each
raise. crc32 keeps the step interpreted."""
import json
import zlib

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(3636)
rng = np.random.default_rng(3636)
X = rng.normal(size=(96, 4)).astype("float32")
Y = rng.normal(size=(96, 1)).astype("float32")
LOG = []


class Picky(keras.layers.Layer):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.calls = 0
        self.limit = 0.15

    def build(self, shape):
        self.w = self.add_weight(shape=(shape[-1], 4), initializer="glorot_uniform", name="w")
        self.bumps = self.add_weight(shape=(), initializer="zeros", trainable=False, name="bumps")

    def call(self, x):
        self.calls += 1
        self.bumps.assign_add(1.0)
        z = tf.tanh(tf.matmul(x, self.w))
        m = float(tf.reduce_mean(z))
        LOG.append(round(m, 6))
        if m > self.limit:
            raise ValueError("mean too high: %.4f" % m)
        return z


class Checked(keras.layers.Layer):
    def build(self, shape):
        self.hits = self.add_weight(shape=(), initializer="zeros", trainable=False, name="hits")

    def call(self, x):
        self.hits.assign_add(1.0)
        tf.debugging.assert_less(tf.reduce_max(tf.abs(x)), 0.995, message="too large")
        return x * 1.0


PICKY = Picky()
CHECK = Checked()
HEAD = keras.layers.Dense(1)
PICKY.build((None, 4))
CHECK.build((None, 4))
HEAD.build((None, 4))
VARS = PICKY.trainable_variables + HEAD.trainable_variables
CAUGHT = []


def flat(t):
    return np.asarray(t).ravel().tolist()


def train_step(x, y, step):
    try:
        HEAD(x[:, :3])
    except ValueError as e:
        CAUGHT.append(("shape", step))
    with tf.GradientTape() as tape:
        try:
            h = PICKY(x)
        except ValueError as e:
            CAUGHT.append(("picky", step, [ln for ln in str(e).splitlines() if "mean" in ln]))
            h = tf.tanh(x)
        try:
            h = CHECK(h)
        except tf.errors.InvalidArgumentError:
            CAUGHT.append(("check", step))
        p = HEAD(h)
        loss = tf.reduce_mean(tf.square(p - y))
    crc = zlib.crc32(p.numpy().tobytes()) % 907
    grads = tape.gradient(loss, VARS)
    for v, g in zip(VARS, grads):
        if g is not None:
            v.assign_sub(0.2 * g)
    return loss, grads, crc


for step in range(32):
    if step == 16:
        PICKY.limit = 0.0
    i = (step * 8) % 88
    xb = X[i:i + 8] * (1.0 + 0.5 * (step % 4))
    loss, grads, crc = train_step(tf.constant(xb), tf.constant(Y[i:i + 8]), step)
    print(step, repr(float(loss)), crc, PICKY.calls, float(PICKY.bumps), float(CHECK.hits), len(LOG), CAUGHT[-1:])
    print("  g", None if grads[0] is None else flat(grads[0])[:6], flat(grads[-1]))

print(json.dumps({"vars": [flat(v) for v in VARS], "caught": CAUGHT, "log": LOG}))
