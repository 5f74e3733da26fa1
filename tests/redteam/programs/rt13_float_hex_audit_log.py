"""Bit-exact audit log: from step 10 the step records float(loss).hex() and
float(loss).as_integer_ratio().

Reproducibility audits log losses losslessly; `float.hex()` and `as_integer_ratio()`
are C methods of the float the step gets from `float(loss)` -- a Python number the graph
computes, so their result exists only after the graph ran.  Until step 10 AUDIT is
False and the step only keeps `round(float(loss), 6)`; at step 10 the loop sets AUDIT =
True and from then on the step appends `(f.hex(), f.as_integer_ratio())`.  At step 20
the audit also starts recording the learning-rate multiplier's hex (a Python float the
step computes from the loss: `mult = 1.0 / (1.0 + f)`).  Eager's text is exact.  A build
that ran these methods on a stand-in value while building (the profiled float, or a
placeholder) would store the same string at every call.  Probes: methods of immutable
Python numbers that the graph computes (not formatting: hex, as_integer_ratio).
"""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1330)
rng = np.random.default_rng(1330)

XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (XS[:, :1] - XS[:, 1:2] ** 2).astype(np.float32)

model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="tanh"),
                          keras.layers.Dense(1)])
opt = keras.optimizers.SGD(learning_rate=0.05)
AUDIT = False
AUDIT_MULT = False
ROUNDED = []
RECORDS = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    f = float(loss)
    mult = 1.0 / (1.0 + f)
    opt.apply_gradients(zip([g * mult for g in grads], model.trainable_variables))
    ROUNDED.append(round(f, 6))
    if AUDIT:
        if AUDIT_MULT:
            RECORDS.append((f.hex(), f.as_integer_ratio(), mult.hex()))
        else:
            RECORDS.append((f.hex(), f.as_integer_ratio()))
    return loss


for step in range(30):
    if step == 10:
        AUDIT = True
    if step == 20:
        AUDIT_MULT = True
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), RECORDS[-1][0] if RECORDS else "-")

print(json.dumps({
    "records": [list(r) for r in RECORDS],
    "rounded": ROUNDED,
}))
