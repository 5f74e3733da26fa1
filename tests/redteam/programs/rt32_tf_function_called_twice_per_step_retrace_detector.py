"""The program's tf.function (a per-feature scaled MSE) is called twice per step: once on
the training batch (fixed shape) and once on a probe batch whose size changes every 3rd
step from step 8, so one of every 6 calls traces.  TF's frequent-tracing detector (5
traces within the last 10 calls) stays silent in eager; janus's graph calls of the step
might not count as calls.  A handler on tf.get_logger() counts records; the step prints
the count.  Probes: the retracing detector's call history with two calls per step."""
import random

import numpy

random.seed(27)
numpy.random.seed(27)

import json
import logging

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2727)
rng = np.random.default_rng(2727)
XS = rng.normal(size=(600, 4)).astype(np.float32)
YS = rng.normal(size=(600, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.Adam(learning_rate=0.02)
RECORDS = []


class Counter(logging.Handler):
    def emit(self, record):
        RECORDS.append(record.getMessage()[:50])


tf.get_logger().addHandler(Counter())


@tf.function
def mse(x, y):
    return tf.reduce_mean(tf.square(x @ W - y))


def train_step(x, y, px, py):
    with tf.GradientTape() as tape:
        loss = mse(x, y)
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss, mse(px, py)


P = 5
for step in range(40):
    if step >= 8 and step % 3 == 0:
        P += 1
    i = (step * 8) % 500
    loss, pl = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]),
                          tf.constant(XS[i + 8:i + 8 + P]), tf.constant(YS[i + 8:i + 8 + P]))
    print(step, repr(float(loss)), repr(float(pl)), len(RECORDS))

print(json.dumps({
    "w": [repr(float(v)) for v in W.numpy().ravel()],
    "opt": [repr(float(np.sum(v.numpy()))) for v in OPT.variables],
    "records": RECORDS,
}))
