"""Micro-batching with a generator the step makes: `chunks(x, y)` prints when it
yields each chunk and when it is exhausted, the consumer prints per chunk (with the
chunk loss), and a `tf.print` to stdout marks the end of the step.  From step 12 the
chunk size (a global) changes from 4 to 2, so more chunks and more interleaved lines.
janus resumes a step-made generator lazily in the build; its prints must interleave
with the consumer's exactly as in CPython."""
import random

import numpy

random.seed(114)
numpy.random.seed(114)

import json
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4314)
rng = np.random.default_rng(4314)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, 1:2] * -1.5).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
CHUNK = 4


def chunks(x, y):
    for s in range(0, 8, CHUNK):
        print("  yield", s)
        yield x[s:s + CHUNK], y[s:s + CHUNK]
    print("  exhausted")


def train_step(x, y):
    total = 0.0
    for j, (xb, yb) in enumerate(chunks(x, y)):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(xb @ W - yb))
        W.assign_sub(0.05 * tape.gradient(loss, W))
        print("  chunk", j, f"{float(loss):.6f}")
        total += float(loss)
    tf.print("  end", total, output_stream=sys.stdout)
    return total


for step in range(30):
    if step == 12:
        CHUNK = 2
    i = (step * 8) % 88
    total = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(total))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
