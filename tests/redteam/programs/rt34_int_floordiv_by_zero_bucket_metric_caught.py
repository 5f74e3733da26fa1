"""The step buckets the batch's integer ids by a width computed from the batch itself
(max - min), with tf.math.floordiv on int32 tensors, inside try/except
tf.errors.InvalidArgumentError: when every id of a batch is equal the width is 0 and
TF's integer FloorDiv kernel raises 'Integer division by zero'; the handler records -1
for the metric, and the optimizer update after the try runs either way.  Probes: an
elementwise op that fails on values, next to updates in the same graph."""
import random

import numpy

random.seed(3423)
numpy.random.seed(3423)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3423)
rng = np.random.default_rng(3423)
XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (XS[:, :1] - 0.5 * XS[:, 1:2]).astype(np.float32)
IDS = rng.integers(0, 50, size=(96,)).astype(np.int32)
IDS[40:48] = 7
IDS[80:88] = 3
MODEL = keras.Sequential([keras.layers.Input((5,)), keras.layers.Dense(4, activation="relu"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)
SPREAD = []


def train_step(x, y, ids):
    try:
        width = tf.reduce_max(ids) - tf.reduce_min(ids)
        buckets = tf.math.floordiv(ids - tf.reduce_min(ids), width)
        spread = tf.reduce_sum(buckets)
    except tf.errors.InvalidArgumentError:
        spread = tf.constant(-1)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    SPREAD.append(int(spread))
    return loss


for step in range(36):
    i = (step * 8) % 96
    try:
        loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), tf.constant(IDS[i:i + 8]))
        print(step, float(loss).hex(), SPREAD[-1])
    except tf.errors.InvalidArgumentError as e:
        print(step, "step raised", type(e).__name__)

print("spread", SPREAD.count(-1), len(SPREAD))
for v in MODEL.trainable_variables:
    print(v.path, float(tf.reduce_sum(v)).hex())
