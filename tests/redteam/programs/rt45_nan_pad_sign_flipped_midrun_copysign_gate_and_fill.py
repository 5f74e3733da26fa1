"""Masked regression whose padding value is a NaN global PAD.  The step fills masked
positions with PAD (tf.where), drops them again with tf.math.is_nan, and also reads
the sign of PAD with math.copysign to choose a loss weight (a negative-signed NaN marks
"mirror padding" in this toy convention); it returns the weight and stores
math.copysign(2.0, PAD).  At step 11 the loop flips the NaN's sign (`PAD = -PAD`):
the new float is still NaN, prints as "nan", and compares unequal to everything, but
its sign bit differs.  Probes: guards on a Python float global that is NaN: equality
cannot tell the two values apart; only the bits can."""
import random

import numpy

random.seed(4507)
numpy.random.seed(4507)

import json
import math

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4507)
rng = np.random.default_rng(4507)
XS = rng.normal(size=(84, 4)).astype(np.float32)
YS = (XS @ np.array([[0.5], [-0.2], [0.1], [0.3]], np.float32)).astype(np.float32)
MASKS = rng.random(size=(84, 1)) > 0.25

W = tf.Variable(np.zeros((4, 1), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.1)
PAD = float("nan")
SIGNS = []


def train_step(x, y, mask):
    weight = 1.5 if math.copysign(1.0, PAD) < 0 else 1.0
    with tf.GradientTape() as tape:
        pred = tf.matmul(x, W)
        target = tf.where(mask, y, PAD)
        keep = tf.logical_not(tf.math.is_nan(target))
        err = tf.where(keep, pred - tf.where(keep, target, 0.0), 0.0)
        loss = weight * tf.reduce_sum(tf.square(err)) / tf.maximum(
            tf.reduce_sum(tf.cast(keep, tf.float32)), 1.0)
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    SIGNS.append(math.copysign(2.0, PAD))
    return loss, weight


for step in range(24):
    if step == 11:
        PAD = -PAD
    i = (step * 7) % 77
    loss, weight = train_step(tf.constant(XS[i:i + 7]), tf.constant(YS[i:i + 7]),
                              tf.constant(MASKS[i:i + 7]))
    print(step, repr(float(loss)), repr(weight), repr(SIGNS[-1]), repr(PAD))

print(json.dumps({"w": [repr(float(v)) for v in W.numpy().ravel()],
                  "signs": [repr(s) for s in SIGNS]}))
