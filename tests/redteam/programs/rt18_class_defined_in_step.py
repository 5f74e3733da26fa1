"""Probes: a class statement inside the step (a fresh class object per call).

Some code defines small record classes inside the function that uses them.  A class
statement runs at every call and makes a *new* class each time: records from different
calls have different types, `type(a) is type(b)` is False across calls,
isinstance(old_record, NewCls) is False, and the class attribute each call's class
holds is its own.  The step defines `class Rec` with a class attribute from a guarded
setting (which changes at step 12), makes an instance with the loss, and stores it; the
loop checks types across calls.  A converter that made the class once while building,
or made instances of one class at commit, would keep one type."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1843)
rng = np.random.default_rng(1843)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.2)
OPT = keras.optimizers.SGD(learning_rate=0.04)
CFG = {"unit": "mse"}
HISTORY = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])

    class Rec:
        unit = CFG["unit"]

    r = Rec()
    r.value = float(loss)
    HISTORY.append(r)
    return loss


for step in range(30):
    if step == 12:
        CFG["unit"] = "rmse"
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    cur = HISTORY[-1]
    same_type = len(HISTORY) > 1 and type(cur) is type(HISTORY[-2])
    inst = len(HISTORY) > 1 and isinstance(HISTORY[-2], type(cur))
    print(step, repr(float(loss)), type(cur).unit, repr(cur.value), same_type, inst)

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "distinct_classes": len({id(type(r)) for r in HISTORY}),
    "units": sorted({type(r).unit for r in HISTORY}),
    "qualname": type(HISTORY[-1]).__qualname__,
}))
