"""A weighted-regression step over batches of varying size (5 sizes cycling, so the batch
dimension gets relaxed).  After the optimizer update it computes a weighted residual
report `tf.reduce_sum(resid * sw)` with the per-example sample weights `sw` the loader
passes.  At steps 19 and 27 the loader hands weights one row longer than the batch (an
off-by-one in a padding path): eagerly the elementwise Mul raises InvalidArgumentError
"Incompatible shapes" after the update landed, and the step catches it, counts it, and
reports with uniform weights.  Probes: an elementwise op that can fail only on dynamic
shapes, after the updates, caught by the step; updates must land exactly once."""
import random

import numpy

random.seed(44)
numpy.random.seed(44)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4403)
rng = np.random.default_rng(4403)
XS = rng.normal(size=(160, 4)).astype(np.float32)
YS = (XS @ np.array([[0.5], [-0.3], [0.2], [0.1]], np.float32) + 0.05).astype(np.float32)
SWS = rng.uniform(0.5, 1.5, size=(160,)).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
B = tf.Variable(np.zeros((1,), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05, momentum=0.5)


class Tracker:
    def __init__(self):
        self.bad = 0
        self.reports = []


TR = Tracker()


def train_step(x, y, sw):
    with tf.GradientTape() as tape:
        pred = x @ W + B
        resid = pred[:, 0] - y[:, 0]
        loss = tf.reduce_mean(tf.square(resid))
    grads = tape.gradient(loss, [W, B])
    OPT.apply_gradients(zip(grads, [W, B]))
    try:
        report = tf.reduce_sum(tf.abs(resid) * sw) / tf.reduce_sum(sw)
    except tf.errors.InvalidArgumentError:
        TR.bad += 1
        report = tf.reduce_mean(tf.abs(resid))
    TR.reports.append(report)
    return loss, report


SIZES = [8, 6, 7, 5, 4]
for step in range(34):
    n = SIZES[step % 5]
    i = (step * 9) % 140
    extra = 1 if step in (19, 27) else 0
    sw = tf.constant(SWS[i:i + n + extra])
    try:
        loss, report = train_step(tf.constant(XS[i:i + n]), tf.constant(YS[i:i + n]), sw)
        print(step, n, repr(float(loss)), repr(float(report)), TR.bad, len(TR.reports),
              int(OPT.iterations.numpy()))
    except Exception as e:  # noqa: BLE001
        print(step, n, "escaped", type(e).__name__, TR.bad, int(OPT.iterations.numpy()))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "B": [repr(float(v)) for v in B.numpy().ravel()],
}))
