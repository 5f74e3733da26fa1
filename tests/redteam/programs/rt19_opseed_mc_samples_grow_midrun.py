"""A Monte-Carlo step (a variational layer's reparameterised weights) draws
`tf.random.normal([K, 4, 6], seed=7)` where K, the number of samples, is a Python int
hyperparameter the loop raises from 2 to 3 at step 12 and lowers to 1 at step 22 (more
samples once the loss has settled, then one for speed).  Eager has ONE kernel for
(RandomStandardNormal, float32, shape int32, pair (global, 7)): its Philox stream goes on
across the change, each call moving it by the K*24 numbers it drew.  The loop draws with
seed 7 outside the step at steps 8, 17 and 27.  Probes: a fixed-seed stream when a
rebuild (a new Python constant) changes how many numbers the step draws; a graph that
starts its own stream position, or keys positions by the draw's shape, repeats numbers
eager already drew."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1212)
rng = np.random.default_rng(1212)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.sin(XS @ rng.normal(size=(4, 1)).astype(np.float32)).astype(np.float32)
MU = tf.Variable(rng.normal(size=(4, 6)).astype(np.float32) * 0.4)
LOG_SIGMA = tf.Variable(np.full((4, 6), -2.0, dtype=np.float32))
W2 = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
K = 2


def train_step(x, y):
    with tf.GradientTape() as tape:
        eps = tf.random.normal([K, 4, 6], seed=7)
        w = MU[None] + tf.exp(LOG_SIGMA)[None] * eps
        h = tf.tanh(tf.einsum("bi,kij->kbj", x, w))
        pred = tf.reduce_mean(h @ W2, axis=0)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, [MU, LOG_SIGMA, W2])
    OPT.apply_gradients(zip(grads, [MU, LOG_SIGMA, W2]))
    return loss, eps[0, 0, 0], eps[-1, -1, -1]


outside = []
for step in range(30):
    if step == 12:
        K = 3
    if step == 22:
        K = 1
    i = (step * 8) % 56
    loss, first, last = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, K, repr(float(loss)), repr(float(first)), repr(float(last)))
    if step in (8, 17, 27):
        d = tf.random.normal([2], seed=7)
        outside.append([repr(float(v)) for v in d.numpy()])
        print("outside", outside[-1])

print(json.dumps({
    "MU": [repr(float(v)) for v in MU.numpy().ravel()],
    "LOG_SIGMA": [repr(float(v)) for v in LOG_SIGMA.numpy().ravel()[:8]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "outside": outside,
    "after": [repr(float(v)) for v in tf.random.normal([2], seed=7).numpy()],
    "iterations": int(OPT.iterations.numpy()),
}))
