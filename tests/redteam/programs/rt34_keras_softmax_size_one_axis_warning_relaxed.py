"""Attention over a variable number K of candidates per batch: keras.ops.softmax(scores,
axis=-1).  Keras warns ('You are using a softmax over axis -1 of a tensor of shape ...
This axis has size 1') when the static size of that axis is 1, so eagerly every batch
with a single candidate warns.  With warnings set to "always" and logging.captureWarnings
on a stdout handler, each warning is a line in order with the step lines.  Once janus
relaxes K to None the static size is unknown.  Probes: library warnings decided on
static shapes that janus relaxes."""
import random

import numpy

random.seed(3425)
numpy.random.seed(3425)

import logging
import sys
import warnings

import keras
import numpy as np
import tensorflow as tf

warnings.simplefilter("always")
logging.captureWarnings(True)
WLOG = logging.getLogger("py.warnings")
WHANDLER = logging.StreamHandler(sys.stdout)
WHANDLER.setFormatter(logging.Formatter("warning: %(message).60s"))
WLOG.addHandler(WHANDLER)
WLOG.propagate = False

keras.utils.set_random_seed(3425)
rng = np.random.default_rng(3425)
KS = [3, 4, 2, 1, 5, 1, 3, 2]
BATCHES = []
for k, n in enumerate(KS * 4):
    cand = rng.normal(size=(6, n, 4)).astype(np.float32)
    q = rng.normal(size=(6, 4)).astype(np.float32)
    y = (cand[:, :, 0].max(axis=1, keepdims=True)).astype(np.float32)
    BATCHES.append((q, cand, y))
WQ = tf.Variable(np.eye(4, dtype=np.float32) * 0.5)
WV = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(q, cand, y):
    with tf.GradientTape() as tape:
        scores = tf.einsum("bd,bkd->bk", q @ WQ, cand)
        attn = keras.ops.softmax(scores, axis=-1)
        pooled = tf.einsum("bk,bkd->bd", attn, cand)
        loss = tf.reduce_mean(tf.square(pooled @ WV - y))
    grads = tape.gradient(loss, [WQ, WV])
    OPT.apply_gradients(zip(grads, [WQ, WV]))
    return loss


for step, (q, cand, y) in enumerate(BATCHES):
    loss = train_step(tf.constant(q), tf.constant(cand), tf.constant(y))
    print(step, cand.shape[1], float(loss).hex())

print("wv", [float(v).hex() for v in WV.numpy().ravel()])
logging.captureWarnings(False)
WLOG.removeHandler(WHANDLER)
del WHANDLER
