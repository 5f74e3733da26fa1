"""Mechanism: a list of the program's written by the step and then, in the same call,
handed whole to TF library code that reads it in C: `tf.constant(CLASS_W)` and
`tf.nest.map_structure(scale, NESTED)` where NESTED = {"w": CLASS_W, "b": [BIAS]}.  The
step decays one class weight per call (`CLASS_W[j] = CLASS_W[j] * 0.9`, j from a
position counter the step also writes) before the native reads.  The loop restores the
weights at step 16 and replaces the nested bias list at step 24.  Eager's C reads see the
writes just made; a build that handed library code the caller's list (whose writes are
deferred to the commit) would read the weights from before the call.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(61)
np.random.seed(61)
keras.utils.set_random_seed(61)
rng = np.random.default_rng(61)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YI = (XS[:, 0] > 0).astype(np.int64) + (XS[:, 1] > 0.5).astype(np.int64)
W = tf.Variable(rng.normal(size=(4, 3)).astype(np.float32) * 0.2)
OPT = keras.optimizers.SGD(learning_rate=0.1)

CLASS_W = [1.0, 1.0, 1.0]
BIAS = [0.1, 0.0, -0.1]
NESTED = {"w": CLASS_W, "b": BIAS}
POS = {"j": 0}


def train_step(x, y):
    j = POS["j"]
    CLASS_W[j] = CLASS_W[j] * 0.9
    POS["j"] = (j + 1) % 3
    cw = tf.constant(CLASS_W)
    halves = tf.nest.map_structure(lambda v: v * 0.5, NESTED)
    b = tf.constant(halves["b"])
    with tf.GradientTape() as tape:
        logits = x @ W + b
        ce = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=logits)
        loss = tf.reduce_mean(ce * tf.gather(cw, y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, halves["w"][j]


for step in range(30):
    if step == 16:
        CLASS_W[:] = [1.0, 2.0, 1.0]
    if step == 24:
        NESTED["b"] = [0.3, 0.3, -0.6]
    i = (step * 8) % 56
    loss, h = train_step(tf.constant(XS[i:i + 8]), tf.constant(YI[i:i + 8]))
    print(step, repr(float(loss)), repr(h), [repr(v) for v in CLASS_W])

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()],
                  "class_w": [repr(v) for v in CLASS_W]}))
