"""A raw-TF linear regressor whose step returns, and appends to a history list, the
object `W.assign_sub(...)` gives back.  Eagerly that is not a tensor but an
`_UnreadVariable`: a variable-like view of W that reads W's value when it is used,
so the loop's later reads of it (after more updates, and after the loop's own
`W.assign_add`) show W's value at that time, and `type(...).__name__` is
`_UnreadVariable`.  The loop prints the type name, the sum of the returned object
right away, then again after its own assignment, and the sum of the object stored two
steps ago.  Mid-run: `LR` changes at steps 10 and 22, the loop's own nudge `NUDGE`
changes at step 16, and at step 28 the step switches (Python flag) to
`assign_sub(..., read_value=False)`, which returns None eagerly.
Probes: the identity and type of what a variable write returns, escaping the converted
call and read later."""
import random

import numpy

random.seed(5732)
numpy.random.seed(5732)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5732)
rng = np.random.default_rng(5732)
XS = rng.normal(size=(180, 3)).astype(np.float32)
YS = (XS @ np.array([[1.5], [-0.5], [0.25]], np.float32)).astype(np.float32)

W = tf.Variable(np.zeros((3, 1), np.float32), name="w")
LR = 0.1
NUDGE = 0.0
READ_VALUE = True
HISTORY = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(x, W) - y))
    g = tape.gradient(loss, W)
    if READ_VALUE:
        res = W.assign_sub(LR * g)
    else:
        res = W.assign_sub(LR * g, read_value=False)
    HISTORY.append(res)
    return loss, res


def total(v):
    return "None" if v is None else repr(float(tf.reduce_sum(v)))


for step in range(34):
    if step == 10:
        LR = 0.03
    if step == 16:
        NUDGE = 0.01
    if step == 22:
        LR = 0.2
    if step == 28:
        READ_VALUE = False
    i = (step * 9) % 171
    loss, res = train_step(tf.constant(XS[i:i + 9]), tf.constant(YS[i:i + 9]))
    now = total(res)
    W.assign_add(tf.fill((3, 1), NUDGE))
    later = total(res)
    old = total(HISTORY[-3]) if len(HISTORY) >= 3 else "-"
    print(step, repr(float(loss)), type(res).__name__, res is HISTORY[-1], now, later, old)

print(json.dumps({"w": [repr(float(v)) for v in W.numpy().ravel()],
                  "hist": len(HISTORY), "none": sum(h is None for h in HISTORY)}))
