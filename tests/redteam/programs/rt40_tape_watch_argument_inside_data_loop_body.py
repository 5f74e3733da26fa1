"""The tape is opened before a data-decided `for i in tf.range(n)` loop (n is zero for
some batches) whose body calls `tape.watch(x)` on the caller's input batch before using
a row of it.  After the loop the loss also uses x as a whole, and the step asks
`tape.gradient(loss, [W, x])`.  Eagerly x is watched only if the body ran at least once:
after zero trips its gradient is None (the step records `gx is None`), otherwise it is
the gradient of every op on x recorded after the first watch.  Probes: tape.watch inside
the body of a loop on a tensor."""
import random

import numpy

random.seed(53)
numpy.random.seed(53)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4014)
rng = np.random.default_rng(4014)
XS = rng.normal(size=(80, 3)).astype(np.float32)
YS = (XS[:, :1] * 0.5 + 0.2).astype(np.float32)
YS[16:24] = -1.0
YS[56:64] = -1.0
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        n = tf.reduce_sum(tf.cast(y[:, 0] > 0.3, tf.int32))
        acc = tf.constant(0.0)
        for i in tf.range(n):
            tape.watch(x)
            acc += tf.reduce_sum(x[i] * x[i])
        loss = tf.reduce_mean(tf.square(x @ W - y)) + 0.01 * acc
    gw, gx = tape.gradient(loss, [W, x])
    OPT.apply_gradients([(gw, W)])
    return loss, gx is None, (0.0 if gx is None else tf.reduce_sum(gx * gx))


for step in range(30):
    i = (step * 8) % 80
    loss, none, gsum = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), none, repr(float(gsum)))

print("W", [repr(float(v)) for v in W.numpy().ravel()])
