"""The numbers protocol's data attributes of Python numbers the step computes from the
graph: `float(loss).real` (the float itself: `is` holds), `.imag`, an iteration count's
`.numerator`/`.denominator`, a bool's `.real` (the int it counts as), as CPython
answers them, while the optimizer's iteration count changes every call."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(34)
rng = np.random.default_rng(34)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
OPT = keras.optimizers.SGD(0.05)
LOG = []


def train_step(x):
    k = int(OPT.iterations)
    late = k > 9
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ w))
    OPT.apply_gradients([(tape.gradient(loss, w), w)])
    value = float(loss)
    LOG.append((value.real, value.imag, k.numerator, k.denominator, late.real))
    return loss, value.real is value, type(late.real).__name__, k.real + 1


for i in range(24):
    loss, same, kind, next_k = train_step(tf.constant(rng.normal(size=(4, 3)).astype(np.float32)))
    print(i, repr(float(loss)), same, kind, next_k, LOG[-1])
print(json.dumps([repr(float(v)) for v in w.numpy().ravel()]))
