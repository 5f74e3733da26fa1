"""The step prints a progress line with a separator taken from the program's config,
print("step", n, "loss", float(loss), sep=CFG["sep"]), before it applies the gradients.
At step 15 the loop reloads the config as bytes (sep b" | "): print raises TypeError
("sep must be None or a string, not bytes") at that line in eager, before the update,
so the weights and the optimizer's counter stay as they were; the loop catches the
TypeError.  At step 24 the config goes back to a str.  Probes: an argument error of a
print the step makes before its updates."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(2726)
numpy.random.seed(2726)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(27261)
rng = np.random.default_rng(27261)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
CFG = {"sep": " | "}


def train_step(x, y, n):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    print("step", n, "loss", float(loss), sep=CFG["sep"])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss


for step in range(30):
    if step == 15:
        CFG = {"sep": b" | "}
    if step == 24:
        CFG = {"sep": " / "}
    i = (step * 8) % 56
    try:
        loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
        out = repr(float(loss))
    except TypeError as e:
        out = f"TypeError {e}"
    print(step, out, int(OPT.iterations), repr(float(W2[0, 0])))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
