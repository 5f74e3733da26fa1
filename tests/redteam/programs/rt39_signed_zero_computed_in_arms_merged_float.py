"""The arms of an `if` on a tensor compute a Python float that is a signed zero from
the carried loss: `z = -0.0 * lf` on one arm (-0.0) and `z = 0.0 * lf` on the other
(0.0), plus a nonzero companion `w = -lf` / `w = lf`.  After the branch the step uses
`math.copysign(1.0, z)` and `z == 0.0`, stores z and returns it; the loop prints repr(z)
and the copysign.  Both arms run early and later.  Probes: computed (not kept) signed
zeros merged out of the arms of a branch on a tensor."""
import math
import random

import numpy

random.seed(3940)
numpy.random.seed(3940)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3940)
rng = np.random.default_rng(3940)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(0.05)
OFF = [0.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0,
       0.0, 0.0, 0.0, 1.0, 1.0, 0.0, 1.0, 0.0, 1.0, 1.0, 0.0, 0.0, 1.0]


class T:
    z = None


def train_step(x, y, off):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(g, [W]))
    lf = float(loss)
    if tf.reduce_mean(y) + off > 0.5:
        z = -0.0 * lf
        w = -lf
    else:
        z = 0.0 * lf
        w = lf
    sign = math.copysign(1.0, z)
    T.z = z
    return loss, z, w, sign, z == 0.0


for step in range(len(OFF)):
    i = (step * 8) % 56
    loss, z, w, sign, eq = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]),
                                      tf.constant(OFF[step]))
    print(step, repr(float(loss)), repr(z), repr(w), sign, eq, repr(T.z))

print("W", W.numpy().ravel().tolist())
