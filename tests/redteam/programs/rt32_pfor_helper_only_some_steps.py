"""A helper of the program's computes per-example losses with tf.vectorized_map only when
a Python flag is on (every 4th step for the first 8 steps, every 2nd afterwards) and with
a plain batched expression otherwise; the step then applies SGD.  Probes: a step that
meets pfor on some calls only (janus refuses pfor while building its own graph): the
graph built for the non-pfor calls must not be used for the pfor calls and vice versa,
and eager's pfor numbers (TF's graph rewrites in the pfor tf.function) kept."""
import random

import numpy

random.seed(9)
numpy.random.seed(9)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(909)
rng = np.random.default_rng(909)
XS = rng.normal(size=(128, 4)).astype(np.float32)
YS = (XS[:, :1] > 0).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(learning_rate=0.2)
USED = []


def per_example(x, y, vec):
    if vec:
        return tf.vectorized_map(
            lambda a: tf.nn.sigmoid_cross_entropy_with_logits(
                labels=a[1], logits=tf.reduce_sum(a[0] * tf.squeeze(W, 1), keepdims=True)),
            (x, y))
    return tf.nn.sigmoid_cross_entropy_with_logits(labels=y, logits=x @ W)


def train_step(x, y, vec):
    with tf.GradientTape() as tape:
        pe = per_example(x, y, vec)
        loss = tf.reduce_mean(pe)
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    USED.append(vec)
    return loss


for step in range(30):
    vec = (step % 4 == 0) if step < 8 else (step % 2 == 0)
    i = (step * 8) % 120
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), vec)
    print(step, repr(float(loss)), vec)

print(json.dumps({
    "w": [repr(float(v)) for v in W.numpy().ravel()],
    "opt": [repr(float(np.sum(v.numpy()))) for v in OPT.variables],
    "used": USED,
}))
