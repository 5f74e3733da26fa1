"""A step whose auxiliary-loss hook is optional: AUX_FN is None for some steps and a
function for others, and the step calls tf.cond(use_aux, main_fn, AUX_FN) inside a
try/except TypeError, counting how often the call was rejected.  Eager tf.cond
validates BOTH branch arguments before calling either (None -> "'false_fn' argument
required", a non-callable -> "'false_fn' must be callable."), also for a Python bool
predicate that would pick the valid branch.  The handler falls back to the main loss.
Probes: tf.cond's argument validation with a Python-bool and a tensor predicate when
the branch not taken is None or not callable."""
import random

import numpy

random.seed(19)
numpy.random.seed(19)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4112)
rng = np.random.default_rng(4112)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :1] - XS[:, 2:3]).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def aux_l1():
    return 0.01 * tf.reduce_sum(tf.abs(W))


AUX_FN = aux_l1


class Stats:
    rejected = 0
    msgs = []


ST = Stats()


def train_step(x, y, flag):
    with tf.GradientTape() as tape:
        mse = tf.reduce_mean(tf.square(x @ W - y))
        try:
            extra = tf.cond(flag, lambda: 0.0 * mse, AUX_FN)
        except TypeError as e:
            ST.rejected += 1
            ST.msgs.append(str(e))
            extra = 0.0 * mse
        try:
            extra2 = tf.cond(mse > 0.4, lambda: mse * 0.1, AUX_FN)
        except TypeError as e:
            ST.rejected += 1
            ST.msgs.append(str(e))
            extra2 = mse * 0.0
        loss = mse + extra + extra2
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss


for step in range(36):
    if step == 12:
        AUX_FN = None
    elif step == 20:
        AUX_FN = aux_l1
    elif step == 26:
        AUX_FN = 0.5
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step % 2 == 0)
    print(step, repr(float(loss)), ST.rejected, ST.msgs[-1] if ST.msgs else "-")

print("W", [repr(float(v)) for v in W.numpy().ravel()])
