"""enumerate() of the program's deque of scales, which the loop body appends to when a
scale is small: CPython's deque iterator raises RuntimeError ("deque mutated during
iteration") at the next item, which the step catches and counts.  Between calls the
loop resets the deque; from step 9 no scale is small."""
import collections
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(74)
rng = np.random.default_rng(74)
XS = rng.normal(size=(48, 4)).astype(np.float32)
YS = rng.normal(size=(48, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
opt = keras.optimizers.SGD(0.04)
SCALES = collections.deque([1.0, 0.5, 2.0])


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    total = 0.0
    broke = False
    try:
        for i, scale in enumerate(SCALES):
            total = total + scale * (i + 1)
            if scale < 0.75:
                SCALES.append(1.0)
    except RuntimeError:
        broke = True
    g = tape.gradient(loss, W) * total
    opt.apply_gradients([(g, W)])
    return loss, total, broke


for step in range(20):
    SCALES.clear()
    SCALES.extend([1.0, 0.5, 2.0] if step < 9 else [1.0, 0.8, 2.0])
    i = (step * 4) % 44
    loss, total, broke = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    print(step, repr(float(loss)), repr(total), broke, list(SCALES))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "scales": list(SCALES)}))
