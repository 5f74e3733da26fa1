"""Loss-term gains shared with (imagined) native code as a ctypes array: TERMS =
(ctypes.c_double * 3)(1.0, 0.1, 0.0) holds the weights of the MSE, an L2 term and an L1
term, and SHIFT = ctypes.c_float(0.0) a target shift read as SHIFT.value.  The loop
changes them in place between calls (TERMS[2] = 0.05 at step 8, TERMS[1] = 0.0 at step
16, SHIFT.value = 0.25 at step 22): the ctypes objects themselves are never rebound.
Eager reads the C storage at each call.  A graph that took TERMS[k] or SHIFT.value as
build-time constants of an object whose identity alone is guarded would keep the old
regularisation.  Probes: item and getset reads of ctypes objects mutated in place."""
import ctypes
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1620)
rng = np.random.default_rng(1620)

XS = rng.normal(size=(72, 6)).astype(np.float32)
YS = (XS @ rng.normal(size=(6, 1)).astype(np.float32)).astype(np.float32)
W = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(learning_rate=0.05)

TERMS = (ctypes.c_double * 3)(1.0, 0.1, 0.0)
SHIFT = ctypes.c_float(0.0)


def train_step(x, y):
    with tf.GradientTape() as tape:
        mse = tf.reduce_mean(tf.square(x @ W - (y + SHIFT.value)))
        l2 = tf.reduce_sum(tf.square(W))
        l1 = tf.reduce_sum(tf.abs(W))
        loss = TERMS[0] * mse + TERMS[1] * l2 + TERMS[2] * l1
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    print(f"terms {TERMS[0]} {TERMS[1]} {TERMS[2]} shift {SHIFT.value}")
    return loss


for step in range(30):
    if step == 8:
        TERMS[2] = 0.05
    if step == 16:
        TERMS[1] = 0.0
    if step == 22:
        SHIFT.value = 0.25
    i = (step * 8) % 64
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "terms": list(TERMS),
    "shift": SHIFT.value,
}))
