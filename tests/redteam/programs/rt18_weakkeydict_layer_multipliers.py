"""Probes: per-layer learning-rate multipliers kept in a WeakKeyDictionary.

Layer-wise learning rates are often kept in a weakref.WeakKeyDictionary keyed by the
layers, so dropped layers do not leak.  WeakKeyDictionary.get and __len__ are
standard-library Python over a dict of weak references (`self.data.get(ref(key))`).
The step scales each gradient by MULT.get(v, 1.0) and an extra term by len(MULT).  The
loop changes L2's multiplier at step 10 (an item write into the inner dict), and at
step 18 drops its last reference to a probe layer that was also a key: its entry
disappears through the weak reference's callback, which changes len(MULT).  The
contract handles WeakValueDictionary deaths and guards dict items; the inner dict of
a WeakKeyDictionary is keyed by weakref objects, not by the layers."""
import json
import weakref

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1844)
rng = np.random.default_rng(1844)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (np.tanh(XS) @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
L1 = keras.layers.Dense(6, activation="tanh")
L1.build((None, 5))
L2 = keras.layers.Dense(1)
L2.build((None, 6))
PROBE = keras.layers.Dense(2)

MULT = weakref.WeakKeyDictionary()
MULT[L1] = 0.5
MULT[L2] = 1.0
MULT[PROBE] = 2.0


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(L2(L1(x)) - y))
    grads = tape.gradient(loss, L1.trainable_variables + L2.trainable_variables)
    n = len(MULT)
    m1 = MULT.get(L1, 1.0)
    m2 = MULT.get(L2, 1.0) * (n / 3.0)
    for g, v in zip(grads[:2], L1.trainable_variables):
        v.assign_sub(0.05 * m1 * g)
    for g, v in zip(grads[2:], L2.trainable_variables):
        v.assign_sub(0.05 * m2 * g)
    return loss, n


for step in range(30):
    if step == 10:
        MULT[L2] = 0.25
    if step == 18:
        del PROBE
    i = (step * 8) % 56
    loss, n = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), "entries", n)

print(json.dumps({
    "L2": [repr(float(v)) for v in L2.kernel.numpy().ravel()],
    "L1": [repr(float(v)) for v in L1.kernel.numpy().ravel()[:6]],
    "entries": len(MULT),
    "mult_l2": MULT.get(L2),
}))
