"""The step keeps a bool tf.Variable FLAG and a float tf.Variable GATE that it assigns
from the current loss *inside the step*, and then uses them directly as tf.cond
predicates (tf.cond(FLAG, ...), tf.cond(GATE, ...): eager converts the variable to a
tensor at that point, so it sees the value just assigned).  The branches are lambdas
over the step's loss and the caller's argument.  The loop also flips FLAG from outside
every 7 steps.  Probes: variables as tf.cond predicates, read after an in-step
assign."""
import random

import numpy

random.seed(11)
numpy.random.seed(11)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4104)
rng = np.random.default_rng(4104)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (np.sin(XS[:, :1]) + 0.2 * XS[:, 2:3]).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.5)
FLAG = tf.Variable(False)
GATE = tf.Variable(0.0)
OPT = keras.optimizers.SGD(learning_rate=0.08)


def train_step(x, y, thr):
    with tf.GradientTape() as tape:
        base = tf.reduce_mean(tf.square(x @ W - y))
        before = tf.cond(FLAG, lambda: base * 2.0, lambda: base)
        FLAG.assign(base > thr)
        GATE.assign(tf.maximum(base - thr, 0.0))
        after = tf.cond(FLAG, lambda: base * 3.0, lambda: base + 0.0 * tf.reduce_sum(x))
        gated = tf.cond(GATE, lambda: after + GATE, lambda: after - 0.01)
        loss = (before + gated) * 0.5
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss, before, after


for step in range(35):
    if step % 7 == 6:
        FLAG.assign(tf.logical_not(FLAG))
    i = (step * 8) % 56
    thr = 0.3 if step < 20 else 0.15
    loss, before, after = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), thr)
    print(step, repr(float(loss)), repr(float(before)), repr(float(after)), bool(FLAG.numpy()),
          repr(float(GATE.numpy())))

print("W", [repr(float(v)) for v in W.numpy().ravel()])
