"""The step jitters its inputs with a draw from Python's random module,
jitter = random.gauss(0.0, 0.02), looked up as an attribute of the module at every
call.  At step 15 the loop rebinds the module attribute to another generator's bound
method, random.gauss = PRIVATE.gauss (PRIVATE = random.Random(5), a common way to
isolate augmentation randomness), and at step 23 to a function of the
program's that draws PRIVATE.uniform(mu - 1.5 * sigma, mu + 1.5 * sigma).  From then on eager
draws from PRIVATE and leaves the global generator alone.  The loop prints the draws
and, at the end, both generators' next numbers.  Probes: a draw reached through a
stdlib module attribute that the program rebinds."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(2734)
numpy.random.seed(2734)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(27341)
rng = np.random.default_rng(27341)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
PRIVATE = random.Random(5)
ORIGINAL_GAUSS = random.gauss


def private_uniform(mu, sigma):
    return PRIVATE.uniform(mu - 1.5 * sigma, mu + 1.5 * sigma)


def train_step(x, y):
    jitter = random.gauss(0.0, 0.02)
    with tf.GradientTape() as tape:
        h = tf.tanh((x + jitter) @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, jitter


for step in range(30):
    if step == 15:
        random.gauss = PRIVATE.gauss
    if step == 23:
        random.gauss = private_uniform
    i = (step * 8) % 56
    loss, jitter = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(jitter))

random.gauss = ORIGINAL_GAUSS
print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "global_next": random.random(),
    "private_next": PRIVATE.random(),
}))
