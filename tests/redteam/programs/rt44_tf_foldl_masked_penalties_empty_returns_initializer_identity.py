"""An outlier-penalised loss report folded with tf.foldl after the update: the per-example residuals above a
margin are selected with tf.boolean_mask, and `tf.foldl(lambda acc, r: acc + 0.1 * r * r,
outliers, initializer=base)` adds a penalty per outlier to the base loss for the
report.  While the
model is poor every batch has outliers; once it fits (from step 3 on) many batches have
none, and eagerly tf.foldl over an empty sequence hands back its initializer, the very
`base` tensor.  The step records `total is base` (no penalty applied) and returns both;
the caller compares them with `is`.  Probes: identity of the initializer through
tf.foldl when a data-dependent element count becomes zero after conversion."""
import random

import numpy

random.seed(44)
numpy.random.seed(44)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4407)
rng = np.random.default_rng(4407)
XS = rng.normal(size=(128, 4)).astype(np.float32)
YS = (XS @ np.array([[0.4], [-0.2], [0.3], [0.1]], np.float32)
      + rng.normal(size=(128, 1)) * 0.12).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.2)


class Stats:
    def __init__(self):
        self.clean = 0
        self.penalized = 0


ST = Stats()


def train_step(x, y):
    with tf.GradientTape() as tape:
        resid = tf.reshape(x @ W - y, [-1])
        base = tf.reduce_mean(tf.square(resid))
    grads = tape.gradient(base, [W])
    OPT.apply_gradients(zip(grads, [W]))
    outliers = tf.boolean_mask(resid, tf.abs(resid) > 0.25)
    total = tf.foldl(lambda acc, r: acc + 0.1 * r * r, outliers, initializer=base)
    if total is base:
        ST.clean += 1
    else:
        ST.penalized += 1
    return total, base, tf.size(outliers)


for step in range(32):
    i = (step * 8) % 120
    total, base, n = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(total)), repr(float(base)), int(n), total is base, ST.clean, ST.penalized)

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()],
                  "stats": [ST.clean, ST.penalized]}))
