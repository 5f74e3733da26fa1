"""A regression step that shuffles its batch in-graph with
`tf.numpy_function(SHUFFLE, [tf.range(n)], tf.int32)`, where `SHUFFLE` is a numpy C
callable that draws: `np.random.permutation` (a bound method of numpy's hidden global
RandomState, steps 0-11), then `GEN.permutation` of a private `np.random.Generator`
(steps 12-21), then `np.random.permutation` again after the loop re-seeds numpy's
global generator (`np.random.seed(77)` at step 22), and from step 30 on
`np.random.default_rng(3).permutation` made anew by the loop at every step.  The step
also draws with `np.random.uniform` before the numpy_function and `np.random.normal`
after it, and the loop draws `np.random.randint` after every step, so the order in
which numpy's global stream is consumed shows in every line.
Probes: `tf.numpy_function` with a C callable (not the program's Python) inside a
converted step: janus's pre-drawn Python/numpy draws (taken before the graph runs, in
program order) against a draw the graph makes while it runs; rollback of the
generators on fallback; the callable global rebound mid-run."""
import random

import numpy

random.seed(6002)
numpy.random.seed(6002)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6002)
rng = np.random.default_rng(6002)
XS = rng.normal(size=(120, 4)).astype(np.float32)
YS = (np.sin(XS[:, :1]) + 0.5 * XS[:, 2:3]).astype(np.float32)

inp = keras.Input((4,))
hid = keras.layers.Dense(10, activation="relu")(inp)
out = keras.layers.Dense(1)(hid)
MODEL = keras.Model(inp, out)
OPT = keras.optimizers.Adam(learning_rate=0.01)
GEN = np.random.default_rng(12)
SHUFFLE = np.random.permutation


def train_step(x, y):
    noise_scale = np.random.uniform(0.0, 0.2)
    perm = tf.numpy_function(SHUFFLE, [tf.range(tf.shape(x)[0])], tf.int32)
    xs = tf.gather(x, perm)
    ys = tf.gather(y, perm)
    jitter = np.random.normal(0.0, 1.0)
    with tf.GradientTape() as tape:
        pred = MODEL(xs + noise_scale * jitter, training=True)
        per_example = tf.square(pred - ys)
        loss = tf.reduce_sum(per_example * tf.linspace(0.5, 1.5, 8)[:, None]) / 8.0
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss, perm


for step in range(36):
    if step == 12:
        SHUFFLE = GEN.permutation
    if step == 22:
        np.random.seed(77)
        SHUFFLE = np.random.permutation
    if step >= 30:
        SHUFFLE = np.random.default_rng(3).permutation
    i = (step * 8) % 112
    loss, perm = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    after = int(np.random.randint(0, 10 ** 6))
    print(step, repr(float(loss)), perm.numpy().tolist(), after)

print(json.dumps({
    "w": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()[:8]],
    "gen": int(GEN.integers(0, 10 ** 6)),
    "np": int(np.random.randint(0, 10 ** 6)),
}))
