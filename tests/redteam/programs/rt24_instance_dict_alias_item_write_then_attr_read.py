"""Mechanism: the reverse of an attribute write read through a dict alias: the step
WRITES an instance's attributes as items of its __dict__ reached through a container,
`REG["opt"]["scale"] = REG["opt"]["scale"] * 0.9` and `REG["opt"]["n"] += 1` where
`REG = {"opt": HP.__dict__}`, and then, in the same call, a helper reads them as
attributes (`HP.scale`, `HP.n`) to scale the gradients.  At step 14 the loop sets
HP.scale back to 1.0.  Eager's attribute reads see the item writes just made (one dict);
a build that deferred the item writes as writes to some dict, and read the attributes
from before the call, applies the previous step's scale.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(167)
np.random.seed(167)
keras.utils.set_random_seed(167)
rng = np.random.default_rng(167)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS[:, 2:3] - XS[:, 0:1] * 0.5).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(3, 4)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)


class Hyper:
    def __init__(self):
        self.scale = 1.0
        self.n = 0


HP = Hyper()
REG = {"opt": HP.__dict__}


def scaled(grads):
    return [g * HP.scale for g in grads], HP.n


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.tanh(x @ W1) @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    REG["opt"]["scale"] = REG["opt"]["scale"] * 0.9
    REG["opt"]["n"] += 1
    grads, n = scaled(grads)
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, n, HP.scale


for step in range(30):
    if step == 14:
        HP.scale = 1.0
    i = (step * 8) % 56
    loss, n, s = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), n, repr(s))

print(json.dumps({"W1": [repr(float(v)) for v in W1.numpy().ravel()],
                  "W2": [repr(float(v)) for v in W2.numpy().ravel()],
                  "scale": repr(HP.scale), "n": HP.n}))
