"""A step gated by a Python float: `tf.cond(gate, with_aux, without_aux)` where gate
is a plain Python float, once read from a module global the loop changes (1.0, 0.0,
1e-50, 1e-40, -1e-46, 2.0) and once computed in the step from the loss
(`float(loss) * GATE_SCALE`).  Eager tf.cond converts the Python float to a float32
tensor first and takes numpy's truth of THAT: 1e-50 and -1e-46 become 0.0 in float32
(false branch) although they are true as Python floats, while 1e-40 stays a float32
subnormal (true).  Probes: Python-float tf.cond predicates whose float32 conversion
underflows."""
import random

import numpy

random.seed(61)
numpy.random.seed(61)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4153)
rng = np.random.default_rng(4153)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :1] * 0.8 - 0.1).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)
GATES = [1.0, 0.0, 1e-50, 1e-40, -1e-46, 2.0]
GATE = 1.0
GATE_SCALE = 1e-47


def train_step(x, y):
    with tf.GradientTape() as tape:
        mse = tf.reduce_mean(tf.square(x @ W - y))
        aux = 0.05 * tf.reduce_sum(tf.square(W))
        l1 = tf.cond(GATE, lambda: mse + aux, lambda: mse)
        g2 = float(mse) * GATE_SCALE
        loss = tf.cond(g2, lambda: l1 * 1.5, lambda: l1)
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss, l1


for step in range(36):
    GATE = GATES[(step // 3) % len(GATES)]
    GATE_SCALE = 1e-47 if step < 18 else 1e-38
    i = (step * 8) % 56
    loss, l1 = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, GATE, repr(float(loss)), repr(float(l1)))

print("W", [repr(float(v)) for v in W.numpy().ravel()])
