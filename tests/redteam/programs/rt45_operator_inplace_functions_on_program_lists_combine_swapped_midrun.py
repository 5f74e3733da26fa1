"""Loss-history bookkeeping through the operator module's in-place functions on the
program's lists: `COMBINE(TRACE, [a, b])` where COMBINE is `operator.iadd` (extends
TRACE in place and returns it), `operator.setitem(LAST, 0, a)`, `operator.delitem(TRACE,
slice(0, 2))` once TRACE is long, and `operator.imul(MARKS, 1)` (in place, returns the
same list).  The step returns what COMBINE returned and checks `is TRACE`.  At step 12
the loop rebinds COMBINE to `operator.add` (which makes a new list and leaves TRACE
alone).  Probes: operator-module functions that mutate the caller's lists in place
(or, after the swap, do not), their return values' identity, and the lists read back in
the same call."""
import random

import numpy

random.seed(4531)
numpy.random.seed(4531)

import json
import operator

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4531)
rng = np.random.default_rng(4531)
XS = rng.normal(size=(80, 4)).astype(np.float32)
YS = (XS[:, 3:4] * 0.9 - XS[:, 0:1] * 0.2).astype(np.float32)

MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(5, activation="relu"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)
TRACE = []
LAST = [0.0]
MARKS = [1, 2]
COMBINE = operator.iadd


def train_step(x, y):
    with tf.GradientTape() as tape:
        err = MODEL(x) - y
        a = tf.reduce_mean(tf.square(err))
        b = tf.reduce_mean(tf.abs(err))
        loss = a + 0.1 * b
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    fa = float(a)
    out = COMBINE(TRACE, [fa, float(b)])
    operator.setitem(LAST, 0, fa)
    if len(TRACE) > 6:
        operator.delitem(TRACE, slice(0, 2))
    same = operator.imul(MARKS, 1) is MARKS
    return loss, out is TRACE, len(out), len(TRACE), same


for step in range(24):
    if step == 12:
        COMBINE = operator.add
    i = (step * 8) % 72
    loss, is_trace, n_out, n_trace, same = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), is_trace, n_out, n_trace, same, repr(LAST[0]), repr(TRACE[-1]) if TRACE else None)

print(json.dumps({"trace": [repr(v) for v in TRACE], "marks": MARKS,
                  "w": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()]}))
