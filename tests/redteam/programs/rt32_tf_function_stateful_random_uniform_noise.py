"""The program's tf.function adds input noise with tf.random.uniform (stateful op, no op
seed; the global seed comes from keras.utils.set_random_seed) and returns the MLP output;
the step calls it under its tape and applies Adam.  Eager calls the same traced function
every step, so its RandomUniform kernel continues one sequence across calls.  The noise
scale (a Python float) changes at step 8.  Prints loss and the noise sum.  Probes: stateful
RNG ops inside the program's tf.function called from a converted step (kernel state
shared or restarted)."""
import random

import numpy

random.seed(22)
numpy.random.seed(22)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2222)
rng = np.random.default_rng(2222)
XS = rng.normal(size=(200, 4)).astype(np.float32)
YS = rng.normal(size=(200, 1)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 6)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.Adam(learning_rate=0.01)


@tf.function
def noisy_fwd(x, scale):
    n = tf.random.uniform(tf.shape(x), -1.0, 1.0) * scale
    return tf.tanh((x + n) @ W1) @ W2, tf.reduce_sum(n)


SCALE = 0.1


def train_step(x, y):
    with tf.GradientTape() as tape:
        p, ns = noisy_fwd(x, tf.constant(SCALE))
        loss = tf.reduce_mean(tf.square(p - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, ns


for step in range(30):
    if step == 8:
        SCALE = 0.3
    i = (step * 8) % 190
    loss, ns = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(ns)))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "opt": [repr(float(np.sum(v.numpy()))) for v in OPT.variables],
    "tfrand": repr(float(tf.random.uniform(()))),
}))
