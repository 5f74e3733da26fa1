"""Two graphs cached for the step (full batches of 8 and a last batch of 4, each epoch),
both built with the program's list of arrays read by tf.stack; the loop edits one array
in place at step 9.  Each cached graph kept the arrays' contents, and each must be
found stale, not only the first one the lookup meets."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(66)
rng = np.random.default_rng(66)
XS = rng.normal(size=(20, 3)).astype(np.float32)
YS = rng.normal(size=(20, 1)).astype(np.float32)
W = tf.Variable(np.zeros((3, 1), np.float32))
opt = keras.optimizers.SGD(0.05)
ARRS = [np.ones(2, np.float32), np.full(2, 0.5, np.float32)]
STARTS = [0, 8, 16]


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * tf.reduce_mean(tf.stack(ARRS))
    opt.apply_gradients([(tape.gradient(loss, W), W)])
    return loss


for step in range(24):
    if step == 9:
        ARRS[1][0] = 2.0
    start = STARTS[step % 3]
    loss = train_step(tf.constant(XS[start:start + 8]), tf.constant(YS[start:start + 8]))
    print(step, round(float(loss), 6))

print(json.dumps({"W": [round(float(v), 6) for v in W.numpy().ravel()]}))
