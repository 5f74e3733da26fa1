"""A `for` loop over the program's list of gates whose body rewrites the rest of the
list with a slice assignment when a gate is small: the loop then reads the new items.
The loop resets the gates between calls; from step 10 another gate is small."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(83)
rng = np.random.default_rng(83)
XS = rng.normal(size=(48, 4)).astype(np.float32)
YS = rng.normal(size=(48, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
opt = keras.optimizers.SGD(0.04)
GATES = [1.0, 0.2, 1.0, 1.0]


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    total = 0.0
    for i, gate in enumerate(GATES):
        total = total + gate
        if gate < 0.5:
            GATES[i + 1:] = [0.5, 0.5, 0.5]
    g = tape.gradient(loss, W) * total
    opt.apply_gradients([(g, W)])
    return loss, total


for step in range(20):
    GATES[:] = [1.0, 0.2, 1.0, 1.0] if step < 10 else [1.0, 1.0, 0.3, 1.0]
    i = (step * 4) % 44
    loss, total = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    print(step, repr(float(loss)), repr(total), GATES)

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "gates": GATES}))
