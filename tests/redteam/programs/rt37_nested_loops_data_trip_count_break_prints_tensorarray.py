"""Two nested loops: a Python `for k in range(HEADS)` (HEADS a global, 2 then 3 from step
12) around `for t in tf.range(n)` where n is read from the data (the largest label of
the batch, 3 to 7), with a data-dependent `break` when the running state's norm passes
LIMIT, a Python int counter of iterations carried through the inner loop, a TensorArray
written at a Python-int index, and a print in the inner body showing k, the counter and
a float of the state.  Weights are used once per iteration.  A graph must replay the
prints per iteration, in order, and carry the counter as a Python int.  Probes: nested
loops, data-decided trip counts, breaks, prints and TensorArrays in loop bodies."""
import random

import numpy

random.seed(3710)
numpy.random.seed(3710)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3710)
rng = np.random.default_rng(3710)
XS = rng.normal(size=(64, 3)).astype(np.float32)
NS = rng.integers(3, 8, size=(64,)).astype(np.int32)
W = tf.Variable(rng.normal(size=(3, 3)).astype(np.float32) * 0.6)
U = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.6)
OPT = keras.optimizers.SGD(learning_rate=0.02)
HEADS = 2
LIMIT = 2.5


def train_step(x, ns):
    with tf.GradientTape() as tape:
        n = tf.reduce_max(ns)
        total = tf.constant(0.0)
        for k in range(HEADS):
            h = x * (1.0 + 0.5 * k)
            ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
            count = 0
            for t in tf.range(n):
                h = tf.tanh(h + 0.3 * tf.cast(t, tf.float32)) * 1.1
                ta = ta.write(count, tf.reduce_sum(h @ U))
                count += 1
                print("   k", k, "count", count, "norm", float(tf.norm(h)))
                if tf.norm(h) > LIMIT:
                    break
            total = total + tf.reduce_sum(ta.stack()) / float(count)
        loss = tf.square(total - 1.0) + 0.01 * tf.reduce_sum(tf.square(W))
    grads = tape.gradient(loss, [U, W])
    OPT.apply_gradients(zip(grads, [U, W]))
    return loss, count


for step in range(24):
    if step == 12:
        HEADS = 3
    j = (step * 4) % 60
    loss, count = train_step(tf.constant(XS[j:j + 4] @ np.eye(3, dtype=np.float32)),
                             tf.constant(NS[j:j + 4]))
    print(step, HEADS, float(loss).hex(), count)

print("final", [float(v).hex() for v in U.numpy().ravel()], HEADS)
