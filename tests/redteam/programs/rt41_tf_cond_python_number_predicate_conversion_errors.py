"""A step whose tf.cond predicate is a Python number taken from a config attribute
the loop changes: an ordinary 1.0, a sentinel 1e300 ("effectively infinite"), a
large int 2**70 (a bit mask), and 3.  Eager tf.cond converts the predicate to a
tensor before anything else: 1e300 and -1e39 raise ValueError (out of range for
float32 without a dtype) and 2**70 raises ValueError (out-of-range integer), which
the step catches, counting the failure and falling back to the plain loss.  Python
truth would call the true branch for all of them.  Probes: tf.cond's conversion of
Python-number predicates, including the errors it raises."""
import random

import numpy

random.seed(62)
numpy.random.seed(62)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4154)
rng = np.random.default_rng(4154)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, 1:2] * 0.5 + XS[:, 2:3] * 0.5).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)
CHOICES = [1.0, 1e300, 2 ** 70, 3, -1e39, 0]


class Cfg:
    gate = 1.0


CFG = Cfg()


class Stats:
    errors = 0


ST = Stats()


def train_step(x, y):
    with tf.GradientTape() as tape:
        mse = tf.reduce_mean(tf.square(x @ W - y))
        try:
            loss = tf.cond(CFG.gate, lambda: mse + 0.05 * tf.reduce_sum(tf.square(W)), lambda: mse)
        except ValueError:
            ST.errors += 1
            loss = mse
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss


for step in range(36):
    CFG.gate = CHOICES[(step // 3) % len(CHOICES)]
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, CFG.gate, repr(float(loss)), ST.errors)

print("W", [repr(float(v)) for v in W.numpy().ravel()])
