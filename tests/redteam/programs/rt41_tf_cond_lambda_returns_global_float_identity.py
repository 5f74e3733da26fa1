"""A step chooses its penalty coefficient with tf.cond on a tensor predicate between
two lambdas over a local `base` (bound from the global float BASE, so a closure
cell) : `lambda: base * 4.0` (a new float) and `lambda: base` (the global's very
object).  It stores the chosen coefficient on a config object and returns it; the
loop prints `coef is BASE`, the stored value's identity and type.  BASE is rebound
to another float object with the same value at step 15 (eager: the old object is no
longer `is BASE`).  Probes: identity of a Python float returned by a tf.cond branch
closure, stored and returned."""
import random

import numpy

random.seed(55)
numpy.random.seed(55)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4147)
rng = np.random.default_rng(4147)
XS = rng.normal(size=(72, 4)).astype(np.float32)
YS = (XS[:, 3:4] * 0.7).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)
BASE = float("0.0125")


class Cfg:
    coef = None


CFG = Cfg()


def train_step(x, y):
    base = BASE
    with tf.GradientTape() as tape:
        mse = tf.reduce_mean(tf.square(x @ W - y))
        coef = tf.cond(mse > 0.25, lambda: base * 4.0, lambda: base)
        loss = mse + coef * tf.reduce_sum(tf.square(W))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    CFG.coef = coef
    return loss, coef


for step in range(32):
    if step == 15:
        BASE = float("0.0125")
    i = (step * 8) % 64
    scale = 2.0 if step % 3 == 0 else 1.0
    loss, coef = train_step(tf.constant(XS[i:i + 8] * scale), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(coef), type(coef).__name__, coef is BASE, CFG.coef is coef)

print("W", [repr(float(v)) for v in W.numpy().ravel()])
