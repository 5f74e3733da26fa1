"""Co-execution: the step calls zlib.crc32 (stays in the interpreter); its custom Keras
layer's call() calls a module-level tf.function of the program's.  From step 8 the batch
size changes every 4th step, so that tf.function retraces once per 4 calls: TF's
frequent-tracing detector (5 traces within ~10 calls) stays silent in eager.  The layer
call is a co-execution site; if its graph calls bypass the tf.function's call counting,
the detector sees only the tracing calls and warns.  A handler on tf.get_logger()
counts records; the step prints the count.  Probes: the retracing detector's history
under co-execution sites."""
import random

import numpy

random.seed(30)
numpy.random.seed(30)

import json
import logging
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3030)
rng = np.random.default_rng(3030)
XS = rng.normal(size=(600, 4)).astype(np.float32)
YS = rng.normal(size=(600, 1)).astype(np.float32)
RECORDS = []


class Counter(logging.Handler):
    def emit(self, record):
        RECORDS.append(record.getMessage()[:50])


tf.get_logger().addHandler(Counter())


@tf.function
def affine(x, w, b):
    return tf.tanh(x @ w + b)


class Aff(keras.layers.Layer):
    def build(self, shape):
        self.w = self.add_weight(shape=(4, 1), initializer="glorot_uniform")
        self.b = self.add_weight(shape=(1,), initializer="zeros")

    def call(self, x):
        return affine(x, self.w, self.b)


LAYER = Aff()
OPT = keras.optimizers.SGD(learning_rate=0.05)
CRC = []


def train_step(x, y):
    CRC.append(zlib.crc32(b"%d" % len(CRC)) & 0xFF)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(LAYER(x) - y))
    vs = LAYER.trainable_variables
    OPT.apply_gradients(zip(tape.gradient(loss, vs), vs))
    return loss


B = 8
for step in range(40):
    if step >= 8 and step % 4 == 0:
        B += 1
    i = (step * 13) % 500
    loss = train_step(tf.constant(XS[i:i + B]), tf.constant(YS[i:i + B]))
    print(step, repr(float(loss)), len(RECORDS))

print(json.dumps({
    "w": [[repr(float(x)) for x in v.numpy().ravel()] for v in LAYER.trainable_variables],
    "opt": [repr(float(np.sum(v.numpy()))) for v in OPT.variables],
    "records": RECORDS,
    "crc": CRC,
}))
