"""A step with an adaptive penalty decided by tf.cond on a tensor predicate; the two
branches are nested `def` functions made in the step that close over its locals
(mse, the argument x) and write Python state: attribute counters on a stats object,
a global holding the code of the last branch, and the last penalty coefficient on
the object; each branch also prints a line (with a tensor value) between the step's
own prints.  After the cond the step reads the attributes the branch wrote.
Probes: Python writes and prints inside tf.cond branch functions (nested closures),
their order relative to the step's prints, and reads of them after the cond."""
import random

import numpy

random.seed(45)
numpy.random.seed(45)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4137)
rng = np.random.default_rng(4137)
XS = rng.normal(size=(80, 5)).astype(np.float32)
YS = (XS[:, :1] * 0.7 + XS[:, 4:5] * 0.2).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)
LAST = 0


class Stats:
    def __init__(self):
        self.n_strong = 0
        self.n_weak = 0
        self.coef = 0.0


ST = Stats()


def train_step(x, y):
    global LAST
    with tf.GradientTape() as tape:
        mse = tf.reduce_mean(tf.square(x @ W - y))
        print("  before cond", float(mse) > 0.0)

        def strong():
            global LAST
            ST.n_strong += 1
            ST.coef = 0.05
            LAST = 2
            print("  strong branch, mse", mse)
            return mse + 0.05 * tf.reduce_sum(tf.square(W)) + 0.0 * tf.reduce_sum(x)

        def weak():
            global LAST
            ST.n_weak += 1
            ST.coef = 0.001
            LAST = 1
            print("  weak branch")
            return mse + 0.001 * tf.reduce_sum(tf.abs(W))

        loss = tf.cond(mse > 0.35, strong, weak)
        print("  after cond", LAST, ST.coef)
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    tot = ST.n_strong + ST.n_weak
    return loss, tot


for step in range(32):
    i = (step * 8) % 72
    scale = 1.0 if step % 4 else 3.0
    loss, tot = train_step(tf.constant(XS[i:i + 8] * scale), tf.constant(YS[i:i + 8] * scale))
    print(step, repr(float(loss)), ST.n_strong, ST.n_weak, tot, LAST, ST.coef)

print("W", [repr(float(v)) for v in W.numpy().ravel()])
