"""tf.debugging.check_numerics on a forward tensor that is finite, whose gradient is
not: h = check_numerics(relu(.)), loss uses sqrt(h + EPS), and CheckNumerics'
gradient also checks the incoming gradient, which is inf where h == 0 and EPS == 0,
so tape.gradient raises InvalidArgumentError in the backward pass.  Before the tape the step appends to a
Python list and draws from tf.random (global seed); the loop catches the error,
prints its class name, and continues.  EPS is 0.0 on steps 1, 5, 9, ..., 21
and 1e-6 otherwise.  Probes: an error raised from the backward pass of a check the
program wrote, and the state and draws before it."""
import random

import numpy

random.seed(54)
numpy.random.seed(54)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5401)
rng = np.random.default_rng(5401)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = rng.uniform(size=(64, 1)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 6)).astype(np.float32) * 0.5)
W2 = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(learning_rate=0.05)
EPS = 0.0
log = []


def train_step(x, y):
    noise = tf.random.normal(tf.shape(x), stddev=0.01)
    log.append(len(log))
    with tf.GradientTape() as tape:
        h = tf.debugging.check_numerics(tf.nn.relu((x + noise) @ W1), "relu features")
        r = tf.sqrt(h + EPS)
        loss = tf.reduce_mean(tf.square(r @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss


for step in range(30):
    EPS = 0.0 if step % 4 == 1 and step < 24 else 1e-6
    i = (step * 8) % 56
    try:
        loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
        print(step, repr(float(loss)), len(log))
    except tf.errors.InvalidArgumentError as e:
        print(step, "error", type(e).__name__, len(log), "gradient" in e.message)

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:8]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "log": len(log), "iters": int(OPT.iterations),
    "after": repr(float(tf.random.uniform([]))),
}))
