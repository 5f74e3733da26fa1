"""Co-execution: the step calls zlib.crc32 (stays in the interpreter), and its model is a
custom Keras layer whose call() uses tf.vectorized_map for a per-example quadratic form,
followed by a Dense layer.  Called eagerly, each vectorized_map call wraps its loop in a
new tf.function, so TF's frequent-retracing warning goes to tf.get_logger() at the 5th
and 6th call; the program's handler counts them and the step prints the count.  The
layer's call is a site (Layer.__call__); from step 8 the batch size changes.  Probes:
pfor inside a co-execution site."""
import random

import numpy

random.seed(16)
numpy.random.seed(16)

import json
import logging
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1616)
rng = np.random.default_rng(1616)
XS = rng.normal(size=(300, 3)).astype(np.float32)
YS = rng.normal(size=(300, 1)).astype(np.float32)
RECORDS = []


class Counter(logging.Handler):
    def emit(self, record):
        RECORDS.append(record.getMessage()[:40])


tf.get_logger().addHandler(Counter())


class Quad(keras.layers.Layer):
    def build(self, shape):
        self.m = self.add_weight(shape=(3, 3), initializer="glorot_uniform")

    def call(self, x):
        return tf.vectorized_map(lambda v: tf.reduce_sum(v * tf.linalg.matvec(self.m, v), keepdims=True), x)


QUAD = Quad()
DENSE = keras.layers.Dense(1)
OPT = keras.optimizers.SGD(learning_rate=0.02)
CRC = []


def train_step(x, y):
    CRC.append(zlib.crc32(np.asarray(x).tobytes()) & 0xFF)
    with tf.GradientTape() as tape:
        q = QUAD(x)
        p = DENSE(tf.concat([q, x], 1))
        loss = tf.reduce_mean(tf.square(p - y))
    vs = QUAD.trainable_variables + DENSE.trainable_variables
    OPT.apply_gradients(zip(tape.gradient(loss, vs), vs))
    return loss


B = 6
for step in range(30):
    if step == 8:
        B = 5
    i = (step * 9) % 280
    loss = train_step(XS[i:i + B], YS[i:i + B])
    print(step, repr(float(loss)), len(RECORDS))

print(json.dumps({
    "w": [[repr(float(x)) for x in v.numpy().ravel()] for v in QUAD.trainable_variables + DENSE.trainable_variables],
    "opt": [repr(float(np.sum(v.numpy()))) for v in OPT.variables],
    "records": RECORDS,
    "crc": CRC,
}))
