"""Gradient accumulation over micro-batches of a batch whose size changes every call
(sizes 12, 9, 16, 5, 7 cycle, so the batch dimension is relaxed): the step loops
`for s in range(0, len(x), MB)` (len(x) of a relaxed dimension, so the trip count is
known only at run time), computes each micro-batch's loss on a tape opened in the loop
body, and accumulates the gradients both in a Python list rebound each iteration
(`acc = [a + g for a, g in zip(acc, grads)]`) and in non-trainable tf.Variables with
`assign_add`.  After the loop it applies the mean of the list's gradients with Adam
and prints the variables' accumulators and the micro-batch count.  At step 15 MB
changes from 4 to 3.  Probes: a Python range loop over a relaxed dimension with a tape
and list comprehensions inside, and variable writes per micro-batch."""
import random

import numpy

random.seed(69)
numpy.random.seed(69)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4030)
rng = np.random.default_rng(4030)
XS = rng.normal(size=(200, 4)).astype(np.float32)
YS = (XS[:, :1] * 0.5 - XS[:, 3:4] * 0.2 + 0.1).astype(np.float32)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(5, activation="tanh"), keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.01)
ACC = [tf.Variable(tf.zeros_like(v), trainable=False) for v in model.trainable_variables]
MB = 4
SIZES = [12, 9, 16, 5, 7]


def train_step(x, y):
    for av in ACC:
        av.assign(tf.zeros_like(av))
    acc = [tf.zeros_like(v) for v in model.trainable_variables]
    count = 0
    total = tf.constant(0.0)
    for s in range(0, len(x), MB):
        with tf.GradientTape() as tape:
            l = tf.reduce_mean(tf.square(model(x[s:s + MB]) - y[s:s + MB]))
        grads = tape.gradient(l, model.trainable_variables)
        acc = [a + g for a, g in zip(acc, grads)]
        for j in range(len(ACC)):
            ACC[j].assign_add(grads[j])
        count += 1
        total += l
    OPT.apply_gradients(zip([a / count for a in acc], model.trainable_variables))
    return total / count, count


pos = 0
for step in range(30):
    if step == 15:
        MB = 3
    n = SIZES[step % 5]
    if pos + n > 200:
        pos = 0
    loss, count = train_step(tf.constant(XS[pos:pos + n]), tf.constant(YS[pos:pos + n]))
    pos += n
    print(step, n, count, repr(float(loss)), [repr(float(tf.reduce_sum(a))) for a in ACC[:2]])

print([repr(float(tf.reduce_sum(v))) for v in model.weights])
