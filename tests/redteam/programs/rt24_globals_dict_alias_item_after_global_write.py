"""Mechanism: module globals written with `global` and read back through the dict the
builtin globals() returns (the module's own __dict__, not a copy).  The step does
`global seen, ema; seen += 1; ema = 0.9 * ema + 0.1 * float(loss)` and then returns
`G["seen"]` and `G.get("ema")`, where the module-level `G = globals()` is the module's
own __dict__ held in an ordinary global; a helper reads it through another dict,
`HOLDER["ns"]["seen"]`.  At step 15 the loop resets `seen` from outside.  Eager reads the values just
written; a build that read the dict's entries as they were when the call started (the
writes are deferred to the commit) returns the previous step's values.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(13)
np.random.seed(13)
keras.utils.set_random_seed(13)
rng = np.random.default_rng(13)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.cos(XS[:, 1:2]).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.2)
OPT = keras.optimizers.SGD(learning_rate=0.05)

seen = 0
ema = 0.0


G = globals()
HOLDER = {"ns": G}


def module_seen():
    return HOLDER["ns"]["seen"]


def train_step(x, y):
    global seen, ema
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.sin(x @ W) - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    seen += 1
    ema = 0.9 * ema + 0.1 * float(loss)
    return loss, G["seen"], G.get("ema"), module_seen()


for step in range(30):
    if step == 15:
        seen = 100
    i = (step * 8) % 56
    loss, a, b, c = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), a, repr(b), c)

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()],
                  "seen": seen, "ema": repr(ema)}))
