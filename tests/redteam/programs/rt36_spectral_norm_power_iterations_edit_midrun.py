"""A Dense layer wrapped in keras.layers.SpectralNormalization, trained with
training=True: each call runs an ops.cond over `all(kernel == 0)` whose false arm runs
`power_iterations` power-iteration rounds (a Python `for _ in range(...)` over the
wrapper's attribute) and then assigns the normalised kernel and vector_u *inside* the
tape, before the wrapped layer reads the kernel.  At step 12 the loop sets
`sn.power_iterations = 3`, at step 22 back to 1; a graph that kept the unrolled loop
of the first build would normalise with a different sigma.  The printed sigma proxy is
the Frobenius norm of the kernel after each step."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(36)
numpy.random.seed(36)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3603)
rng = np.random.default_rng(3603)
XS = rng.normal(size=(64, 6)).astype(np.float32)
YS = np.tanh(XS[:, :2] * 1.5).astype(np.float32)
SN = keras.layers.SpectralNormalization(keras.layers.Dense(8, activation="tanh"), power_iterations=1)
HEAD = keras.layers.Dense(2)
OPT = keras.optimizers.Adam(learning_rate=0.02)
SN(tf.constant(XS[:2]))
HEAD(SN(tf.constant(XS[:2])))


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = SN(x, training=True)
        pred = HEAD(h)
        loss = tf.reduce_mean(tf.square(pred - y))
    variables = SN.trainable_variables + HEAD.trainable_variables
    grads = tape.gradient(loss, variables)
    OPT.apply_gradients(zip(grads, variables))
    return loss, tf.norm(SN.kernel)


for step in range(30):
    if step == 12:
        SN.power_iterations = 3
    if step == 22:
        SN.power_iterations = 1
    i = (step * 8) % 56
    loss, knorm = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), float(knorm).hex(), SN.power_iterations)

print(json.dumps({
    "kernel": [float(v).hex() for v in SN.kernel.numpy().ravel()[:8]],
    "u": [float(v).hex() for v in SN.vector_u.numpy().ravel()],
    "head": [float(v).hex() for v in HEAD.kernel.numpy().ravel()[:6]],
    "iters": int(OPT.iterations),
}))
