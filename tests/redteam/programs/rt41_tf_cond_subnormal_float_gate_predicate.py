"""A gated-auxiliary-loss step: each batch comes with a float32 gate scalar (read from
a gate table the data pipeline produced; some gates are 0.0, some ordinary, and some
underflowed to subnormal values such as 1e-41).  The step calls
tf.cond(gate, lambda: mse + aux, lambda: mse) directly on the float gate.  Eager
tf.cond takes numpy's truth of the predicate's value: any non-zero float, a subnormal
included, picks the true branch, whereas TF's kernels (a cast to bool, a comparison)
treat subnormals as zero.  The gate is not produced by arithmetic (it is a slice of
the input), so eager holds the exact subnormal.  Probes: float tf.cond predicates and
denormal-flushing kernels."""
import random

import numpy

random.seed(23)
numpy.random.seed(23)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4116)
rng = np.random.default_rng(4116)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :1] * 0.5 + XS[:, 3:4] * 0.2).astype(np.float32)
GATES = np.array([0.0, 1e-41, 0.75, 3e-44, 0.0, 2.0, 1e-39, 0.0], dtype=np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y, gates, k):
    gate = gates[k]
    with tf.GradientTape() as tape:
        mse = tf.reduce_mean(tf.square(x @ W - y))
        aux = 0.05 * tf.reduce_sum(tf.square(W))
        loss = tf.cond(gate, lambda: mse + aux, lambda: mse)
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss, aux


for step in range(40):
    i = (step * 8) % 56
    loss, aux = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), tf.constant(GATES),
                           tf.constant(step % 8))
    print(step, repr(float(GATES[step % 8])), repr(float(loss)), repr(float(aux)))

print("W", [repr(float(v)) for v in W.numpy().ravel()])
