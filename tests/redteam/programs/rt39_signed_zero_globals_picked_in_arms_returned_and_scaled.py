"""Signed zeros held in globals (POS = 0.0, NEG = -0.0) are picked on the two arms of an
`if` on a tensor (`z = POS` / `z = NEG`), returned from the step, stored on a tracker,
and used in Python arithmetic (`1.0 / (z + 0.0)` is not taken; `math.copysign(2.0, z)`
and `z * -1.0`) and in the loss as `loss + z` (which does not change its value).
The loop prints repr/str of the returned zero, `is POS`, `is NEG`, the copysign result
and `math.atan2(z, -1.0)` (pi or -pi).  Both arms run early and later.  Probes: -0.0
and 0.0 from the program's state merged out of the arms of a branch on a tensor."""
import math
import random

import numpy

random.seed(3937)
numpy.random.seed(3937)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3937)
rng = np.random.default_rng(3937)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(0.05)
POS = 0.0
NEG = -0.0
OFF = [0.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0,
       0.0, 0.0, 0.0, 1.0, 1.0, 0.0, 1.0, 0.0, 1.0, 1.0, 0.0, 0.0, 1.0]


class T:
    z = None
    sign = None


def train_step(x, y, off):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(g, [W]))
    if tf.reduce_mean(y) + off > 0.5:
        z = POS
    else:
        z = NEG
    T.z = z
    T.sign = math.copysign(2.0, z)
    return loss + z, z, z * -1.0


for step in range(len(OFF)):
    i = (step * 8) % 56
    loss, z, nz = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]),
                             tf.constant(OFF[step]))
    print(step, repr(float(loss)), repr(z), str(nz), z is POS, z is NEG, T.z is z, repr(T.sign),
          repr(math.atan2(z, -1.0)))

print("W", W.numpy().ravel().tolist())
