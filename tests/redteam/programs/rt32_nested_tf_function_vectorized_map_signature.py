"""Nested tf.functions: the outer (no signature) calls an inner one with input_signature
[TensorSpec([None, 3])] that runs keras.ops.vectorized_map over per-example logistic
losses; the step calls the outer under its tape; SGD applies.  The batch size changes at
step 8 and at 16 (outer retraces, inner does not).  A logger handler counts TF's
warnings.  Probes: pfor nested two tf.functions deep below a converted step."""
import random

import numpy

random.seed(26)
numpy.random.seed(26)

import json
import logging

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2626)
rng = np.random.default_rng(2626)
XS = rng.normal(size=(300, 3)).astype(np.float32)
YS = (XS[:, 0] * XS[:, 1] > 0).astype(np.float32)
W = tf.Variable(rng.normal(size=(3,)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.3)
RECORDS = []


class Counter(logging.Handler):
    def emit(self, record):
        RECORDS.append(record.getMessage()[:40])


tf.get_logger().addHandler(Counter())


@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32), tf.TensorSpec([None], tf.float32)])
def inner(x, y):
    return keras.ops.vectorized_map(
        lambda a: tf.nn.sigmoid_cross_entropy_with_logits(labels=a[1], logits=tf.reduce_sum(a[0] * W)),
        (x, y))


@tf.function
def outer(x, y):
    pe = inner(x, y)
    return tf.reduce_mean(pe), tf.reduce_max(pe)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss, mx = outer(x, y)
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss, mx


B = 8
for step in range(30):
    if step == 8:
        B = 6
    if step == 16:
        B = 10
    i = (step * 9) % 280
    loss, mx = train_step(tf.constant(XS[i:i + B]), tf.constant(YS[i:i + B]))
    print(step, repr(float(loss)), repr(float(mx)), len(RECORDS))

print(json.dumps({
    "w": [repr(float(v)) for v in W.numpy().ravel()],
    "opt": [repr(float(np.sum(v.numpy()))) for v in OPT.variables],
    "records": RECORDS,
}))
