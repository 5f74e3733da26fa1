"""The step raises the program's Skip exception (a plain subclass of Exception with its
own __str__ reading a global REASON) when a Python flag is set, catches it and prints
str(e) and f'{e!r}'.  At step 10 the flag is set; at step 20 REASON changes.
Probes: a user exception's own __str__ in a converted handler."""
import random

import numpy

random.seed(2920)
numpy.random.seed(2920)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2920)
rng = np.random.default_rng(2920)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)

REASON = "warm"
FLAG = False


class Skip(Exception):
    def __str__(self):
        return f"skip:{REASON}"


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(g, [W]))
    try:
        if FLAG:
            raise Skip()
        print("ok")
    except Skip as e:
        print("caught", str(e), f"{e!r}")
    return loss


for step in range(30):
    if step == 10:
        FLAG = True
    if step == 20:
        REASON = "main"
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
