"""The program's tf.function (a plain batched MSE over a variable) is called from the step;
from step 8 the batch size changes every 4th step to a new value, so the tf.function
retraces once per 4 calls.  TF's frequent-tracing detector counts every call (traced or
not) and warns only when 5 of the last ~10 calls traced: in eager the 3 untraced calls
between traces keep the detector below its threshold.  A handler on tf.get_logger()
counts the records; the step prints the count.  Probes: whether janus's graph calls of
the step still count as calls of the program's tf.function."""
import random

import numpy

random.seed(12)
numpy.random.seed(12)

import json
import logging

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1212)
rng = np.random.default_rng(1212)
XS = rng.normal(size=(600, 4)).astype(np.float32)
YS = rng.normal(size=(600, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)
RECORDS = []


class Counter(logging.Handler):
    def emit(self, record):
        RECORDS.append(record.getMessage()[:50])


tf.get_logger().addHandler(Counter())


@tf.function
def mse(x, y):
    return tf.reduce_mean(tf.square(x @ W - y))


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = mse(x, y)
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss


B = 8
for step in range(40):
    if step >= 8 and step % 4 == 0:
        B = B + 1
    i = (step * 13) % 500
    loss = train_step(tf.constant(XS[i:i + B]), tf.constant(YS[i:i + B]))
    print(step, repr(float(loss)), len(RECORDS))

print(json.dumps({
    "w": [repr(float(v)) for v in W.numpy().ravel()],
    "opt": [repr(float(np.sum(v.numpy()))) for v in OPT.variables],
    "records": RECORDS,
}))
