"""enumerate() over the program's list of pending boosts, whose loop body removes the
item it just used: CPython's iterator then skips the item after each removed one, and
sees the list as the body left it.  The loop refills the list between calls, with
another length at steps 7 and 15."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(71)
rng = np.random.default_rng(71)
XS = rng.normal(size=(48, 4)).astype(np.float32)
YS = rng.normal(size=(48, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
opt = keras.optimizers.SGD(0.04)
PENDING = [0.5, 0.25, 2.0, 0.75]


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    scale = 1.0
    used = []
    for i, boost in enumerate(PENDING):
        if boost > 0.4:
            PENDING.remove(boost)
            scale = scale * boost
            used.append(i)
    g = tape.gradient(loss, W) * scale
    opt.apply_gradients([(g, W)])
    return loss, scale, used


for step in range(22):
    if step == 7:
        PENDING[:] = [1.5, 0.1]
    elif step == 15:
        PENDING[:] = [0.3, 0.9, 0.9, 0.45, 0.2, 1.1]
    elif len(PENDING) < 3:
        PENDING.extend([0.5, 0.25, 2.0])
    i = (step * 4) % 44
    loss, scale, used = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    print(step, repr(float(loss)), repr(scale), used, PENDING)

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "pending": PENDING}))
