"""The step iterates `for row in x` over its batch, binding `last` in the body, and reads
`last` after the loop inside try/except UnboundLocalError.  Batch sizes cycle through 3,
5, 4, 6 and, every seventh step, 0 rows: eagerly the loop then runs zero times, `last`
is unbound, the handler runs (status "empty") and `total` stays the Python float 0.0.  A
graph whose batch axis was relaxed turns the loop into a while loop that carries `last`;
with zero iterations it must not hand back an initial value as if the body had bound
it, nor turn `total` into a tensor.  At step 16 the global PENALTY changes.  Probes:
names bound in a loop on a tensor, zero-trip loops, relaxed batch sizes including 0."""
import random

import numpy

random.seed(3729)
numpy.random.seed(3729)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3729)
rng = np.random.default_rng(3729)
XS = rng.normal(size=(80, 4)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 2)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(learning_rate=0.02)
SIZES = [3, 5, 4, 6, 3, 5, 0]
PENALTY = 0.01


def train_step(x):
    with tf.GradientTape() as tape:
        total = 0.0
        for row in x:
            last = tf.tanh(row[None, :] @ W)
            total += tf.reduce_sum(tf.square(last - 0.3))
        try:
            extra = tf.reduce_sum(last) * 0.1
            status = "ok"
        except UnboundLocalError:
            extra = 0.0
            status = "empty"
        loss = total + extra + PENALTY * tf.reduce_sum(tf.square(W))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss, status, type(total).__name__


for step in range(28):
    if step == 16:
        PENALTY = 0.05
    b = SIZES[step % len(SIZES)]
    j = (step * 3) % 70
    loss, status, ttype = train_step(tf.constant(XS[j:j + b]))
    print(step, b, float(loss).hex(), status, ttype)

print("final", [float(v).hex() for v in W.numpy().ravel()], PENALTY)
