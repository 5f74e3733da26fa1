"""Pseudo-label refinement with keras.ops.fori_loop: the number of sharpening passes is
decided from the batch (2 passes while the model is unsure, 0 once the mean confidence
is high), and each pass mixes the soft labels toward the model's prediction.  With zero
passes keras.ops.fori_loop hands back its initial value, the caller's label tensor
itself, and the step counts those batches with `targets is y`; the caller also checks
the returned targets with `is` against the labels it passed.  The first calls always
refine; later ones (once confident) do not.  Probes: identity of a caller tensor through
keras.ops.fori_loop with a data-dependent trip count that becomes zero after conversion."""
import random

import numpy

random.seed(44)
numpy.random.seed(44)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4406)
rng = np.random.default_rng(4406)
XS = rng.normal(size=(128, 6)).astype(np.float32)
CLS = (XS[:, 0] + 0.5 * XS[:, 1] > 0).astype(np.int32)
YS = np.eye(2, dtype=np.float32)[CLS] * 0.8 + 0.1
W = tf.Variable(rng.normal(size=(6, 2)).astype(np.float32) * 0.1)
OPT = keras.optimizers.Adam(learning_rate=0.08)


class Stats:
    def __init__(self):
        self.untouched = 0
        self.refined = 0


ST = Stats()


def train_step(x, y):
    probs = tf.nn.softmax(x @ W)
    conf = tf.reduce_mean(tf.reduce_max(probs, axis=1))
    passes = tf.where(conf < 0.8, 2, 0)
    targets = keras.ops.fori_loop(0, passes, lambda i, t: 0.7 * t + 0.3 * probs, y)
    if targets is y:
        ST.untouched += 1
    else:
        ST.refined += 1
    with tf.GradientTape() as tape:
        logits = x @ W
        loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(targets, logits))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, conf, targets


for step in range(32):
    i = (step * 8) % 120
    yb = tf.constant(YS[i:i + 8])
    loss, conf, targets = train_step(tf.constant(XS[i:i + 8]), yb)
    print(step, repr(float(loss)), repr(float(conf)), targets is yb, ST.untouched, ST.refined)

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()],
                  "stats": [ST.untouched, ST.refined]}))
