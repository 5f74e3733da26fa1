"""The step draws input noise from a tf.random.Generator of the program's
(G.normal, which reads and advances G's state), trains, and checks the loss with
tf.debugging.check_numerics after the draw and before the update.  At step 15 the loop
starts feeding every fifth batch with a NaN in it: eager draws (G moves), then the
check raises InvalidArgumentError, which the loop catches; nothing is updated.  The
loop prints G's state and the weights after every step.  Probes: a generator state
advanced by a call that then fails, and the re-run of that call."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(2725)
numpy.random.seed(2725)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(27251)
rng = np.random.default_rng(27251)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
G = tf.random.Generator.from_seed(2725)


def train_step(x, y):
    noise = G.normal([8, 5], stddev=0.05)
    with tf.GradientTape() as tape:
        h = tf.tanh((x + noise) @ W1)
        loss = tf.debugging.check_numerics(tf.reduce_mean(tf.square(h @ W2 - y)), "loss")
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss


for step in range(30):
    i = (step * 8) % 56
    xb = XS[i:i + 8].copy()
    if step >= 15 and step % 5 == 0:
        xb[3, 2] = np.nan
    try:
        loss = train_step(tf.constant(xb), tf.constant(YS[i:i + 8]))
        out = repr(float(loss))
    except tf.errors.InvalidArgumentError:
        out = "check failed"
    print(step, out, G.state.numpy().tolist(), repr(float(W2[0, 0])))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "G": G.state.numpy().tolist(),
}))
