"""map() of the program's function over the per-head losses and the program's list of
head scales, and filter() of a lambda the step makes over the same list: each item
calls the function through the builder, with its reads guarded.  The loop changes a
scale at step 8 and adds a head at step 15."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(72)
rng = np.random.default_rng(72)
XS = rng.normal(size=(48, 4)).astype(np.float32)
YS = rng.normal(size=(48, 3)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 3)).astype(np.float32) * 0.3)
opt = keras.optimizers.SGD(0.03)
SCALES = [1.0, 0.5, 0.25]
FLOOR = 0.3


def weighted(loss, scale):
    return loss * scale


def train_step(x, y):
    with tf.GradientTape() as tape:
        per_head = tf.unstack(tf.reduce_mean(tf.square(x @ W - y), axis=0))
        losses = list(map(weighted, per_head, SCALES))
        loss = tf.add_n(losses)
    kept = list(filter(lambda s: s > FLOOR, SCALES))
    opt.apply_gradients([(tape.gradient(loss, W), W)])
    return loss, kept, sum(map(abs, SCALES))


for step in range(22):
    if step == 8:
        SCALES[2] = 0.75
    elif step == 15:
        SCALES.append(2.0)
    i = (step * 4) % 44
    loss, kept, total = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    print(step, repr(float(loss)), kept, repr(total))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "scales": SCALES}))
