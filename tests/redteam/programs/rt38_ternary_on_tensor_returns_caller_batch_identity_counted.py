"""Augmentation selection: the caller passes the original batch tensor and an augmented
copy it made; the step trains on both, then returns the harder one with a conditional
expression on a tensor (`x_aug if loss_aug > loss_orig else x`).  The caller counts how
often the augmented batch was chosen by identity (`chosen is x_aug`, `chosen is x`) and
keeps the chosen tensors in a dict keyed by .ref() to count distinct ones.  Eagerly the
returned object is always one of the two tensors the caller passed.  Probes: the identity
of a caller's tensor returned through a conditional expression on a tensor."""
import random

import numpy

random.seed(424)
numpy.random.seed(424)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3844)
rng = np.random.default_rng(3844)
XS = rng.normal(size=(48, 3)).astype(np.float32)
YS = (np.tanh(XS @ np.array([[1.0], [0.5], [-1.0]], np.float32))).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)
NOISE = rng.normal(size=(48, 3)).astype(np.float32) * 0.7


def train_step(x, x_aug, y):
    with tf.GradientTape() as tape:
        loss_orig = tf.reduce_mean(tf.square(tf.tanh(x @ W) - y))
        loss_aug = tf.reduce_mean(tf.square(tf.tanh(x_aug @ W) - y))
        loss = 0.5 * (loss_orig + loss_aug)
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    chosen = x_aug if loss_aug > loss_orig else x
    return loss, chosen


COUNTS = {"aug": 0, "orig": 0, "neither": 0}
SEEN = {}
for step in range(30):
    i = (step * 8) % 48
    x = tf.constant(XS[i:i + 8])
    x_aug = tf.constant(XS[i:i + 8] + NOISE[i:i + 8])
    loss, chosen = train_step(x, x_aug, tf.constant(YS[i:i + 8]))
    kind = "aug" if chosen is x_aug else ("orig" if chosen is x else "neither")
    COUNTS[kind] += 1
    SEEN[chosen.ref()] = step
    print(step, repr(float(loss)), kind, repr(float(tf.reduce_sum(chosen))))

print(json.dumps({"W": W.numpy().ravel().tolist(), "counts": COUNTS, "distinct": len(SEEN)}))
