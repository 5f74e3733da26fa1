"""The step receives per-feature importance weights as a float32 numpy array (not a
tensor) and rescales them with Python floats in numpy arithmetic before using them in
the loss: `tiny = imp * 1e-39` (numpy gives float32 subnormals, gradual underflow),
`back = tiny * 1e38 * 10.0` (numpy recovers approximately imp), and the loss weights the
squared error per feature by `back`.  The step also returns `tiny`, which the loop
prints.  numpy float32 arithmetic keeps subnormals; TF's CPU kernels flush them to
zero.  Probes: ndarray-argument arithmetic that underflows gradually."""
import random

import numpy

random.seed(27)
numpy.random.seed(27)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4120)
rng = np.random.default_rng(4120)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 4)) * 0.3).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 4)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)
IMPS = [np.array([1.0, 0.5, 0.25, 2.0], np.float32), np.array([0.75, 1.5, 1.0, 0.1], np.float32)]


def train_step(x, y, imp):
    tiny = imp * 1e-39
    back = tiny * 1e38 * 10.0
    with tf.GradientTape() as tape:
        err = tf.square(x @ W - y)
        loss = tf.reduce_mean(err * back) + 0.01 * tf.reduce_mean(err)
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss, tiny, back


for step in range(32):
    i = (step * 8) % 56
    loss, tiny, back = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), IMPS[step % 2])
    print(step, repr(float(loss)), [repr(float(v)) for v in tiny], [repr(float(v)) for v in back])

print("W", [repr(float(v)) for v in W.numpy().ravel()])
