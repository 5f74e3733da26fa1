"""Gradient steps on micro-batches inside one function: `for i in tf.range(n)` with n
decided by the batch (1 + count of positive targets // 2), each iteration opens a tape
on the rows [2i, 2i+2) of a small Keras Dense model, and calls Keras Adam's
`apply_gradients` inside the loop body, so the optimizer's iteration counter, its
bias correction and its slots advance once per micro-batch.  After the loop the
function returns the mean loss; the outer loop prints it, the optimizer's iterations
and a slot sum.  Probes: a Keras optimizer update inside the body of a loop on a tensor
(its Python runs once while building, its variables change per iteration)."""
import random

import numpy

random.seed(49)
numpy.random.seed(49)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4010)
rng = np.random.default_rng(4010)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, :1] * 0.5 - XS[:, 2:3] * 0.25).astype(np.float32)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3, activation="tanh"), keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.01)
OPT.build(model.trainable_variables)


def micro_steps(x, y):
    n = 1 + tf.reduce_sum(tf.cast(y[:, 0] > 0.0, tf.int32)) // 2
    tot = tf.constant(0.0)
    for i in tf.range(n):
        xb = x[2 * i:2 * i + 2]
        yb = y[2 * i:2 * i + 2]
        with tf.GradientTape() as tape:
            l = tf.reduce_mean(tf.square(model(xb) - yb))
        g = tape.gradient(l, model.trainable_variables)
        OPT.apply_gradients(zip(g, model.trainable_variables))
        tot += l
    return tot / tf.cast(n, tf.float32), n


for step in range(30):
    i = (step * 8) % 96
    l, n = micro_steps(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, int(n), repr(float(l)), int(OPT.iterations.numpy()),
          repr(float(sum(tf.reduce_sum(v) for v in OPT.variables[1:]))))

print("W", [repr(float(tf.reduce_sum(v))) for v in model.trainable_variables])
