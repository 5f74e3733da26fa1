"""Co-execution: the step calls zlib.crc32 (stays in the interpreter) and computes
per-example weights with tf.vectorized_map eagerly (each eager call wraps pfor in a new
tf.function, so TF's retracing warning goes to tf.get_logger() at the 5th and 6th call),
then a Keras model, a Huber loss and Adam run as sites.  A handler counts the records;
from step 8 the batch shrinks.  Probes: eager pfor next to co-execution sites, logger
records' count and text."""
import random

import numpy

random.seed(34)
numpy.random.seed(34)

import json
import logging
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3434)
rng = np.random.default_rng(3434)
XS = rng.normal(size=(300, 4)).astype(np.float32)
YS = rng.normal(size=(300, 1)).astype(np.float32)
RECORDS = []


class Counter(logging.Handler):
    def emit(self, record):
        RECORDS.append(record.getMessage()[:40])


tf.get_logger().addHandler(Counter())
MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="tanh"), keras.layers.Dense(1)])
LOSS = keras.losses.Huber()
OPT = keras.optimizers.Adam(learning_rate=0.01)
CRC = []


def train_step(x, y):
    CRC.append(zlib.crc32(b"s%d" % len(CRC)) % 97)
    w = tf.vectorized_map(lambda r: tf.nn.sigmoid(tf.reduce_sum(r * r)), x)
    with tf.GradientTape() as tape:
        loss = LOSS(y, MODEL(x), sample_weight=w)
    vs = MODEL.trainable_variables
    OPT.apply_gradients(zip(tape.gradient(loss, vs), vs))
    return loss, tf.reduce_sum(w)


B = 8
for step in range(30):
    if step == 8:
        B = 6
    i = (step * 8) % 280
    loss, ws = train_step(tf.constant(XS[i:i + B]), tf.constant(YS[i:i + B]))
    print(step, repr(float(loss)), repr(float(ws)), len(RECORDS))

print(json.dumps({
    "w": [[repr(float(x)) for x in v.numpy().ravel()] for v in MODEL.trainable_variables],
    "opt": [repr(float(np.sum(v.numpy()))) for v in OPT.variables],
    "records": RECORDS,
    "crc": CRC,
}))
