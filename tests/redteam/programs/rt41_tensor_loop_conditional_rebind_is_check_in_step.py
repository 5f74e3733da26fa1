"""Variant of a refining loop: the step carries the caller's batch `h = x` through a
`for i in tf.range(n)` loop whose body rebinds it only under a tensor condition, then
asks `h is x` INSIDE the step (not storing or returning h) and uses the answer as a
Python bool: it counts "untouched" batches in an attribute and adds a penalty only
when the batch was refined.  Eagerly `h is x` is True when no iteration rebound h
(n == 0 or every condition false).  Probes: `is` against a caller's tensor after a
tensor loop whose body rebinds conditionally."""
import random

import numpy

random.seed(14)
numpy.random.seed(14)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4107)
rng = np.random.default_rng(4107)
XS = (rng.normal(size=(80, 4)) * np.linspace(0.5, 3.0, 80)[:, None]).astype(np.float32)
YS = XS[:, :1] * 0.5 - XS[:, 3:4] * 0.25
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.02)


class Counts:
    untouched = 0
    refined = 0


C = Counts()


def train_step(x, y, n, cap):
    h = x
    for i in tf.range(n):
        if tf.reduce_max(tf.abs(h)) > cap:
            h = h * 0.5
    same = h is x
    if same:
        C.untouched += 1
    else:
        C.refined += 1
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(h @ W - y))
        if not same:
            loss = loss + 0.001 * tf.reduce_sum(tf.square(W))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    print("  in-step", same, C.untouched, C.refined)
    return loss


for step in range(36):
    i = (step * 8) % 72
    x = tf.constant(XS[i:i + 8])
    n = tf.constant(step % 4)
    cap = 2.5 if step % 3 else 100.0
    loss = train_step(x, tf.constant(YS[i:i + 8]), n, cap)
    print(step, repr(float(loss)), C.untouched, C.refined)

print("W", [repr(float(v)) for v in W.numpy().ravel()])
