"""Hard-example replay ids kept in a Python set that is refilled in place, with the same
members, in another order.

Each step trains on its batch plus a replay of "hard" examples whose ids live in the
global set HARD; the step builds the replay index list by iterating the set
(`idx = [k for k in HARD]`), gathers those rows, and logs the order it used.  At step 12
the miner re-ranks: `HARD.clear(); HARD.update([19, 11, 3, 5])` -- the same four ids, so
`HARD == old` and `len(HARD)` is unchanged, but the ids collide in the set's 8-slot table
and the new insertion order changes CPython's iteration order from [11, 19, 3, 5] to
[11, 3, 19, 5].  The gathered replay rows come in another order, which changes the
float32 reduction order of the replay loss (low bits of every later step) and the
printed order.  At step 22 the set is refilled again in its first order.  A graph that
guarded the set by membership/equality and unrolled the iteration while building would
keep the first order.  Probes: a mutable builtin set from the heap iterated in a step,
guarded by content but not by order.
"""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1308)
rng = np.random.default_rng(1308)

XS = rng.normal(size=(96, 5)).astype(np.float32) * 3.0
YS = (np.abs(XS[:, :1]) * 1.3 + XS[:, 1:2] ** 2).astype(np.float32)
XS_T = tf.constant(XS)
YS_T = tf.constant(YS)

HARD = set([3, 11, 19, 5])

model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(16, activation="relu"),
                          keras.layers.Dense(1)])
opt = keras.optimizers.Adam(learning_rate=0.01)
ORDERS = []


def train_step(x, y):
    idx = [k for k in HARD]
    xr = tf.gather(XS_T, idx)
    yr = tf.gather(YS_T, idx)
    with tf.GradientTape() as tape:
        main = tf.reduce_mean(tf.square(model(x, training=True) - y))
        err = tf.square(model(xr, training=True) - yr)
        replay = tf.reduce_sum(err * tf.constant([[1.0], [1.0e-3], [1.0e3], [0.5]]))
        loss = main + 0.01 * replay
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    ORDERS.append(idx)
    return main, replay


for step in range(30):
    if step == 12:
        HARD.clear()
        HARD.update([19, 11, 3, 5])
    if step == 22:
        HARD.clear()
        HARD.update([3, 11, 19, 5])
    i = (step * 8) % 88
    main, replay = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(main)), repr(float(replay)), ORDERS[-1])

print(json.dumps({
    "orders": ORDERS,
    "kernel": [repr(float(v)) for v in model.layers[-1].kernel.numpy().ravel()[:8]],
}))
