"""A helper with a keyword-only default dict of weights (`def weighted(a, b, *,
weights=WEIGHTS)`), which the loop changes in place at steps 6 and 12 (a value, then a
new key the helper looks up)."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(92)
rng = np.random.default_rng(92)
XS = rng.normal(size=(48, 4)).astype(np.float32)
YS = rng.normal(size=(48, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
opt = keras.optimizers.SGD(0.04)
WEIGHTS = {"mse": 1.0}


def weighted(mse, mae, *, weights=WEIGHTS):
    return mse * weights["mse"] + mae * weights.get("mae", 0.0)


def train_step(x, y):
    with tf.GradientTape() as tape:
        err = x @ W - y
        loss = weighted(tf.reduce_mean(tf.square(err)), tf.reduce_mean(tf.abs(err)))
    g = tape.gradient(loss, W)
    opt.apply_gradients([(g, W)])
    return loss


for step in range(20):
    if step == 6:
        WEIGHTS["mse"] = 0.5
    if step == 12:
        WEIGHTS["mae"] = 2.0
    i = (step * 4) % 44
    loss = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    print(step, repr(float(loss)), WEIGHTS)

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "weights": WEIGHTS}))
