"""Temperature annealing: the step calls the program's tf.function
softmax_ce(logits, y, temp) with temp a Python float; from step 8 the schedule lowers temp
every 3rd step (0.9, 0.8, ...), so the tf.function retraces (a new Python value is a new
signature) once per 3 calls.  TF's frequent-tracing detector (5 traces within the last 10
calls) stays silent in eager.  A tf.get_logger() handler counts records, printed each
step.  Probes: retracing-detector call history when janus runs the untraced calls as its
graph."""
import random

import numpy

random.seed(32)
numpy.random.seed(32)

import json
import logging

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3232)
rng = np.random.default_rng(3232)
XS = rng.normal(size=(400, 5)).astype(np.float32)
YS = rng.integers(0, 3, size=(400,)).astype(np.int32)
W = tf.Variable(rng.normal(size=(5, 3)).astype(np.float32) * 0.3)
OPT = keras.optimizers.Adam(learning_rate=0.02)
RECORDS = []


class Counter(logging.Handler):
    def emit(self, record):
        RECORDS.append(record.getMessage()[:50])


tf.get_logger().addHandler(Counter())


@tf.function
def softmax_ce(logits, y, temp):
    return tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=logits / temp))


TEMP = 1.0


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = softmax_ce(x @ W, y, TEMP)
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss


for step in range(40):
    if step >= 8 and step % 3 == 2:
        TEMP = round(TEMP - 0.05, 2)
    i = (step * 8) % 390
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), TEMP, len(RECORDS))

print(json.dumps({
    "w": [repr(float(v)) for v in W.numpy().ravel()],
    "opt": [repr(float(np.sum(v.numpy()))) for v in OPT.variables],
    "records": RECORDS,
}))
