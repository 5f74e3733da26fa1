"""Eager caches a random kernel per op, attributes and the device it runs on, and a
`tf.device("/cpu:0")`, `"/CPU:0"` or fully qualified scope names the same CPU device as
no scope at all: a draw with `seed=9` continues ONE Philox stream whichever way the
device was spelled.  The step draws its noise inside `with tf.device(DEVICE)`, where
DEVICE is None for steps 0-9, "/cpu:0" for steps 10-19 and the full
"/job:localhost/replica:0/task:0/device:CPU:0" from step 20; the loop draws with seed 9
and no device scope outside the step at every fifth step.  Probes: fixed-seed stream
positions keyed by the requested device string rather than the device the kernel runs
on; a converter that starts a new stream for each spelling repeats numbers eager has
already drawn."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1971)
rng = np.random.default_rng(1971)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.sin(XS @ rng.normal(size=(4, 1)).astype(np.float32)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 6)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
DEVICE = None


def train_step(x, y):
    with tf.GradientTape() as tape:
        with tf.device(DEVICE):
            noise = tf.random.normal([8, 4], seed=9)
        h = tf.tanh((x + 0.1 * noise) @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, noise[0, 0]


outside = []
for step in range(30):
    if step == 10:
        DEVICE = "/cpu:0"
    if step == 20:
        DEVICE = "/job:localhost/replica:0/task:0/device:CPU:0"
    i = (step * 8) % 56
    loss, n0 = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(n0)))
    if step % 5 == 4:
        d = tf.random.normal([2], seed=9)
        outside.append([repr(float(v)) for v in d.numpy()])
        print("outside", outside[-1])

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "outside": outside,
    "iterations": int(OPT.iterations.numpy()),
}))
