"""Probes: a schedule's `values` list holding 0-d numpy views into a master table.

Lists of plain values a library object holds are "guarded by content at every call",
and numpy arrays it holds are compared by content at each lookup.  Here the
PiecewiseConstantDecay's `values` is a plain list whose items are 0-d ndarray views
(TABLE[i, ...]) into one master learning-rate table that the program edits in place:
`TABLE[2] = 0.004` at step 12 and `TABLE[1] = 0.03` plus `TABLE[2] = 0.001` at step 22.
The list, its length and the identity of every item stay the same; only the memory the
views share changes.  Keras converts each value with convert_to_tensor at every eager
call, so eager follows each edit; a content guard that compares list items by identity
(or an array comparison that only looks at arrays held directly) would not."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1819)
rng = np.random.default_rng(1819)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(1)])

TABLE = np.array([0.1, 0.05, 0.02], dtype=np.float32)
VALUES = [TABLE[k, ...] for k in range(3)]
SCHED = keras.optimizers.schedules.PiecewiseConstantDecay([6, 14], VALUES)
OPT = keras.optimizers.SGD(learning_rate=SCHED)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(32):
    if step == 12:
        TABLE[2] = 0.004
    if step == 22:
        TABLE[1] = 0.03
        TABLE[2] = 0.001
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(SCHED(OPT.iterations))))

print(json.dumps({
    "kernel": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()],
    "bias": repr(float(MODEL.layers[0].bias.numpy()[0])),
    "values_are_views": all(v.base is TABLE for v in VALUES),
}))
