"""The step rescales a float32 numpy array argument of per-feature weights with numpy
arithmetic (`w = imp * imp * 1e-30`, which underflows for the small entries) before
using it in the loss.  The loop starts under numpy's default error state (underflow
ignored) and at step 14 switches to `np.seterr(under="raise")`, as when hunting a
numerical problem; from then on numpy raises FloatingPointError at the underflowing
multiplication, which the loop catches and counts.  At step 24 it sets the state
back.  Probes: numpy's floating-point error state changed mid-run around numpy
arithmetic on ndarray arguments in a converted step."""
import random

import numpy

random.seed(53)
numpy.random.seed(53)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4145)
rng = np.random.default_rng(4145)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :1] * 0.7 + XS[:, 2:3] * 0.2).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)
IMPS = [np.array([1.0, 1e-5, 2.0, 0.5], np.float32), np.array([0.25, 1.0, 3e-6, 1.0], np.float32)]


def train_step(x, y, imp):
    w = imp * imp * 1e-30
    with tf.GradientTape() as tape:
        err = tf.square(x @ W - y)
        loss = tf.reduce_mean(err) * (1.0 + float(tf.reduce_sum(tf.constant(w))) * 1e29)
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss


errors = 0
for step in range(34):
    if step == 14:
        np.seterr(under="raise")
    elif step == 24:
        np.seterr(under="ignore")
    i = (step * 8) % 56
    try:
        loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), IMPS[step % 2])
        out = repr(float(loss))
    except FloatingPointError as e:
        errors += 1
        out = "FPE " + str(e)
    print(step, out, errors)

print("W", [repr(float(v)) for v in W.numpy().ravel()])
