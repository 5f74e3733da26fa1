"""Mechanism: the program's own tf.function `mix(x, coefs)` takes a Python list of
floats; TF keys its traces on the list's VALUES (each distinct list is a new trace, the
floats baked in as constants).  The training step first writes the list
(`COEFS[0] = LEVELS[PHASE["k"]]`, cycling through three levels with a phase counter the
step advances) and then calls `mix(h, COEFS)`.  After three calls eager has traces for
all three lists and picks the one matching the list as just written.  A build that looked
up TF's trace with the caller's list as it was before the call (the write deferred to the
commit) reaches the trace for the previous level and bakes the wrong coefficient in.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(179)
np.random.seed(179)
keras.utils.set_random_seed(179)
rng = np.random.default_rng(179)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :1] - XS[:, 3:4] * 0.25).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 3)).astype(np.float32) * 0.3)
V = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)

LEVELS = [1.0, 0.5, 2.0]
COEFS = [1.0, 0.25]
PHASE = {"k": 0}


@tf.function
def mix(h, coefs):
    return tf.tanh(h) * coefs[0] + h * coefs[1]


def train_step(x, y):
    k = PHASE["k"]
    COEFS[0] = LEVELS[k]
    PHASE["k"] = (k + 1) % 3
    with tf.GradientTape() as tape:
        h = mix(x @ W, COEFS)
        loss = tf.reduce_mean(tf.square(h @ V - y))
    grads = tape.gradient(loss, [W, V])
    OPT.apply_gradients(zip(grads, [W, V]))
    return loss, COEFS[0]


for step in range(30):
    if step == 20:
        COEFS[1] = 0.5
    i = (step * 8) % 56
    loss, c = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(c))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()],
                  "V": [repr(float(v)) for v in V.numpy().ravel()],
                  "coefs": COEFS}))
