"""An attribute that does not exist yet is created on one arm of an `if` on a tensor
(`S.first_hi = step`) only the first time that arm runs (guarded by `hasattr` before the
branch); after the branch, in the same call, the step reads it with
`getattr(S, "first_hi", -1)` and `hasattr(S, "first_hi")`, which depend on whether the
arm ran in this call or an earlier one.  A second attribute is created on the other arm
on every pass (`S.last_lo = step`) and read back the same way.  The scores make the
first arm run for the first time at call 4 and alternate later.  Probes: attributes
created (not overwritten) on one arm, their absence on the other path read after the
merge."""
import random

import numpy

random.seed(3928)
numpy.random.seed(3928)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3928)
rng = np.random.default_rng(3928)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(0.05)
OFF = [0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 1.0, 1.0, 0.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0,
       0.0, 0.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0, 1.0, 0.0, 0.0, 1.0]


class State:
    pass


S = State()


def train_step(step, x, y, off):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(g, [W]))
    fresh = not hasattr(S, "first_hi")
    if tf.minimum(loss, 0.3) + off > 0.6:
        if fresh:
            S.first_hi = step
    else:
        S.last_lo = step
    a = getattr(S, "first_hi", -1)
    b = getattr(S, "last_lo", -1)
    return loss, a, b, hasattr(S, "first_hi"), hasattr(S, "last_lo")


for step in range(len(OFF)):
    i = (step * 8) % 56
    loss, a, b, ha, hb = train_step(step, tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]),
                                    tf.constant(OFF[step]))
    print(step, repr(float(loss)), a, b, ha, hb, sorted(vars(S).items()))

print("W", W.numpy().ravel().tolist())
print("S", sorted(vars(S).items()))
