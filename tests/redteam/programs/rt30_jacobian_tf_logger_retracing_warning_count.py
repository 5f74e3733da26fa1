"""A training script that surfaces TensorFlow's own warnings: a logging.Handler on
tf.get_logger() counts WARNING records (and keeps the first 40 characters of each new
kind) so the run summary can report them.  The step computes per-example gradient
norms with tape.jacobian (pfor; eagerly TF wraps pfor in a new tf.function at every
call and, after a few calls, logs its 'triggered tf.function retracing' warning) of a
per-example squared error (tanh MLP), and applies the mean gradient.  At step 12 the
learning rate is halved.  Probes: library warnings logged by eager-only machinery
inside a converted step (the program's handler state and printed counts)."""
import random

import numpy

random.seed(75)
numpy.random.seed(75)

import json
import logging

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(7501)


class Counter(logging.Handler):
    def __init__(self):
        super().__init__(level=logging.WARNING)
        self.n = 0
        self.kinds = []

    def emit(self, record):
        self.n += 1
        head = record.getMessage()[:40]
        if head not in self.kinds:
            self.kinds.append(head)


COUNTER = Counter()
tf.get_logger().addHandler(COUNTER)
rng = np.random.default_rng(7501)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.tanh(XS[:, :1] * 2.0).astype(np.float32)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="tanh"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.1)


def train_step(x, y):
    tv = model.trainable_variables
    with tf.GradientTape() as tape:
        per = tf.square(model(x) - y)[:, 0]
    jac = tape.jacobian(per, tv)
    norms = tf.sqrt(tf.add_n([tf.reduce_sum(tf.square(tf.reshape(j, [8, -1])), axis=1) for j in jac]))
    grads = [tf.reduce_mean(j, axis=0) for j in jac]
    OPT.apply_gradients(zip(grads, tv))
    return tf.reduce_mean(per), tf.reduce_max(norms)


for step in range(30):
    if step == 12:
        OPT.learning_rate = 0.05
    i = (step * 8) % 56
    loss, mx = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(mx)), COUNTER.n)

print(json.dumps({
    "k0": [repr(float(v)) for v in model.layers[0].kernel.numpy().ravel()[:8]],
    "warnings": COUNTER.n, "kinds": COUNTER.kinds,
}))
