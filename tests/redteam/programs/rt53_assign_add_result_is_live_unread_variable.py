"""Step counters and EMA variables updated with `assign_add`/`assign`, whose return values
the step keeps: eagerly a `tf.Variable.assign_add` returns an `_UnreadVariable`, a live
view of the variable (an instance of tf.Variable) that reads the variable's value
whenever it is read later, not a snapshot.  The step returns `n = GSTEP.assign_add(1)`
and `e = EMA.assign(...)` and appends both to a global history; a Keras variable's
`assign_add` (a snapshot tensor) is kept for contrast.  The loop prints them right
after the call and again two calls later, prints `type(...).__name__` and
`isinstance(..., tf.Variable)`, assigns GSTEP itself at step 20, and at the end prints
the whole history (every live view reads the final values).  Probes: the type and the
lazy-read behaviour of what a variable update returns when it leaves the step (an
output of a graph would be a tensor computed at the call)."""
import random

import numpy

random.seed(565)
numpy.random.seed(565)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(565)
rng = np.random.default_rng(565)
XS = rng.normal(size=(160, 4)).astype(np.float32)
YS = (XS[:, :1] - 2.0 * XS[:, 1:2]).astype(np.float32)

MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="tanh"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(0.05)
GSTEP = tf.Variable(0, dtype=tf.int64)
EMA = tf.Variable(0.0)
KCOUNT = keras.Variable(0.0)
HISTORY = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    n = GSTEP.assign_add(1)
    e = EMA.assign(EMA * 0.9 + loss * 0.1)
    k = KCOUNT.assign_add(1.0)
    HISTORY.append((n, e, k))
    return loss, n, e, k


for step in range(30):
    if step == 20:
        GSTEP.assign(100)
    i = (step * 8) % 152
    loss, n, e, k = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), int(n), repr(float(e)), repr(float(k)), type(n).__name__,
          type(k).__name__, isinstance(n, tf.Variable), isinstance(e, tf.Variable))
    if step >= 2:
        pn, pe, pk = HISTORY[-3]
        print("   two calls ago now reads", int(pn), repr(float(pe)), repr(float(pk)))

print(json.dumps({"hist_n": [int(h[0]) for h in HISTORY[::5]], "hist_e": [repr(float(h[1])) for h in HISTORY[::7]],
                  "hist_k": [repr(float(h[2])) for h in HISTORY[::7]],
                  "k": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:6]]}))
