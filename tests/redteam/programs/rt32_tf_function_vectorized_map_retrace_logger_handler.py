"""The program's own tf.function computes per-example squared-error gradients norms with
tf.vectorized_map (pfor) and is called from the step; the batch size changes every step
from step 8 (8, 9, 10, ...), so the tf.function retraces and TF's retracing warning goes
through tf.get_logger(), where the program installed a counting logging.Handler.  The
step prints the count each step.  Probes: pfor inside the program's tf.function called
from a converted step, retracing with changing shapes, logger records observed."""
import random

import numpy

random.seed(6)
numpy.random.seed(6)

import json
import logging

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(606)
rng = np.random.default_rng(606)
XS = rng.normal(size=(400, 4)).astype(np.float32)
YS = rng.normal(size=(400, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)
RECORDS = []


class Counter(logging.Handler):
    def emit(self, record):
        RECORDS.append(record.getMessage()[:60])


tf.get_logger().addHandler(Counter())


@tf.function
def per_example_norms(x, y):
    def one(xy):
        xi, yi = xy
        return tf.reduce_sum(tf.square(xi * tf.squeeze(W) - yi))
    return tf.vectorized_map(one, (x, y))


def train_step(x, y):
    with tf.GradientTape() as tape:
        pe = per_example_norms(x, y)
        loss = tf.reduce_mean(pe)
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss, tf.reduce_max(pe)


B = 8
for step in range(30):
    if step >= 8:
        B = 8 + (step - 7)
    i = (step * 11) % 350
    loss, mx = train_step(tf.constant(XS[i:i + B]), tf.constant(YS[i:i + B]))
    print(step, repr(float(loss)), repr(float(mx)), len(RECORDS))

print(json.dumps({
    "w": [repr(float(v)) for v in W.numpy().ravel()],
    "opt": [repr(float(np.sum(v.numpy()))) for v in OPT.variables],
    "records": RECORDS,
}))
